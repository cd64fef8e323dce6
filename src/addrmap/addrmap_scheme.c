/* addrmap_scheme.c - a parallel-memory scheme of src/banked (low-order, skewed, prime,
 * XOR, SAMS, 2DSMM) as the bank or channel function of an address map: which schemes
 * and maps can take one (the field's bits one run, the scheme a permutation of every
 * block of `count` units), and the inverse by search that hamm_addrmap_encode needs.
 *
 * Why the map stays one-to-one: the scheme reads the unit address u = A >> s, where A
 * is the address the field's bits are read from and s the field's lowest bit, so
 * u = hi * count + raw with `raw` the bit map's own value and `hi` the bits above it.
 * With every other field fixed, hi is fixed, and a scheme that permutes each block
 * hi * count + 0 .. count - 1 (hamm_banked_check_permutation) maps the raw values onto
 * every module once.  With both schemes set, one field's unit address never holds the
 * other's bits (the bank's reads the address with the channel taken out; of two fields
 * in the same address, the higher one's unit address starts above the lower one), so
 * the two can be undone one after the other. */
#include <stdio.h>
#include <string.h>

#include "addrmap_internal.h"

static const char *const keys[HAMM_ADDRMAP_TARGET_COUNT] = {
    [HAMM_ADDRMAP_BANK] = "address_bank_scheme",
    [HAMM_ADDRMAP_CHANNEL] = "address_channel_scheme",
};

static const char *const nouns[HAMM_ADDRMAP_TARGET_COUNT] = {
    [HAMM_ADDRMAP_BANK] = "bank",
    [HAMM_ADDRMAP_CHANNEL] = "channel",
};

/* The address bit that supplies bit k of field f's value, or -1 when none does. */
static int source_bit(const hamm_addrmap *m, enum addrmap_field f, unsigned k)
{
    for (unsigned i = m->first[f]; i < m->first[f] + m->count[f]; i++) {
        const struct addrmap_run *r = &m->runs[i];
        unsigned len = (unsigned)__builtin_popcountll(r->mask);
        if (k >= r->dst && k < r->dst + len)
            return (int)(r->src + (k - r->dst));
    }
    return -1;
}

/* The address bit that supplies bit k of the target's number (a bank's counts the
 * group bits above the index bits). */
static int number_bit(const hamm_addrmap *m, hamm_addrmap_target t, unsigned k)
{
    switch (t) {
    case HAMM_ADDRMAP_CHANNEL:
        return source_bit(m, AM_CHANNEL, k);
    case HAMM_ADDRMAP_BANK:
        if (m->bank_is_index && k >= m->index_bits)
            return source_bit(m, AM_BANKGROUP, k - m->index_bits);
        return source_bit(m, AM_BANK, k);
    case HAMM_ADDRMAP_TARGET_COUNT:
        break;
    }
    return -1;
}

/* The unit address's shift: the field's lowest bit, its bits one run above it. */
static hamm_status unit_shift(const hamm_addrmap *m, hamm_addrmap_target t, uint32_t count,
                              unsigned *shift, hamm_error *err)
{
    if (t == HAMM_ADDRMAP_CHANNEL && m->insert != AM_INSERT_NONE) {
        *shift = m->insert_bit; /* dramid@N, or a divided count: the channel is (A >> N) % C */
        return HAMM_OK;
    }
    int low = number_bit(m, t, 0);
    if (low < 0)
        return hamm_error_field(err, HAMM_ERR_CONFIG, keys[t], "the map gives the %s no bits",
                                nouns[t]);
    for (unsigned k = 1; (UINT64_C(1) << k) < count; k++) {
        int b = number_bit(m, t, k);
        if (b != low + (int)k)
            return hamm_error_field(err, HAMM_ERR_CONFIG, keys[t],
                                    "needs the map's %s bits in one run, lowest first, but "
                                    "bit 0 is address bit %d and bit %u is address bit %d; "
                                    "list the field once in address_map", nouns[t], low,
                                    k, b);
    }
    *shift = (unsigned)low;
    return HAMM_OK;
}

/* Parse `spec` for `count` modules and check that it permutes; errors re-fielded. */
static hamm_status parse_scheme(hamm_addrmap_target t, const char *spec, uint32_t count,
                                hamm_banked_scheme *s, hamm_error *err)
{
    hamm_error local;
    hamm_error_clear(&local);
    if (count > HAMM_BANKED_MAX_LANES)
        return hamm_error_field(err, HAMM_ERR_CONFIG, keys[t], "%u %ss: a scheme takes at most %u",
                                (unsigned)count, nouns[t], HAMM_BANKED_MAX_LANES);
    if (hamm_banked_parse(spec, count, s, &local) == HAMM_OK &&
        hamm_banked_check_permutation(s, &local) == HAMM_OK)
        return HAMM_OK;
    /* hamm stats names its module count --modules; here it is the system's count */
    char *opt = strstr(local.text, " (--modules)");
    if (opt)
        *opt = '\0';
    if (strcmp(local.field, "modules") == 0)
        return hamm_error_field(err, HAMM_ERR_CONFIG, keys[t], "%u %ss: %s", (unsigned)count,
                                nouns[t], local.text);
    return hamm_error_field(err, HAMM_ERR_CONFIG, keys[t], "%s%s%s", local.field,
                            local.field[0] ? ": " : "", local.text);
}

hamm_status hamm_addrmap_set_scheme(hamm_addrmap *m, hamm_addrmap_target t, const char *spec,
                                    hamm_error *err)
{
    if (!m || (unsigned)t >= HAMM_ADDRMAP_TARGET_COUNT)
        return hamm_error_set(err, HAMM_ERR_ARG, "hamm_addrmap_set_scheme: bad argument");
    m->has_scheme[t] = 0;
    if (!spec || !*spec)
        return HAMM_OK;
    uint32_t count = t == HAMM_ADDRMAP_BANK ? m->g.banks : m->g.channels;
    if (count < 2)
        return hamm_error_field(err, HAMM_ERR_CONFIG, keys[t],
                                "the system has one %s: there is nothing to interleave",
                                nouns[t]);
    hamm_banked_scheme s;
    unsigned shift = 0;
    hamm_status st = parse_scheme(t, spec, count, &s, err);
    if (st == HAMM_OK)
        st = unit_shift(m, t, count, &shift, err);
    if (st != HAMM_OK)
        return st;
    m->scheme[t] = s;
    m->unit_shift[t] = shift;
    m->has_scheme[t] = 1;
    return HAMM_OK;
}

const char *hamm_addrmap_scheme(const hamm_addrmap *m, hamm_addrmap_target t)
{
    if ((unsigned)t >= HAMM_ADDRMAP_TARGET_COUNT || !m->has_scheme[t])
        return "";
    return m->scheme[t].spec;
}

static int same_coord(const hamm_dram_coord *a, const hamm_dram_coord *b)
{
    return a->channel == b->channel && a->bank == b->bank && a->row == b->row &&
           a->column == b->column && a->rank == b->rank;
}

/* Try every raw value of target t, the other raw value fixed, until the decoded address
 * matches c: in t alone (`whole` 0), or whole.  0 when one does. */
static int solve(const hamm_addrmap *m, const hamm_dram_coord *c, hamm_addrmap_target t,
                 int whole, uint32_t raw[HAMM_ADDRMAP_TARGET_COUNT], uint64_t *addr)
{
    uint32_t count = t == HAMM_ADDRMAP_BANK ? m->g.banks : m->g.channels;
    for (uint32_t v = 0; v < count; v++) {
        uint32_t bank = t == HAMM_ADDRMAP_BANK ? v : raw[HAMM_ADDRMAP_BANK];
        uint32_t ch = t == HAMM_ADDRMAP_CHANNEL ? v : raw[HAMM_ADDRMAP_CHANNEL];
        uint64_t x;
        hamm_dram_coord back;
        if (addrmap_assemble(m, ch, bank >> m->index_bits, bank & m->index_mask, c, &x) != 0)
            continue;
        hamm_addrmap_decode(m, x, &back);
        int hit = whole ? same_coord(&back, c)
                        : (t == HAMM_ADDRMAP_BANK ? back.bank == c->bank
                                                  : back.channel == c->channel);
        if (hit) {
            raw[t] = v;
            *addr = x;
            return 0;
        }
    }
    return -1;
}

/* Which field to solve first: the one whose decoded value the other's raw bits leave
 * alone (see the top of the file). */
static hamm_addrmap_target first_target(const hamm_addrmap *m)
{
    if (!m->has_scheme[HAMM_ADDRMAP_CHANNEL])
        return HAMM_ADDRMAP_CHANNEL;
    if (!m->has_scheme[HAMM_ADDRMAP_BANK] || m->insert != AM_INSERT_NONE)
        return HAMM_ADDRMAP_BANK;
    return m->unit_shift[HAMM_ADDRMAP_BANK] > m->unit_shift[HAMM_ADDRMAP_CHANNEL]
               ? HAMM_ADDRMAP_BANK
               : HAMM_ADDRMAP_CHANNEL;
}

hamm_status addrmap_scheme_encode(const hamm_addrmap *m, const hamm_dram_coord *c,
                                  uint64_t *addr, hamm_error *err)
{
    uint32_t raw[HAMM_ADDRMAP_TARGET_COUNT] = {0, 0};
    hamm_addrmap_target one = first_target(m);
    hamm_addrmap_target two =
        one == HAMM_ADDRMAP_BANK ? HAMM_ADDRMAP_CHANNEL : HAMM_ADDRMAP_BANK;
    uint64_t x = 0;
    if (solve(m, c, one, 0, raw, &x) == 0 && solve(m, c, two, 1, raw, &x) == 0) {
        *addr = x;
        return HAMM_OK;
    }
    /* A divided channel count whose address overflows 64 bits gets here. */
    return hamm_error_field(err, HAMM_ERR_ARG, "coordinate",
                            "channel %u bank %u row %u column %u has no 64-bit address",
                            (unsigned)c->channel, (unsigned)c->bank, (unsigned)c->row,
                            (unsigned)c->column);
}
