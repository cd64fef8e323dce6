/* plot_mwp_cycles.c - the MWP/CWP figure of a hamm-validate/1 document whose suite has "mwp"
 * entries: predicted against simulated core cycles per kernel, log-log, the plain model
 * (Hong & Kim) and the combined one as two point styles (docs/MWP.md, "Validation"). */
#include <math.h>
#include <stdio.h>

#include "plot_internal.h"

int plot_has_mwp(const json_t *doc)
{
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(doc, "entries"), i, e)
        if (json_is_object(json_object_get(e, "mwp")))
            return 1;
    return 0;
}

/* A prediction's cycles, NaN when missing or not above 0 (a log axis cannot show it). */
static double cycles(const json_t *k, const char *model)
{
    double v = plot_num(json_object_get(k, model), "total_cycles");
    return v > 0 ? v : NAN;
}

static void kernel_rows(plot_fig *f, const json_t *e)
{
    size_t i;
    json_t *k;
    json_array_foreach(json_object_get(json_object_get(e, "mwp"), "kernels"), i, k) {
        double m = plot_num(k, "measured_core_cycles");
        escape_gp_label(plot_out(&f->data), plot_str(e, "name", "?"));
        plot_buf_str(&f->data, " ");
        escape_gp_label(plot_out(&f->data), plot_str(k, "name", "?"));
        plot_buf_num(&f->data, m > 0 ? m : NAN);
        plot_buf_num(&f->data, cycles(k, "plain"));
        plot_buf_num(&f->data, cycles(k, "combined"));
        plot_buf_put(&f->data, "\n", 1);
    }
}

/* Whether every mwp entry's combined model is `variant` (issue_bound, queueing), so the
 * legend names only what all its points share. */
static int all_entries(const json_t *doc, const char *variant)
{
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(doc, "entries"), i, e) {
        json_t *mwp = json_object_get(e, "mwp");
        if (json_is_object(mwp) &&
            !json_is_true(json_object_get(json_object_get(mwp, "combined_variant"), variant)))
            return 0;
    }
    return 1;
}

hamm_status plot_mwp(plot_ctx *c, const json_t *doc, hamm_error *err)
{
    plot_fig f;
    plot_fig_init(&f, PLOT_LOGLOG, "mwp-cycles",
                  "MWP/CWP: predicted against simulated core cycles, one point per kernel; "
                  "dashed: predicted = measured, grey: within 10%");
    f.xlabel = "simulated (core cycles, GPU engine)";
    f.ylabel = "predicted (core cycles)";
    f.nseries = 2;
    snprintf(f.panels, sizeof f.panels, "plain combined");
    plot_buf_comment(&f.data, "", f.title);
    plot_buf_str(&f.data, "entry kernel measured ");
    escape_gp_label(plot_out(&f.data), "plain (Hong & Kim)");
    plot_buf_str(&f.data, " ");
    int ib = all_entries(doc, "issue_bound"), q = all_entries(doc, "queueing");
    char combined[64];
    snprintf(combined, sizeof combined, "combined (E%s%s)", ib ? ", issue bound" : "",
             q ? ", queueing" : "");
    escape_gp_label(plot_out(&f.data), combined);
    plot_buf_str(&f.data, "\n");
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(doc, "entries"), i, e)
        if (json_is_object(json_object_get(e, "mwp")))
            kernel_rows(&f, e);
    return plot_fig_emit(c, &f, err);
}
