/* hamm/stats.h - one-pass trace statistics: request mix, footprint over channels,
 * banks and rows, how the requests spread over the channels and each channel's banks,
 * and row access locality in trace order.
 *
 * Row access locality here is what an open-page controller that serves requests
 * strictly in trace order would see: a request to a bank whose last request went
 * to another row (or that has not been used yet) costs an activate.  It is the
 * trace's own locality, before any scheduler reorders it.
 */
#ifndef HAMM_STATS_H
#define HAMM_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/addrmap.h"
#include "hamm/error.h"
#include "hamm/export.h"
#include "hamm/stream.h"
#include "hamm/trace.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How requests spread over n parts (the channels, or one channel's banks): the most and
 * the fewest requests of any part, parts without requests included, and which part (the
 * lowest number among equals).  A part's share is its count / the parts' total. */
typedef struct hamm_spread {
    uint64_t largest, smallest;
    uint32_t largest_at, smallest_at;
} hamm_spread;

typedef struct hamm_channel_stats {
    uint64_t requests, reads, writes, bytes;
    uint64_t activates; /* row changes in trace order, first use of a bank included */
    const uint64_t *bank_requests; /* [banks of hamm_trace_stats]: requests per bank */
    hamm_spread banks;  /* over the channel's banks (shares of its requests) */
} hamm_channel_stats;

typedef struct hamm_trace_stats {
    uint64_t requests, reads, writes, bytes;
    uint64_t activates;
    uint64_t channels_touched;
    uint64_t banks_touched;  /* distinct (channel, bank) pairs */
    uint64_t distinct_rows;  /* distinct (channel, bank, row) triples */
    uint64_t timed;          /* requests that carry an arrival cycle */
    uint64_t first_cycle, last_cycle; /* over timed requests */
    uint32_t channels;       /* entries of per_channel */
    uint32_t banks;          /* per channel: entries of each bank_requests */
    hamm_spread spread;      /* over the channels (shares of all requests) */
    const hamm_channel_stats *per_channel;
} hamm_trace_stats;

typedef struct hamm_stats hamm_stats;

/* Statistics over the geometry of `map` (borrowed: it must outlive the object). */
HAMM_API hamm_status hamm_stats_new(hamm_stats **out, const hamm_addrmap *map, hamm_error *err);
/* Count the next requests of the trace, in order: as mapped by the stream stage (a batch
 * over this object's map, or one of the same geometry), or raw (mapped here). */
HAMM_API void hamm_stats_add_batch(hamm_stats *s, const hamm_channel_batch *b);
HAMM_API void hamm_stats_add(hamm_stats *s, const hamm_request *reqs, size_t n);
/* The totals so far; the pointer stays valid until the next add or free. */
HAMM_API const hamm_trace_stats *hamm_stats_result(hamm_stats *s);
HAMM_API void hamm_stats_free(hamm_stats *s);

/* Requests per activate; negative when undefined (no activates), like the engine's
 * hamm_result_* measures. */
HAMM_API double hamm_row_locality(uint64_t requests, uint64_t activates);

#ifdef __cplusplus
}
#endif

#endif
