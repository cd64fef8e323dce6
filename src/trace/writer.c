/* writer.c - writes requests in a trace format onto a hamm_output.
 * Text formats go line by line through the format's formatter; the binary
 * encoding writes its header first.  Records are batched in a fixed buffer. */
#include <stdlib.h>
#include <string.h>

#include "binary.h"
#include "format.h"

#define WRITE_BUF_SIZE (64u * 1024u)
#define MAX_LINE 256u

struct hamm_trace_writer {
    const trace_format *fmt;
    hamm_output *out;
    char *buf;
    size_t len;
    uint64_t written; /* requests written, for error messages */
};

hamm_status hamm_trace_writer_new(hamm_trace_writer **res, hamm_trace_format format,
                                  hamm_output *out, hamm_error *err)
{
    *res = NULL;
    if (!hamm_trace_format_writable(format))
        return hamm_error_field(err, HAMM_ERR_ARG, "--to", "hamm cannot write the '%s' format",
                                hamm_trace_format_name(format));
    hamm_trace_writer *w = calloc(1, sizeof *w);
    char *buf = malloc(WRITE_BUF_SIZE);
    if (!w || !buf) {
        free(w);
        free(buf);
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    }
    w->fmt = trace_format_get(format);
    w->out = out;
    w->buf = buf;
    if (format == HAMM_FORMAT_BINARY) {
        binary_write_header((unsigned char *)w->buf);
        w->len = BINARY_HEADER_SIZE;
    } else if (w->fmt->write_header) {
        size_t n = strlen(w->fmt->write_header);
        memcpy(w->buf, w->fmt->write_header, n);
        w->buf[n] = '\n';
        w->len = n + 1;
    }
    *res = w;
    return HAMM_OK;
}

hamm_status hamm_trace_writer_flush(hamm_trace_writer *w, hamm_error *err)
{
    hamm_status st = hamm_output_write(w->out, w->buf, w->len, err);
    w->len = 0;
    return st;
}

static hamm_status put_one(hamm_trace_writer *w, const hamm_request *r, hamm_error *err)
{
    if (WRITE_BUF_SIZE - w->len < MAX_LINE) {
        hamm_status st = hamm_trace_writer_flush(w, err);
        if (st != HAMM_OK)
            return st;
    }
    if (w->fmt->id == HAMM_FORMAT_BINARY) {
        binary_encode(r, (unsigned char *)w->buf + w->len);
        w->len += BINARY_RECORD_SIZE;
        return HAMM_OK;
    }
    size_t n = w->fmt->write(r, w->buf + w->len, MAX_LINE - 1);
    if (n == 0)
        return hamm_error_field(err, HAMM_ERR_ARG, "address",
                                "request %llu (address 0x%llx) cannot be written as %s%s%s",
                                (unsigned long long)w->written + 1, (unsigned long long)r->addr,
                                w->fmt->name, w->fmt->write_limit ? ": " : "",
                                w->fmt->write_limit ? w->fmt->write_limit : "");
    w->buf[w->len + n] = '\n';
    w->len += n + 1;
    return HAMM_OK;
}

hamm_status hamm_trace_write(hamm_trace_writer *w, const hamm_request *reqs, size_t n,
                             hamm_error *err)
{
    for (size_t i = 0; i < n; i++) {
        hamm_status st = put_one(w, &reqs[i], err);
        if (st != HAMM_OK)
            return st;
        w->written++;
    }
    return HAMM_OK;
}

uint64_t hamm_trace_writer_written(const hamm_trace_writer *w)
{
    return w->written;
}

void hamm_trace_writer_free(hamm_trace_writer *w)
{
    if (!w)
        return;
    free(w->buf);
    free(w);
}
