/* test_banked_conflicts.c - conflict degrees (src/banked): unit stride, stride 2,
 * stride 32 and random groups under every scheme, derived by hand; the thesis' statements
 * of which strides are conflict-free (Gou 2011: Figure 2.1, Section 2.1, Chapter 3's
 * footnote 2, Figure 3.4, Theorem 2 and Corollary 1 of Appendix A, Theorems 1-3 of
 * Appendix B) as stride tables. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "hamm/banked.h"

static hamm_conflicts *make(const char *spec, uint32_t lanes, uint32_t group)
{
    hamm_banked_scheme s;
    hamm_error err;
    hamm_error_clear(&err);
    if (hamm_banked_parse(spec, lanes, &s, &err) != HAMM_OK)
        fail_msg("%s: %s", spec, err.text);
    hamm_conflicts_options o = {4, group};
    hamm_conflicts *c = NULL;
    if (hamm_conflicts_new(&c, &s, &o, &err) != HAMM_OK)
        fail_msg("%s", err.text);
    return c;
}

/* Degrees of 32 accesses at strides 1, 2, 32: at base 0 and the worst over bases.
 * low-order: gcd(S, 32) at every base.  high-order (1024 words a module): the 32 words
 * from 0 lie in module 0.  skewed: row r rotated by r, so 0..31 and the even words 0..62
 * (rows 0 and 1, the second shifted to the odd modules) and 32i (module i) are spread; from
 * base 31, word 62 = row 1 column 30 lands in (30 + 1) mod 32 = 31 with word 31.
 * prime 37: only multiples of 37 conflict.  xor s=5: m = (a ^ a >> 5) mod 32: 0..31 and
 * 32i spread, and from base 1 word 32 -> 1 meets word 1.  Matched SAMS: Corollary 1.
 * 2dsmm p=2, q=3: module ((j >> 3) mod 4) * 8 + j mod 8 for row 0 (vs = hs = 0), so 0..31
 * spread, stride 2 meets itself 32 words later, and 32i (< 1024) all land in module 0. */
static const struct {
    const char *spec;
    uint32_t base0[3], worst[3]; /* strides 1, 2, 32; 0: not checked */
} strided[] = {
    {"low-order", {1, 2, 32}, {1, 2, 32}},
    {"high-order", {32, 32, 32}, {32, 32, 32}},
    {"skewed", {1, 1, 1}, {2, 0, 1}},
    {"prime", {1, 1, 1}, {1, 1, 1}},
    {"xor", {1, 1, 1}, {2, 0, 1}},
    {"sams", {1, 1, 1}, {1, 1, 1}},
    {"2dsmm", {1, 2, 32}, {0, 0, 32}},
};

static void strides_by_hand(void **state)
{
    (void)state;
    static const uint64_t stride[3] = {1, 2, 32};
    for (size_t k = 0; k < sizeof strided / sizeof strided[0]; k++) {
        hamm_conflicts *c = make(strided[k].spec, 32, 0);
        for (int i = 0; i < 3; i++) {
            uint32_t d = hamm_conflicts_stride_degree(c, 0, stride[i]);
            uint32_t w = hamm_conflicts_stride_worst(c, stride[i]);
            if (d != strided[k].base0[i] || (strided[k].worst[i] && w != strided[k].worst[i]))
                fail_msg("%s stride %llu: degree %u worst %u, expected %u %u", strided[k].spec,
                         (unsigned long long)stride[i], d, w, strided[k].base0[i],
                         strided[k].worst[i]);
        }
        hamm_conflicts_free(c);
    }
}

/* The most distinct lines of one module, counted the slow way. */
static uint32_t naive_degree(const hamm_banked_scheme *s, const uint64_t *w, size_t n)
{
    uint32_t worst = 0;
    for (size_t i = 0; i < n; i++) {
        hamm_banked_place pi = hamm_banked_locate(s, w[i]);
        uint32_t lines = 0;
        for (size_t j = 0; j < n; j++) {
            hamm_banked_place pj = hamm_banked_locate(s, w[j]);
            int first = 1; /* count each line of pi's module once: at its first word */
            for (size_t k = 0; k < j; k++) {
                hamm_banked_place pk = hamm_banked_locate(s, w[k]);
                if (pk.module == pj.module && pk.line == pj.line)
                    first = 0;
            }
            lines += pj.module == pi.module && first;
        }
        worst = lines > worst ? lines : worst;
    }
    return worst;
}

/* Random groups: the streaming counter agrees with the slow count under every scheme,
 * and under low-order both agree with a count of a mod 32 alone. */
static void random_groups(void **state)
{
    (void)state;
    uint64_t x = 88172645463325252ull;
    for (size_t k = 0; k < sizeof strided / sizeof strided[0]; k++) {
        hamm_conflicts *c = make(strided[k].spec, 32, 0);
        for (int g = 0; g < 50; g++) {
            uint64_t w[32];
            size_t n = 1 + (size_t)(x % 32);
            for (size_t i = 0; i < n; i++) {
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                w[i] = (g % 2) ? x % 256 : x % (1u << 20); /* small ranges repeat words */
            }
            uint32_t d = hamm_conflicts_degree(c, w, n);
            assert_int_equal(d, naive_degree(hamm_conflicts_scheme(c), w, n));
            if (k == 0) {
                uint32_t count[32] = {0}, most = 0;
                for (size_t i = 0; i < n; i++) {
                    int again = 0;
                    for (size_t j = 0; j < i; j++)
                        again |= w[j] == w[i];
                    if (!again && ++count[w[i] % 32] > most)
                        most = count[w[i] % 32];
                }
                assert_int_equal(d, most);
            }
        }
        hamm_conflicts_free(c);
    }
}

/* Figure 2.1: a stride-2 access of 4 words on 4 modules: low-order halves the bandwidth
 * (degree 2), skewing and the prime memory (5 modules) are conflict-free. */
static void figure_2_1(void **state)
{
    (void)state;
    static const struct { const char *spec; uint32_t degree; } fig[] = {
        {"low-order", 2}, {"skewed:skew=1", 1}, {"prime", 1}};
    for (size_t k = 0; k < 3; k++) {
        hamm_conflicts *c = make(fig[k].spec, 4, 0);
        assert_int_equal(hamm_conflicts_stride_degree(c, 0, 2), fig[k].degree);
        hamm_conflicts_free(c);
    }
}

/* Section 2.1: "for a prime memory system with p banks, bank conflicts occur only when the
 * vector access stride is multiple of p" (then all 4 words share one bank); Chapter 3,
 * footnote 2: odd strides are conflict-free under low-order interleaving (and stride S
 * puts the 8 words on 8 / gcd(S, 8) modules, gcd(S, 8) each). */
static void prime_and_low_order_tables(void **state)
{
    (void)state;
    hamm_conflicts *p = make("prime", 4, 0);
    for (uint64_t s = 1; s <= 40; s++)
        assert_int_equal(hamm_conflicts_stride_worst(p, s), s % 5 ? 1 : 4);
    hamm_conflicts_free(p);
    hamm_conflicts *lo = make("low-order", 8, 0);
    static const uint32_t gcd8[8] = {8, 1, 2, 1, 4, 1, 2, 1}; /* gcd(S, 8) by S mod 8 */
    for (uint64_t s = 1; s <= 32; s++)
        assert_int_equal(hamm_conflicts_stride_worst(lo, s), gcd8[s % 8]);
    hamm_conflicts_free(lo);
}

/* Corollary 1 and its example: the matched SAMS scheme with 8 modules is conflict-free for
 * unit stride, strides 2 and 4 and every stride 8 sigma (sigma odd), at any base. */
static void sams_corollary_1(void **state)
{
    (void)state;
    hamm_conflicts *c = make("sams", 8, 0);
    static const uint64_t free_strides[] = {1, 2, 4, 8, 24, 40, 56, 72, 88, 104, 120};
    for (size_t i = 0; i < sizeof free_strides / sizeof free_strides[0]; i++)
        if (hamm_conflicts_stride_worst(c, free_strides[i]) != 1)
            fail_msg("matched SAMS q=3: stride %llu has degree %u",
                     (unsigned long long)free_strides[i],
                     hamm_conflicts_stride_worst(c, free_strides[i]));
    /* Figure 3.4 (1), q = 2, base 1: {1,2,3,4}, {1,3,5,7}, {1,5,9,13} in one access each */
    hamm_conflicts *q2 = make("sams", 4, 0);
    assert_int_equal(hamm_conflicts_stride_degree(q2, 1, 1), 1);
    assert_int_equal(hamm_conflicts_stride_degree(q2, 1, 2), 1);
    assert_int_equal(hamm_conflicts_stride_degree(q2, 1, 4), 1);
    /* without the two-word lines (the XOR scheme underneath), unit stride conflicts from
     * an unaligned base: what SAMS adds */
    hamm_conflicts *x = make("xor:s=2", 4, 0);
    assert_int_equal(hamm_conflicts_stride_worst(x, 1), 2);
    hamm_conflicts_free(x);
    hamm_conflicts_free(q2);
    hamm_conflicts_free(c);
}

/* Theorem 2: SAMS(q, s) is conflict-free for unit stride and for the stride family
 * sigma * 2^s, at any base: q = 2..5, s = 0..q+2, sigma = 1, 3, 5, 7. */
static void sams_theorem_2(void **state)
{
    (void)state;
    for (uint32_t q = 2; q <= 5; q++)
        for (uint32_t s = 0; s <= q + 2; s++) {
            char spec[32];
            snprintf(spec, sizeof spec, "sams:q=%u,s=%u", q, s);
            hamm_conflicts *c = make(spec, 1u << q, 0);
            assert_int_equal(hamm_conflicts_stride_worst(c, 1), 1);
            for (uint64_t sigma = 1; sigma <= 7; sigma += 2)
                if (hamm_conflicts_stride_worst(c, sigma << s) != 1)
                    fail_msg("%s: stride %llu conflicts", spec,
                             (unsigned long long)(sigma << s));
            hamm_conflicts_free(c);
        }
}

/* The table of conflict-free strides of SAMS with 8 modules (q = 3), s = 0..5, strides
 * 1..64, as the thesis states it: unit stride and the family sigma * 2^s (Theorem 2), the
 * strides 2^s' for s' < s when s <= q (Property 2 of Appendix A), and no others
 * (Corollary 1's "strides from log2(#modules) + 1 families" for s = q: 1, 2, 4, 8 sigma). */
static void sams_stride_table(void **state)
{
    (void)state;
    for (uint32_t s = 0; s <= 5; s++) {
        char spec[32];
        snprintf(spec, sizeof spec, "sams:q=3,s=%u", s);
        hamm_conflicts *c = make(spec, 8, 0);
        for (uint64_t st = 1; st <= 64; st++) {
            uint64_t odd = st >> __builtin_ctzll(st);
            int family = st == (odd << s);
            int small_power = s <= 3 && odd == 1 && (uint32_t)__builtin_ctzll(st) < s;
            int expect = st == 1 || family || small_power;
            uint32_t w = hamm_conflicts_stride_worst(c, st);
            if ((w == 1) != expect)
                fail_msg("%s stride %llu: degree %u, the thesis says %s", spec,
                         (unsigned long long)st, w, expect ? "conflict-free" : "not");
        }
        hamm_conflicts_free(c);
    }
}

/* Appendix B, 2DSMM with 2^p x 2^q = 2 x 4 modules, vs = hs = 1, N = 256 words a row:
 * Theorem 1, a row at stride HS = sigma * 2 from any start; Theorem 2, unit stride from
 * a multiple of 2^(q + min(p, hs)) = 8; Theorem 3, the forward diagonal (i + k VS,
 * j + k HS), which is the linear stride VS * N + HS. */
static void twodsmm_theorems(void **state)
{
    (void)state;
    hamm_conflicts *c = make("2dsmm:p=1,q=2,vs=1,hs=1,width=256", 8, 0);
    for (uint64_t i = 0; i < 8; i++)
        for (uint64_t hs = 2; hs <= 10; hs += 4)
            for (uint64_t j = 0; j + 7 * hs < 256; j++) {
                assert_int_equal(hamm_conflicts_stride_degree(c, i * 256 + j, hs), 1);
                for (uint64_t vs = 2; vs <= 6; vs += 4)
                    assert_int_equal(hamm_conflicts_stride_degree(c, i * 256 + j, vs * 256 + hs),
                                     1);
            }
    for (uint64_t i = 0; i < 8; i++)
        for (uint64_t j = 0; j + 8 <= 256; j += 8)
            assert_int_equal(hamm_conflicts_stride_degree(c, i * 256 + j, 1), 1);
    hamm_conflicts_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(strides_by_hand),  cmocka_unit_test(random_groups),
        cmocka_unit_test(figure_2_1),       cmocka_unit_test(prime_and_low_order_tables),
        cmocka_unit_test(sams_corollary_1), cmocka_unit_test(sams_theorem_2),
        cmocka_unit_test(sams_stride_table), cmocka_unit_test(twodsmm_theorems),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
