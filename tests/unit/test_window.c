/* test_window.c - the sliding-window profiler against the worked examples of
 * Yuan & Aamodt 2009 (Figures 3 and 4; docs/MODEL.md, "Quantities" and "The sliding
 * window") and hand-derived traces.
 *
 * Baseline arithmetic: 2 GDDR3 chips per MC, 4-byte buses, DDR: 16 bytes per cycle, so a
 * 64-byte request takes T_svc_req = 4 cycles; tRC 34, tRP 13, tRCD 12. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "model/window.h"

enum { BPC = 16, REQ = 64 };

static void push(window *w, uint32_t bank, uint32_t row, uint32_t bytes, uint32_t write)
{
    window_req r = {.bank = bank, .row = row, .size = bytes, .write = write};
    window_push(w, &r, 1);
}

static window_params params(uint32_t banks, uint32_t q, int full, int mp)
{
    return (window_params){banks, q, full, mp, 34, 13, 12, BPC};
}

/* Efficiency as an exact fraction check: num/den in cycles. */
static void expect_cycles(const hamm_model_totals *t, uint64_t num, uint64_t den)
{
    assert_int_equal(t->num_bytes, num * BPC);
    assert_int_equal(t->den_bytes, den * BPC);
}

/* Figure 3: bank 0 switches rows and serves one request (t_0 = 4); banks 1-3 serve five
 * requests from their open rows (20 cycles).  D = MAX(34, 13 + 12 + 4) = 34, sum 24:
 * 24/34 = 70.6%. */
static void figure3(void **state)
{
    (void)state;
    const uint32_t open[4] = {0, 0, 0, 0};
    window_params p = params(4, 1, 0, 0);
    window *w = window_new(&p, open);
    push(w, 0, 1, REQ, 0); /* the window (Q = 1) fills: bank 0 switches to row 1 */
    for (int i = 0; i < 5; i++)
        push(w, 1 + (uint32_t)i % 3, 0, REQ, 0); /* hits in banks 1-3 */
    window_finish(w);
    const hamm_model_totals *t = window_totals(w);
    expect_cycles(t, 24, 34);
    assert_int_equal(t->periods, 1);
    assert_int_equal(t->activates, 1);
    window_free(w);
}

/* Figure 4: Q = 4, banks 0 (rows A=0, B=1) and 1 (rows X=0, Y=1), A and X open;
 * requests 1:0A 2:0B 3:0A 4:1Y 5:1Y 6:0A 7:1X 8:1Y 9:1Y.  Hand derivation (the paper's):
 * no-overlap 16/16 + 4/34 + 16/41 = 36/91 (39.6%); full-overlap 16/16 + 20/34 = 36/50
 * (72.0%). */
static void feed_figure4(window *w)
{
    static const uint32_t bank[9] = {0, 0, 0, 1, 1, 0, 1, 1, 1};
    static const uint32_t row[9] = {0, 1, 0, 1, 1, 0, 0, 1, 1};
    for (int i = 0; i < 9; i++)
        push(w, bank[i], row[i], REQ, 0);
    window_finish(w);
}

static void figure4_no_overlap(void **state)
{
    (void)state;
    const uint32_t open[2] = {0, 0};
    window_params p = params(2, 4, 0, 0);
    window *w = window_new(&p, open);
    feed_figure4(w);
    const hamm_model_totals *t = window_totals(w);
    expect_cycles(t, 36, 91);
    assert_int_equal(t->periods, 3);
    assert_int_equal(t->served_bytes, 9 * REQ);
    window_free(w);
}

static void figure4_full_overlap(void **state)
{
    (void)state;
    const uint32_t open[2] = {0, 0};
    window_params p = params(2, 4, 1, 0);
    window *w = window_new(&p, open);
    feed_figure4(w);
    const hamm_model_totals *t = window_totals(w);
    expect_cycles(t, 36, 50);
    assert_int_equal(t->periods, 2);
    assert_int_equal(t->activates, 2);
    window_free(w);
}

/* One bank, `per_row` requests to each of `rows` rows, precharged at the start: every
 * period opens a row and serves per_row requests: 4 * per_row cycles of D = 34. */
static void one_bank(uint32_t per_row, uint64_t num_per_row)
{
    window_params p = params(4, 32, 0, 0);
    window *w = window_new(&p, NULL);
    const uint32_t rows = 100;
    for (uint32_t r = 0; r < rows; r++)
        for (uint32_t k = 0; k < per_row; k++)
            push(w, 0, r, REQ, 0);
    window_finish(w);
    const hamm_model_totals *t = window_totals(w);
    expect_cycles(t, rows * num_per_row, rows * 34);
    assert_int_equal(t->activates, rows);
    window_free(w);
}

static void one_bank_two_per_row(void **state)
{
    (void)state;
    one_bank(2, 8); /* 8/34 = 23.5% */
}

static void one_bank_one_per_row(void **state)
{
    (void)state;
    one_bank(1, 4); /* 4/34 = 11.8% */
}

/* Requests that all hit open rows: one period without a switch, counted 100%. */
static void all_hits(void **state)
{
    (void)state;
    const uint32_t open[4] = {7, 8, 9, 10};
    window_params p = params(4, 32, 0, 0);
    window *w = window_new(&p, open);
    for (uint32_t i = 0; i < 1000; i++)
        push(w, i % 4, 7 + i % 4, REQ, i % 3 == 0u);
    window_finish(w);
    const hamm_model_totals *t = window_totals(w);
    assert_int_equal(t->num_bytes, t->den_bytes);
    assert_int_equal(t->num_bytes, 1000 * REQ);
    assert_int_equal(t->activates, 0);
    assert_int_equal(t->writes, 334);
    window_free(w);
}

/* One bank, Q = 3, rows A=0 B=1, requests A B B A A B B (precharged start).
 * FR-FCFS: window {A,B,B} full -> open A (oldest), serve A; the next A, A hit (t = 12);
 *   B fills {B,B,B} -> close 12/MAX(34,25+12)=12/37; open B, serve BBB; B hits (16);
 *   end: 16/MAX(34,41) = 16/41.  Total 28/78 = 35.9%.
 * Most-Pending: {A,B,B} full -> open B (2 pending), serve BB (8); A, A miss -> {A,A,A}
 *   full -> close 8/34; open A, serve AAA (12); B, B miss; end: 12/37; open B: 8/34.
 *   Total 28/105 = 26.7%. */
static void feed_mp(window *w)
{
    static const uint32_t row[7] = {0, 1, 1, 0, 0, 1, 1};
    for (int i = 0; i < 7; i++)
        push(w, 0, row[i], REQ, 0);
    window_finish(w);
}

static void frfcfs_and_most_pending_differ(void **state)
{
    (void)state;
    window_params p = params(1, 3, 0, 0);
    window *w = window_new(&p, NULL);
    feed_mp(w);
    expect_cycles(window_totals(w), 28, 78);
    window_free(w);

    p = params(1, 3, 0, 1);
    w = window_new(&p, NULL);
    feed_mp(w);
    expect_cycles(window_totals(w), 28, 105);
    window_free(w);
}

/* FCFS is a window of one miss.  Same trace: open A, serve A (4) | B misses -> close
 * 4/34, open B, serve B; B hits (8) | A -> 8/34; A, A (8) | B -> 8/34; B, B (8) | end 8/34.
 * Total 28/136 = 20.6%. */
static void fcfs_is_a_window_of_one(void **state)
{
    (void)state;
    window_params p = params(1, 1, 0, 0);
    window *w = window_new(&p, NULL);
    feed_mp(w);
    expect_cycles(window_totals(w), 28, 136);
    window_free(w);
}

/* Full-overlap is not always above no-overlap: a bank switched early loses later hits to
 * its old row.  Banks 0 (A=0 open, B=1, C=2) and 1 (X=0 open, Y=1), Q = 2; requests
 * 0B 1Y 1X 1X 1X 1X 0C.
 * No-overlap: {0B,1Y} full -> open 0B (t_j 4); the four 1X hit (16): close 20/34;
 *   open 1Y (4): with 0C waiting, end: 4/34; open 0C: 4/34.  Total 28/102 = 27.5%.
 * Full-overlap: {0B,1Y} full -> open 0B and 1Y (8, t_j 4); 1X 1X miss and fill the
 *   window: close 8/34; open 1X (8), two more 1X hit (t_j 16); 0C waits; end: 16/41;
 *   open 0C: 4/34.  Total 28/109 = 25.7%. */
static void feed_early_switch(window *w)
{
    static const uint32_t bank[7] = {0, 1, 1, 1, 1, 1, 0};
    static const uint32_t row[7] = {1, 1, 0, 0, 0, 0, 2};
    for (int i = 0; i < 7; i++)
        push(w, bank[i], row[i], REQ, 0);
    window_finish(w);
}

static void full_overlap_can_be_below_no_overlap(void **state)
{
    (void)state;
    const uint32_t open[2] = {0, 0};
    window_params p = params(2, 2, 0, 0);
    window *w = window_new(&p, open);
    feed_early_switch(w);
    expect_cycles(window_totals(w), 28, 102);
    window_free(w);

    p = params(2, 2, 1, 0);
    w = window_new(&p, open);
    feed_early_switch(w);
    expect_cycles(window_totals(w), 28, 109);
    window_free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(figure3),
        cmocka_unit_test(figure4_no_overlap),
        cmocka_unit_test(figure4_full_overlap),
        cmocka_unit_test(one_bank_two_per_row),
        cmocka_unit_test(one_bank_one_per_row),
        cmocka_unit_test(all_hits),
        cmocka_unit_test(frfcfs_and_most_pending_differ),
        cmocka_unit_test(fcfs_is_a_window_of_one),
        cmocka_unit_test(full_overlap_can_be_below_no_overlap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
