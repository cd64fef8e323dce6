/* test_gpu_granularity.c - adaptive DRAM access granularity (docs/GRANULARITY.md): Alg. 6.1
 * case by case, the interleaving granularity of address maps, the pattern analyzer of
 * kernel descriptions, horizontal locality counts on a hand-made arrival sequence, the
 * model file's checks, and the issue's hand-built case: two cores whose warps read
 * neighbouring 32-byte pieces of two rows of one bank, interleaved at the channel. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "gpu/gpu.h"
#include "gpu/gpu_internal.h"
#include "gpu/gpu_model.h"
#include "gpu_model_text.h"
#include "gpu/granularity.h"
#include "gpu/horizontal.h"
#include "gpu_script.h"
#include "hamm/config.h"
#include "hamm/workload.h"
#include "workload/source.h"

/* ---- Alg. 6.1 ------------------------------------------------------------------- */

static void schedule_cases(void **state)
{
    (void)state;
    gpu_gran_params r = {.adaptive = 1, .min_bytes = 32, .max_bytes = 256};
    gpu_access_pattern unit = {.e = 4, .d = 1024, .data_size = 4};
    /* blockDim.x 256, 4-byte words: 1024 contiguous bytes, capped at 256 (lines 8-9) */
    assert_int_equal(gpu_gran_schedule(&unit, 256, &r), 256);
    /* the thesis' example: blockDim.x 4, e 4, d 16: 16 bytes, raised to 32 (lines 10-11) */
    gpu_access_pattern ex = {.e = 4, .d = 16, .data_size = 4};
    assert_int_equal(gpu_gran_schedule(&ex, 4, &r), 32);
    /* blockDim.x 16: 64 bytes (line 13); 24: 96 bytes, rounded down to 64 */
    gpu_access_pattern p16 = {.e = 4, .d = 64, .data_size = 4};
    assert_int_equal(gpu_gran_schedule(&p16, 16, &r), 64);
    gpu_access_pattern p24 = {.e = 4, .d = 96, .data_size = 4};
    assert_int_equal(gpu_gran_schedule(&p24, 24, &r), 64);
    /* line 6: a stride of two words, CTAs not contiguous, no pattern at all */
    gpu_access_pattern strided = {.e = 8, .d = 2048, .data_size = 4};
    assert_int_equal(gpu_gran_schedule(&strided, 256, &r), 32);
    gpu_access_pattern apart = {.e = 4, .d = 4096, .data_size = 4};
    assert_int_equal(gpu_gran_schedule(&apart, 256, &r), 32);
    assert_int_equal(gpu_gran_schedule(NULL, 256, &r), 32);
    /* any_cta_stride drops only the d test */
    r.any_cta_stride = 1;
    assert_int_equal(gpu_gran_schedule(&apart, 256, &r), 256);
    assert_int_equal(gpu_gran_schedule(&strided, 256, &r), 32);
}

/* ---- the interleaving granularity of a map --------------------------------------- */

static uint32_t interleave_of(const char *system, const char *const *sets, size_t nsets)
{
    hamm_system_config c;
    hamm_addrmap *map = NULL;
    hamm_error err = {0};
    if (hamm_config_load(&c, system, sets, nsets, &err) || hamm_config_addrmap(&c, &map, &err))
        fail_msg("%s", err.text);
    uint32_t g = gpu_gran_interleave(map);
    hamm_addrmap_free(map);
    return g;
}

static void interleave_of_maps(void **state)
{
    (void)state;
    /* dramid@8: the channel changes at bit 8 */
    assert_int_equal(interleave_of(HAMM_SOURCE_ROOT "/models/system/yuan09-baseline.json",
                                   NULL, 0), 256);
    assert_int_equal(interleave_of(HAMM_SOURCE_ROOT "/models/system/gou-ch6.json", NULL, 0),
                     256);
    /* one channel, row:bank:column: a 4 KB row (512 columns of 2 chips x 4 bytes) */
    const char *sets[] = {"channels=1", "address_map=row:bank:column"};
    assert_int_equal(interleave_of(HAMM_SOURCE_ROOT "/models/system/yuan09-baseline.json",
                                   sets, 2), 4096);
}

/* ---- the analyzer ---------------------------------------------------------------- */

static const char WL[] =
    "{\"format\": \"hamm-workload/1\", \"name\": \"p\", \"params\": {\"N\": 4096},"
    " \"arrays\": {\"a\": {\"base\": 0, \"elem\": 4, \"count\": 65536},"
    "              \"b\": {\"base\": 0, \"elem\": 8, \"count\": 65536}},"
    " \"kernels\": [{\"name\": \"k\", \"grid\": 4, \"block\": 64, \"body\": ["
    "  {\"load\": \"a\", \"index\": \"ctaid.x * ntid.x + tid.x\", \"dst\": \"r\"},"
    "  {\"load\": \"a\", \"index\": \"2 * tid.x + ctaid.x * 128\", \"dst\": \"s\"},"
    "  {\"load\": \"a\", \"index\": \"tid.x % 16\", \"dst\": \"t\"},"
    "  {\"load\": \"a\", \"index\": {\"random\": \"uniform\", \"max\": 100}, \"dst\": \"u\"},"
    "  {\"loop\": \"i\", \"count\": 2, \"body\": ["
    "    {\"load\": \"b\", \"index\": \"i * N + ctaid.x * 64 + tid.x\", \"dst\": \"v\"}]},"
    "  {\"load\": \"a\", \"index\": \"ctaid.x * ntid.x + tid.x * (1 + ctaid.y)\", \"dst\": \"w\"},"
    "  {\"alu\": 1, \"src\": [\"r\", \"s\", \"t\", \"u\"], \"dst\": \"x\"},"
    "  {\"alu\": 1, \"src\": [\"v\", \"w\", \"x\"], \"dst\": \"y\"}]}]}";

static void analyzer_patterns(void **state)
{
    (void)state;
    hamm_workload *wl = NULL;
    hamm_error err = {0};
    if (hamm_workload_parse(WL, strlen(WL), "p.json", &wl, &err))
        fail_msg("%s", err.text);
    gpu_kernel_source src;
    workload_source(wl, 0, &src);
    gpu_access_pattern p;
    /* instructions are 8 apart: loads at 0, 8, 16, 24, 32 (in the loop), 40 */
    assert_int_equal(src.pattern(src.self, 0, &p), 1);
    assert_int_equal(p.e, 4);
    assert_int_equal(p.d, 256); /* 64 threads x 4 bytes */
    assert_int_equal(p.data_size, 4);
    assert_int_equal(src.pattern(src.self, 8, &p), 1); /* affine, stride 2: line 6 says no */
    assert_int_equal(p.e, 8);
    assert_int_equal(p.d, 512);
    assert_int_equal(src.pattern(src.self, 16, &p), 0); /* tid.x % 16: not affine */
    assert_int_equal(src.pattern(src.self, 24, &p), 0); /* a random draw */
    assert_int_equal(src.pattern(src.self, 32, &p), 1); /* the loop counter moves f only */
    assert_int_equal(p.e, 8);
    assert_int_equal(p.d, 512);
    assert_int_equal(p.data_size, 8);
    assert_int_equal(src.pattern(src.self, 40, &p), 0); /* e depends on ctaid.y */
    assert_int_equal(src.pattern(src.self, 48, &p), 0); /* an ALU instruction */
    hamm_workload_free(wl);
}

/* ---- horizontal locality counts -------------------------------------------------- */

static void horizontal_counts(void **state)
{
    (void)state;
    gpu_horizontal h;
    assert_true(gpu_horizontal_init(&h, 1, 2));
    gpu_horizontal_see(&h, 0, 0, 5, 0, 32); /* first visit of row 5 */
    gpu_horizontal_see(&h, 0, 0, 5, 1, 32); /* follower, from another core */
    gpu_horizontal_see(&h, 0, 0, 7, 0, 32); /* first visit of row 7 */
    gpu_horizontal_see(&h, 0, 0, 5, 1, 32); /* back to 5, whose run ended with core 1 */
    gpu_horizontal_see(&h, 0, 0, 7, 0, 32); /* back to 7, whose run ended with core 0 */
    gpu_horizontal_see(&h, 0, 0, 5, 0, 64); /* back to 5 (core 1's) from core 0; 2 pieces */
    gpu_horizontal_see(&h, 0, 1, 5, 0, 32); /* another bank: a first visit */
    assert_int_equal(h.st.pieces, 8);
    assert_int_equal(h.st.followers, 2); /* the second arrival and the 64-byte one's 2nd piece */
    assert_int_equal(h.st.followers_other_core, 1);
    assert_int_equal(h.st.interleaved, 3);
    assert_int_equal(h.st.interleaved_other_core, 1);
    gpu_horizontal_free(&h);
    /* a return is looked for HORIZ_DEPTH (3) runs back: rows 1 2 3 4 1 return, 1 2 3 4 5 1
     * does not */
    assert_true(gpu_horizontal_init(&h, 1, 1));
    const uint32_t near[] = {1, 2, 3, 4, 1}, far[] = {11, 12, 13, 14, 15, 11};
    for (size_t i = 0; i < 5; i++)
        gpu_horizontal_see(&h, 0, 0, near[i], 0, 32);
    assert_int_equal(h.st.interleaved, 1);
    for (size_t i = 0; i < 6; i++)
        gpu_horizontal_see(&h, 0, 0, far[i], 0, 32);
    assert_int_equal(h.st.interleaved, 1);
    gpu_horizontal_free(&h);
}

/* ---- the model file -------------------------------------------------------------- */

#define HEAD "{\"schema\": \"hamm-gpu-model/1\", \"name\": \"x\", \"cores\": 1, " \
             "\"clocks\": {\"core_mhz\": 1, \"icnt_mhz\": 1, \"l2_mhz\": 1}, "            \
             "\"core\": {\"max_threads\": 64, \"max_ctas\": 1, \"registers\": 64, "       \
             "\"shared_memory_bytes\": 0, \"simd_width\": 8, \"max_inflight\": 1}"

static void bad_models(void **state)
{
    (void)state;
    bad_model(HEAD ", \"granularity\": {\"adaptive\": \"yes\"}}", "granularity.adaptive");
    bad_model(HEAD ", \"granularity\": {\"adaptive\": true, \"min_bytes\": 16}}",
              "granularity.min_bytes");
    bad_model(HEAD ", \"granularity\": {\"adaptive\": true, \"min_bytes\": 48}}",
              "granularity.min_bytes");
    bad_model(HEAD ", \"granularity\": {\"adaptive\": true, \"max_bytes\": 100}}",
              "granularity.max_bytes");
    bad_model(HEAD ", \"granularity\": {\"adaptive\": true, \"min_bytes\": 64, "
                   "\"max_bytes\": 32}}", "granularity.max_bytes");
    bad_model(HEAD ", \"granularity\": {\"adaptive\": true, \"size\": 64}}",
              "granularity.size");
    bad_model(HEAD ", \"l1\": {\"sets\": 4}, \"granularity\": {\"adaptive\": true}}",
              "granularity.adaptive");
    bad_model(HEAD ", \"l2\": {\"sets\": 4}, \"granularity\": {\"adaptive\": true}}",
              "granularity.adaptive");
}

/* ---- two cores, interleaved at one channel -------------------------------------- */

typedef struct rig {
    gpu_params p;
    hamm_addrmap *map;
    gpu *g;
} rig;

/* The Yuan baseline's GDDR3 as one channel mapped row:bank:column (a 4 KB row, 16 KB a
 * row of all 4 banks), in-order FCFS; two cores of one scheduler, the sector rule (32-byte
 * requests) and no caches; crossbars of 32-byte flits, one a cycle. */
static void rig_init(rig *r, int adaptive, int any_stride, uint32_t max_bytes)
{
    const char *sets[] = {"channels=1", "address_map=row:bank:column", "scheduler=fcfs"};
    hamm_error err = {0};
    gpu_params *p = &r->p;
    *p = (gpu_params){.cores = 2, .core_mhz = 800, .icnt_mhz = 800, .l2_mhz = 800,
                      .ctrl_bytes = 8, .stall_limit = 100000};
    if (hamm_config_load(&p->dram.cfg, HAMM_SOURCE_ROOT "/models/system/yuan09-baseline.json",
                         sets, 3, &err) != HAMM_OK ||
        hamm_config_addrmap(&p->dram.cfg, &r->map, &err) != HAMM_OK)
        fail_msg("%s", err.text);
    p->core = (gpu_core_params){.max_threads = 1024, .max_ctas = 8, .registers = 32768,
                                .shared_bytes = 16384, .schedulers = 1, .max_inflight = 64,
                                .max_merge = 8, .coalesce = GPU_COALESCE_SECTORS,
                                .shared_banks = 32, .out_queue = 8,
                                .gran = {adaptive, 32, max_bytes, any_stride}};
    for (int op = 0; op < GPU_OP_COUNT; op++)
        p->core.issue_cycles[op] = 4;
    p->request_net = (gpu_icnt_params){.flit_bytes = 32, .flits_per_cycle = 1, .latency = 2,
                                       .input_flits = 64, .output_flits = 64};
    p->reply_net = p->request_net;
    p->partition = (gpu_partition_params){.reply_queue = 2, .return_slots = 16, .held = 64};
    r->g = NULL;
}

/* CTA k (on core k) reads 256 bytes of row k of bank 0 (16 KB apart): warp w lane l the
 * word at k * 16384 + 128 w + 4 l, two warps of 32 lanes, 4 sectors a warp. */
static uint64_t two_rows(uint64_t cta, uint32_t wi, uint32_t lane, uint32_t pc)
{
    (void)pc;
    return cta * 16384 + 128 * (uint64_t)wi + 4 * (uint64_t)lane;
}

/* What the analyzer would say of it: e = 4 bytes, d = 16384, 4-byte words. */
static int two_rows_pattern(void *self, uint64_t pc, gpu_access_pattern *out)
{
    (void)self, (void)pc;
    *out = (gpu_access_pattern){.e = 4, .d = 16384, .data_size = 4};
    return 1;
}

/* The same bytes with the warps swapped: warp 0 reads the upper 128 bytes, so the first
 * request a core sends is for the middle of its hyper block. */
static uint64_t two_rows_swapped(uint64_t cta, uint32_t wi, uint32_t lane, uint32_t pc)
{
    return two_rows(cta, 1 - wi, lane, pc);
}

static void run_two_cores_with(rig *r, addr_fn a)
{
    hamm_error err = {0};
    if (gpu_new(&r->g, &r->p, r->map, &err) != HAMM_OK)
        fail_msg("%s", err.text);
    static const gpu_inst prog[] = {LD(5), ALU(6, 5)};
    script s = script_make(64, prog, 2, a);
    s.info.grid[0] = 2;
    gpu_kernel_source src = script_source(&s);
    src.pattern = two_rows_pattern;
    assert_int_equal(gpu_run_kernel(r->g, &src, &err), HAMM_OK);
    gpu_finish(r->g);
}

static void run_two_cores(rig *r)
{
    run_two_cores_with(r, two_rows);
}

static void rig_free(rig *r)
{
    gpu_free(r->g);
    hamm_addrmap_free(r->map);
}

/* Without the scheme each core sends its 8 sectors as 8 requests; the crossbar's single
 * output takes one a cycle, alternating between the cores (both always have one
 * waiting), so the channel sees rows 0, 1, 0, 1, ...: 16 requests, and in order (FCFS)
 * every one opens its row: 16 activates, 16 bursts.  Horizontal locality: 16 pieces; the
 * first two are first visits, the other 14 return to the row one run back, each to its
 * own core's run (no follower, none from another core). */
static void expect_interleaved(const rig *r)
{
    const hamm_channel_result *d = hamm_engine_channel(gpu_dram(r->g), 0);
    assert_int_equal(d->stat[HAMM_STAT_requests], 16);
    assert_int_equal(d->stat[HAMM_STAT_activates], 16);
    assert_int_equal(d->stat[HAMM_STAT_read_bursts], 16);
    const gpu_horizontal_stats *h = &r->g->horizontal.st;
    assert_int_equal(h->pieces, 16);
    assert_int_equal(h->followers, 0);
    assert_int_equal(h->interleaved, 14);
    assert_int_equal(h->interleaved_other_core, 0);
    for (uint32_t i = 0; i < 2; i++) {
        const gpu_core_stats *c = gpu_core_stats_of(gpu_core_at(r->g, i));
        assert_int_equal(c->requests, 8);
        assert_int_equal(c->hyper_requests, 0);
        assert_int_equal(c->merged, 0);
    }
}

static void two_cores_interleaved_baseline(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, 0, 0, 0);
    run_two_cores(&r);
    expect_interleaved(&r);
    rig_free(&r);
}

/* With it (blockDim.x 64 x 4 bytes = 256, under the map's 4 KB): each core's first sector
 * misses and goes out as its whole aligned 256-byte hyper block; the other 3 sectors of
 * warp 0 and the 4 of warp 1 are covered and merge (7 a core).  The channel sees 2
 * requests of 8 bursts, one a row: 2 activates, 16 bursts; 16 pieces, of which 14 follow
 * their request's first, and nothing interleaves. */
static void two_cores_interleaved_adaptive(void **state)
{
    rig r;
    rig_init(&r, 1, 1, 0);
    run_two_cores_with(&r, *(const addr_fn *)*state);
    const hamm_channel_result *d = hamm_engine_channel(gpu_dram(r.g), 0);
    assert_int_equal(d->stat[HAMM_STAT_requests], 2);
    assert_int_equal(d->stat[HAMM_STAT_activates], 2);
    assert_int_equal(d->stat[HAMM_STAT_read_bursts], 16);
    const gpu_horizontal_stats *h = &r.g->horizontal.st;
    assert_int_equal(h->pieces, 16);
    assert_int_equal(h->followers, 14);
    assert_int_equal(h->followers_other_core, 0);
    assert_int_equal(h->interleaved, 0);
    for (uint32_t i = 0; i < 2; i++) {
        const gpu_core_stats *c = gpu_core_stats_of(gpu_core_at(r.g, i));
        assert_int_equal(c->requests, 1);
        assert_int_equal(c->hyper_requests, 1);
        assert_int_equal(c->merged, 7);
        assert_int_equal(c->hyper_merged, 7);
        assert_int_equal(c->loads_returned, 1);
    }
    assert_int_equal(r.g->p.core.gran.max_bytes, 4096); /* taken from the map */
    rig_free(&r);
}

/* The hyper block is aligned to its size: with the warps swapped the first request is
 * for bytes 128..159 of a core's 256, and its block is still bytes 0..255, which covers
 * the other warp's sectors too: the same counts. */
static const addr_fn straight = two_rows, swapped = two_rows_swapped;

/* Alg. 6.1 as printed wants d = blockDim.x * e = 256; here d is 16384, so every load
 * keeps the minimal granularity and the run is the baseline's. */
static void two_cores_interleaved_strict_rule(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, 1, 0, 0);
    run_two_cores(&r);
    expect_interleaved(&r);
    rig_free(&r);
}

/* A largest hyper block the map cannot keep in one row of one channel is refused. */
static void max_bytes_beyond_the_map(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, 1, 0, 8192);
    hamm_error err = {0};
    assert_int_equal(gpu_new(&r.g, &r.p, r.map, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "granularity.max_bytes");
    rig_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(schedule_cases),
        cmocka_unit_test(interleave_of_maps),
        cmocka_unit_test(analyzer_patterns),
        cmocka_unit_test(horizontal_counts),
        cmocka_unit_test(bad_models),
        cmocka_unit_test(two_cores_interleaved_baseline),
        cmocka_unit_test_prestate(two_cores_interleaved_adaptive, (void *)&straight),
        cmocka_unit_test_prestate(two_cores_interleaved_adaptive, (void *)&swapped),
        cmocka_unit_test(two_cores_interleaved_strict_rule),
        cmocka_unit_test(max_bytes_beyond_the_map),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
