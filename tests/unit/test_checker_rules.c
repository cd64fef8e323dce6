/* test_checker_rules.c - the independent timing checker on GDDR3 (no bank groups, no
 * refresh): for every rule of the constraint table in docs/COMMAND_LOG.md, a hand-built
 * command sequence that just meets it (no violation) and one that misses it by one cycle
 * (that rule, with its numbers); the state rules; commands the device cannot hold.  The
 * device G and its timings are in checker_helpers.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "checker_helpers.h"

/* ---- a clean log, names ---------------------------------------------------------------- */

static void doc_example_is_clean(void **state)
{
    (void)state;
    /* docs/COMMAND_LOG.md: ACT 12, RD 24 (12 + tRCD 12), RD 26 (+ tCCD 2), PRE 40
     * (>= ACT 12 + tRAS 21 = 33, >= RD 26 + tRTP 2 = 28). */
    const hamm_command cmds[] = {ACT(12, 3, 1024), RD(24, 3), RD(26, 3), PRE(40, 3)};
    CLEAN(&G, cmds);
}

static void command_names(void **state)
{
    (void)state;
    assert_string_equal(hamm_command_name(HAMM_CMD_ACT), "ACT");
    assert_string_equal(hamm_command_name(HAMM_CMD_PRE), "PRE");
    assert_string_equal(hamm_command_name(HAMM_CMD_RD), "RD");
    assert_string_equal(hamm_command_name(HAMM_CMD_WR), "WR");
    assert_string_equal(hamm_command_name(HAMM_CMD_REF), "REF");
    assert_string_equal(hamm_command_name(HAMM_CMD_COUNT), "?");
}

/* ---- GDDR3: the rules without bank groups ----------------------------------------------- */

static void command_bus(void **state)
{
    (void)state;
    /* ACT b0 0, ACT b1 8 (tRRD 8), PRE b1 29 (8 + tRAS 21), then PRE b0: its own rules
     * allow it from 0 + 21 = 21, the command bus from 29 + 1 = 30. */
    const hamm_command ok[] = {ACT(0, 0, 1), ACT(8, 1, 1), PRE(29, 1), PRE(30, 0)};
    const hamm_command late[] = {ACT(0, 0, 1), ACT(8, 1, 1), PRE(29, 1), PRE(29, 0)};
    CLEAN(&G, ok);
    EXPECT(&G, late, {3, "command bus", "previous command at 29 + 1 = 30 > 29"});
}

static void trrd(void **state)
{
    (void)state;
    /* ACT -> ACT, other bank: 0 + tRRD 8 = 8. */
    const hamm_command ok[] = {ACT(0, 0, 1), ACT(8, 1, 1)};
    const hamm_command late[] = {ACT(0, 0, 1), ACT(7, 1, 1)};
    CLEAN(&G, ok);
    EXPECT(&G, late, {1, "tRRD", "ACT at 0 + 8 = 8 > 7"});
}

static void trc(void **state)
{
    (void)state;
    /* On GDDR3 tRC 34 = tRAS 21 + tRP 13, so with a legal PRE tRC never binds alone.  An
     * early PRE at 20 (tRAS: 0 + 21 = 21 > 20) lets the ACT meet tRP from 20 + 13 = 33,
     * while tRC asks for 0 + 34 = 34. */
    const hamm_command ok[] = {ACT(0, 0, 1), PRE(20, 0), ACT(34, 0, 2)};
    const hamm_command late[] = {ACT(0, 0, 1), PRE(20, 0), ACT(33, 0, 2)};
    EXPECT(&G, ok, {1, "tRAS", "ACT at 0 + 21 = 21 > 20"});
    EXPECT(&G, late, {1, "tRAS", "ACT at 0 + 21 = 21 > 20"},
           {2, "tRC", "ACT at 0 + 34 = 34 > 33"});
    /* At the edge both bind: PRE 21 (0 + 21), ACT 34 meets tRC and tRP (21 + 13);
     * ACT 33 misses both, and both are reported. */
    const hamm_command edge_ok[] = {ACT(0, 0, 1), PRE(21, 0), ACT(34, 0, 2)};
    const hamm_command edge_late[] = {ACT(0, 0, 1), PRE(21, 0), ACT(33, 0, 2)};
    CLEAN(&G, edge_ok);
    EXPECT(&G, edge_late, {2, "tRC", "ACT at 0 + 34 = 34 > 33"},
           {2, "tRP", "PRE at 21 + 13 = 34 > 33"});
}

static void tras(void **state)
{
    (void)state;
    /* ACT -> PRE: 0 + tRAS 21 = 21. */
    const hamm_command ok[] = {ACT(0, 0, 1), PRE(21, 0)};
    const hamm_command late[] = {ACT(0, 0, 1), PRE(20, 0)};
    CLEAN(&G, ok);
    EXPECT(&G, late, {1, "tRAS", "ACT at 0 + 21 = 21 > 20"});
}

static void trp(void **state)
{
    (void)state;
    /* PRE at 30 -> ACT: 30 + tRP 13 = 43 (tRC: 0 + 34 = 34, met). */
    const hamm_command ok[] = {ACT(0, 0, 1), PRE(30, 0), ACT(43, 0, 2)};
    const hamm_command late[] = {ACT(0, 0, 1), PRE(30, 0), ACT(42, 0, 2)};
    CLEAN(&G, ok);
    EXPECT(&G, late, {2, "tRP", "PRE at 30 + 13 = 43 > 42"});
}

static void trcd(void **state)
{
    (void)state;
    /* ACT -> RD and ACT -> WR: 0 + tRCD 12 = 12. */
    const hamm_command rd_ok[] = {ACT(0, 0, 1), RD(12, 0)};
    const hamm_command rd_late[] = {ACT(0, 0, 1), RD(11, 0)};
    const hamm_command wr_ok[] = {ACT(0, 0, 1), WR(12, 0)};
    const hamm_command wr_late[] = {ACT(0, 0, 1), WR(11, 0)};
    CLEAN(&G, rd_ok);
    EXPECT(&G, rd_late, {1, "tRCD", "ACT at 0 + 12 = 12 > 11"});
    CLEAN(&G, wr_ok);
    EXPECT(&G, wr_late, {1, "tRCD", "ACT at 0 + 12 = 12 > 11"});
}

static void tccd(void **state)
{
    (void)state;
    /* ACT b0 0, ACT b1 8; b1 is readable from 8 + 12 = 20.  RD b0 20 -> RD b1: 20 + tCCD 2
     * = 22.  tCCD equals the burst (2), so one cycle early also overlaps the data:
     * RD at 20 carries [29, 31), RD at 21 [30, 32). */
    const hamm_command rd_ok[] = {ACT(0, 0, 1), ACT(8, 1, 1), RD(20, 0), RD(22, 1)};
    const hamm_command rd_late[] = {ACT(0, 0, 1), ACT(8, 1, 1), RD(20, 0), RD(21, 1)};
    CLEAN(&G, rd_ok);
    EXPECT(&G, rd_late, {3, "tCCD", "RD at 20 + 2 = 22 > 21"},
           {3, "data bus", "RD data [30, 32) overlaps RD data [29, 31) of RD at 20"});
    /* The same for writes: WR at 20 carries [24, 26), WR at 21 [25, 27). */
    const hamm_command wr_ok[] = {ACT(0, 0, 1), ACT(8, 1, 1), WR(20, 0), WR(22, 1)};
    const hamm_command wr_late[] = {ACT(0, 0, 1), ACT(8, 1, 1), WR(20, 0), WR(21, 1)};
    CLEAN(&G, wr_ok);
    EXPECT(&G, wr_late, {3, "tCCD", "WR at 20 + 2 = 22 > 21"},
           {3, "data bus", "WR data [25, 27) overlaps WR data [24, 26) of WR at 20"});
}

static void trtw(void **state)
{
    (void)state;
    /* RD b0 20 -> WR b1 (any bank): 20 + tRTW 9 = 29.  Data: RD [29, 31); WR at 28
     * [32, 34), no overlap. */
    const hamm_command ok[] = {ACT(0, 0, 1), ACT(8, 1, 1), RD(20, 0), WR(29, 1)};
    const hamm_command late[] = {ACT(0, 0, 1), ACT(8, 1, 1), RD(20, 0), WR(28, 1)};
    CLEAN(&G, ok);
    EXPECT(&G, late, {3, "tRTW", "RD at 20 + 9 = 29 > 28"});
}

static void twtr(void **state)
{
    (void)state;
    /* WR b0 20 -> RD b1: 20 + WL 4 + burst 2 + tWTR 5 = 31. */
    const hamm_command ok[] = {ACT(0, 0, 1), ACT(8, 1, 1), WR(20, 0), RD(31, 1)};
    const hamm_command late[] = {ACT(0, 0, 1), ACT(8, 1, 1), WR(20, 0), RD(30, 1)};
    CLEAN(&G, ok);
    EXPECT(&G, late, {3, "tWTR", "WR at 20 + 11 (WL 4 + burst 2 + tWTR 5) = 31 > 30"});
}

static void trtp(void **state)
{
    (void)state;
    /* RD 20 -> PRE: 20 + tRTP 2 = 22 (tRAS: 0 + 21 = 21, met at 21 and 22). */
    const hamm_command ok[] = {ACT(0, 0, 1), RD(20, 0), PRE(22, 0)};
    const hamm_command late[] = {ACT(0, 0, 1), RD(20, 0), PRE(21, 0)};
    CLEAN(&G, ok);
    EXPECT(&G, late, {2, "tRTP", "RD at 20 + 2 = 22 > 21"});
}

static void twr(void **state)
{
    (void)state;
    /* WR 12 -> PRE: 12 + WL 4 + burst 2 + tWR 13 = 31 (tRAS 21, met). */
    const hamm_command ok[] = {ACT(0, 0, 1), WR(12, 0), PRE(31, 0)};
    const hamm_command late[] = {ACT(0, 0, 1), WR(12, 0), PRE(30, 0)};
    CLEAN(&G, ok);
    EXPECT(&G, late, {2, "tWR", "WR at 12 + 19 (WL 4 + burst 2 + tWR 13) = 31 > 30"});
}

static void data_bus(void **state)
{
    (void)state;
    /* GDDR3's tRTW (9 = CL + burst + 2 - WL) keeps write data clear of read data, so the
     * data bus rule cannot break alone there: this device lowers tRTW to 5.
     * RD 12 carries [21, 23); WR at 19 [23, 25) just fits; WR at 18 [22, 24) overlaps
     * (tRTW: 12 + 5 = 17, met). */
    hamm_command_device dev = G;
    dev.dram.timing.tRTW = 5;
    const hamm_command ok[] = {ACT(0, 0, 1), RD(12, 0), WR(19, 0)};
    const hamm_command late[] = {ACT(0, 0, 1), RD(12, 0), WR(18, 0)};
    CLEAN(&dev, ok);
    EXPECT(&dev, late, {2, "data bus", "WR data [22, 24) overlaps RD data [21, 23) of RD at 12"});
}

static void data_bus_older_burst(void **state)
{
    (void)state;
    /* With tRTW 0 a write may land its data before earlier reads' data (WL 4 < CL 9):
     * RD 12 [21, 23), RD 14 [23, 25), WR 15 [19, 21) - no overlap.  WR 17 [21, 23)
     * misses the latest read's burst but overlaps the one of RD 12 (tCCD from WR 15:
     * 15 + 2 = 17, met). */
    hamm_command_device dev = G;
    dev.dram.timing.tRTW = 0;
    const hamm_command ok[] = {ACT(0, 0, 1), RD(12, 0), RD(14, 0), WR(15, 0)};
    const hamm_command late[] = {ACT(0, 0, 1), RD(12, 0), RD(14, 0), WR(15, 0), WR(17, 0)};
    CLEAN(&dev, ok);
    EXPECT(&dev, late, {4, "data bus", "WR data [21, 23) overlaps RD data [21, 23) of RD at 12"});
}

/* ---- state rules ---------------------------------------------------------------------- */

static void state_rules(void **state)
{
    (void)state;
    /* ACT to an open bank (tRC 0 + 34 = 34, met; no PRE, so no tRP). */
    const hamm_command act_open[] = {ACT(0, 0, 1), ACT(34, 0, 2)};
    EXPECT(&G, act_open, {1, "state", "ACT to bank 0, which has row 1 open"});
    /* RD, WR and PRE to a bank never opened. */
    const hamm_command rd_closed[] = {RD(5, 2)};
    const hamm_command wr_closed[] = {WR(5, 2)};
    const hamm_command pre_closed[] = {PRE(5, 1)};
    EXPECT(&G, rd_closed, {0, "state", "RD to bank 2, which is precharged"});
    EXPECT(&G, wr_closed, {0, "state", "WR to bank 2, which is precharged"});
    EXPECT(&G, pre_closed, {0, "state", "PRE to bank 1, which is precharged"});
    /* RD after the bank was closed again (tRCD: 0 + 12, met). */
    const hamm_command rd_after_pre[] = {ACT(0, 0, 1), PRE(21, 0), RD(40, 0)};
    EXPECT(&G, rd_after_pre, {2, "state", "RD to bank 0, which is precharged"});
    /* REF with open banks. */
    const hamm_command ref_one[] = {ACT(0, 1, 1), REF(50)};
    const hamm_command ref_two[] = {ACT(0, 0, 1), ACT(8, 1, 1), REF(50)};
    EXPECT(&G, ref_one, {1, "state", "REF with 1 bank open (bank 1)"});
    EXPECT(&G, ref_two, {2, "state", "REF with 2 banks open (bank 0, ...)"});
}

static void violating_command_still_issues(void **state)
{
    (void)state;
    /* The second ACT (to an open bank) is reported once and then counts as issued: the
     * RD at 46 meets tRCD from it (34 + 12), and the PRE is held to tRAS from it:
     * 34 + 21 = 55 > 54. */
    const hamm_command cmds[] = {ACT(0, 0, 1), ACT(34, 0, 2), RD(46, 0), PRE(54, 0)};
    EXPECT(&G, cmds, {1, "state", "ACT to bank 0, which has row 1 open"},
           {3, "tRAS", "ACT at 34 + 21 = 55 > 54"});
    /* An ACT that breaks tRRD still opens its bank: the RD after it is no state error. */
    const hamm_command early[] = {ACT(0, 0, 1), ACT(7, 1, 1), RD(19, 1)};
    EXPECT(&G, early, {1, "tRRD", "ACT at 0 + 8 = 8 > 7"});
}

static void channels_are_independent(void **state)
{
    (void)state;
    /* Two channels may each ACT in cycle 0 and RD in cycle 12: no bus, no tRRD between
     * them. */
    hamm_command_device dev = G;
    dev.channels = 2;
    const hamm_command a0 = ACT(0, 0, 1), r0 = RD(12, 0);
    const hamm_command cmds[] = {ON(0, a0), ON(1, a0), ON(1, r0), ON(0, r0)};
    CLEAN(&dev, cmds);
}

static void out_of_range_commands(void **state)
{
    (void)state;
    hamm_command_device dev = G;
    dev.channels = 2;
    const hamm_command a = ACT(0, 0, 1);
    const hamm_command cmds[] = {ACT(0, 4, 1), ON(2, a), {1, 0, 0, 0, HAMM_CMD_COUNT, 0}};
    EXPECT(&dev, cmds, {0, "command", "bank 4 is out of range (banks=4)"},
           {1, "command", "channel 2 is out of range (channels=2)"},
           {2, "command", "command 5 is not a DRAM command"});
    /* G: rows 4096, columns 512.  Row 4095 and column 511 are the last ones (ACT 0, RD 12
     * = 0 + tRCD, WR 21 = 12 + tRTW 9). */
    const hamm_command last[] = {ACT(0, 0, 4095), {12, 0, 0, 511, HAMM_CMD_RD, 0},
                                 {21, 0, 0, 511, HAMM_CMD_WR, 0}};
    CLEAN(&G, last);
    /* Row 4096 is refused and opens nothing, so the RD after it finds bank 0 precharged;
     * columns 512 are refused before any rule is checked. */
    const hamm_command beyond[] = {ACT(0, 0, 4096), {12, 0, 0, 511, HAMM_CMD_RD, 0},
                                   ACT(20, 1, 1), {32, 0, 1, 512, HAMM_CMD_RD, 0},
                                   {41, 0, 1, 512, HAMM_CMD_WR, 0}};
    EXPECT(&G, beyond, {0, "command", "row 4096 is out of range (rows=4096)"},
           {1, "state", "RD to bank 0, which is precharged"},
           {3, "command", "column 512 is out of range (columns=512)"},
           {4, "command", "column 512 is out of range (columns=512)"});
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(doc_example_is_clean),
        cmocka_unit_test(command_names),
        cmocka_unit_test(command_bus),
        cmocka_unit_test(trrd),
        cmocka_unit_test(trc),
        cmocka_unit_test(tras),
        cmocka_unit_test(trp),
        cmocka_unit_test(trcd),
        cmocka_unit_test(tccd),
        cmocka_unit_test(trtw),
        cmocka_unit_test(twtr),
        cmocka_unit_test(trtp),
        cmocka_unit_test(twr),
        cmocka_unit_test(data_bus),
        cmocka_unit_test(data_bus_older_burst),
        cmocka_unit_test(state_rules),
        cmocka_unit_test(violating_command_still_issues),
        cmocka_unit_test(channels_are_independent),
        cmocka_unit_test(out_of_range_commands),
    };
    return cmocka_run_group_tests(tests, setup_devices, NULL);
}
