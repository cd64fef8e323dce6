/* test_mwp_sweep.c - curves of the MWP/CWP model: PARAM=LIST parsing (lists, ranges, the
 * errors and the field they name), what each parameter sets, and predictions along a
 * sweep against hand derivations on the paper's worked example. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hamm/mwp_sweep.h"

static hamm_mwp_machine paper_machine(void)
{
    hamm_mwp_machine m = {.name = "paper", .sms = 16, .freq_ghz = 1.0,
                          .mem_bandwidth_gbps = 80.0, .mem_ld_cycles = 420,
                          .departure_del_coal = 4, .departure_del_uncoal = 10,
                          .issue_cycles = 4, .max_threads_per_sm = 768,
                          .max_blocks_per_sm = 8, .registers_per_sm = 8192,
                          .shared_per_sm = 16384};
    return m;
}

/* 27 computation and 6 uncoalesced (32 transactions) instructions, 6 barriers, 128
 * threads a block, 80 blocks, 5 active a SM given. */
static hamm_mwp_kernel paper_kernel(void)
{
    hamm_mwp_kernel k = {.name = "paper", .comp_insts = 27, .uncoal_mem_insts = 6,
                         .synch_insts = 6, .uncoal_per_mw = 32, .load_bytes_per_warp = 128,
                         .threads_per_block = 128, .blocks = 80, .active_blocks_per_sm = 5};
    return k;
}

static void parse_ok(const char *spec, hamm_mwp_param p, const double *want, size_t n)
{
    hamm_mwp_sweep s;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_mwp_sweep_parse(spec, &s, &err), HAMM_OK);
    assert_int_equal(s.param, p);
    assert_int_equal(s.count, n);
    for (size_t i = 0; i < n; i++)
        assert_true(s.values[i] == want[i]);
    hamm_mwp_sweep_free(&s);
}

static void lists(void **state)
{
    (void)state;
    parse_ok("threads_per_block=64,128,256", HAMM_MWP_PARAM_THREADS_PER_BLOCK,
             (double[]){64, 128, 256}, 3);
    parse_ok("mem_ld=100:400:100", HAMM_MWP_PARAM_MEM_LD, (double[]){100, 200, 300, 400}, 4);
    /* TO not reached by a step: left out; 0.1 steps land on 0.3, not 0.30000000000000004 */
    parse_ok("bandwidth=10:35:10", HAMM_MWP_PARAM_BANDWIDTH, (double[]){10, 20, 30}, 3);
    parse_ok("dram_efficiency=0.1:0.5:0.1", HAMM_MWP_PARAM_DRAM_EFFICIENCY,
             (double[]){0.1, 0.2, 0.3, 0.4, 0.5}, 5);
    parse_ok("comp_insts=0", HAMM_MWP_PARAM_COMP_INSTS, (double[]){0}, 1);
    parse_ok("departure_del_uncoal=2.5", HAMM_MWP_PARAM_DEP_UNCOAL, (double[]){2.5}, 1);
}

static void parse_bad(const char *spec, const char *field, const char *words)
{
    hamm_mwp_sweep s;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_mwp_sweep_parse(spec, &s, &err), HAMM_ERR_ARG);
    assert_string_equal(err.field, field);
    if (!strstr(err.text, words)) {
        print_error("'%s': '%s' lacks '%s'\n", spec, err.text, words);
        fail();
    }
    assert_null(s.values);
}

static void bad_lists(void **state)
{
    (void)state;
    parse_bad("threads_per_block", "--sweep", "PARAM=LIST");
    parse_bad("warps=1,2", "--sweep", "unknown parameter 'warps'");
    parse_bad("threads_per_block=64,,128", "threads_per_block", "is not a number");
    parse_bad("threads_per_block=", "threads_per_block", "is not a number");
    parse_bad("active_blocks=1.5", "active_blocks", "not a whole number");
    parse_bad("threads_per_block=0", "threads_per_block", "out of range");
    parse_bad("dram_efficiency=0.5,1.5", "dram_efficiency", "out of range");
    parse_bad("dram_efficiency=0", "dram_efficiency", "out of range");
    parse_bad("bandwidth=-5", "bandwidth", "out of range");
    parse_bad("mem_ld=1:10", "mem_ld", "FROM:TO:STEP");
    parse_bad("mem_ld=10:1:1", "mem_ld", "TO at least FROM");
    parse_bad("mem_ld=1:10:0", "mem_ld", "STEP above 0");
    parse_bad("mem_ld=1:100000:1", "mem_ld", "more than 1000 values");
}

static void apply(void **state)
{
    (void)state;
    hamm_mwp_machine m = paper_machine();
    hamm_mwp_kernel k = paper_kernel();
    k.coal_mem_insts = 2; /* 2 coalesced + 6 uncoalesced: a quarter coalesced */
    hamm_mwp_options o;
    hamm_mwp_options_init(&o);
    hamm_mwp_param_apply(HAMM_MWP_PARAM_MEM_INSTS, 16, &m, &k, &o);
    assert_true(k.coal_mem_insts == 4 && k.uncoal_mem_insts == 12);
    hamm_mwp_param_apply(HAMM_MWP_PARAM_DEP_COAL, 7, &m, &k, &o);
    hamm_mwp_param_apply(HAMM_MWP_PARAM_DEP_UNCOAL, 9, &m, &k, &o);
    hamm_mwp_param_apply(HAMM_MWP_PARAM_ACTIVE_BLOCKS, 3, &m, &k, &o);
    hamm_mwp_param_apply(HAMM_MWP_PARAM_DRAM_EFFICIENCY, 0.25, &m, &k, &o);
    assert_true(m.departure_del_coal == 7 && m.departure_del_uncoal == 9);
    assert_true(k.active_blocks_per_sm == 3 && o.dram_efficiency == 0.25);
    assert_string_equal(hamm_mwp_param_name(HAMM_MWP_PARAM_MEM_INSTS), "mem_insts");
    assert_string_equal(hamm_mwp_param_unit(HAMM_MWP_PARAM_BANDWIDTH), "GB/s");
}

/* The paper's example (Mem_L 730, Departure_delay 320, MWP 2.28125, Comp 132, Mem 4380,
 * Synch_cost 12300, overlap 132/6 x 1.28125 = 28.1875):
 *   64 threads, N = 10: 4380 x 10 / 2.28125 = 19200; total 31528.1875.
 *   E = 0.05: MWP_peak_BW = 0.05 x 80 x 730 / (128 x 16) = 1.42578125, bandwidth bound:
 *   4380 x 20 / 1.42578125 = 61440, overlap 22 x 0.42578125 = 9.3671875, Synch_cost
 *   320 x 0.42578125 x 30 = 4087.5; total 65536.8671875. */
static void run(void **state)
{
    (void)state;
    hamm_mwp_machine m = paper_machine();
    hamm_mwp_kernel k = paper_kernel();
    hamm_mwp_options o;
    hamm_mwp_options_init(&o);
    hamm_mwp_sweep s;
    hamm_mwp_point pts[2];
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_mwp_sweep_parse("threads_per_block=64,128", &s, &err), HAMM_OK);
    assert_int_equal(hamm_mwp_sweep_run(&s, &m, &k, &o, 0, pts, &err), HAMM_OK);
    assert_true(fabs(pts[0].plain.total_cycles - 31528.1875) < 1e-9);
    assert_true(fabs(pts[1].plain.total_cycles - 50728.1875) < 1e-9);
    assert_true(pts[0].plain.n == 10 && pts[0].plain.mwp_case == HAMM_MWP_CASE_MEMORY);
    assert_true(k.threads_per_block == 128); /* the inputs are not changed */
    hamm_mwp_sweep_free(&s);
    assert_int_equal(hamm_mwp_sweep_parse("dram_efficiency=0.05,1", &s, &err), HAMM_OK);
    assert_int_equal(hamm_mwp_sweep_run(&s, &m, &k, &o, 0, pts, &err), HAMM_OK);
    assert_true(fabs(pts[0].with_e.total_cycles - 65536.8671875) < 1e-9);
    assert_true(pts[0].with_e.limiter == HAMM_MWP_LIMIT_BANDWIDTH);
    assert_true(fabs(pts[0].plain.total_cycles - 50728.1875) < 1e-9);
    assert_true(fabs(pts[1].with_e.total_cycles - 50728.1875) < 1e-9);
    hamm_mwp_sweep_free(&s);
}

/* A value the model refuses: 1024 threads fit on no 768-thread SM once the active
 * blocks are computed; the error says at which value. */
static void refused_value(void **state)
{
    (void)state;
    hamm_mwp_machine m = paper_machine();
    hamm_mwp_kernel k = paper_kernel();
    k.active_blocks_per_sm = 0;
    hamm_mwp_options o;
    hamm_mwp_options_init(&o);
    hamm_mwp_sweep s;
    hamm_mwp_point pts[2];
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_mwp_sweep_parse("threads_per_block=256,1024", &s, &err), HAMM_OK);
    assert_int_equal(hamm_mwp_sweep_run(&s, &m, &k, &o, 0, pts, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "active_blocks_per_sm");
    assert_non_null(strstr(err.text, "at threads_per_block = 1024"));
    assert_true(pts[0].plain.active_blocks_per_sm == 3); /* 768 / 256 */
    hamm_mwp_sweep_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lists), cmocka_unit_test(bad_lists), cmocka_unit_test(apply),
        cmocka_unit_test(run),   cmocka_unit_test(refused_value),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
