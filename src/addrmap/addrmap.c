/* addrmap.c - building an address map from its spec and decoding addresses with it.
 * The spellings are parsed in addrmap_gpgpusim.c, addrmap_fields.c and addrmap_xor.c;
 * this file compiles their bit layout into runs and owns the per-request decode, which
 * runs once per trace record and so allocates nothing and loops over runs, not bits. */
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "addrmap_internal.h"

static hamm_status check_count(uint32_t v, const char *what, hamm_error *err)
{
    if (addrmap_is_pow2(v))
        return HAMM_OK;
    return hamm_error_field(err, HAMM_ERR_ARG, "geometry", "%s must be a power of two, not %u",
                            what, (unsigned)v);
}

static hamm_status check_geometry(const hamm_geometry *g, hamm_error *err)
{
    if (!g->channels)
        return hamm_error_field(err, HAMM_ERR_ARG, "geometry", "needs at least one channel");
    hamm_status st = check_count(g->bank_groups, "bank_groups", err);
    if (st == HAMM_OK)
        st = check_count(g->banks, "banks", err);
    if (st == HAMM_OK)
        st = check_count(g->rows, "rows", err);
    if (st == HAMM_OK)
        st = check_count(g->columns, "columns", err);
    if (st == HAMM_OK)
        st = check_count(g->column_bytes, "column_bytes", err);
    if (st == HAMM_OK)
        st = check_count(g->ranks, "ranks", err);
    if (st == HAMM_OK && g->bank_groups > g->banks)
        st = hamm_error_field(err, HAMM_ERR_ARG, "geometry",
                              "%u bank groups do not divide %u banks", (unsigned)g->bank_groups,
                              (unsigned)g->banks);
    return st;
}

/* Runs of address bits that feed consecutive bits of one field. */
static void compile_runs(hamm_addrmap *m, const struct addrmap_layout *lay)
{
    unsigned n = 0;
    for (int f = 0; f < AM_FIELD_COUNT; f++) {
        m->first[f] = n;
        for (unsigned bit = 0; bit < ADDRMAP_BITS;) {
            if (lay->owner[bit] != f) {
                bit++;
                continue;
            }
            unsigned len = 1;
            while (bit + len < ADDRMAP_BITS && lay->owner[bit + len] == f &&
                   lay->pos[bit + len] == lay->pos[bit] + len)
                len++;
            m->runs[n].src = (uint8_t)bit;
            m->runs[n].dst = lay->pos[bit];
            m->runs[n].mask = len == ADDRMAP_BITS ? UINT64_MAX : (UINT64_C(1) << len) - 1;
            n++;
            bit += len;
        }
        m->count[f] = n - m->first[f];
    }
}

static inline uint64_t gather(const hamm_addrmap *m, enum addrmap_field f, uint64_t x)
{
    const struct addrmap_run *r = m->runs + m->first[f];
    uint64_t v = 0;
    for (unsigned i = 0; i < m->count[f]; i++)
        v |= ((x >> r[i].src) & r[i].mask) << r[i].dst;
    return v;
}

/* Build the byte tables: gather is linear in the address bits, so each byte's share of
 * every field can be looked up and the shares OR-ed. */
static void compile_lut(hamm_addrmap *m)
{
    unsigned shift = 0;
    m->nlut = 0;
    m->packed = 0;
    for (int f = 0; f < AM_FIELD_COUNT; f++) {
        unsigned width = 0;
        for (unsigned i = m->first[f]; i < m->first[f] + m->count[f]; i++) {
            unsigned top = m->runs[i].dst + (unsigned)__builtin_popcountll(m->runs[i].mask);
            width = top > width ? top : width;
        }
        if (shift + width > 64)
            return;
        m->field_shift[f] = shift;
        m->field_mask[f] = width == 64 ? UINT64_MAX : (UINT64_C(1) << width) - 1;
        shift += width;
    }
    m->packed = 1;
    for (unsigned byte = 0; byte < 8; byte++) {
        uint64_t used = 0;
        for (int f = 0; f < AM_FIELD_COUNT; f++)
            used |= gather(m, (enum addrmap_field)f, UINT64_C(0xFF) << (8 * byte));
        if (!used)
            continue;
        uint64_t *t = m->lut[m->nlut];
        m->lut_byte[m->nlut++] = (uint8_t)byte;
        for (unsigned v = 0; v < 256; v++) {
            t[v] = 0;
            for (int f = 0; f < AM_FIELD_COUNT; f++)
                t[v] |= gather(m, (enum addrmap_field)f, (uint64_t)v << (8 * byte))
                        << m->field_shift[f];
        }
    }
}

static void compile(hamm_addrmap *m, const struct addrmap_layout *lay)
{
    const hamm_geometry *g = &m->g;
    m->insert = lay->insert;
    m->insert_bit = lay->insert_bit;
    m->low_mask = (UINT64_C(1) << lay->insert_bit) - 1;
    m->channel_bits = addrmap_is_pow2(g->channels) ? addrmap_log2(g->channels) : 0;
    m->column_shift = lay->column_shift;
    m->bank_is_index = lay->bank_is_index;
    m->index_bits = addrmap_log2(g->banks / g->bank_groups);
    m->index_mask = (g->banks / g->bank_groups) - 1;
    m->group_mask = g->bank_groups - 1;
    compile_runs(m, lay);
    compile_lut(m);
}

hamm_status hamm_addrmap_new(hamm_addrmap **out, const char *spec, const char *xor_spec,
                             const hamm_geometry *g, hamm_error *err)
{
    if (!out || !spec || !g)
        return hamm_error_set(err, HAMM_ERR_ARG, "hamm_addrmap_new: NULL argument");
    *out = NULL;
    hamm_geometry with_ranks = *g;
    if (!with_ranks.ranks) /* a geometry filled in before ranks existed */
        with_ranks.ranks = 1;
    g = &with_ranks;
    hamm_status st = check_geometry(g, err);
    if (st != HAMM_OK)
        return st;
    if (!*spec)
        return hamm_error_field(err, HAMM_ERR_CONFIG, "address_map", "is empty");
    struct addrmap_layout lay;
    memset(&lay, 0, sizeof lay);
    memset(lay.owner, -1, sizeof lay.owner);
    st = addrmap_fields_detect(spec) ? addrmap_fields_parse(spec, g, &lay, err)
                                     : addrmap_gpgpusim_parse(spec, g, &lay, err);
    if (st != HAMM_OK)
        return st;
    hamm_addrmap *m = hamm_calloc_array(1, sizeof *m);
    if (!m)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "no memory for an address map");
    st = addrmap_xor_parse(xor_spec, g, lay.bank_is_index, &m->xor_terms, err);
    if (st != HAMM_OK) {
        free(m);
        return st;
    }
    m->g = *g;
    compile(m, &lay);
    *out = m;
    return HAMM_OK;
}

/* Take the channel out of the address; *x becomes the address the layout describes. */
static inline uint32_t take_channel(const hamm_addrmap *m, uint64_t *x)
{
    uint64_t hi = *x >> m->insert_bit, q = 0;
    uint32_t ch = 0;
    switch (m->insert) {
    case AM_INSERT_NONE:
        return (uint32_t)gather(m, AM_CHANNEL, *x);
    case AM_INSERT_SHIFT:
        ch = (uint32_t)(hi & (m->g.channels - 1));
        q = hi >> m->channel_bits;
        break;
    case AM_INSERT_DIVIDE:
        /* Real addresses sit below 2^40, so hi nearly always fits the faster 32-bit divide. */
        if (hi <= UINT32_MAX) {
            uint32_t h = (uint32_t)hi;
            q = h / m->g.channels;
            ch = h - (uint32_t)q * m->g.channels;
        } else {
            q = hi / m->g.channels;
            ch = (uint32_t)(hi - q * m->g.channels);
        }
        break;
    }
    *x = (q << m->insert_bit) | (*x & m->low_mask);
    return ch;
}

/* Every field of x (the address with the channel taken out), packed by the tables. */
static inline uint64_t pack_fields(const hamm_addrmap *m, uint64_t x)
{
    uint64_t packed = 0;
    for (unsigned i = 0; i < m->nlut; i++)
        packed |= m->lut[i][(x >> (8 * m->lut_byte[i])) & 0xFF];
    return packed;
}

static inline uint64_t field(const hamm_addrmap *m, uint64_t packed, enum addrmap_field f)
{
    return (packed >> m->field_shift[f]) & m->field_mask[f];
}

/* The raw field values of an address, as the bit layout gives them. */
struct raw_fields {
    uint32_t channel, bank, group, row, column, rank;
};

/* Turn raw field values into the coordinate: compose the bank, apply the schemes (which
 * read addr and x, the address with the channel taken out), then the XOR hashing. */
static inline void finish(const hamm_addrmap *m, struct raw_fields r, uint64_t addr, uint64_t x,
                          hamm_dram_coord *out)
{
    uint32_t ch = r.channel;
    uint32_t group = m->bank_is_index ? r.group : r.bank >> m->index_bits;
    uint32_t index = r.bank & m->index_mask;
    if (m->has_scheme[HAMM_ADDRMAP_BANK] | m->has_scheme[HAMM_ADDRMAP_CHANNEL]) {
        uint32_t number = (group << m->index_bits) | index;
        addrmap_scheme_apply(m, addr, x, &ch, &number);
        group = number >> m->index_bits;
        index = number & m->index_mask;
    }
    for (unsigned i = 0; i < m->xor_terms.n; i++) {
        const struct addrmap_xor *t = &m->xor_terms.term[i];
        uint32_t s = t->source == AM_ROW ? r.row : r.column;
        ch ^= s & t->channel_mask;
        group ^= (s >> t->group_shift) & t->group_mask;
        index ^= s & t->index_mask;
    }
    out->channel = ch;
    out->bank_group = group;
    out->bank = (group << m->index_bits) | index;
    out->row = r.row;
    out->column = r.column;
    out->rank = r.rank;
}

void hamm_addrmap_decode(const hamm_addrmap *m, uint64_t addr, hamm_dram_coord *out)
{
    uint64_t x = addr;
    struct raw_fields r;
    r.channel = m->insert == AM_INSERT_NONE ? 0 : take_channel(m, &x);
    if (!m->packed) { /* fields wider than 64 bits in all: walk the runs */
        if (m->insert == AM_INSERT_NONE)
            r.channel = (uint32_t)gather(m, AM_CHANNEL, x);
        r.bank = (uint32_t)gather(m, AM_BANK, x);
        r.group = (uint32_t)gather(m, AM_BANKGROUP, x);
        r.row = (uint32_t)gather(m, AM_ROW, x);
        r.column = (uint32_t)(gather(m, AM_COLUMN, x) >> m->column_shift);
        r.rank = (uint32_t)gather(m, AM_RANK, x);
        finish(m, r, addr, x, out);
        return;
    }
    uint64_t packed = pack_fields(m, x);
    if (m->insert == AM_INSERT_NONE)
        r.channel = (uint32_t)field(m, packed, AM_CHANNEL);
    r.bank = (uint32_t)field(m, packed, AM_BANK);
    r.group = (uint32_t)field(m, packed, AM_BANKGROUP);
    r.row = (uint32_t)field(m, packed, AM_ROW);
    r.column = (uint32_t)(field(m, packed, AM_COLUMN) >> m->column_shift);
    r.rank = (uint32_t)field(m, packed, AM_RANK);
    finish(m, r, addr, x, out);
}

uint64_t hamm_addrmap_channel_local(const hamm_addrmap *m, uint64_t addr)
{
    if (m->insert != AM_INSERT_NONE) {
        take_channel(m, &addr);
        return addr;
    }
    /* the channel's runs, highest first, so each squeeze leaves the lower runs in place */
    for (unsigned i = m->count[AM_CHANNEL]; i-- > 0;) {
        const struct addrmap_run *r = &m->runs[m->first[AM_CHANNEL] + i];
        unsigned len = (unsigned)__builtin_popcountll(r->mask);
        uint64_t high = r->src + len < 64 ? addr >> (r->src + len) << r->src : 0;
        addr = high | (addr & ((UINT64_C(1) << r->src) - 1));
    }
    return addr;
}

const hamm_geometry *hamm_addrmap_geometry(const hamm_addrmap *m)
{
    return &m->g;
}

void hamm_addrmap_free(hamm_addrmap *m)
{
    free(m);
}
