/* channel_batch.c - the per-channel stream stage of hamm/stream.h: decode a batch of
 * requests with the address map, then a stable counting sort by channel.  Owns the two
 * copies of the batch (trace order and channel order) and the channel boundaries. */
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "hamm/stream.h"

struct hamm_channel_batch {
    const hamm_addrmap *map;
    uint32_t channels;
    uint32_t banks; /* per rank: a request's bank is rank * banks + its bank in the rank */
    size_t n;
    hamm_mapped_request *trace;   /* [HAMM_CHANNEL_BATCH_MAX], trace order */
    hamm_mapped_request *grouped; /* [HAMM_CHANNEL_BATCH_MAX], by channel */
    uint32_t *end; /* [channels]: channel c's requests end at grouped[end[c]] */
};

hamm_status hamm_channel_batch_new(hamm_channel_batch **out, const hamm_addrmap *map,
                                   hamm_error *err)
{
    *out = NULL;
    hamm_channel_batch *b = calloc(1, sizeof *b);
    if (b) {
        b->map = map;
        b->channels = hamm_addrmap_geometry(map)->channels;
        b->banks = hamm_addrmap_geometry(map)->banks;
        b->trace = hamm_calloc_array(HAMM_CHANNEL_BATCH_MAX, sizeof *b->trace);
        b->grouped = hamm_calloc_array(HAMM_CHANNEL_BATCH_MAX, sizeof *b->grouped);
        b->end = hamm_calloc_array(b->channels, sizeof *b->end);
    }
    if (!b || !b->trace || !b->grouped || !b->end) {
        hamm_channel_batch_free(b);
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    }
    *out = b;
    return HAMM_OK;
}

void hamm_channel_batch_fill(hamm_channel_batch *b, const hamm_request *reqs, size_t n)
{
    uint32_t nch = b->channels;
    uint32_t *end = b->end;
    for (uint32_t c = 0; c < nch; c++)
        end[c] = 0;
    for (size_t i = 0; i < n; i++) {
        const hamm_request *r = &reqs[i];
        hamm_dram_coord c;
        hamm_addrmap_decode(b->map, r->addr, &c);
        int timed = (r->flags & HAMM_REQ_HAS_CYCLE) != 0;
        b->trace[i] = (hamm_mapped_request){hamm_dram_coord_channel_bank(&c, b->banks), c.row,
                                            r->size, r->op == HAMM_OP_WRITE, c.channel,
                                            c.column, (uint32_t)timed, 0,
                                            timed ? r->cycle : 0};
        end[c.channel]++;
    }
    uint32_t begin = 0;
    for (uint32_t c = 0; c < nch; c++) { /* end[c] becomes where channel c starts */
        uint32_t count = end[c];
        end[c] = begin;
        begin += count;
    }
    for (size_t i = 0; i < n; i++)
        b->grouped[end[b->trace[i].channel]++] = b->trace[i];
    b->n = n;
}

void hamm_channel_batch_copy(hamm_channel_batch *dst, const hamm_channel_batch *src)
{
    memcpy(dst->trace, src->trace, src->n * sizeof *src->trace);
    memcpy(dst->grouped, src->grouped, src->n * sizeof *src->grouped);
    memcpy(dst->end, src->end, src->channels * sizeof *src->end);
    dst->n = src->n;
}

size_t hamm_channel_batch_size(const hamm_channel_batch *b)
{
    return b->n;
}

uint32_t hamm_channel_batch_channels(const hamm_channel_batch *b)
{
    return b->channels;
}

const hamm_mapped_request *hamm_channel_batch_requests(const hamm_channel_batch *b)
{
    return b->trace;
}

const hamm_mapped_request *hamm_channel_batch_channel(const hamm_channel_batch *b,
                                                      uint32_t channel, size_t *n)
{
    if (channel >= b->channels) {
        *n = 0;
        return b->grouped;
    }
    uint32_t begin = channel ? b->end[channel - 1] : 0;
    *n = b->end[channel] - begin;
    return b->grouped + begin;
}

void hamm_channel_batch_free(hamm_channel_batch *b)
{
    if (!b)
        return;
    free(b->trace);
    free(b->grouped);
    free(b->end);
    free(b);
}
