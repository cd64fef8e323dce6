/* validate_export.c - a hamm-validate/1 document as CSV (for spreadsheets and scripts) and
 * as a LaTeX table (for papers).  Every name goes through common/escape.h: a suite's, a
 * model's or an entry's name may hold anything. */
#include "common/escape.h"
#include "validate_print.h"

/* A CSV field: the number with 15 significant digits (as the JSON), empty when null. */
static void csv_num(FILE *out, const json_t *v)
{
    if (json_is_integer(v))
        fprintf(out, ",%lld", (long long)json_integer_value(v));
    else if (json_is_real(v))
        fprintf(out, ",%.15g", json_real_value(v));
    else
        fputc(',', out);
}

/* A text field and the comma after it. */
static void csv_text(FILE *out, const char *s)
{
    escape_csv(escape_to_file(out), s);
    fputc(',', out);
}

static void csv_row(FILE *out, const json_t *doc, const json_t *e, const json_t *row,
                    const char *channel, int is_entry)
{
    static const char *const keys[] = {"name", "model", "policy", "replay"};
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
        csv_text(out, json_string_value(json_object_get(e, keys[k])));
    escape_csv(escape_to_file(out), channel);
    csv_num(out, json_object_get(row, "requests"));
    const json_t *m = is_entry ? json_object_get(row, "measured") : row;
    csv_num(out, json_object_get(m, is_entry ? "dram_efficiency" : "measured_dram_efficiency"));
    csv_num(out, json_object_get(m, is_entry ? "row_locality_requests_per_activate"
                                             : "measured_row_locality_requests_per_activate"));
    csv_num(out, json_object_get(m, "queue_occupancy_avg_requests"));
    const char *parts[2] = {"predicted", "error_pct"};
    for (int p = 0; p < 2; p++) {
        size_t i;
        json_t *h;
        json_array_foreach(json_object_get(doc, "heuristics"), i, h)
            csv_num(out, json_object_get(json_object_get(row, parts[p]), json_string_value(h)));
    }
    fputc('\n', out);
}

void cli_validate_csv(FILE *out, const json_t *doc)
{
    fprintf(out, "entry,model,policy,replay,channel,requests,measured_dram_efficiency,"
                 "measured_row_locality_requests_per_activate,queue_occupancy_avg_requests");
    const char *parts[2] = {"predicted", "error_pct"};
    for (int p = 0; p < 2; p++) {
        size_t i;
        json_t *h;
        json_array_foreach(json_object_get(doc, "heuristics"), i, h) {
            char column[256];
            snprintf(column, sizeof column, "%s_%s", parts[p], json_string_value(h));
            fputc(',', out);
            escape_csv(escape_to_file(out), column);
        }
    }
    fputc('\n', out);
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(doc, "entries"), i, e) {
        csv_row(out, doc, e, e, "all", 1);
        size_t c;
        json_t *ch;
        json_array_foreach(json_object_get(e, "channels"), c, ch) {
            char label[24];
            snprintf(label, sizeof label, "%lld",
                     (long long)json_integer_value(json_object_get(ch, "channel")));
            csv_row(out, doc, e, ch, label, 0);
        }
    }
}

/* scale * v with `prec` decimals (and a sign), or "--" when null. */
static void tex_num(FILE *out, const json_t *v, double scale, int prec, int sign)
{
    if (json_is_number(v))
        fprintf(out, sign ? "%+.*f" : "%.*f", prec, scale * json_number_value(v));
    else
        fputs("--", out);
}

static void tex_entry(FILE *out, const json_t *hs, const json_t *e)
{
    escape_latex(escape_to_file(out), json_string_value(json_object_get(e, "name")));
    fputs(" & ", out);
    escape_latex(escape_to_file(out), json_string_value(json_object_get(e, "model")));
    fputs(" & ", out);
    tex_num(out, json_object_get(json_object_get(e, "measured"), "dram_efficiency"), 100.0, 1, 0);
    size_t i;
    json_t *h;
    json_array_foreach(hs, i, h) {
        const char *k = json_string_value(h);
        fputs(" & ", out);
        tex_num(out, json_object_get(json_object_get(e, "predicted"), k), 100.0, 1, 0);
        fputs(" (", out);
        tex_num(out, json_object_get(json_object_get(e, "error_pct"), k), 1.0, 1, 1);
        fputs(")", out);
    }
    fputs(" \\\\\n", out);
}

/* One statistic of the per-entry summary across the heuristics. */
static void tex_stat(FILE *out, const json_t *doc, const char *label, const char *key, int prec,
                     int sign)
{
    const json_t *by = json_object_get(json_object_get(doc, "summary"), "per_entry");
    fprintf(out, "%s & &", label);
    size_t i;
    json_t *h;
    json_array_foreach(json_object_get(doc, "heuristics"), i, h) {
        fputs(" & ", out);
        tex_num(out, json_object_get(json_object_get(by, json_string_value(h)), key), 1.0, prec,
                sign);
    }
    fputs(" \\\\\n", out);
}

void cli_validate_latex(FILE *out, const json_t *doc)
{
    const json_t *hs = json_object_get(doc, "heuristics");
    const json_t *suite = json_object_get(doc, "suite");
    fputs("% hamm validate, suite ", out);
    escape_line(escape_to_file(out), json_string_value(json_object_get(suite, "name")));
    fputs(": DRAM efficiency (%) measured by the reference engine and predicted by the\n"
          "% hybrid model (error = predicted - measured, percentage points).  Needs booktabs.\n"
          "\\begin{tabular}{ll", out);
    for (size_t i = 0; i <= json_array_size(hs); i++)
        fputc('r', out);
    fputs("}\n\\toprule\nBenchmark & System & Measured", out);
    size_t i;
    json_t *h;
    json_array_foreach(hs, i, h) {
        fputs(" & ", out);
        escape_latex(escape_to_file(out), json_string_value(h));
    }
    fputs(" \\\\\n\\midrule\n", out);
    json_t *e;
    json_array_foreach(json_object_get(doc, "entries"), i, e)
        tex_entry(out, hs, e);
    fputs("\\midrule\n", out);
    tex_stat(out, doc, "MAE (pp)", "mae_pct", 1, 0);
    tex_stat(out, doc, "RMSE (pp)", "rmse_pct", 1, 0);
    tex_stat(out, doc, "Max.\\ error (pp)", "max_abs_error_pct", 1, 0);
    tex_stat(out, doc, "Mean signed error (pp)", "mean_signed_error_pct", 1, 1);
    tex_stat(out, doc, "Polarity", "polarity", 2, 1);
    tex_stat(out, doc, "Pearson $r$", "pearson_r", 3, 0);
    fputs("\\bottomrule\n\\end{tabular}\n", out);
}
