/* prefetch.h - read-ahead of a trace on a second thread.
 *
 * Decompression and parsing run on a producer thread that fills a small ring of
 * request batches; the caller's thread takes them in order.  Requests, their order and
 * the first error are exactly those of reading without it.  Memory: the ring, fixed. */
#ifndef HAMM_TRACE_PREFETCH_H
#define HAMM_TRACE_PREFETCH_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/trace.h"

/* What the producer calls to fill a batch: the reader's own unthreaded read. */
typedef hamm_status (*prefetch_fill_fn)(void *reader, hamm_request *reqs, size_t cap,
                                        size_t *n, uint64_t *raw_offset, hamm_error *err);

typedef struct prefetch prefetch;

hamm_status prefetch_start(prefetch **out, prefetch_fill_fn fill, void *reader,
                           const char *source, hamm_error *err);
/* Like hamm_trace_read: *n is 0 only at the end. */
hamm_status prefetch_read(prefetch *p, hamm_request *reqs, size_t cap, size_t *n,
                          hamm_error *err);
/* The next batch without copying: *reqs stays valid until the next call. */
hamm_status prefetch_next(prefetch *p, const hamm_request **reqs, size_t *n, hamm_error *err);
/* Raw bytes consumed by the batches delivered so far. */
uint64_t prefetch_raw_offset(const prefetch *p);
/* Stop the producer and wait for it; after this the reader is the caller's again. */
void prefetch_stop(prefetch *p);

#endif
