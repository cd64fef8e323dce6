/* trace_helpers.h - reading and writing traces in memory for the unit tests. */
#ifndef HAMM_TEST_TRACE_HELPERS_H
#define HAMM_TEST_TRACE_HELPERS_H

#include <stdlib.h>
#include <string.h>

#include "hamm/trace.h"

typedef struct th_src {
    const unsigned char *p;
    size_t size, pos, chunk; /* chunk: most bytes per read call, 0 = any */
} th_src;

static inline hamm_status th_read(void *user, void *buf, size_t cap, size_t *got,
                                  hamm_error *err)
{
    (void)err;
    th_src *m = user;
    size_t n = m->size - m->pos;
    if (n > cap)
        n = cap;
    if (m->chunk && n > m->chunk)
        n = m->chunk;
    if (n) /* an empty source may have no buffer at all */
        memcpy(buf, m->p + m->pos, n);
    m->pos += n;
    *got = n;
    return HAMM_OK;
}

/* Read every request of `data` (size bytes) into a malloc'd array.  `chunk` bounds the
 * bytes per input read, `batch` the requests per hamm_trace_read call. */
static inline hamm_status th_read_all(const void *data, size_t size, const hamm_trace_options *o,
                                      size_t chunk, size_t batch, hamm_request **out, size_t *n,
                                      hamm_error *err, uint64_t *skipped)
{
    th_src *m = malloc(sizeof *m);
    *m = (th_src){data, size, 0, chunk};
    hamm_input *in = NULL;
    hamm_trace_reader *r = NULL;
    size_t cap = 1024;
    *out = malloc(cap * sizeof **out);
    *n = 0;
    hamm_status st = hamm_input_from_callback(&in, th_read, m, "mem.trace", err);
    if (st == HAMM_OK)
        st = hamm_trace_reader_new(&r, in, o, err);
    while (st == HAMM_OK) {
        if (cap - *n < batch)
            *out = realloc(*out, (cap = cap * 2 + batch) * sizeof **out);
        size_t got = 0;
        st = hamm_trace_read(r, *out + *n, batch, &got, err);
        if (got == 0)
            break;
        *n += got;
    }
    if (skipped)
        *skipped = r ? hamm_trace_reader_skipped(r) : 0;
    hamm_trace_reader_free(r);
    free(m);
    return st;
}

typedef struct th_sink {
    unsigned char *p;
    size_t len, cap;
} th_sink;

static inline hamm_status th_write(void *user, const void *buf, size_t size, hamm_error *err)
{
    (void)err;
    th_sink *s = user;
    if (s->len + size > s->cap) {
        s->cap = (s->len + size) * 2;
        s->p = realloc(s->p, s->cap);
    }
    memcpy(s->p + s->len, buf, size);
    s->len += size;
    return HAMM_OK;
}

/* Write requests in `format` (with `compression`) into a malloc'd buffer. */
static inline hamm_status th_write_all(const hamm_request *reqs, size_t n, hamm_trace_format f,
                                       hamm_compression c, th_sink *sink, hamm_error *err)
{
    *sink = (th_sink){0};
    hamm_output *out = NULL;
    hamm_trace_writer *w = NULL;
    hamm_status st = hamm_output_new(&out, th_write, sink, "sink", c, 0, err);
    if (st == HAMM_OK)
        st = hamm_trace_writer_new(&w, f, out, err);
    if (st == HAMM_OK)
        st = hamm_trace_write(w, reqs, n, err);
    if (st == HAMM_OK)
        st = hamm_trace_writer_flush(w, err);
    if (st == HAMM_OK)
        st = hamm_output_finish(out, err);
    hamm_trace_writer_free(w);
    hamm_output_free(out);
    return st;
}

/* Field by field: struct padding is not part of a request. */
#define th_assert_same(a, b, i)                                                              \
    do {                                                                                     \
        const hamm_request *a_ = (a), *b_ = (b);                                             \
        if (a_->addr != b_->addr || a_->cycle != b_->cycle || a_->size != b_->size ||        \
            a_->core != b_->core || a_->warp != b_->warp || a_->op != b_->op ||              \
            a_->flags != b_->flags)                                                          \
            fail_msg("request %zu differs", (size_t)(i));                                    \
    } while (0)

#endif
