/* mwp_validate_json.c - the MWP/CWP parts of a hamm-validate/1 document (docs/JSON.md):
 * a workload's kernels, measured and predicted, and the relative-error statistics over
 * every kernel and over every workload (the sum of its kernels), plain and combined
 * (hamm/mwp_validate.h). */
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "hamm/errstats.h"
#include "hamm/mwp_validate.h"
#include "mwp_fields.h"
#include "report/json_util.h"

static json_t *rel_error(double predicted, double measured)
{
    return measured > 0 ? json_real(100.0 * (predicted - measured) / measured) : json_null();
}

/* A prediction: the verdict and its error. */
static json_t *prediction_json(const hamm_mwp_result *p, double measured)
{
    static const mwp_field verdict[] = {MWP_F_TOTAL_CYCLES, MWP_F_CASE, MWP_F_LIMITER,
                                        MWP_F_ISSUE_BOUND_APPLIED};
    json_t *o = json_object();
    if (o && mwp_result_put(o, p, verdict, sizeof verdict / sizeof verdict[0]) == 0 &&
        json_object_set_new(o, "error_pct", rel_error(p->total_cycles, measured)) == 0)
        return o;
    json_decref(o);
    return NULL;
}

static json_t *kernel_json(const hamm_mwp_kernel_check *k)
{
    double m = (double)k->measured;
    return json_pack("{s:I, s:s, s:I, s:o, s:o, s:o}", "kernel", (json_int_t)k->kernel, "name",
                     k->name, "measured_core_cycles", (json_int_t)k->measured,
                     "dram_efficiency", report_measure(k->efficiency), "plain",
                     prediction_json(&k->plain, m), "combined",
                     prediction_json(&k->combined, m));
}

/* A workload's measured and predicted cycles: the sums over its kernels. */
static void sums(const hamm_mwp_checks *w, double *m, double *plain, double *combined)
{
    *m = *plain = *combined = 0;
    for (size_t k = 0; k < w->count; k++) {
        *m += (double)w->kernels[k].measured;
        *plain += w->kernels[k].plain.total_cycles;
        *combined += w->kernels[k].combined.total_cycles;
    }
}

json_t *hamm_mwp_validation_json(const hamm_mwp_validation *v, const hamm_mwp_checks *w)
{
    json_t *kernels = json_array();
    int ok = kernels != NULL;
    for (size_t k = 0; ok && k < w->count; k++)
        report_append(kernels, kernel_json(&w->kernels[k]), &ok);
    kernels = report_checked(kernels, ok);
    double m, p, c;
    sums(w, &m, &p, &c);
    return json_pack("{s:s, s:s, s:s, s:s, s:{s:s, s:b, s:b}, s:o, s:{s:f, s:f, s:f, s:o, s:o}}",
                     "group", v->group, "machine", v->machine_arg, "machine_file",
                     v->machine_path, "machine_name", v->machine->name, "combined_variant",
                     "dram_efficiency", "measured per kernel", "issue_bound", v->issue_bound,
                     "queueing", v->queueing, "kernels", kernels,
                     "total", "measured_core_cycles", m, "plain_cycles", p, "combined_cycles",
                     c, "plain_error_pct", rel_error(p, m), "combined_error_pct",
                     rel_error(c, m));
}

static json_t *relstats_json(const double *m, const double *p, size_t n)
{
    hamm_relstats t;
    hamm_relstats_compute(m, p, n, &t);
    int d = t.points > 0;
    return json_pack("{s:I, s:o, s:o, s:o, s:o, s:I}", "points", (json_int_t)t.points,
                     "geomean_abs_error_pct", d ? json_real(t.geomean_abs_error_pct) : json_null(),
                     "mean_abs_error_pct", d ? json_real(t.mean_abs_error_pct) : json_null(),
                     "mean_signed_error_pct",
                     d ? json_real(t.mean_signed_error_pct) : json_null(), "max_abs_error_pct",
                     d ? json_real(t.max_abs_error_pct) : json_null(), "within_10pct",
                     (json_int_t)t.within_10pct);
}

/* The workloads summarised: checks[i] in groups[i] (NULL: in none), i < n. */
typedef struct workloads {
    const hamm_mwp_checks *checks;
    const char *const *groups;
    size_t n;
} workloads;

/* Points over kernels (per_workload 0) or workloads of `group` (NULL: all): measured,
 * plain, combined. */
static size_t gather(const workloads *ws, const char *group, int per_workload, double *m,
                     double *p, double *c)
{
    size_t n = 0;
    for (size_t i = 0; i < ws->n; i++) {
        const hamm_mwp_checks *w = &ws->checks[i];
        if (group && (!ws->groups[i] || strcmp(ws->groups[i], group) != 0))
            continue;
        if (per_workload && w->count) {
            sums(w, &m[n], &p[n], &c[n]);
            n++;
        }
        for (size_t k = 0; !per_workload && k < w->count; k++, n++) {
            m[n] = (double)w->kernels[k].measured;
            p[n] = w->kernels[k].plain.total_cycles;
            c[n] = w->kernels[k].combined.total_cycles;
        }
    }
    return n;
}

/* {"per_kernel": {"plain", "combined"}, "per_workload": ...} of one group (NULL: all). */
static json_t *scopes_json(const workloads *ws, const char *group, double *m, double *p,
                           double *c)
{
    json_t *o = json_object();
    int ok = o != NULL;
    static const char *const scope[] = {"per_kernel", "per_workload"};
    for (int w = 0; ok && w < 2; w++) {
        size_t n = gather(ws, group, w, m, p, c);
        report_set(o, scope[w],
                   json_pack("{s:o, s:o}", "plain", relstats_json(m, p, n), "combined",
                             relstats_json(m, c, n)),
                   &ok);
    }
    return report_checked(o, ok);
}

/* Each group's statistics, in the order groups first appear. */
static json_t *groups_json(const workloads *ws, double *m, double *p, double *c)
{
    json_t *o = json_object();
    int ok = o != NULL;
    for (size_t i = 0; ok && i < ws->n; i++) {
        const char *g = ws->groups[i];
        if (g && !json_object_get(o, g))
            report_set(o, g, scopes_json(ws, g, m, p, c), &ok);
    }
    return report_checked(o, ok);
}

json_t *hamm_mwp_validation_summary(const hamm_mwp_checks *checks, const char *const *groups,
                                    size_t n)
{
    const workloads ws = {checks, groups, n};
    size_t rows = n; /* a point per kernel, or per workload */
    for (size_t i = 0; i < n; i++)
        rows += checks[i].count;
    double *m = hamm_calloc_array(rows, sizeof *m), *p = hamm_calloc_array(rows, sizeof *p);
    double *c = hamm_calloc_array(rows, sizeof *c);
    json_t *o = m && p && c ? scopes_json(&ws, NULL, m, p, c) : NULL;
    if (o && json_object_set_new(o, "per_group", groups_json(&ws, m, p, c)) != 0) {
        json_decref(o);
        o = NULL;
    }
    free(m);
    free(p);
    free(c);
    return o;
}
