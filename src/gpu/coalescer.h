/* coalescer.h - how a warp's per-lane addresses become memory transactions, under the two
 * rules GPU simulators use (docs/GPU.md, "Coalescer"):
 *
 * - GPU_COALESCE_SEGMENTS, the compute-capability-1.2/1.3 rule of the Yuan & Aamodt era
 *   (CUDA Programming Guide 2.x-3.x, section "Coalescing"; GPGPU-Sim's coalescing for
 *   arch 13): each half-warp on its own; the segment of the lowest-numbered unserved
 *   lane (32 B for 1-byte words, 64 B for 2-byte, 128 B for 4-, 8- and 16-byte words)
 *   serves every lane that falls in it, then shrinks to the half it uses (128 -> 64 ->
 *   32 B) while only one half is used.
 * - GPU_COALESCE_SECTORS, the Fermi-and-later rule (Accel-Sim for sm_20 and later): the
 *   whole warp at once; one transaction per 128 B line touched, with the mask of the
 *   32 B sectors used; each sector is one request to the memory system.
 *
 * Transactions come out in ascending address order (within each half-warp under the
 * segment rule), as GPGPU-Sim emits them. */
#ifndef HAMM_GPU_COALESCER_H
#define HAMM_GPU_COALESCER_H

#include <stddef.h>
#include <stdint.h>

#ifndef GPU_WARP_SIZE
#define GPU_WARP_SIZE 32
#endif
#define GPU_LINE_BYTES 128
#define GPU_SECTOR_BYTES 32
/* The most transactions one warp instruction can make: 32 lanes, each word spanning at
 * most two lines or segments. */
#define GPU_MAX_TRANSACTIONS (2 * GPU_WARP_SIZE)

typedef enum gpu_coalesce_rule {
    GPU_COALESCE_SEGMENTS, /* compute 1.2/1.3: 32/64/128 B segments per half-warp */
    GPU_COALESCE_SECTORS   /* sm_20+: 32 B sectors of 128 B lines per warp */
} gpu_coalesce_rule;

typedef struct gpu_transaction {
    uint64_t addr;   /* first byte; aligned to size */
    uint32_t size;   /* bytes: 32, 64 or 128 (segments); 128 (sectors: the line) */
    uint32_t lanes;  /* the lanes this transaction serves, bit i = lane i */
    uint8_t sectors; /* 32 B sectors of the aligned 128 B line it covers, bit i = bytes
                        32i..32i+31 of the line */
} gpu_transaction;

/* Coalesce one warp instruction: lane i (bit i of `active`) accesses `width` bytes at
 * addr[i] (width 1, 2, 4, 8 or 16; an access that crosses a segment or line boundary
 * touches both).  Writes at most GPU_MAX_TRANSACTIONS into out and returns how many;
 * 0 when no lane is active or `width` is not one of those sizes. */
size_t gpu_coalesce(gpu_coalesce_rule rule, const uint64_t addr[GPU_WARP_SIZE], uint32_t width,
                    uint32_t active, gpu_transaction out[GPU_MAX_TRANSACTIONS]);

/* The requests one transaction makes of the memory system: one of its own size under
 * the segment rule, one per sector under the sector rule. */
uint32_t gpu_transaction_requests(gpu_coalesce_rule rule, const gpu_transaction *t);

#endif
