/* conflicts.c - a trace's accesses grouped into parallel accesses (one per warp
 * instruction, or windows of k), each group's conflict degree under a scheme, and their
 * distribution.  A group's distinct (module, line) pairs are found with a fixed hash
 * table cleared by a generation stamp, so each access costs O(1) and memory is fixed. */
#include <stdlib.h>
#include <string.h>

#include "banked_conflicts.h"
#include "common/alloc.h"

#define HASH_BITS 13 /* 8192 slots: twice HAMM_BANKED_MAX_GROUP, so probes stay short */
#define HASH_SIZE (1u << HASH_BITS)

static hamm_status banked_counter_init(banked_counter *k, uint32_t modules)
{
    memset(k, 0, sizeof *k);
    k->line = hamm_calloc_array(HASH_SIZE, sizeof *k->line);
    k->mod = hamm_calloc_array(HASH_SIZE, sizeof *k->mod);
    k->stamp = hamm_calloc_array(HASH_SIZE, sizeof *k->stamp);
    k->mcount = hamm_calloc_array(modules, sizeof *k->mcount);
    k->mstamp = hamm_calloc_array(modules, sizeof *k->mstamp);
    k->modules = modules;
    if (!k->line || !k->mod || !k->stamp || !k->mcount || !k->mstamp)
        return HAMM_ERR_NOMEM;
    return HAMM_OK;
}

static void banked_counter_free(banked_counter *k)
{
    free(k->line);
    free(k->mod);
    free(k->stamp);
    free(k->mcount);
    free(k->mstamp);
}

void banked_counter_begin(banked_counter *k)
{
    k->size = k->degree = 0;
    if (++k->gen == 0) { /* the stamps wrapped: forget them all once */
        memset(k->stamp, 0, HASH_SIZE * sizeof *k->stamp);
        memset(k->mstamp, 0, k->modules * sizeof *k->mstamp);
        k->gen = 1;
    }
}

void banked_counter_add(banked_counter *k, hamm_banked_place p)
{
    uint64_t h = (p.line * 0x9E3779B97F4A7C15ull) ^ ((uint64_t)p.module * 0xC2B2AE3D27D4EB4Full);
    uint32_t i = (uint32_t)(h >> (64 - HASH_BITS));
    k->size++;
    for (;; i = (i + 1) & (HASH_SIZE - 1)) {
        if (k->stamp[i] != k->gen)
            break;
        if (k->line[i] == p.line && k->mod[i] == p.module)
            return; /* this line is already delivered in this group */
    }
    k->stamp[i] = k->gen;
    k->line[i] = p.line;
    k->mod[i] = p.module;
    uint32_t c = k->mstamp[p.module] == k->gen ? k->mcount[p.module] + 1 : 1;
    k->mstamp[p.module] = k->gen;
    k->mcount[p.module] = c;
    if (c > k->degree)
        k->degree = c;
}

hamm_status hamm_conflicts_new(hamm_conflicts **out, const hamm_banked_scheme *s,
                               const hamm_conflicts_options *o, hamm_error *err)
{
    *out = NULL;
    hamm_conflicts *c = calloc(1, sizeof *c);
    if (c) {
        c->scheme = *s;
        c->opt = *o;
        if (c->opt.word_bytes == 0)
            c->opt.word_bytes = 4;
        c->hist = hamm_calloc_array(HAMM_BANKED_MAX_GROUP + 1, sizeof *c->hist);
    }
    if (!c || !c->hist || banked_counter_init(&c->stream, s->modules) != HAMM_OK ||
        banked_counter_init(&c->probe, s->modules) != HAMM_OK) {
        hamm_conflicts_free(c);
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    }
    c->window = c->opt.group ? c->opt.group : s->lanes;
    if (c->window > HAMM_BANKED_MAX_GROUP)
        c->window = HAMM_BANKED_MAX_GROUP;
    c->open = 0;
    *out = c;
    return HAMM_OK;
}

/* The open group ends: count its degree and its cycles. */
static void close_group(hamm_conflicts *c)
{
    banked_counter *k = &c->stream;
    if (!c->open)
        return;
    uint64_t ideal = (k->size + c->scheme.lanes - 1) / c->scheme.lanes;
    c->stats.groups++;
    c->stats.conflict_free_cycles += ideal;
    c->stats.cycles += k->degree > ideal ? k->degree : ideal;
    c->hist[k->degree]++;
    if (k->degree > c->stats.max_degree)
        c->stats.max_degree = k->degree;
    if (c->open_warp)
        c->stats.warp_groups++;
    else
        c->stats.window_groups++;
    c->open = 0;
}

/* Whether r starts a new group: a warp instruction ends where core, warp or cycle
 * changes; a window where it is full; any group at HAMM_BANKED_MAX_GROUP. */
static int starts_group(const hamm_conflicts *c, const hamm_request *r, int warp)
{
    if (!c->open || warp != c->open_warp)
        return 1;
    if (!warp)
        return c->stream.size >= c->window;
    uint64_t cycle = (r->flags & HAMM_REQ_HAS_CYCLE) ? r->cycle : 0;
    return r->core != c->key_core || r->warp != c->key_warp || cycle != c->key_cycle ||
           c->stream.size >= HAMM_BANKED_MAX_GROUP;
}

void hamm_conflicts_add(hamm_conflicts *c, const hamm_request *reqs, size_t n)
{
    uint32_t wb = c->opt.word_bytes;
    int by_warp = c->opt.group == 0;
    for (size_t i = 0; i < n; i++) {
        const hamm_request *r = &reqs[i];
        int warp = by_warp && (r->flags & HAMM_REQ_HAS_WARP);
        if (starts_group(c, r, warp)) {
            close_group(c);
            banked_counter_begin(&c->stream);
            c->open = 1;
            c->open_warp = warp;
            c->key_core = r->core;
            c->key_warp = r->warp;
            c->key_cycle = (r->flags & HAMM_REQ_HAS_CYCLE) ? r->cycle : 0;
        }
        banked_counter_add(&c->stream, hamm_banked_locate(&c->scheme, r->addr / wb));
        c->stats.accesses++;
    }
}

const hamm_conflict_stats *hamm_conflicts_result(hamm_conflicts *c)
{
    close_group(c);
    c->stats.degree_groups = c->hist;
    return &c->stats;
}

const hamm_banked_scheme *hamm_conflicts_scheme(const hamm_conflicts *c)
{
    return &c->scheme;
}

const hamm_conflicts_options *hamm_conflicts_options_of(const hamm_conflicts *c)
{
    return &c->opt;
}

uint32_t hamm_conflicts_window(const hamm_conflicts *c)
{
    return c->window;
}

void hamm_conflicts_free(hamm_conflicts *c)
{
    if (!c)
        return;
    banked_counter_free(&c->stream);
    banked_counter_free(&c->probe);
    free(c->hist);
    free(c);
}
