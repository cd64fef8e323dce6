/* validate_json.c - the hamm-validate/1 document (docs/JSON.md) from the entries' results:
 * per channel, per entry, and the error statistics over entries and over channels. */
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "config/config_json.h"
#include "hamm/errstats.h"
#include "hamm_build_config.h"
#include "report/json_util.h"
#include "validate_internal.h"

char *hamm_json_text(json_t *doc)
{
    return report_dump(doc);
}

static json_t *error_pct(double predicted, double measured)
{
    if (predicted < 0.0 || measured < 0.0)
        return json_null();
    return json_real(100.0 * (predicted - measured));
}

/* {heuristic: predicted} or, with `measured` >= 0 ... {heuristic: error in pp}. */
static json_t *by_heuristic(unsigned heuristics, const double *predicted, double measured,
                            int errors)
{
    json_t *o = json_object();
    int ok = o != NULL;
    for (int h = 0; ok && h < HAMM_HEUR_COUNT; h++)
        if (heuristics & (1u << h))
            report_set(o, hamm_heuristic_name((hamm_heuristic)h),
                       errors ? error_pct(predicted[h], measured) : report_measure(predicted[h]),
                       &ok);
    return report_checked(o, ok);
}

static json_t *channel_json(unsigned hs, const channel_point *p)
{
    return json_pack("{s:I, s:I, s:o, s:o, s:o, s:o, s:o}", "channel", (json_int_t)p->channel,
                     "requests", (json_int_t)p->requests, "measured_dram_efficiency",
                     report_measure(p->measured), "measured_row_locality_requests_per_activate",
                     report_measure(p->locality), "queue_occupancy_avg_requests",
                     report_measure(p->occupancy), "predicted",
                     by_heuristic(hs, p->predicted, 0.0, 0), "error_pct",
                     by_heuristic(hs, p->predicted, p->measured, 1));
}

static uint32_t request_size(const suite_entry *e)
{
    return e->request_size ? e->request_size : HAMM_DEFAULT_REQUEST_SIZE;
}

static json_t *entry_json_base(const hamm_suite *s, size_t i, const entry_result *r);

/* An entry; an "mwp" entry has an "mwp" object besides (absent from the others). */
static json_t *entry_json(const hamm_suite *s, size_t i, const entry_result *r)
{
    json_t *o = entry_json_base(s, i, r);
    hamm_mwp_validation v = entry_mwp_validation(&s->entries[i]);
    if (o && s->entries[i].mwp_machine &&
        json_object_set_new(o, "mwp", hamm_mwp_validation_json(&v, &r->mwp)) != 0) {
        json_decref(o);
        return NULL;
    }
    return o;
}

static json_t *entry_json_base(const hamm_suite *s, size_t i, const entry_result *r)
{
    json_t *channels = json_array();
    int ok = channels != NULL;
    for (size_t c = 0; ok && c < r->nchannels; c++)
        report_append(channels, channel_json(s->heuristics, &r->channels[c]), &ok);
    channels = report_checked(channels, ok);
    const suite_entry *e = &s->entries[i];
    json_t *measured = json_pack(
        "{s:o, s:o, s:o, s:o}", "dram_efficiency", report_measure(r->measured), "utilization",
        report_measure(r->utilization), "row_locality_requests_per_activate",
        report_measure(r->locality), "queue_occupancy_avg_requests",
        report_measure(r->occupancy));
    return json_pack("{s:s, s:s, s:o, s:o, s:s, s:I, s:o, s:s, s:s, s:s, s:I, s:I, s:o, "
                     "s:I, s:o, s:o, s:o, s:o, s:o, s:o}",
                     "name", e->name, "trace", e->trace, "trace_size_bytes",
                     report_file_size(&r->trace_id), "trace_hash", report_file_hash(&r->trace_id),
                     "format", r->format, "request_size_bytes", (json_int_t)request_size(e),
                     "set", report_overrides_json((const char *const *)e->sets, e->nsets),
                     "model", r->model,
                     "policy", hamm_scheduler_name(r->policy), "replay",
                     hamm_replay_name(e->replay), "queue_size", (json_int_t)r->queue_size,
                     "chips_per_channel", (json_int_t)r->chips_per_channel, "model_config",
                     config_to_json_value(&r->config), "requests",
                     (json_int_t)r->requests, "beyond_capacity",
                     report_capacity_json(&r->capacity), "measured", measured, "predicted",
                     by_heuristic(s->heuristics, r->predicted, 0.0, 0),
                     "predicted_row_locality_requests_per_activate",
                     report_measure(r->predicted_locality), "error_pct",
                     by_heuristic(s->heuristics, r->predicted, r->measured, 1), "channels",
                     channels);
}

static json_t *maybe(int defined, double v)
{
    return defined ? json_real(v) : json_null();
}

static json_t *reason(const char *why)
{
    return why ? json_string(why) : json_null();
}

/* One STATS object (docs/JSON.md). */
static json_t *validate_stats_json(const hamm_errstats *t)
{
    int n = t->points > 0;
    return json_pack("{s:I, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "points",
                     (json_int_t)t->points, "mae_pct", maybe(n, t->mae_pct), "rmse_pct",
                     maybe(n, t->rmse_pct), "max_abs_error_pct", maybe(n, t->max_abs_error_pct),
                     "mean_signed_error_pct", maybe(n, t->mean_signed_error_pct), "polarity",
                     maybe(!t->polarity_null_reason, t->polarity), "over_predicted_fraction",
                     maybe(n, t->over_predicted_fraction), "pearson_r",
                     maybe(!t->pearson_r_null_reason, t->pearson_r), "pearson_r_null_reason",
                     reason(t->pearson_r_null_reason), "polarity_null_reason",
                     reason(t->polarity_null_reason));
}

/* The points of heuristic h, per entry (per_channel 0) or per channel, of the entries of
 * system model `model` (NULL: all); both arrays hold at least as many slots as there are
 * points. */
static size_t gather(const hamm_suite *s, const entry_result *r, int h, int per_channel,
                     const char *model, double *m, double *p)
{
    size_t n = 0;
    for (size_t i = 0; i < s->n; i++) {
        if (model && strcmp(r[i].model, model) != 0)
            continue;
        if (!per_channel) {
            if (r[i].measured >= 0.0 && r[i].predicted[h] >= 0.0) {
                m[n] = r[i].measured;
                p[n++] = r[i].predicted[h];
            }
            continue;
        }
        for (size_t c = 0; c < r[i].nchannels; c++) {
            const channel_point *x = &r[i].channels[c];
            if (x->measured >= 0.0 && x->predicted[h] >= 0.0) {
                m[n] = x->measured;
                p[n++] = x->predicted[h];
            }
        }
    }
    return n;
}

static json_t *stats_by_heuristic(const hamm_suite *s, const entry_result *r, int per_channel,
                                  const char *model, double *m, double *p)
{
    json_t *o = json_object();
    int ok = o != NULL;
    for (int h = 0; ok && h < HAMM_HEUR_COUNT; h++) {
        if (!(s->heuristics & (1u << h)))
            continue;
        hamm_errstats t;
        hamm_errstats_compute(m, p, gather(s, r, h, per_channel, model, m, p), &t);
        report_set(o, hamm_heuristic_name((hamm_heuristic)h), validate_stats_json(&t), &ok);
    }
    return report_checked(o, ok);
}

/* Per entry, separately for each system model, in the order models first appear. */
static json_t *stats_by_model(const hamm_suite *s, const entry_result *r, double *m, double *p)
{
    json_t *o = json_object();
    int ok = o != NULL;
    for (size_t i = 0; ok && i < s->n; i++)
        if (r[i].model[0] && !json_object_get(o, r[i].model))
            report_set(o, r[i].model, stats_by_heuristic(s, r, 0, r[i].model, m, p), &ok);
    return report_checked(o, ok);
}

/* summary.mwp over the entries' MWP/CWP kernels (none: no key; *ok cleared on failure). */
static void mwp_summary(json_t *o, const hamm_suite *s, const entry_result *r, int *ok)
{
    size_t kernels = 0;
    for (size_t i = 0; i < s->n; i++)
        kernels += r[i].mwp.count;
    if (!kernels)
        return;
    hamm_mwp_checks *checks = hamm_calloc_array(s->n, sizeof *checks);
    const char **groups = hamm_calloc_array(s->n, sizeof *groups);
    for (size_t i = 0; checks && groups && i < s->n; i++) {
        checks[i] = r[i].mwp;
        groups[i] = s->entries[i].mwp_group;
    }
    report_set(o, "mwp",
               checks && groups ? hamm_mwp_validation_summary(checks, groups, s->n) : NULL, ok);
    free(checks);
    free(groups);
}

static json_t *summary_json(const hamm_suite *s, const entry_result *r)
{
    size_t slots = s->n;
    for (size_t i = 0; i < s->n; i++)
        slots += r[i].nchannels;
    double *m = hamm_calloc_array(slots, sizeof *m);
    double *p = hamm_calloc_array(slots, sizeof *p);
    json_t *o = NULL;
    if (m && p)
        o = json_pack("{s:o, s:o, s:o}", "per_entry", stats_by_heuristic(s, r, 0, NULL, m, p),
                      "per_channel", stats_by_heuristic(s, r, 1, NULL, m, p), "per_model",
                      stats_by_model(s, r, m, p));
    int ok = o != NULL;
    if (ok)
        mwp_summary(o, s, r, &ok);
    o = report_checked(o, ok);
    free(m);
    free(p);
    return o;
}

static json_t *heuristics_json(unsigned hs)
{
    json_t *a = json_array();
    int ok = a != NULL;
    for (int h = 0; ok && h < HAMM_HEUR_COUNT; h++)
        if (hs & (1u << h))
            report_append(a, json_string(hamm_heuristic_name((hamm_heuristic)h)), &ok);
    return report_checked(a, ok);
}

json_t *validate_doc(const hamm_suite *s, const char *const *sets, size_t nsets,
                     const entry_result *r)
{
    json_t *entries = json_array();
    int ok = entries != NULL;
    for (size_t i = 0; ok && i < s->n; i++)
        report_append(entries, entry_json(s, i, &r[i]), &ok);
    entries = report_checked(entries, ok);
    return json_pack("{s:s, s:s, s:{s:s, s:s}, s:o, s:o, s:o, s:o}", "schema",
                     HAMM_VALIDATE_SCHEMA, "hamm_version", HAMM_VERSION, "suite", "path",
                     s->path, "name", s->name, "overrides", report_overrides_json(sets, nsets),
                     "heuristics", heuristics_json(s->heuristics), "entries", entries,
                     "summary", summary_json(s, r));
}
