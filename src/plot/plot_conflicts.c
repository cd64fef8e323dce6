/* plot_conflicts.c - the figure of hamm-conflicts/1: for each scheme analysed, the worst
 * conflict degree of one parallel access against its stride (the stride table), one
 * panel per scheme on the same axes. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "plot_internal.h"

#define MAX_SCHEMES 8

/* Every analysis has a scheme and a stride table as long as the first one's. */
static hamm_status check(plot_ctx *c, const json_t *an, size_t *nstrides, hamm_error *err)
{
    size_t n = json_array_size(an);
    if (!json_is_array(an) || n == 0)
        return plot_missing(c, "analyses", err);
    if (n > MAX_SCHEMES)
        return hamm_error_at(err, HAMM_ERR_FORMAT, HAMM_IN(c->opt->source), "analyses",
                             "%zu analyses; the figure shows at most %d", n, MAX_SCHEMES);
    *nstrides = json_array_size(json_object_get(json_array_get(an, 0), "strides"));
    for (size_t i = 0; i < n; i++) {
        const json_t *a = json_array_get(an, i);
        const json_t *st = json_object_get(a, "strides");
        char path[64];
        snprintf(path, sizeof path, "analyses[%zu].scheme", i);
        if (!json_is_string(json_object_get(a, "scheme")))
            return plot_missing(c, path, err);
        snprintf(path, sizeof path, "analyses[%zu].strides", i);
        if (!json_is_array(st) || json_array_size(st) != *nstrides || *nstrides == 0)
            return plot_missing(c, path, err);
        for (size_t k = 0; k < *nstrides; k++)
            if (isnan(plot_num(json_array_get(st, k), "worst_degree"))) {
                snprintf(path, sizeof path, "analyses[%zu].strides[%zu].worst_degree", i, k);
                return plot_missing(c, path, err);
            }
    }
    return HAMM_OK;
}

hamm_status plot_conflicts(plot_ctx *c, const json_t *doc, hamm_error *err)
{
    const json_t *an = json_object_get(doc, "analyses");
    size_t nstrides = 0;
    hamm_status st = check(c, an, &nstrides, err);
    if (st != HAMM_OK)
        return st;
    double lanes = plot_num(doc, "lanes");
    plot_fig f;
    char title[192];
    snprintf(title, sizeof title, "Worst conflict degree of %.0f parallel accesses against "
             "their stride, per memory scheme (1: conflict-free)", lanes);
    plot_fig_init(&f, PLOT_LINES, "conflicts-strides", title);
    f.xlabel = "stride (words)";
    f.ylabel = "worst conflict degree";
    f.ylog = 1;
    /* degrees run from 1 to the lanes; a margin keeps points off the frame */
    char yrange[64];
    snprintf(yrange, sizeof yrange, "[0.8:%g]", isnan(lanes) || lanes < 2 ? 2.0 : lanes * 1.25);
    f.yrange = yrange;
    size_t n = json_array_size(an);
    f.nseries = (int)n;
    plot_buf_comment(&f.data, "", f.title);
    plot_buf_comment(&f.data, "trace: ", plot_str(json_object_get(doc, "input"), "path", "?"));
    plot_buf_str(&f.data, "# stride");
    for (size_t i = 0; i < n; i++) {
        const char *s = plot_str(json_array_get(an, i), "scheme", "?");
        plot_buf_str(&f.data, " ");
        escape_line(plot_out(&f.data), s);
        size_t used = strlen(f.panels);
        snprintf(f.panels + used, sizeof f.panels - used, "%s%s", i ? " " : "", s);
    }
    plot_buf_put(&f.data, "\n", 1);
    for (size_t k = 0; k < nstrides; k++) {
        const json_t *first = json_array_get(json_object_get(json_array_get(an, 0), "strides"), k);
        plot_buf_num(&f.data, plot_num(first, "stride"));
        for (size_t i = 0; i < n; i++) {
            const json_t *st_i = json_object_get(json_array_get(an, i), "strides");
            plot_buf_num(&f.data, plot_num(json_array_get(st_i, k), "worst_degree"));
        }
        plot_buf_put(&f.data, "\n", 1);
    }
    return plot_fig_emit(c, &f, err);
}
