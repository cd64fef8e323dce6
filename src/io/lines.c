/* lines.c - line splitting over a hamm_input (see lines.h). */
#include <stdlib.h>
#include <string.h>

#include "lines.h"

hamm_status lines_init(line_reader *lr, hamm_input *in, size_t cap, hamm_error *err)
{
    memset(lr, 0, sizeof *lr);
    lr->in = in;
    lr->source = hamm_input_name(in);
    lr->cap = cap;
    lr->buf = malloc(cap);
    if (!lr->buf)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(lr->source), NULL, "out of memory");
    return HAMM_OK;
}

void lines_free(line_reader *lr)
{
    free(lr->buf);
    lr->buf = NULL;
}

hamm_status lines_fill(line_reader *lr, hamm_error *err)
{
    if (lr->pos > 0) {
        memmove(lr->buf, lr->buf + lr->pos, lr->len - lr->pos);
        lr->buf_offset += lr->pos;
        lr->len -= lr->pos;
        lr->pos = 0;
    }
    if (lr->eof || lr->len == lr->cap)
        return HAMM_OK;
    size_t got = 0;
    hamm_status st = hamm_input_read(lr->in, lr->buf + lr->len, lr->cap - lr->len, &got, err);
    if (st != HAMM_OK)
        return st;
    if (got == 0)
        lr->eof = 1;
    lr->len += got;
    return HAMM_OK;
}

hamm_status lines_next(line_reader *lr, const char **start, const char **end, int *got,
                       hamm_error *err)
{
    *got = 0;
    for (;;) {
        const char *p = lr->buf + lr->pos;
        const char *nl = memchr(p, '\n', lr->len - lr->pos);
        if (nl || (lr->eof && lr->pos < lr->len)) {
            *start = lr->start = p;
            *end = nl ? nl : lr->buf + lr->len;
            lr->line_offset = lr->buf_offset + lr->pos;
            lr->pos = nl ? (size_t)(nl - lr->buf) + 1 : lr->len;
            lr->line++;
            *got = 1;
            return HAMM_OK;
        }
        if (lr->eof)
            return HAMM_OK;
        if (lr->pos == 0 && lr->len == lr->cap)
            return hamm_error_at(err, HAMM_ERR_PARSE, HAMM_AT_LINE(lr->source, lr->line + 1), NULL,
                                 "line longer than %zu bytes", lr->cap);
        hamm_status st = lines_fill(lr, err);
        if (st != HAMM_OK)
            return st;
    }
}
