/* test_gpu_subcores.c - execution units and GPGPU-Sim's sub-core model in one SIMT core
 * (core.h, src/gpu/core_units.c, docs/GPU.md "Execution units and sub-cores").
 *
 * Every kernel here is compute only (no memory), so a core steps alone.  The cycles are
 * derived by hand in the comment above each test, from core.h's rules: warp slot w
 * belongs to scheduler w mod S; loose round-robin takes the first ready warp after the
 * last issued; a class with units takes a free unit it reaches, busy for the class's
 * issue cost, and the scheduler may issue the next cycle; without units the scheduler
 * itself is busy for the cost; a warp's end is seen when it is next fetched, at a cycle
 * its scheduler is free. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gpu/core_internal.h"
#include "gpu_script.h"

#define SFU(d) {.op = GPU_OP_SFU, .active = 0xFFFFFFFFu, .dst = (d)}

/* Four schedulers (Volta's sub-cores), every issue cost 2 cycles (GPGPU-Sim's Volta SP
 * initiation interval), no units: the legacy model. */
static gpu_core_params params(void)
{
    gpu_core_params p = {.id = 0, .max_threads = 1024, .max_ctas = 8, .registers = 65536,
                         .shared_bytes = 16384, .schedulers = 4, .policy = GPU_SCHED_LRR,
                         .max_inflight = 64, .max_merge = 8, .coalesce = GPU_COALESCE_SECTORS,
                         .shared_banks = 32, .out_queue = 8};
    for (int op = 0; op < GPU_OP_COUNT; op++)
        p.issue_cycles[op] = 2;
    return p;
}

/* Launch one CTA of `threads` running prog on a core of p; the cycle it is seen done. */
static uint64_t run_cta(const gpu_core_params *p, uint32_t threads, const gpu_inst *prog,
                        uint32_t len, uint64_t *alu_insts)
{
    script s = script_make(threads, prog, len, NULL);
    gpu_kernel_source src = script_source(&s);
    gpu_core *c = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_core_new(&c, p, &err), HAMM_OK);
    assert_int_equal(gpu_core_launch(c, &src, 0, &err), HAMM_OK);
    uint64_t done = UINT64_MAX;
    for (uint64_t now = 0; now < 1000 && done == UINT64_MAX; now++) {
        assert_int_equal(gpu_core_cycle(c, now, &err), HAMM_OK);
        if (gpu_core_take_finished(c))
            done = now;
    }
    assert_true(gpu_core_idle(c));
    *alu_insts = gpu_core_stats_of(c)->warp_insts[GPU_OP_ALU];
    gpu_core_free(c);
    return done;
}

/* Five warps (160 threads) of ten independent ALU instructions; four ALU units of cost
 * 2.  Warps 0 and 4 both belong to scheduler 0; warps 1, 2, 3 have a scheduler each, and
 * finish their ten at cycles 0, 2, ..., 18 under every model below.
 *
 * Sub-cores: scheduler 0 reaches unit 0 only, so its 20 instructions go one per 2
 * cycles, at 0, 2, ..., 38 (warp 0 at 0, 4, ..., 36; warp 4 at 2, 6, ..., 38).  Warp 0's
 * end is fetched at 37, warp 4's at 39: done at 39.
 *
 * Shared units (sub-cores off): while the four schedulers each issue at the even cycles
 * they take the four units, and none is free at the odd ones; scheduler 0 thus issues 10
 * by cycle 18 (0, 2, ..., 18).  From 20 the others are done and scheduler 0 finds one of
 * the four units free every cycle: its last ten go at 20..29 (warp 4's last at 29); both
 * ends are fetched at 30: done at 30.
 *
 * No units (the legacy model, scheduler busy 2 cycles after each issue): the 20 go at 0,
 * 2, ..., 38 as with sub-cores, but scheduler 0 is busy at 37 and 39; both ends are
 * fetched at 40. */
static void warps_0_and_4_share_a_sub_core(void **state)
{
    (void)state;
    gpu_inst prog[10];
    for (int i = 0; i < 10; i++)
        prog[i] = (gpu_inst)ALU(0, 0);
    gpu_core_params p = params();
    uint64_t alu;
    assert_int_equal(run_cta(&p, 160, prog, 10, &alu), 40);
    assert_int_equal(alu, 50);
    p.units[GPU_OP_ALU] = 4;
    assert_int_equal(run_cta(&p, 160, prog, 10, &alu), 30);
    assert_int_equal(alu, 50);
    p.sub_cores = 1;
    assert_int_equal(run_cta(&p, 160, prog, 10, &alu), 39);
    assert_int_equal(alu, 50);
}

/* Four warps, one a scheduler (the sub-cores' balanced case): each scheduler's ten ALU
 * instructions on its one unit go at 0, 2, ..., 18, the end fetched at 19.  Eight units
 * (two a sub-core) let each scheduler issue every cycle: 0..9, the end fetched at 10. */
static void units_per_sub_core(void **state)
{
    (void)state;
    gpu_inst prog[10];
    for (int i = 0; i < 10; i++)
        prog[i] = (gpu_inst)ALU(0, 0);
    gpu_core_params p = params();
    p.sub_cores = 1;
    p.units[GPU_OP_ALU] = 4;
    uint64_t alu;
    assert_int_equal(run_cta(&p, 128, prog, 10, &alu), 19);
    p.units[GPU_OP_ALU] = 8;
    assert_int_equal(run_cta(&p, 128, prog, 10, &alu), 10);
    assert_int_equal(alu, 40);
}

/* One warp alternating ALU and SFU, five of each, SFU cost 8 (Volta's initiation).
 * Without units the scheduler is busy for each: 5 x 2 + 5 x 8 = 50, the end fetched at
 * 50.  With a unit of each class per sub-core the scheduler issues the next instruction
 * a cycle later unless its unit is busy: ALU at 0, SFU at 1, ALU at 2, SFU waits for its
 * unit until 9, ALU 10, SFU 17, ALU 18, SFU 25, ALU 26, SFU 33; the end fetched at 34. */
static void classes_overlap_on_their_units(void **state)
{
    (void)state;
    gpu_inst prog[10];
    for (int i = 0; i < 10; i++)
        prog[i] = i % 2 ? (gpu_inst)SFU(1) : (gpu_inst)ALU(0, 0);
    gpu_core_params p = params();
    p.issue_cycles[GPU_OP_SFU] = 8;
    uint64_t alu;
    assert_int_equal(run_cta(&p, 32, prog, 10, &alu), 50);
    p.sub_cores = 1;
    p.units[GPU_OP_ALU] = 4;
    p.units[GPU_OP_SFU] = 4;
    assert_int_equal(run_cta(&p, 32, prog, 10, &alu), 34);
    assert_int_equal(alu, 5);
}

/* Sub-cores need each class's units to be a multiple of the schedulers; only ALU and
 * SFU have units. */
static void bad_units_refused(void **state)
{
    (void)state;
    gpu_core *c = NULL;
    hamm_error err = {0};
    gpu_core_params p = params();
    p.sub_cores = 1;
    p.units[GPU_OP_ALU] = 6;
    assert_int_equal(gpu_core_new(&c, &p, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "sub_cores");
    assert_null(c);
    p.sub_cores = 0;
    assert_int_equal(gpu_core_new(&c, &p, &err), HAMM_OK);
    gpu_core_free(c);
    p.units[GPU_OP_LOAD] = 1;
    memset(&err, 0, sizeof err);
    assert_int_equal(gpu_core_new(&c, &p, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "units");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(warps_0_and_4_share_a_sub_core),
        cmocka_unit_test(units_per_sub_core),
        cmocka_unit_test(classes_overlap_on_their_units),
        cmocka_unit_test(bad_units_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
