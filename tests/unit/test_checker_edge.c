/* test_checker_edge.c - the timing checker at the top of the cycle range: a bound
 * "last command + delay" that passes 2^64 - 1 is not yet met (never "met because it was
 * capped"), and a legal sequence there stays clean.  Device G (GDDR3, checker_helpers.h):
 * tRRD 8, tRAS 21, tRCD 12, tRP 13, tRC 34, tCCD 2, tRTP 2, CL 9, WL 4, burst 2. */
#include "checker_helpers.h"

#define TOP UINT64_MAX /* 18446744073709551615 = 2^64 - 1 */

static void tras_past_the_top(void **state)
{
    (void)state;
    /* ACT at TOP - 5 = 18446744073709551610; PRE at TOP is 5 cycles later, tRAS asks
     * for 21: the bound is TOP - 5 + 21 = 2^64 + 15, beyond the last cycle. */
    const hamm_command late[] = {ACT(TOP - 5, 0, 1), PRE(TOP, 0)};
    EXPECT(&G, late,
           {1, "tRAS", "ACT at 18446744073709551610 + 21 = 2^64 + 15 > 18446744073709551615"});
    /* the same just below the bound: ACT at TOP - 21, PRE at TOP - 1 (TOP - 21 + 21 = TOP) */
    const hamm_command early[] = {ACT(TOP - 21, 0, 1), PRE(TOP - 1, 0)};
    EXPECT(&G, early,
           {1, "tRAS",
            "ACT at 18446744073709551594 + 21 = 18446744073709551615 > 18446744073709551614"});
}

static void command_bus_at_the_top(void **state)
{
    (void)state;
    /* two commands in the last cycle: the second needs TOP + 1 = 2^64 + 0 */
    const hamm_command two[] = {ACT(TOP - 30, 0, 1), PRE(TOP, 0), ACT(TOP, 1, 1)};
    EXPECT(&G, two,
           {2, "command bus",
            "previous command at 18446744073709551615 + 1 = 2^64 + 0 > 18446744073709551615"});
}

static void data_bus_past_the_top(void **state)
{
    (void)state;
    /* tRTW lowered to 5, as in test_checker_rules.c's data_bus.  RD at TOP - 8 carries
     * data [TOP + 1, TOP + 3) = [2^64 + 0, 2^64 + 2); WR at TOP - 2 (tRTW: TOP - 3, met)
     * [TOP + 2, TOP + 4) = [2^64 + 1, 2^64 + 3) overlaps it. */
    hamm_command_device dev = G;
    dev.dram.timing.tRTW = 5;
    const hamm_command late[] = {ACT(TOP - 20, 0, 1), RD(TOP - 8, 0), WR(TOP - 2, 0)};
    EXPECT(&dev, late,
           {2, "data bus",
            "WR data [2^64 + 1, 2^64 + 3) overlaps RD data [2^64 + 0, 2^64 + 2) of RD at "
            "18446744073709551607"});
    /* WR at TOP - 1: [2^64 + 2, 2^64 + 4) just clears the read data */
    const hamm_command ok[] = {ACT(TOP - 20, 0, 1), RD(TOP - 8, 0), WR(TOP - 1, 0)};
    CLEAN(&dev, ok);
}

static void legal_sequence_at_the_top(void **state)
{
    (void)state;
    /* Every gap met exactly, the last bursts' data past 2^64 - 1:
     *   ACT b0 TOP-40; ACT b1 TOP-32 (tRRD 8); RD b0 TOP-28 (tRCD 12); RD b0 TOP-26
     *   (tCCD 2); RD b1 TOP-20 (tRCD from TOP-32); PRE b0 TOP-19 (tRAS from TOP-40);
     *   RD b1 TOP-8 (data [TOP+1, TOP+3)); RD b1 TOP-6 (tCCD; data [TOP+3, TOP+5));
     *   ACT b0 TOP-3 (tRC TOP-40+34 = TOP-6, tRP TOP-19+13 = TOP-6); PRE b1 TOP (tRAS
     *   TOP-32+21, tRTP TOP-6+2 = TOP-4). */
    const hamm_command ok[] = {ACT(TOP - 40, 0, 1), ACT(TOP - 32, 1, 1), RD(TOP - 28, 0),
                               RD(TOP - 26, 0),     RD(TOP - 20, 1),     PRE(TOP - 19, 0),
                               RD(TOP - 8, 1),      RD(TOP - 6, 1),      ACT(TOP - 3, 0, 2),
                               PRE(TOP, 1)};
    CLEAN(&G, ok);
    /* one cycle early anywhere is found: RD b1 at TOP-7 misses tCCD from TOP-8 */
    const hamm_command late[] = {ACT(TOP - 40, 0, 1), ACT(TOP - 32, 1, 1), RD(TOP - 8, 1),
                                 RD(TOP - 7, 1)};
    EXPECT(&G, late,
           {3, "tCCD", "RD at 18446744073709551607 + 2 = 18446744073709551609 > "
                       "18446744073709551608"},
           {3, "data bus",
            "RD data [2^64 + 1, 2^64 + 3) overlaps RD data [2^64 + 0, 2^64 + 2) of RD at "
            "18446744073709551607"});
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tras_past_the_top),
        cmocka_unit_test(command_bus_at_the_top),
        cmocka_unit_test(data_bus_past_the_top),
        cmocka_unit_test(legal_sequence_at_the_top),
    };
    return cmocka_run_group_tests(tests, setup_devices, NULL);
}
