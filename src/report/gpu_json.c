/* gpu_json.c - a finished GPU simulation as JSON (schema hamm-gpu/1, docs/JSON.md): the
 * whole run, each core (cycles, IPC, L1), each memory channel (DRAM efficiency,
 * utilization, row locality, queue occupancy, reply stalls, L2) and each kernel run. */
#include "hamm_build_config.h"
#include <stdio.h>
#include <string.h>

#include "gpu/gpu.h"
#include "hamm/gpu.h"
#include "hamm/report.h"
#include "json_util.h"

static json_t *u64(uint64_t v)
{
    return json_integer((json_int_t)v);
}

/* A cache's counters; MPKI per thousand warp instructions of what it serves. */
static json_t *cache_json(const gpu_cache_stats *s, uint64_t warp_insts, int *ok)
{
    static const char *const fail_names[GPU_FAIL_COUNT] = {
        [GPU_FAIL_LINE_ALLOC] = "line_alloc", [GPU_FAIL_MSHR_ENTRY] = "mshr_entry",
        [GPU_FAIL_MSHR_MERGE] = "mshr_merge", [GPU_FAIL_MISS_QUEUE] = "miss_queue"};
    if (!s)
        return json_null();
    json_t *o = json_object(), *f = json_object();
    uint64_t misses = s->misses[0] + s->misses[1];
    report_set(o, "accesses", u64(s->accesses[0] + s->accesses[1]), ok);
    report_set(o, "reads", u64(s->accesses[0]), ok);
    report_set(o, "hits", u64(s->hits[0] + s->hits[1]), ok);
    report_set(o, "hit_reserved", u64(s->hit_reserved), ok);
    report_set(o, "misses", u64(misses), ok);
    report_set(o, "sector_misses", u64(s->sector_misses), ok);
    report_set(o, "sector_accesses", u64(s->sector_accesses), ok);
    report_set(o, "missed_sectors", u64(s->missed_sectors), ok);
    report_set(o, "miss_rate", report_ratio(misses, s->accesses[0] + s->accesses[1]), ok);
    report_set(o, "mpki", report_measure(warp_insts ? 1000.0 * (double)misses /
                                                          (double)warp_insts : -1.0), ok);
    for (int i = 0; i < GPU_FAIL_COUNT; i++)
        report_set(f, fail_names[i], u64(s->fails[i]), ok);
    report_set(o, "reservation_fails", f, ok);
    report_set(o, "writebacks", u64(s->writebacks), ok);
    return o;
}

static json_t *core_json(const gpu *g, uint32_t i, int *ok)
{
    const gpu_core_stats *s = gpu_core_stats_of(gpu_core_at(g, i));
    json_t *o = json_object();
    uint64_t wi = gpu_warp_insts_of(s);
    report_set(o, "core", u64(i), ok);
    report_set(o, "busy_cycles", u64(s->cycles), ok);
    report_set(o, "idle_issue_cycles", u64(s->idle_cycles), ok);
    report_set(o, "warp_instructions", u64(wi), ok);
    report_set(o, "thread_instructions", u64(s->thread_insts), ok);
    report_set(o, "ipc", report_ratio(s->thread_insts, gpu_core_cycles(g)), ok);
    report_set(o, "ctas", u64(s->ctas_done), ok);
    report_set(o, "requests", u64(s->requests), ok);
    report_set(o, "merged_loads", u64(s->merged), ok);
    report_set(o, "load_latency_cycles", report_ratio(s->load_latency_sum, s->loads_returned),
               ok);
    report_set(o, "shared_conflict_cycles", u64(s->shared_conflict_cycles), ok);
    if (gpu_core_pipeline_on(gpu_core_at(g, i))) { /* docs/SMEM.md */
        report_set(o, "pipeline_stall_cycles", u64(s->pipeline_stall_cycles), ok);
        report_set(o, "shared_stall_cycles", u64(s->shared_stall_cycles), ok);
        report_set(o, "writeback_conflicts", u64(s->writeback_conflicts), ok);
        report_set(o, "writeback_stall_cycles", u64(s->writeback_stall_cycles), ok);
        report_set(o, "chc_hits", u64(s->chc_hits), ok);
        report_set(o, "chc_misses", u64(s->chc_misses), ok);
        report_set(o, "chc_underpredictions", u64(s->chc_underpredictions), ok);
    }
    if (gpu_core_l1_banked(gpu_core_at(g, i))) { /* docs/SMEM.md, "L1 banks" */
        report_set(o, "l1_bank_accesses", u64(s->l1_bank_accesses), ok);
        report_set(o, "l1_bank_passes", u64(s->l1_bank_passes), ok);
        report_set(o, "l1_bank_conflict_cycles", u64(s->l1_bank_conflict_cycles), ok);
    }
    report_set(o, "l1", cache_json(gpu_core_l1_stats(gpu_core_at(g, i)), wi, ok), ok);
    return o;
}

static json_t *channel_json(const gpu *g, uint32_t c, uint64_t warp_insts, int *ok)
{
    const hamm_channel_result *r = hamm_engine_channel(gpu_dram(g), c);
    const gpu_partition_stats *p = gpu_partition_stats_of(gpu_partition_at(g, c));
    json_t *o = json_object();
    report_set(o, "channel", u64(c), ok);
    report_set(o, "requests", u64(r->stat[HAMM_STAT_requests]), ok);
    report_set(o, "reads", u64(r->stat[HAMM_STAT_reads]), ok);
    report_set(o, "writes", u64(r->stat[HAMM_STAT_writes]), ok);
    report_set(o, "dram_cycles", u64(r->stat[HAMM_STAT_cycles]), ok);
    report_set(o, "dram_efficiency", report_measure(hamm_result_efficiency(r)), ok);
    report_set(o, "utilization", report_measure(hamm_result_utilization(r)), ok);
    report_set(o, "row_locality", report_measure(hamm_result_row_locality(r)), ok);
    report_set(o, "queue_occupancy", report_measure(hamm_result_queue_occupancy(r)), ok);
    report_set(o, "latency_dram_cycles", report_measure(hamm_result_latency(r)), ok);
    report_set(o, "reply_stall_dram_cycles", u64(p->reply_stall_cycles), ok);
    report_set(o, "l2", cache_json(gpu_partition_l2_stats(gpu_partition_at(g, c)), warp_insts, ok),
               ok);
    return o;
}

/* Row streak breakers (the Yuan thesis' Figure 6.19, docs/ICNT-HOLD.md): counts summed
 * over the channels, by class, and the thesis' bars (switches crediting a class, per row
 * streak). */
static json_t *streaks_json(const gpu *g, int *ok)
{
    gpu_streaks s = {0};
    for (uint32_t c = 0; c < gpu_partitions(g); c++)
        gpu_streaks_add(&s, gpu_partition_streaks(gpu_partition_at(g, c)));
    json_t *o = json_object(), *req = json_object(), *cred = json_object(),
           *frac = json_object();
    report_set(o, "row_streaks", u64(s.row_streaks), ok);
    report_set(o, "stranded", u64(s.stranded), ok);
    report_set(o, "breakers", u64(s.breakers), ok);
    for (int k = 0; k < GPU_STREAK_CLASSES; k++) {
        report_set(req, gpu_streak_class_names[k], u64(s.requests[k]), ok);
        report_set(cred, gpu_streak_class_names[k], u64(s.credited[k]), ok);
        report_set(frac, gpu_streak_class_names[k], report_ratio(s.credited[k], s.row_streaks),
                   ok);
    }
    report_set(o, "requests", req, ok);
    report_set(o, "credited", cred, ok);
    report_set(o, "per_streak", frac, ok);
    return o;
}

/* The request crossbar: its allocation, grant holding, and the row locality of the
 * requests before and after it (the Yuan thesis' Figure 4.4 and 6.17b measures). */
static json_t *icnt_json(const gpu *g, int *ok)
{
    const gpu_icnt_params *n = &gpu_params_of(g)->request_net;
    double before = gpu_locality_before_icnt(g), after = gpu_locality_after_icnt(g);
    json_t *o = json_object();
    report_set(o, "arbiter", json_string(gpu_icnt_arbiter_names[n->arbiter]), ok);
    report_set(o, "hold", json_string(gpu_icnt_hold_names[n->hold]), ok);
    report_set(o, "held_grants", u64(gpu_icnt_stats_of(gpu_request_net(g))->held_grants), ok);
    report_set(o, "row_locality_before", report_measure(before), ok);
    report_set(o, "row_locality_after", report_measure(after), ok);
    report_set(o, "locality_preserved",
               report_measure(before > 0 && after > 0 ? after / before : -1.0), ok);
    report_set(o, "streak_breakers", streaks_json(g, ok), ok);
    return o;
}

/* How rows shared by cores arrive at the channels (src/gpu/horizontal.h). */
static json_t *horizontal_json(const gpu *g, int *ok)
{
    const gpu_horizontal_stats *h = gpu_horizontal_stats_of(g);
    json_t *o = json_object();
    report_set(o, "pieces", u64(h->pieces), ok);
    report_set(o, "row_followers", u64(h->followers), ok);
    report_set(o, "row_followers_other_core", u64(h->followers_other_core), ok);
    report_set(o, "interleaved", u64(h->interleaved), ok);
    report_set(o, "interleaved_other_core", u64(h->interleaved_other_core), ok);
    report_set(o, "interleaved_share",
               report_ratio(h->interleaved, h->followers + h->interleaved), ok);
    return o;
}

/* Adaptive DRAM access granularity (docs/GRANULARITY.md), summed over the cores. */
static json_t *granularity_json(const gpu *g, int *ok)
{
    uint64_t hyper = 0, merged = 0, by[GPU_GRAN_BUCKETS] = {0};
    for (uint32_t i = 0; i < gpu_cores(g); i++) {
        const gpu_core_stats *s = gpu_core_stats_of(gpu_core_at(g, i));
        hyper += s->hyper_requests;
        merged += s->hyper_merged;
        for (int b = 0; b < GPU_GRAN_BUCKETS; b++)
            by[b] += s->gran_loads[b];
    }
    json_t *o = json_object(), *loads = json_object();
    for (int b = 0; b < GPU_GRAN_BUCKETS; b++) {
        char key[16];
        snprintf(key, sizeof key, "%u", 32u << b);
        if (by[b])
            report_set(loads, key, u64(by[b]), ok);
    }
    const gpu_gran_params *gran = &gpu_params_of(g)->core.gran;
    report_set(o, "adaptive", json_boolean(gran->adaptive), ok);
    report_set(o, "max_bytes", u64(gran->max_bytes), ok);
    report_set(o, "hyper_requests", u64(hyper), ok);
    report_set(o, "hyper_merged_loads", u64(merged), ok);
    report_set(o, "loads_by_bytes", loads, ok);
    return o;
}

static json_t *totals_json(const gpu *g, uint64_t warp_insts, uint64_t thread_insts, int *ok)
{
    hamm_channel_result t;
    hamm_engine_total(gpu_dram(g), &t);
    json_t *o = json_object();
    report_set(o, "core_cycles", u64(gpu_core_cycles(g)), ok);
    report_set(o, "warp_instructions", u64(warp_insts), ok);
    report_set(o, "thread_instructions", u64(thread_insts), ok);
    report_set(o, "ipc", report_ratio(thread_insts, gpu_core_cycles(g)), ok);
    report_set(o, "dram_cycles", u64(t.stat[HAMM_STAT_cycles]), ok);
    report_set(o, "dram_efficiency", report_measure(hamm_result_efficiency(&t)), ok);
    report_set(o, "utilization", report_measure(hamm_result_utilization(&t)), ok);
    report_set(o, "row_locality", report_measure(hamm_result_row_locality(&t)), ok);
    report_set(o, "interconnect", icnt_json(g, ok), ok);
    report_set(o, "horizontal", horizontal_json(g, ok), ok);
    report_set(o, "granularity", granularity_json(g, ok), ok);
    return o;
}

/* One cache level's part of a kernel run: null when the GPU has no such cache. */
static json_t *run_cache_json(int present, uint64_t accesses, uint64_t misses, int *ok)
{
    if (!present)
        return json_null();
    json_t *o = json_object();
    report_set(o, "accesses", u64(accesses), ok);
    report_set(o, "misses", u64(misses), ok);
    report_set(o, "miss_rate", report_ratio(misses, accesses), ok);
    return o;
}

/* Kernel run i (src/gpu/kernel_runs.h): its span in core cycles, launch latency included
 * (as Accel-Sim's per-kernel gpu_sim_cycle), and what the machine did over it, with the
 * whole run's definitions. */
static json_t *kernel_run_json(const gpu *g, size_t i, int *ok)
{
    const gpu_kernel_run *k = gpu_kernel_run_at(g, i);
    const gpu_run_counts *c = &k->counts;
    const gpu_params *p = gpu_params_of(g);
    uint64_t cycles = k->end_cycle - k->launch_cycle;
    hamm_channel_result dram;
    memset(&dram, 0, sizeof dram);
    dram.stat[HAMM_STAT_busy_cycles] = c->dram_busy_cycles;
    dram.stat[HAMM_STAT_active_cycles] = c->dram_active_cycles;
    json_t *o = json_object();
    report_set(o, "kernel", u64(i), ok);
    report_set(o, "name", json_string(k->name), ok);
    report_set(o, "launch_cycle", u64(k->launch_cycle), ok);
    report_set(o, "start_cycle", u64(k->start_cycle), ok);
    report_set(o, "end_cycle", u64(k->end_cycle), ok);
    report_set(o, "cycles", u64(cycles), ok);
    report_set(o, "warp_instructions", u64(c->warp_insts), ok);
    report_set(o, "thread_instructions", u64(c->thread_insts), ok);
    report_set(o, "ipc", report_ratio(c->thread_insts, cycles), ok);
    report_set(o, "l1", run_cache_json(p->core.has_l1, c->l1_accesses, c->l1_misses, ok), ok);
    report_set(o, "l2", run_cache_json(p->partition.has_l2, c->l2_accesses, c->l2_misses, ok),
               ok);
    report_set(o, "dram_requests", u64(c->dram_requests), ok);
    report_set(o, "dram_reads", u64(c->dram_reads), ok);
    report_set(o, "dram_writes", u64(c->dram_writes), ok);
    report_set(o, "dram_efficiency", report_measure(hamm_result_efficiency(&dram)), ok);
    return o;
}

/* A model file: its path, size and hash; null when there is none (an inline DRAM model, a
 * GPU model built in memory). */
static json_t *model_file_json(const char *path, const hamm_file_id *id)
{
    if (!path || !path[0])
        return json_null();
    return json_pack("{s:s, s:o, s:o}", "path", path, "size_bytes", report_file_size(id), "hash",
                     report_file_hash(id));
}

hamm_status hamm_report_gpu_identify(hamm_report_gpu_input *in, hamm_error *err)
{
    const char *paths[] = {in->workload, in->system->source, in->system->dram_source,
                           in->gpu_model};
    hamm_file_id *ids[] = {&in->workload_id, &in->system_id, &in->dram_id, &in->gpu_id};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        hamm_status st = paths[i] && paths[i][0] ? hamm_file_identify(paths[i], ids[i], err)
                                                 : HAMM_OK;
        if (st != HAMM_OK)
            return st;
    }
    return HAMM_OK;
}

/* What the run was given (docs/JSON.md): the version, the workload's identity, the model
 * files, the overrides and the DRAM engine's options. */
static void inputs_json(json_t *root, const hamm_gpu *g, const hamm_report_gpu_input *in,
                        int *ok)
{
    const hamm_engine_params *dram = hamm_engine_params_of(gpu_dram(g));
    report_set(root, "hamm_version", json_string(HAMM_VERSION), ok);
    report_set(root, "workload", json_string(in->workload), ok);
    report_set(root, "workload_size_bytes", report_file_size(&in->workload_id), ok);
    report_set(root, "workload_hash", report_file_hash(&in->workload_id), ok);
    report_set(root, "kernels", u64(in->kernels), ok);
    report_set(root, "system", json_string(in->system->name), ok);
    report_set(root, "gpu", json_string(hamm_gpu_model_name(g)), ok);
    report_set(root, "models",
               json_pack("{s:o, s:o, s:o}", "system",
                         model_file_json(in->system->source, &in->system_id), "dram",
                         model_file_json(in->system->dram_source, &in->dram_id), "gpu",
                         model_file_json(in->gpu_model, &in->gpu_id)),
               ok);
    report_set(root, "sets", report_sets_json(in->sets, in->nsets), ok);
    report_set(root, "parameters",
               json_pack("{s:b, s:s}", "refresh", hamm_engine_refreshes(dram), "scheduler",
                         hamm_scheduler_name(dram->cfg.scheduler)),
               ok);
}

char *hamm_report_gpu_json(const hamm_gpu *g, const hamm_report_gpu_input *in)
{
    int ok = 1;
    json_t *root = json_object(), *cores = json_array(), *chans = json_array(),
           *runs = json_array();
    uint64_t wi = 0, ti = 0;
    for (uint32_t i = 0; i < gpu_cores(g); i++) {
        const gpu_core_stats *s = gpu_core_stats_of(gpu_core_at(g, i));
        wi += gpu_warp_insts_of(s);
        ti += s->thread_insts;
        report_append(cores, core_json(g, i, &ok), &ok);
    }
    for (uint32_t c = 0; c < gpu_partitions(g); c++)
        report_append(chans, channel_json(g, c, wi, &ok), &ok);
    for (size_t k = 0; k < gpu_kernel_run_count(g); k++)
        report_append(runs, kernel_run_json(g, k, &ok), &ok);
    report_set(root, "schema", json_string(HAMM_GPU_SCHEMA), &ok);
    inputs_json(root, g, in, &ok);
    report_set(root, "total", totals_json(g, wi, ti, &ok), &ok);
    report_set(root, "cores", cores, &ok);
    report_set(root, "channels", chans, &ok);
    report_set(root, "kernel_runs", runs, &ok);
    root = report_checked(root, ok);
    return root ? report_dump(root) : NULL;
}
