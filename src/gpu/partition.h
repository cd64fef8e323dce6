/* partition.h - one memory partition of the GPU engine: the L2 slice (optional) in front
 * of one DRAM channel of the reference engine, between the request network's output and
 * the reply network's input (docs/GPU.md, "Memory partitions").
 *
 * A request taken from the network goes to the L2 (a hit is answered l2_latency L2
 * cycles later; a miss waits for its sectors) or, without an L2, straight into the DRAM
 * controller's queue.  Writes are acknowledged when the L2 or the queue takes them.  A
 * read's data leaves the DRAM into a return queue of return_slots entries; when that is
 * full (because replies cannot get into the reply network) the DRAM starts no read:
 * the stall the paper's error analysis rests on, counted in reply_stall_cycles.  Every
 * request entering the DRAM queue goes to the tap, if any, with its arrival cycle.
 *
 * Two fixed delays, GPGPU-Sim's, are rings of a fixed size that push back when full: the
 * ROP queue (rop_latency L2 cycles before the L2 or the DRAM queue sees a request) and
 * the DRAM latency queue (dram_latency DRAM cycles before the DRAM queue does). */
#ifndef HAMM_GPU_PARTITION_H
#define HAMM_GPU_PARTITION_H

#include <stdint.h>

#include "cache.h"
#include "core.h"
#include "engine/channel.h"
#include "hamm/addrmap.h"
#include "hamm/gpu.h"
#include "hamm/trace.h"
#include "streak.h"

/* The longest fixed delay (each is a ring of one entry a cycle). */
#define GPU_PARTITION_MAX_DELAY 65535u

typedef struct gpu_partition_params {
    uint32_t id;               /* the DRAM channel it owns */
    int has_l2;
    gpu_cache_params l2;
    uint32_t l2_latency;       /* L2 cycles from a hit to its reply */
    uint32_t reply_queue;      /* replies waiting for the reply network */
    uint32_t return_slots;     /* DRAM reads from their first burst until their data is
                                  taken from the return queue: the reads in the DRAM's
                                  pipeline ((CL + burst) / tCCD) plus the queue proper */
    uint32_t held;             /* requests waiting for DRAM data (L2 misses or, without an
                                  L2, reads in the DRAM queue) */
    uint32_t rop_latency;      /* L2 cycles a request spends between the network's output
                                  and the L2 (GPGPU-Sim's ROP queue; 0: none) */
    uint32_t dram_latency;     /* DRAM cycles a request spends between the L2 (or the
                                  network, without an L2) and the DRAM queue (GPGPU-Sim's
                                  DRAM latency queue; 0: none) */
    hamm_gpu_tap_fn tap;       /* may be NULL (hamm/gpu.h) */
    void *tap_user;
} gpu_partition_params;

typedef struct gpu_partition_stats {
    uint64_t reads, writes;        /* requests taken from the network */
    uint64_t dram_reads, dram_writes; /* requests sent into the DRAM queue */
    uint64_t reply_stall_cycles;   /* DRAM cycles in which a read could not start for want
                                      of a return slot */
    uint64_t blocked_cycles;       /* L2 cycles a request waited at the network's output */
} gpu_partition_stats;

typedef struct gpu_partition gpu_partition;

/* `dram` and `map` are borrowed; the channel is put in closed-loop use. */
hamm_status gpu_partition_new(gpu_partition **out, const gpu_partition_params *p,
                              channel *dram, const hamm_addrmap *map, hamm_error *err);
void gpu_partition_free(gpu_partition *t);
/* The bytes gpu_partition_new allocates for p, its L2 (gpu_cache_bytes) left out. */
uint64_t gpu_partition_bytes(const gpu_partition_params *p);

/* Offer the request at the network's output in L2 cycle `now`: 1 when taken. */
int gpu_partition_accept(gpu_partition *t, const gpu_packet *req, uint64_t now);
/* One L2 cycle: DRAM data that has arrived by `dram_now` fills the L2 or becomes
 * replies; L2 misses go to the DRAM queue. */
void gpu_partition_l2_cycle(gpu_partition *t, uint64_t now, uint64_t dram_now);
/* One DRAM cycle, `dram_now`. */
void gpu_partition_dram_cycle(gpu_partition *t, uint64_t dram_now);
/* The oldest reply ready by L2 cycle `now`, and its size on the network. */
int gpu_partition_reply_peek(const gpu_partition *t, uint64_t now, gpu_packet *out);
void gpu_partition_reply_pop(gpu_partition *t);
/* Nothing held, queued, or returning. */
int gpu_partition_quiet(const gpu_partition *t);
const gpu_partition_stats *gpu_partition_stats_of(const gpu_partition *t);
const gpu_cache_stats *gpu_partition_l2_stats(const gpu_partition *t); /* NULL: no L2 */
/* Row streaks and their breakers in the partition's DRAM channel (streak.h). */
const gpu_streaks *gpu_partition_streaks(const gpu_partition *t);

#endif
