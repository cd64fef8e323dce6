/* test_engine_merge.c - merge_same_address against hand-timed command sequences on the
 * baseline GDDR3 (tRCD 12, CL 9, WL 4, tCCD 2, tRRD 8, tWTR 5; a burst is 2 cycles and
 * moves 32 bytes; WR -> RD is WL + burst + tWTR = 11).  A RD at t ends its data at
 * t + 9 + 2, a WR at t + 4 + 2.  Every expected cycle and counter is derived by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine_rig.h"

#define RD HAMM_CMD_RD
#define WR HAMM_CMD_WR
#define ACT HAMM_CMD_ACT

static const char *const merge[] = {"merge_same_address=true"};

static uint64_t stat(const rig *g, hamm_channel_stat s)
{
    return ch0(g)->stat[s];
}

/* Requests served without a DRAM command of their own: requests - row hits - misses. */
static uint64_t merged(const rig *g)
{
    return stat(g, HAMM_STAT_requests) - stat(g, HAMM_STAT_row_hits) -
           stat(g, HAMM_STAT_row_misses);
}

/* Two reads of bank 0 row 0 column 0 at cycle 0.  Alone: ACT 0, RD 12, RD 14 (tCCD), the
 * last data at 14 + 11 = 25.  Merged: the second joins the first, one RD at 12, both done
 * at 23: latency 23 + 23 = 46. */
static void two_reads_one_rd(void **state)
{
    (void)state;
    rig *a = rig_new(NULL, 0, HAMM_REPLAY_TIMED), *m = rig_new(merge, 1, HAMM_REPLAY_TIMED);
    rig *both[] = {a, m};
    for (int k = 0; k < 2; k++) {
        add_at(both[k], 0, 0, 0, 0, 0);
        add_at(both[k], 0, 0, 0, 0, 0);
        hamm_engine_finish(both[k]->e);
    }
    const expect alone[] = {{0, ACT, 0}, {12, RD, 0}, {14, RD, 0}};
    expect_commands(a, alone, 3);
    assert_int_equal(stat(a, HAMM_STAT_cycles), 25);
    const expect one[] = {{0, ACT, 0}, {12, RD, 0}};
    expect_commands(m, one, 2);
    assert_int_equal(stat(m, HAMM_STAT_cycles), 23);
    assert_int_equal(stat(m, HAMM_STAT_requests), 2);
    assert_int_equal(stat(m, HAMM_STAT_reads), 2);
    assert_int_equal(stat(m, HAMM_STAT_read_bursts), 1);
    assert_int_equal(stat(m, HAMM_STAT_busy_cycles), 2);
    assert_int_equal(stat(m, HAMM_STAT_latency_sum), 46);
    assert_int_equal(stat(m, HAMM_STAT_latency_max), 23);
    assert_int_equal(merged(m), 1);
    assert_int_equal(merged(a), 0);
    rig_free(a);
    rig_free(m);
}

/* A write, then a read of the same address, both at 0.  Alone: ACT 0, WR 12, RD 12 + 11 =
 * 23, done 34.  Merged: the read is served from the queued write the next cycle (latency
 * 1) and never reaches the DRAM: ACT 0, WR 12, done 12 + 6 = 18; latency 18 + 1 = 19.
 * The same with a write queue (the write waits in the other queue). */
static void read_served_by_queued_write(void **state)
{
    (void)state;
    const char *wq[] = {"merge_same_address=true", "write_queue_size=4"};
    rig *a = rig_new(NULL, 0, HAMM_REPLAY_TIMED), *m = rig_new(merge, 1, HAMM_REPLAY_TIMED);
    rig *w = rig_new(wq, 2, HAMM_REPLAY_TIMED);
    rig *all[] = {a, m, w};
    for (int k = 0; k < 3; k++) {
        add_at(all[k], 0, 0, 0, 1, 0);
        add_at(all[k], 0, 0, 0, 0, 0);
        hamm_engine_finish(all[k]->e);
    }
    const expect alone[] = {{0, ACT, 0}, {12, WR, 0}, {23, RD, 0}};
    expect_commands(a, alone, 3);
    assert_int_equal(stat(a, HAMM_STAT_cycles), 34);
    const expect fwd[] = {{0, ACT, 0}, {12, WR, 0}};
    for (int k = 1; k < 3; k++) {
        expect_commands(all[k], fwd, 2);
        assert_int_equal(stat(all[k], HAMM_STAT_cycles), 18);
        assert_int_equal(stat(all[k], HAMM_STAT_requests), 2);
        assert_int_equal(stat(all[k], HAMM_STAT_reads), 1);
        assert_int_equal(stat(all[k], HAMM_STAT_writes), 1);
        assert_int_equal(stat(all[k], HAMM_STAT_read_bursts), 0);
        assert_int_equal(stat(all[k], HAMM_STAT_latency_sum), 19);
        assert_int_equal(stat(all[k], HAMM_STAT_latency_max), 18);
        assert_int_equal(merged(all[k]), 1);
    }
    rig_free(a);
    rig_free(m);
    rig_free(w);
}

/* Two writes of one address at 0: one WR at 12, both done at 18 (latency 36). */
static void two_writes_one_wr(void **state)
{
    (void)state;
    rig *m = rig_new(merge, 1, HAMM_REPLAY_TIMED);
    add_at(m, 0, 0, 0, 1, 0);
    add_at(m, 0, 0, 0, 1, 0);
    hamm_engine_finish(m->e);
    const expect x[] = {{0, ACT, 0}, {12, WR, 0}};
    expect_commands(m, x, 2);
    assert_int_equal(stat(m, HAMM_STAT_writes), 2);
    assert_int_equal(stat(m, HAMM_STAT_write_bursts), 1);
    assert_int_equal(stat(m, HAMM_STAT_latency_sum), 36);
    rig_free(m);
}

/* Only a queued request none of whose bursts has issued serves another, and only one of
 * the same bank, row and column.  A read at 13 comes after the first one's RD 12 (which
 * retired it): its own RD at 14, done 25.  A read of the same row and column in bank 1:
 * its own ACT at tRRD 8 and RD at 8 + 12 = 20. */
static void only_queued_same_address(void **state)
{
    (void)state;
    rig *late = rig_new(merge, 1, HAMM_REPLAY_TIMED), *bank = rig_new(merge, 1, HAMM_REPLAY_TIMED);
    add_at(late, 0, 0, 0, 0, 0);
    add_at(late, 0, 0, 0, 0, 13);
    add_at(bank, 0, 0, 0, 0, 0);
    add_at(bank, 1, 0, 0, 0, 0);
    hamm_engine_finish(late->e);
    hamm_engine_finish(bank->e);
    const expect x[] = {{0, ACT, 0}, {12, RD, 0}, {14, RD, 0}};
    expect_commands(late, x, 3);
    assert_int_equal(stat(late, HAMM_STAT_cycles), 25);
    assert_int_equal(merged(late), 0);
    const expect y[] = {{0, ACT, 0}, {8, ACT, 1}, {12, RD, 0}, {20, RD, 1}};
    expect_commands(bank, y, 4);
    assert_int_equal(merged(bank), 0);
    rig_free(late);
    rig_free(bank);
}

/* A queued 64-byte read (2 bursts) serves a 32-byte read of its address, which completes
 * with it: RD 12 and 14, both done at 14 + 11 = 25 (latency 50).  A queued 32-byte read
 * cannot serve a 64-byte one: RD 12 (32 B), then RD 14 and 16 (64 B). */
static void longer_serves_shorter(void **state)
{
    (void)state;
    rig *m = rig_new(merge, 1, HAMM_REPLAY_SATURATED), *n = rig_new(merge, 1, HAMM_REPLAY_SATURATED);
    add(m, 0, 0, 0, 64, 0);
    add(m, 0, 0, 0, 32, 0);
    add(n, 0, 0, 0, 32, 0);
    add(n, 0, 0, 0, 64, 0);
    hamm_engine_finish(m->e);
    hamm_engine_finish(n->e);
    const expect x[] = {{0, ACT, 0}, {12, RD, 0}, {14, RD, 0}};
    expect_commands(m, x, 3);
    assert_int_equal(stat(m, HAMM_STAT_requests), 2);
    assert_int_equal(stat(m, HAMM_STAT_latency_sum), 50);
    const expect y[] = {{0, ACT, 0}, {12, RD, 0}, {14, RD, 0}, {16, RD, 0}};
    expect_commands(n, y, 4);
    assert_int_equal(merged(n), 0);
    rig_free(m);
    rig_free(n);
}

/* The key loads as a boolean and the model dump names it only when true. */
static void model_key(void **state)
{
    (void)state;
    rig *a = rig_new(NULL, 0, HAMM_REPLAY_TIMED), *m = rig_new(merge, 1, HAMM_REPLAY_TIMED);
    assert_int_equal(a->p.cfg.merge_same_address, 0);
    assert_int_equal(m->p.cfg.merge_same_address, 1);
    char *off = hamm_config_to_json(&a->p.cfg), *on = hamm_config_to_json(&m->p.cfg);
    assert_non_null(off);
    assert_non_null(on);
    assert_null(strstr(off, "merge_same_address"));
    assert_non_null(strstr(on, "\"merge_same_address\": true"));
    free(off);
    free(on);
    rig_free(a);
    rig_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_reads_one_rd),
        cmocka_unit_test(read_served_by_queued_write),
        cmocka_unit_test(two_writes_one_wr),
        cmocka_unit_test(only_queued_same_address),
        cmocka_unit_test(longer_serves_shorter),
        cmocka_unit_test(model_key),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
