/* prefetch.c - the producer thread and the ring of batches (see prefetch.h). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

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
    pthread_mutex_t mu;
    pthread_cond_t changed;
    batch *ring;
    unsigned head, full; /* next batch to take; batches filled and not yet taken */
    int stop;            /* the consumer wants the producer to end */
    uint64_t delivered_offset;
};

/* The producer: fill free batches until the end, an error, or stop. */
static void *produce(void *arg)
{
    prefetch *p = arg;
    for (unsigned tail = 0;; tail = (tail + 1) % RING) {
        pthread_mutex_lock(&p->mu);
        while (p->full == RING && !p->stop)
            pthread_cond_wait(&p->changed, &p->mu);
        int stop = p->stop;
        pthread_mutex_unlock(&p->mu);
        if (stop)
            return NULL;
        batch *b = &p->ring[tail];
        b->n = b->pos = 0;
        hamm_error_clear(&b->err);
        b->st = p->fill(p->reader, b->reqs, BATCH, &b->n, &b->raw_offset, &b->err);
        pthread_mutex_lock(&p->mu);
        p->full++;
        pthread_cond_broadcast(&p->changed);
        pthread_mutex_unlock(&p->mu);
        if (b->st != HAMM_OK || b->n == 0)
            return NULL; /* the last batch: an error or the end */
    }
}

hamm_status prefetch_start(prefetch **out, prefetch_fill_fn fill, void *reader,
                           const char *source, hamm_error *err)
{
    *out = NULL;
    prefetch *p = calloc(1, sizeof *p);
    if (p)
        p->ring = calloc(RING, sizeof *p->ring);
    if (!p || !p->ring) {
        if (p)
            free(p->ring);
        free(p);
        return hamm_error_set(err, HAMM_ERR_NOMEM, source, 0, HAMM_NO_OFFSET, NULL,
                              "out of memory");
    }
    p->fill = fill;
    p->reader = reader;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->changed, NULL);
    if (pthread_create(&p->thread, NULL, produce, p) != 0) {
        pthread_mutex_destroy(&p->mu);
        pthread_cond_destroy(&p->changed);
        free(p->ring);
        free(p);
        return hamm_error_set(err, HAMM_ERR_IO, source, 0, HAMM_NO_OFFSET, NULL,
                              "cannot start the read-ahead thread");
    }
    *out = p;
    return HAMM_OK;
}

/* Wait for the batch at head to be filled. */
static batch *take(prefetch *p)
{
    pthread_mutex_lock(&p->mu);
    while (p->full == 0)
        pthread_cond_wait(&p->changed, &p->mu);
    pthread_mutex_unlock(&p->mu);
    return &p->ring[p->head];
}

static void release(prefetch *p)
{
    pthread_mutex_lock(&p->mu);
    p->head = (p->head + 1) % RING;
    p->full--;
    pthread_cond_broadcast(&p->changed);
    pthread_mutex_unlock(&p->mu);
}

hamm_status prefetch_read(prefetch *p, hamm_request *reqs, size_t cap, size_t *n,
                          hamm_error *err)
{
    *n = 0;
    while (*n < cap) {
        batch *b = take(p);
        size_t k = b->n - b->pos < cap - *n ? b->n - b->pos : cap - *n;
        memcpy(reqs + *n, b->reqs + b->pos, k * sizeof *reqs);
        b->pos += k;
        *n += k;
        if (b->pos < b->n)
            return HAMM_OK;
        p->delivered_offset = b->raw_offset;
        /* The last batch stays at head, so every later call sees the same end or error;
         * requests before an error are delivered first. */
        if (b->st != HAMM_OK) {
            if (*n > 0)
                return HAMM_OK;
            if (err && err->status == HAMM_OK)
                *err = b->err;
            return b->st;
        }
        if (b->n == 0)
            return HAMM_OK;
        release(p);
    }
    return HAMM_OK;
}

hamm_status prefetch_next(prefetch *p, const hamm_request **reqs, size_t *n, hamm_error *err)
{
    batch *b = take(p);
    if (b->pos == b->n && b->n > 0 && b->st == HAMM_OK) {
        release(p); /* the caller is done with it */
        b = take(p);
    }
    *reqs = b->reqs + b->pos;
    *n = b->n - b->pos;
    b->pos = b->n;
    p->delivered_offset = b->raw_offset;
    if (*n == 0 && b->st != HAMM_OK) {
        if (err && err->status == HAMM_OK)
            *err = b->err;
        return b->st;
    }
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
    pthread_mutex_lock(&p->mu);
    p->stop = 1;
    pthread_cond_broadcast(&p->changed);
    pthread_mutex_unlock(&p->mu);
    pthread_join(p->thread, NULL);
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->changed);
    free(p->ring);
    free(p);
}
