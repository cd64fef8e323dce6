/* sweep_doc.c - the hamm-sweep/1 document, built the same way by `hamm sweep` and by
 * `hamm merge` (so the two agree byte for byte), and its table for people. */
#include <string.h>

#include "cli.h"
#include "hamm_build_config.h"
#include "sweep.h"

void sweep_point_name(char *buf, size_t size, size_t index)
{
    snprintf(buf, size, "point-%04zu.json", index);
}

json_t *sweep_doc(const char *suite_path, const char *suite_name, json_t *grid, json_t *points)
{
    return json_pack("{s:s, s:s, s:{s:s, s:s}, s:o, s:o}", "schema", HAMM_SWEEP_SCHEMA,
                     "hamm_version", HAMM_VERSION, "suite", "path", suite_path, "name",
                     suite_name, "grid", grid, "points", points);
}

json_t *sweep_point(size_t index, json_t *set, json_t *result)
{
    return json_pack("{s:I, s:o, s:o}", "index", (json_int_t)index, "set", set, "result",
                     result);
}

static void print_mae(FILE *out, const json_t *pt, const json_t *heuristics)
{
    const json_t *result = json_object_get(pt, "result");
    const json_t *by = json_object_get(json_object_get(result, "summary"), "per_entry");
    size_t i;
    json_t *h;
    json_array_foreach(heuristics, i, h) {
        json_t *v = json_object_get(json_object_get(by, json_string_value(h)), "mae_pct");
        if (json_is_number(v))
            fprintf(out, " %15.2f", json_number_value(v));
        else
            fprintf(out, " %15s", "-");
    }
}

void sweep_table(FILE *out, const json_t *doc)
{
    const json_t *points = json_object_get(doc, "points");
    const json_t *first = json_object_get(json_array_get(points, 0), "result");
    const json_t *heuristics = json_object_get(first, "heuristics");
    const json_t *suite = json_object_get(doc, "suite");
    fprintf(out, "suite      %s (%s): %zu points\nMAE over entries (pp) at each point\n\n%6s",
            json_string_value(json_object_get(suite, "name")),
            json_string_value(json_object_get(suite, "path")), json_array_size(points), "point");
    size_t i;
    json_t *x;
    json_array_foreach(json_object_get(doc, "grid"), i, x)
        fprintf(out, " %16.16s", json_string_value(json_object_get(x, "key")));
    json_array_foreach(heuristics, i, x)
        fprintf(out, " %15.15s", json_string_value(x));
    fputc('\n', out);
    json_t *pt;
    json_array_foreach(points, i, pt) {
        fprintf(out, "%6zu", i);
        size_t a;
        json_array_foreach(json_object_get(doc, "grid"), a, x) /* linked keys not shown */
            fprintf(out, " %16.16s",
                    json_string_value(json_object_get(json_object_get(pt, "set"),
                                                      json_string_value(json_object_get(x, "key")))));
        print_mae(out, pt, heuristics);
        fputc('\n', out);
    }
}
