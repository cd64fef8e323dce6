/* dwt.c - DWT-CS's coordinator (dwt.h).  It watches the L1 MPKI of all cores over periods
 * of `period` core cycles; after detect_periods periods in a row above the threshold it
 * gives core i a limit of (i + 1) x schedulers active warps for sample_periods periods,
 * then every core takes the limit of the core that committed the most (thread)
 * instructions in them, for the rest of the run.  The thesis' second round (warps beyond the cores'
 * count when the last core wins) is not modelled. */
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "dwt.h"

typedef enum dwt_phase { DWT_WATCH, DWT_SAMPLE, DWT_DONE } dwt_phase;

enum { DWT_KERNELS = 64, DWT_NAME = 128 }; /* kernels whose limit is kept; name bytes */

struct gpu_dwt {
    gpu_dwt_params p;
    uint32_t cores, schedulers;
    dwt_phase phase;
    uint32_t cycles;            /* core cycles into the current period */
    uint32_t high, left;        /* periods above the threshold; sampling periods left */
    uint64_t last_insts, last_misses; /* totals at the start of the period */
    uint64_t *start;            /* per core: warp instructions when sampling began */
    uint64_t *delta;            /* per core: warp instructions during sampling */
    uint32_t chosen, base_limit;
    char kernel[DWT_NAME];      /* the current kernel's name */
    char known[DWT_KERNELS][DWT_NAME];
    uint32_t known_limit[DWT_KERNELS], nknown;
};

hamm_status gpu_dwt_new(gpu_dwt **out, const gpu_dwt_params *p, uint32_t cores,
                        uint32_t schedulers, uint32_t base_limit, hamm_error *err)
{
    *out = NULL;
    gpu_dwt *d = calloc(1, sizeof *d);
    if (d) {
        d->start = hamm_calloc_array(cores, sizeof *d->start);
        d->delta = hamm_calloc_array(cores, sizeof *d->delta);
    }
    if (!d || !d->start || !d->delta) {
        gpu_dwt_free(d);
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory for warp throttling");
    }
    d->p = *p;
    d->cores = cores;
    d->schedulers = schedulers;
    d->base_limit = base_limit;
    *out = d;
    return HAMM_OK;
}

void gpu_dwt_free(gpu_dwt *d)
{
    if (!d)
        return;
    free(d->start);
    free(d->delta);
    free(d);
}

uint32_t gpu_dwt_pick(const uint64_t *insts, uint32_t n)
{
    uint32_t best = 0;
    for (uint32_t i = 1; i < n; i++)
        if (insts[i] > insts[best])
            best = i;
    return best;
}

/* Thread instructions: what GPGPU-Sim, the thesis' simulator, counts as committed
 * instructions in its MPKI and IPC. */
static uint64_t insts_of(const gpu_core *c)
{
    return gpu_core_stats_of(c)->thread_insts;
}

static uint64_t l1_misses(const gpu_core *c)
{
    const gpu_cache_stats *s = gpu_core_l1_stats(c);
    return s ? s->misses[0] : 0;
}

/* The watch phase's period end: another period above the threshold, or the count anew. */
static void watch(gpu_dwt *d, gpu_core *const *cores)
{
    uint64_t insts = 0, misses = 0;
    for (uint32_t i = 0; i < d->cores; i++) {
        insts += insts_of(cores[i]);
        misses += l1_misses(cores[i]);
    }
    uint64_t di = insts - d->last_insts, dm = misses - d->last_misses;
    d->last_insts = insts;
    d->last_misses = misses;
    /* MPKI = 1000 misses / instructions > threshold */
    d->high = 1000.0 * (double)dm > d->p.mpki_threshold * (double)di ? d->high + 1 : 0;
    if (d->high < d->p.detect_periods)
        return;
    for (uint32_t i = 0; i < d->cores; i++) {
        d->start[i] = insts_of(cores[i]);
        gpu_core_set_warp_limit(cores[i], (i + 1) * d->schedulers);
    }
    d->phase = DWT_SAMPLE;
    d->left = d->p.sample_periods;
}

static void sample(gpu_dwt *d, gpu_core *const *cores)
{
    if (--d->left)
        return;
    for (uint32_t i = 0; i < d->cores; i++)
        d->delta[i] = insts_of(cores[i]) - d->start[i];
    d->chosen = (gpu_dwt_pick(d->delta, d->cores) + 1) * d->schedulers;
    for (uint32_t i = 0; i < d->cores; i++)
        gpu_core_set_warp_limit(cores[i], d->chosen);
    d->phase = DWT_DONE;
}

static uint32_t known_limit(const gpu_dwt *d, const char *name)
{
    for (uint32_t i = 0; i < d->nknown; i++)
        if (strcmp(d->known[i], name) == 0)
            return d->known_limit[i];
    return 0;
}

/* Keep the finished kernel's limit (the first DWT_KERNELS kernels' only). */
static void remember(gpu_dwt *d)
{
    if (d->phase != DWT_DONE || known_limit(d, d->kernel) || d->nknown == DWT_KERNELS)
        return;
    memcpy(d->known[d->nknown], d->kernel, DWT_NAME);
    d->known_limit[d->nknown++] = d->chosen;
}

void gpu_dwt_kernel(gpu_dwt *d, gpu_core *const *cores, const char *name)
{
    remember(d);
    strncpy(d->kernel, name, DWT_NAME - 1);
    d->kernel[DWT_NAME - 1] = 0;
    d->chosen = known_limit(d, d->kernel);
    d->phase = d->chosen ? DWT_DONE : DWT_WATCH;
    d->cycles = d->high = 0;
    d->last_insts = d->last_misses = 0;
    for (uint32_t i = 0; i < d->cores; i++) {
        d->last_insts += insts_of(cores[i]);
        d->last_misses += l1_misses(cores[i]);
        gpu_core_set_warp_limit(cores[i], d->chosen ? d->chosen : d->base_limit);
    }
}

void gpu_dwt_tick(gpu_dwt *d, gpu_core *const *cores)
{
    if (d->phase == DWT_DONE || ++d->cycles < d->p.period)
        return;
    d->cycles = 0;
    switch (d->phase) {
    case DWT_WATCH:
        watch(d, cores);
        break;
    case DWT_SAMPLE:
        sample(d, cores);
        break;
    case DWT_DONE:
        break;
    }
}
