/* stats_json.c - `hamm stats --json`: schema hamm-stats/1 (docs/JSON.md). */
#include <stdio.h>

#include "hamm_build_config.h"
#include "json_util.h"

/* The largest and smallest part of a spread over `total` requests; `part` names the
 * parts ("channel", "bank"). */
static json_t *spread_json(const hamm_spread *sp, uint64_t total, const char *part)
{
    char largest[32], smallest[32];
    snprintf(largest, sizeof largest, "largest_%s", part);
    snprintf(smallest, sizeof smallest, "smallest_%s", part);
    return json_pack("{s:I, s:I, s:o, s:I, s:I, s:o}", largest, (json_int_t)sp->largest_at,
                     "largest_requests", (json_int_t)sp->largest, "largest_fraction",
                     report_ratio(sp->largest, total), smallest, (json_int_t)sp->smallest_at,
                     "smallest_requests", (json_int_t)sp->smallest, "smallest_fraction",
                     report_ratio(sp->smallest, total));
}

static json_t *banks_json(const uint64_t *counts, uint32_t n)
{
    json_t *a = json_array();
    int ok = a != NULL;
    for (uint32_t i = 0; ok && i < n; i++)
        report_append(a, json_integer((json_int_t)counts[i]), &ok);
    return report_checked(a, ok);
}

static json_t *channel_json(uint32_t index, const hamm_channel_stats *c,
                            const hamm_trace_stats *s)
{
    return json_pack("{s:I, s:I, s:I, s:I, s:I, s:I, s:o, s:o, s:o, s:o}", "channel",
                     (json_int_t)index, "requests", (json_int_t)c->requests, "reads",
                     (json_int_t)c->reads, "writes", (json_int_t)c->writes, "bytes",
                     (json_int_t)c->bytes, "activates", (json_int_t)c->activates,
                     "row_locality_requests_per_activate",
                     report_ratio(c->requests, c->activates), "request_fraction",
                     report_ratio(c->requests, s->requests), "bank_requests",
                     banks_json(c->bank_requests, s->banks), "bank_spread",
                     spread_json(&c->banks, c->requests, "bank"));
}

static json_t *cycles_json(const hamm_trace_stats *s)
{
    if (!s->timed)
        return json_null();
    return json_pack("{s:I, s:I, s:I}", "timed_requests", (json_int_t)s->timed, "first",
                     (json_int_t)s->first_cycle, "last", (json_int_t)s->last_cycle);
}

char *hamm_report_stats_json(const hamm_report_input *in, const hamm_trace_stats *s)
{
    json_t *channels = json_array();
    int ok = channels != NULL;
    for (uint32_t i = 0; ok && i < s->channels; i++)
        report_append(channels, channel_json(i, &s->per_channel[i], s), &ok);
    channels = report_checked(channels, ok);
    double reads = s->requests ? (double)s->reads / (double)s->requests : 0.0;
    json_t *root = json_pack(
        "{s:s, s:s, s:o, s:I, s:I, s:I, s:f, s:I, s:I, s:I, s:I, s:I, s:o, s:o, s:o, s:o}",
        "schema", HAMM_STATS_SCHEMA, "hamm_version", HAMM_VERSION, "input", report_input_json(in),
        "requests", (json_int_t)s->requests, "reads", (json_int_t)s->reads, "writes",
        (json_int_t)s->writes, "read_fraction", reads, "bytes", (json_int_t)s->bytes,
        "channels_touched", (json_int_t)s->channels_touched, "banks_touched",
        (json_int_t)s->banks_touched, "distinct_rows", (json_int_t)s->distinct_rows,
        "activates", (json_int_t)s->activates, "row_locality_requests_per_activate",
        report_ratio(s->requests, s->activates), "arrival_cycles", cycles_json(s),
        "channel_spread", spread_json(&s->spread, s->requests, "channel"), "channels", channels);
    return report_dump(root);
}
