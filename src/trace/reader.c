/* reader.c - the streaming trace reader: buffering, line splitting, format
 * detection, error positions and --skip-bad.  Formats plug in through format.h.
 *
 * Memory is one fixed buffer of decoded bytes (a line may not exceed it) plus the
 * requests of one line: nothing grows with the trace.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "binary.h"
#include "format.h"
#include "io/lines.h"
#include "prefetch.h"

#define BUF_SIZE (256u * 1024u)
#define SNIFF_BYTES (64u * 1024u)
#define SNIFF_LINES 1000

struct hamm_trace_reader {
    hamm_input *in;
    hamm_trace_options opts;
    const trace_format *fmt;
    void *state;             /* the format's state */
    line_reader lr;          /* the decoded bytes, split into lines for text formats */
    uint64_t requests;       /* requests returned so far */
    hamm_request pending[TRACE_MAX_PER_LINE]; /* a line's requests that did not fit */
    size_t pending_n, pending_pos;
    uint64_t skipped;
    hamm_error first_skipped;
    prefetch *ahead;         /* the read-ahead thread, when opts.prefetch */
    hamm_error deferred;     /* an error met after some requests of a call: the next call's */
    hamm_request *batch;     /* hamm_trace_next's buffer without read-ahead */
};

static const char *source(const hamm_trace_reader *r)
{
    return hamm_input_name(r->in);
}

/* ---- format detection ---------------------------------------------------- */

static int blank_line(scan_line l)
{
    return scan_at_end(&l);
}

/* Count, per format, the sample lines it claims; the most claims win, ties go to the
 * format listed first (so a plain DRAMsim3 line stays DRAMsim3 unless IFETCH shows up). */
static hamm_trace_format detect_text(const char *p, size_t n, int complete)
{
    unsigned claims[HAMM_FORMAT_COUNT] = {0};
    const char *end = p + n;
    for (int lines = 0; p < end && lines < SNIFF_LINES; lines++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl && !complete)
            break; /* a partial last line says nothing reliable */
        scan_line l = {p, nl ? nl : end};
        p = nl ? nl + 1 : end;
        if (blank_line(l))
            continue;
        for (int f = HAMM_FORMAT_AUTO + 1; f < HAMM_FORMAT_COUNT; f++) {
            const trace_format *tf = trace_format_get((hamm_trace_format)f);
            if (tf && tf->sniff && tf->sniff(l))
                claims[f]++;
        }
    }
    hamm_trace_format best = HAMM_FORMAT_AUTO;
    for (int f = HAMM_FORMAT_AUTO + 1; f < HAMM_FORMAT_COUNT; f++)
        if (claims[f] > claims[best])
            best = (hamm_trace_format)f;
    return best;
}

/* The sample holds a whole first line: read on past SNIFF_BYTES until it does, up to the
 * longest line the reader takes (else every format's sniffer would see nothing). */
static hamm_status sample_first_line(hamm_trace_reader *r, hamm_error *err)
{
    while (!r->lr.eof && !memchr(r->lr.buf, '\n', r->lr.len)) {
        if (r->lr.len == r->lr.cap)
            return hamm_error_at(err, HAMM_ERR_PARSE, HAMM_AT_LINE(source(r), 1), NULL,
                                 "the first line is longer than %zu bytes (%zu KiB), the "
                                 "longest line hamm reads", r->lr.cap, r->lr.cap / 1024);
        hamm_status st = lines_fill(&r->lr, err);
        if (st != HAMM_OK)
            return st;
    }
    return HAMM_OK;
}

static hamm_status detect(hamm_trace_reader *r, hamm_trace_format *out, hamm_error *err)
{
    while (!r->lr.eof && r->lr.len < SNIFF_BYTES) {
        hamm_status st = lines_fill(&r->lr, err);
        if (st != HAMM_OK)
            return st;
    }
    if (r->lr.len == 0)
        return hamm_error_at(err, HAMM_ERR_EMPTY, HAMM_IN(source(r)), NULL,
                             "empty input: no bytes to read");
    if (binary_has_magic(r->lr.buf, r->lr.len)) {
        *out = HAMM_FORMAT_BINARY;
        return HAMM_OK;
    }
    hamm_status st = sample_first_line(r, err);
    if (st != HAMM_OK)
        return st;
    *out = detect_text(r->lr.buf, r->lr.len, r->lr.eof);
    if (*out != HAMM_FORMAT_AUTO)
        return HAMM_OK;
    return hamm_error_at(err, HAMM_ERR_FORMAT, HAMM_IN(source(r)), NULL,
                         "cannot tell the trace format from its first lines; "
                         "name it with --format (see 'hamm help formats')");
}

/* ---- opening ------------------------------------------------------------- */

static hamm_status fill_batch(void *reader, hamm_request *reqs, size_t cap, size_t *n,
                              uint64_t *raw_offset, hamm_error *err);

static hamm_status open_format(hamm_trace_reader *r, hamm_error *err)
{
    hamm_trace_format f = r->opts.format;
    hamm_status st = HAMM_OK;
    if (f == HAMM_FORMAT_AUTO)
        st = detect(r, &f, err);
    if (st != HAMM_OK)
        return st;
    r->fmt = trace_format_get(f);
    if (!r->fmt)
        return hamm_error_at(err, HAMM_ERR_ARG, HAMM_IN(source(r)), "--format",
                             "this hamm has no reader for format %d", (int)f);
    if (r->fmt->state_size) {
        r->state = calloc(1, r->fmt->state_size);
        if (!r->state)
            return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(source(r)), NULL, "out of memory");
    }
    if (f == HAMM_FORMAT_BINARY) {
        while (!r->lr.eof && r->lr.len < BINARY_HEADER_SIZE)
            if ((st = lines_fill(&r->lr, err)) != HAMM_OK)
                return st;
        st = binary_check_header(r->lr.buf, r->lr.len, source(r), err);
        if (st == HAMM_OK)
            r->lr.pos = BINARY_HEADER_SIZE;
    }
    return st;
}

hamm_status hamm_trace_reader_new(hamm_trace_reader **out, hamm_input *in,
                                  const hamm_trace_options *opts, hamm_error *err)
{
    *out = NULL;
    hamm_trace_reader *r = calloc(1, sizeof *r);
    if (!r) {
        hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(hamm_input_name(in)), NULL, "out of memory");
        hamm_input_free(in);
        return HAMM_ERR_NOMEM;
    }
    r->in = in;
    hamm_status st = lines_init(&r->lr, in, BUF_SIZE, err);
    if (st != HAMM_OK) {
        hamm_trace_reader_free(r);
        return st;
    }
    if (opts)
        r->opts = *opts;
    if (r->opts.request_size == 0)
        r->opts.request_size = HAMM_DEFAULT_REQUEST_SIZE;
    hamm_error_clear(&r->first_skipped);
    hamm_error_clear(&r->deferred);
    if (r->opts.request_size > HAMM_MAX_REQUEST_SIZE)
        st = hamm_error_field(err, HAMM_ERR_ARG, "--request-size", "must be 1 to %u bytes",
                              HAMM_MAX_REQUEST_SIZE);
    if (st == HAMM_OK)
        st = open_format(r, err);
    if (st == HAMM_OK && r->opts.prefetch)
        st = prefetch_start(&r->ahead, fill_batch, r, source(r), err);
    if (st != HAMM_OK) {
        hamm_trace_reader_free(r);
        return st;
    }
    *out = r;
    return HAMM_OK;
}

hamm_status hamm_trace_reader_open(hamm_trace_reader **out, const char *path,
                                   const hamm_trace_options *opts, hamm_error *err)
{
    hamm_input *in = NULL;
    *out = NULL;
    hamm_status st = hamm_input_open(&in, path, err);
    if (st != HAMM_OK)
        return st;
    return hamm_trace_reader_new(out, in, opts, err);
}

/* ---- text ---------------------------------------------------------------- */

static int is_comment(const trace_format *f, scan_line l)
{
    if (!f->hash_comments)
        return 0;
    while (l.p < l.end && (*l.p == ' ' || *l.p == '\t'))
        l.p++;
    return l.p < l.end && *l.p == '#';
}

/* A bad line either fails the read or, with skip_bad, is counted and dropped. */
static hamm_status bad_line(hamm_trace_reader *r, hamm_error *line_err, hamm_error *err)
{
    if (!r->opts.skip_bad || line_err->status != HAMM_ERR_PARSE) {
        if (err && err->status == HAMM_OK)
            *err = *line_err;
        return line_err->status;
    }
    if (r->skipped++ == 0)
        r->first_skipped = *line_err;
    return HAMM_OK;
}

/* Parse lines into reqs[*n..cap); a line's overflow goes to r->pending. */
static hamm_status read_text(hamm_trace_reader *r, hamm_request *reqs, size_t cap, size_t *n,
                             hamm_error *err)
{
    while (*n < cap && r->pending_pos == r->pending_n) {
        const char *start, *end;
        int got;
        hamm_status st = lines_next(&r->lr, &start, &end, &got, err);
        if (st != HAMM_OK || !got)
            return st;
        scan_line l = {start, end};
        if (blank_line(l) || is_comment(r->fmt, l))
            continue;
        int direct = cap - *n >= TRACE_MAX_PER_LINE;
        trace_line_ctx ctx = {
            .source = source(r), .line = r->lr.line,
            .offset = r->lr.buf_offset + (uint64_t)(start - r->lr.buf), .start = start,
            .request_size = r->opts.request_size, .state = r->state,
            .out = direct ? reqs + *n : r->pending, .n = 0,
        };
        hamm_error line_err;
        hamm_error_clear(&line_err);
        st = r->fmt->parse(&ctx, l, &line_err);
        if (st != HAMM_OK) {
            if (r->opts.hide_text) /* a line's error is where the reader quotes its text */
                hamm_error_hide_text(&line_err);
            if ((st = bad_line(r, &line_err, err)) != HAMM_OK)
                return st;
            continue;
        }
        if (direct) {
            *n += ctx.n;
        } else {
            r->pending_n = ctx.n;
            r->pending_pos = 0;
        }
    }
    return HAMM_OK;
}

static void drain_pending(hamm_trace_reader *r, hamm_request *reqs, size_t cap, size_t *n)
{
    while (*n < cap && r->pending_pos < r->pending_n)
        reqs[(*n)++] = r->pending[r->pending_pos++];
    if (r->pending_pos == r->pending_n)
        r->pending_pos = r->pending_n = 0;
}

/* ---- binary -------------------------------------------------------------- */

static hamm_status read_binary(hamm_trace_reader *r, hamm_request *reqs, size_t cap, size_t *n,
                               hamm_error *err)
{
    while (*n < cap) {
        if (r->lr.len - r->lr.pos < BINARY_RECORD_SIZE) {
            if (r->lr.eof) {
                if (r->lr.pos == r->lr.len)
                    return HAMM_OK;
                return hamm_error_at(err, HAMM_ERR_PARSE,
                                     HAMM_AT_BYTE(source(r), r->lr.buf_offset + r->lr.pos), NULL,
                                     "truncated record: %zu of %u bytes at the end",
                                     r->lr.len - r->lr.pos, BINARY_RECORD_SIZE);
            }
            hamm_status st = lines_fill(&r->lr, err);
            if (st != HAMM_OK)
                return st;
            continue;
        }
        size_t avail = (r->lr.len - r->lr.pos) / BINARY_RECORD_SIZE;
        size_t take = cap - *n < avail ? cap - *n : avail;
        size_t good = binary_decode((const unsigned char *)r->lr.buf + r->lr.pos, take, reqs + *n);
        r->lr.pos += good * BINARY_RECORD_SIZE; /* the good records before a bad one count */
        *n += good;
        if (good < take)
            return binary_bad_record((const unsigned char *)r->lr.buf + r->lr.pos, source(r),
                                     r->lr.buf_offset + r->lr.pos, err);
    }
    return HAMM_OK;
}

/* ---- public reading -------------------------------------------------------- */

/* Read on the caller's thread (or, with prefetch, on the producer's).  Requests read
 * before an error are delivered first; the error comes with the next call. */
static hamm_status read_direct(hamm_trace_reader *r, hamm_request *reqs, size_t cap, size_t *n,
                               hamm_error *err)
{
    *n = 0;
    if (r->deferred.status != HAMM_OK) {
        if (err && err->status == HAMM_OK)
            *err = r->deferred;
        return r->deferred.status;
    }
    hamm_error local;
    hamm_error_clear(&local);
    hamm_status st;
    if (r->fmt->id == HAMM_FORMAT_BINARY) {
        st = read_binary(r, reqs, cap, n, &local);
    } else {
        drain_pending(r, reqs, cap, n);
        st = read_text(r, reqs, cap, n, &local);
        drain_pending(r, reqs, cap, n);
    }
    if (st == HAMM_OK)
        return HAMM_OK;
    r->deferred = local;
    if (*n > 0)
        return HAMM_OK;
    if (err && err->status == HAMM_OK)
        *err = local;
    return st;
}

static hamm_status fill_batch(void *reader, hamm_request *reqs, size_t cap, size_t *n,
                              uint64_t *raw_offset, hamm_error *err)
{
    hamm_trace_reader *r = reader;
    hamm_status st = read_direct(r, reqs, cap, n, err);
    *raw_offset = hamm_input_raw_offset(r->in);
    return st;
}

/* Count what was delivered; an input that ends without a request is an error. */
static hamm_status delivered(hamm_trace_reader *r, hamm_status st, size_t n, hamm_error *err)
{
    if (st != HAMM_OK)
        return st;
    r->requests += n;
    if (n == 0 && r->requests == 0)
        return hamm_error_at(err, HAMM_ERR_EMPTY, HAMM_IN(source(r)), NULL,
                             "the trace holds no requests");
    return HAMM_OK;
}

hamm_status hamm_trace_next(hamm_trace_reader *r, const hamm_request **reqs, size_t *n,
                            hamm_error *err)
{
    enum { NEXT_BATCH = 2048 };
    hamm_status st;
    if (r->ahead) {
        st = prefetch_next(r->ahead, reqs, n, err);
        return delivered(r, st, *n, err);
    }
    if (!r->batch && !(r->batch = malloc(NEXT_BATCH * sizeof *r->batch)))
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(source(r)), NULL, "out of memory");
    *reqs = r->batch;
    st = read_direct(r, r->batch, NEXT_BATCH, n, err);
    return delivered(r, st, *n, err);
}

hamm_status hamm_trace_read(hamm_trace_reader *r, hamm_request *reqs, size_t cap, size_t *n,
                            hamm_error *err)
{
    hamm_status st = r->ahead ? prefetch_read(r->ahead, reqs, cap, n, err)
                              : read_direct(r, reqs, cap, n, err);
    return cap == 0 ? st : delivered(r, st, *n, err);
}

hamm_status hamm_trace_locate(const char *path, const hamm_trace_options *opts,
                              uint64_t number, uint64_t *line, uint64_t *offset,
                              hamm_error *err)
{
    hamm_trace_options one = *opts;
    one.prefetch = 0; /* read on this thread, one request at a time, so the position is it */
    hamm_trace_reader *r = NULL;
    hamm_status st = hamm_trace_reader_open(&r, path, &one, err);
    hamm_request req;
    size_t n = 1;
    for (uint64_t i = 0; st == HAMM_OK && n == 1 && i < number; i++)
        st = hamm_trace_read(r, &req, 1, &n, err);
    if (st == HAMM_OK && n != 1)
        st = hamm_error_at(err, HAMM_ERR_ARG, HAMM_IN(path), NULL,
                           "the trace holds fewer than %llu requests", (unsigned long long)number);
    if (st == HAMM_OK && r->fmt->id == HAMM_FORMAT_BINARY) {
        *line = 0;
        *offset = r->lr.buf_offset + r->lr.pos - BINARY_RECORD_SIZE;
    } else if (st == HAMM_OK) {
        *line = r->lr.line; /* a line's requests are delivered before the next is read */
        *offset = r->lr.line_offset;
    }
    hamm_trace_reader_free(r);
    return st;
}

uint64_t hamm_trace_reader_raw_offset(const hamm_trace_reader *r)
{
    return r->ahead ? prefetch_raw_offset(r->ahead) : hamm_input_raw_offset(r->in);
}

hamm_trace_format hamm_trace_reader_format(const hamm_trace_reader *r)
{
    return r->fmt->id;
}

const hamm_input *hamm_trace_reader_input(const hamm_trace_reader *r)
{
    return r->in;
}

uint64_t hamm_trace_reader_skipped(const hamm_trace_reader *r)
{
    return r->skipped;
}

const hamm_error *hamm_trace_reader_first_skipped(const hamm_trace_reader *r)
{
    return r->skipped ? &r->first_skipped : NULL;
}

void hamm_trace_reader_free(hamm_trace_reader *r)
{
    if (!r)
        return;
    prefetch_stop(r->ahead);
    free(r->batch);
    hamm_input_free(r->in);
    free(r->state);
    lines_free(&r->lr);
    free(r);
}

/* ---- helpers for the line parsers ------------------------------------------ */

hamm_status trace_fail(const trace_line_ctx *ctx, hamm_error *err, const scan_token *tok,
                       const char *field, const char *fmt, ...)
{
    char text[sizeof err->text];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    uint64_t column = tok && tok->p >= ctx->start ? (uint64_t)(tok->p - ctx->start) + 1 : 0;
    return hamm_error_at(err, HAMM_ERR_PARSE, HAMM_AT(ctx->source, ctx->line, column, ctx->offset),
                         field, "%s", text);
}

hamm_status trace_number(const trace_line_ctx *ctx, hamm_error *err, scan_token tok,
                         const char *field, trace_base base, uint64_t *out)
{
    scan_result res = SCAN_EMPTY;
    int hex = 0;
    switch (base) {
    case TRACE_HEX:
        hex = 1;
        res = scan_hex_u64(tok, out);
        break;
    case TRACE_DEC:
        res = scan_dec_u64(tok, out);
        break;
    case TRACE_AUTO:
        res = scan_auto_u64(tok, out);
        break;
    }
    if (res == SCAN_OK)
        return HAMM_OK;
    return trace_fail(ctx, err, &tok, field, "%s: '%.*s'", scan_result_text(res, hex),
                      (int)(tok.len > 40 ? 40 : tok.len), tok.p);
}

hamm_status trace_need(const trace_line_ctx *ctx, hamm_error *err, scan_line *line,
                       const char *field, scan_token *tok)
{
    if (scan_next(line, tok))
        return HAMM_OK;
    return trace_fail(ctx, err, NULL, field, "missing %s", field);
}

hamm_status trace_expect_end(const trace_line_ctx *ctx, hamm_error *err, scan_line *line)
{
    scan_token extra;
    if (!scan_next(line, &extra))
        return HAMM_OK;
    return trace_fail(ctx, err, &extra, NULL, "unexpected trailing text '%.*s'",
                      (int)(extra.len > 40 ? 40 : extra.len), extra.p);
}
