/* inflight.c - a core without an L1: the read requests it has in flight, each holding the
 * load entries it will serve, so a second load of a block in flight merges with it
 * instead of going out again (up to max_merge loads a request). */
#include "core_internal.h"

uint32_t inflight_find(const gpu_core *c, uint64_t addr, int write)
{
    for (uint32_t e = 0; e < c->p.max_inflight; e++)
        if (c->inflight[e].used && c->inflight[e].addr == addr && c->inflight[e].write == write)
            return e;
    return CORE_NONE;
}

/* Adaptive granularity (hyper.c): the read in flight whose bytes cover [addr, addr +
 * bytes), and the one of exactly that address and size (a reply's). */
uint32_t inflight_find_covering(const gpu_core *c, uint64_t addr, uint32_t bytes)
{
    for (uint32_t e = 0; e < c->p.max_inflight; e++) {
        const inflight_entry *f = &c->inflight[e];
        if (f->used && !f->write && f->addr <= addr && addr + bytes <= f->addr + f->bytes)
            return e;
    }
    return CORE_NONE;
}

uint32_t inflight_find_sized(const gpu_core *c, uint64_t addr, uint32_t bytes)
{
    for (uint32_t e = 0; e < c->p.max_inflight; e++) {
        const inflight_entry *f = &c->inflight[e];
        if (f->used && !f->write && f->addr == addr && f->bytes == bytes)
            return e;
    }
    return CORE_NONE;
}

/* 0 when every entry is taken. */
int inflight_add(gpu_core *c, uint64_t addr, uint32_t bytes, int write, uint32_t load)
{
    for (uint32_t e = 0; e < c->p.max_inflight; e++) {
        if (c->inflight[e].used)
            continue;
        c->inflight[e] = (inflight_entry){addr, 1, (uint8_t)(write != 0), 1, bytes};
        c->inflight_ids[(size_t)e * c->p.max_merge] = load;
        return 1;
    }
    return 0;
}

/* 0 when the entry already serves max_merge loads. */
int inflight_merge(gpu_core *c, uint32_t e, uint32_t load)
{
    inflight_entry *f = &c->inflight[e];
    if (f->waiting == c->p.max_merge)
        return 0;
    c->inflight_ids[(size_t)e * c->p.max_merge + f->waiting++] = load;
    return 1;
}

/* Free the entry; *loads points at the loads it served (valid until the next add). */
uint32_t inflight_release(gpu_core *c, uint32_t e, const uint32_t **loads)
{
    c->inflight[e].used = 0;
    *loads = &c->inflight_ids[(size_t)e * c->p.max_merge];
    return c->inflight[e].waiting;
}
