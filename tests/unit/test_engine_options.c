/* test_engine_options.c - the engine's controller options (write queue and drain, page
 * policy, row-hit cap, ready order) against hand-timed command sequences on the baseline
 * GDDR3 (tRCD 12, CL 9, tCCD 2, tRRD 8, tRAS 21, tRP 13, tRC 34, WL 4, tWTR 5, tRTW 9,
 * tRTP 2, tWR 13; a burst is 2 cycles and moves 32 bytes).  Derived delays used below:
 * RD -> WR 9 (tRTW); WR -> RD WL + burst + tWTR = 4 + 2 + 5 = 11; WR -> PRE
 * WL + burst + tWR = 19; RD -> PRE 2 (tRTP).  Every expected cycle is derived by hand. */
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
#define PRE HAMM_CMD_PRE

/* Write queue of 4, drained from 3 writes down to 1.  Bank 0 row 0: six reads and two
 * writes arrive at 0, a third write at 15.  ACT 0, RD 12 and 14 (2 writes: below the
 * high watermark, reads go on).  At 15 three writes wait: the drain starts; its first WR
 * waits for RD 14 + tRTW 9 = 23, the second goes at 25 (tCCD), and one write is left: at
 * the low watermark with reads waiting, the drain ends.  The reads resume at WR 25 + 11 =
 * 36, 38, 40, 42; with no read left the last write drains at 42 + 9 = 51, its data ending
 * at 51 + WL 4 + 2 = 57.  The shared queue instead serves the writes where they fall. */
static void write_drain_at_high_watermark(void **state)
{
    (void)state;
    const char *sets[] = {"write_queue_size=4", "write_drain_high=3", "write_drain_low=1"};
    rig *g = rig_new(sets, 3, HAMM_REPLAY_TIMED);
    for (uint32_t i = 0; i < 6; i++)
        add_at(g, 0, 0, 32 * i, 0, 0);
    add_at(g, 0, 0, 256, 1, 0);
    add_at(g, 0, 0, 288, 1, 0);
    add_at(g, 0, 0, 320, 1, 15);
    hamm_engine_finish(g->e);
    const expect x[] = {{0, ACT, 0},  {12, RD, 0}, {14, RD, 0}, {23, WR, 0}, {25, WR, 0},
                        {36, RD, 0},  {38, RD, 0}, {40, RD, 0}, {42, RD, 0}, {51, WR, 0}};
    expect_commands(g, x, 10);
    assert_int_equal(ch0(g)->stat[HAMM_STAT_cycles], 57);
    assert_int_equal(ch0(g)->stat[HAMM_STAT_writes], 3);
    assert_int_equal(g->cap.cmd[3].arg, 256 / 8); /* the oldest write first (8 B a column) */
    rig_free(g);
}

/* A full write queue holds the trace back: write queue of 2 (drained when full, down to
 * none), saturated replay.  Two writes and a read enter at 0; the third write waits for a
 * slot.  At 0 the write queue is full: drain; ACT 0, WR 12; the third write enters at 13
 * as the first leaves, and joins the drain, which lasts until no write waits: WR 14, 16.
 * The read goes at 16 + 11 = 27. */
static void full_write_queue_waits(void **state)
{
    (void)state;
    const char *sets[] = {"write_queue_size=2"};
    rig *g = rig_new(sets, 1, HAMM_REPLAY_SATURATED);
    add(g, 0, 0, 0, 32, 1);
    add(g, 0, 0, 32, 32, 1);
    add(g, 0, 0, 64, 32, 0);
    add(g, 0, 0, 96, 32, 1);
    hamm_engine_finish(g->e);
    const expect x[] = {{0, ACT, 0}, {12, WR, 0}, {14, WR, 0}, {16, WR, 0}, {27, RD, 0}};
    expect_commands(g, x, 5);
    assert_int_equal(ch0(g)->stat[HAMM_STAT_latency_max], 27 + 9 + 2); /* the read's */
    rig_free(g);
}

/* Closed page: bank 0 row 1 read at 0 and again at 40.  Open page: ACT 0, RD 12, and the
 * second read hits at 40 (done 40 + 9 + 2 = 51).  Closed page: with no queued hit after
 * RD 12 the row closes at max(RD + tRTP 14, ACT + tRAS 21) = 21; the second read is a
 * miss: ACT at 40 (tRP and tRC long past), RD 52, done 63, the row closed again at
 * max(52 + 2, 40 + 21) = 61: a hit became a miss at the cost of tRCD (12 cycles). */
static void closed_page_hit_becomes_miss(void **state)
{
    (void)state;
    const char *closed[] = {"page_policy=closed"};
    rig *o = rig_new(NULL, 0, HAMM_REPLAY_TIMED), *c = rig_new(closed, 1, HAMM_REPLAY_TIMED);
    rig *both[2] = {o, c};
    for (int k = 0; k < 2; k++) {
        add_at(both[k], 0, 1, 0, 0, 0);
        add_at(both[k], 0, 1, 32, 0, 40);
        hamm_engine_finish(both[k]->e);
    }
    const expect xo[] = {{0, ACT, 0}, {12, RD, 0}, {40, RD, 0}};
    expect_commands(o, xo, 3);
    assert_int_equal(ch0(o)->stat[HAMM_STAT_cycles], 51);
    assert_int_equal(ch0(o)->stat[HAMM_STAT_row_hits], 1);
    const expect xc[] = {{0, ACT, 0}, {12, RD, 0}, {21, PRE, 0},
                         {40, ACT, 0}, {52, RD, 0}, {61, PRE, 0}};
    expect_commands(c, xc, 6);
    assert_int_equal(ch0(c)->stat[HAMM_STAT_cycles], 63);
    assert_int_equal(ch0(c)->stat[HAMM_STAT_row_hits], 0);
    assert_int_equal(ch0(c)->stat[HAMM_STAT_row_misses], 2);
    assert_int_equal(ch0(c)->stat[HAMM_STAT_latency_max], 23);
    rig_free(o);
    rig_free(c);
}

/* Closed page keeps a row open while a queued request hits it: two reads of row 1 at 0
 * go at 12 and 14 before the PRE at tRAS 21. */
static void closed_page_serves_queued_hits(void **state)
{
    (void)state;
    const char *closed[] = {"page_policy=closed"};
    rig *g = rig_new(closed, 1, HAMM_REPLAY_TIMED);
    add_at(g, 0, 1, 0, 0, 0);
    add_at(g, 0, 1, 32, 0, 0);
    hamm_engine_finish(g->e);
    const expect x[] = {{0, ACT, 0}, {12, RD, 0}, {14, RD, 0}, {21, PRE, 0}};
    expect_commands(g, x, 4);
    rig_free(g);
}

/* Timeout 50: bank 0 row 1 read at 0 (RD 12) and at 30 (a hit, RD 30); the row has been
 * unused since 30, so it closes at 30 + 50 = 80.  A read of row 2 at 100 then finds the
 * bank precharged: ACT 100, RD 112, done 123; the open page would have paid PRE 100,
 * ACT 113, RD 125, done 136.  The last row would close at 112 + 50 = 162, after the end. */
static void timeout_closes_idle_row(void **state)
{
    (void)state;
    const char *timeout[] = {"page_policy=timeout", "page_timeout=50"};
    rig *o = rig_new(NULL, 0, HAMM_REPLAY_TIMED), *t = rig_new(timeout, 2, HAMM_REPLAY_TIMED);
    rig *both[2] = {o, t};
    for (int k = 0; k < 2; k++) {
        add_at(both[k], 0, 1, 0, 0, 0);
        add_at(both[k], 0, 1, 32, 0, 30);
        add_at(both[k], 0, 2, 0, 0, 100);
        hamm_engine_finish(both[k]->e);
    }
    const expect xt[] = {{0, ACT, 0}, {12, RD, 0}, {30, RD, 0},
                         {80, PRE, 0}, {100, ACT, 0}, {112, RD, 0}};
    expect_commands(t, xt, 6);
    assert_int_equal(ch0(t)->stat[HAMM_STAT_cycles], 123);
    assert_int_equal(ch0(t)->stat[HAMM_STAT_row_hits], 1);
    const expect xo[] = {{0, ACT, 0}, {12, RD, 0}, {30, RD, 0},
                         {100, PRE, 0}, {113, ACT, 0}, {125, RD, 0}};
    expect_commands(o, xo, 6);
    assert_int_equal(ch0(o)->stat[HAMM_STAT_cycles], 136);
    rig_free(o);
    rig_free(t);
}

/* Row-hit cap 2.  Bank 0: A row 1, B row 2 (older than the rest), C, D, E row 1.  No
 * cap: ACT 1 at 0, A, C, D, E at 12, 14, 16, 18 while B waits; PRE 21, ACT 34, B at 46.
 * Cap 2: after A (the miss) and two hits (C, D) with B waiting, E may not go: PRE at
 * ACT + tRAS = 21, ACT 2 at 34, B at 46; then E: PRE at max(34 + 21, 46 + 2) = 55,
 * ACT 1 at 55 + 13 = 68 (= 34 + tRC), E at 80. */
static void row_hit_cap_lets_older_through(void **state)
{
    (void)state;
    const char *capped[] = {"row_hit_cap=2"};
    rig *n = rig_new(NULL, 0, HAMM_REPLAY_SATURATED);
    rig *c = rig_new(capped, 1, HAMM_REPLAY_SATURATED);
    rig *both[2] = {n, c};
    for (int k = 0; k < 2; k++) {
        add(both[k], 0, 1, 0, 32, 0);
        add(both[k], 0, 2, 0, 32, 0);
        for (uint32_t i = 1; i <= 3; i++)
            add(both[k], 0, 1, 32 * i, 32, 0);
        hamm_engine_finish(both[k]->e);
    }
    const expect xn[] = {{0, ACT, 0},  {12, RD, 0}, {14, RD, 0}, {16, RD, 0},
                         {18, RD, 0},  {21, PRE, 0}, {34, ACT, 0}, {46, RD, 0}};
    expect_commands(n, xn, 8);
    const expect xc[] = {{0, ACT, 0},  {12, RD, 0},  {14, RD, 0}, {16, RD, 0},
                         {21, PRE, 0}, {34, ACT, 0}, {46, RD, 0}, {55, PRE, 0},
                         {68, ACT, 0}, {80, RD, 0}};
    expect_commands(c, xc, 10);
    assert_int_equal(ch0(c)->stat[HAMM_STAT_row_hits], 2);
    assert_int_equal(ch0(c)->stat[HAMM_STAT_row_misses], 3);
    assert_int_equal(ch0(c)->stat[HAMM_STAT_cycles], 80 + 9 + 2);
    rig_free(n);
    rig_free(c);
}

/* Column-first against oldest-ready.  Bank 0: A read row 1, B read row 2, D write row 1
 * (a hit younger than B).  ACT 0, A at 12.  At 21 D's WR (12 + tRTW 9) and B's PRE
 * (tRAS) are both legal.  Column-first takes the hit: WR 21, PRE at 21 + 19 = 40, ACT 53,
 * B at 65 (done 76).  Oldest-ready takes B's PRE (B is older): ACT 2 at 34, B at 46;
 * D, now a miss: PRE at max(34 + 21, 46 + 2) = 55, ACT 68, WR 80 (done 80 + 6 = 86). */
static void oldest_ready_closes_row_with_hit(void **state)
{
    (void)state;
    const char *oldest[] = {"ready_order=oldest-ready"};
    rig *f = rig_new(NULL, 0, HAMM_REPLAY_SATURATED);
    rig *o = rig_new(oldest, 1, HAMM_REPLAY_SATURATED);
    rig *both[2] = {f, o};
    for (int k = 0; k < 2; k++) {
        add(both[k], 0, 1, 0, 32, 0);
        add(both[k], 0, 2, 0, 32, 0);
        add(both[k], 0, 1, 32, 32, 1);
        hamm_engine_finish(both[k]->e);
    }
    const expect xf[] = {{0, ACT, 0},  {12, RD, 0},  {21, WR, 0},
                         {40, PRE, 0}, {53, ACT, 0}, {65, RD, 0}};
    expect_commands(f, xf, 6);
    assert_int_equal(ch0(f)->stat[HAMM_STAT_cycles], 76);
    const expect xo[] = {{0, ACT, 0},  {12, RD, 0},  {21, PRE, 0}, {34, ACT, 0},
                         {46, RD, 0},  {55, PRE, 0}, {68, ACT, 0}, {80, WR, 0}};
    expect_commands(o, xo, 8);
    assert_int_equal(ch0(o)->stat[HAMM_STAT_cycles], 86);
    assert_int_equal(ch0(o)->stat[HAMM_STAT_row_hits], 0);
    rig_free(f);
    rig_free(o);
}

/* first-ready (DRAMsim3's order) in the case above: B's PRE is legal at 21, but D still
 * hits the open row and the row has served only A (no cap): the PRE waits and the hit goes,
 * as column-first's does: WR 21, PRE 40, ACT 53, B at 65 (done 76). */
static void first_ready_keeps_row_with_hit(void **state)
{
    (void)state;
    const char *first[] = {"ready_order=first-ready"};
    rig *g = rig_new(first, 1, HAMM_REPLAY_SATURATED);
    add(g, 0, 1, 0, 32, 0);
    add(g, 0, 2, 0, 32, 0);
    add(g, 0, 1, 32, 32, 1);
    hamm_engine_finish(g->e);
    const expect x[] = {{0, ACT, 0},  {12, RD, 0},  {21, WR, 0},
                        {40, PRE, 0}, {53, ACT, 0}, {65, RD, 0}};
    expect_commands(g, x, 6);
    assert_int_equal(ch0(g)->stat[HAMM_STAT_cycles], 76);
    rig_free(g);
}

/* first-ready with a cap of 4 (DRAMsim3's: a PRE for the bank's oldest request once the
 * row has served 4 column commands).  Bank 0: A row 1, B row 2, then C D E F G row 1
 * (reads, queued at 0).  ACT 0, A 12, C 14, D 16, E 18, F 20 (B's PRE is held: hits wait
 * and the row has served at most 4).  After F the row has served 5: B's PRE may go, and
 * at 22 it is legal (tRAS 21, F + tRTP 2 = 22) as is G's RD; B is older: PRE 22, ACT 35,
 * B 47; G is now a miss: PRE max(35 + tRAS 21, 47 + 2) = 56, ACT 69, G 81 (done 92).
 * Uncapped, G would go at 22 and B's PRE at 24. */
static void first_ready_cap_precharges_for_oldest(void **state)
{
    (void)state;
    const char *first[] = {"ready_order=first-ready", "row_hit_cap=4"};
    rig *g = rig_new(first, 2, HAMM_REPLAY_SATURATED);
    add(g, 0, 1, 0, 32, 0);
    add(g, 0, 2, 0, 32, 0);
    for (uint32_t i = 1; i <= 5; i++)
        add(g, 0, 1, 32 * i, 32, 0);
    hamm_engine_finish(g->e);
    const expect x[] = {{0, ACT, 0},  {12, RD, 0},  {14, RD, 0}, {16, RD, 0},
                        {18, RD, 0},  {20, RD, 0},  {22, PRE, 0}, {35, ACT, 0},
                        {47, RD, 0},  {56, PRE, 0}, {69, ACT, 0}, {81, RD, 0}};
    expect_commands(g, x, 12);
    assert_int_equal(g->cap.cmd[8].arg, 0); /* B (column 0 of row 2) before G */
    assert_int_equal(ch0(g)->stat[HAMM_STAT_cycles], 81 + 9 + 2);
    assert_int_equal(ch0(g)->stat[HAMM_STAT_row_hits], 4);   /* C D E F */
    assert_int_equal(ch0(g)->stat[HAMM_STAT_row_misses], 3); /* A B G */
    rig_free(g);
}

/* queue-head (Ramulator 1's controller) against oldest-ready, both with a cap of 1 (a
 * row's requests lose their priority once it has served two).  Bank 0 row 1: A B C D H I,
 * then bank 1 row 1: E F G (all reads, queued at 0, in that order).  Both: ACT 0 at 0,
 * ACT 1 at tRRD 8 (until then the oldest waiting request, B, is not legal), A at 12,
 * B 14, C 16, D 18 (bank 0's hits; past the cap they are still the oldest, and legal).  At
 * 20 E (the request bank 1 was opened for) and H are legal.  queue-head serves the
 * activated request first: E 20; then F (bank 1 has served one: under the cap) beats the
 * older capped H: F 22; then all are capped and age decides: H 24, I 26, G 28.
 * oldest-ready's cap holds a row only for an older request to another row of the bank,
 * so age decides throughout: H 20, I 22, E 24, F 26, G 28. */
static void queue_head_caps_and_activated_first(void **state)
{
    (void)state;
    const char *qh[] = {"ready_order=queue-head", "row_hit_cap=1"};
    const char *ol[] = {"ready_order=oldest-ready", "row_hit_cap=1"};
    rig *q = rig_new(qh, 2, HAMM_REPLAY_SATURATED), *o = rig_new(ol, 2, HAMM_REPLAY_SATURATED);
    rig *both[2] = {q, o};
    const uint32_t bank[9] = {0, 0, 0, 0, 0, 0, 1, 1, 1};
    for (int k = 0; k < 2; k++) {
        for (uint32_t i = 0; i < 9; i++)
            add(both[k], bank[i], 1, 32 * i, 32, 0);
        hamm_engine_finish(both[k]->e);
    }
    const expect xq[] = {{0, ACT, 0},  {8, ACT, 1},  {12, RD, 0}, {14, RD, 0},
                         {16, RD, 0},  {18, RD, 0},  {20, RD, 1}, {22, RD, 1},
                         {24, RD, 0},  {26, RD, 0},  {28, RD, 1}};
    expect_commands(q, xq, 11);
    const expect xo[] = {{0, ACT, 0},  {8, ACT, 1},  {12, RD, 0}, {14, RD, 0},
                         {16, RD, 0},  {18, RD, 0},  {20, RD, 0}, {22, RD, 0},
                         {24, RD, 1},  {26, RD, 1},  {28, RD, 1}};
    expect_commands(o, xo, 11);
    assert_int_equal(ch0(q)->stat[HAMM_STAT_cycles], 28 + 9 + 2);
    rig_free(q);
    rig_free(o);
}

/* activate_queue: a request leaves the queue's count when its ACT issues, so the queue
 * admits another beyond queue_size.  queue_size 1, queue-head, saturated replay; reads A,
 * B, C of one burst to banks 0, 1, 2 (row 1).
 * Without it: A enters at 0, ACT 0 at 0, RD A at tRCD 12; A leaves and B enters at 13,
 * ACT 1 at 13 (tRRD long past), RD B 25; C enters at 26, ACT 2 at 26, RD C at 38: the
 * last data ends at 38 + CL 9 + burst 2 = 49.
 * With it: ACT 0 at 0 moves A out of the count, so B enters at 1; its ACT waits for tRRD:
 * ACT 1 at 8, and C enters at 9 (three requests queued in a queue of one: A and B
 * activated).  RD A 12; ACT 2 at 8 + tRRD = 16 (A's RD took 12, B's RD is not legal
 * until 20, so the queue's head C goes); RD B 20; RD C at 16 + 12 = 28; data ends 39. */
static void activate_queue_admits_past_count(void **state)
{
    (void)state;
    const char *off[] = {"queue_size=1", "ready_order=queue-head"};
    const char *on[] = {"queue_size=1", "ready_order=queue-head", "activate_queue=true"};
    rig *o = rig_new(off, 2, HAMM_REPLAY_SATURATED), *a = rig_new(on, 3, HAMM_REPLAY_SATURATED);
    rig *both[2] = {o, a};
    for (int k = 0; k < 2; k++) {
        for (uint32_t b = 0; b < 3; b++)
            add(both[k], b, 1, 0, 32, 0);
        hamm_engine_finish(both[k]->e);
    }
    const expect xo[] = {{0, ACT, 0}, {12, RD, 0}, {13, ACT, 1}, {25, RD, 1},
                         {26, ACT, 2}, {38, RD, 2}};
    expect_commands(o, xo, 6);
    assert_int_equal(ch0(o)->stat[HAMM_STAT_cycles], 49);
    const expect xa[] = {{0, ACT, 0}, {8, ACT, 1}, {12, RD, 0}, {16, ACT, 2},
                         {20, RD, 1}, {28, RD, 2}};
    expect_commands(a, xa, 6);
    assert_int_equal(ch0(a)->stat[HAMM_STAT_cycles], 39);
    rig_free(o);
    rig_free(a);
}

/* An activated write is served while the drain serves reads (Ramulator looks at its
 * activate queue in either mode).  Write queue of 2 drained from 1 write down to 0,
 * queue-head, saturated replay: write W (bank 0 row 1) and read R (bank 1 row 1) enter at
 * 0.  One write waits: the drain turns to writes, ACT 0 at 0 for W.
 * Without activate_queue W still counts, so the drain stays on writes: WR at tRCD 12;
 * then no write waits and the reads resume: ACT 1 at 13, RD at 25 (WR -> RD 11 is past),
 * data ending at 25 + CL 9 + burst 2 = 36.
 * With it W leaves the write count at its ACT: no write waits, the drain turns back to
 * reads at 1 and R's ACT goes at tRRD 8; W, activated, is still served first when legal:
 * WR 12 (the drain serves reads); R's RD waits for WR 12 + WL 4 + burst 2 + tWTR 5 = 23
 * (tRCD gave 20): data ends at 23 + 9 + 2 = 34. */
static void activate_queue_serves_write_in_read_mode(void **state)
{
    (void)state;
    const char *off[] = {"write_queue_size=2", "write_drain_high=1", "write_drain_low=0",
                         "ready_order=queue-head"};
    const char *on[] = {"write_queue_size=2", "write_drain_high=1", "write_drain_low=0",
                        "ready_order=queue-head", "activate_queue=true"};
    rig *o = rig_new(off, 4, HAMM_REPLAY_SATURATED), *a = rig_new(on, 5, HAMM_REPLAY_SATURATED);
    rig *both[2] = {o, a};
    for (int k = 0; k < 2; k++) {
        add(both[k], 0, 1, 0, 32, 1);
        add(both[k], 1, 1, 0, 32, 0);
        hamm_engine_finish(both[k]->e);
    }
    const expect xo[] = {{0, ACT, 0}, {12, WR, 0}, {13, ACT, 1}, {25, RD, 1}};
    expect_commands(o, xo, 4);
    assert_int_equal(ch0(o)->stat[HAMM_STAT_cycles], 36);
    const expect xa[] = {{0, ACT, 0}, {8, ACT, 1}, {12, WR, 0}, {23, RD, 1}};
    expect_commands(a, xa, 4);
    assert_int_equal(ch0(a)->stat[HAMM_STAT_cycles], 34);
    rig_free(o);
    rig_free(a);
}

/* The engine refuses what the model loader would (a --policy may change the scheduler
 * after loading): oldest-ready or a cap with another scheduler, watermarks outside the
 * write queue. */
static void engine_refuses_bad_options(void **state)
{
    (void)state;
    rig *g = rig_new(NULL, 0, HAMM_REPLAY_SATURATED);
    hamm_engine_params p = g->p;
    hamm_engine *e = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    p.cfg.scheduler = HAMM_SCHED_FCFS;
    p.cfg.ready_order = HAMM_ORDER_OLDEST_READY;
    assert_int_equal(hamm_engine_new(&e, &p, g->map, NULL, NULL, &err), HAMM_ERR_ARG);
    p.cfg.ready_order = HAMM_ORDER_COLUMN_FIRST;
    p.cfg.row_hit_cap = 4;
    assert_int_equal(hamm_engine_new(&e, &p, g->map, NULL, NULL, &err), HAMM_ERR_ARG);
    p = g->p;
    p.cfg.activate_queue = 1; /* column-first: no activate queue */
    assert_int_equal(hamm_engine_new(&e, &p, g->map, NULL, NULL, &err), HAMM_ERR_ARG);
    p = g->p;
    p.cfg.write_queue_size = 8;
    p.cfg.write_drain_high = 9;
    assert_int_equal(hamm_engine_new(&e, &p, g->map, NULL, NULL, &err), HAMM_ERR_ARG);
    p.cfg.write_drain_high = 0; /* the queue's size */
    p.cfg.write_drain_low = 8;
    assert_int_equal(hamm_engine_new(&e, &p, g->map, NULL, NULL, &err), HAMM_ERR_ARG);
    p.cfg.write_drain_low = 7;
    assert_int_equal(hamm_engine_new(&e, &p, g->map, NULL, NULL, &err), HAMM_OK);
    hamm_engine_free(e);
    rig_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(write_drain_at_high_watermark),
        cmocka_unit_test(full_write_queue_waits),
        cmocka_unit_test(closed_page_hit_becomes_miss),
        cmocka_unit_test(closed_page_serves_queued_hits),
        cmocka_unit_test(timeout_closes_idle_row),
        cmocka_unit_test(row_hit_cap_lets_older_through),
        cmocka_unit_test(oldest_ready_closes_row_with_hit),
        cmocka_unit_test(first_ready_keeps_row_with_hit),
        cmocka_unit_test(first_ready_cap_precharges_for_oldest),
        cmocka_unit_test(queue_head_caps_and_activated_first),
        cmocka_unit_test(activate_queue_admits_past_count),
        cmocka_unit_test(activate_queue_serves_write_in_read_mode),
        cmocka_unit_test(engine_refuses_bad_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
