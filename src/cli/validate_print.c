/* validate_print.c - a hamm-validate/1 document for people: the table, CSV and a LaTeX
 * table to paste into a paper.  All three read the same document the JSON writer writes. */
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "validate_print.h"

/* The number at key k of o; 0 when it is null or absent. */
static int num(const json_t *o, const char *k, double *v)
{
    json_t *x = json_object_get(o, k);
    if (!json_is_number(x))
        return 0;
    *v = json_number_value(x);
    return 1;
}

static const char *str(const json_t *o, const char *k)
{
    const char *s = json_string_value(json_object_get(o, k));
    return s ? s : "";
}

/* "%*.*f" of scale*value, or "-" when null. */
static void cell(FILE *out, const json_t *o, const char *k, int width, int prec, double scale,
                 const char *fmt_sign)
{
    double v;
    if (!num(o, k, &v))
        fprintf(out, " %*s", width, "-");
    else
        fprintf(out, fmt_sign[0] ? " %+*.*f" : " %*.*f", width, prec, scale * v);
}

static void print_entry(FILE *out, const json_t *doc, const json_t *e)
{
    fprintf(out, "%-28s %-16s %9lld", str(e, "name"), str(e, "model"),
            (long long)json_integer_value(json_object_get(e, "requests")));
    const json_t *m = json_object_get(e, "measured");
    cell(out, m, "dram_efficiency", 8, 1, 100.0, "");
    cell(out, m, "row_locality_requests_per_activate", 8, 2, 1.0, "");
    cell(out, m, "queue_occupancy_avg_requests", 6, 1, 1.0, "");
    size_t i;
    json_t *h;
    json_array_foreach(json_object_get(doc, "heuristics"), i, h) {
        cell(out, json_object_get(e, "predicted"), json_string_value(h), 7, 1, 100.0, "");
        cell(out, json_object_get(e, "error_pct"), json_string_value(h), 7, 1, 1.0, "+");
    }
    fputc('\n', out);
}

static void print_stats(FILE *out, int width, const char *scope, const char *heur,
                        const json_t *t)
{
    fprintf(out, "%-*s %-16s %6lld", width, scope, heur,
            (long long)json_integer_value(json_object_get(t, "points")));
    cell(out, t, "mae_pct", 7, 2, 1.0, "");
    cell(out, t, "rmse_pct", 7, 2, 1.0, "");
    cell(out, t, "max_abs_error_pct", 7, 2, 1.0, "");
    cell(out, t, "mean_signed_error_pct", 8, 2, 1.0, "+");
    cell(out, t, "polarity", 8, 2, 1.0, "+");
    cell(out, t, "over_predicted_fraction", 6, 2, 1.0, "");
    cell(out, t, "pearson_r", 9, 3, 1.0, "");
    fputc('\n', out);
}

static void print_summary(FILE *out, const json_t *doc)
{
    fprintf(out, "\nerror statistics (pp; error = predicted - measured)\n%-12s %-16s %6s %7s %7s "
                 "%7s %8s %8s %6s %9s\n", "over", "heuristic", "points", "MAE", "RMSE", "max",
            "mean", "polarity", "over", "pearson_r");
    const char *scopes[2] = {"per_entry", "per_channel"};
    for (int s = 0; s < 2; s++) {
        const json_t *by = json_object_get(json_object_get(doc, "summary"), scopes[s]);
        const char *k;
        json_t *t;
        json_object_foreach((json_t *)by, k, t)
            print_stats(out, 12, s ? "channels" : "entries", k, t);
    }
    const json_t *models = json_object_get(json_object_get(doc, "summary"), "per_model");
    if (json_object_size(models) == 0)
        return;
    fprintf(out, "\nper system model (over its entries)\n%-16s %-16s %6s %7s %7s %7s %8s %8s "
                 "%6s %9s\n", "model", "heuristic", "points", "MAE", "RMSE", "max", "mean",
            "polarity", "over", "pearson_r");
    const char *model;
    json_t *by;
    json_object_foreach((json_t *)models, model, by) {
        const char *k;
        json_t *t;
        json_object_foreach(by, k, t)
            print_stats(out, 16, model, k, t);
    }
}

static void print_mwp_rows(FILE *out, const json_t *e)
{
    size_t i;
    json_t *k;
    json_array_foreach(json_object_get(json_object_get(e, "mwp"), "kernels"), i, k) {
        const json_t *p = json_object_get(k, "plain"), *c = json_object_get(k, "combined");
        fprintf(out, "%-20.20s %-22.22s %10lld", str(e, "name"), str(k, "name"),
                (long long)json_integer_value(json_object_get(k, "measured_core_cycles")));
        cell(out, k, "dram_efficiency", 5, 2, 1.0, "");
        cell(out, p, "total_cycles", 10, 0, 1.0, "");
        cell(out, p, "error_pct", 7, 1, 1.0, "+");
        cell(out, c, "total_cycles", 10, 0, 1.0, "");
        cell(out, c, "error_pct", 7, 1, 1.0, "+");
        fprintf(out, " %s%s\n", str(c, "limiter"),
                json_is_true(json_object_get(c, "issue_bound_applied")) ? " (issue bound)" : "");
    }
}

static void print_mwp_stats(FILE *out, const char *group, const json_t *by)
{
    const char *scopes[2] = {"per_kernel", "per_workload"}, *models[2] = {"plain", "combined"};
    for (int sc = 0; sc < 2; sc++)
        for (int m = 0; m < 2; m++) {
            const json_t *t = json_object_get(json_object_get(by, scopes[sc]), models[m]);
            fprintf(out, "%-33.33s %-10s %-9s %6lld", group, sc ? "workloads" : "kernels",
                    models[m], (long long)json_integer_value(json_object_get(t, "points")));
            cell(out, t, "geomean_abs_error_pct", 8, 2, 1.0, "");
            cell(out, t, "mean_abs_error_pct", 8, 2, 1.0, "");
            cell(out, t, "mean_signed_error_pct", 8, 2, 1.0, "+");
            cell(out, t, "max_abs_error_pct", 8, 2, 1.0, "");
            fprintf(out, " %7lld\n",
                    (long long)json_integer_value(json_object_get(t, "within_10pct")));
        }
}

/* The MWP/CWP entries' kernels and the relative-error statistics (docs/MWP.md,
 * "Validation"); nothing when the suite has none. */
static void print_mwp(FILE *out, const json_t *doc)
{
    const json_t *sum = json_object_get(json_object_get(doc, "summary"), "mwp");
    if (!sum)
        return;
    fprintf(out, "\nMWP/CWP against the GPU engine (core cycles; error = (predicted - measured) / "
                 "measured, %%)\n%-20s %-22s %10s %5s %10s %7s %10s %7s %s\n", "entry",
            "kernel", "measured", "E", "plain", "error", "combined", "error", "limiter");
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(doc, "entries"), i, e)
        print_mwp_rows(out, e);
    fprintf(out, "\n%-33s %-10s %-9s %6s %8s %8s %8s %8s %7s\n", "group", "over", "model",
            "points", "geomean", "mean|e|", "mean", "max", "<=10%");
    print_mwp_stats(out, "all", sum);
    const char *g;
    json_t *by;
    json_object_foreach(json_object_get(sum, "per_group"), g, by)
        print_mwp_stats(out, g, by);
}


void cli_validate_table(FILE *out, const json_t *doc)
{
    const json_t *suite = json_object_get(doc, "suite");
    const json_t *entries = json_object_get(doc, "entries");
    fprintf(out, "suite      %s (%s): %zu entries\n", str(suite, "name"), str(suite, "path"),
            json_array_size(entries));
    const char *k;
    json_t *v;
    fprintf(out, "overrides ");
    json_object_foreach(json_object_get(doc, "overrides"), k, v)
        fprintf(out, " %s=%s", k, json_string_value(v));
    if (json_object_size(json_object_get(doc, "overrides")) == 0)
        fprintf(out, " none");
    fprintf(out, "\nmeasured: the engine; predicted: the hybrid model; means over channels "
                 "with requests\n\n%-28s %-16s %9s %8s %8s %6s", "entry", "model", "requests",
            "measured", "req/act", "queue");
    size_t i;
    json_t *h;
    json_array_foreach(json_object_get(doc, "heuristics"), i, h)
        fprintf(out, " %15.15s", json_string_value(h));
    fputc('\n', out);
    json_array_foreach(entries, i, v)
        print_entry(out, doc, v);
    print_summary(out, doc);
    print_mwp(out, doc);
}

void cli_validate_progress_start(cli_validate_progress *p, const char *what)
{
    p->enabled = isatty(STDERR_FILENO);
    p->what = what;
}

void cli_validate_progress_fn(void *user, size_t done, size_t total)
{
    cli_validate_progress *p = user;
    if (!p->enabled)
        return;
    int width = 30, filled = total ? (int)(width * done / total) : width;
    fprintf(stderr, "\rhamm: %s [%.*s%*s] %zu/%zu entries ", p->what, filled,
            "##############################", width - filled, "", done, total);
    fflush(stderr);
}

void cli_validate_progress_end(cli_validate_progress *p)
{
    if (p->enabled) {
        fprintf(stderr, "\r%78s\r", "");
        fflush(stderr);
    }
}

unsigned cli_default_jobs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 1024 ? 1024 : (unsigned)n;
}
