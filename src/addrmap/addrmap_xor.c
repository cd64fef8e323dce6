/* addrmap_xor.c - XOR hashing of a decoded address: "bank^row" XORs bank bit i with row
 * bit i (permutation-based interleaving, Zhang et al. 2000), likewise "channel^row" and
 * "bankgroup^row"; a source may also be the column.  Terms are joined by ',' and are
 * applied in the order given.  "bank" means the field the map decodes: the index within
 * the group when the map lists a bankgroup field, every bank bit when it does not. */
#include <string.h>

#include "addrmap_internal.h"

#define FIELD "address_xor"

static const char *trim(const char *s, size_t *len)
{
    while (*len && *s == ' ')
        s++, (*len)--;
    while (*len && s[*len - 1] == ' ')
        (*len)--;
    return s;
}

static int name_is(const char *s, size_t len, const char *name)
{
    return strlen(name) == len && strncmp(s, name, len) == 0;
}

/* The bank fields a target may name, from the geometry and the layout. */
struct bank_bits {
    uint32_t index_mask, group_mask;
    unsigned index_bits;
    int bank_is_index;
};

/* The masks that make target ^= source. */
static hamm_status target_masks(const hamm_geometry *g, const struct bank_bits *b,
                                const char *t, size_t len, struct addrmap_xor *x,
                                hamm_error *err)
{
    if (name_is(t, len, "channel")) {
        if (!addrmap_is_pow2(g->channels) || g->channels == 1)
            return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD,
                                    "channel^...: needs a power-of-two channel count above 1, "
                                    "not %u", (unsigned)g->channels);
        x->channel_mask = g->channels - 1;
    } else if (name_is(t, len, "bankgroup")) {
        if (g->bank_groups == 1)
            return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD,
                                    "bankgroup^...: the device has no bank groups");
        x->group_mask = b->group_mask;
    } else if (name_is(t, len, "bank")) {
        if (g->banks == 1)
            return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD,
                                    "bank^...: the device has one bank");
        x->index_mask = b->index_mask;
        if (!b->bank_is_index) { /* every bank bit: the group bits sit above the index */
            x->group_mask = b->group_mask;
            x->group_shift = b->index_bits;
        }
    } else {
        return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD,
                                "unknown target '%.*s' (expected channel, bank or bankgroup)",
                                (int)len, t);
    }
    return HAMM_OK;
}

/* One "target^source" term, appended to *out. */
static hamm_status parse_term(const hamm_geometry *g, const struct bank_bits *b, const char *s,
                              size_t len, struct addrmap_xor_terms *out, hamm_error *err)
{
    s = trim(s, &len);
    const char *caret = memchr(s, '^', len);
    if (!caret)
        return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD,
                                "'%.*s' is not of the form target^source (e.g. bank^row)", (int)len,
                                s);
    if (out->n == ADDRMAP_MAX_XOR)
        return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD, "has more than %d terms",
                                ADDRMAP_MAX_XOR);
    size_t tlen = (size_t)(caret - s), slen = len - tlen - 1;
    const char *t = trim(s, &tlen), *src = trim(caret + 1, &slen);
    struct addrmap_xor x = {0};
    if (name_is(src, slen, "row"))
        x.source = AM_ROW;
    else if (name_is(src, slen, "column"))
        x.source = AM_COLUMN;
    else
        return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD,
                                "unknown source '%.*s' (expected row or column)", (int)slen, src);
    hamm_status st = target_masks(g, b, t, tlen, &x, err);
    if (st == HAMM_OK)
        out->term[out->n++] = x;
    return st;
}

hamm_status addrmap_xor_parse(const char *xor_spec, const hamm_geometry *g, int bank_is_index,
                              struct addrmap_xor_terms *out, hamm_error *err)
{
    struct addrmap_xor_terms terms = {0};
    struct bank_bits b = {(g->banks / g->bank_groups) - 1, g->bank_groups - 1,
                          addrmap_log2(g->banks / g->bank_groups), bank_is_index};
    const char *p = xor_spec ? xor_spec : "";
    while (*p) {
        size_t len = strcspn(p, ",");
        hamm_status st = parse_term(g, &b, p, len, &terms, err);
        if (st != HAMM_OK)
            return st;
        if (!p[len])
            break;
        p += len + 1;
    }
    *out = terms;
    return HAMM_OK;
}
