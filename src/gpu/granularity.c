/* granularity.c - the launch-time scheduler of adaptive DRAM access granularity (Alg. 6.1
 * of the Gou thesis) and the channel interleaving granularity it is bounded by
 * (granularity.h). */
#include "granularity.h"

static uint32_t pow2_floor(uint64_t v)
{
    uint32_t p = 1;
    while ((uint64_t)p * 2 <= v && p < (1u << 30))
        p *= 2;
    return p;
}

uint32_t gpu_gran_schedule(const gpu_access_pattern *p, uint32_t block_x,
                           const gpu_gran_params *r)
{
    /* line 6: neighbouring threads along x read contiguous elements, and the CTA next
     * along x continues where this one's row ends; else no horizontal locality is known */
    if (!p || p->e <= 0 || p->e != (int64_t)p->data_size ||
        (!r->any_cta_stride && (int64_t)block_x * p->e != p->d))
        return r->min_bytes;
    uint64_t span = (uint64_t)block_x * (uint64_t)p->e;
    if (span >= r->max_bytes)
        return r->max_bytes; /* lines 8-9 */
    if (span <= r->min_bytes)
        return r->min_bytes; /* lines 10-11 */
    return pow2_floor(span); /* line 13 */
}

static int same_place(const hamm_dram_coord *a, const hamm_dram_coord *b)
{
    return a->channel == b->channel && a->rank == b->rank && a->bank_group == b->bank_group &&
           a->bank == b->bank && a->row == b->row;
}

uint32_t gpu_gran_interleave(const hamm_addrmap *map)
{
    hamm_dram_coord zero, at;
    hamm_addrmap_decode(map, 0, &zero);
    for (uint32_t b = 5; b < 30; b++) {
        hamm_addrmap_decode(map, (uint64_t)1 << b, &at);
        if (!same_place(&zero, &at))
            return 1u << b;
    }
    return 1u << 30;
}
