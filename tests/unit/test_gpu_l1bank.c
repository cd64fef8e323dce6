/* test_gpu_l1bank.c - the banked L1 (docs/SMEM.md, "L1 banks"): the banks, passes and
 * degree of hand-built warp accesses; a core whose LSU a degree-4 access holds for four
 * cycles and an XOR scheme for one; the model file's fields, their defaults and their
 * errors.  Each expected value is derived by hand in the comment above its test. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "gpu/core_internal.h"
#include "gpu/gpu_model.h"
#include "gpu_model_text.h"
#include "gpu/l1bank.h"
#include "gpu_script.h"
#include "hamm/config.h"

static gpu_l1bank_params banks(uint32_t n, uint32_t bytes, const char *spec)
{
    gpu_l1bank_params p = {.banks = n, .bank_bytes = bytes};
    hamm_error err = {0};
    assert_int_equal(hamm_banked_parse(spec, n, &p.scheme, &err), HAMM_OK);
    return p;
}

/* One sector (sector 0) of each of the lines 0, 512, 1024 and 1536. */
static void four_lines(gpu_transaction tr[4])
{
    for (uint32_t k = 0; k < 4; k++)
        tr[k] = (gpu_transaction){.addr = 512u * k, .size = 128, .lanes = 1u << k,
                                  .sectors = 1};
}

/* Line interleaving (128-byte bank words) over 4 banks: lines 0, 4, 8, 12.  Low-order:
 * each line mod 4 = 0, all four on bank 0: degree 4, passes 0, 1, 2, 3, four touches
 * that four banks could serve in one pass: 3 conflict cycles.  Harper's XOR scheme with
 * n = s = 2 takes bank bit k = a_k ^ a_(k+2): line 4 = 0100b -> 01b, 8 = 1000b -> 10b,
 * 12 = 1100b -> 11b, 0 -> 0: four banks, degree 1, all in pass 0, no conflict. */
static void degree_four_then_xor(void **state)
{
    (void)state;
    gpu_transaction tr[4];
    four_lines(tr);
    gpu_l1bank_plan plan;
    gpu_l1bank_params low = banks(4, 128, "low-order");
    gpu_l1bank_plan_of(&low, tr, 4, &plan);
    assert_int_equal(plan.degree, 4);
    assert_int_equal(plan.touches, 4);
    for (uint32_t k = 0; k < 4; k++) {
        assert_int_equal(gpu_l1bank_mask(&low, &tr[k]), 1);
        assert_int_equal(plan.pass[k], k);
    }
    assert_int_equal(gpu_l1bank_conflict_cycles(&low, &plan), 3);
    gpu_l1bank_params x = banks(4, 128, "xor");
    gpu_l1bank_plan_of(&x, tr, 4, &plan);
    assert_int_equal(plan.degree, 1);
    for (uint32_t k = 0; k < 4; k++) {
        assert_int_equal(gpu_l1bank_mask(&x, &tr[k]), 1u << k);
        assert_int_equal(plan.pass[k], 0);
    }
    assert_int_equal(gpu_l1bank_conflict_cycles(&x, &plan), 0);
}

/* 32-byte banks (GPGPU-Sim's default interleave), 4 banks, low-order: a whole line's
 * sectors 0..3 are words 0..3, banks 0..3.  Line 0 with sectors 0 and 1 needs banks
 * {0, 1}; line 128 (words 4..7) with sector 0 needs bank 0: bank 0 serves two accesses,
 * degree 2, the second in pass 1; touches 3 fit one pass of 4 banks: 1 conflict cycle.
 * 8-byte banks: line 128's sector 0 is 8-byte words 16..19, banks 0..3. */
static void sectors_spread_over_banks(void **state)
{
    (void)state;
    gpu_l1bank_params p = banks(4, 32, "low-order");
    gpu_transaction tr[2] = {{.addr = 0, .size = 128, .sectors = 0x3},
                             {.addr = 128, .size = 128, .sectors = 0x1}};
    gpu_transaction full = {.addr = 384, .size = 128, .sectors = 0xF};
    assert_int_equal(gpu_l1bank_mask(&p, &full), 0xF);
    gpu_l1bank_plan plan;
    gpu_l1bank_plan_of(&p, tr, 2, &plan);
    assert_int_equal(plan.degree, 2);
    assert_int_equal(plan.touches, 3);
    assert_int_equal(plan.pass[0], 0);
    assert_int_equal(plan.pass[1], 1);
    assert_int_equal(gpu_l1bank_conflict_cycles(&p, &plan), 1);
    gpu_l1bank_params narrow = banks(4, 8, "low-order");
    assert_int_equal(gpu_l1bank_mask(&narrow, &tr[1]), 0xF);
    /* a 64-byte segment of the segment rule: sectors 2 and 3 of line 0, words 2 and 3 */
    gpu_transaction seg = {.addr = 64, .size = 64, .sectors = 0xC};
    assert_int_equal(gpu_l1bank_mask(&p, &seg), 0xC);
}

/* ---- a core ------------------------------------------------------------------------ */

static gpu_core_params core_params(void)
{
    gpu_core_params p = {.id = 0, .max_threads = 1024, .max_ctas = 8, .registers = 32768,
                         .shared_bytes = 16384, .schedulers = 1, .policy = GPU_SCHED_LRR,
                         .max_inflight = 64, .max_merge = 8, .coalesce = GPU_COALESCE_SECTORS,
                         .shared_banks = 32, .out_queue = 8, .l1_latency = 20, .has_l1 = 1};
    p.l1 = (gpu_cache_params){.sets = 32, .ways = 4, .line_bytes = 128, .sector_bytes = 32,
                              .write_policy = GPU_WRITE_THROUGH, .mshr_entries = 32,
                              .mshr_max_merge = 8, .miss_queue_size = 8};
    for (int op = 0; op < GPU_OP_COUNT; op++)
        p.issue_cycles[op] = 1;
    return p;
}

/* Lane l reads word 0 of line (l mod 4) * 4: the four lines of four_lines. */
static uint64_t four_lines_addr(uint64_t cta, uint32_t wi, uint32_t lane, uint32_t pc)
{
    (void)cta, (void)wi, (void)pc;
    return 512u * (lane % 4);
}

/* The cycle the second of two independent loads issues.  The first issues at 0 and its
 * four accesses start the cycle after; the second waits for the LSU (issue costs 1). */
static uint64_t second_load_at(const gpu_core_params *p, gpu_core_stats *st)
{
    gpu_inst prog[] = {LD(5), LD(7)};
    script s = script_make(32, prog, 2, four_lines_addr);
    gpu_kernel_source src = script_source(&s);
    gpu_core *c = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_core_new(&c, p, &err), HAMM_OK);
    assert_int_equal(gpu_core_launch(c, &src, 0, &err), HAMM_OK);
    uint64_t at = 0;
    for (uint64_t now = 0; now < 50 && !at; now++) {
        assert_int_equal(gpu_core_cycle(c, now, &err), HAMM_OK);
        gpu_packet pk;
        while (gpu_core_out_peek(c, &pk))
            gpu_core_out_pop(c); /* nothing answers: the loads never finish */
        if (gpu_core_stats_of(c)->warp_insts[GPU_OP_LOAD] == 2)
            at = now;
    }
    *st = *gpu_core_stats_of(c);
    gpu_core_free(c);
    return at;
}

/* Unbanked: one access a cycle, 1..4, the LSU free for the second load at 4.  Four
 * low-order banks, 128-byte interleave: degree 4, passes at 1..4, free at 4, 4 passes of
 * which 3 are the conflict's.  XOR: degree 1, all four accesses at 1, free at 1. */
static void core_degree_four_takes_four_cycles(void **state)
{
    (void)state;
    gpu_core_params p = core_params();
    gpu_core_stats st;
    assert_int_equal(second_load_at(&p, &st), 4);
    assert_int_equal(st.l1_bank_accesses, 0);
    p.l1_banks = banks(4, 128, "low-order");
    assert_int_equal(second_load_at(&p, &st), 4);
    assert_int_equal(st.l1_bank_accesses, 2);
    assert_int_equal(st.l1_bank_passes, 4 + 4);
    assert_int_equal(st.l1_bank_conflict_cycles, 3 + 3);
    p.l1_banks = banks(4, 128, "xor");
    assert_int_equal(second_load_at(&p, &st), 1);
    assert_int_equal(st.l1_bank_passes, 1 + 1);
    assert_int_equal(st.l1_bank_conflict_cycles, 0);
}

/* Replies come MEMORY_LATENCY cycles after a request leaves; the cycles the first and
 * second ALU issue. */
enum { MEMORY_LATENCY = 100, PENDING = 64 };

static void alu_cycles(const gpu_core_params *p, uint64_t at[2])
{
    gpu_inst prog[] = {LD(5), ALU(6, 5), LD(7), ALU(8, 7)};
    script s = script_make(32, prog, 4, four_lines_addr);
    gpu_kernel_source src = script_source(&s);
    gpu_core *c = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_core_new(&c, p, &err), HAMM_OK);
    assert_int_equal(gpu_core_launch(c, &src, 0, &err), HAMM_OK);
    gpu_packet pend[PENDING];
    uint64_t due[PENDING];
    uint32_t n = 0;
    at[0] = at[1] = 0;
    for (uint64_t now = 0; now < 300; now++) {
        for (uint32_t i = 0; i < n;)
            if (due[i] <= now) {
                gpu_core_reply(c, &pend[i], now);
                pend[i] = pend[--n];
                due[i] = due[n];
            } else {
                i++;
            }
        assert_int_equal(gpu_core_cycle(c, now, &err), HAMM_OK);
        for (gpu_packet pk; gpu_core_out_peek(c, &pk) && n < PENDING; n++) {
            gpu_core_out_pop(c);
            pend[n] = pk;
            due[n] = now + MEMORY_LATENCY;
        }
        uint64_t alus = gpu_core_stats_of(c)->warp_insts[GPU_OP_ALU];
        if (alus && alus <= 2 && !at[alus - 1])
            at[alus - 1] = now;
    }
    gpu_core_free(c);
}

/* A hit's data is ready l1_latency (20) after its own pass.  Load 5 issues at 0.
 * Unbanked and 4 low-order banks: its four misses leave at 1, 2, 3, 4 and are back at
 * 101..104, so ALU 6 issues at 104, load 7 at 105; its four hits go at 106..109 and the
 * last is ready at 129, when ALU 8 issues.  XOR: the misses all leave at 1 and are back
 * at 101: ALU 6 at 101, load 7 at 102, its hits all at 103, ready at 123. */
static void hits_ready_after_their_pass(void **state)
{
    (void)state;
    gpu_core_params p = core_params();
    uint64_t at[2];
    alu_cycles(&p, at);
    assert_int_equal(at[0], 104);
    assert_int_equal(at[1], 129);
    p.l1_banks = banks(4, 128, "low-order");
    alu_cycles(&p, at);
    assert_int_equal(at[0], 104);
    assert_int_equal(at[1], 129);
    p.l1_banks = banks(4, 128, "xor");
    alu_cycles(&p, at);
    assert_int_equal(at[0], 101);
    assert_int_equal(at[1], 123);
}

static void core_rejects_bad_banks(void **state)
{
    (void)state;
    gpu_core_params p = core_params();
    p.l1_banks = (gpu_l1bank_params){.banks = 4, .bank_bytes = 32}; /* no scheme */
    gpu_core *c = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_core_new(&c, &p, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "l1.banks");
    assert_null(c);
}

/* ---- the model file ---------------------------------------------------------------- */

#define HEAD "{\"schema\": \"hamm-gpu-model/1\", \"name\": \"x\", \"cores\": 1, " \
             "\"clocks\": {\"core_mhz\": 1, \"icnt_mhz\": 1, \"l2_mhz\": 1}, " \
             "\"core\": {\"max_threads\": 64, \"max_ctas\": 1, \"registers\": 64, " \
             "\"shared_memory_bytes\": 0, \"simd_width\": 8, \"max_inflight\": 1}, "
#define L1(fields) "\"l1\": {\"sets\": 32" fields "}}"

static hamm_status load(const char *text, gpu_model *m, hamm_error *err)
{
    char path[sizeof GPU_MODEL_TEXT_PATH];
    return gpu_model_load_text(text, m, err, path);
}

static void bad(const char *text, const char *field, const char *says)
{
    gpu_model m;
    hamm_error err = {0};
    assert_int_equal(load(text, &m, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, field);
    if (!strstr(err.text, says))
        fail_msg("'%s' does not say '%s'", err.text, says);
}

static gpu_core_params params_of(const gpu_model *m)
{
    hamm_system_config mem;
    gpu_params p;
    hamm_error err = {0};
    assert_int_equal(hamm_config_load(&mem, HAMM_SOURCE_ROOT "/models/system/gtx480.json", NULL,
                                      0, &err), HAMM_OK);
    assert_int_equal(gpu_model_params(m, &mem, &p, &err), HAMM_OK);
    return p.core;
}

/* Absent fields: one bank (not banked: the engine's parameters stay zero, today's L1),
 * 32-byte interleave, low-order.  Given: 4 XOR banks of 128 bytes reach the core. */
static void model_defaults_and_fields(void **state)
{
    (void)state;
    gpu_model m;
    hamm_error err = {0};
    assert_int_equal(gpu_model_load(&m, HAMM_SOURCE_ROOT "/models/gpu/gtx480.json", &err),
                     HAMM_OK);
    assert_int_equal(m.l1.banks, 1);
    assert_int_equal(m.l1.bank_bytes, 32);
    assert_string_equal(m.l1.bank_scheme, "low-order");
    gpu_core_params c = params_of(&m);
    assert_int_equal(c.l1_banks.banks, 0);
    assert_int_equal(load(HEAD L1(", \"banks\": 4, \"bank_bytes\": 128, \"bank_scheme\": "
                                  "\"xor\""), &m, &err), HAMM_OK);
    c = params_of(&m);
    assert_int_equal(c.l1_banks.banks, 4);
    assert_int_equal(c.l1_banks.bank_bytes, 128);
    assert_int_equal(c.l1_banks.scheme.kind, HAMM_BANKED_XOR);
    assert_int_equal(c.l1_banks.scheme.modules, 4);
    assert_int_equal(c.l1_banks.scheme.s, 2); /* xor's family: log2 of the banks */
    /* low-order takes any bank count (a bank is word mod banks) */
    assert_int_equal(load(HEAD L1(", \"banks\": 3"), &m, &err), HAMM_OK);
}

/* Each bad value names its field. */
static void bad_fields(void **state)
{
    (void)state;
    bad(HEAD L1(", \"banks\": 0"), "l1.banks", "");
    bad(HEAD L1(", \"banks\": 65"), "l1.banks", "");
    bad(HEAD L1(", \"banks\": 3, \"bank_scheme\": \"xor\""), "l1.banks", "power-of-two");
    bad(HEAD L1(", \"banks\": 4, \"bank_scheme\": \"zigzag\""), "l1.bank_scheme",
        "unknown scheme");
    bad(HEAD L1(", \"banks\": 4, \"bank_scheme\": \"xor:t=1\""), "l1.bank_scheme",
        "unknown parameter");
    bad(HEAD L1(", \"bank_bytes\": 24"), "l1.bank_bytes", "");
    bad(HEAD L1(", \"banks\": 64, \"bank_scheme\": \"prime\""), "l1.bank_scheme", "67 modules");
    bad(HEAD "\"l2\": {\"sets\": 4, \"banks\": 2}}", "l2.banks", "L1 only");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(degree_four_then_xor),
        cmocka_unit_test(sectors_spread_over_banks),
        cmocka_unit_test(core_degree_four_takes_four_cycles),
        cmocka_unit_test(hits_ready_after_their_pass),
        cmocka_unit_test(core_rejects_bad_banks),
        cmocka_unit_test(model_defaults_and_fields),
        cmocka_unit_test(bad_fields),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
