/* experiment_json.c - the hamm-experiment/1 document (docs/JSON.md): the experiment as the
 * suite states it, each run's measure, normalised to the named configuration of the same
 * workload and x value, and the mean over the workloads. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "experiment_internal.h"
#include "hamm_build_config.h"
#include "report/json_util.h"

static const char *const mean_names[] = {[SUITE_MEAN_HARMONIC] = "harmonic",
                                         [SUITE_MEAN_GEOMETRIC] = "geometric",
                                         [SUITE_MEAN_ARITHMETIC] = "arithmetic"};

static json_t *number(double v)
{
    return isfinite(v) ? json_real(v) : json_null();
}

/* The mean of n values `stride` apart; NaN when one is undefined, or (harmonic,
 * geometric) not positive. */
static double mean_of(suite_mean m, const double *v, size_t n, size_t stride)
{
    double acc = 0;
    for (size_t i = 0; i < n; i++) {
        double a = v[i * stride];
        if (!isfinite(a) || (m != SUITE_MEAN_ARITHMETIC && a <= 0))
            return NAN;
        acc += m == SUITE_MEAN_HARMONIC ? 1 / a : m == SUITE_MEAN_GEOMETRIC ? log(a) : a;
    }
    switch (m) {
    case SUITE_MEAN_HARMONIC: return n / acc;
    case SUITE_MEAN_GEOMETRIC: return exp(acc / n);
    case SUITE_MEAN_ARITHMETIC: return acc / n;
    }
    return NAN;
}

static json_t *configs_json(const suite_experiment *x, int *ok)
{
    json_t *a = json_array();
    for (size_t c = 0; a && c < x->nconfigs; c++) {
        const suite_xconfig *xc = &x->configs[c];
        json_t *o = json_object();
        report_set(o, "label", json_string(xc->label), ok);
        report_set(o, "set", report_overrides_json((const char *const *)xc->sets, xc->nsets),
                   ok);
        report_set(o, "gpu", xc->gpu ? json_deep_copy(xc->gpu) : json_null(), ok);
        report_append(a, o, ok);
    }
    return a;
}

static json_t *workloads_json(const suite_experiment *x, int *ok)
{
    json_t *a = json_array();
    for (size_t w = 0; a && w < x->nworkloads; w++)
        report_append(a, json_pack("{s:s, s:s}", "name", x->workload_names[w], "workload",
                                   x->workloads[w]), ok);
    return a;
}

static json_t *row_json(const double *v, size_t n, int *ok)
{
    json_t *a = json_array();
    for (size_t i = 0; a && i < n; i++)
        report_append(a, number(v[i]), ok);
    return a;
}

/* x value k: each workload's measures and normalised measures, and their means; norm
 * holds [(workloads + 1) x configurations] scratch. */
static json_t *point_json(const suite_experiment *x, size_t k, const double *values,
                          double *norm, int *ok)
{
    size_t nc = x->nconfigs, nw = x->nworkloads;
    const double *v = values + k * nw * nc;
    json_t *ws = json_array();
    for (size_t w = 0; ws && w < nw; w++) {
        const double *row = v + w * nc;
        double base = x->normalise >= 0 ? row[x->normalise] : 1;
        for (size_t c = 0; c < nc; c++)
            norm[w * nc + c] = x->normalise < 0 ? row[c] : base > 0 ? row[c] / base : NAN;
        json_t *o = json_pack("{s:s}", "name", x->workload_names[w]);
        report_set(o, "values", row_json(row, nc, ok), ok);
        report_set(o, "normalised", x->normalise < 0 ? json_null()
                                                      : row_json(norm + w * nc, nc, ok), ok);
        report_append(ws, o, ok);
    }
    double *means = norm + nw * nc; /* the scratch's last row */
    for (size_t c = 0; c < nc; c++)
        means[c] = mean_of(x->mean, norm + c, nw, nc);
    json_t *p = json_object();
    report_set(p, "x", x->x_key ? json_string(x->x_values[k]) : json_null(), ok);
    report_set(p, "workloads", ws, ok);
    report_set(p, "mean", row_json(means, nc, ok), ok);
    return p;
}

/* The y axis title: the suite's, else the measure's name (over the reference's). */
static void ylabel(const suite_experiment *x, char *out, size_t size)
{
    const char *m = x->measure + strlen("total.");
    const char *name = strcmp(m, "ipc") == 0               ? "IPC"
                       : strcmp(m, "dram_efficiency") == 0 ? "DRAM efficiency"
                                                           : m;
    if (x->ylabel)
        snprintf(out, size, "%s", x->ylabel);
    else if (x->normalise >= 0)
        snprintf(out, size, "%s / %s of %s", name, name, x->configs[x->normalise].label);
    else
        snprintf(out, size, "%s", name);
}

static json_t *x_json(const suite_experiment *x, int *ok)
{
    if (!x->x_key)
        return json_null();
    json_t *vals = json_array();
    for (size_t k = 0; vals && k < x->nx; k++)
        report_append(vals, json_string(x->x_values[k]), ok);
    return json_pack("{s:s, s:s, s:o*}", "key", x->x_key, "label", x->x_label, "values", vals);
}

static json_t *points_json(const suite_experiment *x, const double *values, int *ok)
{
    double *norm = calloc((x->nworkloads + 1) * x->nconfigs, sizeof *norm);
    json_t *a = norm ? json_array() : NULL;
    for (size_t k = 0; a && k < (x->x_key ? x->nx : 1); k++)
        report_append(a, point_json(x, k, values, norm, ok), ok);
    free(norm);
    return a;
}

json_t *experiment_doc(const hamm_suite *s, size_t i, const hamm_validate_options *o,
                       const double *values)
{
    const suite_experiment *x = &s->experiments[i];
    int ok = 1;
    char yl[256], gpu_name[256];
    /* no "gpu": the system model's, named by its file */
    const char *base = strrchr(x->gpu_path, '/');
    snprintf(gpu_name, sizeof gpu_name, "%s", base ? base + 1 : x->gpu_path);
    if (strlen(gpu_name) > 5 && strcmp(gpu_name + strlen(gpu_name) - 5, ".json") == 0)
        gpu_name[strlen(gpu_name) - 5] = '\0';
    ylabel(x, yl, sizeof yl);
    json_t *over = json_array();
    for (size_t k = 0; over && k < o->nsets; k++)
        report_append(over, json_string(o->sets[k]), &ok);
    json_t *doc = json_pack(
        "{s:s, s:s, s:{s:s, s:s}, s:s, s:s, s:s, s:s, s:o*}", "schema",
        HAMM_EXPERIMENT_SCHEMA, "hamm_version", HAMM_VERSION, "suite", "path", s->path, "name",
        s->name, "name", x->name, "caption", x->caption, "model", x->model, "gpu",
        x->gpu ? x->gpu : gpu_name, "overrides", over);
    report_set(doc, "measure", json_string(x->measure), &ok);
    report_set(doc, "normalise", x->normalise >= 0 ? json_string(x->configs[x->normalise].label)
                                                   : json_null(), &ok);
    report_set(doc, "mean", json_string(mean_names[x->mean]), &ok);
    report_set(doc, "ylabel", json_string(yl), &ok);
    report_set(doc, "ylog", json_boolean(x->ylog), &ok);
    report_set(doc, "x", x_json(x, &ok), &ok);
    report_set(doc, "configurations", configs_json(x, &ok), &ok);
    report_set(doc, "workloads", workloads_json(x, &ok), &ok);
    report_set(doc, "points", points_json(x, values, &ok), &ok);
    return report_checked(doc, ok && doc);
}
