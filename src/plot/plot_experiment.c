/* plot_experiment.c - the figure of a hamm-experiment/1 document (a suite's experiment,
 * docs/SUITES.md): with an x axis, the mean over the workloads of each configuration
 * against x, one line each (the Yuan thesis' Figure 6.22); without, grouped bars per
 * workload, one bar per configuration, and the mean as the last group (the Khairy
 * thesis' Figure 5.14, the Yuan thesis' Figure 6.17a). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot_internal.h"

#define MAXC 16 /* configurations drawn */

/* The fields the figure reads, each of the right type; else an error naming the path. */
static hamm_status check(const plot_ctx *c, const json_t *doc, hamm_error *err)
{
    const json_t *cf = json_object_get(doc, "configurations");
    const json_t *pts = json_object_get(doc, "points");
    if (!json_is_array(cf) || json_array_size(cf) == 0 || json_array_size(cf) > MAXC)
        return plot_missing(c, "configurations", err);
    if (!json_is_array(pts) || json_array_size(pts) == 0)
        return plot_missing(c, "points", err);
    if (!json_is_string(json_object_get(doc, "name")))
        return plot_missing(c, "name", err);
    size_t i, k;
    json_t *p, *w;
    char path[96];
    json_array_foreach(pts, i, p) {
        snprintf(path, sizeof path, "points[%zu].mean", i);
        if (json_array_size(json_object_get(p, "mean")) != json_array_size(cf))
            return plot_missing(c, path, err);
        snprintf(path, sizeof path, "points[%zu].workloads", i);
        if (!json_is_array(json_object_get(p, "workloads")))
            return plot_missing(c, path, err);
        json_array_foreach(json_object_get(p, "workloads"), k, w) {
            const json_t *v = json_object_get(w, "normalised");
            snprintf(path, sizeof path, "points[%zu].workloads[%zu].values", i, k);
            if (json_array_size(json_object_get(w, "values")) != json_array_size(cf) ||
                (!json_is_null(v) && json_array_size(v) != json_array_size(cf)))
                return plot_missing(c, path, err);
        }
    }
    return HAMM_OK;
}

static const char *mean_label(const json_t *doc)
{
    const char *m = plot_str(doc, "mean", "harmonic");
    return strcmp(m, "geometric") == 0 ? "GM" : strcmp(m, "arithmetic") == 0 ? "AM" : "HM";
}

/* The column headers: every configuration's label but `skip`'s (-1: none). */
static int header(plot_fig *f, const char *first, const json_t *cf, long skip)
{
    int n = 0;
    plot_buf_comment(&f->data, "", f->title);
    plot_buf_str(&f->data, first);
    for (size_t j = 0; j < json_array_size(cf); j++) {
        if ((long)j == skip)
            continue;
        plot_buf_put(&f->data, " ", 1);
        escape_gp_label(plot_out(&f->data),
                        plot_str(json_array_get(cf, j), "label", "?"));
        n++;
    }
    plot_buf_put(&f->data, "\n", 1);
    return n;
}

static void row(plot_fig *f, const json_t *vals, long skip, double *lo, double *hi)
{
    for (size_t j = 0; j < json_array_size(vals); j++) {
        double v = json_number_value(json_array_get(vals, j));
        if (!json_is_number(json_array_get(vals, j)))
            v = NAN;
        if ((long)j == skip)
            continue;
        plot_buf_num(&f->data, v);
        *lo = isfinite(v) && v > 0 && v < *lo ? v : *lo;
        *hi = isfinite(v) && v > *hi ? v : *hi;
    }
    plot_buf_put(&f->data, "\n", 1);
}

/* The y range: a log axis from a power of two at or below the smallest value, so the
 * least bar shows; else from 0, with a tenth of room above the largest, so that a line
 * at the top (the reference configuration, 1 everywhere) stays off the frame. */
static void y_range(plot_fig *f, char *buf, size_t size, double lo, double hi)
{
    double bottom = isfinite(lo) && lo > 0 ? pow(2, floor(log2(lo))) : 0.5;
    if (f->ylog)
        snprintf(buf, size, "[%g:*]", bottom > 1 ? 1 : bottom);
    else if (hi > 0)
        snprintf(buf, size, "[0:%.3g]", hi * 1.1);
    else
        snprintf(buf, size, "[*:*]");
    f->yrange = buf;
}

static long configuration_index(const json_t *doc)
{
    const char *norm = plot_str(doc, "normalise", NULL);
    const json_t *cf = json_object_get(doc, "configurations");
    for (size_t j = 0; norm && j < json_array_size(cf); j++)
        if (strcmp(plot_str(json_array_get(cf, j), "label", ""), norm) == 0)
            return (long)j;
    return -1;
}

/* Bars: one group per workload, then the mean; the reference configuration is left out
 * (it is 1 everywhere). */
static hamm_status bars(plot_ctx *c, const json_t *doc, plot_fig *f, hamm_error *err)
{
    const json_t *pt = json_array_get(json_object_get(doc, "points"), 0);
    const json_t *cf = json_object_get(doc, "configurations");
    long skip = json_array_size(cf) > 1 ? configuration_index(doc) : -1;
    int normalised = skip >= 0;
    double lo = INFINITY, hi = 0;
    char range[64];
    f->nseries = header(f, "workload", cf, skip);
    size_t i;
    json_t *w;
    json_array_foreach(json_object_get(pt, "workloads"), i, w) {
        escape_gp_label(plot_out(&f->data), plot_str(w, "name", "?"));
        row(f, json_object_get(w, normalised ? "normalised" : "values"), skip, &lo, &hi);
    }
    escape_gp_label(plot_out(&f->data), mean_label(doc));
    row(f, json_object_get(pt, "mean"), skip, &lo, &hi);
    y_range(f, range, sizeof range, lo, hi);
    return plot_fig_emit(c, f, err);
}

/* Whether every point's x value is a number, and whether they grow by factors (a log
 * axis).  A number is written into the data file as it is, so it must hold nothing but a
 * decimal number's characters (strtod alone would take leading white space, a newline
 * too). */
static int numeric_x(const json_t *points, int *xlog)
{
    double lo = INFINITY, hi = -INFINITY;
    for (size_t k = 0; k < json_array_size(points); k++) {
        const char *s = plot_str(json_array_get(points, k), "x", NULL);
        char *end;
        double v = s ? strtod(s, &end) : NAN;
        if (!s || end == s || *end || !isfinite(v) || strspn(s, "0123456789+-.eE") != strlen(s))
            return 0;
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
    }
    *xlog = lo > 0 && hi / lo >= 8;
    return 1;
}

/* Lines: the mean of each configuration (the reference too, a flat line) against x. */
static hamm_status curves(plot_ctx *c, const json_t *doc, plot_fig *f, hamm_error *err)
{
    const json_t *x = json_object_get(doc, "x");
    const json_t *cf = json_object_get(doc, "configurations");
    f->kind = PLOT_CURVES;
    f->xlabel = plot_str(x, "label", plot_str(x, "key", ""));
    int num = numeric_x(json_object_get(doc, "points"), &f->xlog);
    double lo = INFINITY, hi = 0;
    char range[64];
    f->nseries = header(f, "label x", cf, -1);
    size_t k;
    json_t *p;
    json_array_foreach(json_object_get(doc, "points"), k, p) {
        const char *label = plot_str(p, "x", "?");
        /* the tic label first: the page reads its length */
        escape_gp_label(plot_out(&f->data), label);
        if (num)
            plot_buf_printf(&f->data, " %s", label);
        else
            plot_buf_printf(&f->data, " %zu", k);
        row(f, json_object_get(p, "mean"), -1, &lo, &hi);
    }
    y_range(f, range, sizeof range, lo, hi);
    return plot_fig_emit(c, f, err);
}

hamm_status plot_experiment(plot_ctx *c, const json_t *doc, hamm_error *err)
{
    hamm_status st = check(c, doc, err);
    if (st != HAMM_OK)
        return st;
    char name[64], ylabel[192];
    snprintf(name, sizeof name, "experiment-%s", plot_str(doc, "name", "?"));
    plot_fig f;
    plot_fig_init(&f, PLOT_BARS, name, plot_str(doc, "caption", name));
    snprintf(ylabel, sizeof ylabel, "%s", plot_str(doc, "ylabel", "measure"));
    f.ylabel = ylabel;
    f.ylog = json_is_true(json_object_get(doc, "ylog"));
    return json_is_object(json_object_get(doc, "x")) ? curves(c, doc, &f, err)
                                                     : bars(c, doc, &f, err);
}
