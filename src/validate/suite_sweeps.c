/* suite_sweeps.c - a suite's "sweeps": the sensitivity sweeps `hamm report` runs beside
 * validate (the paper's Figures 11 to 13), each over this suite or another one, with its
 * grid checked at load (the reader of common/json_read.h naming each error's path). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "suite.h"

static const char *const sweep_keys[] = {"name", "suite", "grid", "with", "description", NULL};

/* An array of "KEY=V1,V2,..." strings at `key`, each added to the grid by `add`. */
static hamm_status parse_axes(json_t *arr, const char *key, suite_sweep *w,
                              hamm_status (*add)(hamm_grid *, const char *, hamm_error *),
                              json_reader *r)
{
    if (!json_is_array(arr) || json_array_size(arr) == 0)
        return json_read_fail(r, key, "expects a non-empty array of \"KEY=V1,V2,...\"");
    hamm_status st = HAMM_OK;
    size_t top = json_read_key(r, key);
    for (size_t i = 0; st == HAMM_OK && i < json_array_size(arr); i++) {
        json_t *v = json_array_get(arr, i);
        size_t at = json_read_index(r, i);
        hamm_error sub;
        hamm_error_clear(&sub);
        if (!json_is_string(v))
            st = json_read_fail(r, NULL, "expects a string \"KEY=V1,V2,...\"");
        else if (add(w->grid, json_string_value(v), &sub) != HAMM_OK)
            st = sub.status == HAMM_ERR_NOMEM
                     ? hamm_error_at(r->err, sub.status, HAMM_IN(r->source), r->path,
                                     "out of memory")
                     : json_read_fail(r, NULL, "%s", sub.text);
        json_read_pop(r, at);
    }
    json_read_pop(r, top);
    return st;
}

/* The suite a sweep runs over: the file named (relative to this suite), or this one. */
static hamm_status sweep_suite(hamm_suite *s, json_t *obj, suite_sweep *w, json_reader *r)
{
    const char *rel;
    hamm_status st = json_read_str(r, obj, "suite", 0, &rel);
    if (st != HAMM_OK)
        return st;
    w->suite_path = rel ? suite_resolve(s, rel) : suite_dup(s->path);
    if (!w->suite_path)
        return json_read_nomem(r);
    FILE *f = fopen(w->suite_path, "r");
    if (!f)
        return json_read_fail(r, "suite", "cannot open %.200s", w->suite_path);
    fclose(f);
    return HAMM_OK;
}

/* Each point runs the whole suite (`hamm report` checks every point's models first):
 * the count is the product of the axes' lengths, never enumerated. */
static hamm_status grid_bounded(const hamm_grid *g, json_reader *r)
{
    size_t points = hamm_grid_points(g);
    if (points <= HAMM_GRID_MAX_POINTS)
        return HAMM_OK;
    char count[48];
    snprintf(count, sizeof count, points == SIZE_MAX ? "more than 2^64" : "%zu", points);
    return json_read_fail(r, "grid", "has %s points (the product of its axes' lengths); a "
                                     "sweep has at most %d",
                          count, HAMM_GRID_MAX_POINTS);
}

static hamm_status parse_sweep(hamm_suite *s, size_t i, json_t *obj, json_reader *r)
{
    if (!json_is_object(obj))
        return json_read_fail(r, NULL, "expects an object {name, grid, ...}");
    const char *name, *skip;
    hamm_status st = json_read_known(r, obj, sweep_keys, NULL);
    if (st == HAMM_OK)
        st = json_read_str(r, obj, "name", 1, &name);
    if (st == HAMM_OK)
        st = json_read_str(r, obj, "description", 0, &skip);
    if (st != HAMM_OK)
        return st;
    if (!suite_valid_name(name))
        return json_read_fail(r, "name", "expects letters, digits, '.', '_' or '-'");
    for (size_t k = 0; k < i; k++)
        if (strcmp(s->sweeps[k].name, name) == 0)
            return json_read_fail(r, "name", "names sweeps[%zu] too", k);
    suite_sweep *w = &s->sweeps[i];
    if (!(w->name = suite_dup(name)) || !(w->grid = hamm_grid_new()))
        return json_read_nomem(r);
    if ((st = sweep_suite(s, obj, w, r)) != HAMM_OK)
        return st;
    if ((st = parse_axes(json_object_get(obj, "grid"), "grid", w, hamm_grid_add, r)) != HAMM_OK)
        return st;
    json_t *with = json_object_get(obj, "with");
    if (with && (st = parse_axes(with, "with", w, hamm_grid_link, r)) != HAMM_OK)
        return st;
    return grid_bounded(w->grid, r);
}

hamm_status suite_parse_sweeps(hamm_suite *s, json_t *sweeps, json_reader *r)
{
    if (!sweeps)
        return HAMM_OK;
    if (!json_is_array(sweeps))
        return json_read_fail(r, "sweeps", "expects an array of sweeps");
    size_t n = json_array_size(sweeps);
    if (n && !(s->sweeps = hamm_calloc_array(n, sizeof *s->sweeps)))
        return json_read_nomem(r);
    hamm_status st = HAMM_OK;
    size_t top = json_read_key(r, "sweeps");
    for (size_t i = 0; st == HAMM_OK && i < n; i++) {
        s->nsweeps = i + 1; /* so suite_free_sweeps frees what this sweep got */
        size_t at = json_read_index(r, i);
        st = parse_sweep(s, i, json_array_get(sweeps, i), r);
        json_read_pop(r, at);
    }
    json_read_pop(r, top);
    return st;
}

void suite_free_sweeps(hamm_suite *s)
{
    for (size_t i = 0; i < s->nsweeps; i++) {
        free(s->sweeps[i].name);
        free(s->sweeps[i].suite_path);
        hamm_grid_free(s->sweeps[i].grid);
    }
    free(s->sweeps);
}

size_t hamm_suite_sweeps(const hamm_suite *s)
{
    return s->nsweeps;
}

const char *hamm_suite_sweep_name(const hamm_suite *s, size_t i)
{
    return s->sweeps[i].name;
}

const char *hamm_suite_sweep_suite(const hamm_suite *s, size_t i)
{
    return s->sweeps[i].suite_path;
}

const hamm_grid *hamm_suite_sweep_grid(const hamm_suite *s, size_t i)
{
    return s->sweeps[i].grid;
}
