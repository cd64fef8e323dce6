/* mshr.c - a cache's miss-status holding registers (one entry per sector being fetched,
 * holding the ids of the requests waiting for it) and its miss queue (requests for the
 * level below, oldest first).  Entries are few (tens), so a scan finds one. */
#include "cache_internal.h"

uint32_t mshr_find(const gpu_cache *c, uint64_t sector_addr)
{
    for (uint32_t e = 0; e < c->p.mshr_entries; e++)
        if (c->mshr[e].used && c->mshr[e].sector_addr == sector_addr)
            return e;
    return MSHR_NONE;
}

/* The caller has checked that an entry is free. */
uint32_t mshr_alloc(gpu_cache *c, uint64_t sector_addr, uint32_t id)
{
    uint32_t e = 0;
    while (c->mshr[e].used)
        e++;
    c->mshr[e] = (mshr_entry){sector_addr, 1, 1, 0, 0};
    c->mshr_ids[(size_t)e * c->p.mshr_max_merge] = id;
    c->mshr_used++;
    return e;
}

int mshr_can_merge(const gpu_cache *c, uint32_t e)
{
    return c->mshr[e].waiting < c->p.mshr_max_merge;
}

void mshr_merge(gpu_cache *c, uint32_t e, uint32_t id)
{
    c->mshr_ids[(size_t)e * c->p.mshr_max_merge + c->mshr[e].waiting++] = id;
}

uint32_t mshr_release(gpu_cache *c, uint32_t e, uint32_t *ids, uint32_t max)
{
    uint32_t n = c->mshr[e].waiting;
    const uint32_t *held = &c->mshr_ids[(size_t)e * c->p.mshr_max_merge];
    for (uint32_t i = 0; i < n && i < max; i++)
        ids[i] = held[i];
    c->mshr[e].used = 0;
    c->mshr_used--;
    c->unreserved -= c->mshr[e].unreserved;
    return n;
}

/* Entries free for one access.  An empty queue takes any one access, even one that needs
 * more entries than miss_queue_size (a whole-line miss of a sectored line whose victim is
 * dirty needs a fetch per sector and a write-back): otherwise it could never go, and the
 * GPU would stop.  GPGPU-Sim sends one request per sector and never needs more than one
 * entry at a time, so it has no such case. */
uint32_t miss_queue_room(const gpu_cache *c)
{
    if (c->mq_size == 0)
        return c->mq_cap;
    return c->mq_size < c->p.miss_queue_size ? c->p.miss_queue_size - c->mq_size : 0;
}

void miss_queue_push(gpu_cache *c, gpu_mem_req r)
{
    c->mq[(c->mq_head + c->mq_size++) % c->mq_cap] = r;
}

int gpu_cache_miss_peek(const gpu_cache *c, gpu_mem_req *out)
{
    if (!c->mq_size)
        return 0;
    *out = c->mq[c->mq_head];
    return 1;
}

void gpu_cache_miss_pop(gpu_cache *c)
{
    if (!c->mq_size)
        return;
    c->mq_head = (c->mq_head + 1) % c->mq_cap;
    c->mq_size--;
}
