/* test_model_timed.c - the command-timed profiler (src/model/timed.c) on traces whose
 * timing can be worked out by hand.  Each test states its derivation: the cycle of every
 * command, then busy (data-bus) cycles over active cycles (a request queued or data in
 * flight), the efficiency as the engine measures it.  The totals count time in bytes;
 * bytes_per_cycle is 1 here, so num_bytes and den_bytes are busy and active cycles. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "model/timed.h"

/* GDDR3 as in Yuan & Aamodt's Table 2 (models/dram/gddr3-yuan09.json): BL4 at DDR, so a
 * burst is 2 cycles; one bank group. */
static timed_params gddr3(uint32_t banks, uint32_t queue)
{
    timed_params p;
    memset(&p, 0, sizeof p);
    p.dram.banks = banks;
    p.dram.bank_groups = 1;
    p.dram.burst_length = 4;
    p.dram.data_rate = 2;
    hamm_dram_timing *t = &p.dram.t;
    t->tCCD = 2;
    t->tRRD = 8;
    t->tRAS = 21;
    t->tRCD = 12;
    t->tRP = 13;
    t->tRC = 34;
    t->CL = 9;
    t->WL = 4;
    t->tWTR = 5;
    t->tRTW = 9;
    t->tRTP = 2;
    t->tWR = 13;
    p.queue_size = queue;
    p.policy = HAMM_SCHED_FRFCFS;
    p.burst_bytes = 32;
    p.bytes_per_cycle = 1;
    p.refresh = 1;
    return p;
}

static hamm_mapped_request req(uint32_t bank, uint32_t row, int write)
{
    hamm_mapped_request r;
    memset(&r, 0, sizeof r);
    r.bank = bank;
    r.row = row;
    r.size = 32; /* one burst */
    r.write = write != 0;
    return r;
}

/* Run the requests; check busy and active cycles. */
static void expect(const timed_params *p, const hamm_mapped_request *r, size_t n,
                   uint64_t busy, uint64_t active)
{
    timed *m = timed_new(p);
    assert_non_null(m);
    timed_push(m, r, n);
    timed_finish(m);
    const hamm_model_totals *t = timed_totals(m);
    assert_int_equal(t->requests, n);
    assert_int_equal(t->num_bytes, busy);
    assert_int_equal(t->den_bytes, active);
    timed_free(m);
}

/* GDDR5 of the GTX480 (models/dram/gddr5-gtx480.json): 16 banks in 4 groups of 4, BL8 at
 * 4 beats per cycle (a 2-cycle burst), tCCD 2 between groups and tCCD_L 3 within one.
 * N reads of one row of bank 0: ACT at 0, the first RD at tRCD = 12, then one RD every
 * max(tCCD_L, burst) = 3 cycles: the last at 12 + 3 (N - 1).  Its data ends CL + burst =
 * 14 later; requests are queued until then, so active = 3N + 23, busy = 2N, and the
 * efficiency tends to tBURST / tCCD_L = 2/3.  Alternating banks 0 and 4 (two groups)
 * lets the RDs go tCCD = 2 apart: every cycle of the bus is used once both rows are open
 * (bank 4's ACT waits tRRD = 6, so its first RD is at 18). */
static void single_bank_group_stream(void **state)
{
    (void)state;
    timed_params p = gddr3(16, 32);
    p.dram.bank_groups = 4;
    p.dram.burst_length = 8;
    p.dram.data_rate = 4;
    p.dram.t.tCCD_L = 3;
    p.dram.t.tRRD = 6;
    p.dram.t.CL = 12;
    p.burst_bytes = 64;
    enum { N = 1000 };
    static hamm_mapped_request r[N];
    for (uint32_t i = 0; i < N; i++) {
        r[i] = req(0, 0, 0);
        r[i].size = 64;
    }
    expect(&p, r, N, 2 * N, 3 * N + 23);
    /* Two groups: at most a few cycles lost at the start, none in the steady state. */
    for (uint32_t i = 0; i < N; i++)
        r[i].bank = i % 2 ? 4 : 0;
    timed *m = timed_new(&p);
    timed_push(m, r, N);
    timed_finish(m);
    const hamm_model_totals *t = timed_totals(m);
    assert_int_equal(t->num_bytes, 2 * N);
    assert_true(t->den_bytes >= 2 * N + 12 + 14 && t->den_bytes <= 2 * N + 12 + 14 + 8);
    timed_free(m);
}

/* One bank, one row, R W R W ... with a queue of one, so they are served in that order
 * (with a longer queue FR-FCFS lets the reads pass the writes waiting for tRTW).  ACT at
 * 0; R at tRCD = 12.  A WR waits tRTW = 9 after a RD (and CL + burst - WL = 7): W at 21.
 * A RD waits WL + burst + tWTR = 4 + 2 + 5 = 11 after a WR: R at 32.  So the pairs repeat
 * every 20 cycles: R at 12 + 20k, W at 21 + 20k.  For M pairs the last W is at
 * 21 + 20 (M - 1) and its data ends WL + burst = 6 later: active = 20M + 7 cycles, busy
 * = 4M (two 2-cycle bursts a pair), so the efficiency tends to 4/20, against 100% for
 * the paper's Eq. 1 (every request hits the open row). */
static void alternating_reads_and_writes(void **state)
{
    (void)state;
    timed_params p = gddr3(4, 1);
    enum { M = 100 };
    hamm_mapped_request r[2 * M];
    for (uint32_t i = 0; i < 2 * M; i++)
        r[i] = req(0, 7, i % 2);
    expect(&p, r, 2 * M, 4 * M, 20 * M + 7);
}

/* Eight banks, one read each, all banks precharged: DDR4-like timing with BL8 (a 4-cycle
 * burst), tCCD 4, tRRD 4, tFAW 20, tRCD 10, CL 10, one bank group.  The ACTs go tRRD
 * apart: 0, 4, 8, 12; the fifth waits for tFAW after the first: 20, then 24, 28, 32 (each
 * tFAW after the fourth ACT back, and tRRD after the last).  Each RD goes tRCD after its
 * ACT and tCCD after the previous RD: 10, 14, 18, 22, 30, 34, 38, 42 (column commands
 * take the command bus first, and no ACT falls on those cycles).  The last data ends at
 * 42 + 10 + 4 = 56: busy 32 of 56 cycles.  Without tFAW the ACTs are 0, 4, ..., 28, the
 * RDs 10, 14, ..., 38, the end 52.  The paper's full-overlap switches all eight at once. */
static void eight_banks_rrd_faw(void **state)
{
    (void)state;
    timed_params p = gddr3(8, 16);
    p.dram.burst_length = 8;
    p.dram.t.tCCD = 4;
    p.dram.t.tRRD = 4;
    p.dram.t.tFAW = 20;
    p.dram.t.tRCD = 10;
    p.dram.t.CL = 10;
    p.burst_bytes = 32;
    hamm_mapped_request r[8];
    for (uint32_t b = 0; b < 8; b++)
        r[b] = req(b, 3, 0);
    expect(&p, r, 8, 32, 56);
    p.dram.t.tFAW = 0;
    expect(&p, r, 8, 32, 52);
}

/* Requests that arrive 1000 cycles apart, each to a bank never opened (16 banks): each
 * finds the queue empty, so ACT at its arrival, RD tRCD = 12 later, data CL + burst = 11
 * after that.  Active: tRCD + CL + burst = 23 cycles a request, busy 2: 2/23 = 8.7%.  In
 * saturated replay (arrivals ignored) the same trace keeps the queue full: the ACTs go
 * tRRD = 8 apart and the efficiency is far higher. */
static void timed_arrivals_one_at_a_time(void **state)
{
    (void)state;
    timed_params p = gddr3(16, 32);
    p.arrivals = 1;
    hamm_mapped_request r[16];
    for (uint32_t i = 0; i < 16; i++) {
        r[i] = req(i, 100 + i, 0);
        r[i].timed = 1;
        r[i].arrival = 1000 * (uint64_t)i;
    }
    expect(&p, r, 16, 2 * 16, 23 * 16);
    /* saturated: ACTs at 0, 8, ..., 120; RDs 12, 20, ..., 132; end 132 + 11 = 143 */
    p.arrivals = 0;
    expect(&p, r, 16, 2 * 16, 143);
}

/* Refresh every tREFI = 200 cycles for tRFC = 50, one bank, one row, N = 157 reads.
 * ACT at 0, RDs at 12, 14, ..., 198 (94 of them).  At 200 the REF is due: the bank closes
 * (PRE at 200: tRAS after 0 and tRTP = 2 after the RD at 198 both allow it), REF tRP =
 * 13 later at 213, and the row opens again tRFC after it: ACT at 263, RDs at 275, 277,
 * ..., 399 (63 more).  The last data ends at 399 + 9 + 2 = 410; requests wait all along,
 * so busy 314 of 410 cycles.  Without refresh: RDs at 12, ..., 324, end 335. */
static void refresh_closes_rows(void **state)
{
    (void)state;
    timed_params p = gddr3(4, 32);
    p.dram.t.tREFI = 200;
    p.dram.t.tRFC = 50;
    enum { N = 157 };
    hamm_mapped_request r[N];
    for (uint32_t i = 0; i < N; i++)
        r[i] = req(0, 5, 0);
    expect(&p, r, N, 2 * N, 410);
    p.refresh = 0;
    expect(&p, r, N, 2 * N, 335);
    /* tRFC above tREFI (the loader refuses it; a caller may not): a REF that would be the
     * second in a row to pass over waiting requests waits for one burst, so every request
     * is still served (without that rule this would never end). */
    p.refresh = 1;
    p.dram.t.tREFI = 10;
    p.dram.t.tRFC = 30;
    timed *m = timed_new(&p);
    assert_non_null(m);
    timed_push(m, r, 3);
    timed_finish(m);
    assert_int_equal(timed_totals(m)->num_bytes, 6);
    timed_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(single_bank_group_stream),
        cmocka_unit_test(alternating_reads_and_writes),
        cmocka_unit_test(eight_banks_rrd_faw),
        cmocka_unit_test(timed_arrivals_one_at_a_time),
        cmocka_unit_test(refresh_closes_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
