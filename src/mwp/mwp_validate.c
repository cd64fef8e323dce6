/* mwp_validate.c - the MWP/CWP model against the GPU engine (hamm/mwp_validate.h): each
 * kernel of a description on the engine in turn, its core cycles and the DRAM efficiency
 * of the same stretch of the run measured, and the model's predictions from the counts
 * derived from the same description, plain (Hong & Kim) and combined (E and the
 * variants). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "gpu/gpu.h"
#include "hamm/mwp_counts.h"
#include "hamm/mwp_validate.h"
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

/* The model on kernel k->kernel: counts derived from the description, then plain and
 * combined. */
static hamm_status predict(const hamm_mwp_validation *v, hamm_mwp_kernel_check *k,
                          hamm_error *err)
{
    char sel[32];
    snprintf(sel, sizeof sel, "%zu", k->kernel);
    hamm_mwp_kernel counts;
    hamm_mwp_derived d;
    hamm_status st = hamm_mwp_derive(v->workload, sel, v->machine, &counts, &d, err);
    if (st != HAMM_OK)
        return st;
    hamm_mwp_options plain, combined;
    hamm_mwp_options_init(&plain);
    combined = plain;
    combined.dram_efficiency = k->efficiency > 0 ? k->efficiency : 1;
    combined.issue_bound = v->issue_bound;
    combined.queueing = v->queueing;
    if ((st = hamm_mwp_predict(v->machine, &counts, &plain, &k->plain, err)) == HAMM_OK)
        st = hamm_mwp_predict(v->machine, &counts, &combined, &k->combined, err);
    if (st != HAMM_OK)
        hamm_error_locate(err, HAMM_IN(v->workload));
    return st;
}

/* Run kernel i of wl on g and fill its check. */
static hamm_status run_kernel(hamm_gpu *g, const hamm_mwp_validation *v,
                              const hamm_workload *wl, size_t i, hamm_mwp_kernel_check *k,
                              hamm_error *err)
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
    k->kernel = i;
    snprintf(k->name, sizeof k->name, "%s", hamm_workload_kernel_name(wl, i));
    k->measured = gpu_core_cycles(g) - start;
    k->efficiency = efficiency_between(&before, &after);
    return predict(v, k, err);
}

hamm_status hamm_mwp_validate(hamm_gpu *g, const hamm_mwp_validation *v, hamm_mwp_checks *out,
                              hamm_error *err)
{
    hamm_workload *wl = NULL;
    hamm_status st = hamm_workload_open(v->workload, &wl, err);
    if (st != HAMM_OK)
        return st;
    size_t n = hamm_workload_kernels(wl);
    out->kernels = hamm_calloc_array(n, sizeof *out->kernels);
    if (!out->kernels)
        st = hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    for (size_t i = 0; st == HAMM_OK && i < n; i++) {
        st = run_kernel(g, v, wl, i, &out->kernels[i], err);
        out->count += st == HAMM_OK;
    }
    hamm_workload_free(wl);
    return st;
}

void hamm_mwp_checks_free(hamm_mwp_checks *c)
{
    free(c->kernels);
    c->kernels = NULL;
    c->count = 0;
}
