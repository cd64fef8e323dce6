/* mwp_merge.h - the loads of one CTA that the core's in-flight table would merge, for the
 * MWP/CWP counts (docs/MWP.md, "Merged requests"). */
#ifndef HAMM_WORKLOAD_MWP_MERGE_H
#define HAMM_WORKLOAD_MWP_MERGE_H

#include <stddef.h>
#include <stdint.h>

/* A set of (group of CTAs resident together on one SM, memory period, transaction
 * address): the loads each group's warps have sent in each of their memory periods. */
typedef struct mwp_merge {
    uint64_t *addr, *group;
    uint64_t *period; /* period + 1; 0: a free slot */
    size_t cap, used;
} mwp_merge;

/* The most loads one round's set records (about 100 MB); later ones are looked up but
 * not recorded, so a long round's merges are undercounted rather than the memory used
 * unbounded. */
#define MWP_MERGE_MAX ((size_t)1 << 21)

/* Forget every load (a new round of resident CTAs); keeps the memory. */
void mwp_merge_reset(mwp_merge *m);

/* 1 when group `group` already sent a load of `addr` in memory period `period` (this one
 * merges with that request in flight), else record it and return 0; -1 when out of
 * memory. */
int mwp_merge_seen(mwp_merge *m, uint64_t group, uint64_t period, uint64_t addr);

void mwp_merge_free(mwp_merge *m);

#endif
