/* suite_sweeps.c - a suite's "sweeps": the sensitivity sweeps `hamm report` runs beside
 * validate (the paper's Figures 11 to 13), each over this suite or another one, with its
 * grid checked at load. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "suite.h"

static const char *const sweep_keys[] = {"name", "suite", "grid", "with", "description", NULL};

/* An array of "KEY=V1,V2,..." strings, each added to the grid by `add`. */
static hamm_status parse_axes(hamm_suite *s, json_t *arr, const char *field, suite_sweep *w,
                              hamm_status (*add)(hamm_grid *, const char *, hamm_error *),
                              hamm_error *err)
{
    if (!json_is_array(arr) || json_array_size(arr) == 0)
        return suite_bad(err, s, field, "expects a non-empty array of \"KEY=V1,V2,...\"");
    for (size_t i = 0; i < json_array_size(arr); i++) {
        json_t *v = json_array_get(arr, i);
        char at[160];
        snprintf(at, sizeof at, "%s[%zu]", field, i);
        if (!json_is_string(v))
            return suite_bad(err, s, at, "expects a string \"KEY=V1,V2,...\"");
        hamm_error sub;
        hamm_error_clear(&sub);
        if (add(w->grid, json_string_value(v), &sub) != HAMM_OK)
            return sub.status == HAMM_ERR_NOMEM
                       ? hamm_error_at(err, sub.status, HAMM_IN(s->path), at, "out of memory")
                       : suite_bad(err, s, at, "%s", sub.text);
    }
    return HAMM_OK;
}

/* The suite a sweep runs over: the file named (relative to this suite), or this one. */
static hamm_status sweep_suite(hamm_suite *s, json_t *obj, const char *prefix, suite_sweep *w,
                               hamm_error *err)
{
    const char *rel;
    if (suite_get_str(s, obj, "suite", prefix, 0, &rel, err) != HAMM_OK)
        return err->status;
    w->suite_path = rel ? suite_resolve(s, rel) : suite_dup(s->path);
    if (!w->suite_path)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(s->path), NULL, "out of memory");
    FILE *f = fopen(w->suite_path, "r");
    if (!f) {
        char field[160];
        snprintf(field, sizeof field, "%ssuite", prefix);
        return suite_bad(err, s, field, "cannot open %.200s", w->suite_path);
    }
    fclose(f);
    return HAMM_OK;
}

static hamm_status parse_sweep(hamm_suite *s, size_t i, json_t *obj, hamm_error *err)
{
    char prefix[64], field[96];
    snprintf(prefix, sizeof prefix, "sweeps[%zu].", i);
    if (!json_is_object(obj))
        return suite_bad(err, s, prefix, "expects an object {name, grid, ...}");
    const char *name, *skip;
    if (suite_check_keys(s, obj, sweep_keys, prefix, err) != HAMM_OK ||
        suite_get_str(s, obj, "name", prefix, 1, &name, err) != HAMM_OK ||
        suite_get_str(s, obj, "description", prefix, 0, &skip, err) != HAMM_OK)
        return err->status;
    snprintf(field, sizeof field, "%sname", prefix);
    if (!suite_valid_name(name))
        return suite_bad(err, s, field, "expects letters, digits, '.', '_' or '-'");
    for (size_t k = 0; k < i; k++)
        if (strcmp(s->sweeps[k].name, name) == 0)
            return suite_bad(err, s, field, "names sweeps[%zu] too", k);
    suite_sweep *w = &s->sweeps[i];
    if (!(w->name = suite_dup(name)) || !(w->grid = hamm_grid_new()))
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(s->path), NULL, "out of memory");
    if (sweep_suite(s, obj, prefix, w, err) != HAMM_OK)
        return err->status;
    snprintf(field, sizeof field, "%sgrid", prefix);
    if (parse_axes(s, json_object_get(obj, "grid"), field, w, hamm_grid_add, err) != HAMM_OK)
        return err->status;
    json_t *with = json_object_get(obj, "with");
    snprintf(field, sizeof field, "%swith", prefix);
    return with ? parse_axes(s, with, field, w, hamm_grid_link, err) : HAMM_OK;
}

hamm_status suite_parse_sweeps(hamm_suite *s, json_t *sweeps, hamm_error *err)
{
    if (!sweeps)
        return HAMM_OK;
    if (!json_is_array(sweeps))
        return suite_bad(err, s, "sweeps", "expects an array of sweeps");
    size_t n = json_array_size(sweeps);
    if (n && !(s->sweeps = hamm_calloc_array(n, sizeof *s->sweeps)))
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(s->path), NULL, "out of memory");
    for (size_t i = 0; i < n; i++) {
        s->nsweeps = i + 1; /* so suite_free_sweeps frees what this sweep got */
        if (parse_sweep(s, i, json_array_get(sweeps, i), err) != HAMM_OK)
            return err->status;
    }
    return HAMM_OK;
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
