/* test_engine.c - the reference engine against hand-timed command sequences on the
 * baseline GDDR3 (Yuan & Aamodt Table 2: tRCD 12, CL 9, tCCD 2, tRRD 8, tRAS 21, tRP 13,
 * tRC 34, tWTR 5; model defaults WL 4, tRTW 9, tRTP 2, tWR 13; BL 4 at DDR: a burst is
 * 2 cycles; 2 chips x 4 bytes x BL4 = 32 bytes per RD/WR).  Every expected cycle below is
 * derived by hand from those numbers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine_rig.h"

/* A read to a closed bank: ACT at 0, RD at tRCD = 12, data from 12 + CL = 21 for one
 * burst (2 cycles): the request completes at 23 = tRCD + CL + burst. */
static void read_to_closed_bank(void **state)
{
    (void)state;
    rig *g = rig_new(NULL, 0, HAMM_REPLAY_SATURATED);
    add(g, 0, 5, 0, 32, 0);
    hamm_engine_finish(g->e);
    const expect x[] = {{0, HAMM_CMD_ACT, 0}, {12, HAMM_CMD_RD, 0}};
    expect_commands(g, x, 2);
    assert_int_equal(ch0(g)->stat[HAMM_STAT_latency_max], 23);
    assert_int_equal(ch0(g)->stat[HAMM_STAT_cycles], 23);
    assert_int_equal(ch0(g)->stat[HAMM_STAT_busy_cycles], 2);
    assert_int_equal(ch0(g)->stat[HAMM_STAT_row_misses], 1);
    rig_free(g);
}

/* Four reads to one open row go tCCD = 2 apart: RD at 12, 14, 16, 18.  A 64-byte request
 * is two bursts, so two such requests make the same four RDs. */
static void row_hits_tccd_apart(void **state)
{
    (void)state;
    rig *g = rig_new(NULL, 0, HAMM_REPLAY_SATURATED);
    add(g, 1, 7, 0, 64, 0);
    add(g, 1, 7, 64, 64, 0);
    hamm_engine_finish(g->e);
    const expect x[] = {{0, HAMM_CMD_ACT, 1}, {12, HAMM_CMD_RD, 1}, {14, HAMM_CMD_RD, 1},
                        {16, HAMM_CMD_RD, 1}, {18, HAMM_CMD_RD, 1}};
    expect_commands(g, x, 5);
    assert_int_equal(ch0(g)->stat[HAMM_STAT_row_hits], 1);
    assert_int_equal(ch0(g)->stat[HAMM_STAT_row_misses], 1);
    assert_int_equal(ch0(g)->stat[HAMM_STAT_cycles], 18 + 9 + 2);
    rig_free(g);
}

/* A row conflict: row 1 then row 2 in bank 0.  RD at 12; PRE waits for tRAS (0 + 21 = 21;
 * RD + tRTP = 14 is earlier); ACT waits for PRE + tRP = 34 and ACT + tRC = 34; RD at
 * 34 + tRCD = 46.  The second request's latency: 46 + CL 9 + 2 = 57. */
static void row_conflict(void **state)
{
    (void)state;
    rig *g = rig_new(NULL, 0, HAMM_REPLAY_SATURATED);
    add(g, 0, 1, 0, 32, 0);
    add(g, 0, 2, 0, 32, 0);
    hamm_engine_finish(g->e);
    const expect x[] = {{0, HAMM_CMD_ACT, 0}, {12, HAMM_CMD_RD, 0}, {21, HAMM_CMD_PRE, 0},
                        {34, HAMM_CMD_ACT, 0}, {46, HAMM_CMD_RD, 0}};
    expect_commands(g, x, 5);
    assert_int_equal(ch0(g)->stat[HAMM_STAT_latency_max], 57);
    rig_free(g);
}

/* Four banks: the ACTs go tRRD = 8 apart (0, 8, 16, 24) and each RD follows its ACT by
 * tRCD = 12 (12, 20, 28, 36), column commands taking the cycle first when both could. */
static void four_banks_trrd(void **state)
{
    (void)state;
    rig *g = rig_new(NULL, 0, HAMM_REPLAY_SATURATED);
    for (uint32_t b = 0; b < 4; b++)
        add(g, b, 10 + b, 0, 32, 0);
    hamm_engine_finish(g->e);
    const expect x[] = {{0, HAMM_CMD_ACT, 0},  {8, HAMM_CMD_ACT, 1},  {12, HAMM_CMD_RD, 0},
                        {16, HAMM_CMD_ACT, 2}, {20, HAMM_CMD_RD, 1},  {24, HAMM_CMD_ACT, 3},
                        {28, HAMM_CMD_RD, 2},  {36, HAMM_CMD_RD, 3}};
    expect_commands(g, x, 8);
    rig_free(g);
}

/* Write then read, one row: WR at 12; RD waits for the end of the write data
 * (12 + WL 4 + 2 = 18) plus tWTR 5: 23. */
static void write_to_read(void **state)
{
    (void)state;
    rig *g = rig_new(NULL, 0, HAMM_REPLAY_SATURATED);
    add(g, 2, 3, 0, 32, 1);
    add(g, 2, 3, 32, 32, 0);
    hamm_engine_finish(g->e);
    const expect x[] = {{0, HAMM_CMD_ACT, 2}, {12, HAMM_CMD_WR, 2}, {23, HAMM_CMD_RD, 2}};
    expect_commands(g, x, 3);
    assert_int_equal(ch0(g)->stat[HAMM_STAT_writes], 1);
    rig_free(g);
}

/* Read then write, one row: RD at 12; WR at RD + tRTW 9 = 21 (its data, from 25, starts
 * after the read data ends at 23). */
static void read_to_write(void **state)
{
    (void)state;
    rig *g = rig_new(NULL, 0, HAMM_REPLAY_SATURATED);
    add(g, 2, 3, 0, 32, 0);
    add(g, 2, 3, 32, 32, 1);
    hamm_engine_finish(g->e);
    const expect x[] = {{0, HAMM_CMD_ACT, 2}, {12, HAMM_CMD_RD, 2}, {21, HAMM_CMD_WR, 2}};
    expect_commands(g, x, 3);
    rig_free(g);
}

/* A write's row closes only after write recovery: WR at 12, data ends at 18, PRE at
 * 18 + tWR 13 = 31 (tRAS, 21, is earlier); the next ACT at 31 + tRP 13 = 44. */
static void write_recovery(void **state)
{
    (void)state;
    rig *g = rig_new(NULL, 0, HAMM_REPLAY_SATURATED);
    add(g, 3, 1, 0, 32, 1);
    add(g, 3, 2, 0, 32, 0);
    hamm_engine_finish(g->e);
    const expect x[] = {{0, HAMM_CMD_ACT, 3}, {12, HAMM_CMD_WR, 3}, {31, HAMM_CMD_PRE, 3},
                        {44, HAMM_CMD_ACT, 3}, {56, HAMM_CMD_RD, 3}};
    expect_commands(g, x, 5);
    rig_free(g);
}

/* A stream of row hits keeps the data bus busy: efficiency near 100%.  With n requests
 * of 2 bursts, busy = 4n and the only overhead is the first ACT + tRCD + CL. */
static void row_hit_stream(void **state)
{
    (void)state;
    rig *g = rig_new(NULL, 0, HAMM_REPLAY_SATURATED);
    for (int i = 0; i < 2000; i++)
        add(g, 0, 9, (uint32_t)(i % 64) * 64, 64, 0);
    hamm_engine_finish(g->e);
    const hamm_channel_result *r = ch0(g);
    assert_int_equal(r->stat[HAMM_STAT_busy_cycles], 8000);
    assert_int_equal(r->stat[HAMM_STAT_active_cycles], 8000 + 12 + 9);
    assert_true(hamm_result_efficiency(r) > 0.99);
    rig_free(g);
}

/* One bank, two 64-byte requests per row, queue always full: each row costs
 * ACT, RD x4 (12, 14, 16, 18), PRE at 21 (tRAS), next ACT at 34 (tRC = tRAS + tRP): 8 busy
 * cycles in 34, 8/34 = 23.5% (the thesis measured 23.6% in GPGPU-Sim). */
static void two_requests_per_row(void **state)
{
    (void)state;
    rig *g = rig_new(NULL, 0, HAMM_REPLAY_SATURATED);
    for (uint32_t row = 0; row < 500; row++) {
        add(g, 0, row, 0, 64, 0);
        add(g, 0, row, 64, 64, 0);
    }
    hamm_engine_finish(g->e);
    double eff = hamm_result_efficiency(ch0(g));
    assert_true(eff > 8.0 / 34 - 0.002 && eff < 8.0 / 34 + 0.002);
    assert_int_equal(ch0(g)->stat[HAMM_STAT_activates], 500);
    /* 499 full periods of 34 cycles, then the last row's RDs and data: 499 * 34 + 29 */
    assert_int_equal(ch0(g)->stat[HAMM_STAT_cycles], 499 * 34 + 18 + 9 + 2);
    rig_free(g);
}

/* FCFS serves strictly in order; FR-FCFS serves the open row's requests first.
 * Requests (bank 0): row 1, row 2, row 1.  FR-FCFS: ACT 1, RD, RD (the third request
 * hits), PRE, ACT 2, RD.  FCFS: ACT 1, RD, PRE, ACT 2, RD, PRE, ACT 1, RD. */
static void fcfs_keeps_order(void **state)
{
    (void)state;
    const char *fr[] = {"scheduler=fr-fcfs"}, *fc[] = {"scheduler=fcfs"};
    rig *a = rig_new(fr, 1, HAMM_REPLAY_SATURATED), *b = rig_new(fc, 1, HAMM_REPLAY_SATURATED);
    rig *both[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        add(both[k], 0, 1, 0, 32, 0);
        add(both[k], 0, 2, 0, 32, 0);
        add(both[k], 0, 1, 32, 32, 0);
        hamm_engine_finish(both[k]->e);
    }
    assert_int_equal(ch0(a)->stat[HAMM_STAT_activates], 2);
    assert_int_equal(ch0(b)->stat[HAMM_STAT_activates], 3);
    const expect x[] = {{0, HAMM_CMD_ACT, 0}, {12, HAMM_CMD_RD, 0}, {14, HAMM_CMD_RD, 0},
                        {21, HAMM_CMD_PRE, 0}, {34, HAMM_CMD_ACT, 0}, {46, HAMM_CMD_RD, 0}};
    expect_commands(a, x, 6);
    rig_free(a);
    rig_free(b);
}

/* Timed replay: a request arriving at cycle 100 to an idle channel is served from 100;
 * the idle time before it is neither active nor busy. */
static void timed_arrivals(void **state)
{
    (void)state;
    rig *g = rig_new(NULL, 0, HAMM_REPLAY_TIMED);
    hamm_request r = {.addr = addr(0, 0, 4, 0), .size = 32, .cycle = 100,
                      .flags = HAMM_REQ_HAS_CYCLE};
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_engine_add(g->e, &r, 1, &err), HAMM_OK);
    r.cycle = 50; /* going back in time is an error */
    assert_int_equal(hamm_engine_add(g->e, &r, 1, &err), HAMM_ERR_PARSE);
    assert_string_equal(err.field, "cycle");
    hamm_engine_finish(g->e);
    const expect x[] = {{100, HAMM_CMD_ACT, 0}, {112, HAMM_CMD_RD, 0}};
    expect_commands(g, x, 2);
    assert_int_equal(ch0(g)->stat[HAMM_STAT_active_cycles], 23);
    assert_int_equal(ch0(g)->stat[HAMM_STAT_cycles], 123);
    assert_true(hamm_result_utilization(ch0(g)) == 2.0 / 123);
    rig_free(g);
}

/* Chips in lockstep: a 64-byte request is 64 / (chips x 4 bytes x BL4) bursts: four for
 * one chip (RD at 12, 14, 16, 18: done at 18 + 9 + 2 = 29), one for four chips (done at
 * 12 + 9 + 2 = 23).  The maps widen with the row (one chip: 2 KB rows, four: 8 KB). */
static void chips_per_channel(void **state)
{
    (void)state;
    const char *one[] = {"chips_per_channel=1",
                         "address_map=dramid@8;00000000.00000000.00000000.00000000."
                         "0000000R.RRRRRRRR.RRRBBCCC.CCCSSSSS"};
    const char *four[] = {"chips_per_channel=4",
                          "address_map=dramid@8;00000000.00000000.00000000.00000000."
                          "00000RRR.RRRRRRRR.RBBCCCCC.CCCSSSSS"};
    rig *a = rig_new(one, 2, HAMM_REPLAY_SATURATED), *b = rig_new(four, 2, HAMM_REPLAY_SATURATED);
    hamm_request r = {.addr = 0, .size = 64};
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_engine_add(a->e, &r, 1, &err), HAMM_OK);
    assert_int_equal(hamm_engine_add(b->e, &r, 1, &err), HAMM_OK);
    hamm_engine_finish(a->e);
    hamm_engine_finish(b->e);
    assert_int_equal(ch0(a)->stat[HAMM_STAT_read_bursts], 4);
    assert_int_equal(ch0(a)->stat[HAMM_STAT_latency_max], 29);
    assert_int_equal(ch0(a)->stat[HAMM_STAT_busy_cycles], 8);
    assert_int_equal(ch0(b)->stat[HAMM_STAT_read_bursts], 1);
    assert_int_equal(ch0(b)->stat[HAMM_STAT_latency_max], 23);
    rig_free(a);
    rig_free(b);
}

/* A read may pass a write that waits: RD bank 1 at 12 (its ACT at 0), bank 0 opens at 8
 * (tRRD) for a WR and a RD.  At 20 (ACT + tRCD) the WR must wait for RD + tRTW = 21, the
 * RD may go: RD at 20, then the WR at 20 + tRTW 9 = 29. */
static void read_passes_waiting_write(void **state)
{
    (void)state;
    rig *g = rig_new(NULL, 0, HAMM_REPLAY_SATURATED);
    add(g, 1, 5, 0, 32, 0);
    add(g, 0, 0, 0, 32, 1);
    add(g, 0, 0, 32, 32, 0);
    hamm_engine_finish(g->e);
    const expect x[] = {{0, HAMM_CMD_ACT, 1},  {8, HAMM_CMD_ACT, 0}, {12, HAMM_CMD_RD, 1},
                        {20, HAMM_CMD_RD, 0}, {29, HAMM_CMD_WR, 0}};
    expect_commands(g, x, 5);
    rig_free(g);
}

/* An idle channel's refreshes are counted in one go when no command log needs each REF:
 * the result must equal issuing them one by one (DDR4: tREFI 9363, a 10^6-cycle gap). */
static void idle_refreshes_in_one_go(void **state)
{
    (void)state;
    hamm_channel_result with_log = {0}, without_log = {0};
    for (int logged = 0; logged < 2; logged++) {
        rig *g = calloc(1, sizeof *g);
        hamm_error err;
        hamm_error_clear(&err);
        g->p.replay = HAMM_REPLAY_TIMED;
        g->p.refresh = 1;
        if (hamm_config_load(&g->p.cfg, HAMM_SOURCE_ROOT "/models/system/ddr4-2400-2ch.json",
                             NULL, 0, &err) != HAMM_OK ||
            hamm_config_addrmap(&g->p.cfg, &g->map, &err) != HAMM_OK ||
            hamm_engine_new(&g->e, &g->p, g->map, logged ? on_command : NULL, &g->cap, &err) !=
                HAMM_OK)
            fail_msg("%s", err.text);
        hamm_request r[2] = {{.addr = 0, .size = 64, .cycle = 5, .flags = HAMM_REQ_HAS_CYCLE},
                             {.addr = 0, .size = 64, .cycle = 1000000,
                              .flags = HAMM_REQ_HAS_CYCLE}};
        assert_int_equal(hamm_engine_add(g->e, r, 2, &err), HAMM_OK);
        hamm_engine_finish(g->e);
        hamm_engine_total(g->e, logged ? &with_log : &without_log);
        rig_free(g);
    }
    assert_true(without_log.stat[HAMM_STAT_refreshes] >= 2 * (1000000 / 9363));
    assert_memory_equal(&with_log, &without_log, sizeof with_log);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(read_to_closed_bank), cmocka_unit_test(row_hits_tccd_apart),
        cmocka_unit_test(row_conflict),        cmocka_unit_test(four_banks_trrd),
        cmocka_unit_test(write_to_read),       cmocka_unit_test(read_to_write),
        cmocka_unit_test(write_recovery),      cmocka_unit_test(row_hit_stream),
        cmocka_unit_test(two_requests_per_row), cmocka_unit_test(fcfs_keeps_order),
        cmocka_unit_test(timed_arrivals),      cmocka_unit_test(chips_per_channel),
        cmocka_unit_test(read_passes_waiting_write), cmocka_unit_test(idle_refreshes_in_one_go),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
