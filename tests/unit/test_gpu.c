/* test_gpu.c - the whole GPU engine (cores, crossbars, partitions, DRAM) on tiny kernels
 * whose cycle counts are derived by hand in the comments.  All four clocks run at the
 * same frequency, so every domain ticks at every instant, in the order core,
 * interconnect, L2, DRAM. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "gpu/gpu.h"
#include "gpu/gpu_model.h"
#include "gpu_model_text.h"
#include "gpu_script.h"
#include "hamm/config.h"
#include "hamm/gpu.h"

typedef struct rig {
    gpu_params p;
    hamm_addrmap *map;
    gpu *g;
} rig;

/* The Yuan baseline's GDDR3 channel alone (tRCD 12, CL 9, a 32-byte burst in 2 cycles),
 * no caches; one core with one scheduler; crossbars of 32-byte flits, one a cycle,
 * latency 2. */
static void rig_init(rig *r, uint32_t reply_flit, uint32_t reply_fpc, uint32_t return_slots)
{
    const char *sets[] = {"channels=1", "address_map=row:bank:column"};
    hamm_error err = {0};
    gpu_params *p = &r->p;
    *p = (gpu_params){.cores = 1, .core_mhz = 800, .icnt_mhz = 800, .l2_mhz = 800,
                      .ctrl_bytes = 8, .stall_limit = 100000};
    if (hamm_config_load(&p->dram.cfg, HAMM_SOURCE_ROOT "/models/system/yuan09-baseline.json",
                         sets, 2, &err) != HAMM_OK ||
        hamm_config_addrmap(&p->dram.cfg, &r->map, &err) != HAMM_OK)
        fail_msg("%s", err.text);
    p->core = (gpu_core_params){.max_threads = 1024, .max_ctas = 8, .registers = 32768,
                                .shared_bytes = 16384, .schedulers = 1, .max_inflight = 64,
                                .max_merge = 8, .coalesce = GPU_COALESCE_SEGMENTS,
                                .shared_banks = 32, .out_queue = 8};
    for (int op = 0; op < GPU_OP_COUNT; op++)
        p->core.issue_cycles[op] = 4;
    p->request_net = (gpu_icnt_params){.flit_bytes = 32, .flits_per_cycle = 1, .latency = 2,
                                       .input_flits = 64, .output_flits = 64};
    p->reply_net = p->request_net;
    p->reply_net.flit_bytes = reply_flit;
    p->reply_net.flits_per_cycle = reply_fpc;
    p->partition = (gpu_partition_params){.reply_queue = 2, .return_slots = return_slots,
                                          .held = 64};
    if (gpu_new(&r->g, p, r->map, &err) != HAMM_OK)
        fail_msg("%s", err.text);
}

static void rig_free(rig *r)
{
    gpu_free(r->g);
    hamm_addrmap_free(r->map);
}

static uint64_t lane0_at_zero(uint64_t cta, uint32_t wi, uint32_t lane, uint32_t pc)
{
    (void)cta, (void)wi, (void)lane, (void)pc;
    return 0;
}

/* One warp, one lane, one 4-byte load at address 0 (a 32-byte segment), then an ALU
 * reading it.
 *   core 0: the load issues; core 1: the LSU sends the request (born 1) into the
 *     request network, granted at icnt 1: 1 flit, ready 1 + 1 + 2 = 4;
 *   L2 4: the partition takes it into the DRAM queue (the channel is at cycle 4);
 *   DRAM 4: ACT; 16: RD (tRCD 12); data ends 16 + CL 9 + burst 2 = 27;
 *   L2 27: the data is there (DRAM cycle 27): reply queued, ready at 27;
 *   icnt 28: the reply enters the reply network, granted at once: 32 + 8 bytes = 2
 *     flits, ready 28 + 2 + 2 = 32;
 *   icnt 32: delivered to the core at core cycle 32 (its tick at 32 has passed), so the
 *     ALU issues at 33 and the warp's end is fetched at 37: 38 core cycles ticked.
 * Round trip seen by the core: 32 - 1 = 31 cycles. */
static void one_load_through_an_empty_system(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, 32, 1, 4);
    gpu_inst prog[] = {{.op = GPU_OP_LOAD, .active = 1, .width = 4, .dst = 5}, ALU(6, 5)};
    script s = script_make(32, prog, 2, lane0_at_zero);
    gpu_kernel_source src = script_source(&s);
    hamm_error err = {0};
    assert_int_equal(gpu_run_kernel(r.g, &src, &err), HAMM_OK);
    assert_int_equal(gpu_core_cycles(r.g), 38);
    const gpu_core_stats *cs = gpu_core_stats_of(gpu_core_at(r.g, 0));
    assert_int_equal(cs->load_latency_sum, 31);
    assert_int_equal(cs->requests, 1);
    gpu_finish(r.g);
    const hamm_channel_result *d = hamm_engine_channel(gpu_dram(r.g), 0);
    assert_int_equal(d->stat[HAMM_STAT_activates], 1);
    assert_int_equal(d->stat[HAMM_STAT_read_bursts], 1);
    assert_int_equal(gpu_partition_stats_of(gpu_partition_at(r.g, 0))->dram_reads, 1);
    rig_free(&r);
}

/* The same load with GPGPU-Sim's fixed partition delays: a ROP queue of R = 5 L2 cycles
 * and a DRAM latency queue of D = 7 DRAM cycles (all clocks 800 MHz here, so a cycle of
 * each is a core cycle).
 *   L2 4: the partition takes the request from the network into the ROP queue, ready at
 *     4 + R = 9 (before: into the DRAM queue at once);
 *   L2 9: it leaves the ROP queue; without an L2 it goes for the DRAM queue, into the
 *     latency queue, ready at DRAM cycle 9 + D = 16;
 *   DRAM 16: it enters the DRAM queue and the ACT issues in the same cycle (before: ACT
 *     at 4); from here every step is the one above, R + D = 12 cycles later: RD 28, data
 *     ends 39, reply ready at L2 39, delivered at core cycle 44, the end fetched at 49.
 * So 38 + R + D = 50 core cycles, and a round trip of 31 + R + D = 43. */
static void one_load_with_rop_and_dram_latency(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, 32, 1, 4);
    gpu_free(r.g);
    r.p.partition.rop_latency = 5;
    r.p.partition.dram_latency = 7;
    hamm_error err = {0};
    if (gpu_new(&r.g, &r.p, r.map, &err) != HAMM_OK)
        fail_msg("%s", err.text);
    gpu_inst prog[] = {{.op = GPU_OP_LOAD, .active = 1, .width = 4, .dst = 5}, ALU(6, 5)};
    script s = script_make(32, prog, 2, lane0_at_zero);
    gpu_kernel_source src = script_source(&s);
    assert_int_equal(gpu_run_kernel(r.g, &src, &err), HAMM_OK);
    assert_int_equal(gpu_core_cycles(r.g), 38 + 5 + 7);
    assert_int_equal(gpu_core_stats_of(gpu_core_at(r.g, 0))->load_latency_sum, 31 + 5 + 7);
    gpu_finish(r.g);
    const hamm_channel_result *d = hamm_engine_channel(gpu_dram(r.g), 0);
    assert_int_equal(d->stat[HAMM_STAT_read_bursts], 1);
    rig_free(&r);
}

static uint64_t lane_words(uint64_t cta, uint32_t wi, uint32_t lane, uint32_t pc)
{
    /* each warp its own 128 bytes a load, 8 loads a warp: one 4 KB row per CTA */
    return 4096 * cta + 1024 * (uint64_t)wi + 128 * (uint64_t)pc + 4 * (uint64_t)lane;
}

/* The eight-load kernel of the tests below, on rig r (rebuilt first from r->p when
 * `rebuild`): 8 CTAs of 4 warps, each warp 8 loads of 128 contiguous bytes; channel 0's
 * DRAM result. */
static const hamm_channel_result *run_eight_loads(rig *r, int rebuild)
{
    gpu_inst prog[8];
    for (int i = 0; i < 8; i++)
        prog[i] = (gpu_inst)LD((uint16_t)(i + 1));
    hamm_error err = {0};
    if (rebuild) {
        gpu_free(r->g);
        if (gpu_new(&r->g, &r->p, r->map, &err) != HAMM_OK)
            fail_msg("%s", err.text);
    }
    script s = script_make(128, prog, 8, lane_words);
    s.info.grid[0] = 8;
    gpu_kernel_source src = script_source(&s);
    assert_int_equal(gpu_run_kernel(r->g, &src, &err), HAMM_OK);
    gpu_finish(r->g);
    return hamm_engine_channel(gpu_dram(r->g), 0);
}

/* 8 CTAs of 4 warps, each warp 8 loads of 128 contiguous bytes: 256 loads, each two
 * 64-byte segments (half-warps), 512 requests of 2 bursts, streaming from open rows.  The
 * reply network carries one 8-byte flit a cycle: a reply is 64 + 8 bytes, 9 flits, so
 * the 512 replies need at least 512 x 9 = 4608 cycles, while the DRAM needs 1024 bursts
 * x 2 = 2048: the return queue fills, the DRAM holds reads back (counted as reply stall
 * cycles) and runs at most 2048 / 4608 = 44.4% of the time.  With 8 flits a cycle a reply
 * takes 2 cycles (1024 in all): the DRAM is the bottleneck and never stalls. */
static void full_reply_path_stalls_the_dram(void **state)
{
    (void)state;
    for (int wide = 0; wide < 2; wide++) {
        rig r;
        rig_init(&r, 8, wide ? 8 : 1, 8);
        const hamm_channel_result *d = run_eight_loads(&r, 0);
        uint64_t stalls = gpu_partition_stats_of(gpu_partition_at(r.g, 0))->reply_stall_cycles;
        assert_int_equal(d->stat[HAMM_STAT_read_bursts], 1024);
        if (wide) {
            assert_int_equal(stalls, 0);
        } else {
            assert_true(stalls > 0);
            assert_true(d->stat[HAMM_STAT_cycles] >= 4608);
        }
        rig_free(&r);
    }
}

/* The narrow reply path above under ready_order queue-head (Ramulator's order): the
 * return-slot hold applies as under the other orders, so the DRAM still stalls and the
 * run still needs at least the 4608 cycles the reply network takes; if queue-head ignored
 * the hold, reads would start with no slot for their data. */
static void queue_head_honours_the_return_hold(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, 8, 1, 8);
    r.p.dram.cfg.ready_order = HAMM_ORDER_QUEUE_HEAD;
    const hamm_channel_result *d = run_eight_loads(&r, 1);
    assert_int_equal(d->stat[HAMM_STAT_read_bursts], 1024);
    assert_true(gpu_partition_stats_of(gpu_partition_at(r.g, 0))->reply_stall_cycles > 0);
    assert_true(d->stat[HAMM_STAT_cycles] >= 4608);
    rig_free(&r);
}

/* The narrow reply path with both fixed delays: the DRAM latency queue fills behind a
 * full controller queue and the ROP queue behind it, each pushing back rather than
 * growing; every request still arrives once (1024 bursts) and the reply network still
 * bounds the run (at least 4608 cycles). */
static void fixed_delays_push_back(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, 8, 1, 8);
    r.p.partition.rop_latency = 3;
    r.p.partition.dram_latency = 2;
    const hamm_channel_result *d = run_eight_loads(&r, 1);
    const gpu_partition_stats *ps = gpu_partition_stats_of(gpu_partition_at(r.g, 0));
    assert_int_equal(d->stat[HAMM_STAT_read_bursts], 1024);
    assert_int_equal(ps->dram_reads, 512);
    assert_true(ps->blocked_cycles > 0); /* the ROP queue was full at times */
    assert_true(d->stat[HAMM_STAT_cycles] >= 4608);
    gpu_params big = r.p; /* a ring beyond the bound is refused, naming the field */
    big.partition.dram_latency = 65536;
    gpu *g = NULL;
    hamm_error e2 = {0};
    assert_int_equal(gpu_new(&g, &big, r.map, &e2), HAMM_ERR_CONFIG);
    assert_string_equal(e2.field, "dram_latency");
    assert_null(g);
    rig_free(&r);
}

/* Both bundled GPU models load, with the values their files state. */
static void bundled_models_load(void **state)
{
    (void)state;
    gpu_model m;
    hamm_error err = {0};
    assert_int_equal(gpu_model_load(&m, HAMM_SOURCE_ROOT "/models/gpu/yuan09-baseline.json",
                                    &err), HAMM_OK);
    assert_int_equal(m.cores, 32);
    assert_int_equal(m.core.simd_width, 8);
    assert_int_equal(m.l1.sets, 0); /* no L1 */
    /* GPGPU-Sim 3.x's default delays, 85 and 30 core cycles at 650 MHz: 85 L2 cycles at
     * 650 MHz, 30 x 800 / 650 = 36.9 -> 37 DRAM cycles at 800 MHz */
    assert_int_equal(m.partition.rop_latency, 85);
    assert_int_equal(m.partition.dram_latency, 37);
    assert_int_equal(gpu_model_load(&m, HAMM_SOURCE_ROOT "/models/gpu/gtx480.json", &err),
                     HAMM_OK);
    assert_int_equal(m.cores, 15);
    assert_int_equal(m.l2.sets, 64);
    assert_int_equal(m.l1.write_policy, GPU_WRITE_THROUGH);
    assert_int_equal(m.core.policy, GPU_SCHED_GTO);
    /* SM2_GTX480: 120 and 100 core cycles at 700 MHz -> 120 L2 cycles (700 MHz) and
     * 100 x 924 / 700 = 132 DRAM cycles; return queue 116; 2 sub-partitions x 32 MSHRs */
    assert_int_equal(m.partition.rop_latency, 120);
    assert_int_equal(m.partition.dram_latency, 132);
    assert_int_equal(m.partition.return_queue, 116);
    assert_int_equal(m.l2.mshr_entries, 64);
    assert_int_equal(m.l1.latency, 35);
}

#define HEAD "{\"schema\": \"hamm-gpu-model/1\", \"name\": \"x\", \"cores\": 1, " \
             "\"clocks\": {\"core_mhz\": 1, \"icnt_mhz\": 1, \"l2_mhz\": 1}, "
#define CORE "\"core\": {\"max_threads\": 64, \"max_ctas\": 1, \"registers\": 64, " \
             "\"shared_memory_bytes\": 0, \"simd_width\": 8, \"max_inflight\": 1"

/* Bad files: each error names the file and the JSON path. */
static void bad_models(void **state)
{
    (void)state;
    bad_model(HEAD CORE ", \"warp_scheduler\": \"fifo\"}}", "core.warp_scheduler");
    bad_model(HEAD CORE "}, \"l1\": {\"sets\": 3}}", "l1.sets");
    bad_model(HEAD CORE "}, \"l2\": {\"sets\": 4, \"line_bytes\": 64}}", "l2.line_bytes");
    bad_model(HEAD CORE ", \"speed\": 1}}", "core.speed");
    bad_model(HEAD "\"core\": {\"max_threads\": 64}}", "core.max_ctas");
    /* GPGPU-Sim's Fermi hash and IPOLY are defined for 32 or 64 and 16 to 64 sets (a
     * sub-partition's); sub-partitions are the L2's */
    bad_model(HEAD CORE "}, \"l1\": {\"sets\": 16, \"index\": \"fermi-hash\"}}", "l1.index");
    bad_model(HEAD CORE "}, \"l2\": {\"sets\": 128, \"index\": \"ipoly\"}}", "l2.index");
    bad_model(HEAD CORE "}, \"l1\": {\"sets\": 64, \"sub_partitions\": 2}}",
              "l1.sub_partitions");
    bad_model(HEAD CORE "}, \"l2\": {\"sets\": 4, \"sub_partitions\": 8}}",
              "l2.sub_partitions");
}

enum { COPY_CTAS = 60, COPY_THREADS = 256, COPY_ITERS = 16 };

static uint64_t copy_addr(uint64_t cta, uint32_t wi, uint32_t lane, uint32_t pc)
{
    uint64_t gid = cta * COPY_THREADS + 32 * (uint64_t)wi + lane;
    uint64_t i = (uint64_t)(pc / 2) * COPY_CTAS * COPY_THREADS + gid;
    return (pc % 2 ? 0x20000000u : 0x10000000u) + 4 * i;
}

/* A streaming copy on the GTX480 model: each thread copies 16 words, the loads and
 * stores of a warp 128 contiguous bytes each.  The hardware sustains about 90% of peak on
 * such copies and issue 12 asks 80 to 95%, which the CLI case gpu-gtx480-copy-bandwidth
 * checks on a copy 4 times this size (84.6%).  This one, 7,680 warp loads, reaches about
 * 72%: the first round trip (about 250 core cycles idle) and the tail weigh 4 times as
 * much, so it checks a looser band: well above a row-miss-bound stream, below the peak. */
static void gtx480_stream_copy_band(void **state)
{
    (void)state;
    hamm_error err = {0};
    gpu_model m;
    hamm_system_config mem;
    hamm_addrmap *map = NULL;
    gpu_params p;
    gpu *g = NULL;
    if (gpu_model_load(&m, HAMM_SOURCE_ROOT "/models/gpu/gtx480.json", &err) ||
        hamm_config_load(&mem, HAMM_SOURCE_ROOT "/models/system/gtx480.json", NULL, 0, &err) ||
        hamm_config_addrmap(&mem, &map, &err) || gpu_model_params(&m, &mem, &p, &err) ||
        gpu_new(&g, &p, map, &err))
        fail_msg("%s", err.text);
    gpu_inst prog[2 * COPY_ITERS];
    for (int i = 0; i < COPY_ITERS; i++) {
        prog[2 * i] = (gpu_inst)LD(1);
        prog[2 * i + 1] = (gpu_inst){.op = GPU_OP_STORE, .active = 0xFFFFFFFFu, .width = 4,
                                     .src = {1}};
    }
    script s = script_make(COPY_THREADS, prog, 2 * COPY_ITERS, copy_addr);
    s.info.grid[0] = COPY_CTAS;
    gpu_kernel_source src = script_source(&s);
    assert_int_equal(gpu_run_kernel(g, &src, &err), HAMM_OK);
    gpu_finish(g);
    hamm_channel_result total;
    hamm_engine_total(gpu_dram(g), &total);
    double busy = (double)total.stat[HAMM_STAT_busy_cycles] /
                  (double)total.stat[HAMM_STAT_channel_cycles];
    assert_true(busy >= 0.65 && busy <= 0.95);
    gpu_free(g);
    hamm_addrmap_free(map);
}

/* A model from parsed JSON (a file's object changed in memory) builds a GPU; its errors
 * name the source given, not a file that was never written. */
static void model_from_json(void **state)
{
    (void)state;
    hamm_error err = {0};
    json_t *doc = json_load_file(HAMM_SOURCE_ROOT "/models/gpu/gtx480.json", 0, NULL);
    hamm_system_config mem;
    hamm_gpu_model *m = NULL;
    hamm_gpu *g = NULL;
    assert_non_null(doc);
    json_object_set_new(doc, "cores", json_integer(7));
    if (hamm_config_load(&mem, HAMM_SOURCE_ROOT "/models/system/gtx480.json", NULL, 0, &err) ||
        hamm_gpu_model_from_json(&m, doc, "merged", &err) ||
        hamm_gpu_new_with(&g, &mem, m, 1, NULL, &err))
        fail_msg("%s", err.text);
    assert_int_equal(m->cores, 7);
    assert_string_equal(hamm_gpu_model_name(g), "gtx480");
    hamm_gpu_free(g);
    hamm_gpu_model_free(m);
    json_object_set_new(json_object_get(doc, "l1"), "index", json_string("modulo"));
    assert_int_equal(hamm_gpu_model_from_json(&m, doc, "merged", &err), HAMM_ERR_CONFIG);
    assert_null(m);
    assert_string_equal(err.source, "merged");
    assert_string_equal(err.field, "l1.index");
    json_decref(doc);
}

/* A reply of 128 + 8 bytes in 8-byte flits is 17 flits: a 16-flit buffer could never
 * take it, so the GPU is refused at once rather than found stuck later. */
static void packet_too_big_for_buffers(void **state)
{
    (void)state;
    rig r;
    rig_init(&r, 8, 1, 8); /* a working rig, then its reply net shrunk */
    gpu_params p = r.p;
    p.reply_net.output_flits = 16;
    gpu *g = NULL;
    hamm_error e2 = {0};
    assert_int_equal(gpu_new(&g, &p, r.map, &e2), HAMM_ERR_CONFIG);
    assert_string_equal(e2.field, "interconnect");
    assert_null(g);
    rig_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_load_through_an_empty_system),
        cmocka_unit_test(one_load_with_rop_and_dram_latency),
        cmocka_unit_test(full_reply_path_stalls_the_dram),
        cmocka_unit_test(queue_head_honours_the_return_hold),
        cmocka_unit_test(fixed_delays_push_back),
        cmocka_unit_test(bundled_models_load),
        cmocka_unit_test(bad_models),
        cmocka_unit_test(gtx480_stream_copy_band),
        cmocka_unit_test(model_from_json),
        cmocka_unit_test(packet_too_big_for_buffers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
