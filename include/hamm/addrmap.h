/* hamm/addrmap.h - address mapping: byte address -> channel, bank, row, column.
 *
 * Accepted spellings (see docs in models/README.md):
 *  - GPGPU-Sim's mapping string, e.g.
 *    "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS"
 *    (D channel, B bank, R row, C column, S byte-in-burst, 0 ignored; "dramid@N" inserts the
 *    channel index at bit N, by modulo when the channel count is not a power of two);
 *  - a field order from the most significant bits down, e.g. "row:bank:channel:column",
 *    widths taken from the geometry; a field may be split with an explicit width
 *    ("row:column/3:bank:channel:column"); with more than one rank per channel it must
 *    list "rank" ("row:rank:bank:channel:column"); GPGPU-Sim's spelling has no rank
 *    letter and takes one rank only;
 *  - XOR hashing, given separately: "bank^row" XORs bank bit i with row bit i
 *    (permutation interleaving), likewise "channel^row", "bankgroup^row"; terms joined by ',';
 *  - a parallel-memory scheme for the bank or the channel (hamm_addrmap_set_scheme).
 * One map is shared by the model and the engine, so they never disagree.
 */
#ifndef HAMM_ADDRMAP_H
#define HAMM_ADDRMAP_H

#include <stdint.h>

#include "hamm/error.h"
#include "hamm/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the address space holds; every count must be a power of two except channels. */
typedef struct hamm_geometry {
    uint32_t channels;     /* memory controllers */
    uint32_t bank_groups;  /* per chip; 1 when the device has none */
    uint32_t banks;        /* per chip, all groups together */
    uint32_t rows;         /* per bank */
    uint32_t columns;      /* column addresses per row */
    uint32_t column_bytes; /* bytes one column address spans over the lockstep chips */
    uint32_t ranks;        /* per channel; 0 is read as 1 (callers from before ranks) */
} hamm_geometry;

/* A decoded address.  bank counts across groups: bank = group * (banks/groups) + index;
 * it is the bank within `rank` (the rank's banks are numbered alike). */
typedef struct hamm_dram_coord {
    uint32_t channel;
    uint32_t bank_group;
    uint32_t bank;
    uint32_t row;
    uint32_t column;
    uint32_t rank;  /* 0 when the channel has one rank */
} hamm_dram_coord;

/* The bank's number within its channel, as the engines count banks (every rank's banks in
 * turn): rank * banks + bank, with `banks` a rank's (hamm_geometry.banks). */
static inline uint32_t hamm_dram_coord_channel_bank(const hamm_dram_coord *c, uint32_t banks)
{
    return c->rank * banks + c->bank;
}

typedef struct hamm_addrmap hamm_addrmap;

/* Build a map from `spec` and optional `xor_spec` (NULL or "" for none) for geometry `g`.
 * Errors (field "address_map" or "address_xor") say what the spec lacks or has too much of. */
HAMM_API hamm_status hamm_addrmap_new(hamm_addrmap **out, const char *spec, const char *xor_spec,
                                      const hamm_geometry *g, hamm_error *err);
HAMM_API void hamm_addrmap_decode(const hamm_addrmap *m, uint64_t addr, hamm_dram_coord *out);
/* The inverse of decode: the lowest address (byte 0 of the column) that decodes to `c`
 * (bank_group is ignored: the bank says it).  HAMM_ERR_ARG (field "coordinate") when
 * `c` lies outside the geometry. */
HAMM_API hamm_status hamm_addrmap_encode(const hamm_addrmap *m, const hamm_dram_coord *c,
                                         uint64_t *addr, hamm_error *err);
HAMM_API const hamm_geometry *hamm_addrmap_geometry(const hamm_addrmap *m);
/* The address with the channel taken out: what one channel's addresses are numbered by
 * (GPGPU-Sim's "partition address"; the GPU engine's L2 slice takes its set index from
 * it).  dramid@N: the address with the channel inserted at N taken out (by division when
 * the channel count is not a power of two); otherwise the address with the channel bits
 * of the bit map squeezed out (the bits above them moved down).  XOR terms and a channel
 * scheme change which channel an address goes to, not these bits, so within one channel
 * it is still one-to-one. */
HAMM_API uint64_t hamm_addrmap_channel_local(const hamm_addrmap *m, uint64_t addr);
/* Whether the map keeps every channel, bank group and bank bit at or above
 * log2(request_bytes) (a power of two), i.e. out of the bytes of one aligned request,
 * which would all find those bits 0.  HAMM_ERR_CONFIG (field "address_map") names the
 * field, its bits inside the request and the request size.  XOR terms neither cause nor
 * excuse such a bit (src/addrmap/addrmap_request.c says why). */
HAMM_API hamm_status hamm_addrmap_check_request(const hamm_addrmap *m, uint32_t request_bytes,
                                                hamm_error *err);
/* The fields a parallel-memory scheme (hamm/banked.h) may compute instead of the bit map. */
typedef enum hamm_addrmap_target {
    HAMM_ADDRMAP_BANK = 0, /* the bank within its rank (all groups): system key
                              address_bank_scheme */
    HAMM_ADDRMAP_CHANNEL,  /* the channel: address_channel_scheme */
    HAMM_ADDRMAP_TARGET_COUNT
} hamm_addrmap_target;

/* Compute `target` with the scheme `spec` ("xor:s=3", hamm_banked_parse's spelling, its
 * module count the field's count; NULL or "": the bit map's own field, as before).  The
 * scheme reads the field's *unit address*: the address the bit map reads (for dramid@N
 * and divided channel counts, the address with the channel taken out) shifted right by
 * the field's lowest bit in it; for a channel taken by dramid@N or by division, the
 * address shifted right by N.  The field's bits must be one run there, lowest bit first,
 * so that the bit map's own value is the unit address mod the count (low-order is then
 * the bit map itself).  The scheme must permute each block of `count` units
 * (hamm_banked_check_permutation), so rows, columns and ranks stay as the bit map gives
 * them and the map stays one-to-one; XOR terms (address_xor) apply after it.  Errors
 * (HAMM_ERR_CONFIG, field "address_bank_scheme" or "address_channel_scheme") say why. */
HAMM_API hamm_status hamm_addrmap_set_scheme(hamm_addrmap *m, hamm_addrmap_target target,
                                             const char *spec, hamm_error *err);
/* The scheme of `target` written out whole ("xor:s=3"), or "" when the bit map gives it. */
HAMM_API const char *hamm_addrmap_scheme(const hamm_addrmap *m, hamm_addrmap_target target);
HAMM_API void hamm_addrmap_free(hamm_addrmap *m);

#ifdef __cplusplus
}
#endif

#endif
