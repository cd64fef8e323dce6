/* plot_sweep.c - the figures of a hamm-sweep/1 document: mean absolute error at each
 * point of the grid (Figures 11 and 12: queue size, chips per channel), and the error
 * per workload at each point (Figures 12 and 13: chips per channel, scheduler). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "plot_internal.h"

#define MAXH 8
#define MAXSERIES 6
#define READABLE 4 /* bars per group above which only one heuristic is shown */

/* The keys the paper swept: its figure and the axis title with units. */
static const struct {
    const char *key, *fig, *title;
} known[] = {{"queue_size", "11", "controller queue size (requests)"},
             {"chips_per_channel", "12", "DRAM chips per channel"},
             {"scheduler", "13", "memory scheduler"}};

/* The index in known[] of a one-key sweep's key, or -1. */
static int known_key(const json_t *grid)
{
    if (json_array_size(grid) != 1)
        return -1;
    const char *key = plot_str(json_array_get(grid, 0), "key", "");
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strcmp(key, known[i].key) == 0)
            return (int)i;
    return -1;
}

/* The paper's figure for a one-key sweep, and the file name part. */
static const char *paper_figure(const json_t *grid)
{
    int k = known_key(grid);
    return k < 0 ? NULL : known[k].fig;
}

/* "KEY" or "KEY1+KEY2" for names and titles. */
static void keys_text(const json_t *grid, const char *sep, char *out, size_t size)
{
    size_t i, len = 0;
    json_t *g;
    out[0] = '\0';
    json_array_foreach(grid, i, g) {
        int n = snprintf(out + len, size - len, "%s%s", i ? sep : "", plot_str(g, "key", "?"));
        if (n < 0 || (size_t)n >= size - len)
            break;
        len += (size_t)n;
    }
}

void plot_point_label(const json_t *grid, const json_t *pt, char *out, size_t size)
{
    const json_t *set = json_object_get(pt, "set");
    size_t i, len = 0;
    json_t *g;
    out[0] = '\0';
    json_array_foreach(grid, i, g) {
        const char *key = plot_str(g, "key", "?");
        const char *v = plot_str(set, key, "?");
        int n = json_array_size(grid) == 1
                    ? snprintf(out, size, "%s", v)
                    : snprintf(out + len, size - len, "%s%s=%s", i ? "," : "", key, v);
        if (n < 0 || (size_t)n >= size - len)
            break;
        len += (size_t)n;
    }
}

static void fig_name(const json_t *grid, const char *what, plot_fig *f)
{
    const char *fig = paper_figure(grid);
    char keys[128];
    keys_text(grid, "+", keys, sizeof keys); /* plot_fig_emit makes it a file name */
    if (fig)
        snprintf(f->name, sizeof f->name, "fig%s-%s-%.40s", fig, what, keys);
    else
        snprintf(f->name, sizeof f->name, "sweep-%s-%.40s", what, keys);
}

static hamm_status fig_mae(plot_ctx *c, const json_t *doc, const char **h, size_t nh,
                           hamm_error *err)
{
    const json_t *grid = json_object_get(doc, "grid");
    char keys[128], title[192], label[160];
    keys_text(grid, " and ", keys, sizeof keys);
    const char *fig = paper_figure(grid);
    snprintf(title, sizeof title, "Mean absolute error over workloads against %.60s%s%s%s", keys,
             fig ? " (cf. Figure " : "", fig ? fig : "", fig ? ")" : "");
    plot_fig f;
    plot_fig_init(&f, PLOT_BARS, "", title);
    fig_name(grid, "mae", &f);
    f.ylabel = "mean absolute error (pp)";
    f.xlabel = known_key(grid) < 0 ? keys : known[known_key(grid)].title;
    f.nseries = (int)nh;
    f.firststyle = 2; /* each heuristic as in Figure 7 */
    plot_buf_comment(&f.data, "", title);
    plot_buf_str(&f.data, "point");
    for (size_t k = 0; k < nh; k++) {
        plot_buf_put(&f.data, " ", 1);
        escape_gp_label(plot_out(&f.data), h[k]);
    }
    plot_buf_put(&f.data, "\n", 1);
    size_t i;
    json_t *pt;
    json_array_foreach(json_object_get(doc, "points"), i, pt) {
        json_t *stats = json_object_get(
            json_object_get(json_object_get(pt, "result"), "summary"), "per_entry");
        plot_point_label(grid, pt, label, sizeof label);
        escape_gp_label(plot_out(&f.data), label);
        for (size_t k = 0; k < nh; k++)
            plot_buf_num(&f.data, plot_num(json_object_get(stats, h[k]), "mae_pct"));
        plot_buf_put(&f.data, "\n", 1);
    }
    return plot_fig_emit(c, &f, err);
}

/* The entry of a point's result with this name, or NULL. */
static const json_t *entry_named(const json_t *pt, const char *name)
{
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(json_object_get(pt, "result"), "entries"), i, e)
        if (strcmp(plot_str(e, "name", ""), name) == 0)
            return e;
    return NULL;
}

/* The heuristics the per-workload figure shows: the paper's two when present. */
static size_t pick(const char **h, size_t nh, size_t npoints, const char **out)
{
    size_t n = 0;
    for (size_t k = 0; k < nh; k++)
        if (strcmp(h[k], "no-overlap") == 0 || strcmp(h[k], "full-overlap") == 0)
            out[n++] = h[k];
    if (n == 0)
        out[n++] = h[0];
    while (n > 1 && n * npoints > READABLE)
        n--;
    return n;
}

static void workloads_header(plot_fig *f, const json_t *grid, const json_t *points,
                             const char **hs, size_t nhs)
{
    char label[160], series[224];
    size_t i;
    json_t *pt;
    plot_buf_comment(&f->data, "", f->title);
    plot_buf_str(&f->data, "workload");
    json_array_foreach(points, i, pt) {
        plot_point_label(grid, pt, label, sizeof label);
        for (size_t k = 0; k < nhs; k++) {
            if (nhs > 1)
                snprintf(series, sizeof series, "%s %s", label, hs[k]);
            else if (json_array_size(grid) == 1)
                snprintf(series, sizeof series, "%s=%s",
                         plot_str(json_array_get(grid, 0), "key", "?"), label);
            else
                snprintf(series, sizeof series, "%s", label);
            plot_buf_put(&f->data, " ", 1);
            escape_gp_label(plot_out(&f->data), series);
        }
    }
    plot_buf_put(&f->data, "\n", 1);
}

static hamm_status fig_workloads(plot_ctx *c, const json_t *doc, const char **h, size_t nh,
                                 hamm_error *err)
{
    const json_t *grid = json_object_get(doc, "grid"), *points = json_object_get(doc, "points");
    size_t np = json_array_size(points);
    if (np == 0 || np > MAXSERIES)
        return HAMM_OK; /* too many bars per group to read; the MAE figure covers it */
    const char *hs[MAXH];
    size_t nhs = pick(h, nh, np, hs);
    char keys[128], title[192];
    keys_text(grid, " and ", keys, sizeof keys);
    const char *fig = paper_figure(grid);
    snprintf(title, sizeof title, "Absolute error per workload at each %.60s (%s%s%s); AM: "
             "mean over workloads%s%s%s", keys, hs[0], nhs > 1 ? " and " : "",
             nhs > 1 ? hs[1] : "",
             fig ? " (cf. Figure " : "", fig ? fig : "", fig ? ")" : "");
    plot_fig f;
    plot_fig_init(&f, PLOT_BARS, "", title);
    fig_name(grid, "workloads", &f);
    f.ylabel = "absolute error (pp)";
    f.nseries = (int)(np * nhs);
    workloads_header(&f, grid, points, hs, nhs);
    size_t i, j;
    json_t *e, *pt;
    json_array_foreach(json_object_get(json_object_get(json_array_get(points, 0), "result"),
                                       "entries"), i, e) {
        const char *name = plot_str(e, "name", "?");
        escape_gp_label(plot_out(&f.data), name);
        json_array_foreach(points, j, pt) {
            const json_t *pe = json_object_get(entry_named(pt, name), "error_pct");
            for (size_t k = 0; k < nhs; k++)
                plot_buf_num(&f.data, fabs(plot_num(pe, hs[k])));
        }
        plot_buf_put(&f.data, "\n", 1);
    }
    escape_gp_label(plot_out(&f.data), "AM");
    json_array_foreach(points, j, pt) {
        json_t *stats = json_object_get(
            json_object_get(json_object_get(pt, "result"), "summary"), "per_entry");
        for (size_t k = 0; k < nhs; k++)
            plot_buf_num(&f.data, plot_num(json_object_get(stats, hs[k]), "mae_pct"));
    }
    plot_buf_put(&f.data, "\n", 1);
    return plot_fig_emit(c, &f, err);
}

hamm_status plot_sweep(plot_ctx *c, const json_t *doc, hamm_error *err)
{
    const json_t *grid = json_object_get(doc, "grid"), *points = json_object_get(doc, "points");
    if (!json_is_array(grid) || json_array_size(grid) == 0)
        return plot_missing(c, "grid", err);
    if (!json_is_array(points) || json_array_size(points) == 0)
        return plot_missing(c, "points", err);
    const json_t *first = json_object_get(json_array_get(points, 0), "result");
    if (!json_is_object(first))
        return plot_missing(c, "points[0].result", err);
    const char *h[MAXH];
    size_t nh = plot_heuristics(first, h, MAXH);
    if (nh == 0)
        return plot_missing(c, "points[0].result.heuristics", err);
    hamm_status st = plot_sweep_check(c, doc, h, nh, err);
    if (st == HAMM_OK)
        st = fig_mae(c, doc, h, nh, err);
    if (st == HAMM_OK)
        st = fig_workloads(c, doc, h, nh, err);
    return st;
}
