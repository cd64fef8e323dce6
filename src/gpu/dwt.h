/* dwt.h - dynamic warp throttling via core sampling (DWT-CS, Khairy thesis section 5.2):
 * when the L1s' misses per thousand warp instructions stay above a threshold, each core
 * runs for a while with its own active-warp limit (core i: i + 1 warps a scheduler), and
 * then every core takes the limit of the one that issued the most instructions. */
#ifndef HAMM_GPU_DWT_H
#define HAMM_GPU_DWT_H

#include <stdint.h>

#include "core.h"
#include "hamm/error.h"

typedef struct gpu_dwt gpu_dwt;

/* `base_limit`: the cores' max_active_warps, restored for a kernel not seen before. */
hamm_status gpu_dwt_new(gpu_dwt **out, const gpu_dwt_params *p, uint32_t cores,
                        uint32_t schedulers, uint32_t base_limit, hamm_error *err);
void gpu_dwt_free(gpu_dwt *d);
/* A kernel named `name` starts: a kernel that had a limit chosen before gets it at once
 * (the thesis keeps the limit per kernel), any other is watched anew from the base. */
void gpu_dwt_kernel(gpu_dwt *d, gpu_core *const *cores, const char *name);
/* One core cycle of the GPU's cores (after they have run it). */
void gpu_dwt_tick(gpu_dwt *d, gpu_core *const *cores);
/* The winner of a sampling: the index of the largest count (the first of equal ones,
 * i.e. the fewest warps); n > 0. */
uint32_t gpu_dwt_pick(const uint64_t *insts, uint32_t n);

#endif
