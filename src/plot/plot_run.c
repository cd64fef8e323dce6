/* plot_run.c - the figure of a single run: per-channel bars of the predicted efficiency
 * (hamm-predict/1), the measured efficiency and utilization (hamm-simulate/1) or the row
 * locality in trace order (hamm-stats/1). */
#include <stdio.h>
#include <string.h>

#include "plot_internal.h"

#define MAXH 8

/* One bar group per channel: value(channel object, column) for each column. */
typedef double (*column_fn)(const json_t *ch, size_t col, const void *ctx);

static hamm_status per_channel(plot_ctx *c, plot_fig *f, const json_t *doc,
                               const char *const *cols, size_t ncols, column_fn value,
                               const void *ctx, hamm_error *err)
{
    const json_t *channels = json_object_get(doc, "channels");
    if (!json_is_array(channels)) {
        plot_buf_free(&f->data);
        return plot_missing(c, "channels", err);
    }
    f->xlabel = "memory channel";
    f->nseries = (int)ncols;
    plot_buf_comment(&f->data, "", f->title);
    plot_buf_comment(&f->data, "trace: ", plot_str(json_object_get(doc, "input"), "path", "?"));
    plot_buf_str(&f->data, "channel");
    for (size_t k = 0; k < ncols; k++) {
        plot_buf_put(&f->data, " ", 1);
        escape_gp_label(plot_out(&f->data), cols[k]);
    }
    plot_buf_put(&f->data, "\n", 1);
    size_t i;
    json_t *ch;
    char label[32];
    json_array_foreach(channels, i, ch) {
        snprintf(label, sizeof label, "%.0f", plot_num(ch, "channel"));
        escape_gp_label(plot_out(&f->data), label);
        for (size_t k = 0; k < ncols; k++)
            plot_buf_num(&f->data, value(ch, k, ctx));
        plot_buf_put(&f->data, "\n", 1);
    }
    return plot_fig_emit(c, f, err);
}

static double predicted(const json_t *ch, size_t col, const void *ctx)
{
    const char *const *h = ctx;
    return 100 * plot_num(json_object_get(ch, "efficiency"), h[col]);
}

hamm_status plot_predict(plot_ctx *c, const json_t *doc, hamm_error *err)
{
    const char *h[MAXH];
    size_t nh = plot_heuristics(json_object_get(doc, "parameters"), h, MAXH);
    if (nh == 0)
        return plot_missing(c, "parameters.heuristics", err);
    plot_fig f;
    plot_fig_init(&f, PLOT_BARS, "channels-predicted",
                  "Predicted DRAM efficiency per channel, one bar per heuristic");
    f.ylabel = "predicted efficiency (%)";
    f.yrange = "[0:100]";
    f.firststyle = 2; /* each heuristic as in the validate figures */
    return per_channel(c, &f, doc, h, nh, predicted, h, err);
}

static double measured(const json_t *ch, size_t col, const void *ctx)
{
    (void)ctx;
    return 100 * plot_num(json_object_get(ch, "measured"),
                          col == 0 ? "dram_efficiency" : "utilization");
}

hamm_status plot_simulate(plot_ctx *c, const json_t *doc, hamm_error *err)
{
    static const char *const cols[] = {"DRAM efficiency", "DRAM utilization"};
    plot_fig f;
    plot_fig_init(&f, PLOT_BARS, "channels-measured",
                  "Measured DRAM efficiency and utilization per channel (reference engine)");
    f.ylabel = "measured (%)";
    f.yrange = "[0:100]";
    return per_channel(c, &f, doc, cols, 2, measured, NULL, err);
}

static double locality(const json_t *ch, size_t col, const void *ctx)
{
    (void)col;
    (void)ctx;
    return plot_num(ch, "row_locality_requests_per_activate");
}

hamm_status plot_stats(plot_ctx *c, const json_t *doc, hamm_error *err)
{
    static const char *const cols[] = {"in trace order"};
    plot_fig f;
    plot_fig_init(&f, PLOT_BARS, "channels-locality",
                  "Row access locality per channel in trace order (an open-page controller "
                  "serving in order)");
    f.ylabel = "requests per activate";
    return per_channel(c, &f, doc, cols, 1, locality, NULL, err);
}
