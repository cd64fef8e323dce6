/* set_index.c - a GPU cache's set-index functions (set_index.h).  GPGPU-Sim's are written
 * from its definitions (gpu-cache.cc's cache_config::hash_function, hashing.cc), the
 * address bits each reads kept as it reads them, so that an imported configuration puts
 * every line in the set GPGPU-Sim puts it in. */
#include "set_index.h"

#include "common/ipoly.h"
#include "pric.h"

static uint32_t log2u(uint32_t x)
{
    return (uint32_t)__builtin_ctz(x);
}

int gpu_set_index_fits(gpu_set_index fn, uint32_t sets)
{
    switch (fn) {
    case GPU_INDEX_FERMI_HASH:
        return sets == 32 || sets == 64;
    case GPU_INDEX_IPOLY: /* GPGPU-Sim's polynomials (common/ipoly.h) */
        return sets && !(sets & (sets - 1)) && ipoly_has_buckets(log2u(sets));
    case GPU_INDEX_PMOD: /* its polynomial's degree says (check_pmod) */
    case GPU_INDEX_LINEAR:
    case GPU_INDEX_XOR:
        break;
    }
    return 1;
}

const char *gpu_set_index_counts(gpu_set_index fn)
{
    return fn == GPU_INDEX_FERMI_HASH ? "32 or 64"
           : fn == GPU_INDEX_IPOLY    ? "16, 32 or 64"
                                      : "";
}

static hamm_status check_pmod(uint32_t set_log2, uint64_t poly, hamm_error *err)
{
    if (gpu_pric_degree(poly) == set_log2 && gpu_pric_irreducible(poly))
        return HAMM_OK;
    return hamm_error_field(err, HAMM_ERR_CONFIG, "pmod_poly",
                            "cache: the pmod index needs at least 2 sets and an irreducible "
                            "polynomial of degree log2(sets) = %u (0x%llx is not)",
                            set_log2, (unsigned long long)poly);
}

hamm_status gpu_set_indexer_init(gpu_set_indexer *ix, gpu_set_index fn, uint32_t sets,
                                 uint32_t line_log2, uint32_t parts, uint64_t part_mask,
                                 uint64_t poly, hamm_error *err)
{
    parts = parts ? parts : 1;
    if (parts & (parts - 1) || parts > sets ||
        (parts > 1 && (uint32_t)__builtin_popcountll(part_mask) != log2u(parts)))
        return hamm_error_field(err, HAMM_ERR_CONFIG, "sub_partitions",
                                "cache: %u sub-partitions of %u sets need a power of two up to "
                                "the sets, chosen by as many address bits as log2 of it",
                                parts, sets);
    uint32_t part_sets = sets / parts;
    if (!gpu_set_index_fits(fn, part_sets))
        return hamm_error_field(err, HAMM_ERR_CONFIG, "index",
                                "cache: this set index takes %s sets (per sub-partition), not "
                                "%u",
                                gpu_set_index_counts(fn), part_sets);
    *ix = (gpu_set_indexer){.fn = fn, .line_log2 = line_log2, .set_log2 = log2u(part_sets),
                            .part_mask = parts > 1 ? part_mask : 0};
    if (fn == GPU_INDEX_PMOD) {
        ix->poly = poly ? poly : gpu_pric_default_poly(ix->set_log2);
        return check_pmod(ix->set_log2, ix->poly, err);
    }
    return HAMM_OK;
}

/* GPGPU-Sim's Fermi hash (after Nugteren et al., HPCA 2014, for Fermi's 128-byte lines):
 * the line number's low five bits XOR address bits 13, 14, 15, 17 and 19 packed in that
 * order; 64 sets (Fermi's 48 KB L1) take address bit 12 as the sixth bit, not hashed. */
static uint32_t fermi_hash(uint64_t addr, uint32_t line_log2, uint32_t set_log2)
{
    uint32_t low = (uint32_t)(addr >> line_log2) & 0x1f;
    uint32_t high = (uint32_t)((addr >> 13 & 0x7) | (addr >> 17 & 1) << 3 | (addr >> 19 & 1) << 4);
    uint32_t set = low ^ high;
    return set_log2 == 6 ? set | (uint32_t)(addr >> 12 & 1) << 5 : set;
}

static uint32_t within_part(const gpu_set_indexer *ix, uint64_t addr)
{
    uint64_t line = addr >> ix->line_log2, mask = ((uint64_t)1 << ix->set_log2) - 1;
    switch (ix->fn) {
    case GPU_INDEX_LINEAR:
        break;
    case GPU_INDEX_XOR:
        return (uint32_t)((line ^ (line >> ix->set_log2)) & mask);
    case GPU_INDEX_PMOD:
        return (uint32_t)gpu_pric_mod(line, ix->poly);
    case GPU_INDEX_FERMI_HASH:
        return fermi_hash(addr, ix->line_log2, ix->set_log2);
    case GPU_INDEX_IPOLY: /* the linear set XOR the fold of the line number above it */
        return (uint32_t)(line & mask) ^ ipoly_fold(line >> ix->set_log2, ix->set_log2);
    }
    return (uint32_t)(line & mask);
}

uint32_t gpu_set_index_of(const gpu_set_indexer *ix, uint64_t addr)
{
    if (!ix->part_mask)
        return within_part(ix, addr);
    uint32_t part = 0, taken = 0;
    /* the sub-partition bits, lowest first, gathered into `part` and squeezed out of addr
     * (each removal moves the bits above it down one) */
    for (uint64_t m = ix->part_mask; m; m &= m - 1, taken++) {
        uint32_t bit = (uint32_t)__builtin_ctzll(m) - taken;
        part |= (uint32_t)(addr >> bit & 1) << taken;
        uint64_t below = addr & (((uint64_t)1 << bit) - 1);
        addr = (addr >> (bit + 1)) << bit | below;
    }
    return part << ix->set_log2 | within_part(ix, addr);
}

hamm_status gpu_set_part_mask(const hamm_addrmap *map, uint32_t parts, uint64_t *mask,
                              hamm_error *err)
{
    *mask = 0;
    if (parts <= 1)
        return HAMM_OK;
    const hamm_geometry *g = hamm_addrmap_geometry(map);
    uint64_t bank_bits = 0;
    /* each bank bit alone, at channel, row and column 0: the address bit it occupies */
    for (uint32_t k = 0; ((uint32_t)1 << k) < g->banks; k++) {
        hamm_dram_coord c = {.bank = (uint32_t)1 << k};
        uint64_t addr = 0;
        hamm_error e = {0};
        if (hamm_addrmap_encode(map, &c, &addr, &e) != HAMM_OK)
            break;
        uint64_t local = hamm_addrmap_channel_local(map, addr);
        if (__builtin_popcountll(local) != 1)
            return hamm_error_field(err, HAMM_ERR_CONFIG, "sub_partitions",
                                    "L2: bank bit %u is no single address bit (a bank "
                                    "scheme?): the sub-partitions need the bank's low bits",
                                    k);
        bank_bits |= local;
    }
    for (uint32_t need = log2u(parts); need; need--, bank_bits &= bank_bits - 1) {
        if (!bank_bits)
            return hamm_error_field(err, HAMM_ERR_CONFIG, "sub_partitions",
                                    "L2: %u sub-partitions need %u bank bits; the address map "
                                    "has %u",
                                    parts, log2u(parts), log2u(g->banks));
        *mask |= bank_bits & -bank_bits;
    }
    return HAMM_OK;
}
