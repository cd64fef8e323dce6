/* mwp_merge.c - the loads of one CTA that merge with a request in flight: a set of
 * (resident group, memory period, address) triples, open addressing, each with the
 * request serving its loads (mwp_merge.h). */
#include <stdlib.h>

#include "mwp_merge.h"

static size_t slot_of(const mwp_merge *m, uint64_t group, uint64_t period, uint64_t addr)
{
    uint64_t h = (addr >> 5) * 0x9e3779b97f4a7c15ull ^ (period + 1) * 0xc2b2ae3d27d4eb4full ^
                 (group + 1) * 0x165667b19e3779f9ull;
    size_t i = (size_t)(h ^ h >> 29) & (m->cap - 1);
    const mwp_merge_slot *e = m->slot;
    while (e[i].period &&
           !(e[i].period == period + 1 && e[i].addr == addr && e[i].group == group))
        i = (i + 1) & (m->cap - 1);
    return i;
}

/* Double the table (or make its first 1024 slots) and put every entry back. */
static int grow(mwp_merge *m)
{
    mwp_merge n = {.max_merge = m->max_merge, .cap = m->cap ? m->cap * 2 : 1024};
    n.slot = calloc(n.cap, sizeof *n.slot);
    if (!n.slot)
        return -1;
    for (size_t i = 0; i < m->cap; i++) {
        const mwp_merge_slot *e = &m->slot[i];
        if (e->period) {
            n.slot[slot_of(&n, e->group, e->period - 1, e->addr)] = *e;
            n.used++;
        }
    }
    mwp_merge_free(m);
    *m = n;
    return 0;
}

void mwp_merge_reset(mwp_merge *m)
{
    for (size_t i = 0; i < m->cap; i++)
        m->slot[i].period = 0;
    m->used = 0;
}

int mwp_merge_load(mwp_merge *m, uint64_t group, uint64_t period, uint64_t addr,
                   uint32_t request, uint32_t *full)
{
    int room = m->used < MWP_MERGE_MAX;
    if (room && (m->used + 1) * 2 > m->cap && grow(m) != 0)
        return -1;
    if (m->cap == 0)
        return MWP_MERGE_NEW;
    mwp_merge_slot *e = &m->slot[slot_of(m, group, period, addr)];
    if (e->period && (m->max_merge == 0 || e->serves < m->max_merge)) {
        e->serves++;
        return MWP_MERGE_MERGED;
    }
    if (e->period) { /* full: the load's request replaces it once it returns */
        *full = e->request;
        *e = (mwp_merge_slot){addr, group, period + 1, request, 1};
        return MWP_MERGE_FULL;
    }
    if (!room)
        return MWP_MERGE_NEW; /* the set holds enough of the round; later loads are not
                                 recorded */
    *e = (mwp_merge_slot){addr, group, period + 1, request, 1};
    m->used++;
    return MWP_MERGE_NEW;
}

void mwp_merge_free(mwp_merge *m)
{
    free(m->slot);
    m->slot = NULL;
    m->cap = m->used = 0;
}
