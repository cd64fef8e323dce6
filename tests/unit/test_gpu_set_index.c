/* test_gpu_set_index.c - the caches' set-index functions (src/gpu/set_index.c), each
 * expected set worked out by hand from GPGPU-Sim's definitions (gpu-cache.cc's
 * cache_config::hash_function, hashing.cc) for the set counts its configurations use
 * (the GTX480's L1: 32 sets, Fermi hash; the L2s of Kepler to Hopper: 32 or 64 sets a
 * sub-partition, IPOLY), the sub-partitions an L2 is split into, and a cache that puts
 * lines where the index says. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "gpu/set_index.h"
#include "gpu_cache_helpers.h"

static gpu_set_indexer indexer(gpu_set_index fn, uint32_t sets, uint32_t line_log2,
                               uint32_t parts, uint64_t part_mask)
{
    gpu_set_indexer ix;
    hamm_error err = {0};
    if (gpu_set_indexer_init(&ix, fn, sets, line_log2, parts, part_mask, 0, &err) != HAMM_OK)
        fail_msg("%s: %s", err.field, err.text);
    return ix;
}

static uint32_t set_of(gpu_set_index fn, uint32_t sets, uint64_t addr)
{
    gpu_set_indexer ix = indexer(fn, sets, 7, 1, 0);
    return gpu_set_index_of(&ix, addr);
}

/* 'L': the line number's low bits.  0x12345680 >> 7 = 0x2468AD; mod 32 = 0x0D = 13,
 * mod 64 = 0x2D = 45, mod 4 (the Volta L1s' 4 sets) = 1; one set (RTX2060_S) is 0. */
static void linear(void **state)
{
    (void)state;
    assert_int_equal(set_of(GPU_INDEX_LINEAR, 32, 0x12345680), 13);
    assert_int_equal(set_of(GPU_INDEX_LINEAR, 64, 0x12345680), 45);
    assert_int_equal(set_of(GPU_INDEX_LINEAR, 4, 0x12345680), 1);
    assert_int_equal(set_of(GPU_INDEX_LINEAR, 1, 0x12345680), 0);
    assert_int_equal(set_of(GPU_INDEX_LINEAR, 32, 0x12345680 + 127), 13); /* offset unread */
}

/* 'X': index ^ (higher bits & (sets - 1)), higher = addr >> (line + log2 sets): the same
 * as hamm's xor before (line ^ line >> log2 sets, masked).  Line 0x2468AD, 32 sets:
 * 0x0D ^ (0x2468AD >> 5 = 0x12345, & 31 = 0x05) = 0x08 = 8; 64 sets: 0x2D ^ (0x2468AD >> 6
 * = 0x91A2, & 63 = 0x22) = 0x0F = 15; 4 sets: 1 ^ (0x2468AD >> 2 = 0x91A2B, & 3 = 3) = 2. */
static void bitwise_xor(void **state)
{
    (void)state;
    assert_int_equal(set_of(GPU_INDEX_XOR, 32, 0x12345680), 8);
    assert_int_equal(set_of(GPU_INDEX_XOR, 64, 0x12345680), 15);
    assert_int_equal(set_of(GPU_INDEX_XOR, 4, 0x12345680), 2);
}

/* 'H': (addr >> line) & 0x1F XOR (bits 13, 14, 15, 17, 19 of addr as bits 0..4); 64 sets
 * add bit 12 as bit 5.  Each hashed bit alone lands on its own set bit; bits 16 and 18 are
 * not read; bit 12 only with 64 sets.  0xA2F80: bits 7..11 = 11111 (31), bit 13 (1),
 * bit 17 (8), bit 19 (16): 31 ^ 25 = 6; 0xA3F80 adds bit 12: 6 (32 sets), 38 (64). */
static void fermi_hash(void **state)
{
    (void)state;
    const uint64_t bit[] = {0x2000, 0x4000, 0x8000, 0x20000, 0x80000};
    for (uint32_t i = 0; i < 5; i++) {
        assert_int_equal(set_of(GPU_INDEX_FERMI_HASH, 32, bit[i]), 1u << i);
        assert_int_equal(set_of(GPU_INDEX_FERMI_HASH, 64, bit[i]), 1u << i);
    }
    assert_int_equal(set_of(GPU_INDEX_FERMI_HASH, 32, 0x10000), 0);
    assert_int_equal(set_of(GPU_INDEX_FERMI_HASH, 32, 0x40000), 0);
    assert_int_equal(set_of(GPU_INDEX_FERMI_HASH, 32, 0x1000), 0);
    assert_int_equal(set_of(GPU_INDEX_FERMI_HASH, 64, 0x1000), 32);
    assert_int_equal(set_of(GPU_INDEX_FERMI_HASH, 32, 0xA2F80), 6);
    assert_int_equal(set_of(GPU_INDEX_FERMI_HASH, 32, 0xA3F80), 6);
    assert_int_equal(set_of(GPU_INDEX_FERMI_HASH, 64, 0xA3F80), 38);
    /* its low bits are the line's, shifted by the line size: 256-byte lines read bit 8 as
     * set bit 0; the hashed bits stay address bits */
    gpu_set_indexer ix = indexer(GPU_INDEX_FERMI_HASH, 32, 8, 1, 0);
    assert_int_equal(gpu_set_index_of(&ix, 0x100), 1);
    assert_int_equal(gpu_set_index_of(&ix, 0x80), 0);
    assert_int_equal(gpu_set_index_of(&ix, 0x2000), 1); /* line 0x20: low 0; bit 13: 1 */
}

/* 'P', 32 sets: every set bit is the linear set's XOR some higher bits; the higher bit j
 * (line bit 5 + j) feeds set bit i where x^(5 + j) mod (x^5 + x^2 + 1) has x^i, for j up
 * to 14 (line bit 19).  x^5 = x^2 + 1 (5), and each next power is the last times x, with
 * x^5 replaced by x^2 + 1: x^0..x^19 = 1 2 4 8 16 5 10 20 13 26 17 7 14 28 29 31 27 19 3 6.
 * Line bit 20 and above are not read.  Line 0x2468AD (address 0x12345680) has bits 0, 2,
 * 3, 5, 7, 11, 13, 14, 18 below 20: 1^4^8^5^20^7^28^29^3 = 25. */
static void ipoly_32(void **state)
{
    (void)state;
    const uint32_t power[20] = {1, 2, 4, 8, 16, 5, 10, 20, 13, 26,
                                17, 7, 14, 28, 29, 31, 27, 19, 3, 6};
    for (uint32_t k = 0; k < 20; k++)
        assert_int_equal(set_of(GPU_INDEX_IPOLY, 32, (uint64_t)1 << (7 + k)), power[k]);
    assert_int_equal(set_of(GPU_INDEX_IPOLY, 32, (uint64_t)1 << (7 + 20)), 0);
    assert_int_equal(set_of(GPU_INDEX_IPOLY, 32, 0x12345680), 25);
    /* hamm's pmod with the same polynomial reads every bit: x^20 = x * x^19 = 12 */
    assert_int_equal(set_of(GPU_INDEX_PMOD, 32, (uint64_t)1 << (7 + 20)), 12);
}

/* 'P', 16 sets: x^4 + x + 1, higher bits up to j = 12 (line bit 16): x^4 = x + 1 = 3;
 * x^15 = 1 (the polynomial is primitive: x^5 = x^2 + x, x^10 = x^2 + x + 1, x^15 =
 * x^10 * x^5 = 1), so x^16 = x = 2; line bit 17 is not read.  64 sets: x^6 + x + 1,
 * j up to 18 (line bit 24): x^6 = x + 1 = 3; x^12 = (x + 1)^2 = x^2 + 1, x^24 = (x^2 + 1)^2
 * = x^4 + 1 = 17; line bit 25 is not read. */
static void ipoly_16_64(void **state)
{
    (void)state;
    assert_int_equal(set_of(GPU_INDEX_IPOLY, 16, 5u << 7), 5); /* below x^4: the line */
    assert_int_equal(set_of(GPU_INDEX_IPOLY, 16, 16u << 7), 3);
    assert_int_equal(set_of(GPU_INDEX_IPOLY, 16, (uint64_t)1 << (7 + 16)), 2);
    assert_int_equal(set_of(GPU_INDEX_IPOLY, 16, (uint64_t)1 << (7 + 17)), 0);
    assert_int_equal(set_of(GPU_INDEX_IPOLY, 64, 64u << 7), 3);
    assert_int_equal(set_of(GPU_INDEX_IPOLY, 64, (uint64_t)1 << (7 + 24)), 17);
    assert_int_equal(set_of(GPU_INDEX_IPOLY, 64, (uint64_t)1 << (7 + 25)), 0);
    /* every function is linear over GF(2): a line's set is the XOR of its bits' sets */
    assert_int_equal(set_of(GPU_INDEX_IPOLY, 64, (64u << 7) | ((uint64_t)1 << (7 + 24))),
                     3 ^ 17);
}

/* GPGPU-Sim aborts on other set counts; hamm refuses them, naming the index. */
static void set_counts(void **state)
{
    (void)state;
    const struct {
        gpu_set_index fn;
        uint32_t sets;
        int ok;
    } rows[] = {{GPU_INDEX_FERMI_HASH, 32, 1}, {GPU_INDEX_FERMI_HASH, 64, 1},
                {GPU_INDEX_FERMI_HASH, 16, 0}, {GPU_INDEX_FERMI_HASH, 128, 0},
                {GPU_INDEX_IPOLY, 16, 1},      {GPU_INDEX_IPOLY, 64, 1},
                {GPU_INDEX_IPOLY, 8, 0},       {GPU_INDEX_IPOLY, 128, 0},
                {GPU_INDEX_LINEAR, 1, 1},      {GPU_INDEX_XOR, 4096, 1}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        gpu_set_indexer ix;
        hamm_error err = {0};
        hamm_status st = gpu_set_indexer_init(&ix, rows[i].fn, rows[i].sets, 7, 1, 0, 0, &err);
        assert_int_equal(st, rows[i].ok ? HAMM_OK : HAMM_ERR_CONFIG);
        if (!rows[i].ok)
            assert_string_equal(err.field, "index");
    }
    /* 128 sets in 2 sub-partitions are 64 each: IPOLY takes them */
    gpu_set_indexer ix;
    hamm_error err = {0};
    assert_int_equal(gpu_set_indexer_init(&ix, GPU_INDEX_IPOLY, 128, 7, 2, 0x80, 0, &err),
                     HAMM_OK);
    /* sub-partitions need as many choosing bits as log2 of their count */
    assert_int_equal(gpu_set_indexer_init(&ix, GPU_INDEX_LINEAR, 128, 7, 2, 0, 0, &err),
                     HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "sub_partitions");
    assert_int_equal(gpu_set_indexer_init(&ix, GPU_INDEX_LINEAR, 128, 7, 4, 0x100, 0, &err),
                     HAMM_ERR_CONFIG);
}

/* Two sub-partitions chosen by address bit 8 (the GTX480's lowest bank bit): the set is
 * part x (sets / 2) + the index of the address with bit 8 taken out.  Linear, 128 sets:
 * 0x100 -> part 1, rest 0: 64; 0x200 -> part 0, rest 0x100 (line 2): 2; 0x80 -> 1;
 * 0x2380 -> part 1, rest 0x1180 (line 0x23, & 63 = 35): 99.  Bit 7 (Kepler to Ampere) with
 * IPOLY, 64 sets a part: 0x80 -> part 1, rest 0: 64; 0x100 -> part 0, rest 0x80 (line 1):
 * 1; bit 14 -> rest bit 13 (line 64 = x^6, mod x^6 + x + 1 = 3): 3. */
static void sub_partitions(void **state)
{
    (void)state;
    gpu_set_indexer lin = indexer(GPU_INDEX_LINEAR, 128, 7, 2, 0x100);
    assert_int_equal(gpu_set_index_of(&lin, 0x100), 64);
    assert_int_equal(gpu_set_index_of(&lin, 0x200), 2);
    assert_int_equal(gpu_set_index_of(&lin, 0x80), 1);
    assert_int_equal(gpu_set_index_of(&lin, 0x2380), 99);
    gpu_set_indexer ip = indexer(GPU_INDEX_IPOLY, 128, 7, 2, 0x80);
    assert_int_equal(gpu_set_index_of(&ip, 0x80), 64);
    assert_int_equal(gpu_set_index_of(&ip, 0x100), 1);
    assert_int_equal(gpu_set_index_of(&ip, 0x4000), 3);
    /* four sub-partitions by bits 8 and 13: 0x2100 -> part 3 (bit 8 low, bit 13 high),
     * rest 0: set 3 x 32 = 96 */
    gpu_set_indexer four = indexer(GPU_INDEX_LINEAR, 128, 7, 4, 0x2100);
    assert_int_equal(gpu_set_index_of(&four, 0x2100), 96);
    assert_int_equal(gpu_set_index_of(&four, 0x2000), 64);
}

static hamm_addrmap *map_of(const char *spec, hamm_geometry g)
{
    hamm_addrmap *m = NULL;
    hamm_error err = {0};
    if (hamm_addrmap_new(&m, spec, NULL, &g, &err) != HAMM_OK)
        fail_msg("'%s': %s: %s", spec, err.field, err.text);
    return m;
}

static uint64_t part_mask(const hamm_addrmap *m, uint32_t parts)
{
    uint64_t mask = 0;
    hamm_error err = {0};
    if (gpu_set_part_mask(m, parts, &mask, &err) != HAMM_OK)
        fail_msg("%s: %s", err.field, err.text);
    return mask;
}

/* The sub-partition bits are the channel address's lowest bank bits: the GTX480's map
 * has B at 15, 14, 13 and 8 (the import's G letters are bank bits too), Kepler's to
 * Ampere's B at 14, 13, 12 and 7. */
static void part_bits(void **state)
{
    (void)state;
    hamm_geometry g480 = {6, 4, 16, 4096, 512, 8, 1};
    const char *tail = "00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.";
    char spec[160];
    snprintf(spec, sizeof spec, "dramid@8;%sBBBCCCCB.CCSSSSSS", tail);
    hamm_addrmap *gtx = map_of(spec, g480);
    assert_int_equal(part_mask(gtx, 1), 0);
    assert_int_equal(part_mask(gtx, 2), 0x100);
    assert_int_equal(part_mask(gtx, 4), 0x2100);
    hamm_addrmap_free(gtx);
    snprintf(spec, sizeof spec, "dramid@8;%sBBGCCCCG.CCSSSSSS", tail);
    gtx = map_of(spec, g480);
    assert_int_equal(part_mask(gtx, 2), 0x100);
    hamm_addrmap_free(gtx);
    snprintf(spec, sizeof spec, "dramid@8;%sRBBBCCCC.BCCSSSSS", tail);
    hamm_addrmap *kepler = map_of(spec, (hamm_geometry){12, 1, 16, 8192, 256, 8, 1});
    assert_int_equal(part_mask(kepler, 2), 0x80);
    /* 32 sub-partitions need 5 bank bits; the map has 4 */
    uint64_t mask;
    hamm_error err = {0};
    assert_int_equal(gpu_set_part_mask(kepler, 32, &mask, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "sub_partitions");
    hamm_addrmap_free(kepler);
}

/* A cache follows its index: in a direct-mapped cache of 32 sets, lines 0 and 64
 * (addresses 0 and 0x2000) share set 0 under the linear index and evict each other; the
 * Fermi hash moves 0x2000 to set 1 (address bit 13), so the second round hits. */
static void cache_uses_it(void **state)
{
    (void)state;
    for (int hash = 0; hash < 2; hash++) {
        gpu_cache *c = make((gpu_cache_params){
            .sets = 32, .ways = 1, .line_bytes = 128, .sector_bytes = 128,
            .index = hash ? GPU_INDEX_FERMI_HASH : GPU_INDEX_LINEAR, .mshr_entries = 4,
            .mshr_max_merge = 4, .miss_queue_size = 4});
        for (int round = 0; round < 2; round++)
            for (uint64_t a = 0; a <= 0x2000; a += 0x2000) {
                gpu_cache_access(c, a, 1, 0, 0);
                serve_all(c);
            }
        assert_int_equal(gpu_cache_stats_of(c)->hits[0], hash ? 2 : 0);
        gpu_cache_free(c);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(linear),         cmocka_unit_test(bitwise_xor),
        cmocka_unit_test(fermi_hash),     cmocka_unit_test(ipoly_32),
        cmocka_unit_test(ipoly_16_64),    cmocka_unit_test(set_counts),
        cmocka_unit_test(sub_partitions), cmocka_unit_test(part_bits),
        cmocka_unit_test(cache_uses_it),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
