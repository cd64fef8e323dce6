/* error.c - the error record: setting it once, locating it, formatting it. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "hamm/error.h"

static const char *const status_texts[HAMM_STATUS_COUNT] = {
    [HAMM_OK] = "no error",
    [HAMM_ERR_NOMEM] = "out of memory",
    [HAMM_ERR_IO] = "I/O error",
    [HAMM_ERR_PARSE] = "parse error",
    [HAMM_ERR_FORMAT] = "unrecognised format",
    [HAMM_ERR_CORRUPT] = "corrupt or truncated data",
    [HAMM_ERR_CONFIG] = "invalid model",
    [HAMM_ERR_UNSUPPORTED] = "not supported",
    [HAMM_ERR_ARG] = "invalid argument",
    [HAMM_ERR_EMPTY] = "empty input",
    [HAMM_ERR_VIOLATION] = "timing violation",
};

const char *hamm_status_text(hamm_status status)
{
    if ((unsigned)status >= HAMM_STATUS_COUNT)
        return "unknown status";
    return status_texts[status];
}

void hamm_error_clear(hamm_error *err)
{
    if (!err)
        return;
    memset(err, 0, sizeof *err);
    err->offset = HAMM_NO_OFFSET;
}

/* Copy a path keeping its tail: the file name matters more than the
 * directories above it (jansson does the same). */
static void copy_tail(char *dst, size_t size, const char *src)
{
    size_t len = strlen(src);
    if (len < size) {
        memcpy(dst, src, len + 1);
        return;
    }
    const char *tail = src + len - (size - 4);
    snprintf(dst, size, "...%s", tail);
}

/* The one place that fills a record: every setter ends here. */
HAMM_PRINTF(5, 0)
static hamm_status fill(hamm_error *err, hamm_status status, hamm_pos pos, const char *field,
                        const char *fmt, va_list ap)
{
    if (!err || err->status != HAMM_OK)
        return status;
    hamm_error_clear(err);
    err->status = status;
    if (pos.source)
        copy_tail(err->source, sizeof err->source, pos.source);
    err->line = pos.line;
    err->column = pos.column;
    err->offset = pos.offset;
    if (field)
        snprintf(err->field, sizeof err->field, "%s", field);
    vsnprintf(err->text, sizeof err->text, fmt, ap);
    return status;
}

hamm_status hamm_error_set(hamm_error *err, hamm_status status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fill(err, status, HAMM_IN(NULL), NULL, fmt, ap);
    va_end(ap);
    return status;
}

hamm_status hamm_error_field(hamm_error *err, hamm_status status, const char *field,
                             const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fill(err, status, HAMM_IN(NULL), field, fmt, ap);
    va_end(ap);
    return status;
}

hamm_status hamm_error_at(hamm_error *err, hamm_status status, hamm_pos pos, const char *field,
                          const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fill(err, status, pos, field, fmt, ap);
    va_end(ap);
    return status;
}

void hamm_error_locate(hamm_error *err, hamm_pos pos)
{
    if (!err)
        return;
    if (pos.source && !err->source[0])
        copy_tail(err->source, sizeof err->source, pos.source);
    if (pos.line && !err->line)
        err->line = pos.line;
    if (pos.column && !err->column)
        err->column = pos.column;
    if (pos.offset != HAMM_NO_OFFSET && err->offset == HAMM_NO_OFFSET)
        err->offset = pos.offset;
}

size_t hamm_error_format(const hamm_error *err, char *buf, size_t size)
{
    char where[320] = "";
    size_t n = 0;
    if (err->source[0])
        n += (size_t)snprintf(where + n, sizeof where - n, "%s:", err->source);
    if (err->line) {
        n += (size_t)snprintf(where + n, sizeof where - n, "%llu:",
                              (unsigned long long)err->line);
        if (err->column)
            n += (size_t)snprintf(where + n, sizeof where - n, "%llu:",
                                  (unsigned long long)err->column);
    } else if (err->offset != HAMM_NO_OFFSET) {
        n += (size_t)snprintf(where + n, sizeof where - n, "%sbyte %llu:", n ? " " : "",
                              (unsigned long long)err->offset);
    }
    const char *text = err->text[0] ? err->text : hamm_status_text(err->status);
    int len;
    if (err->field[0])
        len = snprintf(buf, size, "%s%s%s: %s", where, n ? " " : "", err->field, text);
    else
        len = snprintf(buf, size, "%s%s%s", where, n ? " " : "", text);
    return len < 0 ? 0 : (size_t)len;
}

int hamm_error_is_about(const hamm_error *err, const char *path)
{
    char tail[sizeof err->source];
    copy_tail(tail, sizeof tail, path);
    return strcmp(err->source, tail) == 0;
}

#define HIDDEN "[not shown: a file named by an input file, not on the command line]"

void hamm_error_hide_text(hamm_error *err)
{
    static const char hidden[] = HIDDEN;
    size_t keep = strcspn(err->text, "'\"");
    if (!err->line || err->status == HAMM_ERR_CONFIG || !err->text[keep])
        return; /* quotes no line, or hidden already */
    if (keep > sizeof err->text - sizeof hidden - 1)
        keep = sizeof err->text - sizeof hidden - 1; /* the note is whole */
    while (keep > 0 && strchr(" ,:;", err->text[keep - 1]))
        keep--;
    if (keep)
        err->text[keep++] = ' ';
    memcpy(err->text + keep, hidden, sizeof hidden);
}
