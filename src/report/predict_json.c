/* predict_json.c - `hamm predict --json`: schema hamm-predict/1 (docs/JSON.md).
 * Field names match `hamm simulate`'s so the two join channel by channel. */
#include "hamm_build_config.h"
#include "json_util.h"

static double cycles(const hamm_dram_model *m, uint64_t bytes)
{
    return (double)bytes / (double)hamm_dram_model_params(m)->bytes_per_cycle;
}

static json_t *profiler_json(const hamm_dram_model *m, const hamm_model_totals *t)
{
    if (!t)
        return json_null();
    return json_pack("{s:I, s:I, s:o, s:f, s:f, s:f}", "periods", (json_int_t)t->periods,
                     "row_switches", (json_int_t)t->activates,
                     "row_locality_requests_per_activate",
                     report_ratio(t->requests, t->activates), "eq5_numerator_cycles",
                     cycles(m, t->num_bytes), "eq5_denominator_cycles",
                     cycles(m, t->den_bytes), "served_cycles", cycles(m, t->served_bytes));
}

/* {heuristic: value} for the heuristics that ran; `pick` chooses the value. */
static json_t *by_heuristic(const hamm_dram_model *m, uint32_t channel, hamm_model_measure pick)
{
    json_t *o = json_object();
    int ok = o != NULL;
    for (int h = 0; ok && h < HAMM_HEUR_COUNT; h++)
        if (hamm_dram_model_heuristics(m) & (1u << h))
            report_set(o, hamm_heuristic_name((hamm_heuristic)h),
                       report_measure(pick(m, channel, (hamm_heuristic)h)), &ok);
    return report_checked(o, ok);
}

/* Any profiler's totals: all count the same requests. */
static const hamm_model_totals *any_totals(const hamm_dram_model *m, uint32_t c)
{
    const hamm_model_totals *t = hamm_dram_model_totals(m, c, HAMM_HEUR_NO_OVERLAP);
    t = t ? t : hamm_dram_model_totals(m, c, HAMM_HEUR_FULL_OVERLAP);
    return t ? t : hamm_dram_model_totals(m, c, HAMM_HEUR_COMMAND_TIMED);
}

static json_t *channel_json(const hamm_dram_model *m, uint32_t c)
{
    const hamm_model_totals *t = any_totals(m, c);
    return json_pack("{s:I, s:I, s:I, s:I, s:o, s:{s:o, s:o}}", "channel", (json_int_t)c,
                     "requests", (json_int_t)t->requests, "reads", (json_int_t)t->reads,
                     "writes", (json_int_t)t->writes, "efficiency",
                     by_heuristic(m, c, hamm_dram_model_efficiency), "profilers", "no-overlap",
                     profiler_json(m, hamm_dram_model_totals(m, c, HAMM_HEUR_NO_OVERLAP)),
                     "full-overlap",
                     profiler_json(m, hamm_dram_model_totals(m, c, HAMM_HEUR_FULL_OVERLAP)));
}

static json_t *parameters_json(const hamm_dram_model *m, uint32_t request_size)
{
    const hamm_model_params *p = hamm_dram_model_params(m);
    json_t *heuristics = json_array();
    int ok = heuristics != NULL;
    for (int h = 0; ok && h < HAMM_HEUR_COUNT; h++)
        if (hamm_dram_model_heuristics(m) & (1u << h))
            report_append(heuristics, json_string(hamm_heuristic_name((hamm_heuristic)h)), &ok);
    heuristics = report_checked(heuristics, ok);
    return json_pack("{s:s, s:s, s:I, s:I, s:I, s:o, s:f, s:I, s:f, s:I, s:I, s:I}",
                     "policy", hamm_scheduler_name(p->policy), "replay",
                     p->arrivals ? "timed" : "saturated", "queue_size", (json_int_t)p->queue_size,
                     "channels", (json_int_t)p->channels, "banks_per_channel",
                     (json_int_t)p->banks, "heuristics", heuristics, "locality_threshold",
                     p->locality_threshold, "bytes_per_cycle", (json_int_t)p->bytes_per_cycle,
                     "t_svc_req_cycles", hamm_model_service_cycles(p, request_size), "tRC",
                     (json_int_t)p->tRC, "tRP", (json_int_t)p->tRP, "tRCD", (json_int_t)p->tRCD);
}

static json_t *total_json(const hamm_dram_model *m)
{
    uint64_t req = 0, rd = 0, wr = 0;
    for (uint32_t c = 0; c < hamm_dram_model_params(m)->channels; c++) {
        const hamm_model_totals *t = any_totals(m, c);
        req += t->requests;
        rd += t->reads;
        wr += t->writes;
    }
    double loc = hamm_dram_model_locality(m);
    json_t *choice = (hamm_dram_model_heuristics(m) & (1u << HAMM_HEUR_LOCALITY_SWITCH))
                         ? json_string(hamm_heuristic_name(hamm_dram_model_switch_choice(m)))
                         : json_null();
    return json_pack("{s:I, s:I, s:I, s:o, s:o, s:o, s:o}", "requests", (json_int_t)req,
                     "reads", (json_int_t)rd, "writes", (json_int_t)wr,
                     "row_locality_requests_per_activate",
                     loc < 0 ? json_null() : json_real(loc), "locality_switch_choice", choice,
                     "efficiency_request_weighted", by_heuristic(m, 0, hamm_dram_model_weighted_measure),
                     "efficiency_channel_mean", by_heuristic(m, 0, hamm_dram_model_mean_measure));
}

char *hamm_report_predict_json(const hamm_report_input *in, const hamm_dram_model *m)
{
    json_t *channels = json_array();
    int ok = channels != NULL;
    for (uint32_t c = 0; ok && c < hamm_dram_model_params(m)->channels; c++)
        report_append(channels, channel_json(m, c), &ok);
    channels = report_checked(channels, ok);
    return report_dump(json_pack("{s:s, s:s, s:o, s:o, s:o, s:o}", "schema",
                                 HAMM_PREDICT_SCHEMA, "hamm_version", HAMM_VERSION, "input",
                                 report_input_json(in), "parameters",
                                 parameters_json(m, in->model->request_size), "total",
                                 total_json(m), "channels", channels));
}
