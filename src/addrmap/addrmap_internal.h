/* addrmap_internal.h - the compiled form of an address map, shared by the parsers of
 * its spellings (addrmap_gpgpusim.c, addrmap_fields.c, addrmap_xor.c) and addrmap.c.
 *
 * Every spelling is first turned into a bit layout (which field each address bit feeds,
 * and which bit of that field), then compiled into runs of consecutive bits so a decode
 * costs a few shift-and-mask steps per field instead of one step per bit. */
#ifndef HAMM_ADDRMAP_INTERNAL_H
#define HAMM_ADDRMAP_INTERNAL_H

#include <stdint.h>

#include "hamm/addrmap.h"
#include "hamm/banked.h"
#include "hamm/error.h"

#define ADDRMAP_BITS 64
#define ADDRMAP_MAX_XOR 8

enum addrmap_field {
    AM_CHANNEL,
    AM_BANKGROUP,
    AM_BANK, /* the bank index within its group, or every bank bit (see bank_is_index) */
    AM_ROW,
    AM_COLUMN,
    AM_RANK, /* last: a map without ranks lays out as before they existed */
    AM_FIELD_COUNT
};

/* How the channel is taken out of the address. */
enum addrmap_insert {
    AM_INSERT_NONE,   /* channel bits are ordinary layout bits (or there is one channel) */
    AM_INSERT_SHIFT,  /* dramid@N, power-of-two channels: log2(channels) bits at N */
    AM_INSERT_DIVIDE, /* dramid@N, other counts: (addr >> N) % channels, GPGPU-Sim's way */
};

/* What a parser produces: the address with the channel removed (see `insert`), bit by bit. */
struct addrmap_layout {
    int8_t owner[ADDRMAP_BITS]; /* enum addrmap_field feeding on this bit; -1: ignored */
    uint8_t pos[ADDRMAP_BITS];  /* which bit of that field's value it supplies */
    enum addrmap_insert insert;
    unsigned insert_bit;        /* N of dramid@N */
    unsigned column_shift;      /* column = packed column bits >> this (GPGPU-Sim's S bits) */
    int bank_is_index;          /* 1: a bankgroup field exists, AM_BANK is the index in it */
};

/* value |= ((address >> src) & mask) << dst */
struct addrmap_run {
    uint64_t mask;
    uint8_t src;
    uint8_t dst;
};

/* One XOR term, already turned into masks: with s the source field's value,
 * channel ^= s & channel_mask; group ^= (s >> group_shift) & group_mask; index ^= s & index_mask. */
struct addrmap_xor {
    enum addrmap_field source; /* AM_ROW or AM_COLUMN */
    uint32_t channel_mask, group_mask, index_mask;
    unsigned group_shift;
};

/* The XOR terms of a map, in the order they apply. */
struct addrmap_xor_terms {
    unsigned n;
    struct addrmap_xor term[ADDRMAP_MAX_XOR];
};

struct hamm_addrmap {
    hamm_geometry g;
    enum addrmap_insert insert;
    unsigned insert_bit;
    unsigned channel_bits; /* log2(channels) for AM_INSERT_SHIFT */
    uint64_t low_mask;     /* address bits below insert_bit */
    unsigned column_shift;
    int bank_is_index;
    unsigned index_bits;   /* log2(banks / bank_groups) */
    uint32_t index_mask, group_mask;
    unsigned first[AM_FIELD_COUNT], count[AM_FIELD_COUNT]; /* slices of runs[] */
    struct addrmap_run runs[ADDRMAP_BITS];
    struct addrmap_xor_terms xor_terms;
    /* Parallel-memory schemes (addrmap_scheme.c), indexed by hamm_addrmap_target. */
    int has_scheme[HAMM_ADDRMAP_TARGET_COUNT];
    unsigned unit_shift[HAMM_ADDRMAP_TARGET_COUNT]; /* unit address = address >> this */
    hamm_banked_scheme scheme[HAMM_ADDRMAP_TARGET_COUNT];
    /* A software PEXT: OR-ing lut[i][byte lut_byte[i] of the address] packs every field,
     * field f at bit field_shift[f].  `packed` is 0 when the fields do not fit in 64
     * bits; decoding then walks the runs. */
    int packed;
    unsigned nlut;
    uint8_t lut_byte[8];
    unsigned field_shift[AM_FIELD_COUNT];
    uint64_t field_mask[AM_FIELD_COUNT];
    uint64_t lut[8][256];
};

/* Field names as the specs and messages spell them. */
const char *addrmap_field_name(enum addrmap_field f);

static inline int addrmap_is_pow2(uint64_t v)
{
    return v && !(v & (v - 1));
}

/* log2 of a power of two */
static inline unsigned addrmap_log2(uint64_t v)
{
    unsigned n = 0;
    while (v > 1) {
        v >>= 1;
        n++;
    }
    return n;
}

/* Parse GPGPU-Sim's "dramid@N;...RRBBCCSS" spelling into `out`. */
hamm_status addrmap_gpgpusim_parse(const char *spec, const hamm_geometry *g,
                                   struct addrmap_layout *out, hamm_error *err);

/* Parse the field-order spelling ("row:bank:channel:column") into `out`. */
hamm_status addrmap_fields_parse(const char *spec, const hamm_geometry *g,
                                 struct addrmap_layout *out, hamm_error *err);

/* Does `spec` look like the field-order spelling rather than GPGPU-Sim's? */
int addrmap_fields_detect(const char *spec);

/* Parse the XOR terms ("bank^row,channel^row") for geometry `g`; `bank_is_index` is the
 * layout's (1: "bank" is the index within the group).  *out holds them on success. */
hamm_status addrmap_xor_parse(const char *xor_spec, const hamm_geometry *g, int bank_is_index,
                              struct addrmap_xor_terms *out, hamm_error *err);

/* The channel and the bank number the schemes give for `addr`, whose layout address
 * (the channel taken out) is x; each is left alone where no scheme is set. */
static inline void addrmap_scheme_apply(const hamm_addrmap *m, uint64_t addr, uint64_t x,
                                        uint32_t *channel, uint32_t *bank)
{
    /* the channel's unit address comes from the whole address (x is addr when the map
     * inserts no channel; dramid@N takes the channel from addr >> N) */
    if (m->has_scheme[HAMM_ADDRMAP_CHANNEL])
        *channel = hamm_banked_locate(&m->scheme[HAMM_ADDRMAP_CHANNEL],
                                      addr >> m->unit_shift[HAMM_ADDRMAP_CHANNEL]).module;
    if (m->has_scheme[HAMM_ADDRMAP_BANK])
        *bank = hamm_banked_locate(&m->scheme[HAMM_ADDRMAP_BANK],
                                   x >> m->unit_shift[HAMM_ADDRMAP_BANK]).module;
}

/* hamm_addrmap_encode for a map with a scheme: the raw channel and bank found by search. */
hamm_status addrmap_scheme_encode(const hamm_addrmap *m, const hamm_dram_coord *c,
                                  uint64_t *addr, hamm_error *err);

/* The address whose raw fields (before schemes and XOR terms) are channel ch, bank group
 * `group`, bank index `index` and c's row, column and rank; -1 when it needs more than
 * 64 bits (a divided channel count). */
int addrmap_assemble(const hamm_addrmap *m, uint32_t ch, uint32_t group, uint32_t index,
                     const hamm_dram_coord *c, uint64_t *addr);

#endif
