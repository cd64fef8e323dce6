/* json_read.c - the reader: a running JSON path, errors at it, unknown keys and typed
 * getters (json_read.h). */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_read.h"

#define KEY_LIST 200 /* the allowed keys named in an "unknown key" message */

void json_reader_init(json_reader *r, const char *source, hamm_error *err)
{
    memset(r, 0, sizeof *r);
    r->source = source;
    r->err = err;
}

/* Account for `n` characters snprintf wanted to add (kept within the buffer). */
static size_t grew(json_reader *r, size_t old, int n)
{
    if (n > 0)
        r->plen += (size_t)n < sizeof r->path - r->plen ? (size_t)n : sizeof r->path - r->plen - 1;
    return old;
}

size_t json_path_enter(char *path, size_t size, const char *key, size_t index)
{
    size_t len = strlen(path);
    if (key)
        snprintf(path + len, size - len, "%s%s", len ? "." : "", key);
    else
        snprintf(path + len, size - len, "[%zu]", index);
    return len;
}

size_t json_read_key(json_reader *r, const char *key)
{
    size_t old = r->plen;
    return grew(r, old, snprintf(r->path + old, sizeof r->path - old, "%s%s",
                                 old ? "." : "", key));
}

size_t json_read_index(json_reader *r, size_t i)
{
    size_t old = r->plen;
    return grew(r, old, snprintf(r->path + old, sizeof r->path - old, "[%zu]", i));
}

void json_read_pop(json_reader *r, size_t len)
{
    r->plen = len;
    r->path[len] = '\0';
}

int json_read_was_set(const json_reader *r, const char *path)
{
    for (size_t i = 0; i < r->nset; i++)
        if (strcmp(r->set_paths[i], path) == 0)
            return 1;
    return 0;
}

hamm_status json_read_fail(json_reader *r, const char *key, const char *fmt, ...)
{
    size_t old = key ? json_read_key(r, key) : r->plen;
    char text[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    int set = json_read_was_set(r, r->path);
    uint64_t line = r->text && !set ? json_locate_line(r->text, r->len, r->path) : 0;
    hamm_status st = hamm_error_at(r->err, HAMM_ERR_CONFIG,
                                   HAMM_AT_LINE(set ? JSON_READ_SET_SOURCE : r->source, line),
                                   r->plen ? r->path : NULL, "%s", text);
    json_read_pop(r, old);
    return st;
}

hamm_status json_read_nomem(json_reader *r)
{
    return hamm_error_at(r->err, HAMM_ERR_NOMEM, HAMM_IN(r->source), NULL, "out of memory");
}

const char *json_read_kind(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a fractional number";
    case JSON_TRUE: return "true";
    case JSON_FALSE: return "false";
    case JSON_NULL: return "null";
    }
    return "a value";
}

hamm_status json_read_known(json_reader *r, json_t *obj, const char *const *allowed,
                            const char *lead)
{
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        size_t i;
        for (i = 0; allowed[i] && strcmp(allowed[i], key) != 0; i++)
            ;
        if (allowed[i])
            continue;
        if (!lead)
            return json_read_fail(r, key, "unknown key");
        char list[KEY_LIST] = "";
        size_t n = 0;
        for (i = 0; allowed[i] && n < sizeof list; i++)
            n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", allowed[i]);
        return json_read_fail(r, key, "unknown key (%s%s)", lead, list);
    }
    return HAMM_OK;
}

hamm_status json_read_object(json_reader *r, json_t *obj, const char *const *allowed)
{
    if (!json_is_object(obj))
        return json_read_fail(r, NULL, "expects an object, not %s", json_read_kind(obj));
    return json_read_known(r, obj, allowed, "the keys here are ");
}

hamm_status json_read_str(json_reader *r, json_t *obj, const char *key, int required,
                          const char **out)
{
    json_t *v = json_object_get(obj, key);
    *out = NULL;
    if (!v)
        return required ? json_read_fail(r, key, "missing (required)") : HAMM_OK;
    if (!json_is_string(v) || !*json_string_value(v))
        return json_read_fail(r, key, "expects a non-empty string");
    *out = json_string_value(v);
    return HAMM_OK;
}

hamm_status json_read_bool(json_reader *r, json_t *obj, const char *key, int def, int *out)
{
    json_t *v = json_object_get(obj, key);
    if (v && !json_is_boolean(v))
        return json_read_fail(r, key, "expects true or false");
    *out = v ? json_is_true(v) : def;
    return HAMM_OK;
}

hamm_status json_read_strbuf(json_reader *r, json_t *obj, const char *key, int required,
                             char *buf, size_t size, const char *def)
{
    json_t *v = json_object_get(obj, key);
    if (!v) {
        if (required)
            return json_read_fail(r, key, "is missing");
        snprintf(buf, size, "%s", def ? def : "");
        return HAMM_OK;
    }
    if (!json_is_string(v))
        return json_read_fail(r, key, "expects a string, not %s", json_read_kind(v));
    size_t n = json_string_length(v);
    if (n == 0 || n >= size || strlen(json_string_value(v)) != n)
        return json_read_fail(r, key, "expects 1 to %zu characters (no NUL)", size - 1);
    memcpy(buf, json_string_value(v), n + 1);
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

hamm_status json_read_u64_value(json_reader *r, json_t *v, uint64_t min, uint64_t max,
                                uint64_t *out)
{
    uint64_t x;
    if (json_is_integer(v)) {
        if (json_integer_value(v) < 0)
            return json_read_fail(r, NULL, "is %lld; expects %llu..%llu",
                                  (long long)json_integer_value(v), (unsigned long long)min,
                                  (unsigned long long)max);
        x = (uint64_t)json_integer_value(v);
    } else if (json_is_string(v)) {
        if (parse_u64(json_string_value(v), &x) < 0)
            return json_read_fail(r, NULL, "\"%.40s\" is not a number (decimal or 0x...)",
                                  json_string_value(v));
    } else {
        return json_read_fail(r, NULL, "expects an integer, not %s", json_read_kind(v));
    }
    if (x < min || x > max)
        return json_read_fail(r, NULL, "is %llu; expects %llu..%llu", (unsigned long long)x,
                              (unsigned long long)min, (unsigned long long)max);
    *out = x;
    return HAMM_OK;
}

hamm_status json_read_u64(json_reader *r, json_t *obj, const char *key, int required,
                          uint64_t min, uint64_t max, uint64_t def, uint64_t *out)
{
    json_t *v = json_object_get(obj, key);
    if (!v) {
        if (required)
            return json_read_fail(r, key, "is missing");
        *out = def;
        return HAMM_OK;
    }
    size_t old = json_read_key(r, key);
    hamm_status st = json_read_u64_value(r, v, min, max, out);
    json_read_pop(r, old);
    return st;
}
