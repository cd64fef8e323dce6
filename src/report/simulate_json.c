/* simulate_json.c - `hamm simulate --json`: schema hamm-simulate/1 (docs/JSON.md).
 * channels[] carries `channel`, `requests`, `reads`, `writes` like hamm-predict/1, so the
 * two join channel by channel. */
#include "hamm_build_config.h"
#include <string.h>

#include "json_util.h"

/* The JSON key of a counter: its name, with _cycles added to a count of cycles whose
 * name does not already say so (latency_sum -> latency_sum_cycles). */
static void stat_key(hamm_channel_stat st, char *key, size_t size)
{
    const char *name = hamm_channel_stat_name(st);
    const char *suffix = "";
    switch (hamm_channel_stat_unit(st)) {
    case HAMM_UNIT_CYCLES:
        suffix = strstr(name, "cycles") ? "" : "_cycles";
        break;
    case HAMM_UNIT_REQUESTS:
    case HAMM_UNIT_COMMANDS:
    case HAMM_UNIT_REQUEST_CYCLES:
    case HAMM_UNIT_COUNT:
        break;
    }
    snprintf(key, size, "%s%s", name, suffix);
}

/* Every counter by its declared name, then what derives from them. */
static json_t *measured_json(const hamm_channel_result *r)
{
    json_t *m = json_object();
    int ok = m != NULL;
    const uint64_t *s = r->stat;
    report_set(m, "dram_efficiency", report_measure(hamm_result_efficiency(r)), &ok);
    report_set(m, "utilization", report_measure(hamm_result_utilization(r)), &ok);
    report_set(m, "row_locality_requests_per_activate",
               report_measure(hamm_result_row_locality(r)), &ok);
    report_set(m, "queue_occupancy_avg_requests", report_measure(hamm_result_queue_occupancy(r)),
               &ok);
    report_set(m, "latency_avg_cycles", report_measure(hamm_result_latency(r)), &ok);
    for (int i = 0; i < HAMM_STAT_COUNT; i++) {
        char key[96];
        stat_key((hamm_channel_stat)i, key, sizeof key);
        report_set(m, key, json_integer((json_int_t)s[i]), &ok);
    }
    json_t *hist = json_array();
    int hist_ok = hist != NULL;
    for (int b = 0; hist_ok && b < HAMM_OCCUPANCY_BINS; b++)
        report_append(hist, json_integer((json_int_t)r->occupancy_hist[b]), &hist_ok);
    report_set(m, "queue_occupancy_histogram_cycles", report_checked(hist, hist_ok), &ok);
    return report_checked(m, ok);
}

static json_t *result_json(const hamm_channel_result *r)
{
    return json_pack("{s:I, s:I, s:I, s:o}", "requests", (json_int_t)r->stat[HAMM_STAT_requests],
                     "reads", (json_int_t)r->stat[HAMM_STAT_reads], "writes",
                     (json_int_t)r->stat[HAMM_STAT_writes], "measured", measured_json(r));
}

static json_t *channel_json(uint32_t index, const hamm_channel_result *r)
{
    json_t *o = json_pack("{s:I}", "channel", (json_int_t)index), *rest = result_json(r);
    int ok = o && rest && json_object_update(o, rest) == 0;
    json_decref(rest);
    return report_checked(o, ok);
}

static json_t *parameters_json(const hamm_engine *e)
{
    const hamm_engine_params *p = hamm_engine_params_of(e);
    return json_pack("{s:s, s:o, s:b, s:s, s:I, s:I}", "replay", hamm_replay_name(p->replay),
                     "rate_requests_per_cycle",
                     p->replay == HAMM_REPLAY_RATE ? json_real(p->rate) : json_null(),
                     "refresh", hamm_engine_refreshes(p), "scheduler", hamm_scheduler_name(p->cfg.scheduler),
                     "queue_size", (json_int_t)p->cfg.queue_size, "channels",
                     (json_int_t)p->cfg.channels);
}

char *hamm_report_simulate_json(const hamm_report_input *in, const hamm_engine *e)
{
    json_t *channels = json_array();
    int ok = channels != NULL;
    for (uint32_t c = 0; ok && c < hamm_engine_channels(e); c++)
        report_append(channels, channel_json(c, hamm_engine_channel(e, c)), &ok);
    channels = report_checked(channels, ok);
    hamm_channel_result total;
    hamm_engine_total(e, &total);
    return report_dump(json_pack("{s:s, s:s, s:o, s:o, s:o, s:o}", "schema",
                                 HAMM_SIMULATE_SCHEMA, "hamm_version", HAMM_VERSION, "input",
                                 report_input_json(in), "parameters", parameters_json(e),
                                 "total", result_json(&total), "channels", channels));
}
