/* entry_mwp.c - an "mwp" suite entry's run: each kernel of a description on the GPU
 * engine in turn, its core cycles and the DRAM efficiency of the same stretch of the run
 * measured, and the MWP/CWP model's predictions from the counts derived from the same
 * description, plain (Hong & Kim) and combined (E and the entry's variant). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "entry.h"
#include "gpu/gpu.h"
#include "hamm/mwp_counts.h"
#include "hamm/workload.h"
#include "workload/source.h"

/* The channels' statistics summed so far (the engine's total is made when it finishes);
 * busy / active cycles between two such snapshots is the efficiency of that stretch. */
static void snapshot(const hamm_engine *e, hamm_channel_result *sum)
{
    memset(sum, 0, sizeof *sum);
    for (uint32_t c = 0; c < hamm_engine_channels(e); c++)
        for (int i = 0; i < HAMM_STAT_COUNT; i++)
            sum->stat[i] += hamm_engine_channel(e, c)->stat[i];
}

static double efficiency_between(const hamm_channel_result *a, const hamm_channel_result *b)
{
    hamm_channel_result d;
    memset(&d, 0, sizeof d);
    for (int i = 0; i < HAMM_STAT_COUNT; i++)
        d.stat[i] = b->stat[i] - a->stat[i];
    return hamm_result_efficiency(&d);
}

/* The model on kernel row->kernel: counts derived from the description, then plain and
 * combined. */
static hamm_status predict(const suite_entry *en, mwp_row *row, hamm_error *err)
{
    char sel[32];
    snprintf(sel, sizeof sel, "%zu", row->kernel);
    hamm_mwp_kernel k;
    hamm_mwp_derived d;
    hamm_status st = hamm_mwp_derive(en->trace_path, sel, &en->machine, &k, &d, err);
    if (st != HAMM_OK)
        return st;
    hamm_mwp_options plain, combined;
    hamm_mwp_options_init(&plain);
    combined = plain;
    combined.dram_efficiency = row->efficiency > 0 ? row->efficiency : 1;
    combined.issue_bound = en->issue_bound;
    combined.queueing = en->queueing;
    if ((st = hamm_mwp_predict(&en->machine, &k, &plain, &row->plain, err)) == HAMM_OK)
        st = hamm_mwp_predict(&en->machine, &k, &combined, &row->combined, err);
    if (st != HAMM_OK)
        hamm_error_locate(err, HAMM_IN(en->trace_path));
    return st;
}

/* Run kernel i of wl on g and fill its row. */
static hamm_status run_kernel(hamm_gpu *g, const suite_entry *en, const hamm_workload *wl,
                              size_t i, mwp_row *row, hamm_error *err)
{
    gpu_kernel_source src;
    hamm_channel_result before, after;
    workload_source(wl, i, &src);
    snapshot(hamm_gpu_dram(g), &before);
    uint64_t start = gpu_core_cycles(g);
    hamm_status st = gpu_run_kernel(g, &src, err);
    if (st != HAMM_OK)
        return st;
    snapshot(hamm_gpu_dram(g), &after);
    row->kernel = i;
    snprintf(row->name, sizeof row->name, "%s", hamm_workload_kernel_name(wl, i));
    row->measured = gpu_core_cycles(g) - start;
    row->efficiency = efficiency_between(&before, &after);
    return predict(en, row, err);
}

hamm_status entry_run_mwp(hamm_gpu *g, const suite_entry *en, entry_result *r, hamm_error *err)
{
    hamm_workload *wl = NULL;
    hamm_status st = hamm_workload_open(en->trace_path, &wl, err);
    if (st != HAMM_OK)
        return st;
    size_t n = hamm_workload_kernels(wl);
    r->mwp = hamm_calloc_array(n, sizeof *r->mwp);
    if (!r->mwp)
        st = hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    for (size_t i = 0; st == HAMM_OK && i < n; i++) {
        st = run_kernel(g, en, wl, i, &r->mwp[i], err);
        r->nmwp += st == HAMM_OK;
    }
    hamm_workload_free(wl);
    return st;
}
