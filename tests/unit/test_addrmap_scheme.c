/* test_addrmap_scheme.c - banked-memory schemes as the bank or channel function of an
 * address map: decodes worked out by hand from the scheme's formula (docs/BANKED.md) and
 * the bit layout written above each case, sweeps proving the maps stay one-to-one with
 * encode as their inverse, and the errors of schemes and maps that cannot work. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "addrmap_sweep.h"
#include "hamm/addrmap.h"
#include "hamm/banked.h"

static hamm_status try_build(hamm_addrmap **m, const char *spec, const char *xor_spec,
                             hamm_geometry g, const char *bank, const char *channel,
                             hamm_error *err)
{
    hamm_status st = hamm_addrmap_new(m, spec, xor_spec, &g, err);
    if (st == HAMM_OK)
        st = hamm_addrmap_set_scheme(*m, HAMM_ADDRMAP_BANK, bank, err);
    if (st == HAMM_OK)
        st = hamm_addrmap_set_scheme(*m, HAMM_ADDRMAP_CHANNEL, channel, err);
    return st;
}

static hamm_addrmap *build(const char *spec, const char *xor_spec, hamm_geometry g,
                           const char *bank, const char *channel)
{
    hamm_addrmap *m = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    if (try_build(&m, spec, xor_spec, g, bank, channel, &err) != HAMM_OK)
        fail_msg("'%s' bank '%s' channel '%s': %s: %s", spec, bank ? bank : "",
                 channel ? channel : "", err.field, err.text);
    return m;
}

static void expect(const hamm_addrmap *m, uint64_t addr, uint32_t channel, uint32_t bank,
                   uint32_t row, uint32_t column)
{
    hamm_dram_coord c;
    hamm_addrmap_decode(m, addr, &c);
    if (c.channel != channel || c.bank != bank || c.row != row || c.column != column)
        fail_msg("0x%llx: got ch %u bank %u row %u col %u, want ch %u bank %u row %u col %u",
                 (unsigned long long)addr, c.channel, c.bank, c.row, c.column, channel, bank,
                 row, column);
}

/* geometry {channels, bank_groups, banks, rows, columns, column_bytes, ranks} */
#define G4x8_INIT {4, 1, 8, 16, 4, 4, 1}
#define G4x8 ((hamm_geometry)G4x8_INIT)

/* "row:bank:channel:column", 4 channels, 8 banks, 16 rows, 4 columns of 4 bytes: byte
 * bits 0-1, column 2-3, channel 4-5, bank 6-8, row 9-12.  Address 0xAE4 is row 5, raw
 * bank 3, channel 2, column 1; the bank's unit address is 0xAE4 >> 6 = 43 = 0b101011
 * (u mod 8 = 3, u / 8 = 5), the channel's 0xAE4 >> 4 = 174 = 0b10101110. */
static void test_bank_schemes(void **state)
{
    (void)state;
    static const struct {
        const char *scheme;
        uint32_t bank;
    } cases[] = {
        {NULL, 3},
        {"low-order", 3},     /* 43 mod 8 */
        {"xor", 6},           /* H(u; 3, 3): 3 ^ 5 */
        {"xor:s=1", 2},       /* bit 0 = u0 ^ u3 = 0, bits 1-2 = u1, u2 = 1, 0 */
        {"xor:s=0", 3},       /* H with s = 0 XORs nothing */
        {"skewed", 0},        /* (3 + 1 * 5) mod 8 */
        {"skewed:skew=3", 2}, /* (3 + 3 * 5) mod 8 = 18 mod 8 */
        {"sams:s=0", 3},      /* a mod 2^q */
        {"sams:s=4", 1},      /* H(a; 3, 4): a0^a4 = 1, a1^a5 = 0, a2^a6 = 0 */
        /* 2dsmm p=1, q=2, width 8, vs=1: (i, j) = (5, 3); m_h = j mod 4 = 3;
         * m_v = H(5; 1, 1) + (j >> 2) = (1 ^ 0) + 0 = 1; module 1 * 4 + 3 */
        {"2dsmm:width=8,vs=1", 7},
        /* hs=2, width 16: (i, j) = (2, 11 = 0b1011); alpha = (j >> 4) mod 2 = 0,
         * beta = ((j >> 2) << 0) mod 2 = 0, m_v = H(2; 1, 0) = 0;
         * m_h = H(11; 2, 2) = (j0 ^ j2, j1 ^ j3) = (1, 0) = 1 */
        {"2dsmm:hs=2,width=16", 1},
        {"high-order:rows=1", 3},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hamm_addrmap *m = build("row:bank:channel:column", NULL, G4x8, cases[i].scheme, NULL);
        expect(m, 0xAE4, 2, cases[i].bank, 5, 1);
        hamm_addrmap_free(m);
    }
}

/* The same address, the channel's unit address u = 174: u mod 4 = 2, u / 4 = 43. */
static void test_channel_schemes(void **state)
{
    (void)state;
    hamm_addrmap *m = build("row:bank:channel:column", NULL, G4x8, NULL, "xor");
    expect(m, 0xAE4, 1, 3, 5, 1); /* H(u; 2, 2): u0^u2 = 1, u1^u3 = 0 */
    hamm_addrmap_free(m);
    m = build("row:bank:channel:column", NULL, G4x8, NULL, "skewed");
    expect(m, 0xAE4, 1, 3, 5, 1); /* (2 + 43 mod 4) mod 4 = 5 mod 4 */
    hamm_addrmap_free(m);
    /* both, and XOR terms after them: bank xor -> 6, then bank ^= row (5): 3 */
    m = build("row:bank:channel:column", "bank^row", G4x8, "xor", "skewed");
    expect(m, 0xAE4, 1, 3, 5, 1);
    assert_string_equal(hamm_addrmap_scheme(m, HAMM_ADDRMAP_BANK), "xor:s=3");
    assert_string_equal(hamm_addrmap_scheme(m, HAMM_ADDRMAP_CHANNEL), "skewed:skew=1");
    hamm_addrmap_free(m);
}

/* 5 channels, taken by division where "channel" sits (bit 4): for 0x1234 = 4660,
 * u = 4660 >> 4 = 291 = 58 * 5 + 1, and the rest, x = 58 << 4 | 4 = 932, holds column
 * (932 >> 2) & 3 = 1, raw bank (932 >> 4) & 7 = 2 and row 932 >> 7 = 7. */
static void test_divided_channels(void **state)
{
    (void)state;
    hamm_geometry g = {5, 1, 8, 16, 4, 4, 1};
    hamm_addrmap *m = build("row:bank:channel:column", NULL, g, NULL, "prime");
    expect(m, 0x1234, 1, 2, 7, 1); /* 291 mod 5: the division itself */
    assert_string_equal(hamm_addrmap_scheme(m, HAMM_ADDRMAP_CHANNEL), "prime:p=5");
    hamm_addrmap_free(m);
    m = build("row:bank:channel:column", NULL, g, "xor", "skewed");
    /* channel (1 + 58 mod 5) mod 5 = 4; bank: u = x >> 4 = 58, (58 & 7) ^ (58 >> 3 & 7) */
    expect(m, 0x1234, 4, 5 /* 2 xor 7 */, 7, 1);
    hamm_addrmap_free(m);
}

/* GPGPU-Sim's IPOLY channel hash on SM7_QV100's map as hamm imports it (32 channels at
 * dramid@8, 2 sub-partitions: ipoly:sub=1): channel = raw ^ (fold(addr >> 14) >> 1),
 * fold over 64 buckets (P = x^6 + x + 1).  The channel-removed address x holds byte and
 * column bits 0-7, G (the sub-partition bit) at 8, C 9-11, G 12, B 13-14, R 15-27; in
 * the address, the channel is bits 8-12 and x bit i >= 8 is bit i + 5. */
static void test_ipoly_qv100(void **state)
{
    (void)state;
    static const char map[] = "dramid@8;00000000.00000000.00000000.00000000.0000RRRR."
                              "RRRRRRRR.RBBGCCCG.CCCSSSSS";
    hamm_geometry g = {32, 4, 16, 8192, 128, 16, 1};
    hamm_addrmap *m = build(map, NULL, g, NULL, "ipoly:sub=1");
    assert_string_equal(hamm_addrmap_scheme(m, HAMM_ADDRMAP_CHANNEL), "ipoly:sub=1");
    expect(m, 0x0, 0, 0, 0, 0);
    /* bit 13, the sub-partition bit (bank group 1: bank 4), lies below the hashed bits */
    expect(m, 0x2000, 0, 4, 0, 0);
    /* bit 14 = high bit 0: fold x^6 mod P = x + 1 = 3, >> 1: channel 1; it is x bit 9,
     * a column bit (byte 256 of the row: column 16) */
    expect(m, 0x4000, 1, 0, 0, 16);
    /* bit 20 = high bit 6 = row bit 0: x^12 = (x + 1)^2 = x^2 + 1 = 5, >> 1: channel 2 */
    expect(m, 0x100000, 2, 0, 1, 0);
    /* raw channel 31 and both high bits: 31 ^ ((3 ^ 5) >> 1) = 31 ^ 3 */
    expect(m, 0x105F00, 28, 0, 1, 16);
    /* 0xf0000000: raw channel 0, high bits 14-17: x^20 ^ x^21 ^ x^22 ^ x^23 =
     * 0x3C ^ 0x3B ^ 0x35 ^ 0x29 = 0x1B, >> 1: channel 13; x = (0xF00000 / 32) << 8 =
     * 0x7800000, row x >> 15 = 0xF00 */
    expect(m, 0xF0000000, 13, 0, 0xF00, 0);
    hamm_addrmap_free(m);
    m = build(map, NULL, g, NULL, NULL); /* the bit map: the same but for the channel */
    expect(m, 0x4000, 0, 0, 0, 16);
    expect(m, 0x105F00, 31, 0, 1, 16);
    hamm_addrmap_free(m);
}

/* Prime (or low-order) on a divided count, and low-order on a contiguous field, are the
 * bit map itself: every address decodes as without a scheme. */
static void same_as_plain(const char *spec, hamm_geometry g, const char *bank,
                          const char *channel)
{
    hamm_addrmap *plain = build(spec, NULL, g, NULL, NULL);
    hamm_addrmap *m = build(spec, NULL, g, bank, channel);
    for (uint64_t a = 0; a < (UINT64_C(1) << 16); a += 4) {
        hamm_dram_coord p, c;
        hamm_addrmap_decode(plain, a * 977, &p);
        hamm_addrmap_decode(m, a * 977, &c);
        assert_memory_equal(&p, &c, sizeof p);
    }
    hamm_addrmap_free(plain);
    hamm_addrmap_free(m);
}

static void test_identity(void **state)
{
    (void)state;
    same_as_plain("row:bank:channel:column", (hamm_geometry){7, 1, 8, 16, 4, 4, 1}, NULL,
                  "prime");
    same_as_plain("row:bank:channel:column", (hamm_geometry){6, 1, 8, 16, 4, 4, 1},
                  "low-order", "low-order");
    /* yuan09-baseline's map */
    same_as_plain("dramid@8;RRRRRRRRRRRRBBCCCCCCCSSSSS", (hamm_geometry){8, 1, 4, 4096, 512,
                  8, 1}, "low-order", "low-order");
}

/* Every (channel, rank, bank, row, column) of a small geometry is hit exactly once by the
 * column-aligned addresses of its capacity, and encoding each coordinate gives its
 * address back. */
static void sweep(const char *spec, const char *xor_spec, hamm_geometry g, const char *bank,
                  const char *channel)
{
    hamm_addrmap *m = build(spec, xor_spec, g, bank, channel);
    char what[200];
    snprintf(what, sizeof what, "%s bank %s channel %s", spec, bank ? bank : "-",
             channel ? channel : "-");
    addrmap_sweep_one_to_one(m, g, what);
    hamm_addrmap_free(m);
}

static const char *const bank_schemes[] = {
    "low-order", "xor", "xor:s=1", "xor:s=5", "skewed", "skewed:skew=3",
    "sams:s=0", "sams:s=4", "2dsmm", "2dsmm:width=8,vs=1", "2dsmm:hs=1,vs=2,width=24",
    "2dsmm:hs=3,width=16", NULL,
};

static void test_one_to_one(void **state)
{
    (void)state;
    for (const char *const *b = bank_schemes; *b; b++) {
        sweep("row:bank:channel:column", NULL, G4x8, *b, NULL);
        sweep("row:bank:channel:column", "bank^row,channel^row", G4x8, *b, "xor");
        /* the bank below the channel: the channel's unit address holds no bank bit */
        sweep("row:channel:bank:column", NULL, G4x8, *b, "skewed:skew=3");
        /* bank groups listed above the index, and a rank */
        sweep("row:rank:bankgroup:bank:channel:column", "bankgroup^row",
              (hamm_geometry){2, 2, 8, 8, 4, 4, 2}, *b, "xor");
        /* GPGPU-Sim's spelling: the bank unit is the address with the channel taken out */
        sweep("dramid@4;RRRRBBBCCSS", NULL, (hamm_geometry){4, 1, 8, 16, 4, 4, 1}, *b,
              "xor:s=1");
        /* a divided channel count, the bank above and below it */
        sweep("row:bank:channel:column", NULL, (hamm_geometry){5, 1, 8, 16, 4, 4, 1}, *b,
              "skewed:skew=2");
        sweep("row:channel:bank:column", NULL, (hamm_geometry){3, 1, 8, 16, 4, 4, 1}, *b,
              "prime");
    }
    sweep("row:bank:channel:column", NULL, (hamm_geometry){8, 1, 4, 8, 4, 4, 1}, "2dsmm:vs=2",
          "2dsmm:p=1,width=16,vs=1");
    /* IPOLY needs 16 modules or more: 16 channels at dramid@4 (sub-partitions of 1 and 2
     * bits), then 16 banks and 16 channels both hashed, the bank above the channel */
    hamm_geometry g16 = {16, 1, 8, 16, 4, 4, 1};
    sweep("dramid@4;RRRRBBBCCSS", NULL, g16, NULL, "ipoly");
    sweep("dramid@4;RRRRBBBCCSS", NULL, g16, "xor", "ipoly:sub=1");
    sweep("row:bank:channel:column", "bank^row", (hamm_geometry){16, 1, 16, 8, 4, 4, 1},
          "ipoly", "ipoly:sub=2");
}

struct bad {
    const char *spec;
    hamm_geometry g;
    const char *bank, *channel;
    const char *field, *text;
};

static const struct bad bad_cases[] = {
    {"row:bank:channel:column", G4x8_INIT, "bogus", NULL, "address_bank_scheme",
     "scheme: unknown scheme 'bogus'"},
    {"row:bank:channel:column", G4x8_INIT, NULL, "xor:t=1", "address_channel_scheme",
     "xor.t: unknown parameter"},
    {"row:bank:channel:column", G4x8_INIT, "sams:q=2", NULL, "address_bank_scheme",
     "sams.q: q=2 means 4 modules, but there are 8"},
    {"row:bank:channel:column", G4x8_INIT, "2dsmm:p=2", NULL, "address_bank_scheme",
     "2dsmm.p: p=2, q=1: needs 1 <= p <= q and p + q = 3 (8 modules)"},
    {"row:bank:channel:column", G4x8_INIT, "prime", NULL, "address_bank_scheme",
     "prime.p: p=11 modules for a count of 8"},
    {"row:bank:channel:column", G4x8_INIT, NULL, "prime:p=5", "address_channel_scheme",
     "prime.p: p=5 modules for a count of 4"},
    {"row:bank:channel:column", {6, 1, 8, 16, 4, 4, 1}, NULL, "xor",
     "address_channel_scheme", "6 channels: xor needs a power-of-two module count, not 6"},
    {"row:bank:channel:column", G4x8_INIT, "high-order", NULL, "address_bank_scheme",
     "high-order: takes the module from above the block"},
    {"row:bank:channel:column", G4x8_INIT, "sams", NULL, "address_bank_scheme",
     "sams.s: s=3 with q=3: bit 2 is the offset in a two-word line"},
    {"row:bank:channel:column", G4x8_INIT, "2dsmm:width=6", NULL, "address_bank_scheme",
     "2dsmm.width: 6 is not a multiple of 2^q = 4"},
    {"row:bank:channel:column", G4x8_INIT, "2dsmm:width=20", NULL, "address_bank_scheme",
     "2dsmm.width: 20 is not a multiple of 2^(p+q) = 8"},
    {"row:bank/1:column:channel:bank", G4x8_INIT, "xor", NULL, "address_bank_scheme",
     "needs the map's bank bits in one run, lowest first, but bit 0 is address bit 2 and "
     "bit 2 is address bit 8"},
    {"row:bank:channel:column", {1, 1, 8, 16, 4, 4, 1}, NULL, "low-order",
     "address_channel_scheme", "the system has one channel: there is nothing to interleave"},
    {"row:bank:channel:column", G4x8_INIT, NULL, "ipoly", "address_channel_scheme",
     "4 channels: ipoly needs 16, 32 or 64 buckets (the count x 2^sub; GPGPU-Sim has "
     "polynomials for no others), not 4 x 2^0 = 4"},
    {"row:bank:channel:column", G4x8_INIT, "ipoly:sub=4", NULL, "address_bank_scheme",
     "ipoly.sub: ipoly needs 16, 32 or 64 buckets (the count x 2^sub; GPGPU-Sim has "
     "polynomials for no others), not 8 x 2^4 = 128"},
    {"row:bank:channel:column", {24, 1, 8, 16, 4, 4, 1}, NULL, "ipoly:sub=1",
     "address_channel_scheme", "24 channels: ipoly needs a power-of-two module count, not 24"},
};

static void test_errors(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        const struct bad *c = &bad_cases[i];
        hamm_addrmap *m = NULL;
        hamm_error err;
        hamm_error_clear(&err);
        if (try_build(&m, c->spec, NULL, c->g, c->bank, c->channel, &err) == HAMM_OK)
            fail_msg("case %zu was accepted", i);
        assert_int_equal(err.status, HAMM_ERR_CONFIG);
        assert_string_equal(err.field, c->field);
        if (!strstr(err.text, c->text))
            fail_msg("case %zu: got \"%s\", want \"%s\"", i, err.text, c->text);
        hamm_addrmap_free(m);
    }
}

/* Whether scheme `spec` on m modules permutes each block hi * m + 0 .. m-1, hi < 64. */
static int permutes(const char *spec, uint32_t m, int *accepted)
{
    hamm_banked_scheme s;
    hamm_error err;
    hamm_error_clear(&err);
    *accepted = 0;
    if (hamm_banked_parse(spec, m, &s, &err) != HAMM_OK)
        return -1;
    *accepted = hamm_banked_check_permutation(&s, &err) == HAMM_OK;
    for (uint64_t hi = 0; hi < 64; hi++) {
        uint64_t seen = 0;
        for (uint64_t b = 0; b < m; b++)
            seen |= UINT64_C(1) << hamm_banked_locate(&s, hi * m + b).module;
        if (seen != (m == 64 ? UINT64_MAX : (UINT64_C(1) << m) - 1))
            return 0;
    }
    return 1;
}

/* Whether `spec` on m modules permutes 4096 blocks drawn from below 2^40 (it parses). */
static int permutes_far(const char *spec, uint32_t m)
{
    hamm_banked_scheme s;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_banked_parse(spec, m, &s, &err), HAMM_OK);
    uint64_t hi = 1;
    for (int i = 0; i < 4096; i++) {
        hi = (hi * 6364136223846793005u + 1442695040888963407u);
        uint64_t block = hi >> 24, seen = 0;
        for (uint64_t b = 0; b < m; b++)
            seen |= UINT64_C(1) << hamm_banked_locate(&s, block * m + b).module;
        if (seen != (m == 64 ? UINT64_MAX : (UINT64_C(1) << m) - 1))
            return 0;
    }
    return 1;
}

/* What hamm_banked_check_permutation accepts permutes every block, by brute force: every
 * 2dsmm whose width 2^(p+q) divides, over hs, vs and widths; and the refused matched SAMS
 * and high-order really do not. */
static void test_permutation_claims(void **state)
{
    (void)state;
    char spec[96];
    int accepted;
    for (uint32_t m = 4; m <= 64; m *= 2)
        for (unsigned hs = 0; hs <= 7; hs++)
            for (unsigned vs = 0; vs <= 3; vs++)
                for (uint32_t w = m / 2; w <= 4 * m; w += m / 2) {
                    snprintf(spec, sizeof spec, "2dsmm:hs=%u,vs=%u,width=%u", hs, vs, w);
                    int p = permutes(spec, m, &accepted);
                    if (accepted && p != 1)
                        fail_msg("%s on %u modules: accepted but not a permutation", spec, m);
                    if (p >= 0 && w % m == 0 && !accepted)
                        fail_msg("%s on %u modules: refused", spec, m);
                }
    static const char *const others[] = {"low-order", "skewed:skew=3", "xor:s=1", "xor:s=9",
                                         "sams:s=0", "sams:s=7", "high-order:rows=1"};
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        assert_int_equal(permutes(others[i], 8, &accepted), 1);
        assert_true(accepted);
    }
    static const char *const refused[] = {"sams", "sams:s=1", "high-order:rows=4"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        assert_int_equal(permutes(refused[i], 8, &accepted), 0);
        assert_false(accepted);
    }
    /* IPOLY on 16, 32 and 64 modules, every sub it takes: the fold reads up to 19 bits
     * above the block and the sub bits, so blocks are drawn from 2^40 too */
    for (uint32_t m = 16, n = 4; m <= 64; m *= 2, n++)
        for (unsigned sub = 0; n + sub <= 6; sub++) {
            snprintf(spec, sizeof spec, "ipoly:sub=%u", sub);
            assert_int_equal(permutes(spec, m, &accepted), 1);
            assert_true(accepted);
            assert_int_equal(permutes_far(spec, m), 1);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bank_schemes),     cmocka_unit_test(test_channel_schemes),
        cmocka_unit_test(test_divided_channels), cmocka_unit_test(test_ipoly_qv100),
        cmocka_unit_test(test_identity),
        cmocka_unit_test(test_one_to_one),       cmocka_unit_test(test_errors),
        cmocka_unit_test(test_permutation_claims),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
