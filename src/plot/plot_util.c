/* plot_util.c - the text buffer (numbers, comment lines, escaped text into it), JSON
 * readers and whole-file reads and atomic writes that the figure and page writers share. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/alloc.h"
#include "plot_internal.h"

void plot_buf_put(plot_buf *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    void *p = b->s;
    if (hamm_grow(&p, &b->cap, b->len + n + 1, 1) != 0) {
        b->oom = 1;
        return;
    }
    b->s = p;
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void plot_buf_str(plot_buf *b, const char *s)
{
    plot_buf_put(b, s, strlen(s));
}

void plot_buf_printf(plot_buf *b, const char *fmt, ...)
{
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->oom = 1;
        return;
    }
    if ((size_t)n < sizeof small) {
        plot_buf_put(b, small, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) {
        b->oom = 1;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    plot_buf_put(b, big, (size_t)n);
    free(big);
}

void plot_buf_free(plot_buf *b)
{
    free(b->s);
    memset(b, 0, sizeof *b);
}

void plot_buf_num(plot_buf *b, double v)
{
    if (isnan(v) || isinf(v))
        plot_buf_put(b, " NaN", 4);
    else
        plot_buf_printf(b, " %.15g", v);
}

static void put_escaped(void *b, const char *s, size_t n)
{
    plot_buf_put(b, s, n);
}

escape_out plot_out(plot_buf *b)
{
    return (escape_out){put_escaped, b};
}

void plot_buf_comment(plot_buf *b, const char *lead, const char *text)
{
    plot_buf_str(b, "# ");
    plot_buf_str(b, lead);
    escape_line(plot_out(b), text);
    plot_buf_str(b, "\n");
}

double plot_num(const json_t *obj, const char *key)
{
    json_t *v = json_object_get(obj, key);
    return json_is_number(v) ? json_number_value(v) : NAN;
}

const char *plot_str(const json_t *obj, const char *key, const char *dflt)
{
    json_t *v = json_object_get(obj, key);
    return json_is_string(v) ? json_string_value(v) : dflt;
}

size_t plot_heuristics(const json_t *doc, const char **names, size_t max)
{
    size_t n = 0, i;
    json_t *h;
    json_array_foreach(json_object_get(doc, "heuristics"), i, h)
        if (json_is_string(h) && n < max)
            names[n++] = json_string_value(h);
    return n;
}

hamm_status plot_stage_file(const char *dir, const char *name, const char *text, size_t len,
                            char *tmp, size_t tmpsize, hamm_error *err)
{
    char path[4096];
    int n = snprintf(path, sizeof path, "%s/%s", dir, name);
    if (n < 0 || (size_t)n >= sizeof path || (size_t)n + 12 > tmpsize)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(dir), NULL, "path too long");
    snprintf(tmp, tmpsize, "%s.tmp-XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(path), NULL, "cannot create: %s",
                             strerror(errno));
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    FILE *fp = fdopen(fd, "wb");
    int bad = !fp, e = errno;
    if (fp) {
        bad = fwrite(text, 1, len, fp) != len;
        bad |= fclose(fp) != 0;
        e = errno;
    } else {
        close(fd);
    }
    if (!bad)
        return HAMM_OK;
    unlink(tmp);
    /* fdopen and stdio's buffer fail for want of memory, not of the disk */
    return hamm_error_at(err, e == ENOMEM ? HAMM_ERR_NOMEM : HAMM_ERR_IO, HAMM_IN(path), NULL,
                         "cannot write: %s", strerror(e));
}

hamm_status plot_commit_file(const char *dir, const char *name, const char *tmp,
                             hamm_error *err)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (rename(tmp, path) == 0)
        return HAMM_OK;
    int e = errno;
    unlink(tmp);
    return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(path), NULL, "cannot write: %s", strerror(e));
}

hamm_status plot_write_file(const char *dir, const char *name, const char *text, size_t len,
                            hamm_error *err)
{
    char tmp[4200];
    hamm_status st = plot_stage_file(dir, name, text, len, tmp, sizeof tmp, err);
    return st == HAMM_OK ? plot_commit_file(dir, name, tmp, err) : st;
}

hamm_status plot_read_file(const char *path, char **text, size_t *len, hamm_error *err)
{
    *text = NULL;
    *len = 0;
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(path), NULL, "cannot open: %s",
                             strerror(errno));
    plot_buf b = {0};
    char chunk[8192];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0)
        plot_buf_put(&b, chunk, n);
    int bad = ferror(fp);
    fclose(fp);
    if (bad || b.oom) {
        plot_buf_free(&b);
        return bad ? hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(path), NULL, "cannot read")
                   : hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(path), NULL, "out of memory");
    }
    if (!b.s)
        plot_buf_put(&b, "", 0);
    if (b.oom)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(path), NULL, "out of memory");
    *text = b.s;
    *len = b.len;
    return HAMM_OK;
}
