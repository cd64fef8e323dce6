/* test_gpu_kernel_runs.c - kernels one after another: GPGPU-Sim's kernel launch latency
 * (gpu_params.kernel_launch_latency, the model's kernel_launch_latency, the importer's
 * -gpgpu_kernel_launch_latency) and the record of each kernel run (src/gpu/kernel_runs.h),
 * with cycle and instruction counts derived by hand in the comments. */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gpu/gpu.h"
#include "gpu/gpu_model.h"
#include "gpu_script.h"
#include "hamm/config.h"
#include "hamm/gpu.h"
#include "hamm/import.h"
#include "hamm/report.h"
#include "hamm/workload.h"

/* One core with one scheduler issuing an instruction every 4 cycles, no caches, the Yuan
 * baseline's GDDR3 channel alone; all clocks 800 MHz. */
static gpu *one_core_gpu(hamm_addrmap **map, uint64_t launch_latency)
{
    const char *sets[] = {"channels=1", "address_map=row:bank:column"};
    hamm_error err = {0};
    gpu_params p = {.cores = 1, .core_mhz = 800, .icnt_mhz = 800, .l2_mhz = 800,
                    .ctrl_bytes = 8, .stall_limit = 100000,
                    .kernel_launch_latency = launch_latency};
    if (hamm_config_load(&p.dram.cfg, HAMM_SOURCE_ROOT "/models/system/yuan09-baseline.json",
                         sets, 2, &err) != HAMM_OK ||
        hamm_config_addrmap(&p.dram.cfg, map, &err) != HAMM_OK)
        fail_msg("%s", err.text);
    p.core = (gpu_core_params){.max_threads = 1024, .max_ctas = 8, .registers = 32768,
                               .shared_bytes = 16384, .schedulers = 1, .max_inflight = 64,
                               .max_merge = 8, .coalesce = GPU_COALESCE_SEGMENTS,
                               .shared_banks = 32, .out_queue = 8};
    for (int op = 0; op < GPU_OP_COUNT; op++)
        p.core.issue_cycles[op] = 4;
    p.request_net = (gpu_icnt_params){.flit_bytes = 32, .flits_per_cycle = 1, .latency = 2,
                                      .input_flits = 64, .output_flits = 64};
    p.reply_net = p.request_net;
    p.partition = (gpu_partition_params){.reply_queue = 2, .return_slots = 4, .held = 64};
    gpu *g = NULL;
    if (gpu_new(&g, &p, *map, &err) != HAMM_OK)
        fail_msg("%s", err.text);
    return g;
}

/* Kernel "a": one warp of 10 independent ALU instructions; kernel "b": two warps of 7. */
static void run_a_then_b(gpu *g)
{
    gpu_inst prog[10];
    for (int i = 0; i < 10; i++)
        prog[i] = (gpu_inst)ALU(0, 0);
    script a = script_make(32, prog, 10, NULL), b = script_make(64, prog, 7, NULL);
    snprintf(a.info.name, sizeof a.info.name, "a");
    snprintf(b.info.name, sizeof b.info.name, "b");
    gpu_kernel_source sa = script_source(&a), sb = script_source(&b);
    hamm_error err = {0};
    assert_int_equal(gpu_run_kernel(g, &sa, &err), HAMM_OK);
    assert_int_equal(gpu_run_kernel(g, &sb, &err), HAMM_OK);
}

static void check_run(const gpu_kernel_run *k, const char *name, uint64_t launch, uint64_t start,
                      uint64_t end, uint64_t warp_insts)
{
    assert_string_equal(k->name, name);
    assert_int_equal(k->launch_cycle, launch);
    assert_int_equal(k->start_cycle, start);
    assert_int_equal(k->end_cycle, end);
    assert_int_equal(k->counts.warp_insts, warp_insts);
    assert_int_equal(k->counts.thread_insts, 32 * warp_insts);
    assert_int_equal(k->counts.dram_requests, 0);
}

/* Without a launch latency the CTA goes out at once: "a"'s ten instructions issue at
 * cycles 0, 4, ..., 36 (one every 4 cycles), its end is fetched at 40: 41 cycles ticked.
 * "b" is launched at 41 and its 14 instructions issue at 41, 45, ..., 93, its warps' ends
 * fetched at 97: it ends at 98.  With a latency of L = 100 core cycles (GPGPU-Sim counts
 * it down once a core cycle from the launch and issues CTAs at 0), "a"'s CTA goes out at
 * 100 and it ends at 141; "b" is launched at 141, starts at 241 and ends at 241 + 57 =
 * 298: each kernel's own time is unchanged and the run is 2 L longer. */
static void launch_latency_holds_back_each_kernel(void **state)
{
    (void)state;
    const uint64_t latency[] = {0, 100};
    for (int i = 0; i < 2; i++) {
        uint64_t l = latency[i];
        hamm_addrmap *map = NULL;
        gpu *g = one_core_gpu(&map, l);
        run_a_then_b(g);
        assert_int_equal(gpu_kernel_run_count(g), 2);
        check_run(gpu_kernel_run_at(g, 0), "a", 0, l, l + 41, 10);
        check_run(gpu_kernel_run_at(g, 1), "b", l + 41, 2 * l + 41, 2 * l + 98, 14);
        assert_int_equal(gpu_core_cycles(g), 2 * l + 98);
        gpu_free(g);
        hamm_addrmap_free(map);
    }
}

static json_t *gtx480_model(json_int_t launch_latency)
{
    json_error_t jerr;
    json_t *m = json_load_file(HAMM_SOURCE_ROOT "/models/gpu/gtx480.json", 0, &jerr);
    if (!m)
        fail_msg("%s", jerr.text);
    json_object_set_new(m, "kernel_launch_latency", json_integer(launch_latency));
    return m;
}

static json_int_t num(const json_t *o, const char *key)
{
    const json_t *v = json_object_get(o, key);
    assert_true(json_is_integer(v));
    return json_integer_value(v);
}

/* The sum of `key` (in object `inner` of each element when not NULL) over array a. */
static json_int_t sum(const json_t *a, const char *inner, const char *key)
{
    json_int_t s = 0;
    for (size_t i = 0; i < json_array_size(a); i++) {
        const json_t *e = json_array_get(a, i);
        s += num(inner ? json_object_get(e, inner) : e, key);
    }
    return s;
}

/* nn.json's four kernels on the gtx480 model with a launch latency of 1000 core cycles,
 * through hamm-gpu/1: the records tile the run (each launched where the one before
 * ended, its first CTA 1000 cycles later) and their counts sum to the run's totals, the
 * cores' L1s and the channels' L2s and DRAM requests. */
static void kernel_runs_sum_to_the_totals(void **state)
{
    (void)state;
    hamm_error err = {0};
    hamm_system_config cfg;
    hamm_gpu_model *model = NULL;
    hamm_gpu *g = NULL;
    json_t *m = gtx480_model(1000);
    size_t kernels = 0;
    if (hamm_config_load(&cfg, HAMM_SOURCE_ROOT "/models/system/gtx480.json", NULL, 0, &err) ||
        hamm_gpu_model_from_json(&model, m, "gtx480+latency", &err) ||
        hamm_gpu_new_with(&g, &cfg, model, 1, NULL, &err) ||
        hamm_workload_run(g, HAMM_SOURCE_ROOT "/models/workloads/nn.json", &kernels, &err))
        fail_msg("%s: %s", err.field, err.text);
    hamm_gpu_finish(g);
    hamm_report_gpu_input in = {.workload = "nn.json", .kernels = kernels, .system = &cfg};
    char *text = hamm_report_gpu_json(g, &in);
    json_t *doc = json_loads(text, 0, NULL);
    assert_non_null(doc);
    const json_t *runs = json_object_get(doc, "kernel_runs");
    const json_t *total = json_object_get(doc, "total");
    assert_int_equal(json_array_size(runs), 4);
    for (size_t i = 0; i < 4; i++) {
        const json_t *k = json_array_get(runs, i);
        json_int_t launch = num(k, "launch_cycle");
        assert_int_equal(launch, i ? num(json_array_get(runs, i - 1), "end_cycle") : 0);
        assert_int_equal(num(k, "start_cycle"), launch + 1000);
        assert_int_equal(num(k, "cycles"), num(k, "end_cycle") - launch);
    }
    assert_int_equal(sum(runs, NULL, "cycles"), num(total, "core_cycles"));
    assert_int_equal(sum(runs, NULL, "warp_instructions"), num(total, "warp_instructions"));
    assert_int_equal(sum(runs, NULL, "warp_instructions"), 70144); /* docs/GPU.md's table */
    assert_int_equal(sum(runs, NULL, "thread_instructions"), num(total, "thread_instructions"));
    const json_t *cores = json_object_get(doc, "cores"), *chans = json_object_get(doc, "channels");
    assert_int_equal(sum(runs, "l1", "accesses"), sum(cores, "l1", "accesses"));
    assert_int_equal(sum(runs, "l1", "misses"), sum(cores, "l1", "misses"));
    assert_int_equal(sum(runs, "l2", "accesses"), sum(chans, "l2", "accesses"));
    assert_int_equal(sum(runs, "l2", "misses"), sum(chans, "l2", "misses"));
    assert_true(sum(runs, "l2", "misses") > 0);
    assert_int_equal(sum(runs, NULL, "dram_requests"), sum(chans, NULL, "requests"));
    assert_int_equal(sum(runs, NULL, "dram_reads"), sum(chans, NULL, "reads"));
    assert_int_equal(sum(runs, NULL, "dram_writes"), sum(chans, NULL, "writes"));
    json_decref(doc);
    free(text);
    json_decref(m);
    hamm_gpu_free(g);
    hamm_gpu_model_free(model);
}

/* The key is counted in core cycles up to 10^8 and defaults to 0. */
static void model_key_is_checked(void **state)
{
    (void)state;
    hamm_error err = {0};
    hamm_gpu_model *model = NULL;
    json_t *m = gtx480_model(100000001);
    assert_int_equal(hamm_gpu_model_from_json(&model, m, "big", &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "kernel_launch_latency");
    json_object_del(m, "kernel_launch_latency");
    assert_int_equal(hamm_gpu_model_from_json(&model, m, "none", &err), HAMM_OK);
    assert_int_equal(model->kernel_launch_latency, 0);
    hamm_gpu_model_free(model);
    json_decref(m);
}

/* SM7_QV100's launch options as its gpgpusim.config gives them, in a configuration with
 * the options hamm requires: the latency arrives in the GPU model and in the engine's
 * parameters; without the option the model has no such key (GPGPU-Sim's default, 0). */
static const char qv100_launch[] =
    "-gpgpu_n_clusters 80\n"
    "-gpgpu_n_cores_per_cluster 1\n"
    "-gpgpu_n_mem 32\n"
    "-gpgpu_clock_domains 1132.0:1132.0:1132.0:850.0\n"
    "-gpgpu_shader_core_pipeline 2048:32 \n"
    "-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR."
    "RBBBCCCB.CCCSSSSS\n"
    "-gpgpu_dram_timing_opt \"nbk=16:CCD=1:RRD=3:RCD=12:RAS=28:RP=12:RC=40:\n"
    "                        CL=12:WL=2:CDLR=3:WR=10:nbkgrp=4:CCDL=2:RTPL=3\"\n"
    "-gpgpu_n_mem_per_ctrlr 1\n"
    "-gpgpu_dram_buswidth 16\n"
    "-gpgpu_dram_burst_length 2\n"
    "-dram_data_command_freq_ratio 2  # HBM is DDR\n"
    "-gpgpu_kernel_launch_latency 5000\n"
    "-gpgpu_TB_launch_latency 0\n"
    "-gpgpu_max_concurrent_kernel 128\n";

static json_t *imported_gpu(const char *text)
{
    hamm_gpu_import *im = NULL;
    hamm_error err = {0};
    if (hamm_gpu_import_gpgpusim(&im, text, strlen(text), "qv.config", "qv", &err))
        fail_msg("%s: %s", err.field, err.text);
    char *gpu_text = hamm_gpu_import_json(im, HAMM_IMPORT_GPU);
    json_t *j = json_loads(gpu_text, 0, NULL);
    assert_non_null(j);
    free(gpu_text);
    hamm_gpu_import_free(im);
    return j;
}

static void importer_honours_qv100s_latency(void **state)
{
    (void)state;
    json_t *j = imported_gpu(qv100_launch);
    assert_int_equal(num(j, "kernel_launch_latency"), 5000);
    hamm_gpu_model *model = NULL;
    hamm_error err = {0};
    assert_int_equal(hamm_gpu_model_from_json(&model, j, "qv", &err), HAMM_OK);
    assert_int_equal(model->kernel_launch_latency, 5000);
    hamm_gpu_model_free(model);
    json_decref(j);
    char without[sizeof qv100_launch];
    snprintf(without, sizeof without, "%s", qv100_launch);
    *strstr(without, "-gpgpu_kernel_launch_latency") = '\0';
    j = imported_gpu(without);
    assert_null(json_object_get(j, "kernel_launch_latency"));
    json_decref(j);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(launch_latency_holds_back_each_kernel),
        cmocka_unit_test(kernel_runs_sum_to_the_totals),
        cmocka_unit_test(model_key_is_checked),
        cmocka_unit_test(importer_honours_qv100s_latency),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
