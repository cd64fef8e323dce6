/* test_stats.c - one-pass trace statistics (src/stats) against a hand-decoded trace
 * (stats_trace.h): mix, footprint, trace-order activates, arrival cycles, and the
 * row-locality measure (negative when undefined, like the engine's). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "hamm/stats.h"
#include "stats_trace.h"

static hamm_addrmap *st_map(void)
{
    hamm_addrmap *m = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    if (hamm_addrmap_new(&m, ST_MAP, "", &st_geometry, &err) != HAMM_OK)
        fail_msg("%s", err.text);
    return m;
}

static void totals(void **state)
{
    (void)state;
    hamm_addrmap *m = st_map();
    hamm_stats *s = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_stats_new(&s, m, &err), HAMM_OK);
    hamm_stats_add(s, st_trace, 2); /* in two pieces: the same as in one */
    hamm_stats_add(s, st_trace + 2, ST_N - 2);
    const hamm_trace_stats *t = hamm_stats_result(s);
    assert_int_equal(t->requests, 6);
    assert_int_equal(t->reads, 4);
    assert_int_equal(t->writes, 2);
    assert_int_equal(t->bytes, 416);
    assert_int_equal(t->activates, 5);
    assert_int_equal(t->channels_touched, 2);
    assert_int_equal(t->banks_touched, 3);
    assert_int_equal(t->distinct_rows, 4);
    assert_int_equal(t->timed, 3);
    assert_int_equal(t->first_cycle, 5);
    assert_int_equal(t->last_cycle, 20);
    assert_int_equal(t->channels, 4);
    const hamm_channel_stats *c = t->per_channel;
    assert_int_equal(c[0].requests, 5);
    assert_int_equal(c[0].reads, 3);
    assert_int_equal(c[0].writes, 2);
    assert_int_equal(c[0].bytes, 352);
    assert_int_equal(c[0].activates, 4);
    assert_int_equal(c[1].requests, 0);
    assert_int_equal(c[1].activates, 0);
    assert_int_equal(c[2].requests, 1);
    assert_int_equal(c[2].reads, 1);
    assert_int_equal(c[2].bytes, 64);
    assert_int_equal(c[2].activates, 1);
    assert_int_equal(c[3].requests, 0);
    /* the result is recomputed, not accumulated, when asked again */
    t = hamm_stats_result(s);
    assert_int_equal(t->requests, 6);
    assert_int_equal(t->activates, 5);
    hamm_stats_free(s);
    hamm_addrmap_free(m);
}

static void locality(void **state)
{
    (void)state;
    assert_true(hamm_row_locality(6, 5) == 1.2);
    assert_true(hamm_row_locality(5, 4) == 1.25);
    assert_true(hamm_row_locality(0, 0) < 0.0); /* undefined: no activates */
    assert_true(hamm_row_locality(3, 0) < 0.0);
    assert_true(hamm_row_locality(0, 1) == 0.0);
}

/* The spread of stats_trace.h's requests: channel 0 holds 5 of the 6 (requests 1-5),
 * channel 2 the sixth, channels 1 and 3 none, so the largest share is channel 0's 5 and
 * the smallest channel 1's 0 (the first of the two empty ones).  Channel 0's banks: bank 0
 * has requests 1-4, bank 1 request 5, banks 2 and 3 none (the smallest: bank 2).  Channel
 * 2: bank 3 holds its one request, bank 0 is the first empty one.  Channel 1 is empty:
 * every bank has 0, the first one (bank 0) is both the largest and the smallest. */
static void spread(void **state)
{
    (void)state;
    hamm_addrmap *m = st_map();
    hamm_stats *s = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_stats_new(&s, m, &err), HAMM_OK);
    hamm_stats_add(s, st_trace, ST_N);
    const hamm_trace_stats *t = hamm_stats_result(s);
    assert_int_equal(t->banks, 4);
    hamm_spread want = {5, 0, 0, 1};
    assert_memory_equal(&t->spread, &want, sizeof want);
    const hamm_channel_stats *c = t->per_channel;
    const uint64_t c0[4] = {4, 1, 0, 0}, c2[4] = {0, 0, 0, 1}, none[4] = {0};
    assert_memory_equal(c[0].bank_requests, c0, sizeof c0);
    assert_memory_equal(c[1].bank_requests, none, sizeof none);
    assert_memory_equal(c[2].bank_requests, c2, sizeof c2);
    hamm_spread b0 = {4, 0, 0, 2}, b1 = {0, 0, 0, 0}, b2 = {1, 0, 3, 0};
    assert_memory_equal(&c[0].banks, &b0, sizeof b0);
    assert_memory_equal(&c[1].banks, &b1, sizeof b1);
    assert_memory_equal(&c[2].banks, &b2, sizeof b2);
    hamm_stats_free(s);
    hamm_addrmap_free(m);
}

/* No timed request: the cycle range stays empty. */
static void untimed(void **state)
{
    (void)state;
    hamm_addrmap *m = st_map();
    hamm_stats *s = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_stats_new(&s, m, &err), HAMM_OK);
    hamm_stats_add(s, st_trace + 1, 1);
    const hamm_trace_stats *t = hamm_stats_result(s);
    assert_int_equal(t->requests, 1);
    assert_int_equal(t->timed, 0);
    assert_int_equal(t->activates, 1); /* first use of the bank */
    assert_int_equal(t->distinct_rows, 1);
    hamm_stats_free(s);
    hamm_addrmap_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(totals),
        cmocka_unit_test(locality),
        cmocka_unit_test(spread),
        cmocka_unit_test(untimed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
