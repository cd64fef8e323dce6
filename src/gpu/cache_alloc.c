/* cache_alloc.c - when a cache takes a line, and how many ways it has (cache.h): the
 * allocation on fill of GPGPU-Sim's 'f' and streaming 's' caches, and the ways a unified
 * L1 keeps from kernel to kernel as its shared-memory carveout changes (carveout.h). */
#include <stdlib.h>
#include <string.h>

#include "cache_internal.h"

hamm_status cache_check_alloc(const gpu_cache_params *p, hamm_error *err)
{
    if (p->max_ways && p->max_ways < p->ways)
        return hamm_error_field(err, HAMM_ERR_CONFIG, "max_ways",
                                "cache: %u ways cannot grow to %u", p->ways, p->max_ways);
    if (p->max_ways && p->write_policy == GPU_WRITE_BACK)
        return hamm_error_field(err, HAMM_ERR_CONFIG, "write_policy",
                                "cache: a cache resized between kernels is write-through (a "
                                "way it gives up would drop dirty data)");
    if (p->alloc == GPU_ALLOC_ON_FILL &&
        (p->write_policy == GPU_WRITE_BACK || p->write_allocate))
        return hamm_error_field(err, HAMM_ERR_CONFIG, "allocate",
                                "cache: allocation on fill needs a write-through cache without "
                                "write allocation, as GPGPU-Sim's does (a fill could not write "
                                "a dirty victim back; a write miss has no line to allocate)");
    return HAMM_OK;
}

cache_line *cache_fill_line(gpu_cache *c, uint64_t line)
{
    /* on fill nothing is reserved, so a way is free or unreserved; but lines an on-miss
     * kernel reserved before a streaming L1 switched back are not there between kernels */
    cache_line *v = cache_victim(c, line);
    if (v)
        cache_install(c, v, line); /* write-through: nothing to write back */
    return v;
}

/* Lines to keep first: those waiting for a fetch, then present ones, most recent first. */
static int keep_order(const void *a, const void *b)
{
    const cache_line *x = a, *y = b;
    if ((x->reserved != 0) != (y->reserved != 0))
        return y->reserved != 0 ? 1 : -1;
    if (x->present != y->present)
        return y->present ? 1 : -1;
    return x->last_use < y->last_use ? 1 : x->last_use > y->last_use ? -1 : 0;
}

/* Sets are `old` ways apart in the array and become `ways` apart: moving set s to s *
 * ways never overwrites a set not moved yet when sets go in increasing order to fewer
 * ways, and in decreasing order to more. */
void gpu_cache_set_ways(gpu_cache *c, uint32_t ways)
{
    uint32_t old = c->p.ways, sets = c->p.sets;
    if (ways == old || !ways || ways > (c->p.max_ways ? c->p.max_ways : old))
        return;
    size_t size = sizeof *c->lines;
    if (ways < old) {
        for (uint32_t s = 0; s < sets; s++) {
            cache_line *set = &c->lines[(size_t)s * old];
            qsort(set, old, size, keep_order);
            memmove(&c->lines[(size_t)s * ways], set, ways * size);
        }
        memset(&c->lines[(size_t)sets * ways], 0, (size_t)sets * (old - ways) * size);
    } else {
        for (uint32_t s = sets; s-- > 0;) {
            memmove(&c->lines[(size_t)s * ways], &c->lines[(size_t)s * old], old * size);
            memset(&c->lines[(size_t)s * ways + old], 0, (ways - old) * size);
        }
    }
    c->p.ways = ways;
}

void gpu_cache_invalidate(gpu_cache *c)
{
    if (!c->used)
        return;
    for (size_t i = 0; i < (size_t)c->p.sets * c->p.ways; i++) {
        cache_line *l = &c->lines[i];
        l->valid &= l->reserved;
        l->dirty &= l->reserved;
    }
    c->used = 0;
}

uint32_t gpu_cache_ways(const gpu_cache *c)
{
    return c->p.ways;
}

void gpu_cache_set_alloc(gpu_cache *c, gpu_alloc_policy alloc)
{
    c->p.alloc = alloc;
}
