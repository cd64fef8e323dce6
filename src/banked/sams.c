/* sams.c - the thesis' own schemes: SAMS (Equations 3.1-3.3) and 2DSMM (Section 3.3),
 * both built on Harper's XOR scheme. */
#include "banked_internal.h"

static uint64_t low_bits(uint32_t n)
{
    return n >= 64 ? UINT64_MAX : (1ull << n) - 1;
}

uint64_t banked_harper(uint64_t a, uint32_t n, uint32_t s)
{
    uint32_t lo = n < s ? n : s, hi = n < s ? s : n;
    uint64_t folded = hi >= 64 ? 0 : (a >> hi) & low_bits(lo);
    return (a ^ folded) & low_bits(n);
}

/* Equation 3.1 (module), 3.2 (row: the line), 3.3 (offset in the two-word line).  The
 * s > q row uses n = 64 address bits: ((a / 2^q + 1) mod 2^(64-q)) / 2. */
hamm_banked_place banked_sams(const hamm_banked_scheme *s, uint64_t a)
{
    uint32_t q = s->q, f = s->s;
    hamm_banked_place p;
    if (f == 0) {
        p.module = (uint32_t)(a & low_bits(q));
        p.line = a >> (q + 1);
        p.offset = (uint32_t)(a >> q) & 1;
    } else if (f <= q) {
        /* < a_q..a_s , (a (x) T_H{s-1,q+1}) mod 2^(s-1) > */
        uint64_t high = (a >> f) & low_bits(q - f + 1);
        uint64_t low = banked_harper(a, f - 1, q + 1);
        p.module = (uint32_t)(high << (f - 1) | low);
        p.line = a >> (q + 1);
        p.offset = (uint32_t)(a >> (f - 1)) & 1;
    } else {
        p.module = (uint32_t)banked_harper(a, q, f);
        p.line = (((a >> q) + 1) & (UINT64_MAX >> q)) >> 1;
        p.offset = !((a >> q) & 1);
    }
    return p;
}

/* Word a is element (i, j) = (a / N, a mod N) of the M x N array; its module is
 * (m_v, m_h) of the 2^p x 2^q array, numbered m_v * 2^q + m_h, and its line the row
 * function r(i, j) = (i / 2^p) * (N / 2^q) + j / 2^q. */
hamm_banked_place banked_2dsmm(const hamm_banked_scheme *s, uint64_t a)
{
    uint32_t p = s->p, q = s->q, hs = s->hs;
    uint64_t i = a / s->width, j = a % s->width;
    uint64_t alpha = (j >> (q + hs)) & low_bits(p);
    uint32_t pm = p < hs ? p : hs;
    uint64_t beta = ((j >> q) << (p - pm)) & low_bits(p);
    uint64_t mv = (banked_harper(i, p, s->vs) + alpha + beta) & low_bits(p);
    uint64_t mh = banked_harper(j, q, hs);
    hamm_banked_place pl;
    pl.module = (uint32_t)(mv << q | mh);
    pl.offset = 0;
    pl.line = (i >> p) * (s->width >> q) + (j >> q);
    return pl;
}
