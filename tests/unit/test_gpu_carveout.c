/* test_gpu_carveout.c - the unified L1 / shared memory carveout (carveout.h) and the
 * caches' allocation on fill (cache.h), on cases derived by hand from GPGPU-Sim's rules:
 * the L1's ways at a kernel's launch, a resize keeping each set's most recent lines, a
 * streaming L1's miss that takes no line, and the model keys' checks. */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gpu/carveout.h"
#include "gpu/gpu.h"
#include "gpu/gpu_model.h"
#include "gpu_cache_helpers.h"
#include "gpu_script.h"
#include "hamm/config.h"

/* SM86_RTX3070's core: 1536 threads, 32 CTAs, 65536 registers, 100 KiB of shared memory
 * (-gpgpu_shmem_size 102400); its L1 S:4:128:256 in a 128 KiB unified array with the
 * carveouts 0, 8, 16, 32, 64 and 100 KiB (-gpgpu_shmem_option). */
static gpu_core_params rtx3070_core(void)
{
    return (gpu_core_params){.max_threads = 1536, .max_ctas = 32, .registers = 65536,
                             .shared_bytes = 102400, .has_l1 = 1,
                             .l1 = {.sets = 4, .ways = 256, .line_bytes = 128,
                                    .sector_bytes = 32, .write_policy = GPU_WRITE_THROUGH,
                                    .mshr_entries = 384, .mshr_max_merge = 48,
                                    .miss_queue_size = 16, .max_ways = 256}};
}

static gpu_carveout_params rtx3070_carveout(void)
{
    gpu_carveout_params cv = {.unified_bytes = 131072};
    hamm_error err = {0};
    assert_int_equal(gpu_carveout_parse("100,0,8,16,32,64", &cv, &err), HAMM_OK);
    for (uint32_t i = 0; i < cv.count; i++)
        cv.options[i] *= 1024; /* parsed in any order, sorted; KiB here for brevity */
    return cv;
}

static gpu_kernel_info kernel(uint32_t ctas, uint32_t threads, uint32_t regs, uint32_t shared)
{
    return (gpu_kernel_info){.grid = {ctas, 1, 1}, .block = {threads, 1, 1},
                             .regs_per_thread = regs, .shared_per_cta = shared};
}

/* A kernel of 256-thread CTAs, 32 registers a thread and 48 KiB of shared memory each, on
 * 46 cores with plenty of CTAs: threads allow 1536 / 256 = 6 CTAs a core, registers
 * 65536 / (32 x 256) = 8, shared memory 102400 / 49152 = 2: two CTAs, 96 KiB.  The first
 * carveout holding 96 KiB is 100 KiB; the L1 keeps 128 - 100 = 28 KiB = 28672 / (4 sets x
 * 128 bytes) = 56 ways.  Without shared memory the L1 has the whole array: 256 ways
 * (128 KiB); the kernel allocates as its cache says (on miss here). */
static void rtx3070_ways(void **state)
{
    (void)state;
    gpu_core_params p = rtx3070_core();
    gpu_carveout_params cv = rtx3070_carveout();
    assert_int_equal(cv.options[0], 0);
    assert_int_equal(cv.options[5], 102400);
    gpu_kernel_info k = kernel(1000, 256, 32, 49152);
    assert_int_equal(gpu_carveout_ctas(&p, &k, 46), 2);
    uint32_t ways;
    gpu_alloc_policy alloc;
    gpu_carveout_l1(&cv, &p, &k, 46, &ways, &alloc);
    assert_int_equal(ways, 56);
    assert_int_equal(alloc, GPU_ALLOC_ON_MISS);
    k.shared_per_cta = 0;
    gpu_carveout_l1(&cv, &p, &k, 46, &ways, &alloc);
    assert_int_equal(ways, 256);
}

/* A small grid spreads over the cores (GPGPU-Sim's max_cta): 46 CTAs of 5 KiB on 46 cores
 * are one a core, 5 KiB -> the 8 KiB carveout -> 120 KiB of L1 = 240 ways; 92 CTAs are
 * two a core, 10 KiB -> 16 KiB -> 112 KiB = 224 ways.  A streaming L1 allocates on fill
 * when the kernel takes shared memory, on miss when it takes none. */
static void small_grid_and_streaming(void **state)
{
    (void)state;
    gpu_core_params p = rtx3070_core();
    p.l1.alloc = GPU_ALLOC_ON_FILL;
    gpu_carveout_params cv = rtx3070_carveout();
    cv.streaming = 1;
    uint32_t ways;
    gpu_alloc_policy alloc;
    gpu_kernel_info k = kernel(46, 128, 16, 5120);
    gpu_carveout_l1(&cv, &p, &k, 46, &ways, &alloc);
    assert_int_equal(ways, 240);
    assert_int_equal(alloc, GPU_ALLOC_ON_FILL);
    k.grid[0] = 92;
    gpu_carveout_l1(&cv, &p, &k, 46, &ways, &alloc);
    assert_int_equal(ways, 224);
    k.shared_per_cta = 0;
    gpu_carveout_l1(&cv, &p, &k, 46, &ways, &alloc);
    assert_int_equal(ways, 256);
    assert_int_equal(alloc, GPU_ALLOC_ON_MISS);
}

/* Ways to the nearest, halves up (GPGPU-Sim's + 0.5 before truncation): sets of 512
 * bytes; a carveout of 256 bytes leaves 130816 bytes = 255.5 ways -> 256; of 257 bytes,
 * 255.498 -> 255.  A carveout larger than every option is given the largest. */
static void rounding(void **state)
{
    (void)state;
    gpu_carveout_params cv = {.unified_bytes = 131072};
    assert_int_equal(gpu_carveout_ways(&cv, 4, 128, 256), 256);
    assert_int_equal(gpu_carveout_ways(&cv, 4, 128, 257), 255);
    cv = rtx3070_carveout();
    assert_int_equal(gpu_carveout_pick(&cv, 200000), 102400);
    assert_int_equal(gpu_carveout_pick(&cv, 8193), 16384);
    hamm_error err = {0};
    assert_int_equal(gpu_carveout_parse("0,,8", &cv, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "shared_carveouts");
}

/* One set of four ways: lines 0..3 (addresses 0, 0x80, 0x100, 0x180) filled in order,
 * then line 0 read again: recency 1, 0, 3, 2 ... oldest is line 1.  Down to two ways the
 * set keeps the two most recent, lines 0 and 3; lines 1 and 2 miss.  Back up to four
 * ways it keeps them, and two new lines take the empty ways without evicting either. */
static void resize_keeps_recent(void **state)
{
    (void)state;
    gpu_cache *c = make((gpu_cache_params){.sets = 1, .ways = 4, .line_bytes = 128,
                                           .sector_bytes = 128,
                                           .write_policy = GPU_WRITE_THROUGH,
                                           .mshr_entries = 4, .mshr_max_merge = 4,
                                           .miss_queue_size = 8, .max_ways = 8});
    for (uint64_t a = 0; a < 0x200; a += 0x80) {
        assert_int_equal(gpu_cache_access(c, a, 1, 0, 0), GPU_CACHE_MISS);
        serve_all(c);
    }
    assert_int_equal(gpu_cache_access(c, 0, 1, 0, 0), GPU_CACHE_HIT);
    gpu_cache_set_ways(c, 2);
    assert_int_equal(gpu_cache_ways(c), 2);
    assert_int_equal(gpu_cache_access(c, 0x180, 1, 0, 0), GPU_CACHE_HIT);
    assert_int_equal(gpu_cache_access(c, 0x000, 1, 0, 0), GPU_CACHE_HIT);
    gpu_cache_set_ways(c, 4);
    assert_int_equal(gpu_cache_access(c, 0x080, 1, 0, 0), GPU_CACHE_MISS);
    assert_int_equal(gpu_cache_access(c, 0x100, 1, 0, 0), GPU_CACHE_MISS);
    serve_all(c);
    assert_int_equal(gpu_cache_access(c, 0x180, 1, 0, 0), GPU_CACHE_HIT);
    assert_int_equal(gpu_cache_access(c, 0x000, 1, 0, 0), GPU_CACHE_HIT);
    gpu_cache_set_ways(c, 9); /* beyond max_ways: refused, nothing changes */
    assert_int_equal(gpu_cache_ways(c), 4);
    gpu_cache_free(c);
}

/* A streaming (on-fill) L1 of one set of one way, sectors of 32 bytes.  Line A (0x000)
 * is valid.  A read of line B (0x400) misses and sends its fetch, but takes no line: A
 * still hits.  A second read of B's sector merges into the fetch and counts as a miss (no
 * line holds it), not hit-reserved; a read of C (0x800) misses too where an on-miss cache
 * would find its only way reserved.  B's fill takes the way (A evicted: it misses now);
 * C's fill then takes it from B. */
static void streaming_miss_takes_no_line(void **state)
{
    (void)state;
    gpu_cache *c = make((gpu_cache_params){.sets = 1, .ways = 1, .line_bytes = 128,
                                           .sector_bytes = 32,
                                           .write_policy = GPU_WRITE_THROUGH,
                                           .mshr_entries = 8, .mshr_max_merge = 4,
                                           .miss_queue_size = 8,
                                           .alloc = GPU_ALLOC_ON_FILL});
    assert_int_equal(gpu_cache_access(c, 0x000, 1, 0, 1), GPU_CACHE_MISS);
    serve_all(c);
    assert_int_equal(gpu_cache_access(c, 0x000, 1, 0, 2), GPU_CACHE_HIT);
    assert_int_equal(gpu_cache_access(c, 0x400, 1, 0, 3), GPU_CACHE_MISS);
    assert_int_equal(gpu_cache_access(c, 0x000, 1, 0, 4), GPU_CACHE_HIT);
    assert_int_equal(gpu_cache_access(c, 0x400, 1, 0, 5), GPU_CACHE_HIT_RESERVED);
    assert_int_equal(gpu_cache_access(c, 0x800, 1, 0, 6), GPU_CACHE_MISS);
    uint32_t ids[4];
    assert_int_equal(gpu_cache_fill(c, 0x400, ids, 4), 2);
    assert_int_equal(ids[0], 3);
    assert_int_equal(ids[1], 5);
    assert_int_equal(gpu_cache_access(c, 0x400, 1, 0, 7), GPU_CACHE_HIT);
    assert_int_equal(gpu_cache_fill(c, 0x800, ids, 4), 1);
    assert_int_equal(gpu_cache_access(c, 0x800, 1, 0, 8), GPU_CACHE_HIT);
    assert_int_equal(gpu_cache_access(c, 0x000, 1, 0, 9), GPU_CACHE_MISS);
    const gpu_cache_stats *s = gpu_cache_stats_of(c);
    assert_int_equal(s->misses[0], 5); /* 0x000 twice, 0x400 twice, 0x800 */
    assert_int_equal(s->hit_reserved, 0);
    assert_int_equal(s->hits[0], 4);
    assert_int_equal(s->fails[GPU_FAIL_LINE_ALLOC], 0);
    gpu_cache_free(c);
}

/* The same sequence on miss: B reserves the only way (A evicted at once), and C fails
 * for want of a line. */
static void on_miss_reserves(void **state)
{
    (void)state;
    gpu_cache *c = make((gpu_cache_params){.sets = 1, .ways = 1, .line_bytes = 128,
                                           .sector_bytes = 32,
                                           .write_policy = GPU_WRITE_THROUGH,
                                           .mshr_entries = 8, .mshr_max_merge = 4,
                                           .miss_queue_size = 8});
    assert_int_equal(gpu_cache_access(c, 0x000, 1, 0, 1), GPU_CACHE_MISS);
    serve_all(c);
    assert_int_equal(gpu_cache_access(c, 0x400, 1, 0, 3), GPU_CACHE_MISS);
    assert_int_equal(gpu_cache_access(c, 0x400, 1, 0, 5), GPU_CACHE_HIT_RESERVED);
    assert_int_equal(gpu_cache_access(c, 0x800, 1, 0, 6), GPU_CACHE_FAIL);
    assert_int_equal(gpu_cache_last_fail(c), GPU_FAIL_LINE_ALLOC);
    assert_int_equal(gpu_cache_stats_of(c)->hit_reserved, 1);
    gpu_cache_free(c);
}

/* On fill needs write-through without write allocation; a resizable cache write-through. */
static void alloc_checks(void **state)
{
    (void)state;
    gpu_cache_params p = {.sets = 1, .ways = 1, .line_bytes = 128, .sector_bytes = 32,
                          .write_policy = GPU_WRITE_BACK, .mshr_entries = 8,
                          .mshr_max_merge = 4, .miss_queue_size = 8,
                          .alloc = GPU_ALLOC_ON_FILL};
    gpu_cache *c = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_cache_new(&c, &p, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "allocate");
    p.write_policy = GPU_WRITE_THROUGH;
    p.write_allocate = 1;
    assert_int_equal(gpu_cache_new(&c, &p, &err), HAMM_ERR_CONFIG);
    p = (gpu_cache_params){.sets = 1, .ways = 2, .line_bytes = 128, .sector_bytes = 32,
                           .write_policy = GPU_WRITE_BACK, .mshr_entries = 8,
                           .mshr_max_merge = 4, .miss_queue_size = 8, .max_ways = 4};
    hamm_error_clear(&err);
    assert_int_equal(gpu_cache_new(&c, &p, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "write_policy");
    p.write_policy = GPU_WRITE_THROUGH;
    p.max_ways = 1;
    hamm_error_clear(&err);
    assert_int_equal(gpu_cache_new(&c, &p, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "max_ways");
    assert_null(c);
}

/* A GPU model whose L1 and core take the given extra keys (JSON members). */
static hamm_status model(const char *l1_extra, const char *core_extra, gpu_model *m,
                         hamm_error *err)
{
    char text[2048];
    snprintf(text, sizeof text,
             "{\"schema\": \"hamm-gpu-model/1\", \"name\": \"t\", \"cores\": 2,"
             " \"clocks\": {\"core_mhz\": 1000, \"icnt_mhz\": 1000, \"l2_mhz\": 1000},"
             " \"core\": {\"max_threads\": 1536, \"max_ctas\": 32, \"registers\": 65536,"
             " \"shared_memory_bytes\": 102400, \"simd_width\": 32, \"max_inflight\": 64%s},"
             " \"l1\": {\"sets\": 4, \"ways\": 256, \"write_policy\": \"write-through\","
             " \"write_allocate\": 0, \"mshr_entries\": 64%s}}",
             core_extra, l1_extra);
    json_t *doc = json_loads(text, 0, NULL);
    assert_non_null(doc);
    hamm_status st = gpu_model_from_json(m, doc, "t.json", err);
    json_decref(doc);
    return st;
}

#define CARVEOUTS ", \"shared_carveouts\": \"0,8192,16384,32768,65536,102400\""

/* The model keys: the RTX3070's carveout loads and becomes 256 ways at most; each
 * inconsistent combination is refused naming its key. */
static void model_keys(void **state)
{
    (void)state;
    gpu_model m;
    hamm_error err = {0};
    assert_int_equal(model(", \"unified_bytes\": 131072, \"allocate\": \"streaming\"",
                           CARVEOUTS, &m, &err), HAMM_OK);
    gpu_carveout_params cv;
    gpu_model_carveout(&m, &cv);
    assert_int_equal(cv.unified_bytes, 131072);
    assert_int_equal(cv.count, 6);
    assert_true(cv.streaming);
    static const struct {
        const char *l1, *core, *field;
    } bad[] = {
        {"", CARVEOUTS, "core.shared_carveouts"}, /* no unified array */
        {", \"unified_bytes\": 131072", "", "core.shared_carveouts"},
        {", \"unified_bytes\": 65536", CARVEOUTS, "l1.unified_bytes"}, /* < 256 ways */
        {", \"unified_bytes\": 131200", CARVEOUTS, "l1.unified_bytes"}, /* not whole ways */
        {", \"unified_bytes\": 131072", ", \"shared_carveouts\": \"0,65536\"",
         "core.shared_carveouts"}, /* below shared_memory_bytes */
        {", \"unified_bytes\": 131072", ", \"shared_carveouts\": \"0,131072\"",
         "core.shared_carveouts"}, /* leaves no way */
        {", \"allocate\": \"on-fill\", \"write_allocate\": 1", "", "l1.allocate"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        hamm_error_clear(&err);
        assert_int_equal(model(bad[i].l1, bad[i].core, &m, &err), HAMM_ERR_CONFIG);
        assert_string_equal(err.field, bad[i].field);
    }
}

/* Load k of the kernel below: line k mod 6 (128 bytes each), lane words. */
static uint64_t six_lines(uint64_t cta, uint32_t wi, uint32_t lane, uint32_t pc)
{
    (void)cta, (void)wi;
    return 128 * (uint64_t)(pc % 6) + 4 * (uint64_t)lane;
}

/* One core whose L1 is one set in a unified array of 1024 bytes (8 ways of 128 bytes) with
 * carveouts of 0 and 512 bytes, over the Yuan baseline's channel. */
static gpu *carveout_gpu(hamm_addrmap **map)
{
    const char *sets[] = {"channels=1", "address_map=row:bank:column"};
    hamm_error err = {0};
    gpu_params p = {.cores = 1, .core_mhz = 800, .icnt_mhz = 800, .l2_mhz = 800,
                    .ctrl_bytes = 8, .stall_limit = 100000};
    if (hamm_config_load(&p.dram.cfg, HAMM_SOURCE_ROOT "/models/system/yuan09-baseline.json",
                         sets, 2, &err) != HAMM_OK ||
        hamm_config_addrmap(&p.dram.cfg, map, &err) != HAMM_OK)
        fail_msg("%s", err.text);
    p.core = (gpu_core_params){.max_threads = 1024, .max_ctas = 8, .registers = 32768,
                               .shared_bytes = 512, .schedulers = 1, .max_inflight = 64,
                               .max_merge = 8, .coalesce = GPU_COALESCE_SECTORS,
                               .shared_banks = 32, .out_queue = 8, .has_l1 = 1,
                               .l1 = {.sets = 1, .ways = 8, .line_bytes = 128,
                                      .sector_bytes = 32, .write_policy = GPU_WRITE_THROUGH,
                                      .mshr_entries = 8, .mshr_max_merge = 4,
                                      .miss_queue_size = 8, .max_ways = 8}};
    for (int op = 0; op < GPU_OP_COUNT; op++)
        p.core.issue_cycles[op] = 4;
    p.request_net = (gpu_icnt_params){.flit_bytes = 32, .flits_per_cycle = 1, .latency = 2,
                                      .input_flits = 64, .output_flits = 64};
    p.reply_net = p.request_net;
    p.partition = (gpu_partition_params){.reply_queue = 2, .return_slots = 8, .held = 64};
    p.carveout = (gpu_carveout_params){.unified_bytes = 1024, .options = {0, 512}, .count = 2};
    gpu *g = NULL;
    if (gpu_new(&g, &p, *map, &err) != HAMM_OK)
        fail_msg("%s", err.text);
    return g;
}

/* One warp reads lines 0..5 twice, each load waiting for the one before (so a line is
 * back before it is read again).  The L1's hits after each of three kernels:
 *   no shared memory: 8 ways; the second pass hits all 6 lines: 6;
 *   512 bytes of shared memory: (1024 - 512) / 128 = 4 ways keeping the 4 most recent
 *     lines, 2..5; reading 0..5 in LRU order evicts each line before it comes again: 0;
 *   no shared memory again: 8 ways, the 4 lines 2..5 kept; the first pass hits 2..5, the
 *     second all 6: 10.
 * Without the carveout the second kernel would hit 12 times. */
static void kernels_resize_the_l1(void **state)
{
    (void)state;
    hamm_addrmap *map;
    gpu *g = carveout_gpu(&map);
    gpu_inst prog[12];
    for (int i = 0; i < 12; i++)
        prog[i] = (gpu_inst){.op = GPU_OP_LOAD, .active = 0xFFFFFFFFu, .width = 4,
                             .dst = (uint16_t)(i + 1), .src = {(uint16_t)i}};
    const uint32_t shared[] = {0, 512, 0}, hits_after[] = {6, 6, 16};
    for (int k = 0; k < 3; k++) {
        script s = script_make(32, prog, 12, six_lines);
        s.info.shared_per_cta = shared[k];
        gpu_kernel_source src = script_source(&s);
        hamm_error err = {0};
        assert_int_equal(gpu_run_kernel(g, &src, &err), HAMM_OK);
        assert_int_equal(gpu_core_l1_stats(gpu_core_at(g, 0))->hits[0], hits_after[k]);
    }
    gpu_free(g);
    hamm_addrmap_free(map);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rtx3070_ways),
        cmocka_unit_test(small_grid_and_streaming),
        cmocka_unit_test(rounding),
        cmocka_unit_test(resize_keeps_recent),
        cmocka_unit_test(streaming_miss_takes_no_line),
        cmocka_unit_test(on_miss_reserves),
        cmocka_unit_test(alloc_checks),
        cmocka_unit_test(model_keys),
        cmocka_unit_test(kernels_resize_the_l1),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
