/* scheme.c - the module functions of the interleavings of the thesis' chapter 2 and the
 * dispatch to SAMS and 2DSMM (sams.c). */
#include "banked_internal.h"

static const char *const kind_names[HAMM_BANKED_KIND_COUNT] = {
    "low-order", "high-order", "skewed", "prime", "xor", "sams", "2dsmm"};

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
    case HAMM_BANKED_KIND_COUNT:
        break;
    }
    return place(0, a);
}
