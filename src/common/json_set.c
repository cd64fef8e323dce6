/* json_set.c - command-line overrides "PATH=VALUE" (json_set.h). */
#include <string.h>

#include "json_read.h"
#include "json_set.h"

#define SRC JSON_READ_SET_SOURCE

static hamm_status fail(hamm_error *err, const char *field, const char *text)
{
    return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(SRC), field, "%s", text);
}

static hamm_status nomem(hamm_error *err)
{
    return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(SRC), NULL, "out of memory");
}

hamm_status json_set_check(const struct schema_table *t, const char *key, const char *path,
                           const char *keys_doc, const char *example, hamm_error *err)
{
    const struct schema_field *f = schema_lookup(t, key);
    if (!f)
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(SRC), path,
                             "unknown key (see %s for the keys)", keys_doc);
    switch (f->type) {
    case SCHEMA_OBJECT:
    case SCHEMA_NOTES:
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(SRC), path,
                             "names an object; set one of its keys (e.g. %s)", example);
    case SCHEMA_U32:
    case SCHEMA_DOUBLE:
    case SCHEMA_BOOL:
    case SCHEMA_STRING:
    case SCHEMA_TAG:
    case SCHEMA_ENUM:
    case SCHEMA_SET:
    case SCHEMA_EXTERNAL:
        break;
    }
    return HAMM_OK;
}

/* The value as a JSON scalar when it parses as one, else as a string.  *nomem is set when
 * memory, not the text, was the problem. */
static json_t *parse_value(const char *text, int *nomem)
{
    json_error_t jerr;
    json_t *v = json_loads(text, JSON_DECODE_ANY, &jerr);
    *nomem = !v && json_error_code(&jerr) == json_error_out_of_memory;
    if (*nomem || (v && !json_is_object(v) && !json_is_array(v)))
        return v;
    json_decref(v);
    v = json_string(text);
    if (!v) { /* not UTF-8, or no memory: a string made without the check tells which */
        json_t *unchecked = json_stringn_nocheck(text, strlen(text));
        *nomem = unchecked == NULL;
        json_decref(unchecked);
    }
    return v;
}

hamm_status json_set_split(const char *arg, const char *example, json_set *out,
                           hamm_error *err)
{
    out->value = NULL;
    const char *eq = strchr(arg, '=');
    size_t len = eq ? (size_t)(eq - arg) : 0;
    if (!eq || !len)
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(SRC), arg,
                             "expects PATH=VALUE (e.g. %s)", example);
    if (len >= sizeof out->path)
        return fail(err, NULL, "the path before '=' is too long");
    memcpy(out->path, arg, len);
    out->path[len] = '\0';
    return HAMM_OK;
}

hamm_status json_set_value(const char *arg, json_set *out, hamm_error *err)
{
    int no_memory;
    out->value = parse_value(strchr(arg, '=') + 1, &no_memory);
    if (!out->value && no_memory)
        return nomem(err);
    if (!out->value)
        return fail(err, out->path, "the value is not valid UTF-8 text");
    return HAMM_OK;
}

hamm_status json_set_apply(json_t *root, const char *path, json_t *value, hamm_error *err)
{
    json_t *node = root;
    char key[sizeof ((json_set *)0)->path];
    for (;;) {
        size_t len = strcspn(path, ".");
        memcpy(key, path, len); /* path is shorter than json_set.path */
        key[len] = '\0';
        if (!path[len])
            break;
        json_t *child = json_object_get(node, key);
        if (!child) {
            child = json_object();
            if (!child || json_object_set_new(node, key, child) != 0)
                return nomem(err);
        }
        if (!json_is_object(child)) /* the file's own value is wrong: its check will say so */
            return HAMM_OK;
        node = child;
        path += len + 1;
    }
    if (json_object_set(node, key, value) != 0)
        return nomem(err);
    return HAMM_OK;
}
