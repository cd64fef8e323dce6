/* strides.c - the conflict degree of one group of addresses, and of a strided parallel
 * access (the stride table): what a memory scheme is judged by in the thesis. */
#include "banked_conflicts.h"

uint32_t hamm_conflicts_degree(hamm_conflicts *c, const uint64_t *words, size_t n)
{
    banked_counter *k = &c->probe;
    banked_counter_begin(k);
    for (size_t i = 0; i < n && i < HAMM_BANKED_MAX_GROUP; i++)
        banked_counter_add(k, hamm_banked_locate(&c->scheme, words[i]));
    return k->degree;
}

uint32_t hamm_conflicts_stride_degree(hamm_conflicts *c, uint64_t base, uint64_t stride)
{
    banked_counter *k = &c->probe;
    banked_counter_begin(k);
    for (uint32_t i = 0; i < c->scheme.lanes; i++)
        banked_counter_add(k, hamm_banked_locate(&c->scheme, base + i * stride));
    return k->degree;
}

uint32_t hamm_conflicts_stride_worst(hamm_conflicts *c, uint64_t stride)
{
    uint32_t worst = 0;
    for (uint64_t b = 0; b < HAMM_BANKED_STRIDE_BASES; b++) {
        uint32_t d = hamm_conflicts_stride_degree(c, b, stride);
        worst = d > worst ? d : worst;
    }
    return worst;
}
