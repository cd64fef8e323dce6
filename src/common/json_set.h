/* json_set.h - one command-line override "PATH=VALUE" (hamm ... --set queue_size=16):
 * split at its '=', its path checked against a loader's schema table, its value read as
 * JSON when it is a JSON scalar (16, 2.5, true, "x") and taken as a string otherwise
 * (fr-fcfs), and applied to the loader's tree before the tree is read, so the table's
 * type check judges it like a value from a file.  Errors name the source "--set"
 * (JSON_READ_SET_SOURCE).  The system model's loader (config) and the GPU model's (gpu)
 * both read their overrides here. */
#ifndef HAMM_JSON_SET_H
#define HAMM_JSON_SET_H

#include <jansson.h>

#include "hamm/error.h"
#include "json_schema.h"

/* One "path=value" override, its value already parsed. */
typedef struct json_set {
    char path[128];
    json_t *value; /* owned */
} json_set;

/* The path of `arg` into out->path (out->value NULL); `example` shows the form in the
 * error of an argument without '=' ("queue_size=16"). */
hamm_status json_set_split(const char *arg, const char *example, json_set *out,
                           hamm_error *err);
/* Then, once the path is checked, the value after the '=' of `arg` into out->value. */
hamm_status json_set_value(const char *arg, json_set *out, hamm_error *err);

/* Whether `key` names a row of `t` that can be set (not an object, not notes); errors
 * are at `path` (the key as the user wrote it, with any prefix): "unknown key (see
 * `keys_doc` for the keys)", or, for an object, "set one of its keys (e.g. `example`)". */
hamm_status json_set_check(const struct schema_table *t, const char *key, const char *path,
                           const char *keys_doc, const char *example, hamm_error *err);

/* Apply `value` at dotted `path` inside `root`, creating missing objects on the way (a
 * member on the way that is not an object is left for the loader to refuse). */
hamm_status json_set_apply(json_t *root, const char *path, json_t *value, hamm_error *err);

#endif
