/* suite_experiment_check.c - an experiment's models: the system model found like an
 * entry's, the GPU model (named, a path, or the system model's own), each configuration's
 * overrides and GPU overlay loaded at every x value when the suite loads, so a bad key
 * is reported, naming its JSON path, before anything runs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/alloc.h"
#include "hamm/gpu.h"
#include "suite.h"

#define bad suite_bad
#define NOMEM(s) hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN((s)->path), NULL, "out of memory")

static int is_path(const char *name)
{
    size_t n = strlen(name);
    return strchr(name, '/') || (n > 5 && strcmp(name + n - 5, ".json") == 0);
}

static hamm_status find_system(const hamm_suite *s, suite_experiment *x, const char *prefix,
                               hamm_error *err)
{
    char *want = is_path(x->model) ? suite_resolve(s, x->model) : suite_dup(x->model);
    char found[4096], field[160];
    hamm_error sub;
    hamm_error_clear(&sub);
    hamm_status st = want ? hamm_config_find(want, s->models, found, sizeof found, &sub)
                          : HAMM_ERR_NOMEM;
    free(want);
    snprintf(field, sizeof field, "%smodel", prefix);
    if (st == HAMM_ERR_NOMEM)
        return NOMEM(s);
    if (st != HAMM_OK)
        return bad(err, s, field, "no model '%s' (a name under models/, or a path relative "
                                  "to the suite)", x->model);
    return (x->model_path = suite_dup(found)) ? HAMM_OK : NOMEM(s);
}

/* "gpu": a path relative to the suite, or gpu/NAME.json in the model path; none: the
 * system model's "gpu". */
static hamm_status find_gpu(const hamm_suite *s, suite_experiment *x, const char *prefix,
                            hamm_error *err)
{
    char path[4096], field[160];
    snprintf(field, sizeof field, "%s%s", prefix, x->gpu ? "gpu" : "model");
    if (!x->gpu) {
        hamm_system_config cfg;
        hamm_error sub;
        hamm_error_clear(&sub);
        if (hamm_config_load_with(&cfg, x->model_path, NULL, 0, s->models, &sub) != HAMM_OK)
            return bad(err, s, field, "%s: %s%s%s", x->model_path, sub.field,
                       sub.field[0] ? ": " : "", sub.text);
        if (!hamm_config_gpu_path(&cfg, path, sizeof path))
            return bad(err, s, field, "the system model '%s' names no GPU model (its \"gpu\" "
                                      "key): give the experiment a \"gpu\"", x->model);
        return (x->gpu_path = suite_dup(path)) ? HAMM_OK : NOMEM(s);
    }
    if (is_path(x->gpu)) {
        x->gpu_path = suite_resolve(s, x->gpu);
        if (x->gpu_path && access(x->gpu_path, R_OK) != 0)
            return bad(err, s, field, "cannot open %.200s", x->gpu_path);
        return x->gpu_path ? HAMM_OK : NOMEM(s);
    }
    for (size_t i = 0; s->models && i < s->models->count; i++) {
        int n = snprintf(path, sizeof path, "%s/gpu/%s.json", s->models->dirs[i], x->gpu);
        if (n > 0 && (size_t)n < sizeof path && access(path, R_OK) == 0)
            return (x->gpu_path = suite_dup(path)) ? HAMM_OK : NOMEM(s);
    }
    return bad(err, s, field, "no GPU model '%s' (a name under models/gpu/, or a path "
                              "relative to the suite)", x->gpu);
}

hamm_status suite_experiment_config(const hamm_suite *s, const suite_experiment *x, size_t c,
                                    size_t k, const char *const *sets, size_t nsets,
                                    hamm_system_config *cfg, hamm_error *err)
{
    const suite_xconfig *xc = &x->configs[c];
    const char **all = hamm_calloc_array(nsets + xc->nsets + 1, sizeof *all);
    char xset[512];
    if (!all)
        return NOMEM(s);
    size_t n = 0;
    for (size_t i = 0; i < nsets; i++)
        all[n++] = sets[i];
    for (size_t i = 0; i < xc->nsets; i++)
        all[n++] = xc->sets[i];
    if (x->x_key) {
        snprintf(xset, sizeof xset, "%s=%s", x->x_key, x->x_values[k]);
        all[n++] = xset;
    }
    hamm_status st = hamm_config_load_with(cfg, x->model_path, all, n, s->models, err);
    free(all);
    return st;
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

static hamm_status write_temp(const hamm_suite *s, json_t *doc, char *out, size_t size,
                              hamm_error *err)
{
    const char *dir = getenv("TMPDIR");
    snprintf(out, size, "%s/hamm-gpu-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(out);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    int ok = f && json_dumpf(doc, f, JSON_INDENT(1)) == 0;
    if (f && fclose(f) != 0)
        ok = 0;
    else if (!f && fd >= 0)
        close(fd);
    if (!ok && fd >= 0)
        unlink(out);
    return ok ? HAMM_OK
              : hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(s->path), NULL,
                              "cannot write a temporary GPU model in %s", dir ? dir : "/tmp");
}

hamm_status suite_experiment_gpu(const hamm_suite *s, const suite_experiment *x, size_t c,
                                 char *out, size_t size, int *temp, hamm_error *err)
{
    *temp = 0;
    if (!x->configs[c].gpu) {
        snprintf(out, size, "%s", x->gpu_path);
        return HAMM_OK;
    }
    json_error_t jerr;
    json_t *doc = json_load_file(x->gpu_path, JSON_REJECT_DUPLICATES, &jerr);
    if (!doc)
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_AT_LINE(x->gpu_path, jerr.line), NULL,
                             "%s", jerr.text);
    hamm_status st = json_is_object(doc) && merge(doc, x->configs[c].gpu) == 0
                         ? write_temp(s, doc, out, size, err)
                         : hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(x->gpu_path), NULL,
                                         "not a GPU model object, or out of memory");
    json_decref(doc);
    *temp = st == HAMM_OK;
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

/* Configuration c's system model at every x value; then its GPU model on a GPU. */
static hamm_status check_config(const hamm_suite *s, const suite_experiment *x, size_t c,
                                const char *prefix, hamm_error *err)
{
    hamm_system_config cfg;
    hamm_error sub;
    char field[192], gpu[4096];
    for (size_t k = 0; k < (x->x_key ? x->nx : 1); k++) {
        hamm_error_clear(&sub);
        if (suite_experiment_config(s, x, c, k, NULL, 0, &cfg, &sub) == HAMM_OK)
            continue;
        if (x->x_key && strcmp(sub.field, x->x_key) == 0)
            snprintf(field, sizeof field, "%sx.values[%zu]", prefix, k);
        else if (sets_key(&x->configs[c], sub.field)) /* a line of the suite: name it */
            snprintf(field, sizeof field, "%sconfigurations[%zu].set.%.90s", prefix, c,
                     sub.field);
        else
            snprintf(field, sizeof field, "%sconfigurations[%zu].set", prefix, c);
        if (strstr(field, sub.field) && sub.field[0])
            return bad(err, s, field, "%s", sub.text);
        return bad(err, s, field, "%s%s%s", sub.field, sub.field[0] ? ": " : "", sub.text);
    }
    int temp = 0;
    hamm_gpu *g = NULL;
    hamm_error_clear(&sub);
    hamm_status st = suite_experiment_gpu(s, x, c, gpu, sizeof gpu, &temp, &sub);
    if (st == HAMM_OK && suite_experiment_config(s, x, c, 0, NULL, 0, &cfg, &sub) == HAMM_OK)
        st = hamm_gpu_new(&g, &cfg, gpu, 1, NULL, &sub);
    hamm_gpu_free(g);
    if (temp)
        unlink(gpu);
    if (st == HAMM_OK)
        return HAMM_OK;
    snprintf(field, sizeof field, "%s%s", prefix, "gpu");
    if (x->configs[c].gpu)
        snprintf(field, sizeof field, "%sconfigurations[%zu].gpu", prefix, c);
    return bad(err, s, field, "%s%s%s", sub.field, sub.field[0] ? ": " : "", sub.text);
}

hamm_status suite_experiment_check(const hamm_suite *s, size_t i, const char *prefix,
                                   hamm_error *err)
{
    suite_experiment *x = &s->experiments[i];
    if (find_system(s, x, prefix, err) != HAMM_OK || find_gpu(s, x, prefix, err) != HAMM_OK)
        return err->status;
    for (size_t c = 0; c < x->nconfigs; c++)
        if (check_config(s, x, c, prefix, err) != HAMM_OK)
            return err->status;
    return HAMM_OK;
}
