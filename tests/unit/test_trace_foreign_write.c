/* test_trace_foreign_write.c - writing the foreign formats hamm can write: round trips,
 * the exact text written, and Ramulator 2's refusal of addresses at or above 2^63 */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "foreign_samples.h"
#include "hamm_build_config.h"

/* ---- writing ------------------------------------------------------------------- */

static void roundtrip_one(hamm_trace_format f, int has_cycle)
{
    const hamm_request in[] = {
        {.addr = 0x1000, .cycle = 5, .size = 64, .op = R_, .flags = CYC},
        {.addr = 0xdeadbeef40, .cycle = 900, .size = 64, .op = W_, .flags = CYC},
        {.addr = 0, .size = 64, .op = W_},
        {.addr = 0x7fffffffffffffc0, .cycle = 1, .size = 64, .op = R_, .flags = CYC},
    };
    th_sink sink;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(th_write_all(in, COUNT(in), f, HAMM_COMPRESSION_NONE, &sink, &err), HAMM_OK);
    hamm_trace_options o = {.format = f};
    run_result r = run_opts(sink.p, sink.len, &o, 0, 4096);
    assert_int_equal(r.status, HAMM_OK);
    assert_int_equal(r.n, COUNT(in));
    for (size_t i = 0; i < COUNT(in); i++) {
        hamm_request want = in[i];
        /* What the format carries: a request without a cycle is written at cycle 0. */
        want.flags = has_cycle ? CYC : 0;
        want.cycle = has_cycle ? in[i].cycle : 0;
        th_assert_same(&r.reqs[i], &want, i);
    }
    free(r.reqs);
    free(sink.p);
}

static void roundtrips(void **state)
{
    (void)state;
    roundtrip_one(HAMM_FORMAT_DRAMSIM3, 1);
    roundtrip_one(HAMM_FORMAT_DRAMSIM2, 1);
    roundtrip_one(HAMM_FORMAT_RAMULATOR, 0);
    roundtrip_one(HAMM_FORMAT_RAMULATOR2, 0);
}

/* The exact text each writer emits, which the foreign tool must accept. */
static void writer_output(void **state)
{
    (void)state;
    const hamm_request in[] = {
        {.addr = 0x2000d5c0, .cycle = 30, .size = 64, .op = R_, .flags = CYC},
        {.addr = 0x40, .size = 64, .op = W_, .core = 3, .flags = HAMM_REQ_HAS_CORE},
    };
    const struct {
        hamm_trace_format f;
        const char *want;
    } t[] = {
        {HAMM_FORMAT_DRAMSIM3, "0x2000d5c0 READ 30\n0x40 WRITE 0\n"},
        {HAMM_FORMAT_DRAMSIM2, "0x2000D5C0 READ 30\n0x00000040 WRITE 0\n"},
        {HAMM_FORMAT_RAMULATOR, "0x2000d5c0 R\n0x40 W\n"},
        {HAMM_FORMAT_RAMULATOR2, "LD 0x2000d5c0\nST 0x40\n"},
    };
    for (size_t i = 0; i < COUNT(t); i++) {
        th_sink sink;
        hamm_error err;
        hamm_error_clear(&err);
        assert_int_equal(th_write_all(in, COUNT(in), t[i].f, HAMM_COMPRESSION_NONE, &sink, &err),
                         HAMM_OK);
        assert_int_equal(sink.len, strlen(t[i].want));
        assert_memory_equal(sink.p, t[i].want, sink.len);
        free(sink.p);
    }
}

/* Ramulator 2 reads addresses as signed 64-bit: a larger one cannot be written. */
static void ramulator2_refuses_high_addresses(void **state)
{
    (void)state;
    const hamm_request in[] = {{.addr = 0x8000000000000000ull, .size = 64, .op = R_}};
    th_sink sink;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(th_write_all(in, 1, HAMM_FORMAT_RAMULATOR2, HAMM_COMPRESSION_NONE, &sink,
                                  &err),
                     HAMM_ERR_ARG);
    assert_non_null(strstr(err.text, "ramulator2"));
    free(sink.p);
}


int main(void)
{
    foreign_samples_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(roundtrips),
        cmocka_unit_test(writer_output),
        cmocka_unit_test(ramulator2_refuses_high_addresses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
