/* patterns.c - where the n-th request of each pattern goes (docs/GENERATE.md gives the
 * same definitions in prose).  Streams, strides and conflicts are functions of n alone;
 * random and hot-rows draw from the generator's random numbers. */
#include "gen_internal.h"

static hamm_status bad(hamm_error *err, const char *opt, const char *what)
{
    return hamm_error_field(err, HAMM_ERR_ARG, opt, "%s", what);
}

/* Hot row j: channels first, then banks, then rows, counting from where base decodes,
 * so K hot rows spread over as many channels and banks as they can. */
static void hot_row(const hamm_gen *g, uint64_t j, hamm_dram_coord *c)
{
    const hamm_geometry *geo = &g->geo;
    uint64_t per_row = (uint64_t)geo->channels * geo->banks;
    c->channel = (uint32_t)((g->origin.channel + j) % geo->channels);
    c->bank = (uint32_t)((g->origin.bank + j / geo->channels) % geo->banks);
    c->row = (uint32_t)((g->origin.row + j / per_row) % geo->rows);
}

/* Row k of a bank conflict: base's channel and bank, k rows after base's row. */
static void conflict_row(const hamm_gen *g, uint64_t k, hamm_dram_coord *c)
{
    c->channel = g->origin.channel;
    c->bank = g->origin.bank;
    c->row = (uint32_t)((g->origin.row + k) % g->geo.rows);
}

/* The address of request slot `slot` of a row.  The coordinates are inside the
 * geometry, and every row was encoded once by check_rows, so this cannot fail. */
static uint64_t row_address(const hamm_gen *g, hamm_dram_coord c, uint64_t slot)
{
    uint64_t addr = 0;
    c.column = (uint32_t)(slot * g->column_step);
    if (hamm_addrmap_encode(g->map, &c, &addr, NULL) != HAMM_OK)
        return 0;
    return addr;
}

/* Every row the patterns can reach must have an address (only a map whose channel
 * division overflows 64 bits fails); checked once here so the hot path cannot fail. */
static hamm_status check_rows(const hamm_gen *g, int hot, int conflict, hamm_error *err)
{
    hamm_dram_coord c = {0};
    uint64_t addr;
    uint64_t last = (uint64_t)(g->slots - 1) * g->column_step;
    for (uint64_t j = 0; hot && j < g->o.hot_rows; j++) {
        hot_row(g, j, &c);
        c.column = (uint32_t)last;
        if (hamm_addrmap_encode(g->map, &c, &addr, err) != HAMM_OK)
            return HAMM_ERR_ARG;
    }
    for (uint64_t k = 0; conflict && k < g->o.conflict_rows; k++) {
        conflict_row(g, k, &c);
        c.column = (uint32_t)last;
        if (hamm_addrmap_encode(g->map, &c, &addr, err) != HAMM_OK)
            return HAMM_ERR_ARG;
    }
    return HAMM_OK;
}

static hamm_status prepare_rows(hamm_gen *g, int hot, int conflict, hamm_error *err)
{
    if (!g->map)
        return bad(err, "--model", "hot-rows and bank-conflict need an address map");
    g->geo = *hamm_addrmap_geometry(g->map);
    hamm_addrmap_decode(g->map, g->o.base, &g->origin);
    uint64_t row_bytes = (uint64_t)g->geo.columns * g->geo.column_bytes;
    uint64_t step = ((uint64_t)g->o.request_size + g->geo.column_bytes - 1) / g->geo.column_bytes;
    if (g->o.request_size > row_bytes)
        return hamm_error_field(err, HAMM_ERR_ARG, "--request-size",
                                "%u bytes do not fit in one %llu-byte row of the model",
                                (unsigned)g->o.request_size, (unsigned long long)row_bytes);
    g->column_step = (uint32_t)step;
    g->slots = (uint32_t)(g->geo.columns / step);
    uint64_t all = (uint64_t)g->geo.channels * g->geo.banks * g->geo.rows;
    if (hot && (g->o.hot_rows < 1 || g->o.hot_rows > all))
        return hamm_error_field(err, HAMM_ERR_ARG, "--hot-rows",
                                "needs 1 to %llu rows (the model's), not %u",
                                (unsigned long long)all, (unsigned)g->o.hot_rows);
    if (conflict && (g->o.conflict_rows < 2 || g->o.conflict_rows > g->geo.rows))
        return hamm_error_field(err, HAMM_ERR_ARG, "--conflict-rows",
                                "needs 2 to %u rows (a bank's), not %u", (unsigned)g->geo.rows,
                                (unsigned)g->o.conflict_rows);
    return check_rows(g, hot, conflict, err);
}

hamm_status gen_patterns_prepare(hamm_gen *g, hamm_error *err)
{
    int hot = 0, conflict = 0, stride = 0;
    for (size_t i = 0; i < g->o.ncomponents; i++) {
        hamm_gen_pattern p = g->comp[i].pattern;
        hot |= p == HAMM_GEN_HOT_ROWS;
        conflict |= p == HAMM_GEN_BANK_CONFLICT;
        stride |= p == HAMM_GEN_STRIDE;
    }
    if (g->o.streams < 1 || g->o.streams > g->blocks)
        return hamm_error_field(err, HAMM_ERR_ARG, "--streams",
                                "needs 1 to %llu streams (one block each at least), not %u",
                                (unsigned long long)g->blocks, (unsigned)g->o.streams);
    g->stream_blocks = g->blocks / g->o.streams;
    if (stride && (g->o.stride == 0 || g->o.stride % g->o.request_size != 0))
        return hamm_error_field(err, HAMM_ERR_ARG, "--stride",
                                "needs a positive multiple of the request size (%u), not %llu",
                                (unsigned)g->o.request_size, (unsigned long long)g->o.stride);
    if (hot || conflict)
        return prepare_rows(g, hot, conflict, err);
    return HAMM_OK;
}

uint64_t gen_pattern_next(hamm_gen *g, struct gen_component *c)
{
    const hamm_gen_options *o = &g->o;
    uint64_t n = c->issued++, block = 0, off;
    hamm_dram_coord row = {0};
    switch (c->pattern) {
    case HAMM_GEN_STREAM: /* stream n mod K takes its (n / K)-th block, wrapping in its part */
        block = (n % o->streams) * g->stream_blocks + (n / o->streams) % g->stream_blocks;
        return o->base + block * o->request_size;
    case HAMM_GEN_RANDOM:
        return o->base + gen_rng_below(&g->rng, g->blocks) * o->request_size;
    case HAMM_GEN_STRIDE: /* off = n * stride mod footprint, kept without overflow */
        off = c->stride_off;
        c->stride_off = (off + o->stride % o->footprint) % o->footprint;
        return o->base + off;
    case HAMM_GEN_HOT_ROWS:
        hot_row(g, gen_rng_below(&g->rng, o->hot_rows), &row);
        return row_address(g, row, gen_rng_below(&g->rng, g->slots));
    case HAMM_GEN_BANK_CONFLICT: /* rows in turn; each row's columns in order */
        conflict_row(g, n % o->conflict_rows, &row);
        return row_address(g, row, (n / o->conflict_rows) % g->slots);
    case HAMM_GEN_PATTERN_COUNT:
        break;
    }
    return o->base;
}
