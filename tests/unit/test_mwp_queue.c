/* test_mwp_queue.c - hamm's queueing variant of MWP/CWP (docs/MWP.md, "Queueing") against
 * mean-value analysis worked by hand on two- and one-SM kernels (one DRAM server or two
 * channels), its bounds on a large
 * one, and that without the option nothing of Hong & Kim's prediction moves. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>

#include <cmocka.h>

#include "hamm/mwp.h"

#define EPS 1e-9

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

/* One SM, one block of 64 threads (2 warps), 3 computation and 1 coalesced memory
 * instruction of 128 bytes; 64 GB/s, Mem_LD 100, departure delays 1.  One period a warp
 * (no wait count: the one memory instruction); G = 2 warps on 1 SM, #Rep = 1/8 so one
 * wave.  DRAM demand D = 128 / 64 = 2 cycles; SM issue c = 1 x (3 + 1) = 4; the memory
 * port 1 x 1 / 1 = 1; the fixed delay Mem_L - Departure_delay = 99.
 *   n = 1: R_d = 2, R_s = 4, R_p = 1, cycle 106, X = 1/106; Q = U = 2/106, 4/106, 1/106.
 *   n = 2: R_d = 2 (1 + 2/106 - 1/106) = 2 + 2/106; R_s = 4 (1 + 4/106 - 2/106) =
 *          4 + 8/106; R_p = 1 + 0.5/106.
 * cycle = 106 + 10.5/106; Exec = 1 x 1 x cycle; the loaded latency 99 + R_p + R_d. */
static void two_warps_by_hand(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(1, 64, 100);
    hamm_mwp_kernel k = {"two", 3, 1, 0, 0, 0, 128, 64, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    hamm_mwp_result r = predict_ok(&k, &m, 1);
    assert_near(r.queue_periods, 1, EPS);
    assert_near(r.queue_warps, 2, EPS);
    assert_near(r.queue_sms, 1, EPS);
    assert_near(r.queue_waves, 1, EPS);
    assert_near(r.queue_dram_demand, 2, EPS);
    assert_near(r.queue_sm_demand, 4, EPS);
    assert_near(r.queue_port_demand, 1, EPS);
    assert_near(r.queue_dram_residence, 2 + 2.0 / 106, EPS);
    assert_near(r.queue_sm_residence, 4 + 8.0 / 106, EPS);
    assert_near(r.queue_port_residence, 1 + 0.5 / 106, EPS);
    assert_near(r.queue_mem_l_loaded, 102 + 2.5 / 106, EPS);
    assert_near(r.queue_cycle, 106 + 10.5 / 106, EPS);
    assert_near(r.exec_cycles, 106 + 10.5 / 106, EPS);
    assert_near(r.total_cycles, 106 + 10.5 / 106, EPS);
    assert_int_equal(r.limiter, HAMM_MWP_LIMIT_LATENCY);
}

/* The SM serves a period in its schedulers' cycles, not one per instruction: the two
 * warps above with 1 of the 3 computation instructions on the SFU at 5 cycles and one
 * barrier: c = 1 x (3 - 1 + 1) + 5 x 1 + 1 x 1 (the memory instruction) = 9.
 *   n = 1: cycle 99 + 2 + 9 + 1 = 111; Q = U = 2/111, 9/111, 1/111.
 *   n = 2: R_d = 2 + 2/111, R_s = 9 (1 + 9/111 - 4.5/111) = 9 + 40.5/111, R_p = 1 + 0.5/111.
 * cycle = 111 + 43/111 (Comp_cycles / P would have given 4: 106 + 10.5/106). */
static void sfu_and_barrier_by_hand(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(1, 64, 100);
    m.sfu_issue_cycles = 5;
    hamm_mwp_kernel k = {"two", 3, 1, 0, 1, 0, 128, 64, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    k.sfu_insts = 1;
    hamm_mwp_result r = predict_ok(&k, &m, 1);
    assert_near(r.issue_per_warp, 9, EPS);
    assert_near(r.queue_sm_demand, 9, EPS);
    assert_near(r.queue_sm_residence, 9 + 40.5 / 111, EPS);
    assert_near(r.queue_cycle, 111 + 43.0 / 111, EPS);
    assert_near(r.exec_cycles, 111 + 43.0 / 111, EPS);
}

/* The same with 2 DRAM channels: a period's 128 bytes are served by one channel at half
 * the bandwidth, 4 cycles, each channel visited every other period (2 cycles a period).
 *   n = 1: R_d = 2 x 2 x 1 = 4, R_s = 4, R_p = 1, cycle 108, X = 1/108; per channel
 *          Q_d = X x 4 / 2 = 2/108, U_d = X x 2 = 2/108; Q_s = U_s = 4/108, Q_p = U_p =
 *          1/108.
 *   n = 2: R_d = 4 (1 + 2/108 - 1/108) = 4 + 4/108; R_s = 4 (1 + 4/108 - 2/108) =
 *          4 + 8/108; R_p = 1 + 0.5/108.
 * cycle = 108 + 12.5/108. */
static void two_channels_by_hand(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(1, 64, 100);
    m.channels = 2;
    hamm_mwp_kernel k = {"two", 3, 1, 0, 0, 0, 128, 64, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    hamm_mwp_result r = predict_ok(&k, &m, 1);
    assert_near(r.queue_dram_demand, 2, EPS);
    assert_near(r.queue_dram_residence, 4 + 4.0 / 108, EPS);
    assert_near(r.queue_sm_residence, 4 + 8.0 / 108, EPS);
    assert_near(r.queue_cycle, 108 + 12.5 / 108, EPS);
    assert_near(r.total_cycles, 108 + 12.5 / 108, EPS);
}

/* The two warps of two_warps_by_hand, half of whose 128 bytes a period merge with a
 * request already in flight (merged_load_bytes 64): the DRAM moves 64 bytes a period,
 * D = 64 / 64 = 1.
 *   n = 1: R_d = 1, R_s = 4, R_p = 1, cycle 99 + 6 = 105, X = 1/105; Q_d = U_d = 1/105,
 *          Q_s = U_s = 4/105, Q_p = U_p = 1/105.
 *   n = 2: R_d = 1 (1 + 1/105 - 0.5/105) = 1 + 0.5/105; R_s = 4 (1 + 4/105 - 2/105) =
 *          4 + 8/105; R_p = 1 + 0.5/105.
 * cycle = 105 + 9/105 (the SM's work for both warps, 8, is below it). */
static void merged_bytes_by_hand(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(1, 64, 100);
    hamm_mwp_kernel k = {"two", 3, 1, 0, 0, 0, 128, 64, 1, 0, 0, 0, 0, 0, 0, 0, 64, 0, 0, 0, 0, 0};
    hamm_mwp_result r = predict_ok(&k, &m, 1);
    assert_near(r.queue_dram_demand, 1, EPS);
    assert_near(r.queue_dram_residence, 1 + 0.5 / 105, EPS);
    assert_near(r.queue_sm_residence, 4 + 8.0 / 105, EPS);
    assert_near(r.queue_cycle, 105 + 9.0 / 105, EPS);
    assert_near(r.total_cycles, 105 + 9.0 / 105, EPS);
    /* merged bytes at or above what the warp moves are ignored: nothing would be left */
    k.merged_load_bytes = 128;
    r = predict_ok(&k, &m, 1);
    assert_near(r.queue_dram_demand, 2, EPS);
}

/* The store tail: two_warps_by_hand's kernel ending with stores (store_tail 1) on a
 * machine whose Write_L is 50: Exec = 106 + 10.5/106 + 50; without store_tail, or with
 * Write_L 0, no tail. */
static void store_tail_by_hand(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(1, 64, 100);
    m.write_l_cycles = 50;
    hamm_mwp_kernel k = {"two", 3, 1, 0, 0, 0, 128, 64, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0};
    hamm_mwp_result r = predict_ok(&k, &m, 1);
    assert_near(r.queue_cycle, 106 + 10.5 / 106, EPS);
    assert_near(r.queue_tail_cycles, 50, EPS);
    assert_near(r.queue_exec_cycles, 156 + 10.5 / 106, EPS);
    assert_near(r.total_cycles, 156 + 10.5 / 106, EPS);
    k.store_tail = 0;
    r = predict_ok(&k, &m, 1);
    assert_near(r.queue_tail_cycles, 0, EPS);
    assert_near(r.total_cycles, 106 + 10.5 / 106, EPS);
    k.store_tail = 1;
    m.write_l_cycles = 0;
    r = predict_ok(&k, &m, 1);
    assert_near(r.total_cycles, 106 + 10.5 / 106, EPS);
}

/* two_channels_by_hand with every period's requests on one channel (channel_skew 2 of 2
 * channels): one server of demand 4 visited every period.
 *   n = 1: R_d = 4, R_s = 4, R_p = 1, cycle 108, X = 1/108; Q_d = U_d = 4/108.
 *   n = 2: R_d = 4 (1 + 4/108 - 2/108) = 4 + 8/108; R_s = 4 + 8/108; R_p = 1 + 0.5/108.
 * cycle = 108 + 16.5/108.  A skew above the channels counts as all on one (clamped);
 * below 1 (absent: 0) as evenly spread. */
static void channel_skew_by_hand(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(1, 64, 100);
    m.channels = 2;
    hamm_mwp_kernel k = {"two", 3, 1, 0, 0, 0, 128, 64, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0};
    hamm_mwp_result r = predict_ok(&k, &m, 1);
    assert_near(r.queue_dram_residence, 4 + 8.0 / 108, EPS);
    assert_near(r.queue_cycle, 108 + 16.5 / 108, EPS);
    k.channel_skew = 5;
    r = predict_ok(&k, &m, 1);
    assert_near(r.queue_cycle, 108 + 16.5 / 108, EPS);
    k.channel_skew = 0.5;
    r = predict_ok(&k, &m, 1);
    assert_near(r.queue_cycle, 108 + 12.5 / 108, EPS);
}

/* Two SMs, 8 blocks of one warp, 1 active block an SM: G = 2 warps on 2 SMs, #Rep = 4
 * waves.  2 coalesced memory instructions of 32 bytes, waited for once: one period a
 * warp moving 64 bytes, D = 64 / 16 = 4 at 16 GB/s; no computation, so the SM issue is
 * the 2 memory instructions', c = 2, and the port's departures 1 x 2 / 1 = 2, each over
 * 2 SMs (1 cycle a period and SM).  Mem_LD 2: the fixed delay 2 - 1 = 1.
 *   n = 1: R_d = 4, R_s = R_p = 2, cycle 9, X = 1/9; Q_d = U_d = 4/9; Q_s = X x 2 / 2 =
 *          1/9 = U_s = Q_p = U_p.
 *   n = 2: R_d = 4 (1 + 4/9 - 2/9) = 44/9; R_s = R_p = 2 (1 + 1/9 - 1/18) = 19/9.
 * cycle = 1 + 44/9 + 38/9 = 91/9 (above the DRAM's work for both warps, 8); Exec = 4
 * waves x 1 period x 91/9; the DRAM's part is the largest: bandwidth. */
static void waves_loads_by_hand(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(2, 16, 2);
    hamm_mwp_kernel k = {"waves", 0, 2, 0, 0, 0, 32, 32, 8, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0};
    hamm_mwp_result r = predict_ok(&k, &m, 1);
    assert_near(r.queue_periods, 1, EPS);
    assert_near(r.queue_warps, 2, EPS);
    assert_near(r.queue_sms, 2, EPS);
    assert_near(r.queue_waves, 4, EPS);
    assert_near(r.queue_dram_demand, 4, EPS);
    assert_near(r.queue_sm_demand, 2, EPS);
    assert_near(r.queue_port_demand, 2, EPS);
    assert_near(r.queue_dram_residence, 44.0 / 9, EPS);
    assert_near(r.queue_sm_residence, 19.0 / 9, EPS);
    assert_near(r.queue_port_residence, 19.0 / 9, EPS);
    assert_near(r.queue_cycle, 91.0 / 9, EPS);
    assert_near(r.total_cycles, 4 * 91.0 / 9, EPS);
    assert_int_equal(r.limiter, HAMM_MWP_LIMIT_BANDWIDTH);
    /* E halves the bandwidth: D = 8, n = 1: cycle 13, X = 1/13, Q_d = U_d = 8/13; the
     * others 1/13; n = 2: R_d = 8 (1 + 4/13) = 136/13, R_s = R_p = 2 (1 + 1/26) = 27/13,
     * a cycle of 1 + 190/13 = 203/13, below the DRAM's work for both warps, 2 x 8 = 16:
     * the cycle is 16, the DRAM's residence 136/13 + (16 - 203/13) = 141/13 */
    hamm_mwp_options o;
    hamm_mwp_options_init(&o);
    o.queueing = 1;
    o.dram_efficiency = 0.5;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_mwp_predict(&m, &k, &o, &r, &err), HAMM_OK);
    assert_near(r.queue_cycle, 16, EPS);
    assert_near(r.queue_dram_residence, 141.0 / 13, EPS);
    assert_near(r.queue_sm_residence, 27.0 / 13, EPS);
    assert_near(r.total_cycles, 4 * 16, EPS);
}

/* Many warps on a narrow DRAM: the cycle lies between the bounds every closed network
 * obeys: at least the DRAM's work for all warps (G x D) and one warp alone (Mem_L + D +
 * c), at most everything in series (Mem_L + G x (D + c)). */
static void bounds_many_warps(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(4, 8, 200);
    hamm_mwp_kernel k = {"many", 8, 4, 0, 0, 0, 128, 256, 64, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                         0, 0};
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
    hamm_mwp_kernel k = {"two", 3, 1, 0, 0, 0, 128, 64, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0};
    hamm_mwp_result r = predict_ok(&k, &m, 0);
    assert_near(r.queue_cycle, 0, 0);
    assert_near(r.queue_exec_cycles, 0, 0);
    /* Hong & Kim's N counts 8 active blocks (the thread and block limits), 16 warps,
     * though the grid has 2: MWP = MIN(100 / 1, 64 / (128 / 100), 16) = 16, CWP =
     * MIN(104 / 4, 16) = 16: few warps, (100 + 4 + 4 / 1 x 15) x #Rep 1/8 */
    assert_int_equal(r.mwp_case, HAMM_MWP_CASE_FEW_WARPS);
    assert_near(r.exec_cycles, (100 + 4 + 4 * 15) / 8.0, EPS);
}

/* two_warps_by_hand with a crossbar at the core's clock (32-byte flits, one a cycle a
 * port): a period's request 1 flit, its reply 3.  Three more stations of one server:
 * the inlet (demand 1), the outlet (3) and the SM's eject port (3).
 *   n = 1: cycle 99 + 2 + 4 + 1 + 1 + 3 + 3 = 113; every Q = U = d / 113.
 *   n = 2: R = d (1 + d/113 - d/226) = d + d^2 / 226, the d^2 summing to 4 + 16 + 1 + 1 +
 *          9 + 9 = 40: cycle = 113 + 20/113; the crossbar's 7 + 19/226.
 * At twice the core's clock a flit takes half a cycle: n = 1: 109.5; the d^2 sum to
 * 4 + 16 + 1 + 0.25 + 2.25 + 2.25 = 25.75: cycle = 109.5 + 25.75/219.  Without a flit
 * size (no crossbar) the flits change nothing. */
static void crossbar_by_hand(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(1, 64, 100);
    m.icnt_flit_bytes = 32;
    m.icnt_flits_per_cycle = 1;
    hamm_mwp_kernel k = {"two", 3, 1, 0, 0, 0, 128, 64, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                         1, 3, 0};
    hamm_mwp_result r = predict_ok(&k, &m, 1);
    assert_near(r.queue_cycle, 113 + 20.0 / 113, EPS);
    assert_near(r.queue_icnt_residence, 7 + 19.0 / 226, EPS);
    assert_near(r.queue_mem_l_loaded, 99 + 1 + 0.5 / 113 + 2 + 2.0 / 113 + 7 + 19.0 / 226,
                EPS);
    m.icnt_freq_ghz = 2;
    r = predict_ok(&k, &m, 1);
    assert_near(r.queue_cycle, 109.5 + 25.75 / 219, EPS);
    m.icnt_flit_bytes = 0;
    r = predict_ok(&k, &m, 1);
    assert_near(r.queue_cycle, 106 + 10.5 / 106, EPS);
    assert_near(r.queue_icnt_residence, 0, EPS);
}

/* crossbar_by_hand on 2 channels, DRAM visits of 4 at 2 servers: with the inlets spread
 * (inlet_skew 1: 2 servers) n = 1 is 99 + 4 + 4 + 1 + 1 + 3 + 3 = 115 and n = 2 adds,
 * over c = 115: DRAM 4 (1 + 2/c - 1/c) -> 4/c, SM 8/c, port 0.5/c, inlet 1 (1 + 0.5/c -
 * 0.25/c) -> 0.25/c, outlet (2 servers) 3 (1 + 1.5/c - 0.75/c) -> 2.25/c, eject (1 SM)
 * 4.5/c: cycle = 115 + 19.5/115.  All the SMs' requests at one inlet (inlet_skew 2 of 2:
 * 1 server) make the inlet's 0.5/c: 115 + 19.75/115; a skew above the channels is
 * clamped to them. */
static void inlet_skew_by_hand(void **state)
{
    (void)state;
    hamm_mwp_machine m = machine(1, 64, 100);
    m.channels = 2;
    m.icnt_flit_bytes = 32;
    hamm_mwp_kernel k = {"two", 3, 1, 0, 0, 0, 128, 64, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                         1, 3, 1};
    hamm_mwp_result r = predict_ok(&k, &m, 1);
    assert_near(r.queue_cycle, 115 + 19.5 / 115, EPS);
    k.inlet_skew = 2;
    r = predict_ok(&k, &m, 1);
    assert_near(r.queue_cycle, 115 + 19.75 / 115, EPS);
    k.inlet_skew = 7;
    r = predict_ok(&k, &m, 1);
    assert_near(r.queue_cycle, 115 + 19.75 / 115, EPS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_warps_by_hand), cmocka_unit_test(sfu_and_barrier_by_hand),
        cmocka_unit_test(two_channels_by_hand),
        cmocka_unit_test(waves_loads_by_hand), cmocka_unit_test(merged_bytes_by_hand),
        cmocka_unit_test(store_tail_by_hand), cmocka_unit_test(channel_skew_by_hand),
        cmocka_unit_test(crossbar_by_hand), cmocka_unit_test(inlet_skew_by_hand),
        cmocka_unit_test(bounds_many_warps), cmocka_unit_test(off_by_default),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
