/* generate.c - the synthetic-trace generator: options, the weighted choice among the
 * mix's patterns, read/write and arrival cycles, and filling caller-owned batches.
 * Where each pattern puts a request is in patterns.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/alloc.h"
#include "gen_internal.h"

/* Arrivals stay below the engine's bound (see src/engine/engine.c). */
#define MAX_CYCLE (UINT64_C(1) << 62)
/* Regions stay below 2^63, so offset arithmetic in patterns.c cannot overflow. */
#define MAX_REGION_END (UINT64_C(1) << 63)

static const char *const pattern_names[HAMM_GEN_PATTERN_COUNT] = {
    [HAMM_GEN_STREAM] = "stream",
    [HAMM_GEN_RANDOM] = "random",
    [HAMM_GEN_STRIDE] = "stride",
    [HAMM_GEN_HOT_ROWS] = "hot-rows",
    [HAMM_GEN_BANK_CONFLICT] = "bank-conflict",
};

const char *hamm_gen_pattern_name(hamm_gen_pattern p)
{
    return (unsigned)p < HAMM_GEN_PATTERN_COUNT ? pattern_names[p] : "unknown";
}

hamm_status hamm_gen_pattern_from_name(const char *name, hamm_gen_pattern *out,
                                       hamm_error *err)
{
    for (int p = 0; p < HAMM_GEN_PATTERN_COUNT; p++)
        if (strcmp(name, pattern_names[p]) == 0) {
            *out = (hamm_gen_pattern)p;
            return HAMM_OK;
        }
    return hamm_error_field(err, HAMM_ERR_ARG, "--pattern",
                            "unknown pattern '%s' (stream, random, stride, hot-rows, "
                            "bank-conflict)", name);
}

void hamm_gen_options_init(hamm_gen_options *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->requests = 1000;
    o->ncomponents = 1;
    o->mix[0].pattern = HAMM_GEN_STREAM;
    o->mix[0].weight = 1.0;
    o->request_size = HAMM_DEFAULT_REQUEST_SIZE;
    o->footprint = UINT64_C(256) << 20;
    o->streams = 1;
    o->stride = 4096;
    o->hot_rows = 4;
    o->conflict_rows = 2;
}

static hamm_status bad(hamm_error *err, const char *opt, const char *what)
{
    return hamm_error_field(err, HAMM_ERR_ARG, opt, "%s", what);
}

/* The checks every pattern shares: sizes, the region, fractions, the rate. */
static hamm_status check_common(const hamm_gen_options *o, hamm_error *err)
{
    if (o->ncomponents < 1 || o->ncomponents > HAMM_GEN_MAX_MIX)
        return bad(err, "--mix", "needs 1 to 8 patterns");
    for (size_t i = 0; i < o->ncomponents; i++)
        if ((unsigned)o->mix[i].pattern >= HAMM_GEN_PATTERN_COUNT ||
            !(o->mix[i].weight > 0.0 && isfinite(o->mix[i].weight)))
            return bad(err, "--mix", "every pattern needs a known name and a positive weight");
    if (o->request_size < 1 || o->request_size > HAMM_MAX_REQUEST_SIZE)
        return bad(err, "--request-size", "needs 1 to 16777215 bytes");
    if (o->base % o->request_size != 0)
        return bad(err, "--base", "needs a multiple of the request size");
    if (o->footprint < o->request_size || o->footprint % o->request_size != 0)
        return bad(err, "--footprint", "needs a positive multiple of the request size");
    if (o->base >= MAX_REGION_END || o->footprint > MAX_REGION_END - o->base)
        return bad(err, "--footprint", "base + footprint must stay below 2^63");
    if (!(o->write_fraction >= 0.0 && o->write_fraction <= 1.0))
        return bad(err, "--write-fraction", "needs a fraction from 0 to 1");
    if (!(o->rate >= 0.0 && isfinite(o->rate)))
        return bad(err, "--rate", "needs a positive number of requests per cycle");
    if (o->rate > 0.0 && o->requests > 0 &&
        !((double)(o->requests - 1) / o->rate < (double)MAX_CYCLE))
        return bad(err, "--rate", "the last request would arrive after cycle 2^62");
    return HAMM_OK;
}

/* Cumulative weights as thresholds on a 53-bit draw; the last is exactly 2^53 so some
 * component is always chosen. */
static void set_thresholds(hamm_gen *g)
{
    double total = 0.0, sum = 0.0;
    for (size_t i = 0; i < g->o.ncomponents; i++)
        total += g->o.mix[i].weight;
    for (size_t i = 0; i < g->o.ncomponents; i++) {
        sum += g->o.mix[i].weight;
        g->comp[i].pattern = g->o.mix[i].pattern;
        g->comp[i].below = (uint64_t)(sum / total * (double)GEN_ONE53);
    }
    g->comp[g->o.ncomponents - 1].below = GEN_ONE53;
    g->write_below = (uint64_t)(g->o.write_fraction * (double)GEN_ONE53);
}

hamm_status hamm_gen_new(hamm_gen **out, const hamm_gen_options *o, const hamm_addrmap *map,
                         hamm_error *err)
{
    *out = NULL;
    hamm_status st = check_common(o, err);
    if (st != HAMM_OK)
        return st;
    hamm_gen *g = hamm_calloc_array(1, sizeof *g);
    if (!g)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "no memory for a trace generator");
    g->o = *o;
    g->map = map;
    g->blocks = o->footprint / o->request_size;
    set_thresholds(g);
    st = gen_patterns_prepare(g, err);
    if (st != HAMM_OK) {
        free(g);
        return st;
    }
    gen_rng_seed(&g->rng, o->seed);
    *out = g;
    return HAMM_OK;
}

/* One request.  Draw order, fixed (docs/GENERATE.md): the pattern, then read or write,
 * then the pattern's own draws; the first two are drawn even when they cannot matter,
 * so changing the mix weights or the write fraction keeps the other draws in step. */
static void make_one(hamm_gen *g, hamm_request *r)
{
    uint64_t pick = gen_rng_u53(&g->rng);
    struct gen_component *c = g->comp;
    while (pick >= c->below)
        c++;
    int write = gen_rng_u53(&g->rng) < g->write_below;
    memset(r, 0, sizeof *r);
    r->addr = gen_pattern_next(g, c);
    r->size = g->o.request_size;
    r->op = write ? HAMM_OP_WRITE : HAMM_OP_READ;
    if (g->o.rate > 0.0) {
        r->cycle = (uint64_t)floor((double)g->done / g->o.rate);
        r->flags = HAMM_REQ_HAS_CYCLE;
    }
    g->done++;
}

size_t hamm_gen_fill(hamm_gen *g, hamm_request *reqs, size_t cap)
{
    uint64_t left = g->o.requests - g->done;
    size_t n = left < cap ? (size_t)left : cap;
    for (size_t i = 0; i < n; i++)
        make_one(g, &reqs[i]);
    return n;
}

void hamm_gen_free(hamm_gen *g)
{
    free(g);
}
