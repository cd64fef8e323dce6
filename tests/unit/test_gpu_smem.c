/* test_gpu_smem.c - the shared-memory scheme and the pipeline model of Gou's thesis,
 * chapter 5 (docs/SMEM.md), on one core driven by a scripted kernel.  Expected cycles
 * are derived by hand in the comment above each test from the rules in pipe.c: a
 * scheduler issues one instruction a cycle and is then busy issue_cycles (4 here); a
 * shared access starts its passes the cycle it issues; latencies are 0. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "gpu/core_internal.h"
#include "gpu_script.h"

static gpu_core_params params(gpu_pipeline pipe, int aware)
{
    gpu_core_params p = {.id = 0, .max_threads = 1024, .max_ctas = 8, .registers = 32768,
                         .shared_bytes = 16384, .schedulers = 1, .policy = GPU_SCHED_LRR,
                         .max_inflight = 64, .max_merge = 8, .coalesce = GPU_COALESCE_SECTORS,
                         .shared_banks = 32, .out_queue = 8};
    for (int op = 0; op < GPU_OP_COUNT; op++)
        p.issue_cycles[op] = 4;
    p.smem = (gpu_smem_params){.pipeline = pipe, .conflict_aware = aware, .premem_queue = 3,
                               .nonmem_queue = 4, .chc_sets = 4, .chc_ways = 2};
    return p;
}

static void use_scheme(gpu_core_params *p, const char *spec)
{
    hamm_error err = {0};
    assert_int_equal(hamm_banked_parse(spec, p->shared_banks, &p->smem.scheme, &err), HAMM_OK);
    p->smem.custom = 1;
}

static gpu_core *start(const gpu_core_params *p, script *s, gpu_kernel_source *src)
{
    gpu_core *c = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_core_new(&c, p, &err), HAMM_OK);
    *src = script_source(s);
    assert_int_equal(gpu_core_launch(c, src, 0, &err), HAMM_OK);
    return c;
}

static void cycle(gpu_core *c, uint64_t now)
{
    hamm_error err = {0};
    assert_int_equal(gpu_core_cycle(c, now, &err), HAMM_OK);
}

/* Until the CTA is done (no memory requests here); the cycle it was. */
static uint64_t run(gpu_core *c)
{
    for (uint64_t now = 0; now < 10000; now++) {
        cycle(c, now);
        if (gpu_core_take_finished(c))
            return now;
    }
    fail_msg("the core never finished");
    return 0;
}

/* Lane l reads word `stride` * l: 16 bytes apart puts 4 words on each of banks 0, 4, ..
 * 28 under low-order interleaving (degree 4); 32 bytes apart 8 words on banks 0, 8, 16,
 * 24 (degree 8). */
static uint64_t stride4(uint64_t cta, uint32_t wi, uint32_t lane, uint32_t pc)
{
    (void)cta, (void)wi, (void)pc;
    return 16 * (uint64_t)lane;
}

static uint64_t stride8(uint64_t cta, uint32_t wi, uint32_t lane, uint32_t pc)
{
    (void)cta, (void)wi, (void)pc;
    return 32 * (uint64_t)lane;
}

#define SHLD(d, pc_) {.op = GPU_OP_SHARED_LOAD, .active = 0xFFFFFFFFu, .width = 4, .dst = (d), \
                      .pc = (pc_)}

/* Degree 4 under low-order: the access issued at 0 holds the LSU for cycles 0..3 (free
 * at 4) and costs 3 cycles beyond one pass.  Under Harper's XOR scheme for stride family
 * s = 2 (stride 4 words = 1 * 2^2) the same lanes fall on 32 distinct banks: degree 1,
 * free at 1, no extra cycle. */
static void degree_four_then_xor(void **state)
{
    (void)state;
    gpu_inst prog[] = {SHLD(5, 0)};
    for (int x = 0; x < 2; x++) {
        script s = script_make(32, prog, 1, stride4);
        gpu_kernel_source src;
        gpu_core_params p = params(GPU_PIPE_DECOUPLED, 0);
        if (x)
            use_scheme(&p, "xor:s=2");
        gpu_core *c = start(&p, &s, &src);
        cycle(c, 0);
        assert_int_equal(c->lsu.free_at, x ? 1 : 4);
        assert_int_equal(gpu_core_stats_of(c)->shared_conflict_cycles, x ? 0 : 3);
        assert_int_equal(c->warps[0].reg_ready[5], x ? 1 : 4);
        gpu_core_free(c);
    }
}

/* One warp: a degree-8 shared load (issued at 0, passes 0..7, result at 8) and an
 * independent ALU.  Decoupled and elastic: the ALU issues when the scheduler is free,
 * at 4, writing back at 4; the warp's end is fetched at 8.  In-order: the access' passes
 * outlast its 4 issue cycles, so nothing issues at 4..7 (4 stall cycles); the ALU issues
 * at 8 and writes back at 8 with the shared load: one port, one writeback conflict, seen
 * after the issue of cycle 8, so it stalls cycle 9 (5 stall cycles in all, 4 of them the
 * conflict's); the end is fetched at 12. */
static void inorder_stalls_elastic_does_not(void **state)
{
    (void)state;
    gpu_inst prog[] = {SHLD(5, 0), {.op = GPU_OP_ALU, .active = 0xFFFFFFFFu, .dst = 6}};
    const gpu_pipeline modes[] = {GPU_PIPE_DECOUPLED, GPU_PIPE_IN_ORDER, GPU_PIPE_ELASTIC};
    const uint64_t done[] = {8, 12, 8}, stalls[] = {0, 4, 0}, conflicts[] = {0, 1, 0};
    for (int m = 0; m < 3; m++) {
        script s = script_make(32, prog, 2, stride8);
        gpu_kernel_source src;
        gpu_core_params p = params(modes[m], 0);
        gpu_core *c = start(&p, &s, &src);
        assert_int_equal(run(c), done[m]);
        const gpu_core_stats *st = gpu_core_stats_of(c);
        assert_int_equal(st->shared_conflict_cycles, 7);
        assert_int_equal(st->shared_stall_cycles, stalls[m]);
        assert_int_equal(st->pipeline_stall_cycles, stalls[m] + conflicts[m]);
        assert_int_equal(st->writeback_conflicts, conflicts[m]);
        assert_int_equal(st->writeback_stall_cycles, conflicts[m]);
        gpu_core_free(c);
    }
}

/* Three warps, whose next instructions are a shared load at pc 7 (warps 0 and 1) and an
 * ALU (warp 2, set by hand).  The history says pc 7 had degree 8.  Warp 0 issues at 0:
 * the conflict-aware scheduler then masks memory warps until 0 + 8, so at 4 it skips
 * warp 1 (next in round-robin order) for warp 2; the unaware one issues warp 1. */
static void aware_scheduler_skips_predicted_conflict(void **state)
{
    (void)state;
    gpu_inst prog[] = {SHLD(5, 7)};
    for (int aware = 0; aware < 2; aware++) {
        script s = script_make(96, prog, 1, stride8);
        gpu_kernel_source src;
        gpu_core_params p = params(GPU_PIPE_ELASTIC, aware);
        gpu_core *c = start(&p, &s, &src);
        gpu_chc_update(&c->pipe.chc, 7, 8);
        c->warps[2].inst = (gpu_inst){.op = GPU_OP_ALU, .active = 0xFFFFFFFFu};
        c->warps[2].has_inst = 1;
        cycle(c, 0);
        assert_int_equal(c->sched_last[0], 0);
        assert_int_equal(c->pipe.mem_mask_until, aware ? 8 : 0);
        for (uint64_t now = 1; now <= 4; now++)
            cycle(c, now);
        assert_int_equal(c->sched_last[0], aware ? 2 : 1);
        gpu_core_free(c);
    }
}

/* The cache: a miss predicts 0; after an execution of degree 32 the PC predicts 32.
 * Four sets of two ways: PCs 3, 7 and 11 share set 3; with 3 used after 7, 11 evicts 7. */
static void history_cache(void **state)
{
    (void)state;
    gpu_chc h;
    int hit = 1;
    assert_true(gpu_chc_init(&h, 4, 2));
    assert_int_equal(gpu_chc_lookup(&h, 7, &hit), 0);
    assert_false(hit);
    gpu_chc_update(&h, 7, 32);
    assert_int_equal(gpu_chc_lookup(&h, 7, &hit), 32);
    assert_true(hit);
    gpu_chc_update(&h, 3, 2);
    assert_int_equal(gpu_chc_lookup(&h, 3, &hit), 2);
    gpu_chc_update(&h, 11, 4);
    gpu_chc_lookup(&h, 7, &hit);
    assert_false(hit);
    assert_int_equal(gpu_chc_lookup(&h, 3, &hit), 2);
    assert_int_equal(gpu_chc_lookup(&h, 11, &hit), 4);
    gpu_chc_clear(&h);
    gpu_chc_lookup(&h, 3, &hit);
    assert_false(hit);
    gpu_chc_free(&h);
}

/* In the engine: two warps run the same degree-8 load at pc 5.  Warp 0's lookup at 0
 * misses (predicting 0 < 8: an underprediction); its access records 8; warp 1's lookup
 * at 4 hits and predicts 8. */
static void history_in_engine(void **state)
{
    (void)state;
    gpu_inst prog[] = {SHLD(5, 5)};
    script s = script_make(64, prog, 1, stride8);
    gpu_kernel_source src;
    gpu_core_params p = params(GPU_PIPE_ELASTIC, 1);
    gpu_core *c = start(&p, &s, &src);
    run(c);
    const gpu_core_stats *st = gpu_core_stats_of(c);
    assert_int_equal(st->chc_misses, 1);
    assert_int_equal(st->chc_hits, 1);
    assert_int_equal(st->chc_underpredictions, 1);
    assert_int_equal(c->warps[1].predicted, 8);
    gpu_core_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(degree_four_then_xor),
        cmocka_unit_test(inorder_stalls_elastic_does_not),
        cmocka_unit_test(aware_scheduler_skips_predicted_conflict),
        cmocka_unit_test(history_cache),
        cmocka_unit_test(history_in_engine),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
