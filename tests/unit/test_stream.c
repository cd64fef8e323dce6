/* test_stream.c - the per-channel stream stage (hamm/stream.h) on the baseline map,
 * against coordinates worked out by hand from its map string, and the model's, the
 * engine's and the statistics' batch entry points against their raw-request ones. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hamm/config.h"
#include "hamm/dram_model.h"
#include "hamm/engine.h"
#include "hamm/stats.h"
#include "hamm/stream.h"

#define BASELINE HAMM_SOURCE_ROOT "/models/system/yuan09-baseline.json"

/* The baseline map "dramid@8;...000000RR.RRRRRRRR.RRBBCCCC.CCCSSSSS" with 8 channels:
 *   channel = address bits 8-10;
 *   x       = the address with those bits taken out: (a >> 11) << 8 | (a & 0xFF);
 *   column  = x bits 0-11 (S and C) in 8-byte columns (2 chips x 32 bits): bits 3-11;
 *   bank    = x bits 12-13;  row = x bits 14-25.
 * Worked out for each address below. */
typedef struct expect {
    uint64_t addr;
    uint32_t channel, bank, row, column;
} expect;

static const expect cases[] = {
    {0x0, 0, 0, 0, 0},
    {0x140, 1, 0, 0, 8},         /* bits 8-10 = 1; x = 0x40: column 0x40 / 8 */
    {0x8000, 0, 1, 0, 0},        /* x = 16 << 8 = 0x1000: bank 1 (banks change every 32 KB) */
    {0x720, 7, 0, 0, 4},         /* bits 8-10 = 7; x = 0x20 */
    {0x8A60, 2, 1, 0, 44},       /* bits 8-10 = 2; x = 0x11 << 8 | 0x60 = 0x1160 */
    {0x20000, 0, 0, 1, 0},       /* x = 64 << 8 = 0x4000: row 1 */
    {0x1234567, 5, 2, 0x91, 268}, /* bits 8-10 = 5; x = 0x2468 << 8 | 0x67 = 0x246867 */
    {0x148, 1, 0, 0, 9},         /* x = 0x48 */
};
#define NCASES (sizeof cases / sizeof cases[0])

typedef struct fixture {
    hamm_system_config cfg;
    hamm_addrmap *map;
    hamm_channel_batch *batch;
    hamm_request reqs[NCASES];
} fixture;

static int setup(void **state)
{
    static fixture f;
    hamm_error err;
    hamm_error_clear(&err);
    memset(&f, 0, sizeof f);
    if (hamm_config_load(&f.cfg, BASELINE, NULL, 0, &err) != HAMM_OK ||
        hamm_config_addrmap(&f.cfg, &f.map, &err) != HAMM_OK ||
        hamm_channel_batch_new(&f.batch, f.map, &err) != HAMM_OK)
        return -1;
    for (size_t i = 0; i < NCASES; i++) {
        f.reqs[i].addr = cases[i].addr;
        f.reqs[i].size = 32 + 32 * (uint32_t)(i % 2);
        f.reqs[i].op = i % 3 == 1 ? HAMM_OP_WRITE : HAMM_OP_READ;
        f.reqs[i].cycle = 10 * i;
        f.reqs[i].flags = i % 4 == 3 ? 0 : HAMM_REQ_HAS_CYCLE;
    }
    *state = &f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    hamm_channel_batch_free(f->batch);
    hamm_addrmap_free(f->map);
    return 0;
}

static void check_request(const hamm_mapped_request *r, size_t i, const hamm_request *in)
{
    assert_int_equal(r->channel, cases[i].channel);
    assert_int_equal(r->bank, cases[i].bank);
    assert_int_equal(r->row, cases[i].row);
    assert_int_equal(r->column, cases[i].column);
    assert_int_equal(r->size, in->size);
    assert_int_equal(r->write, in->op == HAMM_OP_WRITE);
    assert_int_equal(r->timed, (in->flags & HAMM_REQ_HAS_CYCLE) != 0);
    assert_int_equal(r->arrival, r->timed ? in->cycle : 0);
}

static void decodes_in_trace_order(void **state)
{
    fixture *f = *state;
    hamm_channel_batch_fill(f->batch, f->reqs, NCASES);
    assert_int_equal(hamm_channel_batch_size(f->batch), NCASES);
    assert_int_equal(hamm_channel_batch_channels(f->batch), 8);
    const hamm_mapped_request *r = hamm_channel_batch_requests(f->batch);
    for (size_t i = 0; i < NCASES; i++)
        check_request(&r[i], i, &f->reqs[i]);
}

/* By hand from the table above: channel 0 holds cases 0, 2, 5; channel 1 cases 1, 7;
 * channel 2 case 4; channel 5 case 6; channel 7 case 3; channels 3, 4, 6 nothing. */
static void groups_by_channel_stably(void **state)
{
    fixture *f = *state;
    static const int want[8][4] = {{0, 2, 5, -1}, {1, 7, -1}, {4, -1}, {-1},
                                   {-1},          {6, -1},    {-1},    {3, -1}};
    hamm_channel_batch_fill(f->batch, f->reqs, NCASES);
    size_t total = 0;
    for (uint32_t c = 0; c < 8; c++) {
        size_t n;
        const hamm_mapped_request *r = hamm_channel_batch_channel(f->batch, c, &n);
        size_t k = 0;
        while (want[c][k] >= 0)
            k++;
        assert_int_equal(n, k);
        for (size_t j = 0; j < n; j++)
            check_request(&r[j], (size_t)want[c][j], &f->reqs[want[c][j]]);
        total += n;
    }
    assert_int_equal(total, NCASES);
    size_t n = 99;
    hamm_channel_batch_channel(f->batch, 8, &n); /* out of range: empty */
    assert_int_equal(n, 0);
}

/* A fill replaces what the batch held. */
static void refill_replaces(void **state)
{
    fixture *f = *state;
    hamm_channel_batch_fill(f->batch, f->reqs, NCASES);
    hamm_channel_batch_fill(f->batch, &f->reqs[3], 1); /* channel 7 only */
    assert_int_equal(hamm_channel_batch_size(f->batch), 1);
    for (uint32_t c = 0; c < 8; c++) {
        size_t n;
        const hamm_mapped_request *r = hamm_channel_batch_channel(f->batch, c, &n);
        assert_int_equal(n, c == 7);
        if (n)
            check_request(r, 3, &f->reqs[3]);
    }
    hamm_channel_batch_fill(f->batch, f->reqs, 0);
    assert_int_equal(hamm_channel_batch_size(f->batch), 0);
}

/* A copy holds what the original holds, in both orders. */
static void copy_holds_the_same(void **state)
{
    fixture *f = *state;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_channel_batch *b;
    assert_int_equal(hamm_channel_batch_new(&b, f->map, &err), HAMM_OK);
    hamm_channel_batch_fill(f->batch, f->reqs, NCASES);
    hamm_channel_batch_copy(b, f->batch);
    hamm_channel_batch_fill(f->batch, f->reqs, 2); /* the original moves on */
    assert_int_equal(hamm_channel_batch_size(b), NCASES);
    for (size_t i = 0; i < NCASES; i++)
        check_request(&hamm_channel_batch_requests(b)[i], i, &f->reqs[i]);
    size_t n;
    const hamm_mapped_request *r = hamm_channel_batch_channel(b, 0, &n);
    assert_int_equal(n, 3);
    check_request(&r[2], 5, &f->reqs[5]);
    hamm_channel_batch_free(b);
}

/* The statistics and the model give the same results from a batch as from the requests. */
static void consumers_agree(void **state)
{
    fixture *f = *state;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_stats *a, *b;
    assert_int_equal(hamm_stats_new(&a, f->map, &err), HAMM_OK);
    assert_int_equal(hamm_stats_new(&b, f->map, &err), HAMM_OK);
    hamm_model_params p;
    assert_int_equal(hamm_model_params_from_config(&f->cfg, &p, &err), HAMM_OK);
    hamm_dram_model *ma, *mb, *mc;
    assert_int_equal(hamm_dram_model_new(&ma, &p, f->map, HAMM_HEUR_ALL, &err), HAMM_OK);
    assert_int_equal(hamm_dram_model_new(&mb, &p, f->map, HAMM_HEUR_ALL, &err), HAMM_OK);
    p.threads = 2; /* the worker takes a copy of the batch */
    assert_int_equal(hamm_dram_model_new(&mc, &p, f->map, HAMM_HEUR_ALL, &err), HAMM_OK);
    hamm_stats_add(a, f->reqs, NCASES);
    hamm_dram_model_add(ma, f->reqs, NCASES);
    hamm_channel_batch_fill(f->batch, f->reqs, NCASES);
    hamm_stats_add_batch(b, f->batch);
    hamm_dram_model_add_batch(mb, f->batch);
    hamm_dram_model_add_batch(mc, f->batch);
    hamm_channel_batch_fill(f->batch, f->reqs, 1); /* refilled while the worker runs */
    const hamm_trace_stats *ta = hamm_stats_result(a), *tb = hamm_stats_result(b);
    assert_int_equal(ta->requests, NCASES);
    assert_int_equal(ta->channels_touched, 5);
    assert_int_equal(ta->activates, tb->activates);
    assert_int_equal(ta->distinct_rows, tb->distinct_rows);
    assert_int_equal(ta->writes, tb->writes);
    assert_int_equal(ta->timed, tb->timed);
    assert_int_equal(ta->last_cycle, tb->last_cycle);
    hamm_dram_model_finish(ma);
    hamm_dram_model_finish(mb);
    hamm_dram_model_finish(mc);
    for (uint32_t c = 0; c < 8; c++)
        for (int h = HAMM_HEUR_NO_OVERLAP; h <= HAMM_HEUR_FULL_OVERLAP; h++) {
            const hamm_model_totals *t = hamm_dram_model_totals(ma, c, (hamm_heuristic)h);
            assert_memory_equal(t, hamm_dram_model_totals(mb, c, (hamm_heuristic)h), sizeof *t);
            assert_memory_equal(t, hamm_dram_model_totals(mc, c, (hamm_heuristic)h), sizeof *t);
        }
    assert_int_equal(hamm_dram_model_totals(ma, 0, HAMM_HEUR_NO_OVERLAP)->requests, 3);
    hamm_dram_model_free(ma);
    hamm_dram_model_free(mb);
    hamm_dram_model_free(mc);
    hamm_stats_free(a);
    hamm_stats_free(b);
}

/* The engine takes a batch in trace order: a timed replay names the first request whose
 * arrival goes back, counting across channels. */
static void engine_checks_trace_order(void **state)
{
    fixture *f = *state;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_engine_params ep = {.cfg = f->cfg, .replay = HAMM_REPLAY_TIMED};
    hamm_engine *e;
    assert_int_equal(hamm_engine_new(&e, &ep, f->map, NULL, NULL, &err), HAMM_OK);
    hamm_request r[3] = {f->reqs[0], f->reqs[1], f->reqs[2]}; /* channels 0, 1, 0 */
    r[0].cycle = 5;
    r[1].cycle = 9;
    r[2].cycle = 7; /* before request 2 of another channel */
    for (int i = 0; i < 3; i++)
        r[i].flags = HAMM_REQ_HAS_CYCLE;
    hamm_channel_batch_fill(f->batch, r, 3);
    assert_int_equal(hamm_engine_add_batch(e, f->batch, &err), HAMM_ERR_PARSE);
    assert_string_equal(err.field, "cycle");
    assert_non_null(strstr(err.text, "request 3 arrives at cycle 7"));
    hamm_engine_free(e);
}

/* The capacity is the product of the geometry's counts: the baseline's 8 channels x 4
 * banks x 4096 rows x 512 columns x 8 bytes = 2^3+2+12+9+3 = 2^29; with 6 channels (not a
 * power of two) 6 x 2^26 = 0x18000000.  A product of 2^64 or more, or a zero count, is 0. */
static void capacity_of_geometries(void **state)
{
    (void)state;
    hamm_geometry g = {.channels = 8, .bank_groups = 1, .banks = 4, .rows = 4096,
                       .columns = 512, .column_bytes = 8};
    assert_true(hamm_geometry_capacity(&g) == 0x20000000ull);
    g.channels = 6;
    assert_true(hamm_geometry_capacity(&g) == 0x18000000ull);
    hamm_geometry big = {.channels = 1, .bank_groups = 1, .banks = 1, .rows = 1u << 31,
                         .columns = 1u << 31, .column_bytes = 2}; /* 2^63: still fits */
    assert_true(hamm_geometry_capacity(&big) == 1ull << 63);
    big.column_bytes = 4; /* 2^64 */
    assert_true(hamm_geometry_capacity(&big) == 0);
    hamm_geometry huge = {.channels = UINT32_MAX, .bank_groups = 1, .banks = UINT32_MAX,
                          .rows = UINT32_MAX, .columns = UINT32_MAX,
                          .column_bytes = UINT32_MAX};
    assert_true(hamm_geometry_capacity(&huge) == 0);
    g.rows = 0;
    assert_true(hamm_geometry_capacity(&g) == 0);
}

/* Requests at or above the capacity are counted across batches; the first one is kept. */
static void capacity_counts_beyond(void **state)
{
    (void)state;
    hamm_geometry g = {.channels = 8, .bank_groups = 1, .banks = 4, .rows = 4096,
                       .columns = 512, .column_bytes = 8};
    hamm_capacity c;
    hamm_capacity_init(&c, &g);
    hamm_request a[3] = {{.addr = 0}, {.addr = 0x1fffffff}, {.addr = 0x20000000}};
    hamm_request b[2] = {{.addr = UINT64_MAX}, {.addr = 0x40}};
    hamm_capacity_count(&c, a, 3);
    hamm_capacity_count(&c, b, 2);
    assert_true(c.capacity_bytes == 0x20000000ull);
    assert_int_equal(c.beyond, 2);
    assert_true(c.first_beyond == 0x20000000ull);
    g.column_bytes = 0; /* no capacity: nothing counted */
    hamm_capacity_init(&c, &g);
    hamm_capacity_count(&c, b, 2);
    assert_int_equal(c.beyond, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(decodes_in_trace_order),
        cmocka_unit_test(groups_by_channel_stably),
        cmocka_unit_test(refill_replaces),
        cmocka_unit_test(copy_holds_the_same),
        cmocka_unit_test(consumers_agree),
        cmocka_unit_test(engine_checks_trace_order),
        cmocka_unit_test(capacity_of_geometries),
        cmocka_unit_test(capacity_counts_beyond),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
