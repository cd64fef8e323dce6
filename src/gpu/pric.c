/* pric.c - the pseudo-random interleaving cache index (PRIC, Khairy thesis section 5.3,
 * after Rau's polynomial modulus mapping): the line number read as a polynomial over GF(2)
 * (bit i the coefficient of x^i), reduced modulo an irreducible polynomial P of degree
 * log2(sets); the remainder is the set.  Every M consecutive lines fill the M sets, and
 * strides that are multiples of M, which pile onto one set under linear indexing, spread. */
#include "pric.h"

/* One irreducible polynomial a degree (bit i: x^i), for set counts without a given one.
 * Degree 5 is the thesis' Poly(37) = x^5 + x^2 + 1; degree 3 is the polynomial of its
 * Figure 5.8(b), x^3 + x^2 + 1 (13).  The others are trinomials or pentanomials from
 * the standard tables of irreducible polynomials over GF(2); gpu_pric_irreducible checks
 * each in test_gpu_pric.c. */
static const uint32_t default_poly[] = {
    [1] = 0x3,       /* x + 1 */
    [2] = 0x7,       /* x^2 + x + 1 */
    [3] = 0xd,       /* x^3 + x^2 + 1 */
    [4] = 0x13,      /* x^4 + x + 1 */
    [5] = 0x25,      /* x^5 + x^2 + 1: Poly(37) */
    [6] = 0x43,      /* x^6 + x + 1 */
    [7] = 0x83,      /* x^7 + x + 1 */
    [8] = 0x11d,     /* x^8 + x^4 + x^3 + x^2 + 1 */
    [9] = 0x211,     /* x^9 + x^4 + 1 */
    [10] = 0x409,    /* x^10 + x^3 + 1 */
    [11] = 0x805,    /* x^11 + x^2 + 1 */
    [12] = 0x1053,   /* x^12 + x^6 + x^4 + x + 1 */
    [13] = 0x201b,   /* x^13 + x^4 + x^3 + x + 1 */
    [14] = 0x4443,   /* x^14 + x^10 + x^6 + x + 1 */
    [15] = 0x8003,   /* x^15 + x + 1 */
    [16] = 0x1002d,  /* x^16 + x^5 + x^3 + x^2 + 1 */
    [17] = 0x20009,  /* x^17 + x^3 + 1 */
    [18] = 0x40081,  /* x^18 + x^7 + 1 */
    [19] = 0x80027,  /* x^19 + x^5 + x^2 + x + 1 */
    [20] = 0x100009, /* x^20 + x^3 + 1 */
};

uint32_t gpu_pric_default_poly(uint32_t degree)
{
    return degree >= 1 && degree <= 20 ? default_poly[degree] : 0;
}

uint32_t gpu_pric_degree(uint64_t p)
{
    return p ? 63u - (uint32_t)__builtin_clzll(p) : 0;
}

uint64_t gpu_pric_mod(uint64_t a, uint64_t p)
{
    uint32_t d = gpu_pric_degree(p);
    if (!d)
        return 0;
    /* Long division in GF(2): clear each bit at or above x^d with a shifted P. */
    for (uint32_t i = 63; i >= d; i--)
        if (a >> i & 1)
            a ^= p << (i - d);
    return a;
}

int gpu_pric_irreducible(uint64_t p)
{
    uint32_t d = gpu_pric_degree(p);
    if (d < 1 || d > 31)
        return 0;
    /* A reducible P has a factor of degree at most d / 2: try every such divisor. */
    for (uint64_t q = 2; gpu_pric_degree(q) <= d / 2; q++)
        if (gpu_pric_mod(p, q) == 0)
            return 0;
    return 1;
}
