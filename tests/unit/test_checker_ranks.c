/* test_checker_ranks.c - the timing checker and the command log with more than one rank
 * per channel (docs/COMMAND_LOG.md, "Ranks: version 2"): the rank switch tRTRS on the
 * shared data bus; tFAW, tWTR, REF and tRFC per rank; the version-2 log written and read
 * back.  Devices in checker_helpers.h: D (DDR4-2400: burst 4, CL 17, WL 12, tRCD 17,
 * tRRD 4, tRRD_L 6, tFAW 26, tWTR 3, tRFC 420) and G (GDDR3: burst 2, CL 9, tRCD 12,
 * tRP 13), each given 2 ranks here; every expected number is derived in the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "checker_helpers.h"

static hamm_command_device two_ranks(hamm_command_device dev, uint32_t trtrs)
{
    dev.dram.ranks = 2;
    dev.dram.timing.tRTRS = trtrs;
    return dev;
}

/* D, tRTRS 2.  RD rank 0 at 17: data [34, 38).  RD rank 1 at 21: data [38, 42) starts
 * right at the end of rank 0's, less than tRTRS after it (tCCD 4 binds within a rank only
 * and is met anyway).  At 23 (data [40, 44)) the gap is 2: clean. */
static void rank_switch_needs_trtrs(void **state)
{
    (void)state;
    hamm_command_device dev = two_ranks(D, 2);
    const hamm_command near[] = {ACT_R(0, 0, 0, 1), ACT_R(1, 1, 0, 1), RD_R(17, 0, 0),
                                 RD_R(21, 1, 0)};
    EXPECT(&dev, near,
           {3, "tRTRS",
            "RD data [38, 42) (rank 1) is less than tRTRS 2 from RD data [34, 38) (rank 0) "
            "of RD at 17"});
    const hamm_command apart[] = {ACT_R(0, 0, 0, 1), ACT_R(1, 1, 0, 1), RD_R(17, 0, 0),
                                  RD_R(23, 1, 0)};
    CLEAN(&dev, apart);
    /* overlapping bursts of two ranks are a data bus violation, not a rank switch: RD
     * rank 1 at 19 has data [36, 40) over [34, 38) */
    const hamm_command over[] = {ACT_R(0, 0, 0, 1), ACT_R(1, 1, 0, 1), RD_R(17, 0, 0),
                                 RD_R(19, 1, 0)};
    EXPECT(&dev, over,
           {3, "data bus", "RD data [36, 40) overlaps RD data [34, 38) of RD at 17"});
    /* with one rank the same gap of 0 is legal (tCCD 4: RD 17, RD 21 to bank 4 of rank
     * 0, ACT 4 after tRRD) */
    const hamm_command one[] = {ACT(0, 0, 1), ACT(4, 4, 1), RD(17, 0), RD(21, 4)};
    hamm_command_device d1 = D;
    d1.dram.timing.tRTRS = 2;
    CLEAN(&d1, one);
}

/* D: four ACTs to rank 0 at 0, 4, 8, 12 (banks 0, 4, 8, 12: four groups, tRRD 4) fill its
 * tFAW window; an ACT to rank 1 at 13 is not in it (nor bound by tRRD from 12); a fifth
 * ACT to rank 0 at 20 (bank 1: tRRD_L 6 from bank 0, tRRD 4 from 12, both met) breaks
 * tFAW: 0 + 26 = 26 > 20. */
static void faw_per_rank(void **state)
{
    (void)state;
    hamm_command_device dev = two_ranks(D, 2);
    const hamm_command other[] = {ACT_R(0, 0, 0, 1), ACT_R(4, 0, 4, 1), ACT_R(8, 0, 8, 1),
                                  ACT_R(12, 0, 12, 1), ACT_R(13, 1, 0, 1)};
    CLEAN(&dev, other);
    const hamm_command same[] = {ACT_R(0, 0, 0, 1), ACT_R(4, 0, 4, 1), ACT_R(8, 0, 8, 1),
                                 ACT_R(12, 0, 12, 1), ACT_R(13, 1, 0, 1), ACT_R(20, 0, 1, 1)};
    EXPECT(&dev, same, {5, "tFAW", "4th-last ACT at 0 + 26 = 26 > 20"});
}

/* D, tRTRS 2: WR rank 0 at 17, data [29, 33).  RD rank 1 at 18: data [35, 39), 2 after
 * the write data: clean (no tWTR across ranks).  The same read to rank 0 (bank 4, other
 * group, ACT at 4) waits WL 12 + burst 4 + tWTR 3 = 19 after the WR: 36 > 21. */
static void wtr_within_rank_only(void **state)
{
    (void)state;
    hamm_command_device dev = two_ranks(D, 2);
    const hamm_command across[] = {ACT_R(0, 0, 0, 1), ACT_R(1, 1, 0, 1), WR_R(17, 0, 0),
                                   RD_R(18, 1, 0)};
    CLEAN(&dev, across);
    const hamm_command within[] = {ACT_R(0, 0, 0, 1), ACT_R(4, 0, 4, 1), WR_R(17, 0, 0),
                                   RD_R(21, 0, 4)};
    EXPECT(&dev, within,
           {3, "tWTR", "WR at 17 + 19 (WL 12 + burst 4 + tWTR 3) = 36 > 21"});
}

/* D: REF refreshes its rank.  Rank 0 has bank 0 open: REF rank 1 at 1 is clean; an ACT
 * to rank 0's bank 1 at 6 does not wait for rank 1's REF (only tRRD_L 6 from bank 0 at
 * 0); an ACT to rank 1 at 7 breaks tRFC (1 + 420); REF rank 0 at 8 finds banks 0 and 1
 * open. */
static void refresh_per_rank(void **state)
{
    (void)state;
    hamm_command_device dev = two_ranks(D, 0);
    const hamm_command cmds[] = {ACT_R(0, 0, 0, 1), REF_R(1, 1), ACT_R(6, 0, 1, 1),
                                 ACT_R(7, 1, 0, 1), REF_R(8, 0)};
    EXPECT(&dev, cmds, {3, "tRFC", "REF at 1 + 420 = 421 > 7"},
           {4, "state", "REF with 2 banks open (bank 0, ...)"});
    /* a rank out of range is refused like a bank */
    const hamm_command bad[] = {ACT_R(0, 2, 0, 1)};
    EXPECT(&dev, bad, {0, "command", "rank 2 is out of range (ranks=2)"});
}

/* ---- the version-2 log --------------------------------------------------------------- */

#define G2_HEADER                                                                            \
    "# hamm command log 2\n"                                                                 \
    "# channels=1 banks=4 bank_groups=1 BL=4 data_rate=2 rows=4096 columns=512 tCCD=2 "      \
    "tCCD_L=0 tRRD=8 tRRD_L=0 tFAW=0 tRAS=21 tRCD=12 tRP=13 tRC=34 CL=9 WL=4 tWTR=5 "       \
    "tWTR_L=0 tRTW=9 tRTP=2 tWR=13 tRFC=0 tREFI=0 ranks=2 tRTRS=1\n"

static hamm_status check_text(const char *text, uint64_t *commands, uint64_t *violations,
                              hamm_error *err)
{
    return check_bytes(text, strlen(text), 0, NULL, commands, violations, err);
}

/* G with 2 ranks, tRTRS 1: ACT rank 0 bank 3 at 0, rank 1 bank 3 at 1; RD 12 (data [21,
 * 23)) and RD rank 1 at 16 (data [25, 27): 2 >= 1 after); PRE rank 1 at 40; REF rank 1 at
 * 60 (40 + tRP 13 = 53), with rank 0's bank still open. */
static void log_version_2_round_trip(void **state)
{
    (void)state;
    hamm_command_device dev = two_ranks(G, 1);
    const hamm_command cmds[] = {ACT_R(0, 0, 3, 7), ACT_R(1, 1, 3, 9), RD_R(12, 0, 3),
                                 RD_R(16, 1, 3),    PRE_R(40, 1, 3),   REF_R(60, 1)};
    th_sink sink;
    hamm_error err;
    assert_int_equal(write_log(&dev, cmds, NCMDS(cmds), HAMM_COMPRESSION_NONE, &sink, &err),
                     HAMM_OK);
    const char *expected = G2_HEADER "0 0 ACT 0 3 7\n"
                                     "1 0 ACT 1 3 9\n"
                                     "12 0 RD 0 3 0\n"
                                     "16 0 RD 1 3 0\n"
                                     "40 0 PRE 1 3\n"
                                     "60 0 REF 1 -\n";
    assert_int_equal(sink.len, strlen(expected));
    assert_memory_equal(sink.p, expected, sink.len);
    free(sink.p);
    uint64_t n = 0, v = 0;
    assert_int_equal(check_text(expected, &n, &v, &err), HAMM_OK);
    assert_int_equal(n, 6);
    assert_int_equal(v, 0);
    /* one rank: version 1, no rank on the lines, tRTRS left out */
    hamm_command_device one = G;
    one.dram.timing.tRTRS = 1;
    assert_int_equal(write_log(&one, cmds, 1, HAMM_COMPRESSION_NONE, &sink, &err), HAMM_OK);
    char text[1024] = ""; /* the sink holds no terminator */
    assert_true(sink.len > 21 && sink.len < sizeof text);
    memcpy(text, sink.p, sink.len);
    assert_int_equal(memcmp(text, "# hamm command log 1\n", 21), 0);
    assert_null(strstr(text, "tRTRS"));
    assert_non_null(strstr(text, "\n0 0 ACT 3 7\n")); /* no rank on the line */
    free(sink.p);
}

static void log_version_2_malformed(void **state)
{
    (void)state;
    hamm_error err;
    uint64_t n, v;
    assert_int_equal(check_text(G2_HEADER "0 0 ACT 2 3 7\n", &n, &v, &err), HAMM_ERR_PARSE);
    assert_string_equal(err.field, "rank");
    assert_non_null(strstr(err.text, "rank 2 is out of range: the header says ranks=2"));
    /* version 1 knows no ranks key */
    const char *v1 = "# hamm command log 1\n"
                     "# channels=1 banks=4 bank_groups=1 BL=4 data_rate=2 rows=4096 "
                     "columns=512 tCCD=2 tCCD_L=0 tRRD=8 tRRD_L=0 tFAW=0 tRAS=21 tRCD=12 "
                     "tRP=13 tRC=34 CL=9 WL=4 tWTR=5 tWTR_L=0 tRTW=9 tRTP=2 tWR=13 tRFC=0 "
                     "tREFI=0 ranks=2\n";
    assert_int_equal(check_text(v1, &n, &v, &err), HAMM_ERR_FORMAT);
    assert_non_null(strstr(err.text, "unknown key 'ranks'"));
    /* version 2 needs both */
    const char *no_gap = "# hamm command log 2\n"
                         "# channels=1 banks=4 bank_groups=1 BL=4 data_rate=2 rows=4096 "
                         "columns=512 tCCD=2 tCCD_L=0 tRRD=8 tRRD_L=0 tFAW=0 tRAS=21 tRCD=12 "
                         "tRP=13 tRC=34 CL=9 WL=4 tWTR=5 tWTR_L=0 tRTW=9 tRTP=2 tWR=13 tRFC=0 "
                         "tREFI=0 ranks=2\n";
    assert_int_equal(check_text(no_gap, &n, &v, &err), HAMM_ERR_FORMAT);
    assert_string_equal(err.field, "tRTRS");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rank_switch_needs_trtrs),
        cmocka_unit_test(faw_per_rank),
        cmocka_unit_test(wtr_within_rank_only),
        cmocka_unit_test(refresh_per_rank),
        cmocka_unit_test(log_version_2_round_trip),
        cmocka_unit_test(log_version_2_malformed),
    };
    return cmocka_run_group_tests(tests, setup_devices, NULL);
}
