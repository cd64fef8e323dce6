/* jread.c - typed reads of a kernel description's JSON tree, each failure naming the
 * file, line and JSON path (jread.h). */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jread.h"

/* Account for `n` characters snprintf wanted to add (kept within the buffer). */
static size_t grew(struct jctx *c, size_t old, int n)
{
    if (n > 0)
        c->plen += (size_t)n < sizeof c->path - c->plen ? (size_t)n : sizeof c->path - c->plen - 1;
    return old;
}

size_t jctx_key(struct jctx *c, const char *key)
{
    size_t old = c->plen;
    return grew(c, old, snprintf(c->path + old, sizeof c->path - old, "%s%s",
                                 old ? "." : "", key));
}

size_t jctx_index(struct jctx *c, size_t i)
{
    size_t old = c->plen;
    return grew(c, old, snprintf(c->path + old, sizeof c->path - old, "[%zu]", i));
}

void jctx_pop(struct jctx *c, size_t len)
{
    c->plen = len;
    c->path[len] = '\0';
}

hamm_status jctx_fail(struct jctx *c, const char *key, const char *fmt, ...)
{
    size_t old = key ? jctx_key(c, key) : c->plen;
    char text[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    uint64_t line = c->text ? locate_line(c->text, c->len, c->path) : 0;
    hamm_status st = hamm_error_at(c->err, HAMM_ERR_CONFIG, HAMM_AT_LINE(c->source, line),
                                   c->plen ? c->path : NULL, "%s", text);
    jctx_pop(c, old);
    return st;
}

hamm_status jctx_nomem(struct jctx *c)
{
    return hamm_error_at(c->err, HAMM_ERR_NOMEM, HAMM_IN(c->source), NULL, "out of memory");
}

static const char *type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a number with a fraction";
    case JSON_TRUE: return "true";
    case JSON_FALSE: return "false";
    case JSON_NULL: return "null";
    }
    return "a value";
}

hamm_status jctx_object(struct jctx *c, json_t *obj, const char *const *allowed)
{
    if (!json_is_object(obj))
        return jctx_fail(c, NULL, "expects an object, not %s", type_name(obj));
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        size_t i;
        for (i = 0; allowed[i] && strcmp(allowed[i], key) != 0; i++)
            ;
        if (allowed[i])
            continue;
        char list[200] = "";
        size_t n = 0;
        for (i = 0; allowed[i] && n < sizeof list; i++)
            n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", allowed[i]);
        return jctx_fail(c, key, "unknown key (the keys here are %s)", list);
    }
    return HAMM_OK;
}

/* A string holding an unsigned number, decimal or 0x-hexadecimal; -1 when not one. */
static int parse_u64(const char *s, uint64_t *out)
{
    if (!isdigit((unsigned char)s[0]))
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end || (s[0] == '0' && s[1] && s[1] != 'x' && s[1] != 'X'))
        return -1; /* a leading 0 would be octal to strtoull: not what a person means */
    *out = v;
    return 0;
}

hamm_status jctx_u64_value(struct jctx *c, json_t *v, uint64_t min, uint64_t max, uint64_t *out)
{
    uint64_t x;
    if (json_is_integer(v)) {
        if (json_integer_value(v) < 0)
            return jctx_fail(c, NULL, "is %lld; expects %llu..%llu",
                             (long long)json_integer_value(v), (unsigned long long)min,
                             (unsigned long long)max);
        x = (uint64_t)json_integer_value(v);
    } else if (json_is_string(v)) {
        if (parse_u64(json_string_value(v), &x) < 0)
            return jctx_fail(c, NULL, "\"%.40s\" is not a number (decimal or 0x...)",
                             json_string_value(v));
    } else {
        return jctx_fail(c, NULL, "expects an integer, not %s", type_name(v));
    }
    if (x < min || x > max)
        return jctx_fail(c, NULL, "is %llu; expects %llu..%llu", (unsigned long long)x,
                         (unsigned long long)min, (unsigned long long)max);
    *out = x;
    return HAMM_OK;
}

hamm_status jctx_u64(struct jctx *c, json_t *obj, const char *key, int required,
                     uint64_t min, uint64_t max, uint64_t def, uint64_t *out)
{
    json_t *v = json_object_get(obj, key);
    if (!v) {
        if (required)
            return jctx_fail(c, key, "is missing");
        *out = def;
        return HAMM_OK;
    }
    size_t old = jctx_key(c, key);
    hamm_status st = jctx_u64_value(c, v, min, max, out);
    jctx_pop(c, old);
    return st;
}

hamm_status jctx_string(struct jctx *c, json_t *obj, const char *key, int required,
                        char *buf, size_t size, const char *def)
{
    json_t *v = json_object_get(obj, key);
    if (!v) {
        if (required)
            return jctx_fail(c, key, "is missing");
        snprintf(buf, size, "%s", def ? def : "");
        return HAMM_OK;
    }
    if (!json_is_string(v))
        return jctx_fail(c, key, "expects a string, not %s", type_name(v));
    size_t n = json_string_length(v);
    if (n == 0 || n >= size || strlen(json_string_value(v)) != n)
        return jctx_fail(c, key, "expects 1 to %zu characters (no NUL)", size - 1);
    memcpy(buf, json_string_value(v), n + 1);
    return HAMM_OK;
}

int jctx_is_name(const char *s)
{
    if (!isalpha((unsigned char)s[0]) && s[0] != '_')
        return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return 0;
    return 1;
}
