/* stats_json.c - `hamm stats --json`: schema hamm-stats/1 (docs/JSON.md). */
#include "hamm_build_config.h"
#include "json_util.h"

static json_t *channel_json(uint32_t index, const hamm_channel_stats *c)
{
    return json_pack("{s:I, s:I, s:I, s:I, s:I, s:I, s:o}", "channel", (json_int_t)index,
                     "requests", (json_int_t)c->requests, "reads", (json_int_t)c->reads,
                     "writes", (json_int_t)c->writes, "bytes", (json_int_t)c->bytes,
                     "activates", (json_int_t)c->activates,
                     "row_locality_requests_per_activate",
                     report_ratio(c->requests, c->activates));
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
        report_append(channels, channel_json(i, &s->per_channel[i]), &ok);
    channels = report_checked(channels, ok);
    double reads = s->requests ? (double)s->reads / (double)s->requests : 0.0;
    json_t *root = json_pack(
        "{s:s, s:s, s:o, s:I, s:I, s:I, s:f, s:I, s:I, s:I, s:I, s:I, s:o, s:o, s:o}",
        "schema", HAMM_STATS_SCHEMA, "hamm_version", HAMM_VERSION, "input", report_input_json(in),
        "requests", (json_int_t)s->requests, "reads", (json_int_t)s->reads, "writes",
        (json_int_t)s->writes, "read_fraction", reads, "bytes", (json_int_t)s->bytes,
        "channels_touched", (json_int_t)s->channels_touched, "banks_touched",
        (json_int_t)s->banks_touched, "distinct_rows", (json_int_t)s->distinct_rows,
        "activates", (json_int_t)s->activates, "row_locality_requests_per_activate",
        report_ratio(s->requests, s->activates), "arrival_cycles", cycles_json(s),
        "channels", channels);
    return report_dump(root);
}
