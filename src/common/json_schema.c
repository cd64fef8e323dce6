/* json_schema.c - the table-driven reader and writer declared in json_schema.h, on the
 * JSON reader of json_read.h. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "json_schema.h"

#define KEY_LIST 200 /* the table's keys named in an "unknown key" message */

/* "a, b, c" of the table's keys, for "unknown key" messages. */
static void list_keys(const struct schema_table *t, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < t->count && n < size; i++) {
        int w = snprintf(buf + n, size - n, "%s%s", i ? ", " : "", t->fields[i].key);
        if (w < 0)
            break;
        n += (size_t)w;
    }
}

static const struct schema_field *find_key(const struct schema_table *t, const char *key,
                                           size_t len)
{
    for (size_t i = 0; i < t->count; i++)
        if (strlen(t->fields[i].key) == len && strncmp(t->fields[i].key, key, len) == 0)
            return &t->fields[i];
    return NULL;
}

const struct schema_field *schema_lookup(const struct schema_table *t, const char *path)
{
    for (;;) {
        size_t len = strcspn(path, ".");
        const struct schema_field *f = find_key(t, path, len);
        if (!f || !path[len])
            return f;
        if (f->type != SCHEMA_OBJECT)
            return NULL;
        t = f->sub;
        path += len + 1;
    }
}

/* Tags first (schema_read): a file of the wrong kind is best told so, not that its keys
 * are unknown; then every key must be the table's. */
static hamm_status check_unknown(const struct schema_table *t, json_t *obj, json_reader *r)
{
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        if (find_key(t, key, strlen(key)))
            continue;
        char keys[KEY_LIST];
        list_keys(t, keys, sizeof keys);
        return json_read_fail(r, key, "unknown key (expected one of: %s)", keys);
    }
    return HAMM_OK;
}

static void *at(void *dst, const struct schema_field *f)
{
    return (char *)dst + f->offset;
}

/* Each read_* below reads value v of row f with the reader at v's path. */
static hamm_status read_u32(const struct schema_field *f, json_t *v, void *dst, json_reader *r)
{
    if (!json_is_integer(v))
        return json_read_fail(r, NULL, "expects an integer%s%s, got %s",
                              *f->unit ? " in " : "", f->unit, json_read_kind(v));
    json_int_t n = json_integer_value(v);
    if ((double)n < f->min || (double)n > f->max)
        return json_read_fail(r, NULL, "must be from %.0f to %.0f%s%s, got %lld", f->min,
                              f->max, *f->unit ? " " : "", f->unit, (long long)n);
    if ((f->flags & SCHEMA_POW2) && (n & (n - 1)))
        return json_read_fail(r, NULL, "must be a power of two, got %lld", (long long)n);
    *(uint32_t *)at(dst, f) = (uint32_t)n;
    return HAMM_OK;
}

static hamm_status read_double(const struct schema_field *f, json_t *v, void *dst,
                               json_reader *r)
{
    if (!json_is_number(v))
        return json_read_fail(r, NULL, "expects a number%s%s, got %s",
                              *f->unit ? " in " : "", f->unit, json_read_kind(v));
    double d = json_number_value(v);
    if (!isfinite(d) || d < f->min || d > f->max)
        return json_read_fail(r, NULL, "must be from %g to %g%s%s, got %g", f->min, f->max,
                              *f->unit ? " " : "", f->unit, d);
    *(double *)at(dst, f) = d;
    return HAMM_OK;
}

static hamm_status read_bool(const struct schema_field *f, json_t *v, void *dst, json_reader *r)
{
    if (!json_is_boolean(v))
        return json_read_fail(r, NULL, "expects true or false, got %s", json_read_kind(v));
    *(int *)at(dst, f) = json_is_true(v);
    return HAMM_OK;
}

static hamm_status read_string(const struct schema_field *f, json_t *v, void *dst,
                               json_reader *r)
{
    if (!json_is_string(v))
        return json_read_fail(r, NULL, "expects a string, got %s", json_read_kind(v));
    size_t len = json_string_length(v);
    if (strlen(json_string_value(v)) != len)
        return json_read_fail(r, NULL, "holds a NUL character");
    if ((double)len < f->min)
        return json_read_fail(r, NULL, "must not be empty");
    if ((double)len > f->max || (f->size && len >= f->size))
        return json_read_fail(r, NULL, "is longer than %.0f characters",
                              f->size && (double)(f->size - 1) < f->max ? (double)(f->size - 1)
                                                                        : f->max);
    if (f->size)
        memcpy(at(dst, f), json_string_value(v), len + 1);
    return HAMM_OK;
}

static hamm_status read_tag(const struct schema_field *f, json_t *v, json_reader *r)
{
    if (json_is_string(v) && strcmp(json_string_value(v), f->text) == 0)
        return HAMM_OK;
    if (json_is_string(v))
        return json_read_fail(r, NULL, "expects \"%s\", got \"%.60s\"", f->text,
                              json_string_value(v));
    return json_read_fail(r, NULL, "expects \"%s\", got %s", f->text, json_read_kind(v));
}

/* An enum's name, or (SCHEMA_SET) a list of them, through the enum's table. */
static hamm_status read_enum(const struct schema_field *f, json_t *v, void *dst, json_reader *r)
{
    hamm_status st = HAMM_OK;
    if (f->type == SCHEMA_SET) /* a list is judged as a string first (size 0: not stored) */
        st = read_string(f, v, dst, r);
    else if (!json_is_string(v))
        st = json_read_fail(r, NULL, "expects a string, got %s", json_read_kind(v));
    if (st != HAMM_OK)
        return st;
    hamm_error local;
    hamm_error_clear(&local);
    unsigned value;
    st = f->type == SCHEMA_SET ? enum_table_parse_set(f->names, json_string_value(v), &value,
                                                      &local)
                               : enum_table_parse(f->names, json_string_value(v), &value, &local);
    if (st != HAMM_OK)
        return json_read_fail(r, NULL, "%s", local.text);
    *(unsigned *)at(dst, f) = value;
    return HAMM_OK;
}

static hamm_status read_notes(json_t *v, json_reader *r)
{
    if (!json_is_object(v))
        return json_read_fail(r, NULL, "expects an object of strings, got %s", json_read_kind(v));
    const char *key;
    json_t *note;
    json_object_foreach(v, key, note) {
        if (!json_is_string(note))
            return json_read_fail(r, key, "expects a string, got %s", json_read_kind(note));
    }
    return HAMM_OK;
}

static hamm_status read_value(const struct schema_field *f, json_t *v, void *dst,
                              json_reader *r)
{
    switch (f->type) {
    case SCHEMA_U32: return read_u32(f, v, dst, r);
    case SCHEMA_DOUBLE: return read_double(f, v, dst, r);
    case SCHEMA_BOOL: return read_bool(f, v, dst, r);
    case SCHEMA_STRING: return read_string(f, v, dst, r);
    case SCHEMA_TAG: return read_tag(f, v, r);
    case SCHEMA_ENUM:
    case SCHEMA_SET: return read_enum(f, v, dst, r);
    case SCHEMA_NOTES: return read_notes(v, r);
    case SCHEMA_OBJECT:
        if (!json_is_object(v))
            return json_read_fail(r, NULL, "expects an object, got %s", json_read_kind(v));
        return schema_read(f->sub, v, (char *)dst + f->offset, r);
    case SCHEMA_EXTERNAL: return HAMM_OK;
    }
    return HAMM_OK;
}

/* An optional key that is absent: its documented default. */
static hamm_status read_default(const struct schema_field *f, void *dst, json_reader *r)
{
    json_t *empty;
    hamm_status st = HAMM_OK;
    switch (f->type) {
    case SCHEMA_U32: *(uint32_t *)at(dst, f) = (uint32_t)f->def; break;
    case SCHEMA_DOUBLE: *(double *)at(dst, f) = f->def; break;
    case SCHEMA_BOOL: *(int *)at(dst, f) = f->def != 0.0; break;
    case SCHEMA_STRING:
        if (f->size)
            snprintf(at(dst, f), f->size, "%s", f->text ? f->text : "");
        break;
    case SCHEMA_ENUM:
        st = enum_table_parse(f->names, f->text, (unsigned *)at(dst, f), r->err);
        break;
    case SCHEMA_SET:
        st = enum_table_parse_set(f->names, f->text, (unsigned *)at(dst, f), r->err);
        break;
    case SCHEMA_OBJECT: /* an optional object: every key of it takes its default */
        empty = json_object();
        if (!empty)
            return hamm_error_field(r->err, HAMM_ERR_NOMEM, r->path, "out of memory");
        st = read_value(f, empty, dst, r);
        json_decref(empty);
        break;
    case SCHEMA_TAG:
    case SCHEMA_NOTES:
    case SCHEMA_EXTERNAL:
        break;
    }
    return st;
}

static hamm_status check_tags(const struct schema_table *t, json_t *obj, json_reader *r)
{
    hamm_status st = HAMM_OK;
    for (size_t i = 0; i < t->count && st == HAMM_OK; i++) {
        const struct schema_field *f = &t->fields[i];
        json_t *v = json_object_get(obj, f->key);
        if (f->type != SCHEMA_TAG || !v)
            continue;
        size_t old = json_read_key(r, f->key);
        st = read_tag(f, v, r);
        json_read_pop(r, old);
    }
    return st;
}

hamm_status schema_read(const struct schema_table *t, json_t *obj, void *dst, json_reader *r)
{
    hamm_status st = check_tags(t, obj, r);
    if (st == HAMM_OK)
        st = check_unknown(t, obj, r);
    for (size_t i = 0; i < t->count && st == HAMM_OK; i++) {
        const struct schema_field *f = &t->fields[i];
        json_t *v = json_object_get(obj, f->key);
        size_t old = json_read_key(r, f->key);
        if (v)
            st = read_value(f, v, dst, r);
        else if (f->flags & SCHEMA_REQUIRED)
            st = json_read_fail(r, NULL, "missing (required%s%s)", *f->unit ? ", in " : "",
                                f->unit);
        else
            st = read_default(f, dst, r);
        json_read_pop(r, old);
    }
    return st;
}

static const void *cat(const void *src, const struct schema_field *f)
{
    return (const char *)src + f->offset;
}

/* A SCHEMA_QUIET number or enum holding its default. */
static int at_default(const struct schema_field *f, const void *src)
{
    if (f->type == SCHEMA_U32)
        return *(const uint32_t *)cat(src, f) == f->def;
    if (f->type == SCHEMA_BOOL)
        return (*(const int *)cat(src, f) != 0) == (f->def != 0.0);
    if (f->type == SCHEMA_ENUM)
        return strcmp(enum_table_name(f->names, *(const unsigned *)cat(src, f)), f->text) == 0;
    return 0;
}

/* One value for schema_write; NULL for "leave the key out" via *skip, or out of memory. */
static json_t *write_value(const struct schema_field *f, const void *src, int *skip)
{
    char text[256];
    *skip = ((f->flags & SCHEMA_QUIET) && at_default(f, src)) ||
            ((f->flags & SCHEMA_QUIET_EMPTY) && f->type == SCHEMA_STRING && f->size &&
             !*(const char *)cat(src, f));
    if (*skip)
        return NULL;
    switch (f->type) {
    case SCHEMA_U32: return json_integer(*(const uint32_t *)cat(src, f));
    case SCHEMA_DOUBLE: return json_real(*(const double *)cat(src, f));
    case SCHEMA_BOOL: return json_boolean(*(const int *)cat(src, f) != 0);
    case SCHEMA_STRING:
        if (f->size)
            return json_string((const char *)cat(src, f));
        break;
    case SCHEMA_TAG: return json_string(f->text);
    case SCHEMA_ENUM:
        return json_string(enum_table_name(f->names, *(const unsigned *)cat(src, f)));
    case SCHEMA_SET:
        enum_table_set_text(f->names, *(const unsigned *)cat(src, f), text, sizeof text);
        return json_string(text);
    case SCHEMA_OBJECT: return schema_write(f->sub, (const char *)src + f->offset);
    case SCHEMA_EXTERNAL: return json_null();
    case SCHEMA_NOTES: break;
    }
    *skip = 1;
    return NULL;
}

json_t *schema_write(const struct schema_table *t, const void *src)
{
    json_t *obj = json_object();
    for (size_t i = 0; obj && i < t->count; i++) {
        int skip;
        json_t *v = write_value(&t->fields[i], src, &skip);
        if (skip)
            continue;
        if (!v || json_object_set_new(obj, t->fields[i].key, v) != 0) {
            json_decref(obj);
            return NULL;
        }
    }
    return obj;
}

hamm_status schema_read_doc(const struct schema_table *t, void *dst, json_t *doc,
                            const char *source, const char *what, hamm_error *err)
{
    if (!json_is_object(doc))
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(source), NULL,
                             "%s holds one JSON object", what);
    json_reader r;
    json_reader_init(&r, source, err);
    return schema_read(t, doc, dst, &r);
}

hamm_status schema_load_file(const struct schema_table *t, void *dst, const char *path,
                             const char *what, hamm_error *err)
{
    json_t *root;
    hamm_status st = json_parse_file(path, JSON_PARSE_LINE, &root, err);
    if (st == HAMM_OK)
        st = schema_read_doc(t, dst, root, path, what, err);
    json_decref(root);
    return st;
}
