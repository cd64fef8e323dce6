/* test_mwp_queue.c - hamm's queueing variant of MWP/CWP (docs/MWP.md, "Queueing") against
 * mean-value analysis worked by hand on one- and two-SM kernels (one DRAM server or two
 * channels, a crossbar, periods after barriers), its bounds on a large one, and that
 * without the option nothing of Hong & Kim's prediction moves.
 *
 * The fixed point by hand.  G customers; at a station of m servers with demand d a visit
 * a customer finds the share f of the queue the others make (at a shared station
 * (G - 1) / G; at an SM's own station (n - 1) / n, n its SM's customers); with X = G / c
 * its residence is R = d (1 + f (X R / m - X d / 2m)), so
 *     R = d (1 - f X d / 2m) / (1 - f X d / m),      c = L + the sum of the R.
 * Two warps on one SM (f = 1/2 everywhere): R = d (2mc - d) / (2 (mc - d)).  The roots
 * quoted below were found by bisection on that equation (a script apart from hamm, to
 * 12 digits); the quadratic ones are exact. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>

#include <cmocka.h>

#include "hamm/mwp.h"

#define EPS 1e-9
#define ROOT 1e-8 /* the roots quoted to 12 digits; the MVA settles to 1e-12 */

#define assert_near(a, b, eps) check_near((a), (b), (eps), #a, __FILE__, __LINE__)
static void check_near(double a, double b, double eps, const char *what, const char *file,
                       int line)
{
    if (!(fabs(a - b) <= eps)) {
        print_error("%s = %.12g, expected %.12g\n", what, a, b);
        _fail(file, line);
    }
}

/* sms SMs at 1 GHz (a cycle is a nanosecond, so GB/s are bytes a cycle), Mem_LD mem_ld,
 * both departure delays 1, one cycle an instruction. */
static hamm_mwp_machine machine(uint32_t sms, double bandwidth, double mem_ld)
{
    return (hamm_mwp_machine){"q", sms, 1.0, bandwidth, mem_ld, 1, 1, 1, 768, 8, 8192, 16384,
                              0, "", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
}

static hamm_mwp_result predict_ok(const hamm_mwp_kernel *k, const hamm_mwp_machine *m,
                                  int queueing)
{
    hamm_mwp_options o;
    hamm_mwp_options_init(&o);
    o.queueing = queueing;
    hamm_mwp_result r;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_mwp_predict(m, k, &o, &r, &err), HAMM_OK);
    return r;
}

/* Two warps of one SM: 3 computation and 1 coalesced memory instruction of 128 bytes
 * each, one period a warp; 64 GB/s at 1 GHz, Mem_LD 100, departure delays 1. */
static hamm_mwp_kernel two_warps(void)
{
    return (hamm_mwp_kernel){.name = "two", .comp_insts = 3, .coal_mem_insts = 1,
                             .load_bytes_per_warp = 128, .threads_per_block = 64,
                             .blocks = 1};
}

/* two_warps: G = 2 on 1 SM, #Rep = 1/8 so one wave.  DRAM demand D = 128 / 64 = 2
 * cycles; SM issue c = 1 x (3 + 1) = 4; the memory port 1 x 1 / 1 = 1; the fixed delay
 * Mem_L - Departure_delay = 99.  c = 99 + R(2) + R(4) + R(1) with m = 1: c =
 * 106.102321908684, R = 2.019211867356, 4.078352772498, 1.004757268830 (the exact
 * recursion of earlier versions gave 106 + 10.5/106 = 106.0991). */
static void two_warps_by_hand(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(1, 64, 100);
    hamm_mwp_kernel k = two_warps();
    hamm_mwp_result r = predict_ok(&k, &m, 1);
    assert_near(r.queue_periods, 1, EPS);
    assert_near(r.queue_warps, 2, EPS);
    assert_near(r.queue_sms, 1, EPS);
    assert_near(r.queue_waves, 1, EPS);
    assert_near(r.queue_dram_demand, 2, EPS);
    assert_near(r.queue_sm_demand, 4, EPS);
    assert_near(r.queue_port_demand, 1, EPS);
    assert_near(r.queue_dram_residence, 2.019211867356, ROOT);
    assert_near(r.queue_sm_residence, 4.078352772498, ROOT);
    assert_near(r.queue_port_residence, 1.004757268830, ROOT);
    assert_near(r.queue_mem_l_loaded, 99 + 2.019211867356 + 1.004757268830, ROOT);
    assert_near(r.queue_cycle, 106.102321908684, ROOT);
    assert_near(r.queue_warp_cycle, 106.102321908684, ROOT);
    assert_near(r.exec_cycles, 106.102321908684, ROOT);
    assert_near(r.total_cycles, 106.102321908684, ROOT);
    assert_near(r.queue_barrier_periods, 0, EPS);
    assert_int_equal(r.limiter, HAMM_MWP_LIMIT_LATENCY);
}

/* The SM serves a period in its schedulers' cycles, not one per instruction: two_warps
 * with 1 of the 3 computation instructions on the SFU at 5 cycles and one barrier: c =
 * 1 x (3 - 1 + 1) + 5 x 1 + 1 x 1 (the memory instruction) = 9.  c = 99 + R(2) + R(9)
 * + R(1): 111.418244084083, the SM's R 9.395437359449. */
static void sfu_and_barrier_by_hand(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(1, 64, 100);
    m.sfu_issue_cycles = 5;
    hamm_mwp_kernel k = two_warps();
    k.synch_insts = 1;
    k.sfu_insts = 1;
    hamm_mwp_result r = predict_ok(&k, &m, 1);
    assert_near(r.issue_per_warp, 9, EPS);
    assert_near(r.queue_sm_demand, 9, EPS);
    assert_near(r.queue_sm_residence, 9.395437359449, ROOT);
    assert_near(r.queue_cycle, 111.418244084083, ROOT);
    assert_near(r.exec_cycles, 111.418244084083, ROOT);
}

/* The same with 2 DRAM channels: a period's 128 bytes are served by one channel at half
 * the bandwidth, 4 cycles, each channel visited every other period: the DRAM's R(4) at
 * m = 2.  c = 108.119196175512, the DRAM's R 4.037693463051. */
static void two_channels_by_hand(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(1, 64, 100);
    m.channels = 2;
    hamm_mwp_kernel k = two_warps();
    hamm_mwp_result r = predict_ok(&k, &m, 1);
    assert_near(r.queue_dram_demand, 2, EPS);
    assert_near(r.queue_dram_residence, 4.037693463051, ROOT);
    assert_near(r.queue_sm_residence, 4.076835015001, ROOT);
    assert_near(r.queue_cycle, 108.119196175512, ROOT);
    assert_near(r.total_cycles, 108.119196175512, ROOT);
}

/* two_warps, half of whose 128 bytes a period merge with a request already in flight
 * (merged_load_bytes 64): the DRAM moves 64 bytes a period, D = 1.  c = 99 + R(1) + R(4)
 * + R(1) = 105.088745570930, the DRAM's R 1.004803593292. */
static void merged_bytes_by_hand(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(1, 64, 100);
    hamm_mwp_kernel k = two_warps();
    k.merged_load_bytes = 64;
    hamm_mwp_result r = predict_ok(&k, &m, 1);
    assert_near(r.queue_dram_demand, 1, EPS);
    assert_near(r.queue_dram_residence, 1.004803593292, ROOT);
    assert_near(r.queue_sm_residence, 4.079138384346, ROOT);
    assert_near(r.queue_cycle, 105.088745570930, ROOT);
    /* merged bytes at or above what the warp moves are ignored: nothing would be left */
    k.merged_load_bytes = 128;
    r = predict_ok(&k, &m, 1);
    assert_near(r.queue_dram_demand, 2, EPS);
}

/* The store tail: two_warps ending with stores (store_tail 1) on a machine whose Write_L
 * is 50: Exec = 106.102321908684 + 50; without store_tail, or with Write_L 0, no tail. */
static void store_tail_by_hand(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(1, 64, 100);
    m.write_l_cycles = 50;
    hamm_mwp_kernel k = two_warps();
    k.store_tail = 1;
    hamm_mwp_result r = predict_ok(&k, &m, 1);
    assert_near(r.queue_cycle, 106.102321908684, ROOT);
    assert_near(r.queue_tail_cycles, 50, EPS);
    assert_near(r.queue_exec_cycles, 156.102321908684, ROOT);
    assert_near(r.total_cycles, 156.102321908684, ROOT);
    k.store_tail = 0;
    r = predict_ok(&k, &m, 1);
    assert_near(r.queue_tail_cycles, 0, EPS);
    assert_near(r.total_cycles, 106.102321908684, ROOT);
    k.store_tail = 1;
    m.write_l_cycles = 0;
    r = predict_ok(&k, &m, 1);
    assert_near(r.total_cycles, 106.102321908684, ROOT);
}

/* two_channels_by_hand with every period's requests on one channel (channel_skew 2 of 2
 * channels): one server of demand 4 visited every period, R(4) at m = 1: c =
 * 108.158278365133, the DRAM's R 4.076806185025.  A skew above the channels counts as
 * all on one (clamped); below 1 (absent: 0) as evenly spread. */
static void channel_skew_by_hand(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(1, 64, 100);
    m.channels = 2;
    hamm_mwp_kernel k = two_warps();
    k.channel_skew = 2;
    hamm_mwp_result r = predict_ok(&k, &m, 1);
    assert_near(r.queue_dram_residence, 4.076806185025, ROOT);
    assert_near(r.queue_cycle, 108.158278365133, ROOT);
    k.channel_skew = 5;
    r = predict_ok(&k, &m, 1);
    assert_near(r.queue_cycle, 108.158278365133, ROOT);
    k.channel_skew = 0.5;
    r = predict_ok(&k, &m, 1);
    assert_near(r.queue_cycle, 108.119196175512, ROOT);
}

/* Two SMs, 8 blocks of one warp, 1 active block an SM: G = 2 warps on 2 SMs, #Rep = 4
 * waves.  2 coalesced memory instructions of 32 bytes, waited for once: one period a
 * warp moving 64 bytes, D = 64 / 16 = 4 at 16 GB/s; no computation, so the SM issue is
 * the 2 memory instructions', c = 2, and the port's departures 1 x 2 / 1 = 2, each over
 * 2 SMs.  Mem_LD 2: the fixed delay 2 - 1 = 1.  Each SM's one warp finds no one at its
 * own SM (f = 0): R = 2 and 2.  The DRAM (f = 1/2, X = 2/c): R = 4 (1 - 2/c) / (1 -
 * 4/c) = 4 (c - 2) / (c - 4).  c = 5 + 4 (c - 2) / (c - 4): c^2 - 13c + 28 = 0, c =
 * (13 + sqrt 57) / 2 (above the DRAM's work for both warps, 8); Exec = 4 waves x 1
 * period x c; the DRAM's part is the largest: bandwidth. */
static void waves_loads_by_hand(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(2, 16, 2);
    hamm_mwp_kernel k = {.name = "waves", .coal_mem_insts = 2, .load_bytes_per_warp = 32,
                         .threads_per_block = 32, .blocks = 8, .active_blocks_per_sm = 1,
                         .mem_waits = 1};
    hamm_mwp_result r = predict_ok(&k, &m, 1);
    double c = (13 + sqrt(57)) / 2;
    assert_near(r.queue_periods, 1, EPS);
    assert_near(r.queue_warps, 2, EPS);
    assert_near(r.queue_sms, 2, EPS);
    assert_near(r.queue_waves, 4, EPS);
    assert_near(r.queue_dram_demand, 4, EPS);
    assert_near(r.queue_sm_demand, 2, EPS);
    assert_near(r.queue_port_demand, 2, EPS);
    assert_near(r.queue_dram_residence, 4 * (c - 2) / (c - 4), ROOT);
    assert_near(r.queue_sm_residence, 2, ROOT);
    assert_near(r.queue_port_residence, 2, ROOT);
    assert_near(r.queue_cycle, c, ROOT);
    assert_near(r.total_cycles, 4 * c, ROOT);
    assert_int_equal(r.limiter, HAMM_MWP_LIMIT_BANDWIDTH);
    /* E halves the bandwidth: D = 8, R = 8 (1 - 4/c) / (1 - 8/c); c = 5 + 8 (c - 4) /
     * (c - 8): c^2 - 21c + 72 = 0, c = (21 + sqrt 153) / 2 = 16.68, just above the DRAM's
     * work for both warps, 2 x 8 = 16 */
    hamm_mwp_options o;
    hamm_mwp_options_init(&o);
    o.queueing = 1;
    o.dram_efficiency = 0.5;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_mwp_predict(&m, &k, &o, &r, &err), HAMM_OK);
    c = (21 + sqrt(153)) / 2;
    assert_near(r.queue_cycle, c, ROOT);
    assert_near(r.queue_dram_residence, 8 * (c - 4) / (c - 8), ROOT);
    assert_near(r.queue_sm_residence, 2, ROOT);
    assert_near(r.total_cycles, 4 * c, ROOT);
}

/* Periods after a barrier ("Barriers"): two_warps' one period follows a barrier
 * (barrier_waits 1), so the block's 2 warps are one customer.  Alone in the network it
 * queues nowhere: the DRAM serves both warps' requests, 2 x 2 = 4; the SM issues both
 * warps, 2 x 4 = 8; the port sends both, 2 x 1 = 2: c = 99 + 4 + 8 + 2 = 113, not the
 * warps' 106.10 that overlap one warp's issue with the other's memory. */
static void barrier_period_by_hand(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(1, 64, 100);
    hamm_mwp_kernel k = two_warps();
    k.synch_insts = 1;
    k.mem_waits = 1;
    k.barrier_waits = 1;
    hamm_mwp_result r = predict_ok(&k, &m, 1);
    assert_near(r.queue_barrier_periods, 1, EPS);
    assert_near(r.queue_warp_cycle, 0, EPS);
    assert_near(r.queue_cta_cycle, 99 + 4 + 2 * 5 + 2, EPS); /* the barrier issues too */
    assert_near(r.queue_cycle, 115, EPS);
    assert_near(r.queue_sm_residence, 10, EPS);
    assert_near(r.total_cycles, 115 + r.synch_cycles, EPS);
    /* one warp a block: no CTA to wait for, the warps' network */
    k.threads_per_block = 32;
    k.blocks = 2;
    r = predict_ok(&k, &m, 1);
    assert_near(r.queue_barrier_periods, 0, EPS);
}

/* Two periods, the second after a barrier, holding 3/4 of the issue (barrier_issue_share
 * 0.75): two_warps with 2 memory instructions of 64 bytes and 7 computation ones: issue
 * 1 x 7 + 1 x 2 = 9 a warp, D = 2 x 64 / 2 / 64 = 1 a period, the port 2 / 2 = 1.  The
 * warps' period: the SM 9 x 0.25 = 2.25, c = 99 + R(1) + R(2.25) + R(1) with m = 1 =
 * 103.284829862422; the CTA's: 99 + 2 x 1 + 2 x 6.75 + 2 x 1 = 116.5 alone.  Exec is
 * their sum, the mean period half of it. */
static void mixed_periods_by_hand(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(1, 64, 100);
    hamm_mwp_kernel k = two_warps();
    k.comp_insts = 7;
    k.coal_mem_insts = 2;
    k.load_bytes_per_warp = 64;
    k.mem_waits = 2;
    k.barrier_waits = 1;
    k.barrier_issue_share = 0.75;
    hamm_mwp_result r = predict_ok(&k, &m, 1);
    assert_near(r.queue_sm_demand, 2.25, EPS);
    assert_near(r.queue_warp_cycle, 103.284829862422, ROOT);
    assert_near(r.queue_cta_cycle, 116.5, EPS);
    assert_near(r.queue_cycle, (103.284829862422 + 116.5) / 2, ROOT);
    assert_near(r.queue_exec_cycles, 103.284829862422 + 116.5, ROOT);
}

/* One block of 2 warps on each of 2 SMs, every period after a barrier: 2 CTA customers,
 * each alone at its own SM (f = 0: 2 x 4 = 8 and the port 2 x 1 = 2 with no wait) and
 * sharing the DRAM: 2 x 2 = 4 a visit (f = 1/2, X = 2/c): R = 4 (c - 2) / (c - 4); c =
 * 99 + 10 + R: c^2 - 117c + 444 = 0, c = (117 + sqrt 11913) / 2.  The warps' network
 * would let each SM's warps queue behind each other and overlap. */
static void ctas_on_own_sms_by_hand(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(2, 64, 100);
    hamm_mwp_kernel k = two_warps();
    k.blocks = 2;
    k.active_blocks_per_sm = 1;
    k.mem_waits = 1;
    k.barrier_waits = 1;
    k.barrier_issue_share = 1;
    hamm_mwp_result r = predict_ok(&k, &m, 1);
    double c = (117 + sqrt(11913)) / 2;
    assert_near(r.queue_cta_cycle, c, ROOT);
    assert_near(r.queue_sm_residence, 8, ROOT);
    assert_near(r.queue_dram_residence, 4 * (c - 2) / (c - 4), ROOT);
}

/* Many warps on a narrow DRAM: the cycle lies between the bounds every closed network
 * obeys: at least the DRAM's work for all warps (G x D) and one warp alone (Mem_L + D +
 * c), at most everything in series (Mem_L + G x (D + c)). */
static void bounds_many_warps(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(4, 8, 200);
    hamm_mwp_kernel k = {.name = "many", .comp_insts = 8, .coal_mem_insts = 4,
                         .load_bytes_per_warp = 128, .threads_per_block = 256, .blocks = 64,
                         .active_blocks_per_sm = 2};
    hamm_mwp_result r = predict_ok(&k, &m, 1);
    double g = r.queue_warps, d = r.queue_dram_demand, c = r.queue_sm_demand;
    assert_near(g, 4 * 2 * 8, EPS); /* 2 active blocks of 8 warps on each of 4 SMs */
    assert_near(d, 16, EPS);
    assert_true(r.queue_cycle >= g * d);
    assert_true(r.queue_cycle >= 200 + d + c);
    assert_true(r.queue_cycle <= 200 + g * (d + c));
    assert_near(r.exec_cycles, 8 * 4 * r.queue_cycle, EPS); /* #Rep 64 / 8, 4 periods */
    assert_int_equal(r.limiter, HAMM_MWP_LIMIT_BANDWIDTH);
}

/* Without the option the queue fields stay 0 and Hong & Kim's Exec stands. */
static void off_by_default(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(1, 64, 100);
    hamm_mwp_kernel k = two_warps();
    k.mem_waits = 1;
    hamm_mwp_result r = predict_ok(&k, &m, 0);
    assert_near(r.queue_cycle, 0, 0);
    assert_near(r.queue_exec_cycles, 0, 0);
    /* Hong & Kim's N counts 8 active blocks (the thread and block limits), 16 warps,
     * though the grid has 2: MWP = MIN(100 / 1, 64 / (128 / 100), 16) = 16, CWP =
     * MIN(104 / 4, 16) = 16: few warps, (100 + 4 + 4 / 1 x 15) x #Rep 1/8 */
    assert_int_equal(r.mwp_case, HAMM_MWP_CASE_FEW_WARPS);
    assert_near(r.exec_cycles, (100 + 4 + 4 * 15) / 8.0, EPS);
}

/* two_warps with a crossbar at the core's clock (32-byte flits, one a cycle a port): a
 * period's request 1 flit, its reply 3.  Three more stations of one server: the inlet
 * (demand 1), the outlet (3) and the SM's eject port (3).  c = 99 + R(2) + R(4) + R(1)
 * + R(1) + R(3) + R(3) = 113.181858028753, the crossbar's R(1) + 2 R(3) = 1.004457048660
 * + 2 x 3.040841569388.  At twice the core's clock a flit takes half a cycle: R(0.5) +
 * 2 R(1.5), c = 109.620885074658.  Without a flit size (no crossbar) the flits change
 * nothing. */
static void crossbar_by_hand(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(1, 64, 100);
    m.icnt_flit_bytes = 32;
    m.icnt_flits_per_cycle = 1;
    hamm_mwp_kernel k = two_warps();
    k.request_flits = 1;
    k.reply_flits = 3;
    hamm_mwp_result r = predict_ok(&k, &m, 1);
    assert_near(r.queue_cycle, 113.181858028753, ROOT);
    assert_near(r.queue_icnt_residence, 1.004457048660 + 2 * 3.040841569388, ROOT);
    assert_near(r.queue_mem_l_loaded, 113.181858028753 - 4.073272246364, ROOT);
    m.icnt_freq_ghz = 2;
    r = predict_ok(&k, &m, 1);
    assert_near(r.queue_cycle, 109.620885074658, ROOT);
    m.icnt_flit_bytes = 0;
    r = predict_ok(&k, &m, 1);
    assert_near(r.queue_cycle, 106.102321908684, ROOT);
    assert_near(r.queue_icnt_residence, 0, EPS);
}

/* crossbar_by_hand on 2 channels: DRAM visits of 4 at m = 2, the outlets at m = 2; with
 * the inlets spread (inlet_skew 1: m = 2) c = 115.173772496529.  All the SMs' requests
 * at one inlet (inlet_skew 2 of 2: m = 1): 115.175968245606; a skew above the channels
 * is clamped to them. */
static void inlet_skew_by_hand(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(1, 64, 100);
    m.channels = 2;
    m.icnt_flit_bytes = 32;
    hamm_mwp_kernel k = two_warps();
    k.request_flits = 1;
    k.reply_flits = 3;
    k.inlet_skew = 1;
    hamm_mwp_result r = predict_ok(&k, &m, 1);
    assert_near(r.queue_cycle, 115.173772496529, ROOT);
    k.inlet_skew = 2;
    r = predict_ok(&k, &m, 1);
    assert_near(r.queue_cycle, 115.175968245606, ROOT);
    k.inlet_skew = 7;
    r = predict_ok(&k, &m, 1);
    assert_near(r.queue_cycle, 115.175968245606, ROOT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_warps_by_hand), cmocka_unit_test(sfu_and_barrier_by_hand),
        cmocka_unit_test(two_channels_by_hand),
        cmocka_unit_test(waves_loads_by_hand), cmocka_unit_test(merged_bytes_by_hand),
        cmocka_unit_test(store_tail_by_hand), cmocka_unit_test(channel_skew_by_hand),
        cmocka_unit_test(crossbar_by_hand), cmocka_unit_test(inlet_skew_by_hand),
        cmocka_unit_test(barrier_period_by_hand), cmocka_unit_test(mixed_periods_by_hand),
        cmocka_unit_test(ctas_on_own_sms_by_hand),
        cmocka_unit_test(bounds_many_warps), cmocka_unit_test(off_by_default),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
