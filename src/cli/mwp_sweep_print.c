/* mwp_sweep_print.c - `hamm mwp --sweep`'s outputs: a table of one prediction per value
 * of the parameter and its JSON form (hamm-mwp-sweep/1, docs/MWP.md "Curves"). */
#include <jansson.h>
#include <stdlib.h>

#include "cli.h"
#include "hamm_build_config.h"
#include "mwp_sweep_print.h"

#define HAMM_MWP_SWEEP_SCHEMA "hamm-mwp-sweep/1"

/* Whether the points have a combined prediction, and what the figure's E is. */
static int has_combined(const hamm_mwp_sweep *s, const mwp_run *run)
{
    return run->combined || s->param == HAMM_MWP_PARAM_DRAM_EFFICIENCY;
}

static void print_cols(FILE *out, const hamm_mwp_result *r, int more)
{
    fprintf(out, " %14.10g %6g %9.5g %9.5g %-9s %-*s", r->total_cycles, r->n, r->mwp, r->cwp,
            hamm_mwp_case_name(r->mwp_case), more ? 9 : 0, hamm_mwp_limiter_name(r->limiter));
}

static void print_table(FILE *out, const hamm_mwp_sweep *s, const mwp_run *run,
                        const hamm_mwp_point *pts)
{
    int comb = has_combined(s, run);
    mwp_print_head(out, run, NULL);
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
        print_cols(out, &pts[i].plain, comb);
        if (comb) {
            const hamm_mwp_result *c = &pts[i].with_e;
            fprintf(out, " | %14.10g %9.5g %9.5g %-9s %s", c->total_cycles, c->mwp, c->cwp,
                    hamm_mwp_case_name(c->mwp_case), hamm_mwp_limiter_name(c->limiter));
        }
        fputc('\n', out);
    }
}

static json_t *result_json(const hamm_mwp_result *r)
{
    return json_pack("{s:f, s:f, s:f, s:I, s:f, s:f, s:f, s:f, s:f, s:f, s:f, s:f, s:s, s:s}",
                     "total_cycles", r->total_cycles, "total_seconds", r->total_seconds,
                     "n_warps", r->n, "active_blocks_per_sm",
                     (json_int_t)r->active_blocks_per_sm, "mwp", r->mwp, "mwp_without_bw",
                     r->mwp_without_bw, "mwp_peak_bw", r->mwp_peak_bw, "cwp", r->cwp,
                     "comp_cycles", r->comp_cycles, "mem_cycles", r->mem_cycles, "rep", r->rep,
                     "bandwidth_gbps", r->bandwidth_gbps, "case",
                     hamm_mwp_case_name(r->mwp_case), "limiter", hamm_mwp_limiter_name(r->limiter));
}

/* A point: the value, the headline prediction (the combined one when there is one), then
 * both. */
static json_t *point_json(const hamm_mwp_point *p, int comb, double e)
{
    const hamm_mwp_result *h = comb ? &p->with_e : &p->plain;
    json_t *c = comb ? result_json(&p->with_e) : json_null();
    if (comb && c)
        json_object_set_new(c, "dram_efficiency", json_real(e));
    return json_pack("{s:f, s:f, s:f, s:f, s:s, s:s, s:o, s:o}", "value", p->value,
                     "total_cycles", h->total_cycles, "mwp", h->mwp, "cwp", h->cwp, "case",
                     hamm_mwp_case_name(h->mwp_case), "limiter",
                     hamm_mwp_limiter_name(h->limiter), "plain", result_json(&p->plain),
                     "combined", c);
}

static json_t *options_json(const hamm_mwp_sweep *s, const mwp_run *run)
{
    int swept = s->param == HAMM_MWP_PARAM_DRAM_EFFICIENCY;
    json_t *e = run->combined ? json_real(run->options.dram_efficiency) : json_null();
    json_t *src = swept ? json_string("sweep") : mwp_source_json(run);
    return json_pack("{s:s, s:s, s:o, s:o, s:o}", "rounding",
                     hamm_mwp_rounding_name(run->options.rounding), "synch_warps",
                     hamm_mwp_synch_name(run->options.synch), "dram_efficiency", e,
                     "dram_efficiency_source", src, "trace", mwp_trace_json(run));
}

static char *sweep_json(const hamm_mwp_sweep *s, const mwp_run *run, const hamm_mwp_point *pts)
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
    json_t *root = json_pack(
        "{s:s, s:s, s:s, s:o, s:s, s:o, s:o, s:{s:s, s:s}, s:o}", "schema",
        HAMM_MWP_SWEEP_SCHEMA, "hamm_version", HAMM_VERSION, "machine_file", run->machine_path,
        "machine", mwp_machine_json(run), "kernel_file", run->kernel_path, "kernel",
        mwp_kernel_json(run), "options", options_json(s, run), "parameter", "name",
        hamm_mwp_param_name(s->param), "unit", hamm_mwp_param_unit(s->param), "points",
        points);
    return mwp_json_text(root);
}

static int write(const hamm_mwp_sweep *s, const mwp_run *run, const hamm_mwp_point *pts,
                 int json, const char *out_path)
{
    char *text = json ? sweep_json(s, run, pts) : NULL;
    if (json && !text) {
        fprintf(stderr, "hamm: out of memory\n");
        return CLI_FAIL;
    }
    cli_outfile out;
    if (cli_outfile_open(&out, out_path, 0) != CLI_OK) {
        free(text);
        return CLI_FAIL;
    }
    if (text)
        cli_fputs(text, out.fp);
    else
        print_table(out.fp, s, run, pts);
    free(text);
    return cli_outfile_commit(&out);
}

int mwp_sweep_output(const hamm_mwp_sweep *s, const mwp_run *run, int json,
                     const char *out_path)
{
    hamm_mwp_point *pts = calloc(s->count ? s->count : 1, sizeof *pts);
    if (!pts) {
        fprintf(stderr, "hamm: out of memory\n");
        return CLI_FAIL;
    }
    hamm_error err;
    hamm_error_clear(&err);
    int rc;
    if (hamm_mwp_sweep_run(s, &run->machine, &run->kernel, &run->options, run->combined, pts,
                           &err) != HAMM_OK) {
        hamm_error_locate(&err, HAMM_IN(run->kernel_path));
        rc = cli_report(&err);
    } else
        rc = write(s, run, pts, json, out_path);
    free(pts);
    return rc;
}
