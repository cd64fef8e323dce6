/* plot_check.c - the shape of a hamm-validate/1 or hamm-sweep/1 document checked before
 * anything is written, so a field missing or of the wrong type is an error naming its JSON path
 * (entries[2].measured.dram_efficiency) rather than a silent gap in a figure. */
#include <stdio.h>
#include <string.h>

#include "common/json_read.h"
#include "plot_internal.h"

/* A JSON path being checked, and the error when a check fails. */
typedef struct walk {
    const plot_ctx *c;
    hamm_error *err;
    char path[128];
} walk;

static hamm_status wrong(walk *w, const char *key, const char *needs)
{
    char field[sizeof w->path + 64];
    snprintf(field, sizeof field, "%s%s%s", w->path, w->path[0] && key[0] ? "." : "", key);
    return hamm_error_at(w->err, HAMM_ERR_FORMAT, HAMM_IN(w->c->opt->source), field,
                         "missing, or not %s as %s needs", needs, w->c->schema);
}

/* Enter obj[key] (or element `index` when key is NULL): the path grows; returns the old
 * length, to leave with. */
static size_t enter(walk *w, const char *key, size_t index)
{
    return json_path_enter(w->path, sizeof w->path, key, index);
}

static hamm_status need_num(walk *w, const json_t *obj, const char *key)
{
    const json_t *v = json_object_get(obj, key);
    return json_is_number(v) || json_is_null(v) ? HAMM_OK
                                                : wrong(w, key, "a number (or null)");
}

/* obj[key] is an object holding a number (or null) for each heuristic. */
static hamm_status need_by_heuristic(walk *w, const json_t *obj, const char *key,
                                     const char **h, size_t nh)
{
    const json_t *o = json_object_get(obj, key);
    if (!json_is_object(o))
        return wrong(w, key, "an object of one number per heuristic");
    size_t len = enter(w, key, 0);
    hamm_status st = HAMM_OK;
    for (size_t k = 0; st == HAMM_OK && k < nh; k++)
        st = need_num(w, o, h[k]);
    w->path[len] = '\0';
    return st;
}

static hamm_status check_channel(walk *w, const json_t *ch, const char **h, size_t nh)
{
    if (!json_is_object(ch))
        return wrong(w, "", "an object");
    if (!json_is_integer(json_object_get(ch, "channel")))
        return wrong(w, "channel", "a whole number");
    hamm_status st = need_num(w, ch, "measured_dram_efficiency");
    return st == HAMM_OK ? need_by_heuristic(w, ch, "predicted", h, nh) : st;
}

static hamm_status check_entry(walk *w, const json_t *e, const char **h, size_t nh)
{
    static const char *const measured[] = {"dram_efficiency", "utilization",
                                           "row_locality_requests_per_activate"};
    if (!json_is_object(e))
        return wrong(w, "", "an object");
    if (!json_is_string(json_object_get(e, "name")))
        return wrong(w, "name", "a string");
    const json_t *m = json_object_get(e, "measured"), *chs = json_object_get(e, "channels");
    if (!json_is_object(m))
        return wrong(w, "measured", "an object");
    size_t len = enter(w, "measured", 0);
    hamm_status st = HAMM_OK;
    for (size_t i = 0; st == HAMM_OK && i < sizeof measured / sizeof *measured; i++)
        st = need_num(w, m, measured[i]);
    w->path[len] = '\0';
    if (st == HAMM_OK)
        st = need_by_heuristic(w, e, "predicted", h, nh);
    if (st == HAMM_OK)
        st = need_by_heuristic(w, e, "error_pct", h, nh);
    if (st == HAMM_OK)
        st = need_num(w, e, "predicted_row_locality_requests_per_activate");
    if (st == HAMM_OK && !json_is_array(chs))
        st = wrong(w, "channels", "an array");
    size_t i;
    const json_t *ch;
    json_array_foreach(chs, i, ch) {
        if (st != HAMM_OK)
            break;
        size_t back = enter(w, "channels", 0);
        enter(w, NULL, i);
        st = check_channel(w, ch, h, nh);
        w->path[back] = '\0';
    }
    return st;
}

hamm_status plot_validate_check(const plot_ctx *c, const json_t *doc, hamm_error *err)
{
    walk w = {c, err, ""};
    const json_t *hs = json_object_get(doc, "heuristics"), *v;
    const char *h[16];
    size_t nh = 0, i;
    if (!json_is_array(hs) || json_array_size(hs) == 0 || json_array_size(hs) > 16)
        return wrong(&w, "heuristics", "an array of 1 to 16 heuristic names");
    json_array_foreach(hs, i, v) {
        if (!json_is_string(v)) {
            snprintf(w.path, sizeof w.path, "heuristics[%zu]", i);
            return wrong(&w, "", "a heuristic name");
        }
        h[nh++] = json_string_value(v);
    }
    const json_t *entries = json_object_get(doc, "entries");
    if (!json_is_array(entries))
        return wrong(&w, "entries", "an array");
    hamm_status st = HAMM_OK;
    json_array_foreach(entries, i, v) {
        snprintf(w.path, sizeof w.path, "entries[%zu]", i);
        if ((st = check_entry(&w, v, h, nh)) != HAMM_OK)
            return st;
    }
    snprintf(w.path, sizeof w.path, "summary.per_entry");
    const json_t *per = json_object_get(json_object_get(doc, "summary"), "per_entry");
    if (!json_is_object(per))
        return wrong(&w, "", "an object");
    for (size_t k = 0; st == HAMM_OK && k < nh; k++) {
        size_t len = enter(&w, h[k], 0);
        const json_t *stats = json_object_get(per, h[k]);
        st = json_is_object(stats) ? need_num(&w, stats, "mae_pct")
                                   : wrong(&w, "", "an object of statistics");
        w.path[len] = '\0';
    }
    return st;
}

/* One point of a hamm-sweep/1 document (w->path is "points[i]"): its set names each grid
 * key, and its result has what the figures read: the MAE of each heuristic, and each
 * entry's name and error per heuristic, with every entry of the first point (`names`). */
static hamm_status check_point(walk *w, const json_t *grid, const json_t *pt, const char **h,
                               size_t nh, const json_t *first_entries)
{
    size_t i, len = strlen(w->path);
    const json_t *g, *e, *set = json_object_get(pt, "set");
    if (!json_is_object(set))
        return wrong(w, "set", "an object");
    json_array_foreach(grid, i, g) {
        const char *key = json_string_value(json_object_get(g, "key"));
        if (!json_is_string(json_object_get(set, key)))
            return enter(w, "set", 0), wrong(w, key, "a string");
    }
    const json_t *res = json_object_get(pt, "result");
    if (!json_is_object(res))
        return wrong(w, "result", "an object");
    enter(w, "result", 0);
    const json_t *per = json_object_get(json_object_get(res, "summary"), "per_entry");
    for (size_t k = 0; k < nh; k++) {
        const json_t *v = json_object_get(json_object_get(per, h[k]), "mae_pct");
        if (!json_is_number(v) && !json_is_null(v))
            return enter(w, "summary.per_entry", 0), enter(w, h[k], 0),
                   wrong(w, "mae_pct", "a number (or null)");
    }
    const json_t *entries = json_object_get(res, "entries");
    if (!json_is_array(entries))
        return wrong(w, "entries", "an array");
    hamm_status st = HAMM_OK;
    json_array_foreach(entries, i, e) {
        snprintf(w->path + len, sizeof w->path - len, ".result.entries[%zu]", i);
        if (!json_is_object(e) || !json_is_string(json_object_get(e, "name")))
            return wrong(w, "name", "a string");
        if ((st = need_by_heuristic(w, e, "error_pct", h, nh)) != HAMM_OK)
            return st;
    }
    json_array_foreach(first_entries, i, e) {
        const char *name = json_string_value(json_object_get(e, "name"));
        size_t j;
        const json_t *o;
        int found = 0;
        json_array_foreach(entries, j, o)
            found |= strcmp(json_string_value(json_object_get(o, "name")), name) == 0;
        snprintf(w->path + len, sizeof w->path - len, ".result.entries");
        if (!found)
            return hamm_error_at(w->err, HAMM_ERR_FORMAT, HAMM_IN(w->c->opt->source), w->path,
                                 "has no entry '%s', which points[0] has", name);
    }
    return HAMM_OK;
}

hamm_status plot_sweep_check(const plot_ctx *c, const json_t *doc, const char **h, size_t nh,
                             hamm_error *err)
{
    walk w = {c, err, ""};
    const json_t *grid = json_object_get(doc, "grid"), *points = json_object_get(doc, "points");
    size_t i;
    const json_t *v;
    json_array_foreach(grid, i, v) {
        snprintf(w.path, sizeof w.path, "grid[%zu]", i);
        if (!json_is_string(json_object_get(v, "key")))
            return wrong(&w, "key", "a string");
    }
    const json_t *first = json_object_get(json_object_get(json_array_get(points, 0), "result"),
                                          "entries");
    json_array_foreach(points, i, v) {
        snprintf(w.path, sizeof w.path, "points[%zu]", i);
        if (!json_is_object(v))
            return wrong(&w, "", "an object");
        hamm_status st = check_point(&w, grid, v, h, nh, i ? first : NULL);
        if (st != HAMM_OK)
            return st;
    }
    return HAMM_OK;
}
