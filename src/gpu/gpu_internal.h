/* gpu_internal.h - the GPU's state, shared by its construction (gpu.c) and its clocked
 * run (gpu_run.c). */
#ifndef HAMM_GPU_GPU_INTERNAL_H
#define HAMM_GPU_GPU_INTERNAL_H

#include "dwt.h"
#include "gpu.h"
#include "horizontal.h"
#include "locality.h"

enum { CLK_CORE, CLK_ICNT, CLK_L2, CLK_DRAM, CLOCKS };

typedef struct clock_domain {
    uint64_t period_fs; /* femtoseconds a cycle */
    uint64_t next_fs;   /* when it ticks next */
    uint64_t cycle;     /* cycles ticked */
} clock_domain;

struct gpu {
    gpu_params p;
    const hamm_addrmap *map;
    hamm_addrmap *own_map;  /* the map, when the GPU made it (hamm_gpu_new) */
    gpu_core **core;
    gpu_icnt *req, *rep;
    gpu_locality pre_icnt, post_icnt; /* row locality of the requests entering and leaving
                                         the crossbar */
    gpu_horizontal horizontal; /* how rows shared by cores arrive at the channels */
    hamm_engine *dram;
    gpu_partition **part;
    gpu_dwt *dwt;           /* warp throttling (DWT-CS), NULL when off */
    uint32_t channels;
    clock_domain clk[CLOCKS];
    uint32_t dispatch_from; /* the core CTA dispatch starts at, round-robin */
    uint64_t progress;      /* moves whenever anything happens (the stall watchdog) */
    gpu_kernel_runs runs;   /* one record per kernel run */
};

/* kernel_runs.c: a record for the kernel launched now, holding the counters as they
 * stand; closed when it ends (its first CTA went out at start_cycle), keeping what the
 * kernel added.  Open fails only for want of memory, before the kernel runs. */
hamm_status gpu_kernel_run_open(gpu *g, const char *name, hamm_error *err);
void gpu_kernel_run_close(gpu *g, uint64_t start_cycle);

/* gpu_memory.c: the bytes a GPU of p over `channels` channels of `banks` banks takes
 * (gpu_new's allocations, added up by their modules, the DRAM engine's left out), and its
 * refusal above HAMM_GPU_MAX_BYTES naming the model keys of the largest part. */
/* carveout.c: every core's L1 sized (and its allocation set) for kernel k, before its
 * first CTA (carveout.h); nothing without a carveout. */
void gpu_carveout_kernel(gpu *g, const gpu_kernel_info *k);

uint64_t gpu_memory_bytes(const gpu_params *p, uint32_t channels, uint32_t banks);
hamm_status gpu_memory_check(const gpu_params *p, uint32_t channels, uint32_t banks,
                             hamm_error *err);

#endif
