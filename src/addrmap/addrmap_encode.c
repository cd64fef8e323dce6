/* addrmap_encode.c - the inverse of hamm_addrmap_decode: the lowest byte address that
 * decodes to a given channel, bank, row and column.  Synthetic traces (hamm generate)
 * use it to aim requests at chosen rows and banks of a model, whatever its spelling,
 * XOR hashing or channel division. */
#include "addrmap_internal.h"

/* Spread a field's value over the address bits its runs read from (gather's inverse). */
static uint64_t scatter(const hamm_addrmap *m, enum addrmap_field f, uint64_t v)
{
    const struct addrmap_run *r = m->runs + m->first[f];
    uint64_t x = 0;
    for (unsigned i = 0; i < m->count[f]; i++)
        x |= ((v >> r[i].dst) & r[i].mask) << r[i].src;
    return x;
}

/* Put the channel back where take_channel() takes it out: hi = q * channels + channel. */
static int insert_channel(const hamm_addrmap *m, uint32_t ch, uint64_t *x)
{
    if (m->insert == AM_INSERT_NONE) {
        *x |= scatter(m, AM_CHANNEL, ch);
        return 0;
    }
    uint64_t q = *x >> m->insert_bit;
    uint64_t limit = UINT64_MAX >> m->insert_bit;
    if (q > (limit - ch) / m->g.channels)
        return -1;
    *x = ((q * m->g.channels + ch) << m->insert_bit) | (*x & m->low_mask);
    return 0;
}

int addrmap_assemble(const hamm_addrmap *m, uint32_t ch, uint32_t group, uint32_t index,
                     const hamm_dram_coord *c, uint64_t *addr)
{
    uint64_t x = scatter(m, AM_ROW, c->row) | scatter(m, AM_RANK, c->rank) |
                 scatter(m, AM_COLUMN, (uint64_t)c->column << m->column_shift);
    if (m->bank_is_index)
        x |= scatter(m, AM_BANKGROUP, group) | scatter(m, AM_BANK, index);
    else
        x |= scatter(m, AM_BANK, ((uint64_t)group << m->index_bits) | index);
    if (insert_channel(m, ch, &x) != 0)
        return -1;
    *addr = x;
    return 0;
}

static int same_coord(const hamm_dram_coord *a, const hamm_dram_coord *b)
{
    return a->channel == b->channel && a->bank == b->bank && a->row == b->row &&
           a->column == b->column && a->rank == b->rank;
}

hamm_status hamm_addrmap_encode(const hamm_addrmap *m, const hamm_dram_coord *c,
                                uint64_t *addr, hamm_error *err)
{
    const hamm_geometry *g = &m->g;
    if (c->channel >= g->channels || c->bank >= g->banks || c->row >= g->rows ||
        c->column >= g->columns)
        return hamm_error_field(err, HAMM_ERR_ARG, "coordinate",
                                "channel %u bank %u row %u column %u is outside the geometry "
                                "(%u channels, %u banks, %u rows, %u columns)",
                                (unsigned)c->channel, (unsigned)c->bank, (unsigned)c->row,
                                (unsigned)c->column, (unsigned)g->channels, (unsigned)g->banks,
                                (unsigned)g->rows, (unsigned)g->columns);
    if (c->rank >= g->ranks)
        return hamm_error_field(err, HAMM_ERR_ARG, "coordinate",
                                "rank %u is outside the geometry (%u ranks per channel)",
                                (unsigned)c->rank, (unsigned)g->ranks);
    if (m->has_scheme[HAMM_ADDRMAP_BANK] || m->has_scheme[HAMM_ADDRMAP_CHANNEL])
        return addrmap_scheme_encode(m, c, addr, err);
    /* XOR hashing flips channel and bank bits by row and column bits, which are stored
     * as they are: flipping by the same bits again gives the raw fields. */
    uint32_t ch = c->channel, group = c->bank >> m->index_bits, index = c->bank & m->index_mask;
    for (unsigned i = 0; i < m->xor_terms.n; i++) {
        const struct addrmap_xor *t = &m->xor_terms.term[i];
        uint32_t s = t->source == AM_ROW ? c->row : c->column;
        ch ^= s & t->channel_mask;
        group ^= (s >> t->group_shift) & t->group_mask;
        index ^= s & t->index_mask;
    }
    uint64_t x;
    hamm_dram_coord back;
    if (addrmap_assemble(m, ch, group, index, c, &x) == 0) {
        hamm_addrmap_decode(m, x, &back);
        if (same_coord(&back, c)) {
            *addr = x;
            return HAMM_OK;
        }
    }
    /* Only a map whose channel division overflows 64 bits gets here. */
    return hamm_error_field(err, HAMM_ERR_ARG, "coordinate",
                            "channel %u bank %u row %u column %u has no 64-bit address",
                            (unsigned)c->channel, (unsigned)c->bank, (unsigned)c->row,
                            (unsigned)c->column);
}
