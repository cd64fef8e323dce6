/* sweep.c - a sweep run in this process: the grid checked at every point before anything
 * runs, then validate at each point, gathered into the hamm-sweep/1 document. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamm/sweep.h"
#include "sweep_internal.h"

hamm_status hamm_sweep_suite_load(const char *path, const hamm_model_path *models,
                                  hamm_suite **out, hamm_error *err)
{
    char abs[PATH_MAX];
    if (!realpath(path, abs))
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(path), NULL, "cannot open suite");
    return hamm_suite_load(abs, models, out, err);
}

/* The sweep's sets then point i's grid values, into all[] (room for nsets + grid keys). */
static size_t point_sets(const hamm_grid *g, const char *const *sets, size_t nsets, size_t i,
                         const char **all)
{
    if (nsets > 0) /* sets may be NULL when there are none */
        memcpy(all, sets, nsets * sizeof *all);
    hamm_grid_point(g, i, all + nsets);
    return nsets + hamm_grid_keys(g);
}

/* Every point against every entry's model, into all[] as point_sets fills it. */
static hamm_status check_points(const hamm_suite *s, const hamm_grid *g,
                                const char *const *sets, size_t nsets, const char **all,
                                hamm_error *err)
{
    for (size_t i = 0; i < hamm_grid_points(g); i++) {
        size_t n = point_sets(g, sets, nsets, i, all);
        if (hamm_suite_check(s, all, n, err) != HAMM_OK)
            return err->status;
    }
    return HAMM_OK;
}

hamm_status hamm_sweep_check(const hamm_suite *s, const hamm_grid *g, const char *const *sets,
                             size_t nsets, hamm_error *err)
{
    const char **all = calloc(nsets + hamm_grid_keys(g), sizeof *all);
    if (!all)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    hamm_status st = check_points(s, g, sets, nsets, all, err);
    free(all);
    return st;
}

hamm_status hamm_sweep_validate(const hamm_suite *s, const hamm_sweep_options *o,
                                const char *what, json_t **doc, hamm_error *err)
{
    static const hamm_validate_watch none;
    const hamm_validate_watch *w = o->watch ? o->watch : &none;
    hamm_validate_options vo = {o->sets, o->nsets, o->jobs, w->progress, w->user};
    if (w->begin)
        w->begin(w->user, what);
    *doc = NULL;
    hamm_status st = hamm_validate_run(s, &vo, doc, err);
    if (w->end)
        w->end(w->user, what, st == HAMM_OK ? *doc : NULL);
    return st;
}

/* One point: the validate document as `hamm validate --json` writes it, read back, so the
 * sweep holds exactly what a job's file holds. */
static hamm_status run_point(const hamm_suite *s, const hamm_grid *g, const hamm_sweep_options *o,
                             size_t i, json_t *points, hamm_error *err)
{
    char what[64];
    snprintf(what, sizeof what, "sweep point %zu/%zu", i + 1, hamm_grid_points(g));
    json_t *doc = NULL;
    if (hamm_sweep_validate(s, o, what, &doc, err) != HAMM_OK)
        return err->status;
    char *text = hamm_json_text(doc);
    json_t *back = text ? json_loads(text, 0, NULL) : NULL;
    free(text);
    json_t *set = hamm_grid_point_json(g, i);
    json_t *pt = back && set ? sweep_point(i, set, back) : NULL;
    if (!pt || json_array_append_new(points, pt) != 0)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    return HAMM_OK;
}

/* Point i's options: the sweep's sets then the point's, in all[]. */
static hamm_status run_points(const hamm_suite *s, const hamm_grid *g,
                              const hamm_sweep_options *o, const char **all, json_t *points,
                              hamm_error *err)
{
    hamm_status st = check_points(s, g, o->sets, o->nsets, all, err);
    for (size_t i = 0; st == HAMM_OK && i < hamm_grid_points(g); i++) {
        hamm_sweep_options at = *o;
        at.sets = all;
        at.nsets = point_sets(g, o->sets, o->nsets, i, all);
        st = run_point(s, g, &at, i, points, err);
    }
    return st;
}

hamm_status hamm_sweep_run(const hamm_suite *s, const hamm_grid *g, const hamm_sweep_options *o,
                           json_t **doc, hamm_error *err)
{
    *doc = NULL;
    const char **all = calloc(o->nsets + hamm_grid_keys(g), sizeof *all);
    json_t *points = json_array();
    hamm_status st = all && points ? run_points(s, g, o, all, points, err)
                                   : hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    if (st == HAMM_OK && !(*doc = sweep_doc(hamm_suite_path(s), hamm_suite_name(s),
                                            hamm_grid_json(g), json_incref(points))))
        st = hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    json_decref(points);
    free(all);
    return st;
}
