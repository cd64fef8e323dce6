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

/* Each "KEY": VALUE of "set" as "KEY=VALUE", with the reader at "set". */
static hamm_status parse_set_values(suite_xconfig *c, json_t *set, json_reader *r)
{
    const char *key;
    json_t *v;
    json_object_foreach(set, key, v) {
        char *text = value_text(v);
        if (!text)
            return json_is_string(v) || json_is_number(v)
                       ? json_read_nomem(r)
                       : json_read_fail(r, key, "expects a string or a number (e.g. \"16\")");
        size_t n = strlen(key) + strlen(text) + 2;
        char *kv = malloc(n);
        if (kv)
            snprintf(kv, n, "%s=%s", key, text);
        free(text);
        if (!kv)
            return json_read_nomem(r);
        c->sets[c->nsets++] = kv;
    }
    return HAMM_OK;
}

static hamm_status parse_set(suite_xconfig *c, json_t *set, json_reader *r)
{
    if (!set)
        return HAMM_OK;
    if (!json_is_object(set))
        return json_read_fail(r, "set", "expects an object of \"KEY\": \"VALUE\"");
    if (!(c->sets = hamm_calloc_array(json_object_size(set) + 1, sizeof *c->sets)))
        return json_read_nomem(r);
    size_t top = json_read_key(r, "set");
    hamm_status st = parse_set_values(c, set, r);
    json_read_pop(r, top);
    return st;
}

/* Configuration j, with the reader at it. */
static hamm_status parse_config(suite_experiment *x, size_t j, json_t *obj, json_reader *r)
{
    if (!json_is_object(obj))
        return json_read_fail(r, NULL, "expects an object {\"label\", \"set\", \"gpu\"}");
    suite_xconfig *c = &x->configs[j];
    const char *label, *skip;
    hamm_status st = json_read_known(r, obj, config_keys, NULL);
    if (st == HAMM_OK)
        st = json_read_str(r, obj, "label", 1, &label);
    if (st == HAMM_OK)
        st = json_read_str(r, obj, "description", 0, &skip);
    if (st == HAMM_OK)
        st = parse_set(c, json_object_get(obj, "set"), r);
    if (st != HAMM_OK)
        return st;
    for (size_t k = 0; k < j; k++)
        if (strcmp(x->configs[k].label, label) == 0)
            return json_read_fail(r, "label", "'%s' labels configurations[%zu] too", label, k);
    if (strchr(label, '"'))
        return json_read_fail(r, "label", "a label cannot hold '\"'");
    if (!(c->label = suite_dup(label)))
        return json_read_nomem(r);
    json_t *gpu = json_object_get(obj, "gpu");
    if (gpu && !json_is_object(gpu))
        return json_read_fail(r, "gpu", "expects an object merged into the GPU model, e.g. "
                                        "{\"interconnect\": {\"hold\": \"hg\"}}");
    c->gpu = gpu ? json_deep_copy(gpu) : NULL;
    return gpu && !c->gpu ? json_read_nomem(r) : HAMM_OK;
}

static hamm_status parse_configs(suite_experiment *x, json_t *list, json_reader *r)
{
    if (!json_is_array(list) || json_array_size(list) == 0)
        return json_read_fail(r, "configurations", "expects a non-empty array of configurations");
    if (!(x->configs = hamm_calloc_array(json_array_size(list), sizeof *x->configs)))
        return json_read_nomem(r);
    hamm_status st = HAMM_OK;
    size_t top = json_read_key(r, "configurations");
    for (size_t j = 0; st == HAMM_OK && j < json_array_size(list); j++) {
        x->nconfigs = j + 1;
        size_t at = json_read_index(r, j);
        st = parse_config(x, j, json_array_get(list, j), r);
        json_read_pop(r, at);
    }
    json_read_pop(r, top);
    return st;
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

/* Workload k, with the reader at it. */
static hamm_status parse_workload(const hamm_suite *s, suite_experiment *x, size_t k,
                                  json_t *v, json_reader *r)
{
    if (!json_is_string(v) || !*json_string_value(v))
        return json_read_fail(r, NULL, "expects a workload file (a kernel description or an "
                                       "Accel-Sim recording), relative to the suite");
    if (!(x->workloads[k] = suite_dup(json_string_value(v))) ||
        !(x->workload_paths[k] = suite_resolve(s, x->workloads[k])) ||
        !(x->workload_names[k] = short_name(x->workloads[k])))
        return json_read_nomem(r);
    FILE *f = fopen(x->workload_paths[k], "r");
    if (!f)
        return json_read_fail(r, NULL, "cannot open %.200s", x->workload_paths[k]);
    fclose(f);
    for (size_t j = 0; j < k; j++)
        if (strcmp(x->workload_names[j], x->workload_names[k]) == 0)
            return json_read_fail(r, NULL, "a second workload named '%s'",
                                  x->workload_names[k]);
    return HAMM_OK;
}

static hamm_status parse_workloads(const hamm_suite *s, suite_experiment *x, json_t *list,
                                   json_reader *r)
{
    if (!json_is_array(list) || json_array_size(list) == 0)
        return json_read_fail(r, "workloads", "expects a non-empty array of workload files");
    size_t n = json_array_size(list);
    if (!(x->workloads = hamm_calloc_array(n, sizeof *x->workloads)) ||
        !(x->workload_paths = hamm_calloc_array(n, sizeof *x->workload_paths)) ||
        !(x->workload_names = hamm_calloc_array(n, sizeof *x->workload_names)))
        return json_read_nomem(r);
    hamm_status st = HAMM_OK;
    size_t top = json_read_key(r, "workloads");
    for (size_t k = 0; st == HAMM_OK && k < n; k++) {
        x->nworkloads = k + 1;
        size_t at = json_read_index(r, k);
        st = parse_workload(s, x, k, json_array_get(list, k), r);
        json_read_pop(r, at);
    }
    json_read_pop(r, top);
    return st;
}

/* The x axis's values, with the reader at "x". */
static hamm_status parse_x_values(suite_experiment *x, json_t *values, json_reader *r)
{
    if (!json_is_array(values) || json_array_size(values) == 0)
        return json_read_fail(r, "values", "expects a non-empty array of values");
    if (!(x->x_values = hamm_calloc_array(json_array_size(values), sizeof *x->x_values)))
        return json_read_nomem(r);
    for (size_t k = 0; k < json_array_size(values); k++) {
        json_t *v = json_array_get(values, k);
        x->nx = k + 1;
        if (json_is_string(v) || json_is_number(v)) {
            if (!(x->x_values[k] = value_text(v)))
                return json_read_nomem(r);
            continue;
        }
        size_t top = json_read_key(r, "values");
        json_read_index(r, k);
        hamm_status st = json_read_fail(r, NULL, "expects a string or a number");
        json_read_pop(r, top);
        return st;
    }
    return HAMM_OK;
}

static hamm_status parse_x(suite_experiment *x, json_t *obj, json_reader *r)
{
    if (!obj)
        return HAMM_OK;
    if (!json_is_object(obj))
        return json_read_fail(r, "x", "expects {\"key\": KEY, \"values\": [V1, V2, ...]}");
    size_t top = json_read_key(r, "x");
    const char *key, *label;
    hamm_status st = json_read_known(r, obj, x_keys, NULL);
    if (st == HAMM_OK)
        st = json_read_str(r, obj, "key", 1, &key);
    if (st == HAMM_OK)
        st = json_read_str(r, obj, "label", 0, &label);
    if (st == HAMM_OK &&
        (!(x->x_key = suite_dup(key)) || !(x->x_label = suite_dup(label ? label : key))))
        st = json_read_nomem(r);
    if (st == HAMM_OK)
        st = parse_x_values(x, json_object_get(obj, "values"), r);
    json_read_pop(r, top);
    return st;
}

/* The length of the array at `key` of `obj` (1 when it is not an array: its parse says
 * what is wrong). */
static size_t array_length(json_t *obj, const char *key)
{
    json_t *a = json_is_object(obj) ? json_object_get(obj, key) : NULL;
    return json_is_array(a) && json_array_size(a) ? json_array_size(a) : 1;
}

/* The runs it asks for, each a GPU simulation (and each x value's models checked at load),
 * counted from the arrays' lengths before any is read: refused above
 * HAMM_EXPERIMENT_MAX_RUNS, naming the counts. */
static hamm_status runs_bounded(json_t *obj, json_reader *r)
{
    const size_t most = HAMM_EXPERIMENT_MAX_RUNS;
    size_t values = array_length(json_object_get(obj, "x"), "values");
    size_t configs = array_length(obj, "configurations");
    size_t workloads = array_length(obj, "workloads");
    if (configs <= most && workloads <= most / configs && values <= most / configs / workloads)
        return HAMM_OK;
    return json_read_fail(r, NULL, "asks for %zu x value%s x %zu configuration%s x %zu "
                                   "workload%s = %.0f GPU runs; an experiment runs at most %zu",
                          values, values == 1 ? "" : "s", configs, configs == 1 ? "" : "s",
                          workloads, workloads == 1 ? "" : "s",
                          (double)values * (double)configs * (double)workloads, most);
}

/* "mean" and "normalise": how the configurations are summed up. */
static hamm_status parse_mean(suite_experiment *x, const char *mean, const char *norm,
                              json_reader *r)
{
    static const char *const means[] = {"harmonic", "geometric", "arithmetic"};
    x->mean = SUITE_MEAN_HARMONIC;
    for (size_t m = 0; mean && m < 3; m++)
        if (strcmp(mean, means[m]) == 0)
            x->mean = (suite_mean)m, mean = NULL;
    if (mean)
        return json_read_fail(r, "mean", "expects \"harmonic\", \"geometric\" or \"arithmetic\"");
    x->normalise = -1;
    for (size_t j = 0; norm && j < x->nconfigs; j++)
        if (strcmp(norm, x->configs[j].label) == 0)
            x->normalise = (long)j;
    if (norm && x->normalise < 0)
        return json_read_fail(r, "normalise", "'%s' is not the label of a configuration", norm);
    return HAMM_OK;
}

/* "measure", "mean", "normalise", "ylog": what is drawn. */
static hamm_status parse_measure(suite_experiment *x, json_t *obj, json_reader *r)
{
    const char *measure, *mean, *norm;
    hamm_status st = json_read_str(r, obj, "measure", 0, &measure);
    if (st == HAMM_OK)
        st = json_read_str(r, obj, "mean", 0, &mean);
    if (st == HAMM_OK)
        st = json_read_str(r, obj, "normalise", 0, &norm);
    if (st != HAMM_OK)
        return st;
    if (measure && (strncmp(measure, "total.", 6) != 0 || !measure[6]))
        return json_read_fail(r, "measure", "expects a field of the hamm-gpu/1 total, e.g. "
                                            "\"total.ipc\" or \"total.dram_efficiency\"");
    if (!(x->measure = suite_dup(measure ? measure : "total.ipc")))
        return json_read_nomem(r);
    if ((st = parse_mean(x, mean, norm, r)) != HAMM_OK)
        return st;
    return json_read_bool(r, obj, "ylog", 0, &x->ylog);
}

/* The experiment's own strings: name, caption, model, gpu, ylabel. */
static hamm_status parse_names(hamm_suite *s, size_t i, json_t *obj, json_reader *r)
{
    suite_experiment *x = &s->experiments[i];
    const char *name, *caption, *model, *gpu, *ylabel, *skip;
    hamm_status st = json_read_known(r, obj, experiment_keys, NULL);
    if (st == HAMM_OK)
        st = json_read_str(r, obj, "name", 1, &name);
    if (st == HAMM_OK)
        st = json_read_str(r, obj, "caption", 0, &caption);
    if (st == HAMM_OK)
        st = json_read_str(r, obj, "description", 0, &skip);
    if (st == HAMM_OK)
        st = json_read_str(r, obj, "model", 1, &model);
    if (st == HAMM_OK)
        st = json_read_str(r, obj, "gpu", 0, &gpu);
    if (st == HAMM_OK)
        st = json_read_str(r, obj, "ylabel", 0, &ylabel);
    if (st != HAMM_OK)
        return st;
    if (!suite_valid_name(name))
        return json_read_fail(r, "name", "'%s': use letters, digits, '.', '_' and '-'", name);
    for (size_t k = 0; k < i; k++)
        if (strcmp(s->experiments[k].name, name) == 0)
            return json_read_fail(r, "name", "'%s' names experiments[%zu] too", name, k);
    if (!(x->name = suite_dup(name)) || !(x->caption = suite_dup(caption ? caption : name)) ||
        !(x->model = suite_dup(model)) || (gpu && !(x->gpu = suite_dup(gpu))) ||
        (ylabel && !(x->ylabel = suite_dup(ylabel))))
        return json_read_nomem(r);
    return HAMM_OK;
}

/* Experiment i, with the reader at it. */
static hamm_status parse_experiment(hamm_suite *s, size_t i, json_t *obj, json_reader *r)
{
    if (!json_is_object(obj))
        return json_read_fail(r, NULL, "expects an object {name, model, workloads, "
                                       "configurations, ...}");
    suite_experiment *x = &s->experiments[i];
    hamm_status st = parse_names(s, i, obj, r);
    if (st == HAMM_OK)
        st = runs_bounded(obj, r);
    if (st == HAMM_OK)
        st = parse_workloads(s, x, json_object_get(obj, "workloads"), r);
    if (st == HAMM_OK)
        st = parse_configs(x, json_object_get(obj, "configurations"), r);
    if (st == HAMM_OK)
        st = parse_x(x, json_object_get(obj, "x"), r);
    if (st == HAMM_OK)
        st = parse_measure(x, obj, r);
    return st == HAMM_OK ? suite_experiment_check(s, i, r) : st;
}

hamm_status suite_parse_experiments(hamm_suite *s, json_t *list, json_reader *r)
{
    if (!list)
        return HAMM_OK;
    if (!json_is_array(list) || json_array_size(list) == 0)
        return json_read_fail(r, "experiments", "expects a non-empty array of experiments");
    size_t n = json_array_size(list);
    if (!(s->experiments = hamm_calloc_array(n, sizeof *s->experiments)))
        return json_read_nomem(r);
    hamm_status st = HAMM_OK;
    size_t top = json_read_key(r, "experiments");
    for (size_t i = 0; st == HAMM_OK && i < n; i++) {
        s->nexperiments = i + 1; /* so suite_free_experiments frees what this one got */
        size_t at = json_read_index(r, i);
        st = parse_experiment(s, i, json_array_get(list, i), r);
        json_read_pop(r, at);
    }
    json_read_pop(r, top);
    return st;
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
