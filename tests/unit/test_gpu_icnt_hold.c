/* test_gpu_icnt_hold.c - the crossbar's grant holding (HG, RMHG, HMHG) and PIM allocation
 * (icnt.h), each expectation derived by hand: one-flit packets hold a port one cycle, so
 * an output can grant every cycle; without holding, round-robin alternates between two
 * inputs that both have packets for it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gpu/icnt.h"

static gpu_icnt *make(uint32_t inputs, unsigned arbiter, unsigned hold)
{
    gpu_icnt_params p = {.inputs = inputs, .outputs = 1, .flit_bytes = 32,
                         .flits_per_cycle = 1, .latency = 0, .input_flits = 16,
                         .output_flits = 64, .arbiter = arbiter, .hold = hold,
                         .hash_bits = 4, .seed = 12345};
    gpu_icnt *n = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_icnt_new(&n, &p, &err), HAMM_OK);
    return n;
}

static void push(gpu_icnt *n, uint32_t in, uint64_t addr, uint32_t bank, uint32_t row)
{
    gpu_packet p = {.addr = addr, .bytes = 32, .bank = bank, .row = row};
    assert_true(gpu_icnt_push(n, in, 0, &p, 32));
}

/* Run `cycles` cycles and write the addresses in the order they reached output 0. */
static void order(gpu_icnt *n, uint32_t cycles, uint64_t *got, uint32_t count)
{
    for (uint64_t t = 0; t < cycles; t++)
        gpu_icnt_cycle(n, t);
    for (uint32_t k = 0; k < count; k++) {
        gpu_packet p;
        assert_true(gpu_icnt_peek(n, 0, cycles, &p));
        got[k] = p.addr;
        gpu_icnt_pop(n, 0);
    }
    assert_true(gpu_icnt_empty(n));
}

/* Input 0 sends A0 then A1, input 1 sends B0.  Round-robin: A0 (cycle 0), B0 (1), A1
 * (2).  A hold keeps input 0 at cycle 1 when A1 qualifies: A0, A1, B0. */
static void check_order(unsigned hold, uint32_t a1_bank, uint32_t a1_row, int kept)
{
    gpu_icnt *n = make(2, GPU_ARB_ROUND_ROBIN, hold);
    push(n, 0, 0xA0, 0, 1);
    push(n, 0, 0xA1, a1_bank, a1_row);
    push(n, 1, 0xB0, 0, 2);
    uint64_t got[3];
    order(n, 3, got, 3);
    assert_int_equal(got[0], 0xA0);
    assert_int_equal(got[1], kept ? 0xA1 : 0xB0);
    assert_int_equal(got[2], kept ? 0xB0 : 0xA1);
    assert_int_equal(gpu_icnt_stats_of(n)->held_grants, kept ? 1 : 0);
    gpu_icnt_free(n);
}

static void round_robin_alternates(void **state)
{
    (void)state;
    check_order(GPU_HOLD_NONE, 0, 1, 0);
}

static void hold_grant_keeps_the_input(void **state)
{
    (void)state;
    check_order(GPU_HOLD_GRANT, 3, 99, 1); /* any row: HG only asks for a next packet */
}

/* RMHG keeps the grant for the same bank and row, and lets it go for another row or for
 * the same row number in another bank. */
static void row_matching_hold(void **state)
{
    (void)state;
    check_order(GPU_HOLD_ROW, 0, 1, 1);
    check_order(GPU_HOLD_ROW, 0, 5, 0);
    check_order(GPU_HOLD_ROW, 1, 1, 0);
}

/* HMHG4 folds the row's bits 4 at a time by XOR: row 1 -> 1, row 0x10 -> 0 ^ 1 = 1 (kept,
 * though RMHG would release it), row 5 -> 5 (released). */
static void hash_matching_hold(void **state)
{
    (void)state;
    check_order(GPU_HOLD_ROW_HASH, 0, 0x10, 1);
    check_order(GPU_HOLD_ROW_HASH, 0, 5, 0);
    check_order(GPU_HOLD_ROW, 0, 0x10, 0);
}

/* 0xABC in 4-bit pieces: 0xC ^ 0xB ^ 0xA = 0xD; 32 bits is the row itself; 0x3FF in
 * 3-bit pieces: 7 ^ 7 ^ 7 ^ 1 = 6. */
static void row_hash(void **state)
{
    (void)state;
    assert_int_equal(gpu_icnt_row_hash(0xABC, 4), 0xD);
    assert_int_equal(gpu_icnt_row_hash(0xABC, 32), 0xABC);
    assert_int_equal(gpu_icnt_row_hash(0x3FF, 3), 6);
    assert_int_equal(gpu_icnt_row_hash(0, 4), 0);
}

/* A hold lasts one arbitration to the next: input 0 sends A0, then nothing for a cycle
 * while input 1 waits; at cycle 1 input 1 is granted, and A1, pushed after, waits its
 * round-robin turn behind nothing else: B0, then A1 at 2 with no held grant counted. */
static void hold_lapses_when_the_input_has_nothing(void **state)
{
    (void)state;
    gpu_icnt *n = make(2, GPU_ARB_ROUND_ROBIN, GPU_HOLD_GRANT);
    push(n, 0, 0xA0, 0, 1);
    push(n, 1, 0xB0, 0, 2);
    gpu_icnt_cycle(n, 0);
    gpu_icnt_cycle(n, 1);
    push(n, 0, 0xA1, 0, 1);
    uint64_t got[3];
    order(n, 3, got, 3); /* cycles 0 and 1 again grant nothing new: ports are busy */
    assert_int_equal(got[0], 0xA0);
    assert_int_equal(got[1], 0xB0);
    assert_int_equal(got[2], 0xA1);
    assert_int_equal(gpu_icnt_stats_of(n)->held_grants, 0);
    gpu_icnt_free(n);
}

/* PIM grants each of three always-requesting inputs about a third of the time (3000
 * grants: 1000 each expected, a binomial standard deviation of about 26), and does not
 * follow round-robin's fixed rotation. */
static void pim_is_fair_and_random(void **state)
{
    (void)state;
    gpu_icnt *n = make(3, GPU_ARB_PIM, GPU_HOLD_NONE);
    uint32_t count[3] = {0}, pushed[3] = {0}, rotations = 0;
    uint64_t last = 2;
    for (uint64_t t = 0; t < 3000; t++) {
        for (uint32_t i = 0; i < 3; i++)
            for (; pushed[i] - count[i] < 8; pushed[i]++)
                push(n, i, i, 0, 0); /* every input always has packets waiting */
        gpu_icnt_cycle(n, t);
        gpu_packet p;
        assert_true(gpu_icnt_peek(n, 0, t + 1, &p));
        gpu_icnt_pop(n, 0);
        count[p.addr]++;
        rotations += p.addr == (last + 1) % 3;
        last = p.addr;
    }
    for (uint32_t i = 0; i < 3; i++)
        assert_in_range(count[i], 900, 1100);
    assert_true(rotations < 2000); /* round-robin would rotate every time: 3000 */
    gpu_icnt_free(n);
}

static void bad_hash_bits(void **state)
{
    (void)state;
    gpu_icnt_params p = {.inputs = 1, .outputs = 1, .flit_bytes = 32, .flits_per_cycle = 1,
                         .input_flits = 8, .output_flits = 8, .hold = GPU_HOLD_ROW_HASH,
                         .hash_bits = 0};
    gpu_icnt *n = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_icnt_new(&n, &p, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "hold_hash_bits");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_robin_alternates),
        cmocka_unit_test(hold_grant_keeps_the_input),
        cmocka_unit_test(row_matching_hold),
        cmocka_unit_test(hash_matching_hold),
        cmocka_unit_test(row_hash),
        cmocka_unit_test(hold_lapses_when_the_input_has_nothing),
        cmocka_unit_test(pim_is_fair_and_random),
        cmocka_unit_test(bad_hash_bits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
