/* test_ipoly.c - the IPOLY fold (src/common/ipoly.h): columns of the H-matrix worked out
 * by hand, the same columns built another way (multiplying by x one step at a time), the
 * high bits GPGPU-Sim reads and no more, and the property the hash is chosen for: the
 * 2^n addresses of any power-of-two stride land in distinct buckets. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "common/ipoly.h"

static const uint32_t poly[] = {0x13, 0x25, 0x43};   /* n = 4, 5, 6 */
static const unsigned high_bits[] = {13, 15, 19};

/* Single high bits, by hand: fold(1 << j) = x^(n+j) mod P(x).
 *   n = 4, P = x^4+x+1:    x^4 = x+1 (3); x^5 = x^2+x (6); x^7 = x^4+x^3 = x^3+x+1 (0xB);
 *                          x^8 = (x^4)^2 = (x+1)^2 = x^2+1 (5)
 *   n = 5, P = x^5+x^2+1:  x^5 = x^2+1 (5); x^8 = x^5+x^3 = x^3+x^2+1 (0xD)
 *   n = 6, P = x^6+x+1:    x^6 = x+1 (3); x^11 = x^5 (x+1) = x^6+x^5 = x^5+x+1 (0x23);
 *                          x^12 = (x+1)^2 = x^2+1 (5) */
static void test_columns_by_hand(void **state)
{
    (void)state;
    assert_int_equal(ipoly_fold(1, 4), 0x3);
    assert_int_equal(ipoly_fold(2, 4), 0x6);
    assert_int_equal(ipoly_fold(8, 4), 0xB);
    assert_int_equal(ipoly_fold(16, 4), 0x5);
    assert_int_equal(ipoly_fold(1, 5), 0x5);
    assert_int_equal(ipoly_fold(8, 5), 0xD);
    assert_int_equal(ipoly_fold(1, 6), 0x3);
    assert_int_equal(ipoly_fold(1u << 5, 6), 0x23);
    assert_int_equal(ipoly_fold(1u << 6, 6), 0x5);
    /* linear over GF(2): bits 0 and 6 together, 3 ^ 5 */
    assert_int_equal(ipoly_fold(1 | 1u << 6, 6), 0x6);
    assert_int_equal(ipoly_fold(0, 5), 0);
}

/* Every column, built by multiplying by x and reducing once per step, and the fold of
 * any value the XOR of its bits' columns; the bits above the w GPGPU-Sim reads fold to
 * nothing. */
static void test_columns_stepwise(void **state)
{
    (void)state;
    for (unsigned n = 4; n <= 6; n++) {
        assert_true(ipoly_has_buckets(n));
        uint32_t p = poly[n - 4], col[64];
        unsigned w = high_bits[n - 4];
        uint32_t c = p ^ (1u << n); /* x^n mod P */
        for (unsigned j = 0; j < w; j++) {
            col[j] = c;
            assert_int_equal(ipoly_fold(UINT64_C(1) << j, n), c);
            c <<= 1;
            if (c & (1u << n))
                c ^= p;
        }
        for (unsigned j = w; j < 64; j++)
            assert_int_equal(ipoly_fold(UINT64_C(1) << j, n), 0);
        uint64_t v = UINT64_C(0x9E3779B97F4A7C15);
        for (int i = 0; i < 200; i++, v = v * 6364136223846793005u + 1442695040888963407u) {
            uint32_t want = 0;
            for (unsigned j = 0; j < w; j++)
                if ((v >> j) & 1)
                    want ^= col[j];
            assert_int_equal(ipoly_fold(v, n), want);
        }
    }
    assert_false(ipoly_has_buckets(3));
    assert_false(ipoly_has_buckets(7));
}

/* The bucket of address a (an index of n bits, the high bits above it) is
 * (a mod 2^n) ^ fold(a >> n), which is a(x) mod P(x) while a has at most n + w bits.
 * Stride 2^k, k <= w: the 2^n addresses i * 2^k are i(x) x^k, and x^k is invertible
 * modulo P, so their buckets are distinct.  At k = w + 1 the top bit of i falls beyond
 * the w bits read, and i and i + 2^(n-1) share a bucket. */
static void test_power_of_two_strides(void **state)
{
    (void)state;
    for (unsigned n = 4; n <= 6; n++) {
        unsigned w = high_bits[n - 4];
        for (unsigned k = 0; k <= w + 1; k++) {
            uint64_t seen = 0;
            for (uint64_t i = 0; i < (UINT64_C(1) << n); i++) {
                uint64_t a = i << k;
                uint32_t b = (uint32_t)(a & ((1u << n) - 1)) ^ ipoly_fold(a >> n, n);
                seen |= UINT64_C(1) << b;
            }
            int distinct = seen == (n == 6 ? UINT64_MAX : (UINT64_C(1) << (1u << n)) - 1);
            if (distinct != (k <= w))
                fail_msg("n=%u stride 2^%u: distinct %d", n, k, distinct);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_columns_by_hand),
        cmocka_unit_test(test_columns_stepwise),
        cmocka_unit_test(test_power_of_two_strides),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
