/* report_index.c - hamm_report_write_index: the report page, as Markdown (index.md) and
 * as one self-contained HTML file (index.html: inline SVGs and style, no URLs).  Text from
 * the documents reaches both only through common/escape.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hamm_build_config.h"
#include "report_internal.h"

#define MAXH 8

typedef struct page {
    plot_buf md, html;
} page;

/* Published figures for comparison, checked against the papers' text. */
static const struct {
    const char *heuristic, *text;
} published[] = {
    {"no-overlap", "MAE 15.2, r 0.688, polarity -0.579 (Yuan & Aamodt 2009, sec. 5.1)"},
    {"full-overlap", "MAE 27.2, r 0.416, polarity 0.985 (Yuan & Aamodt 2009, sec. 5.1)"},
    {"average", "MAE 11.2, r 0.729 (Yuan 2009 thesis, sec. 6.2)"},
    {"locality-switch", "MAE 11.4 (Yuan & Aamodt 2009, sec. 5.2, threshold 2.0)"},
};

static const char *published_for(const char *h)
{
    for (size_t i = 0; i < sizeof published / sizeof published[0]; i++)
        if (strcmp(published[i].heuristic, h) == 0)
            return published[i].text;
    return "";
}

/* Both forms of a text paragraph written here (no text from an input). */
static void para(page *p, const char *md, const char *html)
{
    plot_buf_printf(&p->md, "%s\n\n", md);
    plot_buf_printf(&p->html, "<p>%s</p>\n", html);
}

/* A paragraph holding text from inputs, escaped for each form. */
static void text_para(page *p, const char *text)
{
    escape_markdown(plot_out(&p->md), text);
    plot_buf_str(&p->md, "\n\n");
    plot_buf_str(&p->html, "<p>");
    escape_html(plot_out(&p->html), text);
    plot_buf_str(&p->html, "</p>\n");
}

static void heading(page *p, int level, const char *text)
{
    plot_buf_printf(&p->md, "%.*s ", level, "####");
    escape_markdown(plot_out(&p->md), text);
    plot_buf_str(&p->md, "\n\n");
    plot_buf_printf(&p->html, "<h%d>", level);
    escape_html(plot_out(&p->html), text);
    plot_buf_printf(&p->html, "</h%d>\n", level);
}

static void table_row(page *p, const char *const *cells, size_t n, int head)
{
    plot_buf_str(&p->md, "|");
    plot_buf_str(&p->html, "<tr>");
    for (size_t i = 0; i < n; i++) {
        plot_buf_str(&p->md, " ");
        escape_markdown(plot_out(&p->md), cells[i]);
        plot_buf_str(&p->md, " |");
        plot_buf_str(&p->html, head ? "<th>" : "<td>");
        escape_html(plot_out(&p->html), cells[i]);
        plot_buf_str(&p->html, head ? "</th>" : "</td>");
    }
    plot_buf_str(&p->md, "\n");
    plot_buf_str(&p->html, "</tr>\n");
    if (head) {
        plot_buf_str(&p->md, "|");
        for (size_t i = 0; i < n; i++)
            plot_buf_str(&p->md, "---|");
        plot_buf_str(&p->md, "\n");
    }
}

static void fmt(char *out, size_t size, double v, int decimals, const char *why)
{
    if (isnan(v))
        snprintf(out, size, "n/a%s%s%s", why ? " (" : "", why ? why : "", why ? ")" : "");
    else
        snprintf(out, size, "%.*f", decimals, v);
}

static void stats_table(page *p, const json_t *stats, const char **h, size_t nh, int paper)
{
    static const char *const head[] = {"heuristic", "points", "MAE (pp)", "RMSE (pp)",
                                       "max error (pp)", "r", "polarity", "published"};
    plot_buf_str(&p->md, "");
    plot_buf_str(&p->html, paper ? "<table class=\"paper\">\n" : "<table>\n");
    table_row(p, head, paper ? 8 : 7, 1);
    for (size_t k = 0; k < nh; k++) {
        const json_t *s = json_object_get(stats, h[k]);
        char c[7][96];
        fmt(c[0], sizeof c[0], plot_num(s, "points"), 0, NULL);
        fmt(c[1], sizeof c[1], plot_num(s, "mae_pct"), 1, NULL);
        fmt(c[2], sizeof c[2], plot_num(s, "rmse_pct"), 1, NULL);
        fmt(c[3], sizeof c[3], plot_num(s, "max_abs_error_pct"), 1, NULL);
        fmt(c[4], sizeof c[4], plot_num(s, "pearson_r"), 3,
            plot_str(s, "pearson_r_null_reason", NULL));
        fmt(c[5], sizeof c[5], plot_num(s, "polarity"), 3,
            plot_str(s, "polarity_null_reason", NULL));
        const char *row[] = {h[k], c[0], c[1], c[2], c[3], c[4], c[5], published_for(h[k])};
        table_row(p, row, paper ? 8 : 7, 0);
    }
    plot_buf_str(&p->md, "\n");
    plot_buf_str(&p->html, "</table>\n");
}

static void validate_section(page *p, const json_t *v)
{
    const char *h[MAXH];
    size_t nh = plot_heuristics(v, h, MAXH);
    const json_t *summary = json_object_get(v, "summary");
    const json_t *suite = json_object_get(v, "suite");
    char text[512];
    heading(p, 2, "Prediction error against the reference engine");
    snprintf(text, sizeof text,
             "Suite %s (%s): %zu workloads. Error = predicted - measured DRAM efficiency, in "
             "percentage points (pp); one point per workload (mean over its channels with "
             "requests), as in the papers.",
             plot_str(suite, "name", "?"), plot_str(suite, "path", "?"),
             json_array_size(json_object_get(v, "entries")));
    text_para(p, text);
    stats_table(p, json_object_get(summary, "per_entry"), h, nh, 1);
    para(p, "One point per channel with requests (the scatter of Figure 9):",
         "One point per channel with requests (the scatter of Figure 9):");
    stats_table(p, json_object_get(summary, "per_channel"), h, nh, 0);
}

/* Rows of the MWP/CWP table for one group's statistics. */
static void mwp_rows(page *p, const char *group, const json_t *by)
{
    static const char *const scope[] = {"per_kernel", "per_workload"};
    for (int w = 0; w < 2; w++) {
        const json_t *pl = json_object_get(json_object_get(by, scope[w]), "plain");
        const json_t *co = json_object_get(json_object_get(by, scope[w]), "combined");
        char c[5][32];
        fmt(c[0], sizeof c[0], plot_num(pl, "points"), 0, NULL);
        fmt(c[1], sizeof c[1], plot_num(pl, "geomean_abs_error_pct"), 1, NULL);
        fmt(c[2], sizeof c[2], plot_num(co, "geomean_abs_error_pct"), 1, NULL);
        snprintf(c[3], sizeof c[3], "%.0f / %.0f", plot_num(pl, "within_10pct"),
                 plot_num(co, "within_10pct"));
        const char *row[] = {group, w ? "workloads" : "kernels", c[0], c[1], c[2], c[3]};
        table_row(p, row, 6, 0);
    }
}

/* The MWP/CWP model against the GPU engine (a suite with "mwp" entries). */
static void mwp_section(page *p, const json_t *mwp)
{
    static const char *const head[] = {"group", "over", "points", "plain (%)",
                                       "combined (%)", "within 10% (plain / combined)"};
    heading(p, 2, "MWP/CWP execution time against the GPU engine");
    para(p, "Geometric mean of |predicted - measured| / measured core cycles, per kernel and "
            "per workload (its kernels summed): plain is Hong & Kim's model, combined takes "
            "the DRAM efficiency measured while the kernel ran, hamm's issue bound and its "
            "queueing variant unless an entry turns them off (docs/MWP.md, \"Validation\"). "
            "Hong & Kim report 5.4% on micro-benchmarks and 13.3% on applications against "
            "real GPUs.",
         "Geometric mean of |predicted - measured| / measured core cycles, per kernel and "
         "per workload (its kernels summed): plain is Hong &amp; Kim's model, combined takes "
         "the DRAM efficiency measured while the kernel ran, hamm's issue bound and its "
         "queueing variant unless an entry turns them off (docs/MWP.md, "
         "&quot;Validation&quot;). Hong &amp; Kim report 5.4% on micro-benchmarks and 13.3% "
         "on applications against real GPUs.");
    plot_buf_str(&p->html, "<table>\n");
    table_row(p, head, 6, 1);
    mwp_rows(p, "all", mwp);
    const char *g;
    json_t *by;
    json_object_foreach(json_object_get(mwp, "per_group"), g, by)
        mwp_rows(p, g, by);
    plot_buf_str(&p->md, "\n");
    plot_buf_str(&p->html, "</table>\n");
}

static void sweep_section(page *p, const json_t *s)
{
    const json_t *grid = json_object_get(s, "grid"), *points = json_object_get(s, "points");
    const char *h[MAXH];
    size_t nh = plot_heuristics(json_object_get(json_array_get(points, 0), "result"), h, MAXH);
    char title[256] = "Sweep over";
    size_t i;
    json_t *g, *pt;
    json_array_foreach(grid, i, g)
        snprintf(title + strlen(title), sizeof title - strlen(title), "%s %s", i ? "," : "",
                 plot_str(g, "key", "?"));
    heading(p, 2, title);
    /* one axis: its values under its key; several: "k=v,k=v" under "point" */
    const char *head[MAXH + 1] = {
        json_array_size(grid) == 1 ? plot_str(json_array_get(grid, 0), "key", "?") : "point"};
    for (size_t k = 0; k < nh; k++)
        head[k + 1] = h[k];
    para(p, "Mean absolute error over workloads (pp) at each point:",
         "Mean absolute error over workloads (pp) at each point:");
    plot_buf_str(&p->html, "<table>\n");
    table_row(p, head, nh + 1, 1);
    json_array_foreach(points, i, pt) {
        char label[256], cells[MAXH][32];
        const char *row[MAXH + 1] = {label};
        plot_point_label(grid, pt, label, sizeof label);
        const json_t *st = json_object_get(
            json_object_get(json_object_get(pt, "result"), "summary"), "per_entry");
        for (size_t k = 0; k < nh; k++) {
            fmt(cells[k], sizeof cells[k], plot_num(json_object_get(st, h[k]), "mae_pct"), 1,
                NULL);
            row[k + 1] = cells[k];
        }
        table_row(p, row, nh + 1, 0);
    }
    plot_buf_str(&p->md, "\n");
    plot_buf_str(&p->html, "</table>\n");
}

/* One row of an experiment's table: a label and up to 16 numbers (null: n/a). */
static void experiment_row(page *p, const char *label, const json_t *vals)
{
    char cells[17][32];
    const char *row[17] = {label};
    size_t n = json_array_size(vals) < 16 ? json_array_size(vals) : 16;
    for (size_t j = 0; j < n; j++) {
        const json_t *v = json_array_get(vals, j);
        fmt(cells[j], sizeof cells[j], json_is_number(v) ? json_number_value(v) : NAN, 3, NULL);
        row[j + 1] = cells[j];
    }
    table_row(p, row, n + 1, 0);
}

/* A suite's experiment (hamm-experiment/1): what it measured, and its figure's numbers. */
static void experiment_section(page *p, const json_t *x)
{
    const json_t *cf = json_object_get(x, "configurations"), *pts = json_object_get(x, "points");
    const json_t *xaxis = json_object_get(x, "x"), *first = json_array_get(pts, 0);
    const char *norm = plot_str(x, "normalise", NULL);
    char text[640];
    heading(p, 2, plot_str(x, "caption", "Experiment"));
    snprintf(text, sizeof text, "Experiment %s: %s of each workload on the GPU engine (system "
             "model %s, GPU model %s)%s%s, and its %s mean over the workloads%s.",
             plot_str(x, "name", "?"), plot_str(x, "measure", "?"), plot_str(x, "model", "?"),
             plot_str(x, "gpu", "?"), norm ? ", divided by that of configuration " : "",
             norm ? norm : "", plot_str(x, "mean", "?"),
             json_is_object(xaxis) ? ", at each x value" : "");
    text_para(p, text);
    plot_buf_str(&p->html, "<table>\n");
    const char *head[17] = {json_is_object(xaxis) ? plot_str(xaxis, "label", "x") : "workload"};
    size_t nc = json_array_size(cf) < 16 ? json_array_size(cf) : 16, i;
    for (size_t j = 0; j < nc; j++)
        head[j + 1] = plot_str(json_array_get(cf, j), "label", "?");
    table_row(p, head, nc + 1, 1);
    json_t *pt, *w;
    if (json_is_object(xaxis))
        json_array_foreach(pts, i, pt)
            experiment_row(p, plot_str(pt, "x", "?"), json_object_get(pt, "mean"));
    else {
        json_array_foreach(json_object_get(first, "workloads"), i, w)
            experiment_row(p, plot_str(w, "name", "?"),
                           json_object_get(w, norm ? "normalised" : "values"));
        snprintf(text, sizeof text, "%s mean", plot_str(x, "mean", "?"));
        experiment_row(p, text, json_object_get(first, "mean"));
    }
    plot_buf_str(&p->md, "\n");
    plot_buf_str(&p->html, "</table>\n");
}

/* Links to a figure's files, both forms. */
static void figure_links(page *p, const hamm_plot_figure *f)
{
    static const char *const ext[] = {"dat", "gp", "png", "svg", "pdf"};
    const int have[] = {1, 1, f->has_png, f->has_svg, f->has_pdf};
    plot_buf_str(&p->md, "Files:");
    plot_buf_str(&p->html, "<p class=\"files\">Files:");
    for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++) {
        if (!have[i])
            continue;
        plot_buf_str(&p->md, " [");
        escape_markdown(plot_out(&p->md), f->name);
        plot_buf_printf(&p->md, ".%s](", ext[i]);
        escape_markdown(plot_out(&p->md), f->name);
        plot_buf_printf(&p->md, ".%s)", ext[i]);
        plot_buf_str(&p->html, " <a href=\"");
        escape_html(plot_out(&p->html), f->name);
        plot_buf_printf(&p->html, ".%s\">", ext[i]);
        escape_html(plot_out(&p->html), f->name);
        plot_buf_printf(&p->html, ".%s</a>", ext[i]);
    }
    plot_buf_str(&p->md, "\n\n");
    plot_buf_str(&p->html, "</p>\n");
}

static hamm_status figure(page *p, const char *dir, const hamm_plot_figure *f, size_t n,
                          hamm_error *err)
{
    heading(p, 3, f->title);
    if (f->has_png) {
        plot_buf_str(&p->md, "![");
        escape_markdown(plot_out(&p->md), f->title);
        plot_buf_str(&p->md, "](");
        escape_markdown(plot_out(&p->md), f->name);
        plot_buf_str(&p->md, ".png)\n\n");
    }
    if (f->has_svg) {
        char path[4200], prefix[32];
        snprintf(path, sizeof path, "%s/%s.svg", dir, f->name);
        char *svg;
        size_t len;
        hamm_status st = plot_read_file(path, &svg, &len, err);
        if (st != HAMM_OK)
            return st;
        snprintf(prefix, sizeof prefix, "f%zu", n);
        plot_buf_str(&p->html, "<figure>\n");
        report_html_svg(&p->html, svg, prefix);
        free(svg);
        plot_buf_str(&p->html, "\n</figure>\n");
    }
    figure_links(p, f);
    return HAMM_OK;
}

/* Why a document's figures have no images, and how to draw them. */
static void skipped_note(page *p, const hamm_plot_result *r)
{
    static const char how[] = ". The data files and gnuplot scripts are here; run `gnuplot "
                              "NAME.gp` in this directory to draw them.";
    char text[400];
    snprintf(text, sizeof text, "Images were skipped for the %s figures: %s%s", r->schema,
             r->not_rendered, how);
    plot_buf_str(&p->md, "Images were skipped for the ");
    escape_markdown(plot_out(&p->md), r->schema);
    plot_buf_str(&p->md, " figures: ");
    escape_markdown(plot_out(&p->md), r->not_rendered);
    plot_buf_printf(&p->md, "%s\n\n", how);
    plot_buf_str(&p->html, "<p class=\"note\">");
    escape_html(plot_out(&p->html), text);
    plot_buf_str(&p->html, "</p>\n");
}

static hamm_status figures(page *p, const char *dir, const hamm_report_page *pg,
                           hamm_error *err)
{
    size_t n = 0;
    heading(p, 2, "Figures");
    for (size_t i = 0; i < pg->nplots; i++) {
        const hamm_plot_result *r = pg->plots[i];
        if (!r->rendered)
            skipped_note(p, r);
        for (size_t k = 0; k < r->nfigures; k++) {
            hamm_status st = figure(p, dir, &r->figures[k], n++, err);
            if (st != HAMM_OK)
                return st;
        }
    }
    return HAMM_OK;
}

static void intro(page *p, const hamm_report_page *pg)
{
    const char *version = HAMM_VERSION;
    if (pg->validate)
        version = plot_str(pg->validate, "hamm_version", version);
    plot_buf_printf(&p->html,
                    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                    "<title>hamm report</title>\n<style>\n"
                    "body{font-family:sans-serif;max-width:60em;margin:1em auto;padding:0 1em;"
                    "color:#111}\n"
                    "table{border-collapse:collapse;margin:0.5em 0}\n"
                    "th,td{border:1px solid #999;padding:0.2em 0.5em;text-align:right}\n"
                    "th:first-child,td:first-child{text-align:left}\n"
                    ".paper td:last-child,.paper th:last-child{text-align:left}\n"
                    "figure{margin:1em 0}\nfigure svg{max-width:100%%;height:auto}\n"
                    "pre{background:#f4f4f4;padding:0.5em;white-space:pre-wrap}\n"
                    ".note{background:#fff4d6;padding:0.5em}\n"
                    "</style>\n</head>\n<body>\n");
    heading(p, 1, "hamm report");
    const char *cmd = pg->command_line ? pg->command_line : "(command not recorded)";
    plot_buf_str(&p->md, "Produced by hamm ");
    escape_markdown(plot_out(&p->md), version);
    plot_buf_str(&p->md, " with:\n\n    "); /* a code block: only its line must hold */
    escape_line(plot_out(&p->md), cmd);
    plot_buf_str(&p->md, "\n\n");
    plot_buf_str(&p->html, "<p>Produced by hamm ");
    escape_html(plot_out(&p->html), version);
    plot_buf_str(&p->html, " with:</p>\n<pre>");
    escape_html(plot_out(&p->html), cmd);
    plot_buf_str(&p->html, "</pre>\n");
}

static hamm_status build(page *p, const char *dir, const hamm_report_page *pg,
                         hamm_error *err)
{
    intro(p, pg);
    if (pg->validate) {
        if (!json_is_object(json_object_get(pg->validate, "summary")))
            return hamm_error_field(err, HAMM_ERR_FORMAT, "summary",
                                    "the validate document has no summary");
        validate_section(p, pg->validate);
        const json_t *mwp = json_object_get(json_object_get(pg->validate, "summary"), "mwp");
        if (json_is_object(mwp))
            mwp_section(p, mwp);
    }
    for (size_t i = 0; i < pg->nsweeps; i++) {
        if (!json_is_array(json_object_get(pg->sweeps[i], "points")))
            return hamm_error_field(err, HAMM_ERR_FORMAT, "points",
                                    "sweep document %zu has no points", i + 1);
        sweep_section(p, pg->sweeps[i]);
    }
    for (size_t i = 0; i < pg->nexperiments; i++)
        experiment_section(p, pg->experiments[i]);
    hamm_status st = figures(p, dir, pg, err);
    plot_buf_str(&p->html, "</body>\n</html>\n");
    return st;
}

/* index.md and index.html both staged before either is renamed, so a failure leaves
 * neither (nor a temporary) behind. */
static hamm_status write_both(const char *dir, const page *p, hamm_error *err)
{
    char md[4200], html[4200];
    hamm_status st = plot_stage_file(dir, "index.md", p->md.s, p->md.len, md, sizeof md, err);
    if (st != HAMM_OK)
        return st;
    st = plot_stage_file(dir, "index.html", p->html.s, p->html.len, html, sizeof html, err);
    if (st != HAMM_OK) {
        unlink(md);
        return st;
    }
    if ((st = plot_commit_file(dir, "index.md", md, err)) != HAMM_OK)
        unlink(html);
    return st == HAMM_OK ? plot_commit_file(dir, "index.html", html, err) : st;
}

hamm_status hamm_report_write_index(const char *dir, const hamm_report_page *pg,
                                    hamm_error *err)
{
    if (!dir || !pg)
        return hamm_error_set(err, HAMM_ERR_ARG, "hamm_report_write_index: no directory or page");
    page p = {{0}, {0}};
    hamm_status st = build(&p, dir, pg, err);
    if (st == HAMM_OK && (p.md.oom || p.html.oom))
        st = hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(dir), NULL, "out of memory");
    if (st == HAMM_OK)
        st = write_both(dir, &p, err);
    plot_buf_free(&p.md);
    plot_buf_free(&p.html);
    return st;
}
