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
    while (m->period[i] &&
           !(m->period[i] == period + 1 && m->addr[i] == addr && m->group[i] == group))
        i = (i + 1) & (m->cap - 1);
    return i;
}

/* Double the table (or make its first 1024 slots) and put every pair back. */
static int grow(mwp_merge *m)
{
    mwp_merge n = {.max_merge = m->max_merge, .cap = m->cap ? m->cap * 2 : 1024};
    n.addr = calloc(n.cap, sizeof *n.addr);
    n.group = calloc(n.cap, sizeof *n.group);
    n.period = calloc(n.cap, sizeof *n.period);
    n.request = calloc(n.cap, sizeof *n.request);
    n.serves = calloc(n.cap, sizeof *n.serves);
    if (!n.addr || !n.group || !n.period || !n.request || !n.serves) {
        mwp_merge_free(&n);
        return -1;
    }
    for (size_t i = 0; i < m->cap; i++) {
        if (!m->period[i])
            continue;
        size_t j = slot_of(&n, m->group[i], m->period[i] - 1, m->addr[i]);
        n.period[j] = m->period[i];
        n.addr[j] = m->addr[i];
        n.group[j] = m->group[i];
        n.request[j] = m->request[i];
        n.serves[j] = m->serves[i];
        n.used++;
    }
    mwp_merge_free(m);
    *m = n;
    return 0;
}

void mwp_merge_reset(mwp_merge *m)
{
    for (size_t i = 0; i < m->cap; i++)
        m->period[i] = 0;
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
    size_t i = slot_of(m, group, period, addr);
    if (m->period[i] && (m->max_merge == 0 || m->serves[i] < m->max_merge)) {
        m->serves[i]++;
        return MWP_MERGE_MERGED;
    }
    if (m->period[i]) { /* full: the load's request replaces it once it returns */
        *full = m->request[i];
        m->request[i] = request;
        m->serves[i] = 1;
        return MWP_MERGE_FULL;
    }
    if (!room)
        return MWP_MERGE_NEW; /* the set holds enough of the round; later loads are not
                                 recorded */
    m->period[i] = period + 1;
    m->addr[i] = addr;
    m->group[i] = group;
    m->request[i] = request;
    m->serves[i] = 1;
    m->used++;
    return MWP_MERGE_NEW;
}

void mwp_merge_free(mwp_merge *m)
{
    free(m->addr);
    free(m->group);
    free(m->period);
    free(m->request);
    free(m->serves);
    m->addr = m->group = m->period = NULL;
    m->request = m->serves = NULL;
    m->cap = m->used = 0;
}
