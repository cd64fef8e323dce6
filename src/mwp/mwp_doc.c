/* mwp_doc.c - one run of the MWP/CWP model, plain and combined, and its JSON document
 * (hamm-mwp/1, docs/JSON.md): the inputs, every intermediate and the words. */
#include <jansson.h>

#include "hamm_build_config.h"
#include "mwp_doc_internal.h"
#include "mwp_fields.h"

hamm_status hamm_mwp_run_predict(hamm_mwp_run *run, hamm_error *err)
{
    hamm_mwp_options plain = run->options;
    plain.dram_efficiency = 1;
    hamm_status st = hamm_mwp_predict(&run->machine, &run->kernel, &plain, &run->plain, err);
    if (st != HAMM_OK)
        hamm_error_locate(err, HAMM_IN(run->kernel_path));
    if (st == HAMM_OK && run->combined)
        st = hamm_mwp_predict(&run->machine, &run->kernel, &run->options, &run->with_e, err);
    return st;
}

hamm_status hamm_mwp_run_sweep(const hamm_mwp_sweep *s, const hamm_mwp_run *run,
                               hamm_mwp_point *points, hamm_error *err)
{
    hamm_status st = hamm_mwp_sweep_run(s, &run->machine, &run->kernel, &run->options,
                                        run->combined, points, err);
    if (st != HAMM_OK)
        hamm_error_locate(err, HAMM_IN(run->kernel_path));
    return st;
}

/* A prediction: the occupancy, every intermediate (the queueing variant's when it is on),
 * the case and limiter, why in words, and the issue bound's figures when it is on. */
static json_t *prediction_json(const hamm_mwp_run *run, const hamm_mwp_result *r)
{
    char text[1024];
    mwp_explain(run, r, text, sizeof text);
    json_t *o = json_object();
    int ok = o && mwp_result_put_span(o, r, MWP_F_ACTIVE_BLOCKS, MWP_F_TOTAL_SECONDS) == 0 &&
             (!run->options.queueing ||
              mwp_result_put_span(o, r, MWP_F_Q_PERIODS, MWP_F_Q_EXEC) == 0) &&
             mwp_result_put_span(o, r, MWP_F_CASE, MWP_F_LIMITER) == 0 &&
             json_object_set_new(o, "explanation", json_string(text)) == 0 &&
             (!run->options.issue_bound || /* hamm's variant: its keys only when asked for */
              mwp_result_put_span(o, r, MWP_F_BUSIEST_SM_WARPS, MWP_F_ISSUE_BOUND_APPLIED) == 0);
    if (ok)
        return o;
    json_decref(o);
    return NULL;
}

static json_t *combined_json(const hamm_mwp_run *run)
{
    if (!run->combined)
        return json_null();
    char text[1024];
    mwp_change(run, text, sizeof text);
    const hamm_mwp_result *p = &run->plain, *c = &run->with_e;
    return json_pack("{s:f, s:o, s:o, s:o, s:b, s:s, s:s, s:s}", "dram_efficiency",
                     run->options.dram_efficiency, "dram_efficiency_source",
                     mwp_source_json(run), "trace", mwp_trace_json(run), "prediction",
                     prediction_json(run, c), "bound_moved", c->limiter != p->limiter,
                     "limiter_plain", hamm_mwp_limiter_name(p->limiter), "limiter_combined",
                     hamm_mwp_limiter_name(c->limiter), "change", text);
}

json_t *hamm_mwp_doc(const hamm_mwp_run *run)
{
    json_t *e = run->combined ? json_real(run->options.dram_efficiency) : json_null();
    json_t *root = json_pack(
        "{s:s, s:s, s:s, s:o, s:s, s:o, s:{s:s, s:s, s:o}, s:o, s:o}", "schema",
        HAMM_MWP_SCHEMA, "hamm_version", HAMM_VERSION, "machine_file", run->machine_path,
        "machine", mwp_machine_json(run), "kernel_file", run->kernel_path, "kernel",
        mwp_kernel_json(run), "options", "rounding",
        hamm_mwp_rounding_name(run->options.rounding), "synch_warps",
        hamm_mwp_synch_name(run->options.synch), "dram_efficiency", e, "prediction",
        prediction_json(run, &run->plain), "combined", combined_json(run));
    if (root && run->options.issue_bound)
        json_object_set_new(json_object_get(root, "options"), "issue_bound", json_true());
    if (root && run->options.queueing)
        json_object_set_new(json_object_get(root, "options"), "queueing", json_true());
    return root;
}
