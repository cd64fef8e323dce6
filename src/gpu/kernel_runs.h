/* kernel_runs.h - what each kernel run did, one small record per kernel in launch order:
 * when it was launched, when its first CTA started and when it ended (core cycles), and
 * the machine's counters over that span (instructions, L1 and L2 accesses and misses,
 * DRAM requests and data-bus cycles).  Kernels run one after another, so the spans tile
 * the run: every count summed over the records is the run's total (docs/JSON.md,
 * "kernel_runs").  The records grow with the number of kernels, never with their
 * length. */
#ifndef HAMM_GPU_KERNEL_RUNS_H
#define HAMM_GPU_KERNEL_RUNS_H

#include <stddef.h>
#include <stdint.h>

#include "core.h"
#include "hamm/error.h"

/* Counters of the whole machine, each a sum: instructions over the cores, the L1's over
 * the cores and the L2's over the channels (accesses and misses as gpu_cache_stats counts
 * them: reads and writes), DRAM requests served and the data bus's busy and active
 * channel-cycles over the channels. */
typedef struct gpu_run_counts {
    uint64_t warp_insts, thread_insts;
    uint64_t l1_accesses, l1_misses, l2_accesses, l2_misses;
    uint64_t dram_requests, dram_reads, dram_writes;
    uint64_t dram_busy_cycles, dram_active_cycles;
} gpu_run_counts;

typedef struct gpu_kernel_run {
    char name[128];
    uint64_t launch_cycle; /* handed to the GPU: the previous kernel's end (0 for the first) */
    uint64_t start_cycle;  /* its first CTA went to a core (end_cycle when it had none) */
    uint64_t end_cycle;    /* every CTA finished and the memory system empty */
    gpu_run_counts counts; /* over [launch_cycle, end_cycle) */
} gpu_kernel_run;

typedef struct gpu_kernel_runs {
    gpu_kernel_run *run;
    size_t n, cap;
} gpu_kernel_runs;

/* A core's warp instructions, every class together. */
uint64_t gpu_warp_insts_of(const gpu_core_stats *s);

void gpu_kernel_runs_free(gpu_kernel_runs *r);

#endif
