/* mwp_inlet.h - how much the crossbar's inlets hold up the requests the SMs send, for the
 * MWP/CWP counts (docs/MWP.md, "The crossbar" and "The merge limit"): each round of
 * resident CTAs scheduled through the GPU engine's allocator rule, against the same
 * round through inlets that would take any request. */
#ifndef HAMM_WORKLOAD_MWP_INLET_H
#define HAMM_WORKLOAD_MWP_INLET_H

#include <stddef.h>
#include <stdint.h>

/* A request's service time is in these fractions of a crossbar cycle. */
#define MWP_INLET_TICKS 16

/* No request: a request waits for none. */
#define MWP_INLET_NONE UINT32_MAX

/* One request as an SM queues it: its place in the SM's queue (mwp_inlet_key), its flits,
 * the time its partition takes to serve it (its DRAM data or its reply's flits, whichever
 * is longer; MWP_INLET_TICKS a crossbar cycle), whether it is a load (its warp's next
 * period waits for its reply), the id of the request whose reply it waits for (its load
 * found that request serving the merge limit's loads already; MWP_INLET_NONE: none);
 * mwp_inlet_add fills the partition it enters and its id (the order it was added in). */
typedef struct mwp_inlet_req {
    uint64_t key;
    uint32_t id, wait_for;
    uint16_t partition, flits, service;
    uint16_t barriers; /* the barriers its warp passed before it */
    uint8_t load;
} mwp_inlet_req;

/* The requests of one round of resident CTAs, and the sums over the rounds flushed: the
 * crossbar cycles the round took through the partitions' inlets, and through as many
 * inlets that would each take any request (the fewest the SMs' own pace allows). */
typedef struct mwp_inlet {
    uint32_t partitions, chunk, sms; /* partition = (address / chunk) mod partitions */
    uint32_t round_trip; /* crossbar cycles from a request's entry to its reply's (0: at
                            once) */
    uint32_t issue_interval; /* crossbar cycles between an SM's memory instructions */
    uint32_t warps_per_cta;  /* a CTA's warps have consecutive slots on their SM */
    mwp_inlet_req *req;
    size_t n, cap;
    uint64_t cycles, least_cycles;
    /* Called, when set, with each request the partitions' inlets let in and its cycle
     * (for tests and inspection). */
    void (*on_send)(void *ctx, const mwp_inlet_req *r, uint64_t cycle);
    void *ctx;
} mwp_inlet;

/* The most requests a round records (48 MB); later ones are left out. */
#define MWP_INLET_MAX ((size_t)1 << 21)

/* Where a request stands: its SM, the warp's slot on the SM, then the warp's order: its
 * memory period, its memory instruction in the period, the transaction of the
 * instruction (each clamped to its field). */
uint64_t mwp_inlet_key(uint64_t period, uint32_t sm, uint32_t inst, uint32_t slot,
                       uint32_t transaction);

/* Queue request r (key, flits, service, barriers, load, wait_for) at `addr`; -1 when out of
 * memory.  Its id is the count of requests added before it in the round (requests beyond
 * the table are left out). */
int mwp_inlet_add(mwp_inlet *s, mwp_inlet_req r, uint64_t addr);

/* Schedule the round, add its cycles to the sums and start a new round; -1 when out of
 * memory. */
int mwp_inlet_flush(mwp_inlet *s);

void mwp_inlet_free(mwp_inlet *s);

#endif
