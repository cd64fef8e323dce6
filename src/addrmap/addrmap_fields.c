/* addrmap_fields.c - the field-order spelling of an address map:
 *
 *   "row:bank:channel:column"        most significant field first
 *   "row:column/3:bank:channel:column"  a field split in pieces, widths given
 *
 * Widths come from the geometry: channel log2(channels), bankgroup log2(bank_groups),
 * bank log2(banks / bank_groups) when a bankgroup field is listed and log2(banks) when not,
 * row log2(rows), column log2(columns), rank log2(ranks) (left out with one rank).  The lowest log2(column_bytes) bits are the byte
 * offset within a column and are not listed.  A field listed more than once takes the
 * explicit widths of its pieces, and at most one piece may go without a width (it takes
 * what is left); the first piece listed holds the field's most significant bits.
 * A channel count that is not a power of two is taken by division at the channel field's
 * place (like dramid@N), so that field cannot be split. */
#include <stdio.h>
#include <string.h>

#include "addrmap_internal.h"

#define FIELD "address_map"
#define MAX_TOKENS ADDRMAP_BITS
#define NO_WIDTH 0u

struct token {
    enum addrmap_field field;
    unsigned width; /* NO_WIDTH: the remainder of the field */
};

static const char *const names[AM_FIELD_COUNT] = {
    [AM_CHANNEL] = "channel", [AM_BANKGROUP] = "bankgroup", [AM_BANK] = "bank",
    [AM_ROW] = "row",         [AM_COLUMN] = "column",       [AM_RANK] = "rank",
};

const char *addrmap_field_name(enum addrmap_field f)
{
    return (unsigned)f < AM_FIELD_COUNT ? names[f] : "?";
}

static int lookup_name(const char *s, size_t len)
{
    for (int f = 0; f < AM_FIELD_COUNT; f++)
        if (strlen(names[f]) == len && strncmp(names[f], s, len) == 0)
            return f;
    return -1;
}

int addrmap_fields_detect(const char *spec)
{
    if (strchr(spec, ':'))
        return 1;
    size_t len = strcspn(spec, "/ ");
    return lookup_name(spec, len) >= 0;
}

/* One "name" or "name/width" between colons (surrounding blanks allowed). */
static hamm_status parse_token(const char *s, size_t len, struct token *t, hamm_error *err)
{
    while (len && *s == ' ')
        s++, len--;
    while (len && s[len - 1] == ' ')
        len--;
    size_t name_len = 0;
    while (name_len < len && s[name_len] != '/')
        name_len++;
    int f = lookup_name(s, name_len);
    if (f < 0)
        return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD,
                                "unknown field '%.*s' (expected row, bank, bankgroup, channel, "
                                "column, rank)", (int)name_len, s);
    t->field = (enum addrmap_field)f;
    t->width = NO_WIDTH;
    if (name_len == len)
        return HAMM_OK;
    unsigned w = 0;
    size_t i = name_len + 1;
    for (; i < len && s[i] >= '0' && s[i] <= '9' && w <= ADDRMAP_BITS; i++)
        w = w * 10 + (unsigned)(s[i] - '0');
    if (i != len || i == name_len + 1 || w == 0 || w > ADDRMAP_BITS)
        return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD,
                                "'%.*s': a width is a number of bits from 1 to 64", (int)len, s);
    t->width = w;
    return HAMM_OK;
}

static hamm_status split(const char *spec, struct token *tok, unsigned *n, hamm_error *err)
{
    *n = 0;
    const char *p = spec;
    for (;;) {
        size_t len = strcspn(p, ":");
        if (*n == MAX_TOKENS)
            return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD, "lists more than %d fields",
                                    MAX_TOKENS);
        hamm_status st = parse_token(p, len, &tok[*n], err);
        if (st != HAMM_OK)
            return st;
        (*n)++;
        if (!p[len])
            return HAMM_OK;
        p += len + 1;
    }
}

/* The bits each field needs; `has_group` says whether a bankgroup field is listed. */
static void field_widths(const hamm_geometry *g, int has_group, unsigned w[AM_FIELD_COUNT])
{
    w[AM_CHANNEL] = addrmap_is_pow2(g->channels) ? addrmap_log2(g->channels) : 0;
    /* Without a bankgroup field the bank field covers the group bits too. */
    w[AM_BANKGROUP] = has_group ? addrmap_log2(g->bank_groups) : 0;
    w[AM_BANK] = addrmap_log2(g->banks) - w[AM_BANKGROUP];
    w[AM_ROW] = addrmap_log2(g->rows);
    w[AM_COLUMN] = addrmap_log2(g->columns);
    w[AM_RANK] = addrmap_log2(g->ranks); /* 0 with one rank: the field may be left out */
}

static const char *count_noun(enum addrmap_field f)
{
    switch (f) {
    case AM_CHANNEL: return "channels";
    case AM_BANKGROUP: return "bank groups";
    case AM_BANK: return "banks";
    case AM_ROW: return "rows";
    case AM_COLUMN: return "columns";
    case AM_RANK: return "ranks";
    case AM_FIELD_COUNT: break;
    }
    return "?";
}

static uint32_t field_count(const hamm_geometry *g, enum addrmap_field f, int has_group)
{
    switch (f) {
    case AM_CHANNEL: return g->channels;
    case AM_BANKGROUP: return g->bank_groups;
    case AM_BANK: return has_group ? g->banks / g->bank_groups : g->banks;
    case AM_ROW: return g->rows;
    case AM_COLUMN: return g->columns;
    case AM_RANK: return g->ranks;
    case AM_FIELD_COUNT: break;
    }
    return 0;
}

/* A field that is not a power-of-two channel: its pieces must add up to its width,
 * with at most one piece taking the remainder.  Fills in the remainder's width. */
static hamm_status size_field(enum addrmap_field f, struct token *tok, unsigned n, unsigned need,
                              const hamm_geometry *g, int has_group, hamm_error *err)
{
    unsigned pieces = 0, open = 0, sum = 0;
    struct token *rest = NULL;
    for (unsigned i = 0; i < n; i++) {
        if (tok[i].field != f)
            continue;
        pieces++;
        if (tok[i].width == NO_WIDTH) {
            open++;
            rest = &tok[i];
        }
        sum += tok[i].width;
    }
    const char *name = addrmap_field_name(f);
    uint32_t count = field_count(g, f, has_group);
    if (!pieces && need)
        return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD,
                                "lacks the %s field (%u bits for %u %s)", name, need,
                                (unsigned)count, count_noun(f));
    if (open > 1)
        return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD,
                                "'%s' is listed %u times without widths; give all but one "
                                "piece a width (e.g. %s/3)", name, open, name);
    if (!open && pieces && sum != need)
        return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD,
                                "the widths of '%s' add up to %u bits; %u %s need %u", name, sum,
                                (unsigned)count, count_noun(f), need);
    if (open && pieces > 1 && sum >= need)
        return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD,
                                "the widths of '%s' (%u bits) leave nothing for its unsized "
                                "piece; %u %s need %u", name, sum, (unsigned)count, count_noun(f),
                                need);
    if (rest)
        rest->width = need - sum;
    return HAMM_OK;
}

/* Channels that are not a power of two: one unsplit field, taken by division. */
static hamm_status check_divided_channel(const struct token *tok, unsigned n,
                                         const hamm_geometry *g, hamm_error *err)
{
    unsigned pieces = 0, sized = 0;
    for (unsigned i = 0; i < n; i++)
        if (tok[i].field == AM_CHANNEL) {
            pieces++;
            sized += tok[i].width != NO_WIDTH;
        }
    if (pieces == 1 && !sized)
        return HAMM_OK;
    if (!pieces)
        return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD,
                                "lacks the channel field (%u channels)", (unsigned)g->channels);
    return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD,
                            "%u channels is not a power of two, so 'channel' must be listed "
                            "once, without a width", (unsigned)g->channels);
}

/* Lay the pieces out from the least significant one up, above the byte offset. */
static hamm_status place(const struct token *tok, unsigned n, const hamm_geometry *g,
                         struct addrmap_layout *out, hamm_error *err)
{
    unsigned bit = addrmap_log2(g->column_bytes), next[AM_FIELD_COUNT] = {0};
    int divided = !addrmap_is_pow2(g->channels);
    out->insert = AM_INSERT_NONE;
    for (unsigned i = n; i-- > 0;) {
        const struct token *t = &tok[i];
        if (t->field == AM_CHANNEL && divided) {
            out->insert = AM_INSERT_DIVIDE;
            out->insert_bit = bit;
            continue;
        }
        if (bit + t->width > ADDRMAP_BITS)
            return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD, "needs more than 64 address bits");
        for (unsigned j = 0; j < t->width; j++, bit++) {
            out->owner[bit] = (int8_t)t->field;
            out->pos[bit] = (uint8_t)next[t->field]++;
        }
    }
    if (divided && out->insert_bit >= ADDRMAP_BITS)
        return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD, "places the channel above bit 63");
    return HAMM_OK;
}

hamm_status addrmap_fields_parse(const char *spec, const hamm_geometry *g,
                                 struct addrmap_layout *out, hamm_error *err)
{
    struct token tok[MAX_TOKENS];
    unsigned n, w[AM_FIELD_COUNT];
    hamm_status st = split(spec, tok, &n, err);
    if (st != HAMM_OK)
        return st;
    int has_group = 0;
    for (unsigned i = 0; i < n; i++)
        has_group |= tok[i].field == AM_BANKGROUP;
    field_widths(g, has_group, w);
    for (int f = 0; f < AM_FIELD_COUNT && st == HAMM_OK; f++) {
        if (f == AM_CHANNEL && !addrmap_is_pow2(g->channels))
            st = check_divided_channel(tok, n, g, err);
        else
            st = size_field((enum addrmap_field)f, tok, n, w[f], g, has_group, err);
    }
    if (st != HAMM_OK)
        return st;
    out->column_shift = 0;
    out->bank_is_index = has_group;
    return place(tok, n, g, out, err);
}
