/* suite_experiment_check.c - an experiment's models: the system model found like an
 * entry's, the GPU model (named, a path, or the system model's own), each configuration's
 * overrides and GPU overlay loaded at every x value when the suite loads, so a bad key
 * is reported, naming its JSON path, before anything runs.  Overrides of GPU model keys
 * ("gpu.", in a configuration's "set", the x axis or the caller's) go to the GPU model,
 * the others to the system model. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "common/json_read.h"
#include "hamm/gpu.h"
#include "suite.h"

/* The experiment's system model, with the reader at the experiment. */
static hamm_status find_system(const hamm_suite *s, suite_experiment *x, json_reader *r)
{
    hamm_status st = suite_find_model(s, HAMM_MODEL_SYSTEM, x->model, &x->model_path);
    if (st == HAMM_ERR_NOMEM)
        return json_read_nomem(r);
    if (st != HAMM_OK)
        return json_read_fail(r, "model", "no model '%s' (a name under models/, or a path "
                                          "relative to the suite)", x->model);
    return HAMM_OK;
}

/* None named: the system model's "gpu". */
static hamm_status system_gpu(const hamm_suite *s, suite_experiment *x, json_reader *r)
{
    char path[4096];
    hamm_system_config cfg;
    hamm_error sub;
    hamm_error_clear(&sub);
    if (hamm_config_load_with(&cfg, x->model_path, NULL, 0, s->models, &sub) != HAMM_OK)
        return json_read_fail(r, "model", "%s: %s%s%s", x->model_path, sub.field,
                              sub.field[0] ? ": " : "", sub.text);
    if (!hamm_config_gpu_path(&cfg, path, sizeof path))
        return json_read_fail(r, "model", "the system model '%s' names no GPU model (its "
                                          "\"gpu\" key): give the experiment a \"gpu\"",
                              x->model);
    return (x->gpu_path = suite_dup(path)) ? HAMM_OK : json_read_nomem(r);
}

/* "gpu": a path relative to the suite, or a name in gpu/ of the model path; none: the
 * system model's. */
static hamm_status find_gpu(const hamm_suite *s, suite_experiment *x, json_reader *r)
{
    if (!x->gpu)
        return system_gpu(s, x, r);
    hamm_status st = suite_find_model(s, HAMM_MODEL_GPU, x->gpu, &x->gpu_path);
    if (st == HAMM_ERR_NOMEM)
        return json_read_nomem(r);
    if (st == HAMM_OK)
        return HAMM_OK;
    if (x->gpu_path)
        return json_read_fail(r, "gpu", "cannot open %.200s", x->gpu_path);
    return json_read_fail(r, "gpu", "no GPU model '%s' (a name under models/gpu/, or a path "
                                    "relative to the suite)", x->gpu);
}

/* The caller's overrides, then configuration c's, then x value k's ("KEY=VALUE" written
 * into xset[size]), into a new array of *n; NULL: out of memory. */
static const char **experiment_sets(const suite_experiment *x, size_t c, size_t k,
                                    const char *const *sets, size_t nsets, char *xset,
                                    size_t size, size_t *n)
{
    const suite_xconfig *xc = &x->configs[c];
    const char **all = hamm_calloc_array(nsets + xc->nsets + 1, sizeof *all);
    *n = 0;
    for (size_t i = 0; all && i < nsets; i++)
        all[(*n)++] = sets[i];
    for (size_t i = 0; all && i < xc->nsets; i++)
        all[(*n)++] = xc->sets[i];
    if (all && x->x_key) {
        snprintf(xset, size, "%s=%s", x->x_key, x->x_values[k]);
        all[(*n)++] = xset;
    }
    return all;
}

hamm_status suite_experiment_config(const hamm_suite *s, const suite_experiment *x, size_t c,
                                    size_t k, const char *const *sets, size_t nsets,
                                    hamm_system_config *cfg, hamm_error *err)
{
    char xset[512];
    size_t n;
    const char **all = experiment_sets(x, c, k, sets, nsets, xset, sizeof xset, &n);
    if (!all)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(s->path), NULL, "out of memory");
    n = hamm_sets_pick(all, n, 0, all); /* the GPU model's keys are suite_experiment_gpu's */
    hamm_status st = hamm_config_load_with(cfg, x->model_path, all, n, s->models, err);
    free(all);
    return st;
}

size_t suite_experiment_gpu_points(const suite_experiment *x)
{
    return x->x_key && hamm_set_is_gpu(x->x_key) ? x->nx : 1;
}

/* Every member of `over` into `base`: objects merge key by key, anything else replaces. */
static int merge(json_t *base, json_t *over)
{
    const char *key;
    json_t *v;
    json_object_foreach(over, key, v) {
        json_t *b = json_object_get(base, key);
        if (json_is_object(b) && json_is_object(v) ? merge(b, v) != 0
                                                   : json_object_set(base, key, v) != 0)
            return -1;
    }
    return 0;
}

/* The model file with configuration c's overlay merged in, then the overrides all[n]. */
static hamm_status load_overlaid(const suite_experiment *x, size_t c, const char *const *all,
                                 size_t n, hamm_gpu_model **out, hamm_error *err)
{
    json_t *doc;
    hamm_status st = json_parse_file(x->gpu_path, JSON_PARSE_LINE, &doc, err);
    if (st == HAMM_OK)
        st = json_is_object(doc) && merge(doc, x->configs[c].gpu) == 0
                 ? hamm_gpu_model_from_json_with(out, doc, x->gpu_path, all, n, err)
                 : hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(x->gpu_path), NULL,
                                 "not a GPU model object, or out of memory");
    json_decref(doc);
    return st;
}

hamm_status suite_experiment_gpu(const suite_experiment *x, size_t c, size_t k,
                                 const char *const *sets, size_t nsets, hamm_gpu_model **out,
                                 hamm_error *err)
{
    *out = NULL;
    char xset[512];
    size_t n;
    const char **all = experiment_sets(x, c, k, sets, nsets, xset, sizeof xset, &n);
    if (!all)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    hamm_status st = x->configs[c].gpu ? load_overlaid(x, c, all, n, out, err)
                                       : hamm_gpu_model_load_with(out, x->gpu_path, all, n, err);
    free(all);
    return st;
}

/* Whether configuration c sets `key`. */
static int sets_key(const suite_xconfig *c, const char *key)
{
    size_t n = strlen(key);
    for (size_t i = 0; n && i < c->nsets; i++)
        if (strncmp(c->sets[i], key, n) == 0 && c->sets[i][n] == '=')
            return 1;
    return 0;
}

/* An error `sub` of configuration c's models at `key` below the experiment: its text
 * alone when the path names the field already, else the field too. */
static hamm_status config_fail(json_reader *r, const char *key, const hamm_error *sub)
{
    size_t old = json_read_key(r, key);
    hamm_status st = strstr(r->path, sub->field) && sub->field[0]
                         ? json_read_fail(r, NULL, "%s", sub->text)
                         : json_read_fail(r, NULL, "%s%s%s", sub->field,
                                          sub->field[0] ? ": " : "", sub->text);
    json_read_pop(r, old);
    return st;
}

/* The line of the suite behind an error `sub` of configuration c at x value k, into
 * key[size]: the x value or the configuration's "set" member that set the field the
 * error is about; 0 when it is neither. */
static int set_line(const suite_experiment *x, size_t c, size_t k, const hamm_error *sub,
                    char *key, size_t size)
{
    if (x->x_key && strcmp(sub->field, x->x_key) == 0)
        snprintf(key, size, "x.values[%zu]", k);
    else if (sets_key(&x->configs[c], sub->field)) /* a line of the suite: name it */
        snprintf(key, size, "configurations[%zu].set.%.90s", c, sub->field);
    else
        return 0;
    return 1;
}

/* Configuration c's system model at every x value (an error names the suite's line that
 * set what is wrong: an x value, or the configuration's "set"). */
static hamm_status check_sets(const hamm_suite *s, const suite_experiment *x, size_t c,
                              json_reader *r)
{
    hamm_system_config cfg;
    hamm_error sub;
    char key[160];
    for (size_t k = 0; k < (x->x_key ? x->nx : 1); k++) {
        hamm_error_clear(&sub);
        if (suite_experiment_config(s, x, c, k, NULL, 0, &cfg, &sub) == HAMM_OK)
            continue;
        if (!set_line(x, c, k, &sub, key, sizeof key))
            snprintf(key, sizeof key, "configurations[%zu].set", c);
        return config_fail(r, key, &sub);
    }
    return HAMM_OK;
}

/* Configuration c's GPU model at x value k, overlay and overrides applied, on a GPU over
 * its memory. */
static hamm_status check_gpu_at(const hamm_suite *s, const suite_experiment *x, size_t c,
                                size_t k, hamm_error *sub)
{
    hamm_system_config cfg;
    hamm_gpu_model *model = NULL;
    hamm_gpu *g = NULL;
    hamm_status st = suite_experiment_gpu(x, c, k, NULL, 0, &model, sub);
    if (st == HAMM_OK &&
        (st = suite_experiment_config(s, x, c, k, NULL, 0, &cfg, sub)) == HAMM_OK)
        st = hamm_gpu_new_with(&g, &cfg, model, 1, NULL, sub);
    hamm_gpu_free(g);
    hamm_gpu_model_free(model);
    return st;
}

/* Configuration c's GPU models (one per x value when the x axis is a GPU model key). */
static hamm_status check_gpu(const hamm_suite *s, const suite_experiment *x, size_t c,
                             json_reader *r)
{
    hamm_error sub;
    char key[160];
    for (size_t k = 0; k < suite_experiment_gpu_points(x); k++) {
        hamm_error_clear(&sub);
        if (check_gpu_at(s, x, c, k, &sub) == HAMM_OK)
            continue;
        if (strcmp(sub.source, JSON_READ_SET_SOURCE) == 0 &&
            set_line(x, c, k, &sub, key, sizeof key)) /* not the file's own key */
            return config_fail(r, key, &sub);
        if (x->configs[c].gpu)
            snprintf(key, sizeof key, "configurations[%zu].gpu", c);
        else
            snprintf(key, sizeof key, "gpu");
        return json_read_fail(r, key, "%s%s%s", sub.field, sub.field[0] ? ": " : "",
                              sub.text);
    }
    return HAMM_OK;
}

hamm_status suite_experiment_check(const hamm_suite *s, size_t i, json_reader *r)
{
    suite_experiment *x = &s->experiments[i];
    hamm_status st = find_system(s, x, r);
    if (st == HAMM_OK)
        st = find_gpu(s, x, r);
    for (size_t c = 0; st == HAMM_OK && c < x->nconfigs; c++) {
        st = check_sets(s, x, c, r);
        if (st == HAMM_OK)
            st = check_gpu(s, x, c, r);
    }
    return st;
}
