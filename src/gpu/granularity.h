/* granularity.h - adaptive DRAM access granularity (the Gou thesis, seed 001, chapter 6;
 * docs/GRANULARITY.md): at kernel launch each global load gets a granularity between the
 * DRAM's minimal access and the channel interleaving granularity, bounded by its CTA's
 * row of data (Alg. 6.1); a miss of such a load fetches the whole aligned hyper block,
 * and neighbouring warps' later loads of it merge with the request in flight (the
 * elastic MSHR).  Off by default; realised in the core's in-flight table, which exists
 * only without an L1, and sent as one DRAM request, so the model needs no L2 either. */
#ifndef HAMM_GPU_GRANULARITY_H
#define HAMM_GPU_GRANULARITY_H

#include <stdint.h>

#include "hamm/addrmap.h"
#include "kernel.h"

#define GPU_GRAN_BUCKETS 8 /* granularities counted: 32, 64, ..., 4096 bytes */

typedef struct gpu_gran_params {
    int adaptive;       /* 0: every request is the coalescer's (the default) */
    uint32_t min_bytes; /* the DRAM's minimal access (32: one GDDR burst of a channel) */
    uint32_t max_bytes; /* the channel interleaving granularity; 0 until taken from the
                           address map (gpu_gran_interleave) */
    int any_cta_stride; /* 1: Alg. 6.1 line 6 without d = blockDim.x * e (only the CTA's
                           own row must be contiguous) */
} gpu_gran_params;

/* Alg. 6.1 under r (min_bytes, max_bytes, any_cta_stride).  p NULL: the analysis failed.
 * The result is a power of two in [min, max]: blockDim.x * e rounded down to one, so an
 * aligned hyper block stays inside the CTA's data whenever that data is aligned to its
 * own size. */
uint32_t gpu_gran_schedule(const gpu_access_pattern *p, uint32_t block_x,
                           const gpu_gran_params *r);

/* Bytes of contiguous address that stay in one row of one bank of one channel from
 * address 0 on: the lowest address bit (at or above bit 5) that moves channel, rank,
 * bank group, bank or row. */
uint32_t gpu_gran_interleave(const hamm_addrmap *map);

#endif
