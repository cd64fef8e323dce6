/* test_mwp.c - the MWP/CWP model against hand derivations: the paper's worked example
 * (every intermediate, each rounding variant), one kernel for each case and limiter, the
 * combined model, occupancy from resources, and the inputs it refuses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "hamm/mwp.h"

#define EPS 1e-9

/* a == b within eps, naming the value and both numbers when not */
#define assert_near(a, b, eps) check_near((a), (b), (eps), #a, __FILE__, __LINE__)
static void check_near(double a, double b, double eps, const char *what, const char *file,
                       int line)
{
    if (!(fabs(a - b) <= eps)) {
        print_error("%s = %.10g, expected %.10g\n", what, a, b);
        _fail(file, line);
    }
}

/* The machine of the paper's worked example: 1 GHz, 80 GB/s, 16 SMs, Mem_LD 420,
 * Departure_del_uncoal 10 (Departure_del_coal plays no part: no coalesced access). */
static hamm_mwp_machine paper_machine(void)
{
    return (hamm_mwp_machine){"paper", 16, 1.0, 80.0, 420, 4, 10, 4, 768, 8, 8192, 16384, 0,
                              "", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
}

/* 128 threads (4 warps) per block, 80 blocks, 5 active blocks per SM: N = 20; 27
 * computation, 6 uncoalesced memory (32 transactions each), 6 synchronisations. */
static hamm_mwp_kernel paper_kernel(void)
{
    return (hamm_mwp_kernel){"paper", 27, 0, 6, 6, 32, 128, 128, 80, 5, 0, 0, 0, 0, 0, 0, 0,
                             0, 0, 0, 0, 0, 0, 0};
}

/* A simpler machine for the cases: 10 SMs at 1 GHz, 100 GB/s, Mem_LD 400, departure
 * delays 4 (coalesced) and 10 (uncoalesced), 4 cycles an instruction. */
static hamm_mwp_machine small_machine(double bandwidth)
{
    return (hamm_mwp_machine){"small", 10, 1.0, bandwidth, 400, 4, 10, 4, 768, 8, 8192, 16384,
                              0, "", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
}

static hamm_mwp_result predict_ok(const hamm_mwp_machine *m, const hamm_mwp_kernel *k,
                                  const hamm_mwp_options *o)
{
    hamm_mwp_result r;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_mwp_predict(m, k, o, &r, &err), HAMM_OK);
    return r;
}

static hamm_mwp_options defaults(void)
{
    hamm_mwp_options o;
    hamm_mwp_options_init(&o);
    return o;
}

/* Mem_L = 420 + (32-1)*10 = 730 (all uncoalesced: weight 1); Departure_delay = 10*32 =
 * 320; MWP_Without_BW = 730/320 = 2.28125 (< N = 20); BW_per_warp = 1*128/730 = 0.175342
 * GB/s; MWP_peak_BW = 80/(0.175342*16) = 80*730/2048 = 28.515625; MWP = 2.28125;
 * Comp_cycles = 4*(27+6) = 132; Mem_cycles = 730*6 = 4380; CWP_full = 4512/132 = 34.18
 * -> CWP = 20; CWP >= MWP: memory bound.  #Rep = 80/(5*16) = 1.
 * Exec = 4380*20/2.28125 + 132/6*(2.28125-1) = 38400 + 28.1875 = 38428.1875;
 * Synch = 320*(2.28125-1)*6*5*1 = 12300; total 50728.1875. */
static void golden_default(void **state)
{
    (void)state;
    hamm_mwp_machine m = paper_machine();
    hamm_mwp_kernel k = paper_kernel();
    hamm_mwp_options o = defaults();
    hamm_mwp_result r = predict_ok(&m, &k, &o);
    assert_int_equal(r.warps_per_block, 4);
    assert_near(r.n, 20, EPS);
    assert_near(r.mem_l, 730, EPS);
    assert_near(r.departure_delay, 320, EPS);
    assert_near(r.mwp_without_bw_full, 2.28125, EPS);
    assert_near(r.mwp_without_bw, 2.28125, EPS);
    assert_near(r.bw_per_warp_gbps, 128.0 / 730, EPS);
    assert_near(r.bw_per_warp_gbps, 0.17534, 1e-5);
    assert_near(r.mwp_peak_bw, 28.515625, EPS);
    assert_near(r.mwp, 2.28125, EPS);
    assert_near(r.comp_cycles, 132, EPS);
    assert_near(r.mem_cycles, 4380, EPS);
    assert_near(r.cwp, 20, EPS);
    assert_near(r.rep, 1, EPS);
    assert_int_equal(r.mwp_case, HAMM_MWP_CASE_MEMORY);
    assert_int_equal(r.limiter, HAMM_MWP_LIMIT_LATENCY);
    assert_near(r.exec_cycles, 38428.1875, EPS);
    assert_near(r.synch_cycles, 12300, EPS);
    assert_near(r.total_cycles, 50728.1875, EPS);
    assert_near(r.total_seconds, 50728.1875e-9, 1e-15);
}

/* MWP rounded to 2.28 (CWP is 20 already): Exec = 87600/2.28 + 22*1.28 = 38421.0526 +
 * 28.16 = 38449.2126; Synch = 320*1.28*30 = 12288; total 50737.2126 (the doc's "about
 * 50,737"). */
static void golden_paper_rounding(void **state)
{
    (void)state;
    hamm_mwp_machine m = paper_machine();
    hamm_mwp_kernel k = paper_kernel();
    hamm_mwp_options o = defaults();
    o.rounding = HAMM_MWP_ROUND_PAPER;
    hamm_mwp_result r = predict_ok(&m, &k, &o);
    assert_near(r.mwp, 2.28, EPS);
    assert_near(r.cwp, 20, EPS);
    assert_near(r.exec_cycles, 87600 / 2.28 + 22 * 1.28, 1e-6);
    assert_near(r.exec_cycles, 38449.2, 0.05);
    assert_near(r.synch_cycles, 12288, 1e-6);
    assert_near(r.total_cycles, 50737.2, 0.05);
}

/* Ceilings: MWP_Without_BW_full 2.28125 -> 3 = MWP; CWP_full 34.18 -> 35, CWP 20; #Rep 1.
 * Exec = 4380*20/3 + 22*2 = 29200 + 44 = 29244; Synch = 320*2*30 = 19200; total 48444. */
static void golden_ceil(void **state)
{
    (void)state;
    hamm_mwp_machine m = paper_machine();
    hamm_mwp_kernel k = paper_kernel();
    hamm_mwp_options o = defaults();
    o.rounding = HAMM_MWP_ROUND_CEIL;
    hamm_mwp_result r = predict_ok(&m, &k, &o);
    assert_near(r.mwp_without_bw_full, 3, EPS);
    assert_near(r.cwp_full, 35, EPS);
    assert_near(r.mwp, 3, EPS);
    assert_near(r.exec_cycles, 29244, EPS);
    assert_near(r.synch_cycles, 19200, EPS);
    assert_near(r.total_cycles, 48444, EPS);
}

/* One warp per block, 2 active blocks: N = 2; 10 computation, 2 coalesced memory.
 * Mem_L 400, Departure_delay 4, MWP_Without_BW = MIN(100, 2) = 2; BW_per_warp 0.32,
 * MWP_peak_BW = 100/3.2 = 31.25; MWP = 2.  Comp 4*12 = 48, Mem 800, CWP_full 848/48 =
 * 17.67 -> 2.  MWP == CWP == N.  #Rep = 20/(2*10) = 1.
 * Exec = 800 + 48 + 48/2*(2-1) = 872. */
static void case_few_warps(void **state)
{
    (void)state;
    hamm_mwp_machine m = small_machine(100);
    hamm_mwp_kernel k = {"few", 10, 2, 0, 0, 0, 128, 32, 20, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                         0, 0};
    hamm_mwp_options o = defaults();
    hamm_mwp_result r = predict_ok(&m, &k, &o);
    assert_near(r.n, 2, EPS);
    assert_near(r.mwp, 2, EPS);
    assert_near(r.cwp, 2, EPS);
    assert_int_equal(r.mwp_case, HAMM_MWP_CASE_FEW_WARPS);
    assert_int_equal(r.limiter, HAMM_MWP_LIMIT_WARPS);
    assert_near(r.total_cycles, 872, EPS);
}

/* 4 warps per block, 5 active blocks: N = 20, 50 blocks over 10 SMs: #Rep 1.  10
 * computation, 2 uncoalesced memory of 4 transactions: Mem_L = 400 + 3*10 = 430,
 * Departure_delay = 10*4 = 40, MWP_Without_BW = 10.75; BW_per_warp = 128/430,
 * MWP_peak_BW = B*430/1280 (33.59375 at 100 GB/s).  Comp 48, Mem 860, CWP = 908/48 =
 * 18.917. */
static hamm_mwp_kernel uncoal_kernel(double synch)
{
    return (hamm_mwp_kernel){"uncoal", 10, 0, 2, synch, 4, 128, 128, 50, 5,
                             0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
}

/* At 100 GB/s MWP = 10.75 <= CWP: memory bound, by latency.
 * Exec = 860*20/10.75 + 48/2*9.75 = 1600 + 234 = 1834. */
static void case_memory_latency(void **state)
{
    (void)state;
    hamm_mwp_machine m = small_machine(100);
    hamm_mwp_kernel k = uncoal_kernel(0);
    hamm_mwp_options o = defaults();
    hamm_mwp_result r = predict_ok(&m, &k, &o);
    assert_near(r.mem_l, 430, EPS);
    assert_near(r.departure_delay, 40, EPS);
    assert_near(r.mwp_peak_bw, 33.59375, EPS);
    assert_near(r.mwp, 10.75, EPS);
    assert_near(r.cwp, 908.0 / 48, EPS);
    assert_int_equal(r.mwp_case, HAMM_MWP_CASE_MEMORY);
    assert_int_equal(r.limiter, HAMM_MWP_LIMIT_LATENCY);
    assert_near(r.total_cycles, 1834, EPS);
}

/* At 20 GB/s MWP_peak_BW = 20*430/1280 = 6.71875 is the minimum: bandwidth bound.
 * Exec = 17200/6.71875 + 24*5.71875 = 2560 + 137.25 = 2697.25. */
static void case_bandwidth(void **state)
{
    (void)state;
    hamm_mwp_machine m = small_machine(20);
    hamm_mwp_kernel k = uncoal_kernel(0);
    hamm_mwp_options o = defaults();
    hamm_mwp_result r = predict_ok(&m, &k, &o);
    assert_near(r.mwp_peak_bw, 6.71875, EPS);
    assert_near(r.mwp, 6.71875, EPS);
    assert_int_equal(r.mwp_case, HAMM_MWP_CASE_MEMORY);
    assert_int_equal(r.limiter, HAMM_MWP_LIMIT_BANDWIDTH);
    assert_near(r.total_cycles, 2697.25, EPS);
}

/* N = 20, 50 computation, 2 coalesced: MWP = MIN(100, 31.25, 20) = 20; Comp = 4*52 = 208,
 * Mem = 800, CWP = 1008/208 = 4.846 < MWP and Comp < Mem: compute bound.
 * Exec = 400 + 208*20 = 4560. */
static void case_compute(void **state)
{
    (void)state;
    hamm_mwp_machine m = small_machine(100);
    hamm_mwp_kernel k = {"comp", 50, 2, 0, 0, 0, 128, 128, 50, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                         0, 0, 0, 0, 0};
    hamm_mwp_options o = defaults();
    hamm_mwp_result r = predict_ok(&m, &k, &o);
    assert_near(r.mwp, 20, EPS);
    assert_near(r.cwp, 1008.0 / 208, EPS);
    assert_int_equal(r.mwp_case, HAMM_MWP_CASE_COMPUTE);
    assert_int_equal(r.limiter, HAMM_MWP_LIMIT_COMPUTE);
    assert_near(r.total_cycles, 4560, EPS);
}

/* Combined model, E = 0.5.  At 40 GB/s the plain model's MWP_peak_BW = 13.4375 > 10.75:
 * latency bound, 1834 cycles; the DRAM sustaining 20 GB/s gives 6.71875: bandwidth bound,
 * 2697.25 (case_bandwidth).  Already bandwidth bound at 20 GB/s, E = 0.5 halves
 * MWP_peak_BW to 3.359375: Exec = 17200/3.359375 + 24*2.359375 = 5120 + 56.625. */
static void combined_model(void **state)
{
    (void)state;
    hamm_mwp_machine m = small_machine(40);
    hamm_mwp_kernel k = uncoal_kernel(0);
    hamm_mwp_options o = defaults();
    hamm_mwp_result plain = predict_ok(&m, &k, &o);
    assert_int_equal(plain.limiter, HAMM_MWP_LIMIT_LATENCY);
    assert_near(plain.total_cycles, 1834, EPS);
    o.dram_efficiency = 0.5;
    hamm_mwp_result comb = predict_ok(&m, &k, &o);
    assert_near(comb.bandwidth_gbps, 20, EPS);
    assert_near(comb.mwp_peak_bw, 6.71875, EPS);
    assert_int_equal(comb.limiter, HAMM_MWP_LIMIT_BANDWIDTH);
    assert_near(comb.total_cycles, 2697.25, EPS);
    m = small_machine(20);
    comb = predict_ok(&m, &k, &o);
    assert_near(comb.mwp, 3.359375, EPS);
    assert_near(comb.total_cycles, 5176.625, EPS);
}

/* Synch_cost of the uncoalesced kernel with one synchronisation: by default
 * 40*(10.75-1)*1*5*1 = 1950; with warps per block (4): 40*(4-1)*5 = 600. */
static void synch_variants(void **state)
{
    (void)state;
    hamm_mwp_machine m = small_machine(100);
    hamm_mwp_kernel k = uncoal_kernel(1);
    hamm_mwp_options o = defaults();
    hamm_mwp_result r = predict_ok(&m, &k, &o);
    assert_near(r.synch_cycles, 1950, EPS);
    assert_near(r.total_cycles, 1834 + 1950, EPS);
    o.synch = HAMM_MWP_SYNCH_BLOCK;
    r = predict_ok(&m, &k, &o);
    assert_near(r.synch_warps, 4, EPS);
    assert_near(r.synch_cycles, 600, EPS);
}

/* Compute capability 1.0 limits (768 threads, 8 blocks, 8192 registers, 16 KB).
 * 256 threads x 16 registers = 4096 a block: 2 blocks (threads allow 3, shared 4096 of
 * 16384 allows 4); 64 threads x 8 registers: the block limit, 8 (threads 12, registers
 * 16); 50 threads count as 64; 512 threads x 20 registers = 10240 > 8192: none fits. */
static void occupancy(void **state)
{
    (void)state;
    hamm_mwp_machine m = small_machine(100);
    hamm_mwp_kernel k = {"occ", 10, 2, 0, 0, 0, 128, 256, 100, 0, 16, 4096, 0, 0, 0, 0, 0, 0,
                         0, 0, 0, 0, 0, 0};
    uint32_t blocks;
    hamm_mwp_occupancy why;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_mwp_occupancy_compute(&m, &k, &blocks, &why, &err), HAMM_OK);
    assert_int_equal(blocks, 2);
    assert_int_equal(why, HAMM_MWP_OCC_REGISTERS);
    k = (hamm_mwp_kernel){"occ", 10, 2, 0, 0, 0, 128, 64, 100, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0,
                          0, 0, 0, 0, 0};
    assert_int_equal(hamm_mwp_occupancy_compute(&m, &k, &blocks, &why, &err), HAMM_OK);
    assert_int_equal(blocks, 8);
    assert_int_equal(why, HAMM_MWP_OCC_BLOCKS);
    k = (hamm_mwp_kernel){"occ", 10, 2, 0, 0, 0, 128, 50, 100, 0, 0, 6000, 0, 0, 0, 0, 0, 0,
                          0, 0, 0, 0, 0, 0};
    assert_int_equal(hamm_mwp_occupancy_compute(&m, &k, &blocks, &why, &err), HAMM_OK);
    assert_int_equal(blocks, 2); /* 16384 / 6000 */
    assert_int_equal(why, HAMM_MWP_OCC_SHARED);
    hamm_mwp_result r = predict_ok(&m, &k, &(hamm_mwp_options){0, 0, 1, 0, 0});
    assert_int_equal(r.warps_per_block, 2);
    assert_near(r.n, 4, EPS);
    k = (hamm_mwp_kernel){"occ", 10, 2, 0, 0, 0, 128, 512, 100, 0, 20, 0, 0, 0, 0, 0, 0, 0, 0,
                          0, 0, 0, 0, 0};
    assert_int_equal(hamm_mwp_occupancy_compute(&m, &k, &blocks, &why, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "active_blocks_per_sm");
    assert_non_null(strstr(err.text, "registers"));
}

/* hamm's issue-bound variant.  small_machine(40), 100 computation and 1 coalesced
 * instruction, 128-byte loads, 128 threads (4 warps), 25 blocks, 5 active per SM: N = 20;
 * Mem_L = 400, MWP_Without_BW = 400/4 = 100 -> 20; BW_per_warp = 128/400 = 0.32 GB/s;
 * MWP_peak_BW = 40/(0.32*10) = 12.5 = MWP; Comp_cycles = 4*101 = 404 > Mem_cycles = 400:
 * memory case; #Rep = 25/(5*10) = 0.5; Exec = (400*20/12.5 + 404*(12.5-1))*0.5 = 2643.
 * The busiest SM holds ceil(25/10) = 3 blocks = 12 warps: issue bound 400 + 404*12 = 5248,
 * which the option takes as Exec (limiter compute); the paper's equations alone give 2643. */
static void issue_bound_variant(void **state)
{
    (void)state;
    hamm_mwp_machine m = small_machine(40);
    hamm_mwp_kernel k = {"issue", 100, 1, 0, 0, 0, 128, 128, 25, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                         0, 0, 0, 0, 0};
    hamm_mwp_options o = defaults();
    assert_int_equal(o.issue_bound, 0);
    hamm_mwp_result r = predict_ok(&m, &k, &o);
    assert_int_equal(r.mwp_case, HAMM_MWP_CASE_MEMORY);
    assert_near(r.mwp, 12.5, EPS);
    assert_near(r.total_cycles, 2643, EPS);
    assert_near(r.busiest_sm_warps, 12, EPS);
    assert_near(r.issue_bound_cycles, 5248, EPS);
    assert_int_equal(r.issue_bound_applied, 0);
    assert_int_equal(r.limiter, HAMM_MWP_LIMIT_BANDWIDTH);
    o.issue_bound = 1;
    r = predict_ok(&m, &k, &o);
    assert_near(r.exec_cycles, 5248, EPS);
    assert_near(r.total_cycles, 5248, EPS);
    assert_int_equal(r.issue_bound_applied, 1);
    assert_int_equal(r.limiter, HAMM_MWP_LIMIT_COMPUTE);
    /* the paper's example is far from it: each warp takes 4 cycles for each of its 27
     * computation, 6 memory instructions and 6 barriers, 20 warps on the busiest SM
     * (80 blocks / 16 SMs x 4 warps): 730 + 156*20 = 3850, below Exec: unchanged */
    hamm_mwp_machine pm = paper_machine();
    hamm_mwp_kernel pk = paper_kernel();
    r = predict_ok(&pm, &pk, &o);
    assert_near(r.issue_bound_cycles, 3850, EPS);
    assert_int_equal(r.issue_bound_applied, 0);
    assert_near(r.total_cycles, 50728.1875, 1e-6);
}

static void expect_refused(const hamm_mwp_machine *m, const hamm_mwp_kernel *k,
                           double efficiency, hamm_status status, const char *field,
                           const char *text)
{
    hamm_mwp_options o = defaults();
    o.dram_efficiency = efficiency;
    hamm_mwp_result r;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_mwp_predict(m, k, &o, &r, &err), status);
    assert_string_equal(err.field, field);
    assert_non_null(strstr(err.text, text));
}

static void bad_inputs(void **state)
{
    (void)state;
    hamm_mwp_machine m = paper_machine();
    hamm_mwp_kernel k = paper_kernel();
    expect_refused(&m, &k, 0, HAMM_ERR_ARG, "dram_efficiency", "above 0 and at most 1");
    expect_refused(&m, &k, 1.5, HAMM_ERR_ARG, "dram_efficiency", "got 1.5");
    k.uncoal_mem_insts = 0;
    expect_refused(&m, &k, 1, HAMM_ERR_CONFIG, "coal_mem_insts", "no memory instruction");
    k = paper_kernel();
    k.uncoal_per_mw = 0;
    expect_refused(&m, &k, 1, HAMM_ERR_CONFIG, "uncoal_per_mw", "at least 1");
    k = paper_kernel();
    k.comp_insts = -1;
    expect_refused(&m, &k, 1, HAMM_ERR_CONFIG, "comp_insts", "0 or more");
    k = paper_kernel();
    m.mem_bandwidth_gbps = 0;
    expect_refused(&m, &k, 1, HAMM_ERR_CONFIG, "mem_bandwidth_gbps", "above 0");
    m = paper_machine();
    k.load_bytes_per_warp = 0;
    expect_refused(&m, &k, 1, HAMM_ERR_CONFIG, "load_bytes_per_warp", "above 0");
}

/* The bundled files reproduce the hand derivation of golden_default. */
static void bundled_paper_example(void **state)
{
    (void)state;
    hamm_mwp_machine m;
    hamm_mwp_kernel k;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_mwp_load_machine(&m, HAMM_SOURCE_ROOT "/models/mwp/paper-example.json",
                                           &err), HAMM_OK);
    assert_int_equal(hamm_mwp_load_kernel(&k, HAMM_SOURCE_ROOT
                                          "/models/mwp/kernels/paper-example.json", &err),
                     HAMM_OK);
    hamm_mwp_options o = defaults();
    hamm_mwp_result r = predict_ok(&m, &k, &o);
    assert_near(r.total_cycles, 50728.1875, EPS);
    const char *names[] = {"fx5600", "gtx280", "8800gt"};
    for (int i = 0; i < 3; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/models/mwp/%s.json", HAMM_SOURCE_ROOT, names[i]);
        assert_int_equal(hamm_mwp_load_machine(&m, path, &err), HAMM_OK);
        assert_string_equal(m.name, names[i]);
    }
}

static hamm_status load_text(const char *text, hamm_error *err)
{
    char path[] = "/tmp/test_mwp_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    hamm_mwp_kernel k;
    hamm_error_clear(err);
    hamm_status st = hamm_mwp_load_kernel(&k, path, err);
    unlink(path);
    return st;
}

static void bad_files(void **state)
{
    (void)state;
    hamm_error err;
    assert_int_equal(load_text("{\"schema\": \"hamm-mwp-kernel/1\", \"name\": \"x\",\n"
                               "\"comp_insts\": 1, \"coal_mem_insts\": 1, \"uncoal_mem_insts\": 0,"
                               "\"synch_insts\": 0, \"load_bytes_per_warp\": 128,"
                               "\"threads_per_block\": 32}", &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "blocks");
    assert_non_null(strstr(err.source, "test_mwp_"));
    assert_int_equal(load_text("{\"schema\": \"hamm-mwp-kernel/1\",\n\"name\": \"x\",,\n}", &err),
                     HAMM_ERR_CONFIG);
    assert_int_equal(err.line, 2);
    assert_int_equal(load_text("{\"schema\": \"hamm-mwp-machine/1\"}", &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "schema");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(golden_default),    cmocka_unit_test(golden_paper_rounding),
        cmocka_unit_test(golden_ceil),       cmocka_unit_test(case_few_warps),
        cmocka_unit_test(case_memory_latency), cmocka_unit_test(case_bandwidth),
        cmocka_unit_test(case_compute),      cmocka_unit_test(combined_model),
        cmocka_unit_test(synch_variants),    cmocka_unit_test(occupancy),
        cmocka_unit_test(issue_bound_variant),
        cmocka_unit_test(bad_inputs),        cmocka_unit_test(bundled_paper_example),
        cmocka_unit_test(bad_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
