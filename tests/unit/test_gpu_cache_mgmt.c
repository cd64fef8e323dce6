/* test_gpu_cache_mgmt.c - the Khairy thesis' chapter 5 mechanisms: PRIC's set index
 * against the thesis' own vectors (the XOR equations of its Figure 5.13 for Poly(37), the
 * table of its Figure 5.8(b)) and hand derivations in GF(2); DBSA's window decision on a
 * hand-built access sequence; DWT-CS's choice of the best sampled core. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gpu/cache.h"
#include "gpu_cache_helpers.h"
#include "gpu/dwt.h"
#include "gpu/pric.h"

#define BIT(a, i) ((uint32_t)((a) >> (i)) & 1u)

/* The thesis' Figure 5.13: the set index I[4:0] of Poly(37) from address bits A[26:7],
 * copied equation by equation (an independent statement of the same mapping). */
static uint32_t fig_5_13(uint64_t a)
{
    uint32_t i0 = BIT(a, 25) ^ BIT(a, 24) ^ BIT(a, 23) ^ BIT(a, 22) ^ BIT(a, 21) ^ BIT(a, 18) ^
                  BIT(a, 17) ^ BIT(a, 15) ^ BIT(a, 12) ^ BIT(a, 7);
    uint32_t i1 = BIT(a, 26) ^ BIT(a, 25) ^ BIT(a, 24) ^ BIT(a, 23) ^ BIT(a, 22) ^ BIT(a, 19) ^
                  BIT(a, 18) ^ BIT(a, 16) ^ BIT(a, 13) ^ BIT(a, 8);
    uint32_t i2 = BIT(a, 26) ^ BIT(a, 22) ^ BIT(a, 21) ^ BIT(a, 20) ^ BIT(a, 19) ^ BIT(a, 18) ^
                  BIT(a, 15) ^ BIT(a, 14) ^ BIT(a, 12) ^ BIT(a, 9);
    uint32_t i3 = BIT(a, 23) ^ BIT(a, 22) ^ BIT(a, 21) ^ BIT(a, 20) ^ BIT(a, 19) ^ BIT(a, 16) ^
                  BIT(a, 15) ^ BIT(a, 13) ^ BIT(a, 10);
    uint32_t i4 = BIT(a, 24) ^ BIT(a, 23) ^ BIT(a, 22) ^ BIT(a, 21) ^ BIT(a, 20) ^ BIT(a, 17) ^
                  BIT(a, 16) ^ BIT(a, 14) ^ BIT(a, 11);
    return i0 | i1 << 1 | i2 << 2 | i3 << 3 | i4 << 4;
}

/* Poly(37) = x^5 + x^2 + 1 = 0x25.  By hand: x^5 = x^2 + 1 (5); x^6 = x^3 + x (10);
 * x^7 = x^4 + x^2 (20); x^8 = x^5 + x^3 = x^3 + x^2 + 1 (13); x^10 = (x^5)^2 =
 * x^4 + 1 (17) in GF(2); line 33 = x^5 + 1 = x^2 (4). */
static void pric_poly37_by_hand(void **state)
{
    (void)state;
    assert_int_equal(gpu_pric_default_poly(5), 0x25);
    assert_int_equal(gpu_pric_mod(31, 0x25), 31); /* below x^5: itself */
    assert_int_equal(gpu_pric_mod(32, 0x25), 5);
    assert_int_equal(gpu_pric_mod(64, 0x25), 10);
    assert_int_equal(gpu_pric_mod(128, 0x25), 20);
    assert_int_equal(gpu_pric_mod(256, 0x25), 13);
    assert_int_equal(gpu_pric_mod(1024, 0x25), 17);
    assert_int_equal(gpu_pric_mod(33, 0x25), 4);
}

/* Every single address bit A7..A26 (its row of the H-matrix) and a spread of addresses
 * below 2^27 agree with the thesis' equations. */
static void pric_figure_5_13(void **state)
{
    (void)state;
    for (int b = 7; b <= 26; b++)
        assert_int_equal(gpu_pric_mod((1ull << b) >> 7, 0x25), fig_5_13(1ull << b));
    uint64_t x = 12345;
    for (int i = 0; i < 2000; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        uint64_t a = (x >> 20) & ((1ull << 27) - 1);
        assert_int_equal(gpu_pric_mod(a >> 7, 0x25), fig_5_13(a));
    }
}

static uint32_t rev3(uint32_t s)
{
    return (s & 1) << 2 | (s & 2) | (s & 4) >> 2;
}

/* Figure 5.8(b): 8 sets, 1-byte lines, 6-bit addresses.  Its columns S0..S7 hold, in
 * its second row, 13 9 15 11 12 8 14 10, and in its first 0 4 2 6 1 5 3 7: the columns
 * are the remainders' bits read most significant first (1 -> S4), and the polynomial
 * is x^3 + x^2 + 1: 8 = x^3 = x^2 + 1 (5, S5), 13 = P (0, S0), 9 = x^3 + 1 = x^2 (4, S1). */
static void pric_figure_5_8(void **state)
{
    (void)state;
    static const uint32_t row[3][8] = {{0, 4, 2, 6, 1, 5, 3, 7},
                                       {13, 9, 15, 11, 12, 8, 14, 10},
                                       {23, 19, 21, 17, 22, 18, 20, 16}};
    for (int r = 0; r < 3; r++)
        for (uint32_t s = 0; s < 8; s++)
            assert_int_equal(rev3((uint32_t)gpu_pric_mod(row[r][s], 0xd)), s);
    assert_int_equal(gpu_pric_default_poly(3), 0xd);
}

/* The six irreducible polynomials of degree 5 are 37, 41, 47, 55, 59 and 61 (the thesis,
 * after MathWorld); every built-in polynomial is irreducible and of its degree. */
static void pric_irreducible(void **state)
{
    (void)state;
    uint32_t found[8], n = 0;
    for (uint32_t p = 32; p < 64; p++)
        if (gpu_pric_irreducible(p) && n < 8)
            found[n++] = p;
    assert_int_equal(n, 6);
    const uint32_t want[6] = {37, 41, 47, 55, 59, 61};
    for (uint32_t i = 0; i < 6; i++)
        assert_int_equal(found[i], want[i]);
    assert_false(gpu_pric_irreducible(0x21)); /* x^5 + 1 = (x + 1)(x^4 + x^3 + x^2 + x + 1) */
    for (uint32_t d = 1; d <= 20; d++) {
        assert_int_equal(gpu_pric_degree(gpu_pric_default_poly(d)), d);
        assert_true(gpu_pric_irreducible(gpu_pric_default_poly(d)));
    }
}

static gpu_cache_params params(uint32_t sets, uint32_t ways, gpu_set_index index)
{
    return (gpu_cache_params){.sets = sets, .ways = ways, .line_bytes = 128,
                              .sector_bytes = 128, .index = index,
                              .write_policy = GPU_WRITE_BACK, .write_allocate = 1,
                              .mshr_entries = 64, .mshr_max_merge = 4,
                              .miss_queue_size = 64};
}

/* 32 lines 32 lines apart (a matrix column of 4 KB rows): linear indexing puts them all
 * in set 0, which a direct-mapped cache thrashes; multiplying by x^5 is one-to-one
 * modulo an irreducible P, so PRIC spreads them over the 32 sets and the second pass
 * hits every time. */
static void pric_spreads_strides(void **state)
{
    (void)state;
    for (int pmod = 0; pmod < 2; pmod++) {
        gpu_cache *c = make(params(32, 1, pmod ? GPU_INDEX_PMOD : GPU_INDEX_LINEAR));
        for (int pass = 0; pass < 2; pass++)
            for (uint64_t k = 0; k < 32; k++) {
                gpu_cache_access(c, k * 32 * 128, 1, 0, (uint32_t)k);
                serve_all(c);
            }
        assert_int_equal(gpu_cache_stats_of(c)->hits[0], pmod ? 32 : 0);
        gpu_cache_free(c);
    }
}

static void pric_bad_poly(void **state)
{
    (void)state;
    gpu_cache_params p = params(32, 4, GPU_INDEX_PMOD);
    gpu_cache *c = NULL;
    hamm_error err = {0};
    p.poly = 0x21; /* reducible */
    assert_int_equal(gpu_cache_new(&c, &p, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "pmod_poly");
    p.poly = 0x43; /* degree 6 for 32 sets */
    assert_int_equal(gpu_cache_new(&c, &p, &err), HAMM_ERR_CONFIG);
    p.poly = 41;
    assert_int_equal(gpu_cache_new(&c, &p, &err), HAMM_OK);
    gpu_cache_free(c);
}

static void dbsa_decide(void **state)
{
    (void)state;
    assert_int_equal(gpu_dbsa_decide(0, 10, 9, 0.9, 1), 0); /* 90% is not above 90% */
    assert_int_equal(gpu_dbsa_decide(0, 10, 10, 0.9, 1), 1);
    assert_int_equal(gpu_dbsa_decide(1, 10, 0, 0.9, 1), 0); /* resampled: back on */
    assert_int_equal(gpu_dbsa_decide(1, 10, 0, 0.9, 0), 1); /* for good */
}

static gpu_cache_outcome rd(gpu_cache *c, uint64_t line)
{
    gpu_cache_outcome o = gpu_cache_access(c, line * 128, 1, 0, 0);
    serve_all(c);
    return o;
}

/* 2 sets x 2 ways, windows of 4 reads, threshold 50%.  Window 1: lines 0..3, four cold
 * misses (100% > 50%): bypassed.  Window 2: lines 0..3 again, in the tags, yet fetched
 * (MISS, counted bypassed); the tags say 0 misses (0%): with resampling the cache is on
 * again and line 0 hits; without, it stays bypassed. */
static void dbsa_window(void **state)
{
    (void)state;
    for (int resample = 0; resample < 2; resample++) {
        gpu_cache_params p = params(2, 2, GPU_INDEX_LINEAR);
        p.bypass_period = 4;
        p.bypass_threshold = 0.5;
        p.bypass_resample = resample;
        gpu_cache *c = make(p);
        for (uint64_t l = 0; l < 4; l++) {
            assert_false(gpu_cache_bypassing(c));
            assert_int_equal(rd(c, l), GPU_CACHE_MISS);
        }
        assert_true(gpu_cache_bypassing(c));
        for (uint64_t l = 0; l < 4; l++)
            assert_int_equal(rd(c, l), GPU_CACHE_MISS);
        const gpu_cache_stats *s = gpu_cache_stats_of(c);
        assert_int_equal(s->bypassed, 4);
        assert_int_equal(s->fetches, 8);
        assert_int_equal(gpu_cache_bypassing(c), !resample);
        assert_int_equal(rd(c, 0), resample ? GPU_CACHE_HIT : GPU_CACHE_MISS);
        gpu_cache_free(c);
    }
}

/* Windows of one read, threshold 50%.  A cached miss of line 0 turns the bypass on; a
 * bypassed miss of line 1 is fetched without reserving its line; once line 0 has come
 * back a bypassed read of it hits in the tags and turns the cache on again; a cached read
 * of line 1 then merges with the bypassed fetch (not a second fetch of the same sector),
 * and one fill answers both. */
static void dbsa_pending_across(void **state)
{
    (void)state;
    gpu_cache_params p = params(2, 2, GPU_INDEX_LINEAR);
    p.bypass_period = 1;
    p.bypass_threshold = 0.5;
    p.bypass_resample = 1;
    gpu_cache *c = make(p);
    uint32_t ids[8];
    assert_int_equal(gpu_cache_access(c, 0, 1, 0, 1), GPU_CACHE_MISS);
    assert_true(gpu_cache_bypassing(c));
    assert_int_equal(gpu_cache_access(c, 0x80, 1, 0, 2), GPU_CACHE_MISS);
    assert_int_equal(gpu_cache_fill(c, 0, ids, 8), 1);
    assert_int_equal(gpu_cache_access(c, 0, 1, 0, 3), GPU_CACHE_MISS); /* fetched around */
    assert_false(gpu_cache_bypassing(c));
    assert_int_equal(gpu_cache_access(c, 0x80, 1, 0, 4), GPU_CACHE_HIT_RESERVED);
    assert_int_equal(gpu_cache_stats_of(c)->fetches, 3);
    assert_int_equal(gpu_cache_fill(c, 0x80, ids, 8), 2);
    assert_int_equal(ids[0], 2);
    assert_int_equal(ids[1], 4);
    assert_int_equal(gpu_cache_fill(c, 0x80, ids, 8), 0);
    assert_int_equal(gpu_cache_fill(c, 0, ids, 8), 1);
    assert_int_equal(ids[0], 3);
    assert_true(gpu_cache_bypassing(c)); /* the merge was a miss in its window */
    gpu_cache_free(c);
}

/* Core i samples (i + 1) warps a scheduler; the core with the most instructions wins,
 * the first (fewest warps) of equal ones. */
static void dwt_pick(void **state)
{
    (void)state;
    const uint64_t counts[5] = {100, 250, 300, 300, 120};
    assert_int_equal(gpu_dwt_pick(counts, 5), 2);
    const uint64_t one[1] = {7};
    assert_int_equal(gpu_dwt_pick(one, 1), 0);
    const uint64_t rising[4] = {1, 2, 3, 4};
    assert_int_equal(gpu_dwt_pick(rising, 4), 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pric_poly37_by_hand), cmocka_unit_test(pric_figure_5_13),
        cmocka_unit_test(pric_figure_5_8),     cmocka_unit_test(pric_irreducible),
        cmocka_unit_test(pric_spreads_strides), cmocka_unit_test(pric_bad_poly),
        cmocka_unit_test(dbsa_decide),          cmocka_unit_test(dbsa_window),
        cmocka_unit_test(dbsa_pending_across),  cmocka_unit_test(dwt_pick),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
