/* scheme.c - the module functions of the interleavings of the thesis' chapter 2 and of
 * IPOLY, and the dispatch to SAMS and 2DSMM (sams.c). */
#include "banked_internal.h"
#include "common/ipoly.h"

static const char *const kind_names[HAMM_BANKED_KIND_COUNT] = {
    "low-order", "high-order", "skewed", "prime", "xor", "sams", "2dsmm", "ipoly"};

const char *hamm_banked_kind_name(hamm_banked_kind k)
{
    return (unsigned)k < HAMM_BANKED_KIND_COUNT ? kind_names[k] : "?";
}

/* A line is one word for these schemes: the module's row, so that (module, line) names
 * one word and two accesses to the same word share a cycle (a broadcast). */
static hamm_banked_place place(uint64_t module, uint64_t line)
{
    hamm_banked_place p = {(uint32_t)module, 0, line};
    return p;
}

hamm_banked_place hamm_banked_locate(const hamm_banked_scheme *s, uint64_t a)
{
    uint64_t m = s->modules;
    switch (s->kind) {
    case HAMM_BANKED_LOW_ORDER:
        if ((m & (m - 1)) == 0) { /* a power of two: no division on the trace's path */
            int n = __builtin_ctzll(m);
            return place(a & (m - 1), a >> n);
        }
        return place(a % m, a / m);
    case HAMM_BANKED_HIGH_ORDER:
        /* addresses beyond M * rows words wrap round, as hamm folds DRAM addresses */
        return place((a / s->rows) % m, a % s->rows + (a / s->rows / m) * s->rows);
    case HAMM_BANKED_SKEWED:
        /* row r = a / M is rotated right by skew * r (the thesis' Figure 2.1(b): skew 1);
         * the product is taken mod M first so that it cannot overflow */
        return place((a % m + (s->skew % m) * ((a / m) % m)) % m, a / m);
    case HAMM_BANKED_PRIME:
        return place(a % m, a / m); /* Equation 2.1 */
    case HAMM_BANKED_XOR:
        return place(banked_harper(a, s->q, s->s), a >> s->q);
    case HAMM_BANKED_SAMS:
        return banked_sams(s, a);
    case HAMM_BANKED_2DSMM:
        return banked_2dsmm(s, a);
    case HAMM_BANKED_IPOLY: {
        /* GPGPU-Sim's partition hash: the index a mod M with sub more bits under it
         * (its sub-partition) XORed with the fold of the bits above both, the top log2 M
         * bits kept: (index * 2^sub + low) ^ fold, shifted down by sub, is index ^ (fold
         * >> sub) */
        uint32_t fold = ipoly_fold(a >> (s->q + s->sub), s->q + s->sub);
        return place((a & (m - 1)) ^ (fold >> s->sub), a >> s->q);
    }
    case HAMM_BANKED_KIND_COUNT:
        break;
    }
    return place(0, a);
}

/* Each case below is a proof sketch of why module(hi * M + b), b = 0 .. M-1, is a
 * permutation of the M modules for every hi (docs/BANKED.md, "Schemes in the DRAM
 * address map"), or of why it is not. */
hamm_status hamm_banked_check_permutation(const hamm_banked_scheme *s, hamm_error *err)
{
    const char *n = hamm_banked_kind_name(s->kind);
    if (s->modules != s->lanes) /* prime with P > M: M accesses, P modules */
        return hamm_error_field(err, HAMM_ERR_ARG, "prime.p",
                                "p=%u modules for a count of %u: prime interleaving needs the "
                                "count itself prime (banks are powers of two; a channel count "
                                "such as 5 or 7 is)", s->modules, s->lanes);
    switch (s->kind) {
    case HAMM_BANKED_LOW_ORDER: /* b itself */
    case HAMM_BANKED_PRIME:     /* b itself, P = M */
    case HAMM_BANKED_SKEWED:    /* b + K * hi mod M: a rotation */
    case HAMM_BANKED_XOR:       /* b's bits XOR bits of hi (k + max(n, s) >= n) */
        return HAMM_OK;
    case HAMM_BANKED_IPOLY:
        /* b XOR fold(a >> (n + sub)) >> sub, and a >> (n + sub) = hi >> sub: the XORed
         * value is the same for the whole block, so b goes to every module once */
        return HAMM_OK;
    case HAMM_BANKED_HIGH_ORDER:
        if (s->rows == 1) /* low-order by another name */
            return HAMM_OK;
        return hamm_error_field(err, HAMM_ERR_ARG, n,
                                "takes the module from above the block (a / rows), so the M "
                                "units of a block share it; place the field high in the bit "
                                "map instead");
    case HAMM_BANKED_SAMS:
        if (s->s == 0 || s->s > s->q) /* low-order, or Harper's XOR for s > q */
            return HAMM_OK;
        return hamm_error_field(err, HAMM_ERR_ARG, "sams.s",
                                "s=%u with q=%u: bit %u is the offset in a two-word line, not "
                                "part of the module, so two units of a block share a module; "
                                "s=0 or s>q (or xor:s=S) permute", s->s, s->q, s->s - 1);
    case HAMM_BANKED_2DSMM:
        /* A block is 2^(p+q) words of one row of the array when 2^(p+q) divides the
         * width: j = J * 2^(p+q) + (hi_p << q | lo_q).  alpha + beta rotates hi_p by hs
         * (its bits land apart, so the sum is their OR), so m_v is a permutation of hi_p;
         * for each hi_p, m_h = lo_q XOR bits at or above q: a permutation of lo_q. */
        if (s->width % (UINT64_C(1) << (s->p + s->q)))
            return hamm_error_field(err, HAMM_ERR_ARG, "2dsmm.width",
                                    "%llu is not a multiple of 2^(p+q) = %u, so a block may "
                                    "straddle two rows of the array",
                                    (unsigned long long)s->width, 1u << (s->p + s->q));
        return HAMM_OK;
    case HAMM_BANKED_KIND_COUNT:
        break;
    }
    return hamm_error_set(err, HAMM_ERR_ARG, "no such scheme");
}
