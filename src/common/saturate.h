/* saturate.h - unsigned arithmetic that sticks at UINT64_MAX instead of wrapping, for
 * bounds computed from untrusted sizes (a GPU model's memory, a recording's length):
 * an overflowing bound must read as "too large", never as small. */
#ifndef HAMM_COMMON_SATURATE_H
#define HAMM_COMMON_SATURATE_H

#include <stdint.h>

static inline uint64_t saturate_mul(uint64_t a, uint64_t b)
{
    uint64_t p;
    return __builtin_mul_overflow(a, b, &p) ? UINT64_MAX : p;
}

static inline uint64_t saturate_add(uint64_t a, uint64_t b)
{
    uint64_t s;
    return __builtin_add_overflow(a, b, &s) ? UINT64_MAX : s;
}

#endif
