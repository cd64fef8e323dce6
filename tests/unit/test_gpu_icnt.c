/* test_gpu_icnt.c - the crossbar's timing, fairness and back-pressure, each expectation
 * derived by hand from icnt.h: a packet granted at t with n flits at f flits a cycle
 * arrives at t + ceil(n / f) + latency; an output grants round-robin, input 0 first. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gpu/icnt.h"

static gpu_icnt *make(uint32_t inputs, uint32_t outputs, uint32_t fpc, uint32_t in_flits,
                      uint32_t out_flits)
{
    gpu_icnt_params p = {.inputs = inputs, .outputs = outputs, .flit_bytes = 32,
                         .flits_per_cycle = fpc, .latency = 5, .input_flits = in_flits,
                         .output_flits = out_flits};
    gpu_icnt *n = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_icnt_new(&n, &p, &err), HAMM_OK);
    return n;
}

static gpu_packet pkt(uint64_t addr)
{
    return (gpu_packet){.addr = addr, .bytes = 32};
}

/* First cycle at which output o has a packet, stepping from `from`. */
static uint64_t arrival(gpu_icnt *n, uint32_t o, uint64_t from, gpu_packet *got)
{
    for (uint64_t t = from; t < from + 100; t++) {
        gpu_icnt_cycle(n, t);
        if (gpu_icnt_peek(n, o, t, got))
            return t;
    }
    fail_msg("no packet arrived");
    return 0;
}

/* A 40-byte packet is two 32-byte flits: granted at 0, on the wire 2 cycles, latency 5:
 * it arrives at 7.  At 2 flits a cycle it takes one cycle: 6. */
static void serialisation_and_latency(void **state)
{
    (void)state;
    for (uint32_t fpc = 1; fpc <= 2; fpc++) {
        gpu_icnt *n = make(1, 1, fpc, 8, 8);
        gpu_packet p = pkt(0x40), got;
        assert_int_equal(gpu_icnt_flits(n, 40), 2);
        assert_true(gpu_icnt_push(n, 0, 0, &p, 40));
        assert_int_equal(arrival(n, 0, 0, &got), fpc == 1 ? 7 : 6);
        assert_int_equal(got.addr, 0x40);
        gpu_icnt_pop(n, 0);
        assert_true(gpu_icnt_empty(n));
        gpu_icnt_free(n);
    }
}

/* Two inputs, one output, one-flit packets: input 0 is granted at 0 (arrives 6), input
 * 1 at 1 (arrives 7); the next round starts again from input 0. */
static void round_robin(void **state)
{
    (void)state;
    gpu_icnt *n = make(2, 1, 1, 8, 8);
    gpu_packet a = pkt(0xA0), b = pkt(0xB0), got;
    gpu_icnt_push(n, 0, 0, &a, 32);
    gpu_icnt_push(n, 1, 0, &b, 32);
    gpu_icnt_push(n, 0, 0, &a, 32);
    gpu_icnt_push(n, 1, 0, &b, 32);
    const uint64_t want_t[4] = {6, 7, 8, 9};
    const uint64_t want_a[4] = {0xA0, 0xB0, 0xA0, 0xB0};
    uint64_t t = 0;
    for (int k = 0; k < 4; k++) {
        t = arrival(n, 0, t, &got);
        assert_int_equal(t, want_t[k]);
        assert_int_equal(got.addr, want_a[k]);
        gpu_icnt_pop(n, 0);
        t++;
    }
    gpu_icnt_free(n);
}

/* Two inputs to two different outputs go in the same cycle. */
static void parallel_ports(void **state)
{
    (void)state;
    gpu_icnt *n = make(2, 2, 1, 8, 8);
    gpu_packet a = pkt(1), b = pkt(2), got;
    gpu_icnt_push(n, 0, 1, &a, 32);
    gpu_icnt_push(n, 1, 0, &b, 32);
    assert_int_equal(arrival(n, 0, 0, &got), 6);
    assert_true(gpu_icnt_peek(n, 1, 6, &got));
    gpu_icnt_free(n);
}

/* An output whose two-flit buffer nobody empties: two packets are granted (0 and 1),
 * the third waits (output full from cycle 2), the input's two-flit buffer fills, a
 * further push is refused.  Taking one packet at the output lets the next be granted. */
static void back_pressure(void **state)
{
    (void)state;
    gpu_icnt *n = make(1, 1, 1, 2, 2);
    gpu_packet p = pkt(0), got;
    assert_true(gpu_icnt_push(n, 0, 0, &p, 32));
    assert_true(gpu_icnt_push(n, 0, 0, &p, 32));
    gpu_icnt_cycle(n, 0);
    assert_true(gpu_icnt_push(n, 0, 0, &p, 32));
    gpu_icnt_cycle(n, 1);
    assert_true(gpu_icnt_push(n, 0, 0, &p, 32));
    for (uint64_t t = 2; t < 10; t++)
        gpu_icnt_cycle(n, t);
    assert_false(gpu_icnt_push(n, 0, 0, &p, 32));
    const gpu_icnt_stats *st = gpu_icnt_stats_of(n);
    assert_int_equal(st->packets, 2);
    assert_int_equal(st->blocked_pushes, 1);
    assert_int_equal(st->output_full, 8); /* cycles 2..9 */
    assert_true(gpu_icnt_peek(n, 0, 9, &got));
    gpu_icnt_pop(n, 0);
    gpu_icnt_cycle(n, 10); /* granted at 10: arrives at 16 */
    assert_int_equal(st->packets, 3);
    gpu_icnt_free(n);
}

static void bad_params(void **state)
{
    (void)state;
    gpu_icnt_params p = {.inputs = 1, .outputs = 1, .flit_bytes = 0, .flits_per_cycle = 1,
                         .latency = 5, .input_flits = 8, .output_flits = 8};
    gpu_icnt *n = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_icnt_new(&n, &p, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "flit_bytes");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(serialisation_and_latency),
        cmocka_unit_test(round_robin),
        cmocka_unit_test(parallel_ports),
        cmocka_unit_test(back_pressure),
        cmocka_unit_test(bad_params),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
