/* set_index.h - which set of a GPU cache a line goes to (docs/GPU.md, "Caches"): the
 * set-index functions GPGPU-Sim's caches offer (its cache strings' set-index letter) and
 * PRIC's polynomial modulus, over sets that may be split into sub-partitions (GPGPU-Sim's
 * memory sub-partitions, each an L2 cache of its own, chosen by address bits). */
#ifndef HAMM_GPU_SET_INDEX_H
#define HAMM_GPU_SET_INDEX_H

#include <stdint.h>

#include "hamm/addrmap.h"
#include "hamm/error.h"

typedef enum gpu_set_index {
    GPU_INDEX_LINEAR,     /* GPGPU-Sim 'L': set = line number mod sets */
    GPU_INDEX_XOR,        /* GPGPU-Sim 'X': the linear set XOR the next log2(sets) bits of
                             the line number */
    GPU_INDEX_PMOD,       /* PRIC: the line number modulo an irreducible polynomial over
                             GF(2) of degree log2(sets) (pric.h) */
    GPU_INDEX_FERMI_HASH, /* GPGPU-Sim 'H': the line number's low 5 bits XOR address bits
                             13, 14, 15, 17 and 19; with 64 sets address bit 12 on top (32
                             or 64 sets only) */
    GPU_INDEX_IPOLY       /* GPGPU-Sim 'P': the polynomial modulus of its hashing.cc, over
                             the line number's low 17, 20 or 25 bits (16, 32 or 64 sets
                             only) */
} gpu_set_index;

/* A cache's set index, ready to apply. */
typedef struct gpu_set_indexer {
    gpu_set_index fn;
    uint32_t line_log2;  /* the line offset's bits */
    uint32_t set_log2;   /* log2 of one sub-partition's sets */
    uint64_t poly;       /* PMOD's polynomial (bit i: x^i) */
    uint64_t part_mask;  /* the address bits that choose the sub-partition (0: one) */
} gpu_set_indexer;

/* Whether `fn` is defined for `sets` sets (a power of two) in one sub-partition:
 * GPGPU-Sim's Fermi hash takes 32 or 64, its IPOLY 16, 32 or 64 (it aborts on others);
 * the others any (PMOD's polynomial, checked apart, needs at least 2). */
int gpu_set_index_fits(gpu_set_index fn, uint32_t sets);
/* The set counts `fn` takes, for messages ("32 or 64"); "" for any. */
const char *gpu_set_index_counts(gpu_set_index fn);

/* Ready `ix` for `sets` sets of lines of 2^line_log2 bytes, `parts` sub-partitions
 * (a power of two dividing sets; 1: none) chosen by the address bits `part_mask`
 * (log2(parts) of them), and PMOD's polynomial `poly` (0: the built-in one).
 * HAMM_ERR_CONFIG naming the field ("index", "pmod_poly", "sub_partitions") otherwise. */
hamm_status gpu_set_indexer_init(gpu_set_indexer *ix, gpu_set_index fn, uint32_t sets,
                                 uint32_t line_log2, uint32_t parts, uint64_t part_mask,
                                 uint64_t poly, hamm_error *err);
/* The set of the line holding address `addr`: its sub-partition's sets are
 * [part x sets/parts, (part + 1) x sets/parts), and within them `fn` reads `addr` with
 * the sub-partition bits taken out (the bits above moved down), as GPGPU-Sim's L2 reads
 * its partition address. */
uint32_t gpu_set_index_of(const gpu_set_indexer *ix, uint64_t addr);

/* The bits of a channel's own address (hamm_addrmap_channel_local) that choose one of
 * `parts` L2 sub-partitions: the lowest log2(parts) bank bits, as GPGPU-Sim combines the
 * channel with the bank's low bits into the sub-partition.  HAMM_ERR_CONFIG (field
 * "sub_partitions") when the map has fewer bank bits, or bank bits that are not single
 * address bits (a bank scheme). */
hamm_status gpu_set_part_mask(const hamm_addrmap *map, uint32_t parts, uint64_t *mask,
                              hamm_error *err);

#endif
