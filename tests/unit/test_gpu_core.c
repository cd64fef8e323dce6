/* test_gpu_core.c - one SIMT core driven by a scripted kernel and a memory that answers
 * every request a fixed number of cycles after it leaves the core.  Each expected cycle
 * is derived by hand in the comment above its test, from the rules in core.h: a
 * scheduler issues at most one instruction a cycle and is then busy issue_cycles; the
 * LSU sends one request (or makes one L1 access) a cycle, starting the cycle after issue;
 * replies are delivered before the core's cycle; a warp's end is seen when it is next
 * fetched. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "gpu/core_internal.h"
#include "gpu_script.h"

/* ---- the core and a fixed-latency memory --------------------------------------------- */

static gpu_core_params params(uint32_t schedulers)
{
    gpu_core_params p = {.id = 3, .max_threads = 1024, .max_ctas = 8, .registers = 32768,
                         .shared_bytes = 16384, .schedulers = schedulers,
                         .policy = GPU_SCHED_LRR, .max_inflight = 64, .max_merge = 8,
                         .coalesce = GPU_COALESCE_SECTORS, .shared_banks = 32,
                         .out_queue = 8, .l1_latency = 20};
    for (int op = 0; op < GPU_OP_COUNT; op++)
        p.issue_cycles[op] = 4;
    return p;
}

enum { MEM_LATENCY = 100, MAX_PENDING = 256 };

typedef struct memory {
    gpu_packet p[MAX_PENDING];
    uint64_t due[MAX_PENDING];
    uint32_t n;
    uint64_t sent;
} memory;

/* Deliver replies due at `now`, step the core, take what it sends. */
static void tick(gpu_core *c, memory *m, uint64_t now)
{
    for (uint32_t i = 0; i < m->n;) {
        if (m->due[i] > now) {
            i++;
            continue;
        }
        gpu_core_reply(c, &m->p[i], now);
        m->p[i] = m->p[--m->n];
        m->due[i] = m->due[m->n];
    }
    hamm_error err = {0};
    assert_int_equal(gpu_core_cycle(c, now, &err), HAMM_OK);
    gpu_packet p;
    while (gpu_core_out_peek(c, &p)) {
        gpu_core_out_pop(c);
        assert_int_equal(p.core, 3);
        m->p[m->n] = p;
        m->due[m->n++] = now + MEM_LATENCY;
        m->sent++;
    }
}

static gpu_core *make_core(const gpu_core_params *p)
{
    gpu_core *c = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_core_new(&c, p, &err), HAMM_OK);
    return c;
}

static void launch(gpu_core *c, gpu_kernel_source *src, uint64_t cta)
{
    hamm_error err = {0};
    assert_true(gpu_core_has_room(c, src->info(src->self)));
    assert_int_equal(gpu_core_launch(c, src, cta, &err), HAMM_OK);
}

/* Run until the core has finished `ctas` CTAs; the cycle the last finished. */
static uint64_t run(gpu_core *c, memory *m, uint32_t ctas)
{
    uint32_t done = 0;
    for (uint64_t now = 0; now < 100000; now++) {
        tick(c, m, now);
        done += gpu_core_take_finished(c);
        if (done == ctas)
            return now;
    }
    fail_msg("the core never finished");
    return 0;
}

/* Compute only: two warps of ten independent ALU instructions, issue cost 4.  One
 * scheduler: 20 instructions x 4 = 80 cycles, the CTA seen finished at cycle 80 when the
 * ended warps are next fetched.  Two schedulers (a warp each): 10 x 4 = 40. */
static void compute_only(void **state)
{
    (void)state;
    gpu_inst prog[10];
    for (int i = 0; i < 10; i++)
        prog[i] = (gpu_inst)ALU(0, 0);
    for (uint32_t sched = 1; sched <= 2; sched++) {
        script s = script_make(64, prog, 10, NULL);
        gpu_kernel_source src = script_source(&s);
        gpu_core_params p = params(sched);
        gpu_core *c = make_core(&p);
        memory m = {0};
        launch(c, &src, 0);
        assert_int_equal(run(c, &m, 1), 80 / sched);
        assert_int_equal(gpu_core_stats_of(c)->warp_insts[GPU_OP_ALU], 20);
        assert_int_equal(gpu_core_stats_of(c)->thread_insts, 20 * 32);
        assert_true(gpu_core_idle(c));
        gpu_core_free(c);
    }
}

static uint64_t unit_stride(uint64_t cta, uint32_t wi, uint32_t lane, uint32_t pc)
{
    (void)pc;
    return 0x10000 + 4 * (cta * 64 + wi * 32 + lane);
}

static uint64_t same_block(uint64_t cta, uint32_t wi, uint32_t lane, uint32_t pc)
{
    (void)cta, (void)wi, (void)pc;
    return 0x10000 + 4 * lane;
}

/* One warp loads 128 contiguous bytes (four sectors) and an ALU uses the result.  The
 * load issues at 0; the LSU sends one sector a cycle at 1, 2, 3, 4; the replies come at
 * 101..104; the register is ready at 104, so the ALU issues at 104; the warp's end is
 * fetched at 104 + 4 = 108. */
static void one_load_then_use(void **state)
{
    (void)state;
    gpu_inst prog[] = {LD(5), ALU(6, 5)};
    script s = script_make(32, prog, 2, unit_stride);
    gpu_kernel_source src = script_source(&s);
    gpu_core_params p = params(1);
    gpu_core *c = make_core(&p);
    memory m = {0};
    launch(c, &src, 0);
    uint64_t alu_at = 0;
    for (uint64_t now = 0; now < 200 && !alu_at; now++) {
        tick(c, &m, now);
        if (gpu_core_stats_of(c)->warp_insts[GPU_OP_ALU])
            alu_at = now;
    }
    assert_int_equal(alu_at, 104);
    assert_int_equal(m.sent, 4);
    assert_int_equal(run(c, &m, 1), 108);
    const gpu_core_stats *st = gpu_core_stats_of(c);
    assert_int_equal(st->loads_returned, 4);
    assert_int_equal(st->load_latency_sum, 4 * MEM_LATENCY);
    gpu_core_free(c);
}

/* Two warps load the same 128 bytes: the second warp's four sectors merge with the
 * first's in flight: four requests, four merged. */
static void merge_in_flight(void **state)
{
    (void)state;
    gpu_inst prog[] = {LD(5)};
    script s = script_make(64, prog, 1, same_block);
    gpu_kernel_source src = script_source(&s);
    gpu_core_params p = params(1);
    gpu_core *c = make_core(&p);
    memory m = {0};
    launch(c, &src, 0);
    run(c, &m, 1);
    assert_int_equal(m.sent, 4);
    assert_int_equal(gpu_core_stats_of(c)->merged, 4);
    gpu_core_free(c);
}

/* At most two requests in flight: the first two sectors go at 1 and 2, the other two
 * only once replies free room (at 101 and 102, sent at 101 and 102). */
static void inflight_limit(void **state)
{
    (void)state;
    gpu_inst prog[] = {LD(5)};
    script s = script_make(32, prog, 1, unit_stride);
    gpu_kernel_source src = script_source(&s);
    gpu_core_params p = params(1);
    p.max_inflight = 2;
    gpu_core *c = make_core(&p);
    memory m = {0};
    launch(c, &src, 0);
    for (uint64_t now = 0; now <= 100; now++)
        tick(c, &m, now);
    assert_int_equal(m.sent, 2);
    tick(c, &m, 101);
    assert_int_equal(m.sent, 3);
    /* The last reply comes at 102 + 100: the warp's end is fetched then. */
    assert_int_equal(run(c, &m, 1), 202);
    gpu_core_free(c);
}

/* With an L1 (128-byte lines, 32-byte sectors).  Load 1 issues at 0; its line access at
 * 1 misses all four sectors, which go out at 1 and come back at 101.  Load 2 (same line)
 * issues at 4, the scheduler's issue cost later; its access at 5 finds the four sectors
 * pending: hit-reserved, merged into their MSHRs.  Both registers are ready at 101, when
 * the first ALU issues.  Load 3 issues at 105 and hits at 106: its data is ready at
 * 106 + l1_latency 20 = 126, when the second ALU issues.  With l1_miss_latency M the
 * misses leave at 1 + M, and every later cycle moves by M: 101 + M and 126 + M. */
static void l1_run(uint32_t miss_latency)
{
    gpu_inst prog[] = {LD(5), LD(7), ALU(8, 7), LD(9), ALU(10, 9)};
    script s = script_make(32, prog, 5, unit_stride);
    gpu_kernel_source src = script_source(&s);
    gpu_core_params p = params(1);
    p.has_l1 = 1;
    p.l1_miss_latency = miss_latency;
    p.l1 = (gpu_cache_params){.sets = 32, .ways = 4, .line_bytes = 128, .sector_bytes = 32,
                              .write_allocate = 0, .write_policy = GPU_WRITE_THROUGH,
                              .mshr_entries = 32, .mshr_max_merge = 8, .miss_queue_size = 8};
    gpu_core *c = make_core(&p);
    memory m = {0};
    launch(c, &src, 0);
    uint64_t alu_at[3] = {0};
    for (uint64_t now = 0; now < 300; now++) {
        tick(c, &m, now);
        uint64_t n = gpu_core_stats_of(c)->warp_insts[GPU_OP_ALU];
        if (n && n < 3 && !alu_at[n])
            alu_at[n] = now;
        if (now == miss_latency) /* the misses are made at 1 and not out yet */
            assert_int_equal(m.sent, 0);
    }
    assert_int_equal(alu_at[1], 101 + miss_latency);
    assert_int_equal(alu_at[2], 126 + miss_latency);
    assert_int_equal(m.sent, 4);
    const gpu_cache_stats *l1 = gpu_core_l1_stats(c);
    assert_int_equal(l1->misses[0], 1);
    assert_int_equal(l1->hit_reserved, 1);
    assert_int_equal(l1->hits[0], 1);
    gpu_core_free(c);
}

static void l1_merge_then_hit(void **state)
{
    (void)state;
    l1_run(0);
    l1_run(35); /* GPGPU-Sim's GTX480 L1 latency queue: misses wait 35 cycles too */
}

/* An instruction cache of one 128-byte line: three ALUs at pcs 0, 8 and 0x80.  At 0 the
 * first pc's line misses and its read goes out (to 0xf0000000, 128 bytes), back at 100:
 * the ALUs at 0 and 8 issue at 100 and 104.  At 108 pc 0x80 misses (its line replaces
 * the first), back at 208: the third ALU issues then, and the warp's end is fetched at
 * 212.  Two reads, two misses. */
static void icache_misses(void **state)
{
    (void)state;
    gpu_inst prog[] = {ALU(1, 0), ALU(2, 0), ALU(3, 0)};
    prog[1].pc = 8;
    prog[2].pc = 0x80;
    script s = script_make(32, prog, 3, NULL);
    gpu_kernel_source src = script_source(&s);
    gpu_core_params p = params(1);
    p.icache_lines = 1;
    p.icache_line_bytes = 128;
    gpu_core *c = make_core(&p);
    memory m = {0};
    launch(c, &src, 0);
    tick(c, &m, 0);
    assert_int_equal(m.sent, 1);
    assert_true(m.p[0].inst && m.p[0].addr == GPU_CODE_BASE && m.p[0].bytes == 128);
    uint64_t at[4] = {0}, done = 0;
    for (uint64_t now = 1; now < 300 && !done; now++) {
        tick(c, &m, now);
        uint64_t n = gpu_core_stats_of(c)->warp_insts[GPU_OP_ALU];
        if (n && !at[n])
            at[n] = now;
        done = gpu_core_take_finished(c) ? now : 0;
    }
    assert_int_equal(done, 212);
    assert_int_equal(at[1], 100);
    assert_int_equal(at[2], 104);
    assert_int_equal(at[3], 208);
    assert_int_equal(m.sent, 2);
    assert_int_equal(gpu_core_stats_of(c)->icache_misses, 2);
    gpu_core_free(c);
}

/* Barrier: warp 0 reaches it at once, warp 1 after five ALUs (issued at 4, 8, ..., 20
 * with warp 0's barrier at 0); warp 1's barrier issues at 24 and releases both; the
 * ALUs after it issue at 28 and 32; the ends are fetched at 36. */
static void barrier_waits_for_all(void **state)
{
    (void)state;
    gpu_inst w1[] = {ALU(0, 0), ALU(0, 0), ALU(0, 0), ALU(0, 0), ALU(0, 0),
                     {.op = GPU_OP_BARRIER, .active = 0xFFFFFFFFu}, ALU(0, 0)};
    script s = script_make(64, w1, 7, NULL);
    /* warp 0 skips the five ALUs: start its program counter at the barrier */
    s.pc[0][0] = 5;
    gpu_kernel_source src = script_source(&s);
    gpu_core_params p = params(1);
    gpu_core *c = make_core(&p);
    memory m = {0};
    launch(c, &src, 0);
    assert_int_equal(run(c, &m, 1), 36);
    assert_int_equal(gpu_core_stats_of(c)->warp_insts[GPU_OP_BARRIER], 2);
    gpu_core_free(c);
}

/* The same with one active warp (warp throttling): warp 0, at the barrier, holds no
 * place, so warp 1 (younger) runs to it as before: barrier at 0, ALUs 4..20, barrier
 * 24; then warp 0 alone may issue (28).  At 32 round-robin looks at warp 1 first, still
 * behind live warp 0, then fetches warp 0's end: nothing issues; warp 1 issues at 33 and
 * its end is fetched at 37.  Without the rule warp 1 never reaches the barrier. */
static void barrier_under_throttling(void **state)
{
    (void)state;
    gpu_inst w1[] = {ALU(0, 0), ALU(0, 0), ALU(0, 0), ALU(0, 0), ALU(0, 0),
                     {.op = GPU_OP_BARRIER, .active = 0xFFFFFFFFu}, ALU(0, 0)};
    script s = script_make(64, w1, 7, NULL);
    s.pc[0][0] = 5;
    gpu_kernel_source src = script_source(&s);
    gpu_core_params p = params(1);
    p.max_active_warps = 1;
    gpu_core *c = make_core(&p);
    memory m = {0};
    launch(c, &src, 0);
    assert_int_equal(run(c, &m, 1), 37);
    gpu_core_free(c);
}

/* Occupancy: 64-thread CTAs with 32 registers a thread take 2048 registers; a core with
 * 4096 holds two.  A CTA over the core's threads never fits. */
static void cta_limits(void **state)
{
    (void)state;
    gpu_inst prog[] = {ALU(0, 0)};
    script s = script_make(64, prog, 1, NULL);
    s.info.regs_per_thread = 32;
    s.info.grid[0] = 3;
    gpu_kernel_source src = script_source(&s);
    gpu_core_params p = params(1);
    p.registers = 4096;
    gpu_core *c = make_core(&p);
    launch(c, &src, 0);
    launch(c, &src, 1);
    assert_false(gpu_core_has_room(c, &s.info));
    memory m = {0};
    run(c, &m, 2);
    assert_true(gpu_core_has_room(c, &s.info));
    s.info.block[0] = 2048;
    assert_false(gpu_core_cta_fits_at_all(&p, &s.info));
    gpu_core_free(c);
}

static uint64_t shared_stride2(uint64_t cta, uint32_t wi, uint32_t lane, uint32_t pc)
{
    (void)cta, (void)wi;
    return pc == 0 ? 8 * lane : pc == 1 ? 0x40 : 128 * lane;
}

/* Shared memory, 32 four-byte banks: stride 2 words puts two words on each even bank
 * (degree 2), a broadcast is one pass, stride 32 words puts all 32 on bank 0 (degree
 * 32): 1 + 0 + 31 extra cycles. */
static void shared_conflicts(void **state)
{
    (void)state;
    gpu_inst prog[3];
    for (int i = 0; i < 3; i++)
        prog[i] = (gpu_inst){.op = GPU_OP_SHARED_LOAD, .active = 0xFFFFFFFFu, .width = 4};
    script s = script_make(32, prog, 3, shared_stride2);
    gpu_kernel_source src = script_source(&s);
    gpu_core_params p = params(1);
    gpu_core *c = make_core(&p);
    memory m = {0};
    launch(c, &src, 0);
    run(c, &m, 1);
    assert_int_equal(gpu_core_stats_of(c)->shared_conflict_cycles, 1 + 0 + 31);
    gpu_core_free(c);
}

/* Issue order on one scheduler with two warps of three ALUs: round-robin alternates,
 * greedy-then-oldest runs warp 0 to its end first. */
static void lrr_and_gto_order(void **state)
{
    (void)state;
    gpu_inst prog[] = {ALU(0, 0), ALU(0, 0), ALU(0, 0)};
    const uint32_t want[2][6] = {{0, 1, 0, 1, 0, 1}, {0, 0, 0, 1, 1, 1}};
    for (int gto = 0; gto < 2; gto++) {
        script s = script_make(64, prog, 3, NULL);
        gpu_kernel_source src = script_source(&s);
        gpu_core_params p = params(1);
        p.policy = gto ? GPU_SCHED_GTO : GPU_SCHED_LRR;
        gpu_core *c = make_core(&p);
        memory m = {0};
        launch(c, &src, 0);
        for (uint32_t k = 0; k < 6; k++) {
            tick(c, &m, 4 * k);
            assert_int_equal(c->sched_last[0], want[gto][k]);
        }
        gpu_core_free(c);
    }
}

static void bad_params(void **state)
{
    (void)state;
    gpu_core_params p = params(0);
    gpu_core *c = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_core_new(&c, &p, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "schedulers");
    assert_null(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(compute_only),
        cmocka_unit_test(one_load_then_use),
        cmocka_unit_test(merge_in_flight),
        cmocka_unit_test(inflight_limit),
        cmocka_unit_test(l1_merge_then_hit),
        cmocka_unit_test(icache_misses),
        cmocka_unit_test(barrier_waits_for_all),
        cmocka_unit_test(barrier_under_throttling),
        cmocka_unit_test(cta_limits),
        cmocka_unit_test(shared_conflicts),
        cmocka_unit_test(lrr_and_gto_order),
        cmocka_unit_test(bad_params),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
