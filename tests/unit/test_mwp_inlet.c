/* test_mwp_inlet.c - the crossbar inlets' schedule of the MWP/CWP counts
 * (src/mwp/mwp_inlet.c, docs/MWP.md "The crossbar" and "The merge limit"), on rounds
 * worked by hand: two partitions of 256-byte chunks (address 0: partition 0, 256:
 * partition 1), requests of 1 flit unless said, each request's send cycle recorded. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mwp/mwp_inlet.h"

/* A request as a test writes it: after = the id of the request it waits for, plus 1. */
typedef struct req {
    uint64_t period;
    uint32_t sm, slot, inst, trans;
    uint64_t addr;
    uint16_t flits, service, barriers;
    uint8_t load;
    uint32_t after;
} req;

/* The cycle each request (by id) was let in. */
typedef struct sent {
    uint64_t at[16];
} sent;

static void record(void *ctx, const mwp_inlet_req *r, uint64_t cycle)
{
    sent *s = ctx;
    if (r->id < 16)
        s->at[r->id] = cycle;
}

static mwp_inlet two_partitions(sent *log)
{
    return (mwp_inlet){.partitions = 2, .chunk = 256, .sms = 2, .on_send = record, .ctx = log};
}

static void add(mwp_inlet *s, req r)
{
    mwp_inlet_req q = {.key = mwp_inlet_key(r.period, r.sm, r.inst, r.slot, r.trans),
                       .wait_for = r.after ? r.after - 1 : MWP_INLET_NONE,
                       .flits = r.flits ? r.flits : 1, .service = r.service,
                       .barriers = r.barriers, .load = r.load};
    assert_int_equal(mwp_inlet_add(s, q, r.addr), 0);
}

static void flush_expect(mwp_inlet *s, uint64_t cycles, uint64_t least)
{
    assert_int_equal(mwp_inlet_flush(s), 0);
    assert_int_equal(s->cycles, cycles);
    assert_int_equal(s->least_cycles, least);
    assert_int_equal(s->n, 0);
}

/* Both SMs send to partition 0, then 1 (ids 0-3).  Cycle 0: partition 0 grants SM 0 (the
 * first after its last grant, SM 1), partition 1 has no taker.  Cycle 1: partition 1 (its
 * turn to choose first) grants SM 0, partition 0 SM 1.  Cycle 2: partition 1 grants SM 1,
 * through at 3.  Inlets taking any request: both SMs at cycles 0 and 1: 2. */
static void in_step_by_hand(void **state)
{
    (void)state;
    sent log = {{0}};
    mwp_inlet s = two_partitions(&log);
    add(&s, (req){.sm = 0, .inst = 0, .addr = 0});
    add(&s, (req){.sm = 0, .inst = 1, .addr = 256});
    add(&s, (req){.sm = 1, .inst = 1, .addr = 256}); /* out of order: the key sorts */
    add(&s, (req){.sm = 1, .inst = 0, .addr = 0});
    flush_expect(&s, 3, 2);
    assert_int_equal(log.at[0], 0), assert_int_equal(log.at[1], 1);
    assert_int_equal(log.at[3], 1), assert_int_equal(log.at[2], 2);
    mwp_inlet_free(&s);
}

/* SM 1 goes to partition 1 first: both inlets busy at cycles 0 and 1, through at 2. */
static void spread_by_hand(void **state)
{
    (void)state;
    sent log = {{0}};
    mwp_inlet s = two_partitions(&log);
    add(&s, (req){.sm = 0, .inst = 0, .addr = 0});
    add(&s, (req){.sm = 0, .inst = 1, .addr = 256});
    add(&s, (req){.sm = 1, .inst = 0, .addr = 256});
    add(&s, (req){.sm = 1, .inst = 1, .addr = 0});
    flush_expect(&s, 2, 2);
    mwp_inlet_free(&s);
}

/* A write's 3 flits hold partition 0 for cycles 0-2; SM 1's read goes at 3, through at
 * 4.  Inlets taking any request: both at cycle 0, through at 3.  Rounds add up; an
 * empty one adds nothing. */
static void flits_and_rounds_by_hand(void **state)
{
    (void)state;
    sent log = {{0}};
    mwp_inlet s = two_partitions(&log);
    add(&s, (req){.sm = 0, .addr = 0, .flits = 3});
    add(&s, (req){.sm = 1, .addr = 0});
    flush_expect(&s, 4, 3);
    assert_int_equal(log.at[1], 3);
    add(&s, (req){.sm = 0, .addr = 0, .flits = 3});
    add(&s, (req){.sm = 1, .addr = 256});
    flush_expect(&s, 4 + 3, 3 + 3);
    flush_expect(&s, 7, 6);
    mwp_inlet_free(&s);
}

/* The merge limit, a round trip of 10 cycles: each SM loads a block at partition 0 (A0,
 * A1: ids 0, 1) whose request is full, so its next load (S0, S1: ids 2, 3, 2 flits to
 * partition 1) waits for A's reply.  Partition 0 serves a request in 3 cycles (48
 * sixteenths).  A0 enters at 0, back at 0 + 1 + 10 = 11; A1 at 1, back at max(1 + 1 +
 * 10, 11 + 3) = 14.  S0 goes at 11, S1 at 14 (through at 16).  Cycles 2-10 and 13 have
 * nothing on the crossbar and every SM waiting: 16 - 10 = 6.  Inlets taking any request:
 * A0 and A1 both at 0 (A1 still back at 14: the partition serves it), S0 at 11, S1 at 14:
 * 16 - 11 = 5.  Without the wait S0 and S1 would go at 1 and 3. */
static void merge_wait_by_hand(void **state)
{
    (void)state;
    sent log = {{0}};
    mwp_inlet s = two_partitions(&log);
    s.round_trip = 10;
    add(&s, (req){.sm = 0, .addr = 0, .load = 1, .service = 48});
    add(&s, (req){.sm = 1, .addr = 0, .load = 1, .service = 48});
    add(&s, (req){.sm = 0, .slot = 1, .addr = 256, .flits = 2, .load = 1, .after = 1});
    add(&s, (req){.sm = 1, .slot = 1, .addr = 256, .flits = 2, .load = 1, .after = 2});
    flush_expect(&s, 6, 5);
    assert_int_equal(log.at[0], 0), assert_int_equal(log.at[1], 1);
    assert_int_equal(log.at[2], 11), assert_int_equal(log.at[3], 14);
    mwp_inlet_free(&s);
}

/* A warp's next period waits for its own loads only.  One SM, a round trip of 2, an issue
 * a cycle: warp 0 loads L0 (id 0, partition 0) and in period 1 sends X0 (id 1, partition
 * 1); warp 1 loads L1 (id 2, partition 0) and sends 4 more to partition 0 (ids 3-6, its
 * instructions 1-4).  L0 at 0 (back at 3), L1 at 1 (back at 4), warp 1's at 2 and 3 (its
 * instructions issued at 1 and 2 come before X0, issued at its release, 3).  At 4 X0 and
 * warp 1's instruction 3 both issued at 3: warp 0 first, to partition 1.  Then warp 1's at
 * 5 and 6.  Waiting for both warps' loads (back at 4) X0 would go at 5. */
static void warp_periods_by_hand(void **state)
{
    (void)state;
    sent log = {{0}};
    mwp_inlet s = two_partitions(&log);
    s.round_trip = 2;
    s.issue_interval = 1;
    add(&s, (req){.addr = 0, .load = 1});
    add(&s, (req){.period = 1, .addr = 256});
    add(&s, (req){.slot = 1, .addr = 0, .load = 1});
    for (uint32_t i = 1; i <= 4; i++)
        add(&s, (req){.slot = 1, .inst = i, .addr = 0});
    flush_expect(&s, 7, 7);
    uint64_t want[7] = {0, 4, 1, 2, 3, 5, 6};
    for (int i = 0; i < 7; i++)
        assert_int_equal(log.at[i], want[i]);
    mwp_inlet_free(&s);
}

/* The warps of warp_periods_by_hand in one CTA, with a barrier before X0 (id 1) and
 * before warp 1's last request, Y1 (id 6, partition 1, in its period 1 after 3 more to
 * partition 0).  X0 waits until warp 1 reaches the barrier (after its instruction 3, sent
 * at 4) and both warps' loads are back (4): X0 at 5, Y1 (same issue, slot 1) at 6. */
static void barrier_by_hand(void **state)
{
    (void)state;
    sent log = {{0}};
    mwp_inlet s = two_partitions(&log);
    s.round_trip = 2;
    s.issue_interval = 1;
    s.warps_per_cta = 2;
    add(&s, (req){.addr = 0, .load = 1});
    add(&s, (req){.period = 1, .addr = 256, .barriers = 1});
    add(&s, (req){.slot = 1, .addr = 0, .load = 1});
    for (uint32_t i = 1; i <= 3; i++)
        add(&s, (req){.slot = 1, .inst = i, .addr = 0});
    add(&s, (req){.slot = 1, .period = 1, .addr = 256, .barriers = 1});
    flush_expect(&s, 7, 7);
    uint64_t want[7] = {0, 5, 1, 2, 3, 4, 6};
    for (int i = 0; i < 7; i++)
        assert_int_equal(log.at[i], want[i]);
    mwp_inlet_free(&s);
}

/* An SM issues a memory instruction every 3 cycles; an instruction's transactions follow
 * one another.  Instruction 0's two at 0 and 1, instruction 1's at 3; cycle 2 is the
 * issue's, with nothing on the crossbar: 4 - 1 = 3. */
static void issue_interval_by_hand(void **state)
{
    (void)state;
    sent log = {{0}};
    mwp_inlet s = two_partitions(&log);
    s.issue_interval = 3;
    add(&s, (req){.addr = 0});
    add(&s, (req){.trans = 1, .addr = 256});
    add(&s, (req){.inst = 1, .addr = 0});
    flush_expect(&s, 3, 3);
    assert_int_equal(log.at[1], 1), assert_int_equal(log.at[2], 3);
    mwp_inlet_free(&s);
}

/* A partition serves its loads in order: A (SM 0) and B (SM 1) at partition 0, 3 cycles
 * each, a round trip of 2.  A at 0 back at 3, B at 1 back at max(1 + 1 + 2, 3 + 3) = 6;
 * each SM's next period (X, Y at partition 1) goes then: 3 and 6, through at 7, with
 * cycles 2, 4 and 5 idle: 4.  Inlets taking any request: A and B at 0, X at 3, Y at 6,
 * idle 1-2 and 4-5: 3. */
static void partition_service_by_hand(void **state)
{
    (void)state;
    sent log = {{0}};
    mwp_inlet s = two_partitions(&log);
    s.round_trip = 2;
    add(&s, (req){.sm = 0, .addr = 0, .load = 1, .service = 48});
    add(&s, (req){.sm = 0, .period = 1, .addr = 256});
    add(&s, (req){.sm = 1, .addr = 0, .load = 1, .service = 48});
    add(&s, (req){.sm = 1, .period = 1, .addr = 256});
    flush_expect(&s, 4, 3);
    assert_int_equal(log.at[1], 3), assert_int_equal(log.at[3], 6);
    mwp_inlet_free(&s);
}

/* The table sorts each warp's requests together, in its order (period, instruction,
 * transaction), warps by slot, SMs first; a field beyond its bits is clamped. */
static void key_orders_by_warp(void **state)
{
    (void)state;
    assert_true(mwp_inlet_key(0, 0, 0, 0, 9) < mwp_inlet_key(0, 0, 1, 0, 0));
    assert_true(mwp_inlet_key(0, 0, 9, 0, 9) < mwp_inlet_key(1, 0, 0, 0, 0));
    assert_true(mwp_inlet_key(9, 0, 9, 0, 9) < mwp_inlet_key(0, 0, 0, 1, 0));
    assert_true(mwp_inlet_key(9, 0, 9, 9, 9) < mwp_inlet_key(0, 1, 0, 0, 0));
    assert_true(mwp_inlet_key(0, 0, 1u << 20, 0, 0) < mwp_inlet_key(1, 0, 0, 0, 0));
}

/* One partition (or no chunk): nothing to contend for, nothing recorded. */
static void one_partition_records_nothing(void **state)
{
    (void)state;
    mwp_inlet s = {.partitions = 1, .chunk = 256, .sms = 2};
    add(&s, (req){.addr = 0});
    assert_int_equal(s.n, 0);
    flush_expect(&s, 0, 0);
    mwp_inlet_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(in_step_by_hand),
        cmocka_unit_test(spread_by_hand),
        cmocka_unit_test(flits_and_rounds_by_hand),
        cmocka_unit_test(merge_wait_by_hand),
        cmocka_unit_test(warp_periods_by_hand),
        cmocka_unit_test(barrier_by_hand),
        cmocka_unit_test(issue_interval_by_hand),
        cmocka_unit_test(partition_service_by_hand),
        cmocka_unit_test(key_orders_by_warp),
        cmocka_unit_test(one_partition_records_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
