/* test_addrmap.c - address maps: decodes worked out by hand from the bit layout written
 * above each case (never copied from the program's output), the error messages of bad
 * specs, and a sweep proving small maps are one-to-one. */
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

static hamm_addrmap *build(const char *spec, const char *xor_spec, hamm_geometry g)
{
    hamm_addrmap *m = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_status st = hamm_addrmap_new(&m, spec, xor_spec, &g, &err);
    if (st != HAMM_OK)
        fail_msg("'%s' / '%s': %s: %s", spec, xor_spec ? xor_spec : "", err.field, err.text);
    return m;
}

static void expect(const hamm_addrmap *m, uint64_t addr, uint32_t channel, uint32_t group,
                   uint32_t bank, uint32_t row, uint32_t column)
{
    hamm_dram_coord c;
    memset(&c, 0xff, sizeof c);
    hamm_addrmap_decode(m, addr, &c);
    if (c.channel != channel || c.bank_group != group || c.bank != bank || c.row != row ||
        c.column != column)
        fail_msg("0x%llx: got ch %u bg %u bank %u row %u col %u, want ch %u bg %u bank %u "
                 "row %u col %u",
                 (unsigned long long)addr, c.channel, c.bank_group, c.bank, c.row, c.column,
                 channel, group, bank, row, column);
}

/* The yuan09-baseline map: 8 channels, 4 banks, 4096 rows, 512 columns of 8 bytes
 * (4 KB rows).  dramid@8: channel = (addr >> 8) & 7 and the letters describe
 * rest = ((addr >> 11) << 8) | (addr & 0xff):
 *   rest bits 25..14 R, 13..12 B, 11..5 C, 4..0 S; column = rest[11:0] >> 3. */
#define YUAN09_MAP "dramid@8;00000000.00000000.00000000.00000000.000000RR.RRRRRRRR.RRBBCCCC.CCCSSSSS"
static const hamm_geometry yuan09 = {8, 1, 4, 4096, 512, 8, 1};

static void test_yuan09_power_of_two_channels(void **state)
{
    (void)state;
    hamm_addrmap *m = build(YUAN09_MAP, NULL, yuan09);
    /* 0x12345678: addr >> 8 = 0x123456, channel = 0x56 & 7 = 6.
     * rest = (0x123456 >> 3) << 8 | 0x78 = 0x2468A << 8 | 0x78 = 0x2468A78.
     * rest[11:0] = 0xA78 = 2680 -> column 2680 / 8 = 335;
     * bank = (0x2468A78 >> 12) & 3 = 0x2468 & 3 = 0; row = (0x2468A78 >> 14) & 0xfff = 0x91A. */
    expect(m, 0x12345678, 6, 0, 0, 0x91A, 335);
    /* Built up: channel 3, bank 2, row 5, column 17, byte 4.
     * rest = 5 << 14 | 2 << 12 | (17 * 8 + 4) = 0x14000 + 0x2000 + 0x8C = 0x1608C;
     * addr = (((rest >> 8) << 3 | 3) << 8) | (rest & 0xff) = (0x160 * 8 + 3) << 8 | 0x8C
     *      = 0xB03 << 8 | 0x8C = 0xB038C. */
    expect(m, 0xB038C, 3, 0, 2, 5, 17);
    /* Consecutive 256-byte chunks go to consecutive channels, same row and column. */
    expect(m, 0x000, 0, 0, 0, 0, 0);
    expect(m, 0x100, 1, 0, 0, 0, 0);
    expect(m, 0x700, 7, 0, 0, 0, 0);
    expect(m, 0x800, 0, 0, 0, 0, 32); /* rest = 0x100: byte 256 of the row = column 32 */
    hamm_addrmap_free(m);
}

/* GPGPU-Sim's GTX480 map: 6 channels (not a power of two), 16 banks in 4 groups,
 * 4096 rows, 512 columns of 8 bytes.  channel = (addr >> 8) % 6 and
 * rest = ((addr >> 8) / 6) << 8 | (addr & 0xff), whose bits are
 *   27..16 R, 15..13 B (bank bits 3..1), 12..9 C, 8 B (bank bit 0), 7..6 C, 5..0 S;
 * the packed C and S bits (0-5 S, 6-7 C, 8-11 from rest bits 9-12) / 8 give the column,
 * and the bank's group is bank / 4. */
#define GTX480_MAP "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS"
static const hamm_geometry gtx480 = {6, 4, 16, 4096, 512, 8, 1};

static void test_gtx480_six_channels(void **state)
{
    (void)state;
    hamm_addrmap *m = build(GTX480_MAP, NULL, gtx480);
    /* 0x12345678: addr >> 8 = 0x123456 = 1193046 = 6 * 198841 -> channel 0;
     * 198841 = 0x308B9, rest = 0x308B9 << 8 | 0x78 = 0x308B978.
     * S = 0x78 & 0x3f = 56; C (bits 7..6) = 1; bank bit 0 = rest bit 8 = 0x308B9 & 1 = 1;
     * C (bits 12..9) = (0x308B9 >> 1) & 0xf = 0xC; bank bits 3..1 = (0x308B9 >> 5) & 7 = 5;
     * row = rest >> 16 = 0x308 = 776.
     * packed column = 56 | 1 << 6 | 12 << 8 = 3192 -> column 399;
     * bank = 1 | 5 << 1 = 11 -> group 11 / 4 = 2. */
    expect(m, 0x12345678, 0, 2, 11, 776, 399);
    /* addr >> 8 = 0x123457 = 6 * 198841 + 1: channel 1, the same rest. */
    expect(m, 0x12345778, 1, 2, 11, 776, 399);
    /* addr >> 8 = 0x12345B = 6 * 198841 + 5: channel 5, the same rest. */
    expect(m, 0x12345B78, 5, 2, 11, 776, 399);
    /* 0x500: 5 % 6 = 5, quotient 0 -> all zero.  0x600: 6 % 6 = 0, quotient 1 -> rest
     * 0x100, whose bit 8 is bank bit 0. */
    expect(m, 0x500, 5, 0, 0, 0, 0);
    expect(m, 0x600, 0, 0, 1, 0, 0);
    hamm_addrmap_free(m);
}

/* D bits instead of dramid@, short spec (the last letter is bit 0): 4 channels, 4 banks,
 * 16 rows, 8 columns of 2 bytes.  "RRRR.BBDD.CCCS": bits 11..8 R, 7..6 B, 5..4 D,
 * 3..1 C, 0 S. */
static void test_gpgpusim_channel_bits(void **state)
{
    (void)state;
    hamm_geometry g = {4, 1, 4, 16, 8, 2, 1};
    hamm_addrmap *m = build("RRRR.BBDD.CCCS", "", g);
    /* 0xABC = 1010 1011 1100: packed C|S = 0xC = 12 -> column 6; D = (0xBC >> 4) & 3 = 3;
     * B = (0xBC >> 6) & 3 = 2; R = 0xA. */
    expect(m, 0xABC, 3, 0, 2, 10, 6);
    hamm_addrmap_free(m);
}

/* Field order: 4 channels, 8 banks, 1024 rows, 256 columns of 4 bytes.
 * "row:bank:channel:column": bits 1..0 offset, 9..2 column, 11..10 channel, 14..12 bank,
 * 24..15 row. */
static const hamm_geometry small = {4, 1, 8, 1024, 256, 4, 1};

static void test_field_order(void **state)
{
    (void)state;
    hamm_addrmap *m = build("row:bank:channel:column", NULL, small);
    /* 0x12345678: column = (addr >> 2) & 0xff = 0x48D159E & 0xff = 0x9E = 158;
     * channel = (addr >> 10) & 3 = 0x48D15 & 3 = 1; bank = (addr >> 12) & 7 = 0x12345 & 7 = 5;
     * row = (addr >> 15) & 0x3ff = 0x2468 & 0x3ff = 0x68 = 104. */
    expect(m, 0x12345678, 1, 0, 5, 104, 158);
    hamm_addrmap_free(m);
    /* Blanks around names are allowed. */
    m = build(" row : bank : channel : column ", NULL, small);
    expect(m, 0x12345678, 1, 0, 5, 104, 158);
    hamm_addrmap_free(m);
}

/* A split field: "row:column/3:bank:channel:column" on the same geometry: bits 1..0
 * offset, 6..2 column bits 4..0, 8..7 channel, 11..9 bank, 14..12 column bits 7..5,
 * 24..15 row. */
static void test_field_split(void **state)
{
    (void)state;
    hamm_addrmap *m = build("row:column/3:bank:channel:column", NULL, small);
    /* low 16 bits 0x5678 = 0101 0110 0111 1000:
     * column low = (0x5678 >> 2) & 0x1f = 0x159E & 0x1f = 30; channel = (0x5678 >> 7) & 3 =
     * 0xAC & 3 = 0; bank = (0x5678 >> 9) & 7 = 0x2B & 7 = 3; column high = (0x5678 >> 12) & 7
     * = 5 -> column 5 << 5 | 30 = 190; row as before 104. */
    expect(m, 0x12345678, 0, 0, 3, 104, 190);
    hamm_addrmap_free(m);
    /* Both pieces sized is fine when they add up: column/3 + column/5. */
    m = build("row:column/3:bank:channel:column/5", NULL, small);
    expect(m, 0x12345678, 0, 0, 3, 104, 190);
    hamm_addrmap_free(m);
}

/* XOR terms on the "row:bank:channel:column" map above.  Built up: row 5, bank 3,
 * channel 2, column 7: addr = 5 << 15 | 3 << 12 | 2 << 10 | 7 << 2 = 0x2B81C. */
static void test_xor(void **state)
{
    (void)state;
    hamm_addrmap *m = build("row:bank:channel:column", "", small);
    expect(m, 0x2B81C, 2, 0, 3, 5, 7);
    hamm_addrmap_free(m);
    /* bank ^= row & 7: 3 ^ 5 = 6 */
    m = build("row:bank:channel:column", "bank^row", small);
    expect(m, 0x2B81C, 2, 0, 6, 5, 7);
    hamm_addrmap_free(m);
    /* channel ^= row & 3: 2 ^ 1 = 3 */
    m = build("row:bank:channel:column", "channel^row", small);
    expect(m, 0x2B81C, 3, 0, 3, 5, 7);
    hamm_addrmap_free(m);
    /* both, blanks allowed; bank ^= column & 7 as well: 3 ^ 5 ^ 7 = 1 */
    m = build("row:bank:channel:column", " bank^row , channel ^ row,bank^column", small);
    expect(m, 0x2B81C, 3, 0, 1, 5, 7);
    hamm_addrmap_free(m);
}

/* Bank groups listed as a field (the ddr4-2400-2ch map): 2 channels, 4 groups of 4 banks,
 * 65536 rows, 1024 columns of 8 bytes.  "row:bank:column/5:bankgroup:channel:column":
 * bits 2..0 offset, 7..3 column bits 4..0, 8 channel, 10..9 group, 15..11 column bits
 * 9..5, 17..16 bank in group, 33..18 row. */
static void test_bank_groups(void **state)
{
    (void)state;
    const hamm_geometry g = {2, 4, 16, 65536, 1024, 8, 1};
    const char *spec = "row:bank:column/5:bankgroup:channel:column";
    /* Built up: row 6, index 1, group 2, channel 1, column 3 << 5 | 9 = 105, byte 5:
     * 6 << 18 | 1 << 16 | 3 << 11 | 2 << 9 | 1 << 8 | 9 << 3 | 5
     * = 0x180000 + 0x10000 + 0x1800 + 0x400 + 0x100 + 0x48 + 5 = 0x191D4D. */
    hamm_addrmap *m = build(spec, NULL, g);
    expect(m, 0x191D4D, 1, 2, 2 * 4 + 1, 6, 105);
    hamm_addrmap_free(m);
    /* bank^row hits the index within the group: 1 ^ (6 & 3) = 3 -> bank 2 * 4 + 3 = 11 */
    m = build(spec, "bank^row", g);
    expect(m, 0x191D4D, 1, 2, 11, 6, 105);
    hamm_addrmap_free(m);
    /* bankgroup^row: group 2 ^ (6 & 3) = 0 -> bank 0 * 4 + 1 = 1 */
    m = build(spec, "bankgroup^row", g);
    expect(m, 0x191D4D, 1, 0, 1, 6, 105);
    hamm_addrmap_free(m);
}

/* A device with bank groups and a map without a bankgroup field: the bank field holds
 * every bank bit and the group is its top bits.  2 channels, 4 groups of 4 banks,
 * 16 rows, 8 columns of 4 bytes; "row:bank:channel:column": bits 1..0 offset, 4..2
 * column, 5 channel, 9..6 bank, 13..10 row. */
static void test_groups_without_field(void **state)
{
    (void)state;
    const hamm_geometry g = {2, 4, 16, 16, 8, 4, 1};
    hamm_addrmap *m = build("row:bank:channel:column", NULL, g);
    /* Built up: row 3, bank 13 (group 3, index 1), channel 1, column 6, byte 2:
     * 3 << 10 | 13 << 6 | 1 << 5 | 6 << 2 | 2 = 3072 + 832 + 32 + 24 + 2 = 3962 = 0xF7A. */
    expect(m, 0xF7A, 1, 3, 13, 3, 6);
    hamm_addrmap_free(m);
}

/* Without a bankgroup field, bank^row XORs every bank bit: on the GTX480 example
 * (bank 11, row 776 = 0x308) 11 ^ (0x308 & 0xf) = 11 ^ 8 = 3 -> group 0. */
static void test_xor_whole_bank(void **state)
{
    (void)state;
    hamm_addrmap *m = build(GTX480_MAP, "bank^row", gtx480);
    expect(m, 0x12345678, 0, 0, 3, 776, 399);
    hamm_addrmap_free(m);
}

/* A field-order channel count that is not a power of two is taken by division where the
 * channel field sits.  6 channels, 4 banks, 16 rows, 16 columns of 4 bytes:
 * "row:bank:channel:column": offset bits 1..0, column 5..2, channel at bit 6 by division,
 * then in the rest bank 7..6 and row 11..8. */
static void test_field_order_six_channels(void **state)
{
    (void)state;
    const hamm_geometry g = {6, 1, 4, 16, 16, 4, 1};
    hamm_addrmap *m = build("row:bank:channel:column", NULL, g);
    /* Built up: channel 4, bank 2, row 9, column 5, byte 1:
     * rest = 9 << 8 | 2 << 6 | 5 << 2 | 1 = 0x995; quotient = rest >> 6 = 38;
     * addr = (38 * 6 + 4) << 6 | (0x995 & 63) = 232 << 6 | 0x15 = 0x3A15. */
    expect(m, 0x3A15, 4, 0, 2, 9, 5);
    hamm_addrmap_free(m);
}

/* One channel: the channel field has no bits, every address is channel 0. */
static void test_one_channel(void **state)
{
    (void)state;
    const hamm_geometry g = {1, 1, 8, 1024, 256, 4, 1};
    hamm_addrmap *m = build("row:bank:channel:column", NULL, g);
    /* bits 1..0 offset, 9..2 column, 12..10 bank, 22..13 row:
     * 0x12345678: column 158 (as above), bank = (0x12345678 >> 10) & 7 = 0x48D15 & 7 = 5,
     * row = (0x12345678 >> 13) & 0x3ff = 0x91A2 & 0x3ff = 0x1A2 = 418. */
    expect(m, 0x12345678, 0, 0, 5, 418, 158);
    assert_int_equal(hamm_addrmap_geometry(m)->channels, 1);
    hamm_addrmap_free(m);
}
/* The same map with GPGPU-Sim's -dram_bnkgrp_indexing_policy 1 written in hamm's G
 * letters: a bank's group is GPGPU-Sim's bank number's low two bits (address bits 13 and
 * 8), the bank within the group its high two (bits 15 and 14).  0x12345678, as above:
 * GPGPU-Sim's bank = 11 = 0b1011 (bits 15, 14, 13, 8 = 1, 0, 1, 1): group = 0b11 = 3,
 * index = 0b10 = 2, hamm's bank = 3 x 4 + 2 = 14; 0x600: GPGPU-Sim's bank 1 -> group 1,
 * index 0, bank 4.  Rows, columns and channels as above. */
static void test_gtx480_low_bank_groups(void **state)
{
    (void)state;
    hamm_addrmap *m = build("dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR."
                            "BBGCCCCG.CCSSSSSS",
                            NULL, gtx480);
    expect(m, 0x12345678, 0, 3, 14, 776, 399);
    expect(m, 0x600, 0, 1, 4, 0, 0);
    expect(m, 0x500, 5, 0, 0, 0, 0);
    hamm_addrmap_free(m);
}

struct bad_spec {
    const char *spec, *xor_spec;
    hamm_geometry g;
    const char *field, *text;
};

/* Maps that must be refused, with the field and the words of the error. */
static const struct bad_spec bad_specs[] = {
    {"", NULL, {8, 1, 4, 4096, 512, 8, 1}, "address_map", "is empty"},
    {YUAN09_MAP, NULL, {8, 1, 4, 8192, 512, 8, 1}, "address_map",
     "has 12 R bits; 8192 rows need 13"},
    {YUAN09_MAP, NULL, {8, 1, 8, 4096, 512, 8, 1}, "address_map", "has 2 B bits; 8 banks need 3"},
    {YUAN09_MAP, NULL, {8, 1, 4, 4096, 256, 8, 1}, "address_map",
     "has 12 C and S bits together; a row of 256 columns of 8 bytes needs 11"},
    {"dramid@8;RRRRRRRRRRRRBBCCCCCCCSSSSX", NULL, {8, 1, 4, 4096, 512, 8, 1}, "address_map",
     "unknown letter 'X'"},
    {"dramid@x;RRRR", NULL, {8, 1, 4, 4096, 512, 8, 1}, "address_map", "dramid@N"},
    {"dramid@8;RRRRRRRRRRRRBGGCCCCCCCSSSSS", NULL, {8, 2, 8, 4096, 512, 8, 1}, "address_map",
     "has 2 G bits; 2 bank groups need 1"},
    {"dramid@8;RRRRRRRRRRRRBGCCCCCCCSSSSS", NULL, {8, 2, 8, 4096, 512, 8, 1}, "address_map",
     "has 1 B bits; 4 banks of a group need 2"},
    {"dramid@8;RRRRRRRRRRRRBBDCCCCCCCSSSSS", NULL, {8, 1, 4, 4096, 512, 8, 1}, "address_map",
     "both dramid@8 and D bits"},
    {"RRRRRRRRRRRRBBDDCCCCCCCSSSSS", NULL, {8, 1, 4, 4096, 512, 8, 1}, "address_map",
     "has 2 D bits; 8 channels need 3"},
    {"RRRRRRRRRRRRBBDDDCCCCCCCSSSSS", NULL, {6, 1, 4, 4096, 512, 8, 1}, "address_map",
     "6 channels is not a power of two"},
    {"RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR", NULL,
     {1, 1, 1, 1, 1, 1, 1}, "address_map", "more than 64"},
    {"row:bank:channel:column:colum", NULL, {4, 1, 8, 1024, 256, 4, 1}, "address_map",
     "unknown field 'colum'"},
    {"row:bank:row:channel:column", NULL, {4, 1, 8, 1024, 256, 4, 1}, "address_map",
     "'row' is listed 2 times without widths"},
    {"row:bank:channel", NULL, {4, 1, 8, 1024, 256, 4, 1}, "address_map",
     "lacks the column field (8 bits for 256 columns)"},
    {"row:bank/2:channel:column", NULL, {4, 1, 8, 1024, 256, 4, 1}, "address_map",
     "the widths of 'bank' add up to 2 bits; 8 banks need 3"},
    {"row:column/8:bank:channel:column", NULL, {4, 1, 8, 1024, 256, 4, 1}, "address_map",
     "leave nothing for its unsized piece"},
    {"row:bank/0:channel:column", NULL, {4, 1, 8, 1024, 256, 4, 1}, "address_map",
     "a width is a number of bits from 1 to 64"},
    {"row:bank:channel/1:channel:column", NULL, {6, 1, 8, 1024, 256, 4, 1}, "address_map",
     "must be listed once, without a width"},
    {"row:bank:channel:column", "bank^foo", {4, 1, 8, 1024, 256, 4, 1}, "address_xor",
     "unknown source 'foo'"},
    {"row:bank:channel:column", "rank^row", {4, 1, 8, 1024, 256, 4, 1}, "address_xor",
     "unknown target 'rank'"},
    {"row:bank:channel:column", "bank-row", {4, 1, 8, 1024, 256, 4, 1}, "address_xor",
     "not of the form target^source"},
    {"row:bank:channel:column", "channel^row", {6, 1, 8, 1024, 256, 4, 1}, "address_xor",
     "power-of-two channel count"},
    {"row:bank:channel:column", "bankgroup^row", {4, 1, 8, 1024, 256, 4, 1}, "address_xor",
     "no bank groups"},
    {"row:bank:channel:column", NULL, {4, 1, 6, 1024, 256, 4, 1}, "geometry",
     "banks must be a power of two"},
    {"row:bank:channel:column", NULL, {4, 16, 8, 1024, 256, 4, 1}, "geometry",
     "16 bank groups do not divide 8 banks"},
    {"row:bank:channel:column", NULL, {4, 1, 8, 1024, 256, 4, 2}, "address_map",
     "lacks the rank field (1 bits for 2 ranks)"},
    {"row:rank/1:bank:channel:column", NULL, {4, 1, 8, 1024, 256, 4, 4}, "address_map",
     "the widths of 'rank' add up to 1 bits; 4 ranks need 2"},
    {"dramid@8;RRRRRRRRRRRRBBCCCCCCCSSSSS", NULL, {8, 1, 4, 4096, 512, 8, 2}, "address_map",
     "GPGPU-Sim's spelling has no rank letter"},
    {"row:rank:bank:channel:column", NULL, {4, 1, 8, 1024, 256, 4, 3}, "geometry",
     "ranks must be a power of two"},
};

static void test_errors(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad_specs / sizeof bad_specs[0]; i++) {
        const struct bad_spec *c = &bad_specs[i];
        hamm_addrmap *m = (hamm_addrmap *)&m; /* must come back NULL */
        hamm_error err;
        hamm_error_clear(&err);
        hamm_status st = hamm_addrmap_new(&m, c->spec, c->xor_spec, &c->g, &err);
        if (st == HAMM_OK)
            fail_msg("'%s' / '%s' was accepted", c->spec, c->xor_spec ? c->xor_spec : "");
        assert_null(m);
        assert_string_equal(err.field, c->field);
        if (!strstr(err.text, c->text))
            fail_msg("'%s': got \"%s\", want \"%s\"", c->spec, err.text, c->text);
    }
}

/* Every (channel, rank, bank, row, column) of a small geometry is hit exactly once by the
 * column-aligned addresses of its capacity: no two addresses collide, none is lost; and
 * encoding each coordinate gives its address back. */
static void sweep(const char *spec, const char *xor_spec, hamm_geometry g)
{
    hamm_addrmap *m = build(spec, xor_spec, g);
    char what[160];
    snprintf(what, sizeof what, "%s / %s", spec, xor_spec ? xor_spec : "");
    addrmap_sweep_one_to_one(m, g, what);
    hamm_addrmap_free(m);
}

static void test_one_to_one(void **state)
{
    (void)state;
    sweep("row:bank:channel:column", NULL, (hamm_geometry){6, 1, 4, 16, 16, 4, 1});
    sweep("row:bank:column/1:bankgroup:channel:column", "bank^row,bankgroup^column",
          (hamm_geometry){2, 2, 4, 16, 8, 2, 1});
    sweep("row:bank:channel:column", "channel^row,bank^row", (hamm_geometry){4, 1, 8, 32, 16, 8, 1});
    sweep("dramid@3;RRRRBBCCCSS", NULL, (hamm_geometry){3, 1, 4, 16, 8, 4, 1});
    sweep("dramid@3;RRRRBBCCCSS", "bank^row", (hamm_geometry){4, 2, 4, 16, 8, 4, 1});
    /* ranks: high, low, split, and beside a divided channel count */
    sweep("row:rank:bank:channel:column", NULL, (hamm_geometry){4, 1, 4, 16, 8, 4, 2});
    sweep("row:bank:column:rank:channel", "bank^row", (hamm_geometry){2, 2, 4, 16, 8, 2, 4});
    sweep("rank/1:row:bank:rank:channel:column", NULL, (hamm_geometry){2, 1, 2, 8, 8, 2, 4});
    sweep("row:rank:bank:channel:column", NULL, (hamm_geometry){3, 1, 4, 16, 8, 4, 2});
    /* one rank: the field may be listed, with no bits */
    sweep("row:rank:bank:channel:column", NULL, (hamm_geometry){4, 1, 4, 16, 8, 4, 1});
}

/* A rank field: its bits decode to the coordinate's rank.  row(4):rank(1):bank(2):
 * channel(2):column(3) above 2 byte bits: column bits 2-4, channel 5-6, bank 7-8, rank 9,
 * row 10-13. */
static void test_rank_field(void **state)
{
    (void)state;
    hamm_addrmap *m = build("row:rank:bank:channel:column", NULL,
                            (hamm_geometry){4, 1, 4, 16, 8, 4, 2});
    hamm_dram_coord c;
    hamm_addrmap_decode(m, (UINT64_C(1) << 9) | (UINT64_C(5) << 10), &c);
    assert_int_equal(c.rank, 1);
    assert_int_equal(c.row, 5);
    assert_int_equal(c.bank, 0);
    hamm_addrmap_decode(m, UINT64_C(3) << 7, &c);
    assert_int_equal(c.rank, 0);
    assert_int_equal(c.bank, 3);
    c.rank = 2; /* outside 2 ranks */
    uint64_t a;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_addrmap_encode(m, &c, &a, &err), HAMM_ERR_ARG);
    assert_string_equal(err.field, "coordinate");
    hamm_addrmap_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_yuan09_power_of_two_channels),
        cmocka_unit_test(test_gtx480_six_channels),
        cmocka_unit_test(test_gtx480_low_bank_groups),
        cmocka_unit_test(test_gpgpusim_channel_bits),
        cmocka_unit_test(test_field_order),
        cmocka_unit_test(test_field_split),
        cmocka_unit_test(test_xor),
        cmocka_unit_test(test_bank_groups),
        cmocka_unit_test(test_groups_without_field),
        cmocka_unit_test(test_xor_whole_bank),
        cmocka_unit_test(test_field_order_six_channels),
        cmocka_unit_test(test_one_channel),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_one_to_one),
        cmocka_unit_test(test_rank_field),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
