/* prefetch.c - the producer thread and its ring of batches (see prefetch.h). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "common/handoff.h"
#include "prefetch.h"

#define RING 4
#define BATCH 4096

typedef struct batch {
    hamm_request reqs[BATCH];
    size_t n, pos;
    hamm_status st;       /* the status that ended this batch's fill */
    hamm_error err;
    uint64_t raw_offset;
} batch;

struct prefetch {
    prefetch_fill_fn fill;
    void *reader;
    pthread_t thread;
    handoff *ring;
    batch *batches;       /* [RING] */
    uint64_t delivered_offset;
};

/* The producer: fill batches until the end, an error, or the consumer stops. */
static void *produce(void *arg)
{
    prefetch *p = arg;
    for (;;) {
        int slot = handoff_claim(p->ring);
        if (slot < 0)
            return NULL;
        batch *b = &p->batches[slot];
        b->n = b->pos = 0;
        hamm_error_clear(&b->err);
        b->st = p->fill(p->reader, b->reqs, BATCH, &b->n, &b->raw_offset, &b->err);
        handoff_publish(p->ring);
        if (b->st != HAMM_OK || b->n == 0)
            return NULL; /* the last batch: an error or the end */
    }
}

hamm_status prefetch_start(prefetch **out, prefetch_fill_fn fill, void *reader,
                           const char *source, hamm_error *err)
{
    *out = NULL;
    prefetch *p = calloc(1, sizeof *p);
    if (p) {
        p->batches = calloc(RING, sizeof *p->batches);
        p->ring = handoff_new(RING);
    }
    if (!p || !p->batches || !p->ring) {
        if (p) {
            free(p->batches);
            handoff_free(p->ring);
        }
        free(p);
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(source), NULL, "out of memory");
    }
    p->fill = fill;
    p->reader = reader;
    if (pthread_create(&p->thread, NULL, produce, p) != 0) {
        handoff_free(p->ring);
        free(p->batches);
        free(p);
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(source), NULL,
                             "cannot start the read-ahead thread");
    }
    *out = p;
    return HAMM_OK;
}

/* The batch at the head, with its position; the last one is never released, so every
 * later call sees the same end or error. */
static batch *current(prefetch *p)
{
    batch *b = &p->batches[handoff_take(p->ring)];
    if (b->pos == b->n && b->n > 0 && b->st == HAMM_OK) {
        handoff_release(p->ring);
        b = &p->batches[handoff_take(p->ring)];
    }
    return b;
}

/* The error that ended the trace, once every request before it has been delivered. */
static hamm_status ended(prefetch *p, const batch *b, hamm_error *err)
{
    p->delivered_offset = b->raw_offset;
    if (b->st != HAMM_OK && err && err->status == HAMM_OK)
        *err = b->err;
    return b->st;
}

hamm_status prefetch_read(prefetch *p, hamm_request *reqs, size_t cap, size_t *n,
                          hamm_error *err)
{
    *n = 0;
    while (*n < cap) {
        batch *b = current(p);
        size_t k = b->n - b->pos < cap - *n ? b->n - b->pos : cap - *n;
        memcpy(reqs + *n, b->reqs + b->pos, k * sizeof *reqs);
        b->pos += k;
        *n += k;
        if (b->pos < b->n)
            return HAMM_OK;
        if (b->st != HAMM_OK || b->n == 0)
            return *n > 0 ? HAMM_OK : ended(p, b, err);
        p->delivered_offset = b->raw_offset;
    }
    return HAMM_OK;
}

hamm_status prefetch_next(prefetch *p, const hamm_request **reqs, size_t *n, hamm_error *err)
{
    batch *b = current(p);
    *reqs = b->reqs + b->pos;
    *n = b->n - b->pos;
    b->pos = b->n;
    if (*n == 0)
        return ended(p, b, err);
    p->delivered_offset = b->raw_offset;
    return HAMM_OK;
}

uint64_t prefetch_raw_offset(const prefetch *p)
{
    return p->delivered_offset;
}

void prefetch_stop(prefetch *p)
{
    if (!p)
        return;
    handoff_stop(p->ring);
    pthread_join(p->thread, NULL);
    handoff_free(p->ring);
    free(p->batches);
    free(p);
}
