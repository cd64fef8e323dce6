/* conflicts_json.c - `hamm stats --conflicts --json`: schema hamm-conflicts/1
 * (docs/JSON.md, docs/BANKED.md). */
#include "hamm/banked.h"
#include "hamm_build_config.h"
#include "report/json_util.h"

/* The groups of each degree that occurred, lowest degree first. */
static json_t *degrees_json(const hamm_conflict_stats *st)
{
    json_t *a = json_array();
    int ok = a != NULL;
    for (uint32_t d = 1; ok && d <= st->max_degree; d++)
        if (st->degree_groups[d])
            report_append(a, json_pack("{s:I, s:I}", "degree", (json_int_t)d, "groups",
                                       (json_int_t)st->degree_groups[d]), &ok);
    return report_checked(a, ok);
}

/* Strides 1 .. max: the degree of `lanes` accesses at base 0 and the worst over bases. */
static json_t *strides_json(hamm_conflicts *c, uint32_t max, json_t **free_list)
{
    json_t *a = json_array();
    *free_list = json_array();
    int ok = a && *free_list;
    for (uint32_t s = 1; ok && s <= max; s++) {
        uint32_t worst = hamm_conflicts_stride_worst(c, s);
        report_append(a, json_pack("{s:I, s:I, s:I}", "stride", (json_int_t)s,
                                   "degree_at_base_0",
                                   (json_int_t)hamm_conflicts_stride_degree(c, 0, s),
                                   "worst_degree", (json_int_t)worst), &ok);
        if (worst == 1)
            report_append(*free_list, json_integer(s), &ok);
    }
    *free_list = report_checked(*free_list, ok);
    return report_checked(a, ok);
}

/* The mean degree over the groups. */
static double mean_degree(const hamm_conflict_stats *st)
{
    double sum = 0.0;
    for (uint32_t d = 1; d <= st->max_degree; d++)
        sum += (double)d * (double)st->degree_groups[d];
    return sum / (double)st->groups;
}

static json_t *analysis_json(hamm_conflicts *c, uint32_t max_stride)
{
    const hamm_banked_scheme *s = hamm_conflicts_scheme(c);
    const hamm_conflict_stats *st = hamm_conflicts_result(c);
    json_t *free_strides = NULL;
    json_t *strides = strides_json(c, max_stride, &free_strides);
    return json_pack("{s:s, s:s, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:o, s:I, s:o, "
                     "s:o, s:o, s:o}",
                     "scheme", s->spec, "kind", hamm_banked_kind_name(s->kind), "modules",
                     (json_int_t)s->modules, "lanes", (json_int_t)s->lanes, "accesses",
                     (json_int_t)st->accesses, "groups", (json_int_t)st->groups, "warp_groups",
                     (json_int_t)st->warp_groups, "window_groups", (json_int_t)st->window_groups,
                     "cycles", (json_int_t)st->cycles, "conflict_free_cycles",
                     (json_int_t)st->conflict_free_cycles, "slowdown",
                     report_ratio(st->cycles, st->conflict_free_cycles), "max_degree",
                     (json_int_t)st->max_degree, "degree_groups", degrees_json(st), "strides",
                     strides, "conflict_free_strides", free_strides, "mean_degree",
                     report_measure(st->groups ? mean_degree(st) : -1.0));
}

char *hamm_report_conflicts_json(const hamm_report_input *in, hamm_conflicts *const *list,
                                 size_t n, uint32_t max_stride)
{
    json_t *analyses = json_array();
    int ok = analyses != NULL;
    for (size_t i = 0; ok && i < n; i++)
        report_append(analyses, analysis_json(list[i], max_stride), &ok);
    analyses = report_checked(analyses, ok);
    const hamm_conflicts_options *o = n ? hamm_conflicts_options_of(list[0]) : NULL;
    uint32_t lanes = n ? hamm_conflicts_scheme(list[0])->lanes : 0;
    json_t *root = json_pack(
        "{s:s, s:s, s:o, s:I, s:I, s:s, s:I, s:I, s:o}", "schema", HAMM_CONFLICTS_SCHEMA,
        "hamm_version", HAMM_VERSION, "input", report_input_json(in), "word_bytes",
        (json_int_t)(o ? o->word_bytes : 0), "lanes", (json_int_t)lanes, "grouping",
        o && o->group ? "window" : "warp-instruction", "window_accesses",
        (json_int_t)(n ? hamm_conflicts_window(list[0]) : 0), "max_stride", (json_int_t)max_stride, "analyses",
        analyses);
    return report_dump(root);
}
