/* sweep_shape.c - what merge copies, checked before it does: a point's hamm-validate/1
 * result and the hamm-sweep-plan/1 plan, field by field as docs/JSON.md defines them.
 * Efficiencies and fractions lie in [0, 1], so errors in percentage points of them lie
 * in [-100, 100] and their absolute statistics in [0, 100]; a relative error
 * 100 (predicted - measured) / measured of a prediction >= 0 is >= -100; counts are whole
 * numbers >= 0. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hamm/config.h"
#include "json_shape.h"
#include "sweep_internal.h"

#define END {NULL, JSON_SHAPE_END, 0, 0, 0, NULL}
#define STRING(k, flags) {k, JSON_SHAPE_STRING, flags, 0, 0, NULL}
#define BOOL(k) {k, JSON_SHAPE_BOOL, 0, 0, 0, NULL}
#define COUNT(k, flags) {k, JSON_SHAPE_COUNT, flags, 0, 0, NULL}
#define NUMBER(k, lo, hi, flags) {k, JSON_SHAPE_NUMBER, flags, lo, hi, NULL}
#define OBJECT(k, fields, flags) {k, JSON_SHAPE_OBJECT, flags, 0, 0, fields}
#define ARRAY(k, each) {k, JSON_SHAPE_ARRAY, 0, 0, 0, each}
#define MAP(k, each) {k, JSON_SHAPE_MAP, 0, 0, 0, each}
#define PER_HEURISTIC(k, each) {k, JSON_SHAPE_PER_NAME, 0, 0, 0, each}

#define NUL JSON_SHAPE_NULL
#define FRACTION(k) NUMBER(k, 0, 1, NUL)
#define POINTS(k) NUMBER(k, -100, 100, NUL)
#define ABS_POINTS(k) NUMBER(k, 0, 100, NUL)
#define NON_NEGATIVE(k, flags) NUMBER(k, 0, INFINITY, flags)
#define RELATIVE(k) NUMBER(k, -100, INFINITY, NUL)

static const json_shape a_string[] = {STRING(NULL, 0)};
static const json_shape a_fraction[] = {FRACTION(NULL)};
static const json_shape an_error[] = {POINTS(NULL)};
static const json_shape suite_fields[] = {STRING("path", 0), STRING("name", 0), END};

/* ---- summary --------------------------------------------------------------- */

static const json_shape stats_fields[] = {
    COUNT("points", 0),          ABS_POINTS("mae_pct"),
    ABS_POINTS("rmse_pct"),      ABS_POINTS("max_abs_error_pct"),
    POINTS("mean_signed_error_pct"), NUMBER("polarity", -1, 1, NUL),
    FRACTION("over_predicted_fraction"), NUMBER("pearson_r", -1, 1, NUL),
    STRING("pearson_r_null_reason", NUL), STRING("polarity_null_reason", NUL),
    END};
static const json_shape stats[] = {OBJECT(NULL, stats_fields, 0)};
static const json_shape stats_per_heuristic[] = {PER_HEURISTIC(NULL, stats)};

static const json_shape relstats_fields[] = {
    COUNT("points", 0), NON_NEGATIVE("geomean_abs_error_pct", NUL),
    NON_NEGATIVE("mean_abs_error_pct", NUL), RELATIVE("mean_signed_error_pct"),
    NON_NEGATIVE("max_abs_error_pct", NUL), COUNT("within_10pct", 0),
    END};
static const json_shape variants_fields[] = {OBJECT("plain", relstats_fields, 0),
                                             OBJECT("combined", relstats_fields, 0), END};
static const json_shape scopes_fields[] = {OBJECT("per_kernel", variants_fields, 0),
                                           OBJECT("per_workload", variants_fields, 0), END};
static const json_shape scopes[] = {OBJECT(NULL, scopes_fields, 0)};
static const json_shape mwp_summary_fields[] = {OBJECT("per_kernel", variants_fields, 0),
                                                OBJECT("per_workload", variants_fields, 0),
                                                MAP("per_group", scopes), END};

static const json_shape summary_fields[] = {
    PER_HEURISTIC("per_entry", stats), PER_HEURISTIC("per_channel", stats),
    MAP("per_model", stats_per_heuristic),
    OBJECT("mwp", mwp_summary_fields, JSON_SHAPE_OPTIONAL), END};

/* ---- entries ----------------------------------------------------------------- */

static const json_shape channel_fields[] = {
    COUNT("channel", 0), COUNT("requests", 0), FRACTION("measured_dram_efficiency"),
    NON_NEGATIVE("measured_row_locality_requests_per_activate", NUL),
    NON_NEGATIVE("queue_occupancy_avg_requests", NUL), PER_HEURISTIC("predicted", a_fraction),
    PER_HEURISTIC("error_pct", an_error), END};
static const json_shape channel[] = {OBJECT(NULL, channel_fields, 0)};

static const json_shape prediction_fields[] = {
    NON_NEGATIVE("total_cycles", 0), STRING("case", 0), STRING("limiter", 0),
    BOOL("issue_bound_applied"), RELATIVE("error_pct"), END};
static const json_shape kernel_fields[] = {
    COUNT("kernel", 0), STRING("name", 0), COUNT("measured_core_cycles", 0),
    FRACTION("dram_efficiency"), OBJECT("plain", prediction_fields, 0),
    OBJECT("combined", prediction_fields, 0), END};
static const json_shape kernel[] = {OBJECT(NULL, kernel_fields, 0)};
static const json_shape variant_fields[] = {STRING("dram_efficiency", 0), BOOL("issue_bound"),
                                            BOOL("queueing"), END};
static const json_shape total_fields[] = {
    NON_NEGATIVE("measured_core_cycles", 0), NON_NEGATIVE("plain_cycles", 0),
    NON_NEGATIVE("combined_cycles", 0), RELATIVE("plain_error_pct"),
    RELATIVE("combined_error_pct"), END};
static const json_shape entry_mwp_fields[] = {
    STRING("group", 0), STRING("machine", 0), STRING("machine_file", 0),
    STRING("machine_name", 0), OBJECT("combined_variant", variant_fields, 0),
    ARRAY("kernels", kernel), OBJECT("total", total_fields, 0), END};

static const json_shape capacity_fields[] = {COUNT("capacity_bytes", NUL), COUNT("requests", 0),
                                             STRING("first_address", NUL), END};
static const json_shape measured_fields[] = {
    FRACTION("dram_efficiency"), FRACTION("utilization"),
    NON_NEGATIVE("row_locality_requests_per_activate", NUL),
    NON_NEGATIVE("queue_occupancy_avg_requests", NUL), END};
/* model_config is the model as the config loader wrote it: merge compares it with the
 * first result's (sweep_merge_check.c) rather than checking it field by field here. */
static const json_shape entry_fields[] = {
    STRING("name", 0), STRING("trace", 0), COUNT("trace_size_bytes", NUL),
    STRING("trace_hash", NUL), STRING("format", 0), COUNT("request_size_bytes", 0),
    MAP("set", a_string), STRING("model", 0), STRING("policy", 0), STRING("replay", 0),
    COUNT("queue_size", 0), COUNT("chips_per_channel", 0),
    OBJECT("beyond_capacity", capacity_fields, 0), MAP("model_config", NULL),
    COUNT("requests", 0), OBJECT("measured", measured_fields, 0),
    PER_HEURISTIC("predicted", a_fraction),
    NON_NEGATIVE("predicted_row_locality_requests_per_activate", NUL),
    PER_HEURISTIC("error_pct", an_error), ARRAY("channels", channel),
    OBJECT("mwp", entry_mwp_fields, JSON_SHAPE_OPTIONAL), END};
static const json_shape entry[] = {OBJECT(NULL, entry_fields, 0)};

/* A result in two parts: the heuristics are known to be hamm's before the values kept
 * per heuristic are checked. */
static const json_shape result_head_fields[] = {
    STRING("schema", 0), STRING("hamm_version", 0), OBJECT("suite", suite_fields, 0),
    MAP("overrides", a_string), ARRAY("heuristics", a_string), END};
static const json_shape result_body_fields[] = {ARRAY("entries", entry),
                                                OBJECT("summary", summary_fields, 0), END};

/* ---- the plan ------------------------------------------------------------------ */

static const json_shape linked_fields[] = {STRING("key", 0), ARRAY("values", a_string), END};
static const json_shape linked[] = {OBJECT(NULL, linked_fields, 0)};
static const json_shape axis_fields[] = {
    STRING("key", 0), ARRAY("values", a_string),
    {"with", JSON_SHAPE_ARRAY, JSON_SHAPE_OPTIONAL, 0, 0, linked}, END};
static const json_shape axis[] = {OBJECT(NULL, axis_fields, 0)};
static const json_shape plan_point_fields[] = {COUNT("index", 0), MAP("set", a_string),
                                               STRING("output", 0), STRING("command", 0), END};
static const json_shape plan_point[] = {OBJECT(NULL, plan_point_fields, 0)};
static const json_shape plan_fields[] = {
    STRING("schema", 0), STRING("hamm_version", 0), OBJECT("suite", suite_fields, 0),
    ARRAY("sets", a_string), ARRAY("grid", axis), ARRAY("points", plan_point), END};

/* Each of the result's heuristics is one hamm knows, named once. */
static hamm_status heuristics_known(const json_t *doc, const char *path, hamm_error *err)
{
    const json_t *names = json_object_get(doc, "heuristics");
    size_t i, j;
    const json_t *name;
    json_array_foreach(names, i, name) {
        hamm_heuristic h;
        char field[48];
        snprintf(field, sizeof field, "heuristics[%zu]", i);
        if (hamm_heuristic_from_name(json_string_value(name), &h, NULL) != HAMM_OK)
            return hamm_error_at(err, HAMM_ERR_FORMAT, HAMM_IN(path), field,
                                 "'%s' is not a heuristic of hamm", json_string_value(name));
        for (j = 0; j < i; j++)
            if (json_equal(name, json_array_get(names, j)))
                return hamm_error_at(err, HAMM_ERR_FORMAT, HAMM_IN(path), field,
                                     "'%s' is named twice", json_string_value(name));
    }
    return HAMM_OK;
}

/* The keys of summary object `obj` (at JSON path `at`) are the values that the entries
 * give `key` (in entry.mwp when `in_mwp`), no more and no fewer: a system model's
 * statistics for each model that ran, an MWP group's for each group. */
static hamm_status keys_of_entries(const json_t *doc, const json_t *obj, const char *at,
                                   const char *key, int in_mwp, const char *path,
                                   hamm_error *err)
{
    size_t i;
    const json_t *e;
    char field[128];
    json_array_foreach(json_object_get(doc, "entries"), i, e) {
        const char *name = json_string_value(json_object_get(in_mwp ? json_object_get(e, "mwp")
                                                                    : e, key));
        snprintf(field, sizeof field, "%s.%s", at, name ? name : "");
        if (name && !json_object_get(obj, name))
            return hamm_error_at(err, HAMM_ERR_FORMAT, HAMM_IN(path), field,
                                 "missing (entries[%zu] has this %s)", i, key);
    }
    const char *k;
    const json_t *v;
    json_object_foreach((json_t *)obj, k, v) {
        int found = 0;
        json_array_foreach(json_object_get(doc, "entries"), i, e) {
            const json_t *name = json_object_get(in_mwp ? json_object_get(e, "mwp") : e, key);
            found |= json_is_string(name) && strcmp(json_string_value(name), k) == 0;
        }
        snprintf(field, sizeof field, "%s.%s", at, k);
        if (!found)
            return hamm_error_at(err, HAMM_ERR_FORMAT, HAMM_IN(path), field,
                                 "no entry has this %s", key);
    }
    return HAMM_OK;
}

/* What the summary holds per model and per MWP group matches the entries; summary.mwp is
 * there exactly when an entry has MWP kernels (validate_json.c writes it so). */
static hamm_status summary_matches_entries(const json_t *doc, const char *path,
                                           hamm_error *err)
{
    const json_t *summary = json_object_get(doc, "summary");
    const json_t *mwp = json_object_get(summary, "mwp");
    hamm_status st = keys_of_entries(doc, json_object_get(summary, "per_model"),
                                     "summary.per_model", "model", 0, path, err);
    int mwp_entries = 0;
    size_t i;
    const json_t *e;
    json_array_foreach(json_object_get(doc, "entries"), i, e)
        mwp_entries |= json_array_size(json_object_get(json_object_get(e, "mwp"), "kernels")) > 0;
    if (st == HAMM_OK && mwp_entries != (mwp != NULL))
        return hamm_error_at(err, HAMM_ERR_FORMAT, HAMM_IN(path), "summary.mwp",
                             mwp ? "present, but no entry has MWP kernels"
                                 : "missing (an object: entries have MWP kernels)");
    if (st == HAMM_OK && mwp)
        st = keys_of_entries(doc, json_object_get(mwp, "per_group"), "summary.mwp.per_group",
                             "group", 1, path, err);
    return st;
}

hamm_status sweep_result_shape(const json_t *doc, const char *path, hamm_error *err)
{
    hamm_status st = json_shape_check(doc, result_head_fields, NULL, path, err);
    if (st == HAMM_OK)
        st = heuristics_known(doc, path, err);
    if (st == HAMM_OK)
        st = json_shape_check(doc, result_body_fields, "heuristics", path, err);
    return st == HAMM_OK ? summary_matches_entries(doc, path, err) : st;
}

hamm_status sweep_plan_shape(const json_t *plan, const char *path, hamm_error *err)
{
    return json_shape_check(plan, plan_fields, NULL, path, err);
}
