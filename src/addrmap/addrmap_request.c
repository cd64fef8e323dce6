/* addrmap_request.c - whether a map keeps its channel and bank bits out of a request.
 *
 * The engine and the model place a whole request by its first byte.  A channel, bank
 * group or bank bit that lies inside the request (below log2(request size)) is 0 in every
 * request aligned to that size, so those requests all land on the channels or banks
 * whose bit is 0, and the map itself says one request's bytes live in two places.
 * XOR terms cannot cause this and are not allowed to excuse it: a term only XORs a row or
 * column bit into a channel or bank bit.  A target bit at or above the request size
 * keeps all its values whatever the source (a source bit inside the request is 0 in an
 * aligned request and so drops out of the hash); a target bit inside the request still
 * splits the request, whatever the term adds to it. */
#include <stdio.h>

#include "addrmap_internal.h"

#define FIELD "address_map"

/* "bit 3" or "bits 3-4, 7" for the bits set in `bits`. */
static void bit_list(uint64_t bits, char *buf, size_t size)
{
    size_t n = (size_t)snprintf(buf, size, "bit%s", (bits & (bits - 1)) ? "s" : "");
    const char *sep = " ";
    for (unsigned b = 0; b < ADDRMAP_BITS && n < size; b++) {
        if (!(bits >> b & 1))
            continue;
        unsigned e = b;
        while (e + 1 < ADDRMAP_BITS && (bits >> (e + 1) & 1))
            e++;
        int w = e > b ? snprintf(buf + n, size - n, "%s%u-%u", sep, b, e)
                      : snprintf(buf + n, size - n, "%s%u", sep, b);
        n += w > 0 ? (size_t)w : 0;
        sep = ", ";
        b = e;
    }
}

/* The address bits below `limit` that feed field f through the map's runs. */
static uint64_t low_bits(const hamm_addrmap *m, enum addrmap_field f, unsigned limit)
{
    uint64_t bits = 0;
    for (unsigned i = m->first[f]; i < m->first[f] + m->count[f]; i++) {
        const struct addrmap_run *r = &m->runs[i];
        bits |= r->mask << r->src;
    }
    return limit >= ADDRMAP_BITS ? bits : bits & ((UINT64_C(1) << limit) - 1);
}

/* Does an XOR term change field f? */
static int xor_targets(const hamm_addrmap *m, enum addrmap_field f)
{
    for (unsigned i = 0; i < m->xor_terms.n; i++) {
        const struct addrmap_xor *x = &m->xor_terms.term[i];
        if ((f == AM_CHANNEL && x->channel_mask) ||
            (f == AM_BANKGROUP && m->bank_is_index && x->group_mask) ||
            (f == AM_BANK && (x->index_mask || (!m->bank_is_index && x->group_mask))))
            return 1;
    }
    return 0;
}

static hamm_status refuse(const hamm_addrmap *m, enum addrmap_field f, uint64_t bits,
                          uint32_t request_bytes, hamm_error *err)
{
    char list[96];
    unsigned top = addrmap_log2(request_bytes);
    bit_list(bits, list, sizeof list);
    return hamm_error_field(err, HAMM_ERR_CONFIG, FIELD,
                            "the %s field takes address %s, inside a %u-byte request (bits "
                            "0-%u), where aligned requests are all 0%s; put it at bit %u or "
                            "above (or set address_map_allow_split)",
                            addrmap_field_name(f), list, (unsigned)request_bytes, top - 1,
                            xor_targets(m, f) ? " (address_xor does not change that)" : "",
                            top);
}

hamm_status hamm_addrmap_check_request(const hamm_addrmap *m, uint32_t request_bytes,
                                       hamm_error *err)
{
    if (!m || !addrmap_is_pow2(request_bytes))
        return hamm_error_set(err, HAMM_ERR_ARG,
                              "hamm_addrmap_check_request: a request size is a power of two");
    unsigned limit = addrmap_log2(request_bytes);
    /* dramid@N and a divided channel count take the channel from bit N up; below the
     * inserted channel the layout's bits are the address's own. */
    if (m->insert != AM_INSERT_NONE && m->g.channels > 1 && m->insert_bit < limit) {
        unsigned top = m->insert == AM_INSERT_SHIFT ? m->insert_bit + m->channel_bits
                                                    : limit;
        top = top < limit ? top : limit;
        uint64_t bits = ((UINT64_C(1) << top) - 1) & ~((UINT64_C(1) << m->insert_bit) - 1);
        return refuse(m, AM_CHANNEL, bits, request_bytes, err);
    }
    static const enum addrmap_field checked[] = {AM_CHANNEL, AM_RANK, AM_BANKGROUP, AM_BANK};
    for (size_t i = 0; i < sizeof checked / sizeof checked[0]; i++) {
        uint64_t bits = low_bits(m, checked[i], limit);
        if (bits)
            return refuse(m, checked[i], bits, request_bytes, err);
    }
    return HAMM_OK;
}
