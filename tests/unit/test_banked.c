/* test_banked.c - the module functions of the banked-memory schemes (src/banked) on
 * addresses decoded by hand from the thesis' definitions (Gou 2011: Equations 2.1, 3.1-3.4,
 * Section 3.3, the NaS pattern of Section 4.3.2), and Figure 3.6's 2DSMM module table. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hamm/banked.h"

static hamm_banked_scheme scheme(const char *spec, uint32_t lanes)
{
    hamm_banked_scheme s;
    hamm_error err;
    hamm_error_clear(&err);
    if (hamm_banked_parse(spec, lanes, &s, &err) != HAMM_OK)
        fail_msg("%s: %s", spec, err.text);
    return s;
}

/* module, line and offset of word a */
static void at(const hamm_banked_scheme *s, uint64_t a, uint32_t m, uint64_t line, uint32_t off)
{
    hamm_banked_place p = hamm_banked_locate(s, a);
    if (p.module != m || p.line != line || p.offset != off)
        fail_msg("%s: word %llu in module %u line %llu offset %u, expected %u %llu %u", s->spec,
                 (unsigned long long)a, p.module, (unsigned long long)p.line, p.offset, m,
                 (unsigned long long)line, off);
}

static void low_high_order(void **state)
{
    (void)state;
    hamm_banked_scheme lo = scheme("low-order", 4);
    for (uint64_t a = 0; a < 8; a++)
        at(&lo, a, (uint32_t)(a % 4), a / 4, 0); /* 0 1 2 3 0 1 2 3 */
    at(&lo, 13, 1, 3, 0);                     /* 13 = 3 * 4 + 1 */
    hamm_banked_scheme hi = scheme("high-order:rows=4", 4);
    at(&hi, 5, 1, 1, 0);  /* 5 / 4 = 1: module 1, its word 5 mod 4 = 1 */
    at(&hi, 15, 3, 3, 0); /* the last word of the 4 x 4 words */
    /* 17 is beyond 16 words: it wraps to module (17 / 4) mod 4 = 0, whose line 1 is taken
     * by word 1, so it takes line 1 + 4 (a second lap) */
    at(&hi, 17, 0, 5, 0);
    at(&hi, 1, 0, 1, 0);
}

/* Figure 2.1(b): each row of 4 words rotated right by one more than the one above. */
static void skewed(void **state)
{
    (void)state;
    hamm_banked_scheme s = scheme("skewed:skew=1", 4);
    static const uint32_t expect[12] = {0, 1, 2, 3, /* row 1: */ 1, 2, 3, 0,
                                        /* row 2: */ 2, 3, 0, 1};
    for (uint64_t a = 0; a < 12; a++)
        at(&s, a, expect[a], a / 4, 0);
    hamm_banked_scheme s2 = scheme("skewed:skew=3", 4);
    at(&s2, 9, (1 + 3 * 2) % 4, 2, 0); /* row 2, column 1: (1 + 6) mod 4 = 3 */
}

/* Equation 2.1: m(a) = a mod 5, r(a) = a / 5; the default prime for 4 lanes is 5, for 16
 * it is 17 (Burroughs' 2^4 + 1), for 32 it is 37 (33 and 35 are not prime). */
static void prime(void **state)
{
    (void)state;
    hamm_banked_scheme s = scheme("prime", 4);
    assert_int_equal(s.modules, 5);
    at(&s, 7, 2, 1, 0);
    at(&s, 13, 3, 2, 0);
    assert_int_equal(scheme("prime", 16).modules, 17);
    assert_int_equal(scheme("prime", 32).modules, 37);
    assert_int_equal(scheme("prime:p=7", 4).modules, 7);
}

/* Harper's XOR scheme, 8 modules (n = 3): bit k of the module is a_k ^ a_(k+max(n,s)) for
 * k < min(n, s). 46 = 0b101110. */
static void xor_scheme(void **state)
{
    (void)state;
    hamm_banked_scheme s3 = scheme("xor:s=3", 8);
    at(&s3, 46, 3, 5, 0); /* 0^1, 1^0, 1^1 -> 0b011; line 46 >> 3 = 5 */
    hamm_banked_scheme s1 = scheme("xor:s=1", 8);
    at(&s1, 46, 7, 5, 0); /* bit 0 = a0 ^ a3 = 1; bits 1, 2 = a1, a2 = 1, 1 */
    hamm_banked_scheme s5 = scheme("xor:s=5", 8);
    at(&s5, 46, 0x6 ^ 0x1, 5, 0); /* bits 0..2 ^ bits 5..7: 0b110 ^ 0b001 */
    assert_string_equal(scheme("xor", 32).spec, "xor:s=5");
}

/* The thesis' worked example of the matched SAMS scheme with q = 2 (Section 3.2.4):
 * m(a) = <a2, a3 ^ a0>, r(a) = a >> 3, o(a) = a1. */
static void sams_matched_q2(void **state)
{
    (void)state;
    hamm_banked_scheme s = scheme("sams", 4);
    assert_string_equal(s.spec, "sams:q=2,s=2");
    at(&s, 1, 1, 0, 0);  /* 0001: a2 = 0, a3 ^ a0 = 1 */
    at(&s, 6, 2, 0, 1);  /* 0110: a2 = 1, 0 ^ 0; a1 = 1 */
    at(&s, 13, 2, 1, 0); /* 1101: a2 = 1, 1 ^ 1 = 0; row 1; a1 = 0 */
    at(&s, 9, 0, 1, 0);  /* 1001: a2 = 0, 1 ^ 1 = 0 */
}

/* Equations 3.1-3.3 in their three cases. */
static void sams_cases(void **state)
{
    (void)state;
    /* s = 0: a mod 2^q, row a >> (q+1), offset a_q; 27 = 0b11011 */
    hamm_banked_scheme s0 = scheme("sams:q=3,s=0", 8);
    at(&s0, 27, 3, 1, 1);
    /* 1 <= s <= q: <a3 a2, a0 ^ a4>, row a >> 4, offset a_(s-1) = a1 */
    hamm_banked_scheme s2 = scheme("sams:q=3,s=2", 8);
    at(&s2, 27, 0x4 | (1 ^ 1), 1, 1);
    /* s > q: bits a_k ^ a_(k+s), row ((a >> q) + 1) / 2, offset not a_q; 22 = 0b10110 */
    hamm_banked_scheme s4 = scheme("sams:q=2,s=4", 4);
    at(&s4, 22, 3, 3, 0);
    at(&s4, 3, 3, 0, 1); /* 0b11: row ((0) + 1) / 2 = 0, offset !a2 = 1 */
}

/* Section 4.3.2's NaS layout, m = (a/2) mod 2^q, r = a / 2^(q+1), o = a0, is SAMS with
 * s = 1: the module's high part is a_q..a_1 and the XOR part is empty. */
static void sams_nas(void **state)
{
    (void)state;
    hamm_banked_scheme s = scheme("sams:q=3,s=1", 8);
    for (uint64_t a = 0; a < 256; a++)
        at(&s, a, (uint32_t)((a / 2) % 8), a / 16, (uint32_t)(a & 1));
}

/* Figure 3.6: 2DSMM module assignment (m_v, m_h) for N = 16, 2^p = 2, 2^q = 4,
 * 2^vs = 2, 2^hs = 2, rows 0 to 3 (row 4 repeats row 0). */
static const char *const fig36[4] = {
    "0,0 0,1 0,2 0,3 1,1 1,0 1,3 1,2 1,0 1,1 1,2 1,3 0,1 0,0 0,3 0,2",
    "1,0 1,1 1,2 1,3 0,1 0,0 0,3 0,2 0,0 0,1 0,2 0,3 1,1 1,0 1,3 1,2",
    "1,0 1,1 1,2 1,3 0,1 0,0 0,3 0,2 0,0 0,1 0,2 0,3 1,1 1,0 1,3 1,2",
    "0,0 0,1 0,2 0,3 1,1 1,0 1,3 1,2 1,0 1,1 1,2 1,3 0,1 0,0 0,3 0,2",
};

static void twodsmm_figure_3_6(void **state)
{
    (void)state;
    hamm_banked_scheme s = scheme("2dsmm:p=1,q=2,vs=1,hs=1,width=16", 8);
    for (uint64_t i = 0; i < 5; i++)
        for (uint64_t j = 0; j < 16; j++) {
            const char *cell = fig36[i % 4] + 4 * j;
            uint32_t mv = (uint32_t)(cell[0] - '0'), mh = (uint32_t)(cell[2] - '0');
            hamm_banked_place p = hamm_banked_locate(&s, i * 16 + j);
            if (p.module != mv * 4 + mh)
                fail_msg("(%llu, %llu): module (%u,%u), Figure 3.6 says (%u,%u)",
                         (unsigned long long)i, (unsigned long long)j, p.module / 4,
                         p.module % 4, mv, mh);
            /* r(i, j) = (i / 2^p) * (N / 2^q) + j / 2^q */
            assert_int_equal(p.line, (i / 2) * 4 + j / 4);
        }
}

/* Every scheme puts distinct words in distinct (module, line) places: on 4096 words no
 * two share one (the thesis' Theorem 1 for SAMS, Theorem 6 for 2DSMM). */
static void bijective(void **state)
{
    (void)state;
    static const char *const specs[] = {
        "low-order", "high-order:rows=64", "skewed:skew=3", "prime", "xor:s=2", "xor:s=7",
        "sams:s=0", "sams:s=1", "sams:s=2", "sams:s=3", "sams:s=5", "2dsmm:vs=1,hs=2,width=64"};
    static uint8_t seen[16][4096 / 8 + 64];
    for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        hamm_banked_scheme s = scheme(specs[k], 8);
        memset(seen, 0, sizeof seen);
        for (uint64_t a = 0; a < 4096; a++) {
            hamm_banked_place p = hamm_banked_locate(&s, a);
            uint64_t slot = p.line * 2 + p.offset; /* SAMS: two words a line */
            assert_true(p.module < s.modules && s.modules <= 16);
            assert_true(slot < 8 * (4096 / 8 + 64));
            uint8_t *row = seen[p.module];
            if (row[slot / 8] & (1u << (slot % 8)))
                fail_msg("%s: word %llu shares a place", specs[k], (unsigned long long)a);
            row[slot / 8] |= (uint8_t)(1u << (slot % 8));
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(low_high_order), cmocka_unit_test(skewed),
        cmocka_unit_test(prime),          cmocka_unit_test(xor_scheme),
        cmocka_unit_test(sams_matched_q2), cmocka_unit_test(sams_cases),
        cmocka_unit_test(sams_nas),       cmocka_unit_test(twodsmm_figure_3_6),
        cmocka_unit_test(bijective),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
