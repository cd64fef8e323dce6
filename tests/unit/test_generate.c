/* test_generate.c - synthetic traces: the random numbers against an independent
 * implementation, determinism, exact counts, the write fraction within a binomial bound,
 * stream/stride addresses derived by hand, hot rows and bank conflicts decoded through
 * the shipped models' maps, the address-map encoder, and bad options. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "generate/rng.h"
#include "hamm/config.h"
#include "hamm/generate.h"

#define N_MAX 10000

static hamm_request reqs[N_MAX], other[N_MAX];

/* All requests of a generator, in batches of `cap`; returns the count. */
static size_t run(const hamm_gen_options *o, const hamm_addrmap *map, hamm_request *out,
                  size_t cap)
{
    hamm_gen *g = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    if (hamm_gen_new(&g, o, map, &err) != HAMM_OK)
        fail_msg("hamm_gen_new: %s: %s", err.field, err.text);
    size_t total = 0, n;
    while ((n = hamm_gen_fill(g, out + total, total + cap <= N_MAX ? cap : N_MAX - total)) > 0)
        total += n;
    hamm_gen_free(g);
    return total;
}

static hamm_addrmap *model_map(const char *name)
{
    char path[4096];
    hamm_system_config cfg;
    hamm_addrmap *m = NULL;
    hamm_error err;
    static const char *const dirs[] = {HAMM_SOURCE_ROOT "/models"};
    const hamm_model_path models = {dirs, 1};
    hamm_error_clear(&err);
    if (hamm_config_find(name, &models, path, sizeof path, &err) != HAMM_OK ||
        hamm_config_load(&cfg, path, NULL, 0, &err) != HAMM_OK ||
        hamm_config_addrmap(&cfg, &m, &err) != HAMM_OK)
        fail_msg("%s: %s", name, err.text);
    return m;
}

/* Values from a separate Python implementation of the published algorithms; the first
 * splitmix64 output from 0 is the one its authors list (0xE220A8397B1DCDAF). */
static void test_rng_reference(void **state)
{
    (void)state;
    gen_rng r;
    gen_rng_seed(&r, 0);
    assert_true(r.s[0] == UINT64_C(0xe220a8397b1dcdaf));
    assert_true(r.s[3] == UINT64_C(0xf88bb8a8724c81ec));
    assert_true(gen_rng_next(&r) == UINT64_C(0x99ec5f36cb75f2b4));
    assert_true(gen_rng_next(&r) == UINT64_C(0xbf6e1f784956452a));
    assert_true(gen_rng_next(&r) == UINT64_C(0x1a5f849d4933e6e0));
}

static void mixed_options(hamm_gen_options *o)
{
    hamm_gen_options_init(o);
    o->requests = 3000;
    o->ncomponents = 3;
    o->mix[0] = (hamm_gen_component){HAMM_GEN_STREAM, 0.5};
    o->mix[1] = (hamm_gen_component){HAMM_GEN_RANDOM, 0.3};
    o->mix[2] = (hamm_gen_component){HAMM_GEN_HOT_ROWS, 0.2};
    o->streams = 8;
    o->write_fraction = 0.3;
}

static void test_same_seed_same_trace(void **state)
{
    (void)state;
    hamm_addrmap *m = model_map("yuan09-baseline");
    hamm_gen_options o;
    mixed_options(&o);
    assert_int_equal(run(&o, m, reqs, 1000), 3000);
    /* Other batch sizes, and a longer trace: the same requests, and the first 3000 of
     * 5000 are the 3000. */
    assert_int_equal(run(&o, m, other, 7), 3000);
    assert_memory_equal(reqs, other, 3000 * sizeof reqs[0]);
    o.requests = 5000;
    assert_int_equal(run(&o, m, other, 4096), 5000);
    assert_memory_equal(reqs, other, 3000 * sizeof reqs[0]);
    o.requests = 3000;
    o.seed = 2;
    run(&o, m, other, 1000);
    size_t same = 0;
    for (size_t i = 0; i < 3000; i++)
        same += reqs[i].addr == other[i].addr;
    assert_true(same < 2000); /* the stream half may coincide; the rest must not */
    hamm_addrmap_free(m);
}

static void test_write_fraction_binomial(void **state)
{
    (void)state;
    hamm_gen_options o;
    hamm_gen_options_init(&o);
    o.requests = 10000;
    o.write_fraction = 0.25;
    run(&o, NULL, reqs, 512);
    size_t writes = 0;
    for (size_t i = 0; i < 10000; i++)
        writes += reqs[i].op == HAMM_OP_WRITE;
    /* mean 2500, sd sqrt(10^4 * 0.25 * 0.75) = 43.3; 5 sd: 2284 .. 2716 */
    assert_in_range(writes, 2284, 2716);
    o.write_fraction = 1.0;
    run(&o, NULL, reqs, 512);
    for (size_t i = 0; i < 10000; i++)
        assert_int_equal(reqs[i].op, HAMM_OP_WRITE);
}

/* Two streams over 1024 bytes from 4096: 16 blocks, 8 per stream; stream 0 starts at
 * 4096, stream 1 at 4096 + 8 * 64 = 4608; they take turns, each wraps after 8. */
static void test_stream_by_hand(void **state)
{
    (void)state;
    hamm_gen_options o;
    hamm_gen_options_init(&o);
    o.requests = 18;
    o.streams = 2;
    o.footprint = 1024;
    o.base = 4096;
    assert_int_equal(run(&o, NULL, reqs, 5), 18);
    static const uint64_t want[6] = {4096, 4608, 4160, 4672, 4224, 4736};
    for (size_t i = 0; i < 6; i++) {
        assert_true(reqs[i].addr == want[i]);
        assert_int_equal(reqs[i].size, 64);
        assert_int_equal(reqs[i].op, HAMM_OP_READ);
        assert_int_equal(reqs[i].flags, 0);
    }
    assert_true(reqs[14].addr == 4096 + 7 * 64); /* stream 0's eighth block */
    assert_true(reqs[16].addr == 4096);          /* and it wraps */
    assert_true(reqs[17].addr == 4608);
}

/* Stride 1536 over 4096 bytes: offsets 0, 1536, 3072, 4608 - 4096 = 512, 2048, ... */
static void test_stride_by_hand(void **state)
{
    (void)state;
    hamm_gen_options o;
    hamm_gen_options_init(&o);
    o.ncomponents = 1;
    o.mix[0].pattern = HAMM_GEN_STRIDE;
    o.requests = 6;
    o.stride = 1536;
    o.footprint = 4096;
    o.base = 64;
    run(&o, NULL, reqs, 100);
    static const uint64_t want[6] = {64, 1600, 3136, 576, 2112, 3648};
    for (size_t i = 0; i < 6; i++)
        assert_true(reqs[i].addr == want[i]);
}

static void test_rate_cycles(void **state)
{
    (void)state;
    hamm_gen_options o;
    hamm_gen_options_init(&o);
    o.requests = 10;
    o.rate = 0.4; /* one request per 2.5 cycles: floor(i * 2.5) */
    run(&o, NULL, reqs, 100);
    static const uint64_t want[10] = {0, 2, 5, 7, 10, 12, 15, 17, 20, 22};
    for (size_t i = 0; i < 10; i++) {
        assert_int_equal(reqs[i].flags, HAMM_REQ_HAS_CYCLE);
        assert_true(reqs[i].cycle == want[i]);
    }
}

/* K hot rows: exactly K (channel, bank, row) triples, each used, on every shipped map. */
static void check_hot_rows(const char *model, uint32_t k)
{
    hamm_addrmap *m = model_map(model);
    hamm_gen_options o;
    hamm_gen_options_init(&o);
    o.mix[0].pattern = HAMM_GEN_HOT_ROWS;
    o.hot_rows = k;
    o.requests = 4000;
    o.base = 1u << 20;
    run(&o, m, reqs, 333);
    hamm_dram_coord seen[64];
    size_t nseen = 0;
    for (size_t i = 0; i < 4000; i++) {
        hamm_dram_coord c;
        hamm_addrmap_decode(m, reqs[i].addr, &c);
        size_t j = 0;
        while (j < nseen && !(seen[j].channel == c.channel && seen[j].bank == c.bank &&
                              seen[j].row == c.row))
            j++;
        if (j == nseen) {
            assert_true(nseen < k);
            seen[nseen++] = c;
        }
    }
    assert_int_equal(nseen, k);
    hamm_addrmap_free(m);
}

static void test_hot_rows(void **state)
{
    (void)state;
    check_hot_rows("yuan09-baseline", 5);
    check_hot_rows("ddr4-2400-2ch", 40); /* more than channels x banks: rows share banks */
    check_hot_rows("gtx480", 13);
    check_hot_rows("hbm2-4stack", 3);
}

/* Bank conflict: one channel and bank, the row changes on every request. */
static void check_conflict(const char *model, uint32_t rows)
{
    hamm_addrmap *m = model_map(model);
    hamm_gen_options o;
    hamm_gen_options_init(&o);
    o.mix[0].pattern = HAMM_GEN_BANK_CONFLICT;
    o.conflict_rows = rows;
    o.requests = 3000;
    o.base = 3u << 24;
    run(&o, m, reqs, 1000);
    hamm_dram_coord first, c, prev;
    hamm_addrmap_decode(m, reqs[0].addr, &first);
    prev = first;
    for (size_t i = 1; i < 3000; i++) {
        hamm_addrmap_decode(m, reqs[i].addr, &c);
        assert_int_equal(c.channel, first.channel);
        assert_int_equal(c.bank, first.bank);
        assert_int_not_equal(c.row, prev.row);
        if (i % rows == 0)
            assert_int_equal(c.row, first.row);
        prev = c;
    }
    hamm_addrmap_free(m);
}

static void test_bank_conflict(void **state)
{
    (void)state;
    check_conflict("yuan09-baseline", 2);
    check_conflict("ddr4-2400-2ch", 3); /* bank^row hashing: raw bank bits change */
    check_conflict("gtx480", 2);        /* 6 channels: channel by division */
    check_conflict("hbm2-4stack", 5);
}

/* encode is decode's inverse on random coordinates of every shipped map. */
static void test_encode_roundtrip(void **state)
{
    (void)state;
    static const char *const models[] = {"yuan09-baseline", "ddr4-2400-2ch", "gtx480",
                                         "hbm2-4stack"};
    gen_rng r;
    gen_rng_seed(&r, 7);
    for (size_t i = 0; i < 4; i++) {
        hamm_addrmap *m = model_map(models[i]);
        const hamm_geometry *g = hamm_addrmap_geometry(m);
        for (int k = 0; k < 2000; k++) {
            hamm_dram_coord c = {0}, back;
            c.channel = (uint32_t)gen_rng_below(&r, g->channels);
            c.bank = (uint32_t)gen_rng_below(&r, g->banks);
            c.row = (uint32_t)gen_rng_below(&r, g->rows);
            c.column = (uint32_t)gen_rng_below(&r, g->columns);
            uint64_t addr = 0;
            assert_int_equal(hamm_addrmap_encode(m, &c, &addr, NULL), HAMM_OK);
            hamm_addrmap_decode(m, addr, &back);
            assert_true(back.channel == c.channel && back.bank == c.bank &&
                        back.row == c.row && back.column == c.column);
        }
        hamm_dram_coord out = {0, 0, 0, g->rows, 0, 0};
        uint64_t addr;
        hamm_error err;
        hamm_error_clear(&err);
        assert_int_equal(hamm_addrmap_encode(m, &out, &addr, &err), HAMM_ERR_ARG);
        assert_string_equal(err.field, "coordinate");
        hamm_addrmap_free(m);
    }
}

static void expect_bad(const hamm_gen_options *o, const hamm_addrmap *m, const char *field)
{
    hamm_gen *g = (hamm_gen *)1;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_gen_new(&g, o, m, &err), HAMM_ERR_ARG);
    assert_null(g);
    assert_string_equal(err.field, field);
}

static void test_bad_options(void **state)
{
    (void)state;
    hamm_gen_options o;
    hamm_gen_options_init(&o);
    o.write_fraction = 1.5;
    expect_bad(&o, NULL, "--write-fraction");
    hamm_gen_options_init(&o);
    o.base = 100; /* not a multiple of 64 */
    expect_bad(&o, NULL, "--base");
    hamm_gen_options_init(&o);
    o.footprint = 1000;
    expect_bad(&o, NULL, "--footprint");
    hamm_gen_options_init(&o);
    o.streams = 5;
    o.footprint = 256; /* 4 blocks for 5 streams */
    expect_bad(&o, NULL, "--streams");
    hamm_gen_options_init(&o);
    o.mix[0].pattern = HAMM_GEN_STRIDE;
    o.stride = 100;
    expect_bad(&o, NULL, "--stride");
    hamm_gen_options_init(&o);
    o.mix[0].pattern = HAMM_GEN_HOT_ROWS;
    expect_bad(&o, NULL, "--model");
    hamm_gen_options_init(&o);
    o.mix[0].weight = 0.0;
    expect_bad(&o, NULL, "--mix");
    hamm_gen_options_init(&o);
    o.rate = 1e-30;
    expect_bad(&o, NULL, "--rate");
    hamm_addrmap *m = model_map("yuan09-baseline");
    hamm_gen_options_init(&o);
    o.mix[0].pattern = HAMM_GEN_BANK_CONFLICT;
    o.conflict_rows = 4097;
    expect_bad(&o, m, "--conflict-rows");
    hamm_addrmap_free(m);
    hamm_gen_pattern p;
    assert_int_equal(hamm_gen_pattern_from_name("zigzag", &p, NULL), HAMM_ERR_ARG);
    assert_int_equal(hamm_gen_pattern_from_name("hot-rows", &p, NULL), HAMM_OK);
    assert_int_equal(p, HAMM_GEN_HOT_ROWS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rng_reference),      cmocka_unit_test(test_same_seed_same_trace),
        cmocka_unit_test(test_write_fraction_binomial), cmocka_unit_test(test_stream_by_hand),
        cmocka_unit_test(test_stride_by_hand),     cmocka_unit_test(test_rate_cycles),
        cmocka_unit_test(test_hot_rows),           cmocka_unit_test(test_bank_conflict),
        cmocka_unit_test(test_encode_roundtrip),   cmocka_unit_test(test_bad_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
