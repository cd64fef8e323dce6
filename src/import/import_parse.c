/* import_parse.c - reading a GPGPU-Sim configuration file's lines ("-option value",
 * '#' comments, a quoted value that may span lines) and handing each option to
 * import_values.c; owns the import result and its list of ignored options. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamm/import.h"
#include "import_internal.h"

#define MAX_NAME 128
#define MAX_VALUE 4096

struct hamm_gpu_import {
    json_t *part[HAMM_IMPORT_PART_COUNT];
    char **ignored;
    size_t nignored;
};

hamm_status import_fail(const imp_state *s, hamm_error *err, const char *fmt, ...)
{
    char text[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    char field[MAX_NAME + 1];
    snprintf(field, sizeof field, "-%s", s->option ? s->option : "");
    return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_AT_LINE(s->source, s->line),
                         s->option ? field : NULL, "%s", text);
}

hamm_status import_note(imp_state *s, const char *key, const char *text, hamm_error *err)
{
    if (json_object_set_new(s->approx, key, json_string(text)) != 0)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    return HAMM_OK;
}

static hamm_status add_ignored(imp_state *s, const char *option, const char *value,
                               const char *effect, hamm_error *err)
{
    if (s->nignored == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 32;
        char **grown = realloc(s->ignored, cap * sizeof *grown);
        if (!grown)
            return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
        s->ignored = grown;
        s->cap = cap;
    }
    size_t n = strlen(option) + strlen(value) + (effect ? strlen(effect) : 0) + 8;
    char *line = malloc(n);
    if (!line)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    snprintf(line, n, "-%s %s%s%s", option, value, effect ? ": " : "", effect ? effect : "");
    s->ignored[s->nignored++] = line;
    return HAMM_OK;
}

typedef struct cursor {
    const char *p, *end;
    uint64_t line;
} cursor;

static int blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* A quoted value: everything to the closing quote, whitespace and line breaks dropped
 * (GPGPU-Sim's timing strings are written over two lines). */
static hamm_status quoted(imp_state *s, cursor *c, char *val, hamm_error *err)
{
    size_t n = 0;
    c->p++;
    while (c->p < c->end && *c->p != '"') {
        char ch = *c->p++;
        if (ch == '\n')
            c->line++;
        if (blank(ch) || ch == '\n')
            continue;
        if (n + 1 >= MAX_VALUE)
            return import_fail(s, err, "value longer than %d bytes", MAX_VALUE - 1);
        val[n++] = ch;
    }
    if (c->p >= c->end)
        return import_fail(s, err, "the quoted value has no closing quote");
    c->p++;
    val[n] = '\0';
    while (c->p < c->end && blank(*c->p))
        c->p++;
    if (c->p < c->end && *c->p != '\n' && *c->p != '#')
        return import_fail(s, err, "text after the quoted value");
    return HAMM_OK;
}

/* An unquoted value: the rest of the line before any '#', trailing blanks dropped. */
static hamm_status plain(imp_state *s, cursor *c, char *val, hamm_error *err)
{
    const char *start = c->p;
    while (c->p < c->end && *c->p != '\n' && *c->p != '#')
        c->p++;
    size_t n = (size_t)(c->p - start);
    while (n && blank(start[n - 1]))
        n--;
    if (n >= MAX_VALUE)
        return import_fail(s, err, "value longer than %d bytes", MAX_VALUE - 1);
    memcpy(val, start, n);
    val[n] = '\0';
    return HAMM_OK;
}

/* One "-name value" at c->p (just after the '-'). */
static hamm_status option(imp_state *s, cursor *c, hamm_error *err)
{
    char name[MAX_NAME], val[MAX_VALUE];
    size_t n = 0;
    while (c->p < c->end && !blank(*c->p) && *c->p != '\n' && *c->p != '#') {
        if (n + 1 >= sizeof name)
            return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_AT_LINE(s->source, c->line), NULL,
                                 "option name longer than %d bytes", MAX_NAME - 1);
        name[n++] = *c->p++;
    }
    name[n] = '\0';
    s->option = name;
    if (n == 0)
        return import_fail(s, err, "a '-' with no option name");
    while (c->p < c->end && blank(*c->p))
        c->p++;
    hamm_status st = c->p < c->end && *c->p == '"' ? quoted(s, c, val, err)
                                                    : plain(s, c, val, err);
    const char *effect = NULL;
    if (st == HAMM_OK && import_value(s, name, val, &effect, &st, err) == 0)
        st = add_ignored(s, name, val, effect, err);
    s->option = NULL;
    return st;
}

static hamm_status parse(imp_state *s, const char *text, size_t len, hamm_error *err)
{
    cursor c = {text, text + len, 1};
    while (c.p < c.end) {
        while (c.p < c.end && blank(*c.p))
            c.p++;
        if (c.p < c.end && *c.p == '-') {
            s->line = c.line;
            c.p++;
            hamm_status st = option(s, &c, err);
            if (st != HAMM_OK)
                return st;
        } else if (c.p < c.end && *c.p != '#' && *c.p != '\n') {
            return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_AT_LINE(s->source, c.line), NULL,
                                 "expected an option (-name value) or a '#' comment");
        }
        while (c.p < c.end && *c.p != '\n')
            c.p++;
        if (c.p < c.end) {
            c.p++;
            c.line++;
        }
    }
    return HAMM_OK;
}

static void state_free(imp_state *s)
{
    for (size_t i = 0; i < s->nignored; i++)
        free(s->ignored[i]);
    free(s->ignored);
    json_decref(s->approx);
}

hamm_status hamm_gpu_import_gpgpusim(hamm_gpu_import **out, const char *text, size_t len,
                                     const char *source, const char *name, hamm_error *err)
{
    *out = NULL;
    imp_state s;
    import_defaults(&s);
    s.source = source;
    s.approx = json_object();
    hamm_gpu_import *im = calloc(1, sizeof *im);
    hamm_status st = s.approx && im ? HAMM_OK
                                    : hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    if (st == HAMM_OK)
        st = parse(&s, text, len, err);
    if (st == HAMM_OK)
        st = import_emit(&s, name, &im->part[HAMM_IMPORT_GPU], &im->part[HAMM_IMPORT_DRAM],
                         &im->part[HAMM_IMPORT_SYSTEM], err);
    if (st == HAMM_OK)
        st = import_check(&s, im->part, err);
    if (st != HAMM_OK) {
        state_free(&s);
        hamm_gpu_import_free(im);
        return st;
    }
    im->ignored = s.ignored;
    im->nignored = s.nignored;
    s.ignored = NULL;
    s.nignored = 0;
    state_free(&s);
    *out = im;
    return HAMM_OK;
}

char *hamm_gpu_import_json(const hamm_gpu_import *im, hamm_gpu_import_part part)
{
    return json_dumps(im->part[part], JSON_INDENT(2) | JSON_PRESERVE_ORDER);
}

size_t hamm_gpu_import_ignored_count(const hamm_gpu_import *im)
{
    return im->nignored;
}

const char *hamm_gpu_import_ignored(const hamm_gpu_import *im, size_t i)
{
    return i < im->nignored ? im->ignored[i] : NULL;
}

void hamm_gpu_import_free(hamm_gpu_import *im)
{
    if (!im)
        return;
    for (int p = 0; p < HAMM_IMPORT_PART_COUNT; p++)
        json_decref(im->part[p]);
    for (size_t i = 0; i < im->nignored; i++)
        free(im->ignored[i]);
    free(im->ignored);
    free(im);
}
