/* test_dram_model.c - the hybrid DRAM model over whole traces: Eq. 3 for 1, 2 and 4 chips
 * per MC, the baseline worked example through the address map, and properties on random
 * traces (efficiencies in [0, 1]; every request served exactly once; results independent
 * of how the input is chunked, down to one byte per read). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "hamm/config.h"
#include "hamm/dram_model.h"
#include "trace_helpers.h"

#define BASELINE HAMM_SOURCE_ROOT "/models/system/yuan09-baseline.json"
#define ALL ((1u << HAMM_HEUR_COUNT) - 1)

typedef struct fixture {
    hamm_system_config cfg;
    hamm_addrmap *map;
    hamm_model_params p;
} fixture;

static void load(fixture *f, const char *const *sets, size_t nsets)
{
    hamm_error err;
    hamm_error_clear(&err);
    if (hamm_config_load(&f->cfg, BASELINE, sets, nsets, &err) != HAMM_OK ||
        hamm_config_addrmap(&f->cfg, &f->map, &err) != HAMM_OK ||
        hamm_model_params_from_config(&f->cfg, &f->p, &err) != HAMM_OK)
        fail_msg("%s: %s", err.field, err.text);
}

/* Eq. 3: T_svc_req = 64 / (chips * 4 B * 2) = 8, 4 and 2 cycles for 1, 2 and 4 chips.
 * A row is 512 columns of chips * 4 bytes, so the map's C and S bits grow with the chips:
 * 11 bits (2 KB) for one chip, 13 bits (8 KB) for four. */
static void service_time_by_chips(void **state)
{
    (void)state;
    const char *one[] = {"chips_per_channel=1",
                         "address_map=dramid@8;00000000.00000000.00000000.00000000."
                         "0000000R.RRRRRRRR.RRRBBCCC.CCCSSSSS"};
    const char *four[] = {"chips_per_channel=4",
                          "address_map=dramid@8;00000000.00000000.00000000.00000000."
                          "00000RRR.RRRRRRRR.RBBCCCCC.CCCSSSSS"};
    fixture f1, f2, f4;
    load(&f1, one, 2);
    load(&f2, NULL, 0);
    load(&f4, four, 2);
    assert_true(hamm_model_service_cycles(&f1.p, 64) == 8.0);
    assert_true(hamm_model_service_cycles(&f2.p, 64) == 4.0);
    assert_true(hamm_model_service_cycles(&f4.p, 64) == 2.0);
    assert_true(hamm_model_service_cycles(&f2.p, 32) == 2.0);
    hamm_addrmap_free(f1.map);
    hamm_addrmap_free(f2.map);
    hamm_addrmap_free(f4.map);
}

/* The baseline map (models/system/yuan09-baseline.json): channel = bits 8-10; in the
 * address with those bits removed, bank = bits 12-13 and row = bits 14-25.  So channel 0,
 * bank 0, row r is at ((r << 14) expanded by the 3 channel bits) = r << 17. */
static uint64_t baseline_addr(uint32_t channel, uint32_t bank, uint32_t row)
{
    uint64_t squeezed = ((uint64_t)row << 14) | ((uint64_t)bank << 12);
    return ((squeezed >> 8) << 11) | ((uint64_t)channel << 8) | (squeezed & 0xFF);
}

/* One bank of one channel, two requests per row: 8/34 in every period (23.5%). */
static void two_per_row_through_the_map(void **state)
{
    (void)state;
    fixture f;
    load(&f, NULL, 0);
    hamm_dram_model *m;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_dram_model_new(&m, &f.p, f.map, ALL, &err), HAMM_OK);
    for (uint32_t r = 0; r < 500; r++)
        for (int k = 0; k < 2; k++) {
            hamm_request q = {.addr = baseline_addr(3, 2, r) + 64u * (unsigned)k, .size = 64};
            hamm_dram_model_add(m, &q, 1);
        }
    hamm_dram_model_finish(m);
    for (int h = HAMM_HEUR_NO_OVERLAP; h <= HAMM_HEUR_FULL_OVERLAP; h++) {
        const hamm_model_totals *t = hamm_dram_model_totals(m, 3, (hamm_heuristic)h);
        assert_int_equal(t->requests, 1000);
        assert_int_equal(t->num_bytes * 34, t->den_bytes * 8);
    }
    assert_true(hamm_dram_model_efficiency(m, 0, HAMM_HEUR_NO_OVERLAP) < 0); /* no requests */
    double e = hamm_dram_model_weighted(m, HAMM_HEUR_AVERAGE);
    assert_true(e > 8.0 / 34 - 1e-12 && e < 8.0 / 34 + 1e-12);
    assert_true(hamm_dram_model_locality(m) == 2.0);
    hamm_dram_model_free(m);
    hamm_addrmap_free(f.map);
}

static hamm_request *random_trace(size_t n, uint64_t seed)
{
    hamm_request *r = calloc(n, sizeof *r);
    uint64_t x = seed;
    uint64_t stream = 0;
    for (size_t i = 0; i < n; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        /* half streaming, half random, over a 256 MB footprint */
        r[i].addr = (x & 1) ? (stream += 64) : (x >> 8) & 0xFFFFFC0u;
        r[i].size = (x >> 40) % 4 ? 64 : 32;
        r[i].op = (uint8_t)((x >> 50) % 3 == 0);
    }
    return r;
}

static hamm_dram_model *run_threads(fixture *f, const hamm_request *r, size_t n, size_t batch,
                                    unsigned threads)
{
    hamm_dram_model *m;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_model_params p = f->p;
    p.threads = threads;
    assert_int_equal(hamm_dram_model_new(&m, &p, f->map, ALL, &err), HAMM_OK);
    for (size_t i = 0; i < n; i += batch)
        hamm_dram_model_add(m, r + i, n - i < batch ? n - i : batch);
    hamm_dram_model_finish(m);
    return m;
}

static hamm_dram_model *run(fixture *f, const hamm_request *r, size_t n, size_t batch)
{
    return run_threads(f, r, n, batch, 1);
}

static void properties_on_random_traces(void **state)
{
    (void)state;
    const char *qs[] = {"queue_size=1", "queue_size=8", "queue_size=32", "queue_size=64"};
    const char *policies[] = {"scheduler=fr-fcfs", "scheduler=most-pending", "scheduler=fcfs"};
    size_t n = 20000;
    for (size_t qi = 0; qi < 4; qi++)
        for (size_t pi = 0; pi < 3; pi++) {
            const char *sets[] = {qs[qi], policies[pi]};
            fixture f;
            load(&f, sets, 2);
            hamm_request *r = random_trace(n, 1234567 + qi * 7 + pi);
            uint64_t bytes[8] = {0};
            for (size_t i = 0; i < n; i++) {
                hamm_dram_coord c;
                hamm_addrmap_decode(f.map, r[i].addr, &c);
                bytes[c.channel] += r[i].size;
            }
            /* the worker thread must not change a thing: compare it with one-by-one */
            hamm_dram_model *m = run_threads(&f, r, n, 4096, 2), *one = run(&f, r, n, 1);
            for (uint32_t c = 0; c < 8; c++) {
                for (int h = 0; h < HAMM_HEUR_COUNT; h++) {
                    double e = hamm_dram_model_efficiency(m, c, (hamm_heuristic)h);
                    assert_true(e >= 0.0 && e <= 1.0);
                    assert_true(e == hamm_dram_model_efficiency(one, c, (hamm_heuristic)h));
                }
                for (int h = HAMM_HEUR_NO_OVERLAP; h <= HAMM_HEUR_FULL_OVERLAP; h++) {
                    const hamm_model_totals *t = hamm_dram_model_totals(m, c, (hamm_heuristic)h);
                    /* every request served once: SUM t_i = SUM size / bytes_per_cycle */
                    assert_int_equal(t->served_bytes, bytes[c]);
                    assert_true(t->num_bytes <= t->den_bytes);
                    assert_memory_equal(t, hamm_dram_model_totals(one, c, (hamm_heuristic)h),
                                        sizeof *t);
                }
            }
            hamm_dram_model_free(m);
            hamm_dram_model_free(one);
            free(r);
            hamm_addrmap_free(f.map);
        }
}

/* Reading the same trace one byte at a time gives the same prediction. */
static void chunked_reading_gives_the_same_result(void **state)
{
    (void)state;
    fixture f;
    load(&f, NULL, 0);
    size_t n = 5000, got1, got2;
    hamm_request *r = random_trace(n, 99), *a, *b;
    th_sink sink;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(th_write_all(r, n, HAMM_FORMAT_BINARY, HAMM_COMPRESSION_ZSTD, &sink, &err),
                     HAMM_OK);
    assert_int_equal(th_read_all(sink.p, sink.len, NULL, 0, 4096, &a, &got1, &err, NULL), HAMM_OK);
    assert_int_equal(th_read_all(sink.p, sink.len, NULL, 1, 3, &b, &got2, &err, NULL), HAMM_OK);
    assert_int_equal(got1, n);
    assert_int_equal(got2, n);
    hamm_dram_model *ma = run(&f, a, n, 4096), *mb = run(&f, b, n, 7);
    for (uint32_t c = 0; c < 8; c++)
        for (int h = 0; h < HAMM_HEUR_COUNT; h++)
            assert_true(hamm_dram_model_efficiency(ma, c, (hamm_heuristic)h) ==
                        hamm_dram_model_efficiency(mb, c, (hamm_heuristic)h));
    hamm_dram_model_free(ma);
    hamm_dram_model_free(mb);
    free(a);
    free(b);
    free(r);
    free(sink.p);
    hamm_addrmap_free(f.map);
}

static void banked_fifo_is_refused(void **state)
{
    (void)state;
    const char *sets[] = {"scheduler=banked-fifo"};
    hamm_system_config cfg;
    hamm_model_params p;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_config_load(&cfg, BASELINE, sets, 1, &err), HAMM_OK);
    assert_int_equal(hamm_model_params_from_config(&cfg, &p, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "scheduler");
}

static void heuristic_names(void **state)
{
    (void)state;
    hamm_heuristic h;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_heuristic_from_name("locality-switch", &h, &err), HAMM_OK);
    assert_int_equal(h, HAMM_HEUR_LOCALITY_SWITCH);
    assert_int_equal(hamm_heuristic_from_name("best", &h, &err), HAMM_ERR_ARG);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(service_time_by_chips),
        cmocka_unit_test(two_per_row_through_the_map),
        cmocka_unit_test(properties_on_random_traces),
        cmocka_unit_test(chunked_reading_gives_the_same_result),
        cmocka_unit_test(banked_fifo_is_refused),
        cmocka_unit_test(heuristic_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
