/* hamm/stream.h - the per-channel stream stage: a batch of trace requests decoded once by
 * the address map and grouped by channel.  The model, the engine and the statistics all
 * consume it, so they never disagree about where a request goes (DESIGN.md, data flow). */
#ifndef HAMM_STREAM_H
#define HAMM_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/addrmap.h"
#include "hamm/error.h"
#include "hamm/export.h"
#include "hamm/trace.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One request after the address map. */
typedef struct hamm_mapped_request {
    uint32_t bank;    /* across bank groups and ranks: rank * banks + hamm_dram_coord.bank */
    uint32_t row;
    uint32_t size;    /* bytes */
    uint32_t write;   /* 1: a write; 0: a read */
    uint32_t channel;
    uint32_t column;
    uint32_t timed;   /* 1: `arrival` holds the trace's arrival cycle (HAMM_REQ_HAS_CYCLE) */
    uint32_t pad;     /* 0; keeps the record 32 bytes */
    uint64_t arrival; /* the trace's arrival cycle, when `timed` */
} hamm_mapped_request;

/* Requests one batch holds at most: a stretch short enough to stay in cache. */
#define HAMM_CHANNEL_BATCH_MAX 8192

typedef struct hamm_channel_batch hamm_channel_batch;

/* An empty batch over `map` (borrowed: it must outlive the batch). */
HAMM_API hamm_status hamm_channel_batch_new(hamm_channel_batch **out, const hamm_addrmap *map,
                                            hamm_error *err);
/* Replace the batch's contents with reqs[0..n), n <= HAMM_CHANNEL_BATCH_MAX: each request
 * decoded once, then grouped by channel stably (trace order kept within a channel). */
HAMM_API void hamm_channel_batch_fill(hamm_channel_batch *b, const hamm_request *reqs,
                                      size_t n);
/* Make dst hold what src holds; dst's map must have src's channel count. */
HAMM_API void hamm_channel_batch_copy(hamm_channel_batch *dst, const hamm_channel_batch *src);
/* Requests held, and the channel count of the map. */
HAMM_API size_t hamm_channel_batch_size(const hamm_channel_batch *b);
HAMM_API uint32_t hamm_channel_batch_channels(const hamm_channel_batch *b);
/* Every request of the batch in trace order (hamm_channel_batch_size entries). */
HAMM_API const hamm_mapped_request *hamm_channel_batch_requests(const hamm_channel_batch *b);
/* Channel `channel`'s requests in trace order; *n of them (0 for a channel out of range). */
HAMM_API const hamm_mapped_request *hamm_channel_batch_channel(const hamm_channel_batch *b,
                                                               uint32_t channel, size_t *n);
HAMM_API void hamm_channel_batch_free(hamm_channel_batch *b);

/* The bytes a geometry addresses: channels x ranks x banks x rows x columns x column_bytes (hamm's maps
 * decode the addresses below one to one and fold those above onto them); 0 when a count is 0 or the product reaches 2^64 (no address lies beyond). */
HAMM_API uint64_t hamm_geometry_capacity(const hamm_geometry *g);

/* The requests of a trace whose address lies beyond the capacity of the model. */
typedef struct hamm_capacity {
    uint64_t capacity_bytes; /* hamm_geometry_capacity; 0: nothing is counted */
    uint64_t beyond;         /* requests with addr >= capacity_bytes */
    uint64_t first_beyond;   /* the first such address in trace order (when beyond > 0) */
} hamm_capacity;

HAMM_API void hamm_capacity_init(hamm_capacity *c, const hamm_geometry *g);
/* Count reqs[0..n), the next requests in trace order. */
HAMM_API void hamm_capacity_count(hamm_capacity *c, const hamm_request *reqs, size_t n);

#ifdef __cplusplus
}
#endif

#endif
