/* sweep_merge.c - the results of a sweep's emitted jobs joined into the hamm-sweep/1
 * document the sweep run in one process would have built, once every point has a result
 * that is its own: shaped as a result (sweep_shape.c), of this sweep's suite and point,
 * with the settings every point shares (sweep_merge_check.c). */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "hamm/sweep.h"
#include "sweep_internal.h"

static json_t *load_plan(const char *dir, hamm_error *err)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, HAMM_SWEEP_PLAN_FILE);
    json_error_t jerr;
    json_t *plan = json_load_file(path, JSON_REJECT_DUPLICATES, &jerr);
    const char *schema = json_string_value(json_object_get(plan, "schema"));
    if (!plan)
        hamm_error_at(err,
                      json_error_code(&jerr) == json_error_cannot_open_file ? HAMM_ERR_IO
                                                                            : HAMM_ERR_PARSE,
                      HAMM_AT_LINE(path, jerr.line > 0 ? (uint64_t)jerr.line : 0), NULL, "%s",
                      jerr.text);
    else if (!schema || strcmp(schema, HAMM_SWEEP_PLAN_SCHEMA) != 0)
        hamm_error_at(err, HAMM_ERR_FORMAT, HAMM_IN(path), "schema",
                      "not a " HAMM_SWEEP_PLAN_SCHEMA " plan");
    else if (sweep_plan_shape(plan, path, err) == HAMM_OK)
        return plan;
    json_decref(plan);
    return NULL;
}

/* Why `doc`, shaped as a result should be, is not the result of plan point `pt` (NULL
 * when it is): a result of this sweep names the plan's suite and holds the point's
 * overrides.  `field` gets the JSON path. */
static const char *point_mismatch(const json_t *plan, const json_t *pt, const json_t *doc,
                                  const json_t *first, char *field, size_t size)
{
    const json_t *want = json_object_get(plan, "suite"), *got = json_object_get(doc, "suite");
    const json_t *over = json_object_get(doc, "overrides");
    static const char *const keys[] = {"path", "name"};
    for (int i = 0; i < 2; i++) {
        snprintf(field, size, "suite.%s", keys[i]);
        if (!json_equal(json_object_get(got, keys[i]), json_object_get(want, keys[i])))
            return "not this sweep's suite (a result of another sweep?)";
    }
    const char *key;
    const json_t *v;
    json_object_foreach((json_t *)json_object_get(pt, "set"), key, v) {
        snprintf(field, size, "overrides.%s", key);
        if (!json_equal(json_object_get(over, key), v))
            return "not this point's value (a result of another sweep or point?)";
    }
    return sweep_merge_mismatch(plan, pt, doc, first, field, size);
}

/* Why the result `doc` read from `path` (NULL: jerr says why not) is not plan point pt's,
 * into *why: not a result, not shaped as one, or not this point's; HAMM_OK when it is. */
static hamm_status result_fault(const char *path, const json_t *doc, const json_error_t *jerr,
                        const json_t *plan, const json_t *pt, const json_t *first,
                        hamm_error *why)
{
    const char *schema = json_string_value(json_object_get(doc, "schema"));
    if (!doc)
        return hamm_error_at(why, HAMM_ERR_PARSE,
                             HAMM_AT(path, jerr->line > 0 ? (uint64_t)jerr->line : 0,
                                     jerr->column > 0 ? (uint64_t)jerr->column : 0,
                                     (uint64_t)jerr->position),
                             NULL, "not a " HAMM_VALIDATE_SCHEMA " result: %s", jerr->text);
    if (!schema || strcmp(schema, HAMM_VALIDATE_SCHEMA) != 0)
        return hamm_error_at(why, HAMM_ERR_FORMAT, HAMM_IN(path), "schema",
                             "not a " HAMM_VALIDATE_SCHEMA " result");
    if (sweep_result_shape(doc, path, why) != HAMM_OK)
        return why->status;
    char field[sizeof why->field];
    const char *bad = point_mismatch(plan, pt, doc, first, field, sizeof field);
    return bad ? hamm_error_at(why, HAMM_ERR_FORMAT, HAMM_IN(path), field, "%s", bad)
               : HAMM_OK;
}

/* Whether the plan's `name` for a result is a plain file name of the jobs directory: no
 * '/', not "." or "..", so that a plan names nothing outside it. */
static int plain_name(const char *name)
{
    return name && name[0] && !strchr(name, '/') && strcmp(name, ".") != 0 &&
           strcmp(name, "..") != 0;
}

/* The result of point i of the plan, or NULL after telling `problem` why (*missing set
 * when there is none); `first` is the first result loaded (NULL: none yet), which every
 * other must agree with. */
static json_t *load_point(const char *dir, const json_t *plan, size_t i, const json_t *first,
                          hamm_sweep_problem_fn problem, void *user, int *missing)
{
    const json_t *pt = json_array_get(json_object_get(plan, "points"), i);
    const char *name = json_string_value(json_object_get(pt, "output"));
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, name ? name : "?");
    json_error_t jerr;
    hamm_error why;
    hamm_error_clear(&why);
    json_t *doc = NULL;
    if (!plain_name(name))
        hamm_error_at(&why, HAMM_ERR_FORMAT, HAMM_IN(path), NULL,
                      "not a " HAMM_VALIDATE_SCHEMA " result: the plan names no file of "
                      "its directory");
    else if (!(doc = json_load_file(path, 0, &jerr)) &&
             json_error_code(&jerr) == json_error_cannot_open_file)
        *missing = 1;
    else if (result_fault(path, doc, &jerr, plan, pt, first, &why) == HAMM_OK)
        return doc;
    if (*missing)
        hamm_error_at(&why, HAMM_ERR_IO, HAMM_IN(path), NULL, "no result");
    hamm_sweep_problem p = {i, path, json_string_value(json_object_get(pt, "command")),
                            *missing, &why};
    if (problem)
        problem(user, &p);
    json_decref(doc);
    return NULL;
}

/* Every point's result into `points` (NULL when out of memory: the caller says so), or
 * an error that counts the points whose result is missing or bad. */
static hamm_status merge_points(const char *dir, const json_t *plan, json_t *points,
                                hamm_sweep_problem_fn problem, void *user, hamm_error *err)
{
    const json_t *plan_points = json_object_get(plan, "points");
    size_t i, missing = 0, bad = 0;
    json_t *pt, *first = NULL;
    json_array_foreach(plan_points, i, pt) {
        int miss = 0;
        json_t *result = load_point(dir, plan, i, first, problem, user, &miss);
        if (result && !first)
            first = json_incref(result);
        missing += miss;
        bad += !result && !miss;
        json_t *entry = result ? sweep_point(i, json_incref(json_object_get(pt, "set")), result)
                               : NULL;
        if (entry && points)
            json_array_append_new(points, entry);
        else
            json_decref(entry);
    }
    json_decref(first);
    if (missing || bad)
        return hamm_error_set(err, HAMM_ERR_FORMAT,
                              "merge: %zu of %zu jobs have no result, %zu a bad one; "
                              "nothing written", missing, json_array_size(plan_points), bad);
    return HAMM_OK;
}

hamm_status hamm_sweep_merge(const char *dir, hamm_sweep_problem_fn problem, void *user,
                             json_t **doc, hamm_error *err)
{
    *doc = NULL;
    json_t *plan = load_plan(dir, err);
    if (!plan)
        return err->status;
    json_t *points = json_array();
    hamm_status st = merge_points(dir, plan, points, problem, user, err);
    const json_t *suite = json_object_get(plan, "suite");
    if (st == HAMM_OK &&
        !(*doc = points ? sweep_doc(json_string_value(json_object_get(suite, "path")),
                                    json_string_value(json_object_get(suite, "name")),
                                    json_incref(json_object_get(plan, "grid")), points)
                        : NULL))
        st = hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    else if (st != HAMM_OK)
        json_decref(points);
    json_decref(plan);
    return st;
}

hamm_status hamm_sweep_merge_inputs(const char *dir, hamm_input_set *set, hamm_error *err)
{
    json_t *plan = load_plan(dir, err);
    if (!plan)
        return err->status;
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, HAMM_SWEEP_PLAN_FILE);
    hamm_status st = hamm_input_set_add(set, path, "the sweep's plan", err);
    size_t i;
    json_t *pt;
    json_array_foreach(json_object_get(plan, "points"), i, pt) {
        const char *name = json_string_value(json_object_get(pt, "output"));
        if (st != HAMM_OK || !plain_name(name))
            continue; /* the merge names a bad one */
        snprintf(path, sizeof path, "%s/%s", dir, name);
        st = hamm_input_set_add(set, path, "a point's result", err);
    }
    json_decref(plan);
    return st;
}
