/* test_checker_device.c - the timing checker's rules that depend on the device: bank
 * groups (DDR4 D, GDDR5 F: _L values, tFAW), refresh (tRFC, tREFI), and devices it
 * refuses.  Each rule once just met and once missed by one cycle; the devices and their
 * timings are in checker_helpers.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "checker_helpers.h"

/* ---- bank groups: DDR4 and GDDR5 ----------------------------------------------------------- */

static void trrd_l(void **state)
{
    (void)state;
    /* D, same group (b0, b1 in group 0): 0 + tRRD_L 6 = 6. */
    const hamm_command ok[] = {ACT(0, 0, 1), ACT(6, 1, 1)};
    const hamm_command late[] = {ACT(0, 0, 1), ACT(5, 1, 1)};
    CLEAN(&D, ok);
    EXPECT(&D, late, {1, "tRRD_L", "ACT at 0 + 6 = 6 > 5"});
    /* D, other group (b4 in group 1): 0 + tRRD 4 = 4. */
    const hamm_command other_ok[] = {ACT(0, 0, 1), ACT(4, 4, 1)};
    const hamm_command other_late[] = {ACT(0, 0, 1), ACT(3, 4, 1)};
    CLEAN(&D, other_ok);
    EXPECT(&D, other_late, {1, "tRRD", "ACT at 0 + 4 = 4 > 3"});
    /* D, both at once: b1 at 5 after b0 at 0 (same group: 6 > 5) and b4 at 4 (other
     * group: 4 + 4 = 8 > 5).  At 8 both are met. */
    const hamm_command both_ok[] = {ACT(0, 0, 1), ACT(4, 4, 1), ACT(8, 1, 1)};
    const hamm_command both_late[] = {ACT(0, 0, 1), ACT(4, 4, 1), ACT(5, 1, 1)};
    CLEAN(&D, both_ok);
    EXPECT(&D, both_late, {2, "tRRD_L", "ACT at 0 + 6 = 6 > 5"},
           {2, "tRRD", "ACT at 4 + 4 = 8 > 5"});
}

static void trrd_without_l(void **state)
{
    (void)state;
    /* F has bank groups but tRRD_L 0: the same group uses tRRD 6, named tRRD. */
    const hamm_command ok[] = {ACT(0, 0, 1), ACT(6, 1, 1)};
    const hamm_command late[] = {ACT(0, 0, 1), ACT(5, 1, 1)};
    CLEAN(&F, ok);
    EXPECT(&F, late, {1, "tRRD", "ACT at 0 + 6 = 6 > 5"});
    /* One rule, reported once, from the binding ACT: b4 (group 1) 0, b0 (group 0) 1
     * (0 + 6 = 6 > 1); b1 at 5 is early for b0 (1 + 6 = 7) and for b4 (0 + 6 = 6): the
     * later, b0's, is reported. */
    const hamm_command twice[] = {ACT(0, 4, 1), ACT(1, 0, 1), ACT(5, 1, 1)};
    EXPECT(&F, twice, {1, "tRRD", "ACT at 0 + 6 = 6 > 1"}, {2, "tRRD", "ACT at 1 + 6 = 7 > 5"});
}

static void tfaw(void **state)
{
    (void)state;
    /* D: ACTs to four groups every tRRD 4 (0, 4, 8, 12), the fifth to b1 (group 0, 0 +
     * tRRD_L 6 = 6, met): the window allows it from 0 + tFAW 26 = 26.  A sixth (b5, group
     * 1) is then due at 4 + 26 = 30 (tRRD_L from b4: 4 + 6; tRRD from b1: 26 + 4 = 30). */
    const hamm_command ok[] = {ACT(0, 0, 1),  ACT(4, 4, 1),  ACT(8, 8, 1),
                               ACT(12, 12, 1), ACT(26, 1, 1), ACT(30, 5, 1)};
    const hamm_command late[] = {ACT(0, 0, 1), ACT(4, 4, 1), ACT(8, 8, 1), ACT(12, 12, 1),
                                 ACT(25, 1, 1)};
    CLEAN(&D, ok);
    EXPECT(&D, late, {4, "tFAW", "4th-last ACT at 0 + 26 = 26 > 25"});
    /* G has no tFAW: five ACTs tRRD apart are fine. */
    const hamm_command g5[] = {ACT(0, 0, 1), ACT(8, 1, 1), ACT(16, 2, 1), ACT(24, 3, 1),
                               PRE(29, 0), ACT(42, 0, 2)};
    CLEAN(&G, g5);
}

static void tccd_l(void **state)
{
    (void)state;
    /* D: b1 (group 0) opened at 6 is readable from 6 + 17 = 23.  RD b0 23 -> RD b1: 23 +
     * tCCD_L 6 = 29; data [40, 44) then [45, 49) at 28: no overlap. */
    const hamm_command ok[] = {ACT(0, 0, 1), ACT(6, 1, 1), RD(23, 0), RD(29, 1)};
    const hamm_command late[] = {ACT(0, 0, 1), ACT(6, 1, 1), RD(23, 0), RD(28, 1)};
    CLEAN(&D, ok);
    EXPECT(&D, late, {3, "tCCD_L", "RD at 23 + 6 = 29 > 28"});
    const hamm_command wr_ok[] = {ACT(0, 0, 1), ACT(6, 1, 1), WR(23, 0), WR(29, 1)};
    const hamm_command wr_late[] = {ACT(0, 0, 1), ACT(6, 1, 1), WR(23, 0), WR(28, 1)};
    CLEAN(&D, wr_ok);
    EXPECT(&D, wr_late, {3, "tCCD_L", "WR at 23 + 6 = 29 > 28"});
    /* D, other group: b4 opened at 4, readable from 21.  RD b0 21 -> RD b4: 21 + tCCD 4 =
     * 25; at 24 the data [41, 45) also overlaps [38, 42) (tCCD = burst 4). */
    const hamm_command other_ok[] = {ACT(0, 0, 1), ACT(4, 4, 1), RD(21, 0), RD(25, 4)};
    const hamm_command other_late[] = {ACT(0, 0, 1), ACT(4, 4, 1), RD(21, 0), RD(24, 4)};
    CLEAN(&D, other_ok);
    EXPECT(&D, other_late, {3, "tCCD", "RD at 21 + 4 = 25 > 24"},
           {3, "data bus", "RD data [41, 45) overlaps RD data [38, 42) of RD at 21"});
    /* F: tCCD_L 3 in the group (burst 2, so the data stays apart): RD b0 18 -> RD b1 21. */
    const hamm_command f_ok[] = {ACT(0, 0, 1), ACT(6, 1, 1), RD(18, 0), RD(21, 1)};
    const hamm_command f_late[] = {ACT(0, 0, 1), ACT(6, 1, 1), RD(18, 0), RD(20, 1)};
    CLEAN(&F, f_ok);
    EXPECT(&F, f_late, {3, "tCCD_L", "RD at 18 + 3 = 21 > 20"});
}

static void twtr_l(void **state)
{
    (void)state;
    /* D, same group: WR b0 23 -> RD b1: 23 + WL 12 + burst 4 + tWTR_L 9 = 48. */
    const hamm_command ok[] = {ACT(0, 0, 1), ACT(6, 1, 1), WR(23, 0), RD(48, 1)};
    const hamm_command late[] = {ACT(0, 0, 1), ACT(6, 1, 1), WR(23, 0), RD(47, 1)};
    CLEAN(&D, ok);
    EXPECT(&D, late, {3, "tWTR_L", "WR at 23 + 25 (WL 12 + burst 4 + tWTR_L 9) = 48 > 47"});
    /* D, other group: WR b0 21 -> RD b4: 21 + 12 + 4 + tWTR 3 = 40. */
    const hamm_command other_ok[] = {ACT(0, 0, 1), ACT(4, 4, 1), WR(21, 0), RD(40, 4)};
    const hamm_command other_late[] = {ACT(0, 0, 1), ACT(4, 4, 1), WR(21, 0), RD(39, 4)};
    CLEAN(&D, other_ok);
    EXPECT(&D, other_late, {3, "tWTR", "WR at 21 + 19 (WL 12 + burst 4 + tWTR 3) = 40 > 39"});
    /* F, tWTR_L 0: the same group uses tWTR: WR b0 18 -> RD b1: 18 + 4 + 2 + 5 = 29. */
    const hamm_command f_ok[] = {ACT(0, 0, 1), ACT(6, 1, 1), WR(18, 0), RD(29, 1)};
    const hamm_command f_late[] = {ACT(0, 0, 1), ACT(6, 1, 1), WR(18, 0), RD(28, 1)};
    CLEAN(&F, f_ok);
    EXPECT(&F, f_late, {3, "tWTR", "WR at 18 + 11 (WL 4 + burst 2 + tWTR 5) = 29 > 28"});
}

static void l_values_need_groups(void **state)
{
    (void)state;
    /* The _L values apply within a bank group only when there are groups: on GDDR3
     * (one group) with tRRD_L 12, tCCD_L 4 and tWTR_L 9 given anyway, the base values
     * still rule: ACT b1 at 0 + tRRD 8, RD b1 at 20 + tCCD 2, RD b0 after WR b1 at
     * 22 + WL 4 + burst 2 + tWTR 5 = 33. */
    hamm_command_device dev = G;
    dev.dram.timing.tRRD_L = 12;
    dev.dram.timing.tCCD_L = 4;
    dev.dram.timing.tWTR_L = 9;
    const hamm_command ok[] = {ACT(0, 0, 1), ACT(8, 1, 1), RD(20, 0), RD(22, 1)};
    const hamm_command wtr_ok[] = {ACT(0, 0, 1), ACT(8, 1, 1), WR(22, 1), RD(33, 0)};
    const hamm_command wtr_late[] = {ACT(0, 0, 1), ACT(8, 1, 1), WR(22, 1), RD(32, 0)};
    CLEAN(&dev, ok);
    CLEAN(&dev, wtr_ok);
    EXPECT(&dev, wtr_late, {3, "tWTR", "WR at 22 + 11 (WL 4 + burst 2 + tWTR 5) = 33 > 32"});
}

/* ---- refresh ---------------------------------------------------------------------------- */

static void trfc(void **state)
{
    (void)state;
    hamm_command_device dev = g_refresh(1);
    /* REF 0 -> ACT: 0 + tRFC 30 = 30. */
    const hamm_command act_ok[] = {REF(0), ACT(30, 0, 1)};
    const hamm_command act_late[] = {REF(0), ACT(29, 0, 1)};
    CLEAN(&dev, act_ok);
    EXPECT(&dev, act_late, {1, "tRFC", "REF at 0 + 30 = 30 > 29"});
    /* REF 0 -> REF: 0 + 30 = 30. */
    const hamm_command ref_ok[] = {REF(0), REF(30)};
    const hamm_command ref_late[] = {REF(0), REF(29)};
    CLEAN(&dev, ref_ok);
    EXPECT(&dev, ref_late, {1, "tRFC", "REF at 0 + 30 = 30 > 29"});
}

static void ref_after_pre(void **state)
{
    (void)state;
    hamm_command_device dev = g_refresh(1);
    /* PRE 21 -> REF: 21 + tRP 13 = 34. */
    const hamm_command ok[] = {ACT(0, 0, 1), PRE(21, 0), REF(34)};
    const hamm_command late[] = {ACT(0, 0, 1), PRE(21, 0), REF(33)};
    CLEAN(&dev, ok);
    EXPECT(&dev, late, {2, "tRP", "PRE at 21 + 13 = 34 > 33"});
    /* Any bank's PRE counts: PRE b1 at 29 (8 + 21) -> REF from 29 + 13 = 42. */
    const hamm_command other_late[] = {ACT(0, 0, 1), ACT(8, 1, 1), PRE(21, 0), PRE(29, 1),
                                       REF(41)};
    EXPECT(&dev, other_late, {4, "tRP", "PRE at 29 + 13 = 42 > 41"});
}

static void trefi(void **state)
{
    (void)state;
    hamm_command_device dev = g_refresh(1);
    /* From cycle 0, the first REF is due by 0 + 9 x 100 = 900. */
    const hamm_command first_ok[] = {REF(900)};
    const hamm_command first_late[] = {REF(901)};
    CLEAN(&dev, first_ok);
    EXPECT(&dev, first_late,
           {0, "tREFI", "no REF since cycle 0: 0 + 900 (9 x tREFI 100) = 900 < 901"});
    /* Between REFs: 100 + 900 = 1000. */
    const hamm_command gap_ok[] = {REF(100), REF(1000)};
    const hamm_command gap_late[] = {REF(100), REF(1001)};
    CLEAN(&dev, gap_ok);
    EXPECT(&dev, gap_late,
           {1, "tREFI", "no REF since REF at 100: 100 + 900 (9 x tREFI 100) = 1000 < 1001"});
    /* Any command past the deadline shows the REF is late; it is reported once per gap
     * (RD 1001 + 12, PRE >= 1001 + 21, REF >= 1040 + 13: all met). */
    const hamm_command quiet[] = {REF(100), ACT(1001, 0, 1), RD(1013, 0), PRE(1040, 0),
                                  REF(1100)};
    EXPECT(&dev, quiet,
           {1, "tREFI", "no REF since REF at 100: 100 + 900 (9 x tREFI 100) = 1000 < 1001"});
    /* Without tREFI there is no interval rule. */
    const hamm_command none[] = {ACT(100000, 0, 1)};
    CLEAN(&G, none);
}

static void trefi_at_end_of_log(void **state)
{
    (void)state;
    hamm_command_device dev = g_refresh(2);
    /* Channel 0 refreshes and runs to cycle 1000; channel 1 says nothing, so by the end
     * of the log (1000) it is past its first deadline 0 + 900.  Channel 0's next is due
     * at 900 + 900 = 1800. */
    const hamm_command r0 = REF(0), r900 = REF(900), a = ACT(1000, 0, 1);
    const hamm_command cmds[] = {ON(0, r0), ON(0, r900), ON(0, a)};
    collect got;
    run(&dev, cmds, NCMDS(cmds), &got);
    assert_int_equal(got.n, 1);
    assert_int_equal(got.v[0].index, 3); /* from hamm_checker_finish */
    assert_int_equal(got.v[0].channel, 1);
    assert_int_equal(got.v[0].cmd, HAMM_CMD_COUNT);
    assert_string_equal(got.v[0].rule, "tREFI");
    assert_string_equal(got.v[0].text,
                        "no REF since cycle 0: 0 + 900 (9 x tREFI 100) = 900 < end of log 1000");
    /* A log that ends by 900 leaves channel 1 within its interval. */
    const hamm_command a900 = ACT(900, 0, 1);
    const hamm_command early[] = {ON(0, r0), ON(0, a900)};
    CLEAN(&dev, early);
}

static void bad_devices(void **state)
{
    (void)state;
    hamm_checker *c = NULL;
    hamm_error err;
    hamm_command_device dev = G;
    dev.channels = 0;
    hamm_error_clear(&err);
    assert_int_equal(hamm_checker_new(&c, &dev, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "channels");
    dev = G;
    dev.dram.bank_groups = 3;
    hamm_error_clear(&err);
    assert_int_equal(hamm_checker_new(&c, &dev, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "bank_groups");
    dev = G;
    dev.dram.burst_length = 3;
    hamm_error_clear(&err);
    assert_int_equal(hamm_checker_new(&c, &dev, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "BL");
    dev = G;
    dev.dram.rows = 0;
    hamm_error_clear(&err);
    assert_int_equal(hamm_checker_new(&c, &dev, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "rows");
    assert_non_null(strstr(err.text, "0 rows"));
    dev = G;
    dev.dram.columns = 0;
    hamm_error_clear(&err);
    assert_int_equal(hamm_checker_new(&c, &dev, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "columns");
    assert_non_null(strstr(err.text, "0 columns"));
    assert_null(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(trrd_l),
        cmocka_unit_test(trrd_without_l),
        cmocka_unit_test(tfaw),
        cmocka_unit_test(tccd_l),
        cmocka_unit_test(twtr_l),
        cmocka_unit_test(l_values_need_groups),
        cmocka_unit_test(trfc),
        cmocka_unit_test(ref_after_pre),
        cmocka_unit_test(trefi),
        cmocka_unit_test(trefi_at_end_of_log),
        cmocka_unit_test(bad_devices),
    };
    return cmocka_run_group_tests(tests, setup_devices, NULL);
}
