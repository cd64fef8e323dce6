/* sweep_merge_check.c - whether a point's result belongs to the sweep merge joins: the
 * settings every part of a sweep shares (hamm's version, the sweep's own --sets, the
 * suite's entries, traces, heuristics and models) against the plan and the first result. */
#include <stdio.h>
#include <string.h>

#include "sweep_internal.h"

/* The value the result's overrides must give `key`: the point's, else the sweep's --set
 * "key=value" (a grid key overrides the same --set), else NULL. */
static json_t *expected_override(const json_t *plan, const json_t *pt, const char *key)
{
    json_t *v = json_object_get(json_object_get(pt, "set"), key);
    if (v)
        return json_incref(v);
    size_t i, n = strlen(key);
    const json_t *s;
    json_array_foreach(json_object_get(plan, "sets"), i, s) {
        const char *kv = json_string_value(s);
        if (kv && strncmp(kv, key, n) == 0 && kv[n] == '=')
            return json_string(kv + n + 1);
    }
    return NULL;
}

/* The sweep's --sets and the point's set, no more, no less, in the result's overrides. */
static const char *overrides_mismatch(const json_t *plan, const json_t *pt, const json_t *doc,
                                      char *field, size_t size)
{
    const json_t *over = json_object_get(doc, "overrides");
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)over, key, v) {
        json_t *want = expected_override(plan, pt, key);
        int same = want && json_equal(want, v);
        json_decref(want);
        snprintf(field, size, "overrides.%s", key);
        if (!same)
            return "not a setting of this sweep (a result of another sweep?)";
    }
    size_t i;
    const json_t *s;
    json_array_foreach(json_object_get(plan, "sets"), i, s) {
        const char *kv = json_string_value(s), *eq = kv ? strchr(kv, '=') : NULL;
        char name[256];
        snprintf(name, sizeof name, "%.*s", eq ? (int)(eq - kv) : 0, eq ? kv : "");
        snprintf(field, size, "overrides.%s", name);
        if (eq && !json_object_get(over, name))
            return "missing: this sweep sets it (a result of another sweep?)";
    }
    return NULL;
}

/* A copy of an entry's model_config without the grid's keys (dotted paths), which differ
 * from point to point by design. */
static json_t *config_beside_grid(const json_t *plan, const json_t *config)
{
    json_t *c = json_deep_copy(config);
    size_t i;
    const json_t *g;
    json_array_foreach(json_object_get(plan, "grid"), i, g) {
        const char *key = json_string_value(json_object_get(g, "key"));
        char path[256];
        snprintf(path, sizeof path, "%s", key ? key : "");
        json_t *at = c;
        char *p = path;
        for (char *dot; at && (dot = strchr(p, '.')) != NULL; p = dot + 1) {
            *dot = '\0';
            at = json_object_get(at, p);
        }
        if (at)
            json_object_del(at, p);
    }
    return c;
}

/* Entry i of `doc` against the same entry of the first result: same suite entry, trace,
 * model (beside the grid's keys). */
static const char *entry_mismatch(const json_t *plan, const json_t *a, const json_t *b,
                                  size_t i, char *field, size_t size)
{
    /* not "policy" and the like: the model's scheduler, which a grid may vary */
    static const char *const keys[] = {"name", "trace", "trace_hash", "model", "set", "replay"};
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        snprintf(field, size, "entries[%zu].%s", i, keys[k]);
        if (!json_equal(json_object_get(a, keys[k]), json_object_get(b, keys[k])))
            return "differs from the sweep's first result (the suite or its traces changed "
                   "between jobs?)";
    }
    json_t *ca = config_beside_grid(plan, json_object_get(a, "model_config"));
    json_t *cb = config_beside_grid(plan, json_object_get(b, "model_config"));
    int same = json_equal(ca, cb);
    json_decref(ca);
    json_decref(cb);
    snprintf(field, size, "entries[%zu].model_config", i);
    return same ? NULL
                : "differs from the sweep's first result beyond the grid's keys (a model "
                  "changed between jobs?)";
}

const char *sweep_merge_mismatch(const json_t *plan, const json_t *pt, const json_t *doc,
                                 const json_t *first, char *field, size_t size)
{
    snprintf(field, size, "hamm_version");
    if (!json_equal(json_object_get(doc, "hamm_version"), json_object_get(plan, "hamm_version")))
        return "not the version of hamm that planned this sweep";
    const char *why = overrides_mismatch(plan, pt, doc, field, size);
    if (why || !first)
        return why;
    snprintf(field, size, "heuristics");
    if (!json_equal(json_object_get(doc, "heuristics"), json_object_get(first, "heuristics")))
        return "differs from the sweep's first result";
    const json_t *ea = json_object_get(doc, "entries"), *eb = json_object_get(first, "entries");
    snprintf(field, size, "entries");
    if (json_array_size(ea) != json_array_size(eb))
        return "not as many as in the sweep's first result (the suite changed between jobs?)";
    for (size_t i = 0; i < json_array_size(ea); i++)
        if ((why = entry_mismatch(plan, json_array_get(ea, i), json_array_get(eb, i), i, field,
                                  size)) != NULL)
            return why;
    return NULL;
}
