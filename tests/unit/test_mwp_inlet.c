/* test_mwp_inlet.c - the crossbar inlets' schedule of the MWP/CWP counts
 * (src/workload/mwp_inlet.c, docs/MWP.md "The crossbar"), on rounds worked by hand: two
 * SMs, two partitions of 256-byte chunks (address 0: partition 0, 256: partition 1). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "workload/mwp_inlet.h"

static mwp_inlet two_by_two(void)
{
    return (mwp_inlet){.partitions = 2, .chunk = 256, .sms = 2};
}

/* Request n of SM sm in period p: warp 0's n-th memory instruction. */
static void add(mwp_inlet *s, uint64_t p, uint32_t sm, uint32_t n, uint64_t addr,
                uint32_t flits)
{
    assert_int_equal(mwp_inlet_add(s, mwp_inlet_key(p, sm, n, 0, 0), addr, flits), 0);
}

/* Both SMs send to partition 0, then 1.  Cycle 0: partition 0 grants SM 0 (the first
 * after its last grant, SM 1), partition 1 has no taker.  Cycle 1: partition 1 (its turn
 * to choose first) grants SM 0, partition 0 SM 1.  Cycle 2: partition 1 grants SM 1,
 * through at 3.  The fewest: 4 flits over 2 inlets, or an SM's 2: 2. */
static void in_step_by_hand(void **state)
{
    (void)state;
    mwp_inlet s = two_by_two();
    add(&s, 0, 0, 0, 0, 1), add(&s, 0, 0, 1, 256, 1);
    add(&s, 0, 1, 1, 256, 1), add(&s, 0, 1, 0, 0, 1); /* out of order: the key sorts */
    assert_int_equal(mwp_inlet_flush(&s), 0);
    assert_int_equal(s.cycles, 3);
    assert_int_equal(s.least_cycles, 2);
    assert_int_equal(s.n, 0);
    mwp_inlet_free(&s);
}

/* SM 1 goes to partition 1 first: both inlets busy at cycles 0 and 1, through at 2. */
static void spread_by_hand(void **state)
{
    (void)state;
    mwp_inlet s = two_by_two();
    add(&s, 0, 0, 0, 0, 1), add(&s, 0, 0, 1, 256, 1);
    add(&s, 0, 1, 0, 256, 1), add(&s, 0, 1, 1, 0, 1);
    assert_int_equal(mwp_inlet_flush(&s), 0);
    assert_int_equal(s.cycles, 2);
    assert_int_equal(s.least_cycles, 2);
    mwp_inlet_free(&s);
}

/* A write's 3 flits hold partition 0 for cycles 0-2; SM 1's read goes at 3, through at
 * 4.  The fewest: SM 0's 3 flits (more than 4 over 2 inlets). */
static void flits_by_hand(void **state)
{
    (void)state;
    mwp_inlet s = two_by_two();
    add(&s, 0, 0, 0, 0, 3), add(&s, 0, 1, 0, 0, 1);
    assert_int_equal(mwp_inlet_flush(&s), 0);
    assert_int_equal(s.cycles, 4);
    assert_int_equal(s.least_cycles, 3);
    mwp_inlet_free(&s);
}

/* Periods are scheduled one after another, each from an idle crossbar: the in-step
 * round of in_step_by_hand in period 0 and the spread one in period 1 sum to 3 + 2 and
 * 2 + 2; rounds add up too. */
static void periods_and_rounds_add(void **state)
{
    (void)state;
    mwp_inlet s = two_by_two();
    add(&s, 0, 0, 0, 0, 1), add(&s, 0, 0, 1, 256, 1);
    add(&s, 0, 1, 0, 0, 1), add(&s, 0, 1, 1, 256, 1);
    add(&s, 1, 0, 0, 0, 1), add(&s, 1, 0, 1, 256, 1);
    add(&s, 1, 1, 0, 256, 1), add(&s, 1, 1, 1, 0, 1);
    assert_int_equal(mwp_inlet_flush(&s), 0);
    assert_int_equal(s.cycles, 5);
    assert_int_equal(s.least_cycles, 4);
    add(&s, 0, 0, 0, 0, 3), add(&s, 0, 1, 0, 0, 1);
    assert_int_equal(mwp_inlet_flush(&s), 0);
    assert_int_equal(s.cycles, 9);
    assert_int_equal(s.least_cycles, 7);
    assert_int_equal(mwp_inlet_flush(&s), 0); /* an empty round adds nothing */
    assert_int_equal(s.cycles, 9);
    mwp_inlet_free(&s);
}

/* LRR: the warps' first memory instructions go before any warp's second; periods and
 * SMs order before both; a field beyond its bits is clamped, not wrapped. */
static void key_orders_as_lrr(void **state)
{
    (void)state;
    assert_true(mwp_inlet_key(0, 0, 0, 5, 3) < mwp_inlet_key(0, 0, 1, 0, 0));
    assert_true(mwp_inlet_key(0, 0, 0, 0, 1) < mwp_inlet_key(0, 0, 0, 1, 0));
    assert_true(mwp_inlet_key(0, 1, 0, 0, 0) > mwp_inlet_key(0, 0, 9, 9, 9));
    assert_true(mwp_inlet_key(1, 0, 0, 0, 0) > mwp_inlet_key(0, 9, 9, 9, 9));
    assert_true(mwp_inlet_key(0, 0, 1u << 20, 0, 0) < mwp_inlet_key(0, 1, 0, 0, 0));
}

/* One partition (or no chunk): nothing to contend for, nothing recorded. */
static void one_partition_records_nothing(void **state)
{
    (void)state;
    mwp_inlet s = {.partitions = 1, .chunk = 256, .sms = 2};
    add(&s, 0, 0, 0, 0, 1);
    assert_int_equal(s.n, 0);
    assert_int_equal(mwp_inlet_flush(&s), 0);
    assert_int_equal(s.cycles, 0);
    mwp_inlet_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(in_step_by_hand),        cmocka_unit_test(spread_by_hand),
        cmocka_unit_test(flits_by_hand),          cmocka_unit_test(periods_and_rounds_add),
        cmocka_unit_test(key_orders_as_lrr),      cmocka_unit_test(one_partition_records_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
