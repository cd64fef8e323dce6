/* plot_mwp.c - the figure of a hamm-mwp-sweep/1 document: the MWP/CWP model's predicted
 * time against the swept input, over bands marking the case of the model at each value
 * (memory bound, compute bound, too few warps), with MWP, CWP and N below, as in Hong &
 * Kim's figures. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot_internal.h"

/* The band codes the template colours: the case of the headline prediction. */
static int case_code(const char *c)
{
    if (strcmp(c, "memory") == 0)
        return 1;
    if (strcmp(c, "compute") == 0)
        return 2;
    return strcmp(c, "few-warps") == 0 ? 3 : 0;
}

/* Each point's band runs from halfway to its left neighbour to halfway to its right one
 * (geometric halfway on a logarithmic axis); the first and last stop at their values. */
static double edge(double a, double b, int xlog)
{
    return xlog ? sqrt(a * b) : (a + b) / 2;
}

static hamm_status check_point(const plot_ctx *c, const json_t *pt, size_t i, hamm_error *err)
{
    static const char *const keys[] = {"value", "total_cycles", "mwp", "cwp"};
    char path[96];
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
        if (!json_is_number(json_object_get(pt, keys[k]))) {
            snprintf(path, sizeof path, "points[%zu].%s", i, keys[k]);
            return plot_missing(c, path, err);
        }
    const json_t *plain = json_object_get(pt, "plain");
    snprintf(path, sizeof path, "points[%zu].plain.total_cycles", i);
    if (!json_is_number(json_object_get(plain, "total_cycles")))
        return plot_missing(c, path, err);
    snprintf(path, sizeof path, "points[%zu].case", i);
    if (case_code(plot_str(pt, "case", "")) == 0)
        return plot_missing(c, path, err);
    return HAMM_OK;
}

/* The values must rise for the bands to tile the axis. */
static hamm_status check(const plot_ctx *c, const json_t *points, hamm_error *err)
{
    if (!json_is_array(points) || json_array_size(points) == 0)
        return plot_missing(c, "points", err);
    size_t i;
    json_t *pt;
    double last = -INFINITY;
    json_array_foreach(points, i, pt) {
        hamm_status st = check_point(c, pt, i, err);
        if (st != HAMM_OK)
            return st;
        if (!(plot_num(pt, "value") > last))
            return hamm_error_at(err, HAMM_ERR_FORMAT, HAMM_IN(c->opt->source), "points",
                                 "the values must rise from point to point to be drawn "
                                 "as a curve (point %zu does not)", i);
        last = plot_num(pt, "value");
    }
    return HAMM_OK;
}

/* One row: value, band, plain and combined cycles, case, MWP, CWP, N, band tops. */
static void row(plot_fig *f, const json_t *points, size_t i, int xlog, const double top[2])
{
    size_t n = json_array_size(points);
    const json_t *pt = json_array_get(points, i);
    double v = plot_num(pt, "value");
    double lo = i ? edge(plot_num(json_array_get(points, i - 1), "value"), v, xlog) : v;
    double hi = i + 1 < n ? edge(v, plot_num(json_array_get(points, i + 1), "value"), xlog) : v;
    const json_t *comb = json_object_get(pt, "combined");
    const json_t *head = json_is_object(comb) ? comb : json_object_get(pt, "plain");
    double vals[] = {v, lo, hi, plot_num(json_object_get(pt, "plain"), "total_cycles"),
                     plot_num(comb, "total_cycles"), case_code(plot_str(pt, "case", "")),
                     plot_num(pt, "mwp"), plot_num(pt, "cwp"), plot_num(head, "n_warps"), top[0],
                     top[1]};
    for (size_t k = 0; k < sizeof vals / sizeof vals[0]; k++) {
        plot_buf_num(&f->data, vals[k]);
        plot_buf_put(&f->data, k + 1 < sizeof vals / sizeof vals[0] ? " " : "\n", 1);
    }
}

/* The bands' tops, a little above what each panel draws: the largest time (plain or
 * combined), and the largest of MWP, CWP and N. */
static void tops(const json_t *points, double top[2])
{
    top[0] = top[1] = 0;
    size_t i;
    json_t *pt;
    json_array_foreach(points, i, pt) {
        const json_t *comb = json_object_get(pt, "combined");
        const json_t *head = json_is_object(comb) ? comb : json_object_get(pt, "plain");
        double v[] = {plot_num(json_object_get(pt, "plain"), "total_cycles"),
                      plot_num(comb, "total_cycles"), plot_num(pt, "mwp"), plot_num(pt, "cwp"),
                      plot_num(head, "n_warps")};
        for (size_t k = 0; k < sizeof v / sizeof v[0]; k++)
            if (v[k] > top[k < 2 ? 0 : 1])
                top[k < 2 ? 0 : 1] = v[k];
    }
    for (int k = 0; k < 2; k++)
        top[k] = top[k] > 0 ? top[k] * 1.08 : 1;
}

/* Which bands occur (the legend lists only those), whether there is a combined line and
 * its E ("E=0.6"; none when E is the swept parameter). */
static void flags(const json_t *doc, const json_t *points, char *out, size_t size)
{
    double e = plot_num(json_object_get(doc, "options"), "dram_efficiency");
    int seen[4] = {0}, comb = 0;
    size_t i;
    json_t *pt;
    json_array_foreach(points, i, pt) {
        seen[case_code(plot_str(pt, "case", ""))] = 1;
        comb |= json_is_object(json_object_get(pt, "combined"));
    }
    int n = snprintf(out, size, "%s%s%s%s", seen[1] ? "memory " : "",
                     seen[2] ? "compute " : "", seen[3] ? "few-warps " : "",
                     comb ? "combined" : "");
    if (comb && isfinite(e) && n > 0 && (size_t)n < size)
        snprintf(out + n, size - (size_t)n, " E=%.4g", e);
}

/* A logarithmic x axis for values that grow by factors (1, 2, 4, ... or 32, 64, 128, ...)
 * over a range of 16 or more: each gap at least 1.5 times the one before. */
static int geometric(const json_t *points)
{
    size_t n = json_array_size(points);
    double first = plot_num(json_array_get(points, 0), "value");
    double last = plot_num(json_array_get(points, n - 1), "value");
    if (n < 3 || !(first > 0) || last / first < 16)
        return 0;
    for (size_t i = 2; i < n; i++) {
        double a = plot_num(json_array_get(points, i - 2), "value");
        double b = plot_num(json_array_get(points, i - 1), "value");
        double c = plot_num(json_array_get(points, i), "value");
        if (c - b < 1.5 * (b - a))
            return 0;
    }
    return 1;
}

hamm_status plot_mwp_sweep(plot_ctx *c, const json_t *doc, hamm_error *err)
{
    const json_t *points = json_object_get(doc, "points");
    const json_t *param = json_object_get(doc, "parameter");
    hamm_status st = check(c, points, err);
    if (st != HAMM_OK)
        return st;
    const char *name = plot_str(param, "name", NULL), *unit = plot_str(param, "unit", "");
    if (!name)
        return plot_missing(c, "parameter.name", err);
    int xlog = geometric(points);
    char title[192], xlabel[128], words[64];
    snprintf(words, sizeof words, "%s", name);
    for (char *p = words; *p; p++)
        *p = *p == '_' ? ' ' : *p;
    snprintf(xlabel, sizeof xlabel, "%s%s%s%s", words, unit[0] ? " (" : "", unit,
             unit[0] ? ")" : "");
    snprintf(title, sizeof title, "Predicted time of %.40s on %.40s against %s (MWP/CWP model)",
             plot_str(json_object_get(doc, "kernel"), "name", "?"),
             plot_str(json_object_get(doc, "machine"), "name", "?"), words);
    plot_fig f;
    plot_fig_init(&f, PLOT_REGIONS, "mwp-sweep-", title);
    snprintf(f.name + strlen(f.name), sizeof f.name - strlen(f.name), "%.40s", name);
    f.xlabel = xlabel;
    f.ylabel = "predicted time (core cycles)";
    f.xlog = xlog;
    flags(doc, points, f.panels, sizeof f.panels);
    f.nseries = strstr(f.panels, "combined") ? 2 : 1;
    double top[2];
    tops(points, top);
    plot_buf_comment(&f.data, "", title);
    plot_buf_str(&f.data, "value band_lo band_hi cycles_plain cycles_with_e case mwp cwp n_warps "
                          "band_top band_top_warps\n");
    for (size_t i = 0; i < json_array_size(points); i++)
        row(&f, points, i, xlog, top);
    return plot_fig_emit(c, &f, err);
}
