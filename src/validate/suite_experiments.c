/* suite_experiments.c - a suite's "experiments" (docs/SUITES.md): GPU-engine runs of a
 * few workloads under a few configurations (system-model overrides, GPU-model overlays),
 * optionally along an x axis, that `hamm report` runs and draws.  Everything is checked
 * when the suite loads; suite_experiment_check.c loads the models. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "suite.h"

static const char *const experiment_keys[] = {
    "name", "caption", "description", "model", "gpu", "workloads", "configurations", "x",
    "measure", "normalise", "mean", "ylabel", "ylog", NULL};
static const char *const config_keys[] = {"label", "set", "gpu", "description", NULL};
static const char *const x_keys[] = {"key", "values", "label", NULL};

#define bad suite_bad
#define NOMEM(s) hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN((s)->path), NULL, "out of memory")

/* A value of "set" or of an x axis: a string, or a number written as JSON writes it. */
static char *value_text(json_t *v)
{
    char num[64];
    if (json_is_string(v))
        return suite_dup(json_string_value(v));
    if (json_is_integer(v))
        snprintf(num, sizeof num, "%lld", (long long)json_integer_value(v));
    else if (json_is_real(v))
        snprintf(num, sizeof num, "%.17g", json_real_value(v));
    else
        return NULL;
    return suite_dup(num);
}

static hamm_status parse_set(const hamm_suite *s, suite_xconfig *c, json_t *set,
                             const char *prefix, hamm_error *err)
{
    char field[192];
    snprintf(field, sizeof field, "%sset", prefix);
    if (!set)
        return HAMM_OK;
    if (!json_is_object(set))
        return bad(err, s, field, "expects an object of \"KEY\": \"VALUE\"");
    if (!(c->sets = hamm_calloc_array(json_object_size(set) + 1, sizeof *c->sets)))
        return NOMEM(s);
    const char *key;
    json_t *v;
    json_object_foreach(set, key, v) {
        snprintf(field, sizeof field, "%sset.%s", prefix, key);
        char *text = value_text(v);
        if (!text)
            return json_is_string(v) || json_is_number(v)
                       ? NOMEM(s)
                       : bad(err, s, field, "expects a string or a number (e.g. \"16\")");
        size_t n = strlen(key) + strlen(text) + 2;
        char *kv = malloc(n);
        if (kv)
            snprintf(kv, n, "%s=%s", key, text);
        free(text);
        if (!kv)
            return NOMEM(s);
        c->sets[c->nsets++] = kv;
    }
    return HAMM_OK;
}

static hamm_status parse_config(const hamm_suite *s, suite_experiment *x, size_t j,
                                json_t *obj, const char *xprefix, hamm_error *err)
{
    char prefix[128], field[160];
    snprintf(prefix, sizeof prefix, "%sconfigurations[%zu]", xprefix, j);
    if (!json_is_object(obj))
        return bad(err, s, prefix, "expects an object {\"label\", \"set\", \"gpu\"}");
    strcat(prefix, ".");
    suite_xconfig *c = &x->configs[j];
    const char *label, *skip;
    if (suite_check_keys(s, obj, config_keys, prefix, err) != HAMM_OK ||
        suite_get_str(s, obj, "label", prefix, 1, &label, err) != HAMM_OK ||
        suite_get_str(s, obj, "description", prefix, 0, &skip, err) != HAMM_OK ||
        parse_set(s, c, json_object_get(obj, "set"), prefix, err) != HAMM_OK)
        return err->status;
    snprintf(field, sizeof field, "%slabel", prefix);
    for (size_t k = 0; k < j; k++)
        if (strcmp(x->configs[k].label, label) == 0)
            return bad(err, s, field, "'%s' labels configurations[%zu] too", label, k);
    if (strchr(label, '"'))
        return bad(err, s, field, "a label cannot hold '\"'");
    if (!(c->label = suite_dup(label)))
        return NOMEM(s);
    json_t *gpu = json_object_get(obj, "gpu");
    snprintf(field, sizeof field, "%sgpu", prefix);
    if (gpu && !json_is_object(gpu))
        return bad(err, s, field, "expects an object merged into the GPU model, e.g. "
                                  "{\"interconnect\": {\"hold\": \"hg\"}}");
    c->gpu = gpu ? json_deep_copy(gpu) : NULL;
    return gpu && !c->gpu ? NOMEM(s) : HAMM_OK;
}

static hamm_status parse_configs(const hamm_suite *s, suite_experiment *x, json_t *list,
                                 const char *prefix, hamm_error *err)
{
    char field[128];
    snprintf(field, sizeof field, "%sconfigurations", prefix);
    if (!json_is_array(list) || json_array_size(list) == 0)
        return bad(err, s, field, "expects a non-empty array of configurations");
    if (!(x->configs = hamm_calloc_array(json_array_size(list), sizeof *x->configs)))
        return NOMEM(s);
    for (size_t j = 0; j < json_array_size(list); j++) {
        x->nconfigs = j + 1;
        if (parse_config(s, x, j, json_array_get(list, j), prefix, err) != HAMM_OK)
            return err->status;
    }
    return HAMM_OK;
}

/* A workload's short name: its file name without the directory and ".json". */
static char *short_name(const char *path)
{
    const char *base = strrchr(path, '/');
    char *n = suite_dup(base && base[1] ? base + 1 : path);
    size_t len = n ? strlen(n) : 0;
    if (len > 5 && strcmp(n + len - 5, ".json") == 0)
        n[len - 5] = '\0';
    return n;
}

static hamm_status parse_workload(const hamm_suite *s, suite_experiment *x, size_t k,
                                  json_t *v, const char *field, hamm_error *err)
{
    if (!json_is_string(v) || !*json_string_value(v))
        return bad(err, s, field, "expects a workload file (a kernel description or an "
                                  "Accel-Sim recording), relative to the suite");
    if (!(x->workloads[k] = suite_dup(json_string_value(v))) ||
        !(x->workload_paths[k] = suite_resolve(s, x->workloads[k])) ||
        !(x->workload_names[k] = short_name(x->workloads[k])))
        return NOMEM(s);
    FILE *f = fopen(x->workload_paths[k], "r");
    if (!f)
        return bad(err, s, field, "cannot open %.200s", x->workload_paths[k]);
    fclose(f);
    for (size_t j = 0; j < k; j++)
        if (strcmp(x->workload_names[j], x->workload_names[k]) == 0)
            return bad(err, s, field, "a second workload named '%s'", x->workload_names[k]);
    return HAMM_OK;
}

static hamm_status parse_workloads(const hamm_suite *s, suite_experiment *x, json_t *list,
                                   const char *prefix, hamm_error *err)
{
    char field[128];
    snprintf(field, sizeof field, "%sworkloads", prefix);
    if (!json_is_array(list) || json_array_size(list) == 0)
        return bad(err, s, field, "expects a non-empty array of workload files");
    size_t n = json_array_size(list);
    if (!(x->workloads = hamm_calloc_array(n, sizeof *x->workloads)) ||
        !(x->workload_paths = hamm_calloc_array(n, sizeof *x->workload_paths)) ||
        !(x->workload_names = hamm_calloc_array(n, sizeof *x->workload_names)))
        return NOMEM(s);
    for (size_t k = 0; k < n; k++) {
        x->nworkloads = k + 1;
        snprintf(field, sizeof field, "%sworkloads[%zu]", prefix, k);
        if (parse_workload(s, x, k, json_array_get(list, k), field, err) != HAMM_OK)
            return err->status;
    }
    return HAMM_OK;
}

static hamm_status parse_x(const hamm_suite *s, suite_experiment *x, json_t *obj,
                           const char *xprefix, hamm_error *err)
{
    char prefix[128], field[160];
    snprintf(prefix, sizeof prefix, "%sx", xprefix);
    if (!obj)
        return HAMM_OK;
    if (!json_is_object(obj))
        return bad(err, s, prefix, "expects {\"key\": KEY, \"values\": [V1, V2, ...]}");
    strcat(prefix, ".");
    const char *key, *label;
    if (suite_check_keys(s, obj, x_keys, prefix, err) != HAMM_OK ||
        suite_get_str(s, obj, "key", prefix, 1, &key, err) != HAMM_OK ||
        suite_get_str(s, obj, "label", prefix, 0, &label, err) != HAMM_OK)
        return err->status;
    if (!(x->x_key = suite_dup(key)) || !(x->x_label = suite_dup(label ? label : key)))
        return NOMEM(s);
    json_t *values = json_object_get(obj, "values");
    snprintf(field, sizeof field, "%svalues", prefix);
    if (!json_is_array(values) || json_array_size(values) == 0)
        return bad(err, s, field, "expects a non-empty array of values");
    if (!(x->x_values = hamm_calloc_array(json_array_size(values), sizeof *x->x_values)))
        return NOMEM(s);
    for (size_t k = 0; k < json_array_size(values); k++) {
        json_t *v = json_array_get(values, k);
        snprintf(field, sizeof field, "%svalues[%zu]", prefix, k);
        x->nx = k + 1;
        if (!(json_is_string(v) || json_is_number(v)))
            return bad(err, s, field, "expects a string or a number");
        if (!(x->x_values[k] = value_text(v)))
            return NOMEM(s);
    }
    return HAMM_OK;
}

/* "measure", "mean", "normalise", "ylog": what is drawn. */
static hamm_status parse_measure(const hamm_suite *s, suite_experiment *x, json_t *obj,
                                 const char *prefix, hamm_error *err)
{
    const char *measure, *mean, *norm;
    char field[160];
    if (suite_get_str(s, obj, "measure", prefix, 0, &measure, err) != HAMM_OK ||
        suite_get_str(s, obj, "mean", prefix, 0, &mean, err) != HAMM_OK ||
        suite_get_str(s, obj, "normalise", prefix, 0, &norm, err) != HAMM_OK)
        return err->status;
    snprintf(field, sizeof field, "%smeasure", prefix);
    if (measure && (strncmp(measure, "total.", 6) != 0 || !measure[6]))
        return bad(err, s, field, "expects a field of the hamm-gpu/1 total, e.g. "
                                  "\"total.ipc\" or \"total.dram_efficiency\"");
    if (!(x->measure = suite_dup(measure ? measure : "total.ipc")))
        return NOMEM(s);
    snprintf(field, sizeof field, "%smean", prefix);
    static const char *const means[] = {"harmonic", "geometric", "arithmetic"};
    x->mean = SUITE_MEAN_HARMONIC;
    for (size_t m = 0; mean && m < 3; m++)
        if (strcmp(mean, means[m]) == 0)
            x->mean = (suite_mean)m, mean = NULL;
    if (mean)
        return bad(err, s, field, "expects \"harmonic\", \"geometric\" or \"arithmetic\"");
    x->normalise = -1;
    for (size_t j = 0; norm && j < x->nconfigs; j++)
        if (strcmp(norm, x->configs[j].label) == 0)
            x->normalise = (long)j;
    snprintf(field, sizeof field, "%snormalise", prefix);
    if (norm && x->normalise < 0)
        return bad(err, s, field, "'%s' is not the label of a configuration", norm);
    json_t *ylog = json_object_get(obj, "ylog");
    snprintf(field, sizeof field, "%sylog", prefix);
    if (ylog && !json_is_boolean(ylog))
        return bad(err, s, field, "expects true or false");
    x->ylog = json_is_true(ylog);
    return HAMM_OK;
}

static hamm_status parse_experiment(hamm_suite *s, size_t i, json_t *obj, hamm_error *err)
{
    char prefix[64], field[96];
    snprintf(prefix, sizeof prefix, "experiments[%zu]", i);
    if (!json_is_object(obj))
        return bad(err, s, prefix, "expects an object {name, model, workloads, "
                                   "configurations, ...}");
    strcat(prefix, ".");
    suite_experiment *x = &s->experiments[i];
    const char *name, *caption, *model, *gpu, *ylabel, *skip;
    if (suite_check_keys(s, obj, experiment_keys, prefix, err) != HAMM_OK ||
        suite_get_str(s, obj, "name", prefix, 1, &name, err) != HAMM_OK ||
        suite_get_str(s, obj, "caption", prefix, 0, &caption, err) != HAMM_OK ||
        suite_get_str(s, obj, "description", prefix, 0, &skip, err) != HAMM_OK ||
        suite_get_str(s, obj, "model", prefix, 1, &model, err) != HAMM_OK ||
        suite_get_str(s, obj, "gpu", prefix, 0, &gpu, err) != HAMM_OK ||
        suite_get_str(s, obj, "ylabel", prefix, 0, &ylabel, err) != HAMM_OK)
        return err->status;
    snprintf(field, sizeof field, "%sname", prefix);
    if (!suite_valid_name(name))
        return bad(err, s, field, "'%s': use letters, digits, '.', '_' and '-'", name);
    for (size_t k = 0; k < i; k++)
        if (strcmp(s->experiments[k].name, name) == 0)
            return bad(err, s, field, "'%s' names experiments[%zu] too", name, k);
    if (!(x->name = suite_dup(name)) || !(x->caption = suite_dup(caption ? caption : name)) ||
        !(x->model = suite_dup(model)) || (gpu && !(x->gpu = suite_dup(gpu))) ||
        (ylabel && !(x->ylabel = suite_dup(ylabel))))
        return NOMEM(s);
    if (parse_workloads(s, x, json_object_get(obj, "workloads"), prefix, err) != HAMM_OK ||
        parse_configs(s, x, json_object_get(obj, "configurations"), prefix, err) != HAMM_OK ||
        parse_x(s, x, json_object_get(obj, "x"), prefix, err) != HAMM_OK ||
        parse_measure(s, x, obj, prefix, err) != HAMM_OK)
        return err->status;
    return suite_experiment_check(s, i, prefix, err);
}

hamm_status suite_parse_experiments(hamm_suite *s, json_t *list, hamm_error *err)
{
    if (!list)
        return HAMM_OK;
    if (!json_is_array(list) || json_array_size(list) == 0)
        return bad(err, s, "experiments", "expects a non-empty array of experiments");
    size_t n = json_array_size(list);
    if (!(s->experiments = hamm_calloc_array(n, sizeof *s->experiments)))
        return NOMEM(s);
    for (size_t i = 0; i < n; i++) {
        s->nexperiments = i + 1; /* so suite_free_experiments frees what this one got */
        if (parse_experiment(s, i, json_array_get(list, i), err) != HAMM_OK)
            return err->status;
    }
    return HAMM_OK;
}

static void free_strings(char **v, size_t n)
{
    for (size_t i = 0; v && i < n; i++)
        free(v[i]);
    free(v);
}

void suite_free_experiments(hamm_suite *s)
{
    for (size_t i = 0; i < s->nexperiments; i++) {
        suite_experiment *x = &s->experiments[i];
        free(x->name), free(x->caption), free(x->ylabel), free(x->model);
        free(x->model_path), free(x->gpu), free(x->gpu_path), free(x->measure);
        free(x->x_key), free(x->x_label);
        free_strings(x->x_values, x->nx);
        free_strings(x->workloads, x->nworkloads);
        free_strings(x->workload_paths, x->nworkloads);
        free_strings(x->workload_names, x->nworkloads);
        for (size_t j = 0; j < x->nconfigs; j++) {
            free(x->configs[j].label);
            free_strings(x->configs[j].sets, x->configs[j].nsets);
            json_decref(x->configs[j].gpu);
        }
        free(x->configs);
    }
    free(s->experiments);
}

size_t hamm_suite_experiments(const hamm_suite *s)
{
    return s->nexperiments;
}

const char *hamm_suite_experiment_name(const hamm_suite *s, size_t i)
{
    return s->experiments[i].name;
}
