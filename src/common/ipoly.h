/* ipoly.h - the IPOLY hash of Rau's pseudo-randomly interleaved memory (ISCA 1991), as
 * GPGPU-Sim uses it to pick a memory partition (addrdec.cc, -gpgpu_memory_partition_indexing
 * 2) and a cache set (gpu-cache.cc, set index 'P'): an n-bit bucket index is XORed with
 * the fold of the address bits above it,
 *
 *     bucket = index ^ ipoly_fold(high, n).
 *
 * The fold is polynomial reduction over GF(2): with h the low w bits of `high`,
 * ipoly_fold(high, n) = h(x) * x^n mod P(x), so bit i of it is the XOR over j < w of
 * h_j where x^(n+j) mod P(x) has bit i.  GPGPU-Sim has the polynomials for three bucket
 * counts only, and reads w high bits:
 *
 *     16 buckets  P = x^4 + x + 1    w = 13
 *     32 buckets  P = x^5 + x^2 + 1  w = 15
 *     64 buckets  P = x^6 + x + 1    w = 19
 *
 * (hashing.cc writes out the H-matrix of each; this reduction gives the same matrices,
 * every term.)  A fold of bits above an index is the same for the whole block of 2^n
 * indices under it, so the bucket is a permutation of each block. */
#ifndef HAMM_COMMON_IPOLY_H
#define HAMM_COMMON_IPOLY_H

#include <stdint.h>

#define IPOLY_MIN_LOG2_BUCKETS 4u
#define IPOLY_MAX_LOG2_BUCKETS 6u

/* Whether there is a polynomial for 2^log2_buckets buckets (16, 32 or 64). */
static inline int ipoly_has_buckets(unsigned log2_buckets)
{
    return log2_buckets >= IPOLY_MIN_LOG2_BUCKETS && log2_buckets <= IPOLY_MAX_LOG2_BUCKETS;
}

/* The fold of `high` into log2_buckets bits (ipoly_has_buckets must hold). */
uint32_t ipoly_fold(uint64_t high, unsigned log2_buckets);

#endif
