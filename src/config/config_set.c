/* config_set.c - command-line overrides "path=value" (hamm ... --set queue_size=16).
 * The path must name a key of the tables (DRAM keys under "dram."); the value is read as
 * JSON when it is a JSON scalar (16, 2.5, true, "x") and taken as a string otherwise
 * (fr-fcfs), so the type check of the tables judges it like a value from a file. */
#include <string.h>

#include "config_internal.h"

#define SRC JSON_READ_SET_SOURCE

static hamm_status fail(hamm_error *err, const char *field, const char *text)
{
    return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(SRC), field, "%s", text);
}

/* The table row `path` names, or NULL. */
static const struct schema_field *lookup(const char *path)
{
    static const char prefix[] = CONFIG_DRAM_PREFIX;
    if (strncmp(path, prefix, sizeof prefix - 1) == 0)
        return schema_lookup(&config_dram_table, path + sizeof prefix - 1);
    return schema_lookup(&config_system_table, path);
}

static hamm_status check_path(const char *path, hamm_error *err)
{
    const struct schema_field *f = lookup(path);
    if (!f)
        return fail(err, path, "unknown key (see models/README.md for the keys)");
    switch (f->type) {
    case SCHEMA_OBJECT:
    case SCHEMA_NOTES:
        return fail(err, path, "names an object; set one of its keys (e.g. dram.timing.tRCD)");
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

hamm_status config_set_parse(const char *arg, struct config_set *out, hamm_error *err)
{
    out->value = NULL;
    const char *eq = strchr(arg, '=');
    size_t len = eq ? (size_t)(eq - arg) : 0;
    if (!eq || !len)
        return fail(err, arg, "expects PATH=VALUE (e.g. queue_size=16, dram.timing.tRCD=14)");
    if (len >= sizeof out->path)
        return fail(err, NULL, "the path before '=' is too long");
    memcpy(out->path, arg, len);
    out->path[len] = '\0';
    hamm_status st = check_path(out->path, err);
    if (st != HAMM_OK)
        return st;
    int nomem;
    out->value = parse_value(eq + 1, &nomem);
    if (!out->value && nomem)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(SRC), NULL, "out of memory");
    if (!out->value)
        return fail(err, out->path, "the value is not valid UTF-8 text");
    return HAMM_OK;
}

hamm_status config_set_apply(json_t *root, const char *path, json_t *value, hamm_error *err)
{
    json_t *node = root;
    char key[128];
    for (;;) {
        size_t len = strcspn(path, ".");
        memcpy(key, path, len); /* path is shorter than config_set.path */
        key[len] = '\0';
        if (!path[len])
            break;
        json_t *child = json_object_get(node, key);
        if (!child) {
            child = json_object();
            if (!child || json_object_set_new(node, key, child) != 0)
                return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(SRC), NULL, "out of memory");
        }
        if (!json_is_object(child)) /* the file's own value is wrong: its check will say so */
            return HAMM_OK;
        node = child;
        path += len + 1;
    }
    if (json_object_set(node, key, value) != 0)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(SRC), NULL, "out of memory");
    return HAMM_OK;
}
