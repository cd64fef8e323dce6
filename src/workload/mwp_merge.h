/* mwp_merge.h - the loads of one CTA that the core's in-flight table would merge, for the
 * MWP/CWP counts (docs/MWP.md, "Merged requests"). */
#ifndef HAMM_WORKLOAD_MWP_MERGE_H
#define HAMM_WORKLOAD_MWP_MERGE_H

#include <stddef.h>
#include <stdint.h>

/* A set of (memory period, transaction address) pairs: the loads a CTA's warps have sent
 * in each of their memory periods. */
typedef struct mwp_merge {
    uint64_t *addr;
    uint64_t *period; /* period + 1; 0: a free slot */
    size_t cap, used;
} mwp_merge;

/* Forget every pair (a new CTA); keeps the memory. */
void mwp_merge_reset(mwp_merge *m);

/* 1 when a load of `addr` was already sent in memory period `period` of this CTA (it
 * merges with that request in flight), else record it and return 0; -1 when out of
 * memory. */
int mwp_merge_seen(mwp_merge *m, uint64_t period, uint64_t addr);

void mwp_merge_free(mwp_merge *m);

#endif
