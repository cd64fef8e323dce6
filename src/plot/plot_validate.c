/* plot_validate.c - the figures of a hamm-validate/1 document, after Yuan & Aamodt
 * (2009): measured efficiency and utilization (Figure 6), measured against predicted
 * efficiency (Figure 7), absolute error (Figure 8), per-channel scatter (Figure 9) and
 * row locality (Figure 10) per workload. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "plot_internal.h"

#define MAXH 8

static void header(plot_fig *f, const char *first, const char *const *cols, size_t n)
{
    plot_buf_comment(&f->data, "", f->title);
    plot_buf_str(&f->data, first);
    for (size_t i = 0; i < n; i++) {
        plot_buf_put(&f->data, " ", 1);
        escape_gp_label(plot_out(&f->data), cols[i]);
    }
    plot_buf_put(&f->data, "\n", 1);
}

static hamm_status fig06(plot_ctx *c, const json_t *entries, hamm_error *err)
{
    plot_fig f;
    plot_fig_init(&f, PLOT_BARS, "fig06-measured",
                  "Measured DRAM efficiency and utilization per workload (cf. Figure 6)");
    f.ylabel = "measured (%)";
    f.yrange = "[0:100]";
    f.nseries = 2;
    static const char *const cols[] = {"DRAM efficiency", "DRAM utilization"};
    header(&f, "workload", cols, 2);
    size_t i;
    json_t *e;
    json_array_foreach(entries, i, e) {
        json_t *m = json_object_get(e, "measured");
        escape_gp_label(plot_out(&f.data), plot_str(e, "name", "?"));
        plot_buf_num(&f.data, 100 * plot_num(m, "dram_efficiency"));
        plot_buf_num(&f.data, 100 * plot_num(m, "utilization"));
        plot_buf_put(&f.data, "\n", 1);
    }
    return plot_fig_emit(c, &f, err);
}

static hamm_status fig07(plot_ctx *c, const json_t *entries, const char **h, size_t nh,
                         hamm_error *err)
{
    plot_fig f;
    plot_fig_init(&f, PLOT_BARS, "fig07-efficiency",
                  "Measured against predicted DRAM efficiency per workload, one bar per "
                  "heuristic (cf. Figure 7)");
    f.ylabel = "DRAM efficiency (%)";
    f.yrange = "[0:100]";
    f.nseries = (int)nh + 1;
    const char *cols[MAXH + 1] = {"measured"};
    memcpy(cols + 1, h, nh * sizeof *h);
    header(&f, "workload", cols, nh + 1);
    size_t i;
    json_t *e;
    json_array_foreach(entries, i, e) {
        escape_gp_label(plot_out(&f.data), plot_str(e, "name", "?"));
        plot_buf_num(&f.data, 100 * plot_num(json_object_get(e, "measured"), "dram_efficiency"));
        for (size_t k = 0; k < nh; k++)
            plot_buf_num(&f.data, 100 * plot_num(json_object_get(e, "predicted"), h[k]));
        plot_buf_put(&f.data, "\n", 1);
    }
    return plot_fig_emit(c, &f, err);
}

static hamm_status fig08(plot_ctx *c, const json_t *doc, const char **h, size_t nh,
                         hamm_error *err)
{
    const json_t *entries = json_object_get(doc, "entries");
    plot_fig f;
    plot_fig_init(&f, PLOT_BARS, "fig08-error",
                  "Absolute error of the predicted DRAM efficiency per workload and "
                  "heuristic; AM: mean absolute error over workloads (cf. Figure 8)");
    f.ylabel = "absolute error (pp)";
    f.nseries = (int)nh;
    f.firststyle = 2; /* each heuristic as in Figure 7, after "measured" */
    header(&f, "workload", h, nh);
    size_t i;
    json_t *e;
    json_array_foreach(entries, i, e) {
        escape_gp_label(plot_out(&f.data), plot_str(e, "name", "?"));
        for (size_t k = 0; k < nh; k++)
            plot_buf_num(&f.data, fabs(plot_num(json_object_get(e, "error_pct"), h[k])));
        plot_buf_put(&f.data, "\n", 1);
    }
    json_t *stats = json_object_get(json_object_get(doc, "summary"), "per_entry");
    escape_gp_label(plot_out(&f.data), "AM");
    for (size_t k = 0; k < nh; k++)
        plot_buf_num(&f.data, plot_num(json_object_get(stats, h[k]), "mae_pct"));
    plot_buf_put(&f.data, "\n", 1);
    return plot_fig_emit(c, &f, err);
}

static hamm_status fig09(plot_ctx *c, const json_t *entries, const char **h, size_t nh,
                         hamm_error *err)
{
    plot_fig f;
    plot_fig_init(&f, PLOT_SCATTER, "fig09-channels",
                  "Predicted against measured DRAM efficiency, one point per channel, one "
                  "panel per heuristic; dashed: x = y (cf. Figure 9)");
    /* short: the panels are 1.35 in tall; the caption says what is compared */
    f.ylabel = "predicted (%)";
    f.firststyle = 2; /* each heuristic's colour as in Figure 7 */
    f.xlabel = "measured (%)";
    f.yrange = "[0:100]";
    f.nseries = (int)nh;
    const char *cols[MAXH + 1] = {"measured"};
    memcpy(cols + 1, h, nh * sizeof *h);
    header(&f, "workload channel", cols, nh + 1);
    for (size_t k = 0; k < nh; k++)
        snprintf(f.panels + strlen(f.panels), sizeof f.panels - strlen(f.panels), "%s%s",
                 k ? " " : "", h[k]);
    size_t i, j;
    json_t *e, *ch;
    json_array_foreach(entries, i, e) {
        json_array_foreach(json_object_get(e, "channels"), j, ch) {
            escape_gp_label(plot_out(&f.data), plot_str(e, "name", "?"));
            plot_buf_num(&f.data, plot_num(ch, "channel"));
            plot_buf_num(&f.data, 100 * plot_num(ch, "measured_dram_efficiency"));
            for (size_t k = 0; k < nh; k++)
                plot_buf_num(&f.data, 100 * plot_num(json_object_get(ch, "predicted"), h[k]));
            plot_buf_put(&f.data, "\n", 1);
        }
    }
    return plot_fig_emit(c, &f, err);
}

/* Arithmetic and harmonic means over workloads, as the paper's Figure 10 shows them; a
 * workload without a value (NaN) is left out, and the harmonic mean needs values > 0. */
typedef struct means {
    double sum, inv;
    int n, ninv;
} means;

static void means_add(means *m, double v)
{
    if (isnan(v))
        return;
    m->sum += v;
    m->n++;
    if (v > 0) {
        m->inv += 1 / v;
        m->ninv++;
    }
}

static hamm_status fig10(plot_ctx *c, const json_t *entries, hamm_error *err)
{
    plot_fig f;
    plot_fig_init(&f, PLOT_BARS, "fig10-locality",
                  "Row access locality per workload: requests per activate, mean over "
                  "channels; AM, HM: arithmetic and harmonic mean over workloads "
                  "(cf. Figure 10)");
    f.ylabel = "requests per activate";
    f.nseries = 2;
    f.ylog = 1; /* from about 1 (random) to thousands (a few hot rows) */
    f.yrange = "[1:*]";
    static const char *const cols[] = {"measured (engine)", "predicted (no-overlap)"};
    header(&f, "workload", cols, 2);
    means m[2] = {{0, 0, 0, 0}, {0, 0, 0, 0}};
    size_t i;
    json_t *e;
    json_array_foreach(entries, i, e) {
        double v[2] = {plot_num(json_object_get(e, "measured"),
                                "row_locality_requests_per_activate"),
                       plot_num(e, "predicted_row_locality_requests_per_activate")};
        escape_gp_label(plot_out(&f.data), plot_str(e, "name", "?"));
        for (int k = 0; k < 2; k++) {
            plot_buf_num(&f.data, v[k]);
            means_add(&m[k], v[k]);
        }
        plot_buf_put(&f.data, "\n", 1);
    }
    escape_gp_label(plot_out(&f.data), "AM");
    for (int k = 0; k < 2; k++)
        plot_buf_num(&f.data, m[k].n ? m[k].sum / m[k].n : NAN);
    plot_buf_str(&f.data, "\n");
    escape_gp_label(plot_out(&f.data), "HM");
    for (int k = 0; k < 2; k++)
        plot_buf_num(&f.data, m[k].ninv == m[k].n && m[k].n ? m[k].n / m[k].inv : NAN);
    plot_buf_str(&f.data, "\n");
    return plot_fig_emit(c, &f, err);
}

hamm_status plot_validate(plot_ctx *c, const json_t *doc, hamm_error *err)
{
    const json_t *entries = json_object_get(doc, "entries");
    if (plot_validate_check(c, doc, err) != HAMM_OK)
        return err->status;
    if (json_array_size(entries) == 0)
        return hamm_error_at(err, HAMM_ERR_FORMAT, HAMM_IN(c->opt->source), "entries",
                             "no workloads to plot");
    if (!json_is_object(json_object_get(doc, "summary")))
        return plot_missing(c, "summary", err);
    const char *h[MAXH];
    size_t nh = plot_heuristics(doc, h, MAXH);
    if (nh == 0)
        return plot_missing(c, "heuristics", err);
    hamm_status st = fig06(c, entries, err);
    if (st == HAMM_OK)
        st = fig07(c, entries, h, nh, err);
    if (st == HAMM_OK)
        st = fig08(c, doc, h, nh, err);
    if (st == HAMM_OK)
        st = fig09(c, entries, h, nh, err);
    if (st == HAMM_OK)
        st = fig10(c, entries, err);
    if (st == HAMM_OK && plot_has_mwp(doc))
        st = plot_mwp(c, doc, err);
    return st;
}
