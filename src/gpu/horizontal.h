/* horizontal.h - horizontal locality at the channels (the Gou thesis, seed 001, section
 * 6.3.1; docs/GRANULARITY.md): how requests to one DRAM row from different cores arrive
 * at a channel, together or interleaved with other rows.
 *
 * Counted in 32-byte pieces (the DRAM's minimal access), so that runs with and without
 * adaptive granularity compare: a request of n pieces is its first piece, classified
 * as below, and n - 1 row followers from its own core.  Per bank of each channel, in the
 * order requests arrive from the request network, the pieces form runs (consecutive
 * pieces of one row).  A piece is
 *   - a row follower: to the row of the bank's previous arrival (the run goes on);
 *     `other_core` when that previous arrival came from another core: horizontal
 *     locality across cores that reached the channel intact;
 *   - interleaved: to a row that one of the bank's HORIZ_DEPTH runs before the current
 *     one was to: requests to that row were split by another row's (the locality the
 *     crossbar and the other cores broke); `other_core` when the earlier run's last
 *     request came from another core;
 *   - else a first visit.
 * Memory: HORIZ_DEPTH + 1 (row, core) pairs a bank. */
#ifndef HAMM_GPU_HORIZONTAL_H
#define HAMM_GPU_HORIZONTAL_H

#include <stdint.h>

#define HORIZ_DEPTH 3 /* earlier runs a return is looked for in */

typedef struct gpu_horizontal_stats {
    uint64_t pieces;
    uint64_t followers, followers_other_core;
    uint64_t interleaved, interleaved_other_core;
} gpu_horizontal_stats;

typedef struct gpu_horizontal {
    uint32_t *row;   /* [(channel * banks + bank) * (HORIZ_DEPTH + 1) + k]: run k's row,
                        0 the current one; UINT32_MAX: none */
    uint32_t *core;  /* the core of each run's last arrival */
    uint32_t banks;
    gpu_horizontal_stats st;
} gpu_horizontal;

/* 0 when out of memory. */
int gpu_horizontal_init(gpu_horizontal *h, uint32_t channels, uint32_t banks);
/* The bytes gpu_horizontal_init allocates. */
uint64_t gpu_horizontal_bytes(uint32_t channels, uint32_t banks);
void gpu_horizontal_free(gpu_horizontal *h);
#define HORIZ_PIECE_BYTES 32

/* A request of `bytes` from `core` to `row` of `bank` arrives at `channel`. */
void gpu_horizontal_see(gpu_horizontal *h, uint32_t channel, uint32_t bank, uint32_t row,
                        uint32_t core, uint32_t bytes);

#endif
