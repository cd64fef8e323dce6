/* carveout.h - the unified L1 data cache and shared memory of Volta and later
 * (GPGPU-Sim's -gpgpu_adaptive_cache_config; docs/GPU.md, "Unified L1 and shared
 * memory").  One array of unified_bytes holds both.  At each kernel launch the shared
 * memory the kernel's CTAs take on a core (its CTAs per core x its shared bytes a CTA)
 * is rounded up to the first carveout the hardware offers, and the L1 keeps the rest:
 * its sets stay, its ways become (unified_bytes - carveout) / (sets x line bytes), to the
 * nearest way, as GPGPU-Sim resizes its L1.  A streaming L1 allocates its lines on fill,
 * except in a kernel that takes no shared memory, where it allocates on miss. */
#ifndef HAMM_GPU_CARVEOUT_H
#define HAMM_GPU_CARVEOUT_H

#include <stdint.h>

#include "cache.h"
#include "core.h"
#include "hamm/error.h"
#include "kernel.h"

#define GPU_CARVEOUT_MAX 16 /* carveouts a unified array offers */

typedef struct gpu_carveout_params {
    uint32_t unified_bytes;               /* 0: no carveout, the L1 keeps its size */
    uint32_t options[GPU_CARVEOUT_MAX];   /* shared-memory bytes offered, ascending */
    uint32_t count;
    int streaming;                        /* on fill, or on miss without shared memory */
} gpu_carveout_params;

/* "0,8192,16384" (bytes) into p's options, sorted; HAMM_ERR_CONFIG for a list that is
 * empty, too long or not whole numbers. */
hamm_status gpu_carveout_parse(const char *text, gpu_carveout_params *p, hamm_error *err);
/* The CTAs of kernel k one core holds at once, by hamm's limits (CTAs, threads, registers,
 * shared memory), and no more than an even share of the kernel's CTAs over `cores`
 * (GPGPU-Sim's max_cta for a small grid). */
uint32_t gpu_carveout_ctas(const gpu_core_params *p, const gpu_kernel_info *k, uint32_t cores);
/* The first option of at least `shared` bytes; the largest when none is. */
uint32_t gpu_carveout_pick(const gpu_carveout_params *p, uint64_t shared);
/* The ways an L1 of `sets` sets of `line_bytes` keeps beside `carveout` bytes of shared
 * memory: (unified_bytes - carveout) / (sets x line_bytes), to the nearest (halves up). */
uint32_t gpu_carveout_ways(const gpu_carveout_params *p, uint32_t sets, uint32_t line_bytes,
                           uint32_t carveout);
/* The L1's ways and allocation policy for kernel k on `cores` cores of p. */
void gpu_carveout_l1(const gpu_carveout_params *cv, const gpu_core_params *p,
                     const gpu_kernel_info *k, uint32_t cores, uint32_t *ways,
                     gpu_alloc_policy *alloc);

#endif
