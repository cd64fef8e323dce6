/* test_mwp_merge.c - the in-flight merges of the MWP/CWP counts (src/mwp/mwp_merge.c,
 * docs/MWP.md "Merged requests" and "The merge limit"): which loads send a request, which
 * merge with one in flight, and which find it full, worked by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mwp/mwp_merge.h"

/* A load of `addr` by group 0 in period 0 whose request would be `request`. */
static int load(mwp_merge *m, uint64_t addr, uint32_t request, uint32_t *full)
{
    return mwp_merge_load(m, 0, 0, addr, request, full);
}

/* Two loads a request: the first sends request 10, the second merges, the third finds it
 * full (it waits for request 10) and sends request 12, the fourth merges with that, the
 * fifth finds 12 full.  Another block is a request of its own. */
static void limit_by_hand(void **state)
{
    (void)state;
    mwp_merge m = {.max_merge = 2};
    uint32_t full = 0;
    assert_int_equal(load(&m, 0x100, 10, &full), MWP_MERGE_NEW);
    assert_int_equal(load(&m, 0x100, 11, &full), MWP_MERGE_MERGED);
    assert_int_equal(load(&m, 0x100, 12, &full), MWP_MERGE_FULL);
    assert_int_equal(full, 10);
    assert_int_equal(load(&m, 0x100, 13, &full), MWP_MERGE_MERGED);
    assert_int_equal(load(&m, 0x100, 14, &full), MWP_MERGE_FULL);
    assert_int_equal(full, 12);
    assert_int_equal(load(&m, 0x180, 15, &full), MWP_MERGE_NEW);
    mwp_merge_free(&m);
}

/* Without a limit every later load merges; other groups, other periods and a new round
 * (reset) send their own. */
static void no_limit_groups_periods(void **state)
{
    (void)state;
    mwp_merge m = {.max_merge = 0};
    uint32_t full = 0;
    assert_int_equal(load(&m, 0x100, 0, &full), MWP_MERGE_NEW);
    for (uint32_t i = 1; i < 100; i++)
        assert_int_equal(load(&m, 0x100, i, &full), MWP_MERGE_MERGED);
    assert_int_equal(mwp_merge_load(&m, 1, 0, 0x100, 100, &full), MWP_MERGE_NEW);
    assert_int_equal(mwp_merge_load(&m, 0, 1, 0x100, 101, &full), MWP_MERGE_NEW);
    mwp_merge_reset(&m);
    assert_int_equal(load(&m, 0x100, 102, &full), MWP_MERGE_NEW);
    mwp_merge_free(&m);
}

/* Enough blocks to grow the table several times: each still found afterwards. */
static void grows_and_keeps(void **state)
{
    (void)state;
    mwp_merge m = {.max_merge = 8};
    uint32_t full = 0;
    for (uint32_t i = 0; i < 5000; i++)
        assert_int_equal(load(&m, 32u * i, i, &full), MWP_MERGE_NEW);
    for (uint32_t i = 0; i < 5000; i++)
        assert_int_equal(load(&m, 32u * i, i, &full), MWP_MERGE_MERGED);
    assert_int_equal(m.used, 5000);
    mwp_merge_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(limit_by_hand),
        cmocka_unit_test(no_limit_groups_periods),
        cmocka_unit_test(grows_and_keeps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
