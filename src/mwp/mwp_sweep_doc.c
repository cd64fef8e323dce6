/* mwp_sweep_doc.c - a sweep of the MWP/CWP model for people and as JSON: one prediction
 * per value of the parameter (hamm-mwp-sweep/1, docs/MWP.md "Curves"). */
#include <jansson.h>

#include "hamm_build_config.h"
#include "mwp_doc_internal.h"
#include "mwp_fields.h"

/* Whether the points have a combined prediction, and what the figure's E is. */
static int has_combined(const hamm_mwp_sweep *s, const hamm_mwp_run *run)
{
    return run->combined || s->param == HAMM_MWP_PARAM_DRAM_EFFICIENCY;
}

static void write_cols(FILE *out, const hamm_mwp_result *r, int more)
{
    fprintf(out, " %14.10g %6g %9.5g %9.5g %-9s %-*s", r->total_cycles, r->n, r->mwp, r->cwp,
            hamm_mwp_case_name(r->mwp_case), more ? 9 : 0, hamm_mwp_limiter_name(r->limiter));
}

void hamm_mwp_sweep_write_text(FILE *out, const hamm_mwp_sweep *s, const hamm_mwp_run *run,
                               const hamm_mwp_point *pts)
{
    int comb = has_combined(s, run);
    mwp_write_head(out, run, NULL);
    fprintf(out, "sweep    %s (%s), %zu values; the rest as given\n\n",
            hamm_mwp_param_name(s->param), hamm_mwp_param_unit(s->param), s->count);
    fprintf(out, "%-20s %14s %6s %9s %9s %-9s %-*s", hamm_mwp_param_name(s->param),
            "total_cycles", "N", "MWP", "CWP", "case", comb ? 9 : 0, "limiter");
    if (comb)
        fprintf(out, " | %14s %9s %9s %-9s %s", "with E: cycles", "MWP", "CWP", "case",
                "limiter");
    fputc('\n', out);
    for (size_t i = 0; i < s->count; i++) {
        fprintf(out, "%-20.10g", pts[i].value);
        write_cols(out, &pts[i].plain, comb);
        if (comb) {
            const hamm_mwp_result *c = &pts[i].with_e;
            fprintf(out, " | %14.10g %9.5g %9.5g %-9s %s", c->total_cycles, c->mwp, c->cwp,
                    hamm_mwp_case_name(c->mwp_case), hamm_mwp_limiter_name(c->limiter));
        }
        fputc('\n', out);
    }
}

/* A point's predictions: the headline figures. */
static const mwp_field prediction_fields[] = {
    MWP_F_TOTAL_CYCLES, MWP_F_TOTAL_SECONDS, MWP_F_N, MWP_F_ACTIVE_BLOCKS, MWP_F_MWP,
    MWP_F_MWP_WITHOUT_BW, MWP_F_MWP_PEAK_BW, MWP_F_CWP, MWP_F_COMP_CYCLES, MWP_F_MEM_CYCLES,
    MWP_F_REP, MWP_F_BANDWIDTH, MWP_F_CASE, MWP_F_LIMITER};
/* Beside the value, what a figure draws. */
static const mwp_field headline_fields[] = {MWP_F_TOTAL_CYCLES, MWP_F_MWP, MWP_F_CWP,
                                            MWP_F_CASE, MWP_F_LIMITER};
#define COUNT(a) (sizeof a / sizeof a[0])

static json_t *prediction_json(const hamm_mwp_result *r)
{
    json_t *o = json_object();
    if (o && mwp_result_put(o, r, prediction_fields, COUNT(prediction_fields)) == 0)
        return o;
    json_decref(o);
    return NULL;
}

/* A point: the value, the headline prediction (the combined one when there is one), then
 * both. */
static json_t *point_json(const hamm_mwp_point *p, int comb, double e)
{
    const hamm_mwp_result *h = comb ? &p->with_e : &p->plain;
    json_t *c = comb ? prediction_json(&p->with_e) : json_null();
    if (comb && c)
        json_object_set_new(c, "dram_efficiency", json_real(e));
    json_t *o = json_pack("{s:f}", "value", p->value);
    int ok = o && mwp_result_put(o, h, headline_fields, COUNT(headline_fields)) == 0 &&
             json_object_set_new(o, "plain", prediction_json(&p->plain)) == 0;
    if (ok)
        ok = json_object_set_new(o, "combined", c) == 0; /* takes c, set or not */
    else
        json_decref(c);
    if (ok)
        return o;
    json_decref(o);
    return NULL;
}

static json_t *options_json(const hamm_mwp_sweep *s, const hamm_mwp_run *run)
{
    int swept = s->param == HAMM_MWP_PARAM_DRAM_EFFICIENCY;
    json_t *e = run->combined ? json_real(run->options.dram_efficiency) : json_null();
    json_t *src = swept ? json_string("sweep") : mwp_source_json(run);
    return json_pack("{s:s, s:s, s:o, s:o, s:o}", "rounding",
                     hamm_mwp_rounding_name(run->options.rounding), "synch_warps",
                     hamm_mwp_synch_name(run->options.synch), "dram_efficiency", e,
                     "dram_efficiency_source", src, "trace", mwp_trace_json(run));
}

json_t *hamm_mwp_sweep_doc(const hamm_mwp_sweep *s, const hamm_mwp_run *run,
                           const hamm_mwp_point *pts)
{
    json_t *points = json_array();
    int swept = s->param == HAMM_MWP_PARAM_DRAM_EFFICIENCY;
    for (size_t i = 0; points && i < s->count; i++)
        if (json_array_append_new(points, point_json(&pts[i], has_combined(s, run),
                                                     swept ? pts[i].value
                                                           : run->options.dram_efficiency)) != 0) {
            json_decref(points);
            return NULL;
        }
    return json_pack(
        "{s:s, s:s, s:s, s:o, s:s, s:o, s:o, s:{s:s, s:s}, s:o}", "schema",
        HAMM_MWP_SWEEP_SCHEMA, "hamm_version", HAMM_VERSION, "machine_file", run->machine_path,
        "machine", mwp_machine_json(run), "kernel_file", run->kernel_path, "kernel",
        mwp_kernel_json(run), "options", options_json(s, run), "parameter", "name",
        hamm_mwp_param_name(s->param), "unit", hamm_mwp_param_unit(s->param), "points",
        points);
}
