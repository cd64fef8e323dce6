/* mwp_inlet.h - how long the crossbar takes to let each memory period's requests into
 * the memory partitions when the SMs send them in step, for the MWP/CWP counts
 * (docs/MWP.md, "Partition camping"). */
#ifndef HAMM_WORKLOAD_MWP_INLET_H
#define HAMM_WORKLOAD_MWP_INLET_H

#include <stddef.h>
#include <stdint.h>

/* One request as an SM queues it: its place in the SM's queue (mwp_inlet_key), the
 * partition it enters and its flits. */
typedef struct mwp_inlet_req {
    uint64_t key;
    uint16_t partition, flits;
} mwp_inlet_req;

/* The requests of one round of resident CTAs, and the sums over the rounds flushed: the
 * crossbar cycles the inlets took to let each period's requests in, and the fewest any
 * schedule could take (the busiest SM's flits, or the flits over all the inlets). */
typedef struct mwp_inlet {
    uint32_t partitions, chunk, sms; /* partition = (address / chunk) mod partitions */
    mwp_inlet_req *req;
    size_t n, cap;
    uint64_t cycles, least_cycles;
} mwp_inlet;

/* The most requests a round records (32 MB); later ones are left out. */
#define MWP_INLET_MAX ((size_t)1 << 21)

/* Where a request stands: its memory period, its SM, then the SM's queue order (LRR
 * issues the warps' n-th memory instructions one after another): the warp's memory
 * instruction in the period, the warp's slot on the SM, the transaction of the
 * instruction (each clamped to its field). */
uint64_t mwp_inlet_key(uint64_t period, uint32_t sm, uint32_t inst, uint32_t slot,
                       uint32_t transaction);

/* Queue a request of `flits` at `addr`; -1 when out of memory. */
int mwp_inlet_add(mwp_inlet *s, uint64_t key, uint64_t addr, uint32_t flits);

/* Schedule each period of the round, add its cycles to the sums and start a new round;
 * -1 when out of memory. */
int mwp_inlet_flush(mwp_inlet *s);

void mwp_inlet_free(mwp_inlet *s);

#endif
