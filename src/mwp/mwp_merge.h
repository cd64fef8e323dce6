/* mwp_merge.h - the loads of one CTA that the core's in-flight table would merge, for the
 * MWP/CWP counts (docs/MWP.md, "Merged requests" and "The merge limit"). */
#ifndef HAMM_WORKLOAD_MWP_MERGE_H
#define HAMM_WORKLOAD_MWP_MERGE_H

#include <stddef.h>
#include <stdint.h>

/* A set of (group of CTAs resident together on one SM, memory period, transaction
 * address): the loads each group's warps have sent in each of their memory periods, with
 * the request in flight that serves them (its index in the inlet schedule's table) and
 * how many loads it serves. */
typedef struct mwp_merge_slot {
    uint64_t addr, group;
    uint64_t period;  /* period + 1; 0: a free slot */
    uint32_t request; /* the request serving the block's loads */
    uint32_t serves;  /* the loads it serves, its own included */
} mwp_merge_slot;

typedef struct mwp_merge {
    mwp_merge_slot *slot;
    uint32_t max_merge; /* the most a request serves (the machine's; 0: no limit) */
    size_t cap, used;
} mwp_merge;

/* The most loads one round's set records (about 130 MB); later ones are looked up but
 * not recorded, so a long round's merges are undercounted rather than the memory used
 * unbounded. */
#define MWP_MERGE_MAX ((size_t)1 << 21)

/* What a load does in the in-flight table (mwp_merge_load). */
typedef enum mwp_merge_outcome {
    MWP_MERGE_NEW,    /* no request for its block: it sends one */
    MWP_MERGE_MERGED, /* it merges with the request in flight: the memory sees nothing */
    MWP_MERGE_FULL    /* the request in flight serves max_merge loads already: the load
                         waits for it to return, then sends a new one */
} mwp_merge_outcome;

/* Forget every load (a new round of resident CTAs); keeps the memory. */
void mwp_merge_reset(mwp_merge *m);

/* A load of `addr` by group `group` in memory period `period`: its outcome, or -1 when
 * out of memory.  `request` is the index the request it sends would have; on
 * MWP_MERGE_FULL, *full is the index of the full request it waits for. */
int mwp_merge_load(mwp_merge *m, uint64_t group, uint64_t period, uint64_t addr,
                   uint32_t request, uint32_t *full);

void mwp_merge_free(mwp_merge *m);

#endif
