/* json_shape.c - a JSON document walked along its shape table (json_shape.h), the JSON
 * path kept as it goes so the first bad field is named where it is. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "common/json_read.h"
#include "json_shape.h"

typedef struct walk {
    const json_t *names; /* the keys of a PER_NAME object */
    const char *names_key; /* the document's field that lists them */
    const char *source;
    hamm_error *err;
    char path[128];      /* the JSON path of the value being checked */
} walk;

/* Into obj[key], or element `index` when key is NULL: the path grows; returns the old
 * length, to go back to. */
static size_t enter(walk *w, const char *key, size_t index)
{
    return json_path_enter(w->path, sizeof w->path, key, index);
}

/* What a value of shape s must be, in words ("a number in [0, 1] or null"). */
static void describe(const json_shape *s, char *buf, size_t size)
{
    char range[96] = "";
    if (s->kind == JSON_SHAPE_NUMBER && isfinite(s->min) && isfinite(s->max))
        snprintf(range, sizeof range, " in [%g, %g]", s->min, s->max);
    else if (s->kind == JSON_SHAPE_NUMBER && isfinite(s->min))
        snprintf(range, sizeof range, " >= %g", s->min);
    else if (s->kind == JSON_SHAPE_NUMBER && isfinite(s->max))
        snprintf(range, sizeof range, " <= %g", s->max);
    static const char *const kinds[] = {
        [JSON_SHAPE_STRING] = "a string",      [JSON_SHAPE_BOOL] = "true or false",
        [JSON_SHAPE_COUNT] = "a whole number >= 0", [JSON_SHAPE_NUMBER] = "a number",
        [JSON_SHAPE_OBJECT] = "an object",     [JSON_SHAPE_ARRAY] = "an array",
        [JSON_SHAPE_MAP] = "an object",        [JSON_SHAPE_PER_NAME] = "an object",
    };
    snprintf(buf, size, "%s%s%s", kinds[s->kind] ? kinds[s->kind] : "?", range,
             s->flags & JSON_SHAPE_NULL ? " or null" : "");
}

HAMM_PRINTF(2, 3)
static hamm_status fail(walk *w, const char *fmt, ...)
{
    char text[sizeof w->err->text];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    return hamm_error_at(w->err, HAMM_ERR_FORMAT, HAMM_IN(w->source), w->path, "%s", text);
}

/* v is not what s says: missing, of another type or out of range (its number shown). */
static hamm_status wrong(walk *w, const json_shape *s, const json_t *v)
{
    char want[128];
    describe(s, want, sizeof want);
    if (!v)
        return fail(w, "missing (%s)", want);
    if (json_is_number(v))
        return fail(w, "%.15g is not %s", json_number_value(v), want);
    return fail(w, "not %s", want);
}

static hamm_status check_value(walk *w, const json_shape *s, const json_t *v);

static hamm_status check_fields(walk *w, const json_shape *fields, const json_t *obj)
{
    hamm_status st = HAMM_OK;
    for (const json_shape *f = fields; st == HAMM_OK && f->kind != JSON_SHAPE_END; f++) {
        size_t len = enter(w, f->key, 0);
        st = check_value(w, f, json_object_get(obj, f->key));
        w->path[len] = '\0';
    }
    return st;
}

/* An object with a member like `each` for every one of the walk's names, and no other. */
static hamm_status check_per_name(walk *w, const json_shape *each, const json_t *obj)
{
    size_t i, len;
    const json_t *name;
    hamm_status st = HAMM_OK;
    json_array_foreach(w->names, i, name) {
        if (!json_is_string(name))
            continue; /* the names' own field says so, checked before any PER_NAME */
        len = enter(w, json_string_value(name), 0);
        st = check_value(w, each, json_object_get(obj, json_string_value(name)));
        w->path[len] = '\0';
        if (st != HAMM_OK)
            return st;
    }
    if (json_object_size(obj) == json_array_size(w->names))
        return HAMM_OK;
    const char *key;
    const json_t *v;
    json_object_foreach((json_t *)obj, key, v) {
        int known = 0;
        json_array_foreach(w->names, i, name)
            known |= json_is_string(name) && strcmp(json_string_value(name), key) == 0;
        if (!known) {
            enter(w, key, 0);
            return fail(w, "not one of the document's %s", w->names_key);
        }
    }
    return HAMM_OK;
}

/* The members of an ARRAY or a MAP, each like `each`. */
static hamm_status check_members(walk *w, const json_shape *each, const json_t *v)
{
    hamm_status st = HAMM_OK;
    if (json_is_array(v)) {
        size_t i;
        const json_t *e;
        json_array_foreach(v, i, e) {
            size_t len = enter(w, NULL, i);
            st = check_value(w, each, e);
            w->path[len] = '\0';
            if (st != HAMM_OK)
                return st;
        }
        return HAMM_OK;
    }
    const char *key;
    const json_t *e;
    json_object_foreach((json_t *)v, key, e) {
        size_t len = enter(w, key, 0);
        st = each ? check_value(w, each, e) : HAMM_OK;
        w->path[len] = '\0';
        if (st != HAMM_OK)
            return st;
    }
    return HAMM_OK;
}

static hamm_status check_value(walk *w, const json_shape *s, const json_t *v)
{
    if (!v)
        return s->flags & JSON_SHAPE_OPTIONAL ? HAMM_OK : wrong(w, s, v);
    if (json_is_null(v) && (s->flags & JSON_SHAPE_NULL))
        return HAMM_OK;
    switch (s->kind) {
    case JSON_SHAPE_STRING:
        return json_is_string(v) ? HAMM_OK : wrong(w, s, v);
    case JSON_SHAPE_BOOL:
        return json_is_boolean(v) ? HAMM_OK : wrong(w, s, v);
    case JSON_SHAPE_COUNT:
        return json_is_integer(v) && json_integer_value(v) >= 0 ? HAMM_OK : wrong(w, s, v);
    case JSON_SHAPE_NUMBER: {
        double x = json_number_value(v);
        return json_is_number(v) && x >= s->min && x <= s->max ? HAMM_OK : wrong(w, s, v);
    }
    case JSON_SHAPE_OBJECT:
        return json_is_object(v) ? check_fields(w, s->sub, v) : wrong(w, s, v);
    case JSON_SHAPE_ARRAY:
        return json_is_array(v) ? check_members(w, s->sub, v) : wrong(w, s, v);
    case JSON_SHAPE_MAP:
        return json_is_object(v) ? check_members(w, s->sub, v) : wrong(w, s, v);
    case JSON_SHAPE_PER_NAME:
        return json_is_object(v) ? check_per_name(w, s->sub, v) : wrong(w, s, v);
    case JSON_SHAPE_END:
        break;
    }
    return wrong(w, s, v);
}

hamm_status json_shape_check(const json_t *doc, const json_shape *fields, const char *names_key,
                             const char *source, hamm_error *err)
{
    walk w = {json_object_get(doc, names_key ? names_key : ""), names_key, source, err, ""};
    const json_shape top = {NULL, JSON_SHAPE_OBJECT, 0, 0, 0, fields};
    return check_value(&w, &top, doc);
}
