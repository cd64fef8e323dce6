/* addrmap_gpgpusim.c - GPGPU-Sim's address-mapping string, the spelling the field knows:
 *
 *   [dramid@N;]<up to 64 letters, most significant bit first>
 *
 * D channel, B bank, R row, C column, S byte within the burst, 0 ignored; '.', '|' and
 * ' ' only group letters.  G (hamm's, not GPGPU-Sim's) marks bank-group bits: with G
 * letters the B letters are the bank within its group, so a map can put a bank's group
 * in its low bits, as GPGPU-Sim's -dram_bnkgrp_indexing_policy 1 does.  As in GPGPU-Sim's addrdec.cc, dramid@N takes the channel from
 * the address at bit N: (addr >> N) % channels, and the letters then describe the address
 * with the channel removed, ((addr >> N) / channels << N) | (addr & (2^N - 1)).  C and S
 * bits together form the byte address within the row (GPGPU-Sim packs them into one
 * column value); hamm's column is that byte address / column_bytes. */
#include <stdio.h>
#include <string.h>

#include "addrmap_internal.h"

#define FIELD "address_map"

/* The field a letter feeds; -1 for '0' (an ignored bit), -2 for a grouping character,
 * -3 for anything else.  S feeds the column: packed with the C bits it is the low part
 * of the byte address within the row. */
static int letter_field(char c)
{
    switch (c) {
    case 'D': case 'd': return AM_CHANNEL;
    case 'B': case 'b': return AM_BANK;
    case 'G': case 'g': return AM_BANKGROUP;
    case 'R': case 'r': return AM_ROW;
    case 'C': case 'c': return AM_COLUMN;
    case 'S': case 's': return AM_COLUMN;
    case '0': return -1;
    case '.': case '|': case ' ': return -2;
    default: return -3;
    }
}

/* "dramid@N;" -> *bit; returns the rest of the spec, or NULL (error set). */
static const char *parse_dramid(const char *spec, int *has, unsigned *bit, hamm_error *err)
{
    static const char prefix[] = "dramid@";
    *has = 0;
    if (strncmp(spec, prefix, sizeof prefix - 1) != 0)
        return spec;
    const char *p = spec + sizeof prefix - 1;
    unsigned n = 0, digits = 0;
    while (*p >= '0' && *p <= '9' && digits < 3) {
        n = n * 10 + (unsigned)(*p - '0');
        p++;
        digits++;
    }
    if (!digits || *p != ';' || n >= ADDRMAP_BITS) {
        hamm_error_field(err, HAMM_ERR_CONFIG, FIELD,
                         "'dramid@N;' needs a bit number N from 0 to 63 followed by ';'");
        return NULL;
    }
    *has = 1;
    *bit = n;
    return p + 1;
}

/* Fill owner[] from the letters (the last letter is bit 0); counts letters per field. */
static hamm_status read_letters(const char *p, struct addrmap_layout *out, unsigned count[],
                                hamm_error *err)
{
    int8_t seen[ADDRMAP_BITS];
    unsigned n = 0;
    for (const char *q = p; *q; q++) {
        int f = letter_field(*q);
        if (f == -2)
            continue;
        if (f == -3)
            return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD,
                                    "unknown letter '%c' (expected D, B, G, R, C, S, 0 or '.')",
                                    *q);
        if (n == ADDRMAP_BITS)
            return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD, "has more than 64 bit letters");
        seen[n++] = (int8_t)f;
    }
    if (!n)
        return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD, "holds no bit letters");
    for (unsigned i = 0; i < n; i++) {
        unsigned bit = n - 1 - i;
        out->owner[bit] = seen[i];
        if (seen[i] >= 0)
            count[seen[i]]++;
    }
    /* Pack each field's bits in address order, as GPGPU-Sim's addrdec_packbits does. */
    unsigned next[AM_FIELD_COUNT] = {0};
    for (unsigned bit = 0; bit < ADDRMAP_BITS; bit++)
        if (out->owner[bit] >= 0)
            out->pos[bit] = (uint8_t)next[out->owner[bit]]++;
    return HAMM_OK;
}

static hamm_status check_count(unsigned have, unsigned need, char letter, const char *what,
                               uint32_t n, hamm_error *err)
{
    if (have == need)
        return HAMM_OK;
    return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD, "has %u %c bits; %u %s need %u", have,
                            letter, (unsigned)n, what, need);
}

/* B bits for every bank; or, with G bits, G for the groups and B for the banks of one. */
static hamm_status check_banks(const unsigned count[], const hamm_geometry *g, hamm_error *err)
{
    if (!count[AM_BANKGROUP])
        return check_count(count[AM_BANK], addrmap_log2(g->banks), 'B', "banks", g->banks, err);
    hamm_status st = check_count(count[AM_BANKGROUP], addrmap_log2(g->bank_groups), 'G',
                                 "bank groups", g->bank_groups, err);
    if (st != HAMM_OK)
        return st;
    return check_count(count[AM_BANK], addrmap_log2(g->banks / g->bank_groups), 'B',
                       "banks of a group", g->banks / g->bank_groups, err);
}

/* The channel: dramid@N, or D bits for a power-of-two count, never both. */
static hamm_status check_channel(int has_dramid, unsigned bit, unsigned nd,
                                 const hamm_geometry *g, struct addrmap_layout *out,
                                 hamm_error *err)
{
    if (has_dramid) {
        if (nd)
            return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD,
                                    "gives both dramid@%u and D bits; use one", bit);
        out->insert = addrmap_is_pow2(g->channels) ? AM_INSERT_SHIFT : AM_INSERT_DIVIDE;
        out->insert_bit = bit;
        return HAMM_OK;
    }
    if (!addrmap_is_pow2(g->channels))
        return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD,
                                "%u channels is not a power of two: place the channel with "
                                "dramid@N instead of D bits", (unsigned)g->channels);
    out->insert = AM_INSERT_NONE;
    return check_count(nd, addrmap_log2(g->channels), 'D', "channels", g->channels, err);
}

hamm_status addrmap_gpgpusim_parse(const char *spec, const hamm_geometry *g,
                                   struct addrmap_layout *out, hamm_error *err)
{
    int has_dramid;
    unsigned bit = 0, count[AM_FIELD_COUNT] = {0};
    if (g->ranks > 1)
        return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD,
                                "GPGPU-Sim's spelling has no rank letter, and there are %u ranks "
                                "per channel: use the field-order spelling with a rank field "
                                "(e.g. \"row:rank:bank:channel:column\")", (unsigned)g->ranks);
    const char *letters = parse_dramid(spec, &has_dramid, &bit, err);
    if (!letters)
        return HAMM_ERR_CONFIG;
    hamm_status st = read_letters(letters, out, count, err);
    if (st != HAMM_OK)
        return st;
    st = check_channel(has_dramid, bit, count[AM_CHANNEL], g, out, err);
    if (st != HAMM_OK)
        return st;
    st = check_banks(count, g, err);
    if (st != HAMM_OK)
        return st;
    st = check_count(count[AM_ROW], addrmap_log2(g->rows), 'R', "rows", g->rows, err);
    if (st != HAMM_OK)
        return st;
    unsigned row_bits = addrmap_log2(g->columns) + addrmap_log2(g->column_bytes);
    if (count[AM_COLUMN] != row_bits)
        return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD,
                                "has %u C and S bits together; a row of %u columns of %u bytes "
                                "needs %u", count[AM_COLUMN], (unsigned)g->columns,
                                (unsigned)g->column_bytes, row_bits);
    out->column_shift = addrmap_log2(g->column_bytes);
    out->bank_is_index = count[AM_BANKGROUP] > 0;
    return HAMM_OK;
}
