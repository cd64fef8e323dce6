/* fuzz_trace.c - fuzzing the trace readers: the bytes go through hamm_input_from_callback
 * (so compressed inputs reach the decoders) and hamm_trace_reader_new to the end.
 *
 * Each input is read four ways, and each pair must agree:
 *  1. format AUTO, the input whole, hamm_trace_read;
 *  2. format AUTO, the input a few bytes per read call, three requests per call (so a
 *     line's requests that do not fit wait for the next call);
 *  3. options chosen by the first byte (below) on the remaining bytes, hamm_trace_read;
 *  4. the same options and bytes through hamm_trace_next, with read-ahead (bit 7 set) or
 *     in small pieces.
 * "Agree": the same status, requests and error for plain input; for compressed input,
 * where a decoder error may surface before or after lines decoded in the same step, the
 * same requests when both succeed and failure when either fails.  Read-ahead must agree
 * exactly (trace.h promises it).  Every request must be well-formed, every failure must
 * fill the error record, and what was read must survive a round trip through the binary
 * and the text writers.
 *
 * The first byte of the input, for ways 3 and 4:
 *   bits 0-3  format: the value modulo HAMM_FORMAT_COUNT (0 is AUTO)
 *   bit 4     skip_bad
 *   bits 5-6  request_size: 0 (the default 64), 32, 128, 48 (not a power of two, which
 *             the GPU formats must refuse)
 *   bit 7     way 4 reads ahead on a second thread (else: small pieces) */
#include <string.h>

#include "fuzz.h"
#include "hamm/io.h"
#include "hamm/trace.h"
#include "../unit/trace_helpers.h" /* th_src: an in-memory source read in chunks */

/* corpus/trace/regress-binary-bad-record-prefix keeps the input that once showed direct
 * reading and read-ahead disagreeing on the good records before a bad binary record. */

#define MAX_REQUESTS (1u << 20) /* stop there: a small compressed input can expand a lot */

/* What one way of reading saw. */
typedef struct outcome {
    hamm_status st;
    hamm_error err;
    uint64_t n;          /* requests delivered */
    uint64_t hash;       /* of the requests, in order */
    int truncated;       /* stopped at MAX_REQUESTS */
    hamm_trace_format fmt; /* the reader's format; AUTO when none opened */
    hamm_request *reqs;  /* the requests when kept (for the round trips), else NULL */
    size_t cap;
} outcome;

static uint64_t mix(uint64_t h, uint64_t v)
{
    for (int i = 0; i < 8; i++, v >>= 8)
        h = (h ^ (v & 0xFF)) * 0x100000001b3ull;
    return h;
}

static uint64_t hash_request(uint64_t h, const hamm_request *r)
{
    h = mix(h, r->addr);
    h = mix(h, r->cycle);
    return mix(h, (uint64_t)r->size | (uint64_t)r->core << 24 | (uint64_t)r->warp << 40 |
                      (uint64_t)r->op << 56 | (uint64_t)r->flags << 60);
}

static void check_request(const hamm_request *r)
{
    FUZZ_CHECK(r->size >= 1 && r->size <= HAMM_MAX_REQUEST_SIZE, "size %u", r->size);
    FUZZ_CHECK(r->op == HAMM_OP_READ || r->op == HAMM_OP_WRITE, "op %u", r->op);
    FUZZ_CHECK((r->flags & ~7u) == 0, "flags 0x%x", r->flags);
}

static void check_failure(hamm_status st, const hamm_error *err)
{
    FUZZ_CHECK(st > HAMM_OK && st < HAMM_STATUS_COUNT, "status %d", (int)st);
    FUZZ_CHECK(err->status == st, "returned %s, the record says %s", hamm_status_text(st),
               hamm_status_text(err->status));
    FUZZ_CHECK(err->text[0] != '\0', "a %s with no text", hamm_status_text(st));
    char line[1024];
    size_t want = hamm_error_format(err, line, sizeof line);
    FUZZ_CHECK(want > 0 && strlen(line) == (want < sizeof line ? want : sizeof line - 1),
               "hamm_error_format length %zu for '%s'", want, line);
}

static void keep(outcome *o, const hamm_request *reqs, size_t n)
{
    if (!o->reqs && o->cap == 0)
        return; /* not keeping */
    if (o->n + n > o->cap) {
        size_t cap = o->cap;
        while (cap < o->n + n)
            cap *= 2;
        hamm_request *p = realloc(o->reqs, cap * sizeof *p);
        FUZZ_CHECK(p != NULL, "out of memory in the harness");
        o->reqs = p;
        o->cap = cap;
    }
    memcpy(o->reqs + o->n, reqs, n * sizeof *reqs);
}

static void read_all(const uint8_t *data, size_t size, const hamm_trace_options *opts,
                     size_t chunk, int next, size_t batch, int keep_requests, outcome *o)
{
    memset(o, 0, sizeof *o);
    o->hash = 0xcbf29ce484222325ull;
    if (keep_requests) {
        o->cap = 1024;
        o->reqs = malloc(o->cap * sizeof *o->reqs);
        FUZZ_CHECK(o->reqs != NULL, "out of memory in the harness");
    }
    hamm_error_clear(&o->err);
    th_src src = {data, size, 0, chunk};
    hamm_input *in = NULL;
    hamm_trace_reader *r = NULL;
    hamm_request *buf = malloc(batch * sizeof *buf);
    FUZZ_CHECK(buf != NULL, "out of memory in the harness");
    hamm_status st = hamm_input_from_callback(&in, th_read, &src, "fuzz", &o->err);
    if (st == HAMM_OK)
        st = hamm_trace_reader_new(&r, in, opts, &o->err); /* takes `in` */
    while (st == HAMM_OK) {
        const hamm_request *reqs = buf;
        size_t n = 0;
        if (next)
            st = hamm_trace_next(r, &reqs, &n, &o->err);
        else
            st = hamm_trace_read(r, buf, batch, &n, &o->err);
        FUZZ_CHECK(next || n <= batch, "%zu requests into room for %zu", n, batch);
        for (size_t i = 0; i < n; i++) {
            check_request(&reqs[i]);
            o->hash = hash_request(o->hash, &reqs[i]);
        }
        keep(o, reqs, n);
        o->n += n;
        if (n == 0)
            break;
        if (o->n >= MAX_REQUESTS) {
            o->truncated = 1;
            break;
        }
    }
    o->st = st;
    if (st != HAMM_OK)
        check_failure(st, &o->err);
    else if (!o->truncated)
        FUZZ_CHECK(o->n > 0, "a trace ends without requests yet no HAMM_ERR_EMPTY");
    if (r) {
        o->fmt = hamm_trace_reader_format(r);
        uint64_t skipped = hamm_trace_reader_skipped(r);
        const hamm_error *first = hamm_trace_reader_first_skipped(r);
        FUZZ_CHECK(!!skipped == !!first, "%llu skipped, first %p", (unsigned long long)skipped,
                   (const void *)first);
        FUZZ_CHECK(!skipped || opts->skip_bad, "skipped lines without skip_bad");
        if (first)
            FUZZ_CHECK(first->status == HAMM_ERR_PARSE && first->text[0],
                       "first skipped: %s '%s'", hamm_status_text(first->status), first->text);
    }
    hamm_trace_reader_free(r);
    free(buf);
}

static int compressed(const uint8_t *p, size_t n)
{
    static const uint8_t zstd[4] = {0x28, 0xB5, 0x2F, 0xFD};
    static const uint8_t xz[6] = {0xFD, '7', 'z', 'X', 'Z', 0x00};
    return (n >= 4 && memcmp(p, zstd, 4) == 0) || (n >= 2 && p[0] == 0x1F && p[1] == 0x8B) ||
           (n >= 6 && memcmp(p, xz, 6) == 0);
}

static void agree(const outcome *a, const outcome *b, int exact, const char *what)
{
    if (a->truncated || b->truncated)
        return;
    if (!exact) {
        FUZZ_CHECK((a->st == HAMM_OK) == (b->st == HAMM_OK), "%s: %s ('%s') vs %s ('%s')",
                   what, hamm_status_text(a->st), a->err.text, hamm_status_text(b->st),
                   b->err.text);
        if (a->st != HAMM_OK)
            return;
    }
    FUZZ_CHECK(a->st == b->st, "%s: %s ('%s') vs %s ('%s')", what, hamm_status_text(a->st),
               a->err.text, hamm_status_text(b->st), b->err.text);
    FUZZ_CHECK(a->n == b->n && a->hash == b->hash, "%s: %llu vs %llu requests, or others", what,
               (unsigned long long)a->n, (unsigned long long)b->n);
    if (a->st == HAMM_OK)
        return;
    FUZZ_CHECK(a->err.line == b->err.line && a->err.column == b->err.column &&
                   a->err.offset == b->err.offset && strcmp(a->err.field, b->err.field) == 0 &&
                   strcmp(a->err.text, b->err.text) == 0,
               "%s: errors differ: %llu:%llu@%llu '%s' '%s' vs %llu:%llu@%llu '%s' '%s'", what,
               (unsigned long long)a->err.line, (unsigned long long)a->err.column,
               (unsigned long long)a->err.offset, a->err.field, a->err.text,
               (unsigned long long)b->err.line, (unsigned long long)b->err.column,
               (unsigned long long)b->err.offset, b->err.field, b->err.text);
}

/* ---- round trips through the writers --------------------------------------------- */

typedef struct sink {
    uint8_t *p;
    size_t len, cap;
} sink;

static hamm_status sink_write(void *user, const void *buf, size_t size, hamm_error *err)
{
    (void)err;
    sink *s = user;
    if (size > s->cap - s->len) {
        size_t cap = s->cap ? s->cap : 4096;
        while (size > cap - s->len)
            cap *= 2;
        uint8_t *p = realloc(s->p, cap);
        FUZZ_CHECK(p != NULL, "out of memory in the harness");
        s->p = p;
        s->cap = cap;
    }
    memcpy(s->p + s->len, buf, size);
    s->len += size;
    return HAMM_OK;
}

/* A request as the writers see it: fields without their flag do not exist. */
static hamm_request normal(hamm_request r)
{
    if (!(r.flags & HAMM_REQ_HAS_CYCLE))
        r.cycle = 0;
    if (!(r.flags & HAMM_REQ_HAS_CORE))
        r.core = 0;
    if (!(r.flags & HAMM_REQ_HAS_WARP))
        r.warp = 0;
    return r;
}

static void round_trip(const outcome *o, hamm_trace_format f, hamm_compression c)
{
    sink s = {0};
    hamm_error err;
    hamm_error_clear(&err);
    hamm_output *out = NULL;
    hamm_trace_writer *w = NULL;
    hamm_status st = hamm_output_new(&out, sink_write, &s, "sink", c, 1, &err);
    if (st == HAMM_OK)
        st = hamm_trace_writer_new(&w, f, out, &err);
    if (st == HAMM_OK)
        st = hamm_trace_write(w, o->reqs, o->n, &err);
    if (st == HAMM_OK)
        st = hamm_trace_writer_flush(w, &err);
    if (st == HAMM_OK)
        st = hamm_output_finish(out, &err);
    hamm_trace_writer_free(w);
    hamm_output_free(out);
    FUZZ_CHECK(st == HAMM_OK, "writing %s: %s", hamm_trace_format_name(f), err.text);
    outcome back;
    hamm_trace_options opts = {.format = f};
    read_all(s.p, s.len, &opts, 0, 0, 4096, 1, &back);
    FUZZ_CHECK(back.st == HAMM_OK && back.n == o->n, "%s round trip: %s '%s', %llu of %llu",
               hamm_trace_format_name(f), hamm_status_text(back.st), back.err.text,
               (unsigned long long)back.n, (unsigned long long)o->n);
    for (uint64_t i = 0; i < o->n; i++) {
        hamm_request a = normal(o->reqs[i]), b = normal(back.reqs[i]);
        FUZZ_CHECK(a.addr == b.addr && a.cycle == b.cycle && a.size == b.size &&
                       a.core == b.core && a.warp == b.warp && a.op == b.op &&
                       a.flags == b.flags,
                   "%s round trip changes request %llu (addr 0x%llx)", hamm_trace_format_name(f),
                   (unsigned long long)i, (unsigned long long)a.addr);
    }
    free(back.reqs);
    free(s.p);
}

/* ---- the entry point ------------------------------------------------------------- */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    outcome a, b;
    int exact = !compressed(data, size);
    hamm_trace_options automatic = {0};
    read_all(data, size, &automatic, 0, 0, 4096, 1, &a);
    read_all(data, size, &automatic, 1 + size % 7, 0, 3, 0, &b);
    agree(&a, &b, exact, "auto, whole vs in pieces");
    if (a.st == HAMM_OK && !a.truncated && a.n <= 100000) {
        round_trip(&a, HAMM_FORMAT_BINARY, HAMM_COMPRESSION_NONE);
        round_trip(&a, HAMM_FORMAT_TEXT, HAMM_COMPRESSION_ZSTD);
    }
    free(a.reqs);
    free(b.reqs);
    if (size == 0)
        return 0;

    static const uint32_t sizes[4] = {0, 32, 128, 48};
    uint8_t sel = data[0];
    hamm_trace_options opts = {
        .format = (hamm_trace_format)((sel & 15) % HAMM_FORMAT_COUNT),
        .skip_bad = (sel >> 4) & 1,
        .request_size = sizes[(sel >> 5) & 3],
    };
    data++;
    size--;
    read_all(data, size, &opts, 0, 0, 4096, 0, &a);
    if (sel & 0x80) {
        opts.prefetch = 1;
        read_all(data, size, &opts, 0, 1, 1, 0, &b);
        agree(&a, &b, 1, "direct vs read-ahead");
    } else {
        read_all(data, size, &opts, 1 + size % 5, 1, 1, 0, &b);
        agree(&a, &b, !compressed(data, size), "explicit, whole vs in pieces");
    }
    return 0;
}
