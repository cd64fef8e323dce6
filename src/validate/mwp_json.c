/* mwp_json.c - the MWP/CWP parts of a hamm-validate/1 document (docs/JSON.md): an "mwp"
 * entry's kernels, measured and predicted, and the relative-error statistics over every
 * kernel and over every workload (the sum of its kernels), plain and combined. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "report/json_util.h"
#include "validate_internal.h"

static json_t *rel_error(double predicted, double measured)
{
    return measured > 0 ? json_real(100.0 * (predicted - measured) / measured) : json_null();
}

static json_t *prediction_json(const hamm_mwp_result *p, double measured)
{
    return json_pack("{s:f, s:s, s:s, s:b, s:o}", "total_cycles", p->total_cycles, "case",
                     hamm_mwp_case_name(p->mwp_case), "limiter",
                     hamm_mwp_limiter_name(p->limiter), "issue_bound_applied",
                     p->issue_bound_applied, "error_pct", rel_error(p->total_cycles, measured));
}

static json_t *row_json(const mwp_row *w)
{
    double m = (double)w->measured;
    return json_pack("{s:I, s:s, s:I, s:o, s:o, s:o}", "kernel", (json_int_t)w->kernel, "name",
                     w->name, "measured_core_cycles", (json_int_t)w->measured,
                     "dram_efficiency", report_measure(w->efficiency), "plain",
                     prediction_json(&w->plain, m), "combined",
                     prediction_json(&w->combined, m));
}

/* A workload's measured and predicted cycles: the sums over its kernels. */
static void sums(const entry_result *r, double *m, double *plain, double *combined)
{
    *m = *plain = *combined = 0;
    for (size_t k = 0; k < r->nmwp; k++) {
        *m += (double)r->mwp[k].measured;
        *plain += r->mwp[k].plain.total_cycles;
        *combined += r->mwp[k].combined.total_cycles;
    }
}

json_t *mwp_entry_json(const suite_entry *e, const entry_result *r)
{
    json_t *kernels = json_array();
    int ok = kernels != NULL;
    for (size_t k = 0; ok && k < r->nmwp; k++)
        report_append(kernels, row_json(&r->mwp[k]), &ok);
    kernels = report_checked(kernels, ok);
    double m, p, c;
    sums(r, &m, &p, &c);
    return json_pack("{s:s, s:s, s:s, s:s, s:{s:s, s:b, s:b}, s:o, s:{s:f, s:f, s:f, s:o, s:o}}",
                     "group", e->mwp_group, "machine", e->mwp_machine, "machine_file",
                     e->mwp_machine_path,
                     "machine_name", e->machine.name, "combined_variant", "dram_efficiency",
                     "measured per kernel", "issue_bound", e->issue_bound, "queueing", e->queueing, "kernels", kernels,
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

/* Points over kernels (per_workload 0) or workloads of the entries of `group` (NULL:
 * all): measured, plain, combined. */
static size_t gather(const hamm_suite *s, const entry_result *r, const char *group,
                     int per_workload, double *m, double *p, double *c)
{
    size_t n = 0;
    for (size_t i = 0; i < s->n; i++) {
        if (group && (!s->entries[i].mwp_group || strcmp(s->entries[i].mwp_group, group) != 0))
            continue;
        if (per_workload && r[i].nmwp) {
            sums(&r[i], &m[n], &p[n], &c[n]);
            n++;
        }
        for (size_t k = 0; !per_workload && k < r[i].nmwp; k++, n++) {
            m[n] = (double)r[i].mwp[k].measured;
            p[n] = r[i].mwp[k].plain.total_cycles;
            c[n] = r[i].mwp[k].combined.total_cycles;
        }
    }
    return n;
}

size_t mwp_rows(const hamm_suite *s, const entry_result *r)
{
    size_t n = 0;
    for (size_t i = 0; i < s->n; i++)
        n += r[i].nmwp;
    return n;
}

/* {"per_kernel": {"plain", "combined"}, "per_workload": ...} of one group (NULL: all). */
static json_t *scopes_json(const hamm_suite *s, const entry_result *r, const char *group,
                           double *m, double *p, double *c)
{
    json_t *o = json_object();
    int ok = o != NULL;
    static const char *const scope[] = {"per_kernel", "per_workload"};
    for (int w = 0; ok && w < 2; w++) {
        size_t n = gather(s, r, group, w, m, p, c);
        report_set(o, scope[w],
                   json_pack("{s:o, s:o}", "plain", relstats_json(m, p, n), "combined",
                             relstats_json(m, c, n)),
                   &ok);
    }
    return report_checked(o, ok);
}

/* Each group's statistics, in the order groups first appear. */
static json_t *groups_json(const hamm_suite *s, const entry_result *r, double *m, double *p,
                           double *c)
{
    json_t *o = json_object();
    int ok = o != NULL;
    for (size_t i = 0; ok && i < s->n; i++) {
        const char *g = s->entries[i].mwp_group;
        if (g && !json_object_get(o, g))
            report_set(o, g, scopes_json(s, r, g, m, p, c), &ok);
    }
    return report_checked(o, ok);
}

json_t *mwp_summary_json(const hamm_suite *s, const entry_result *r)
{
    size_t rows = mwp_rows(s, r) + s->n;
    double *m = hamm_calloc_array(rows, sizeof *m), *p = hamm_calloc_array(rows, sizeof *p);
    double *c = hamm_calloc_array(rows, sizeof *c);
    json_t *o = m && p && c ? scopes_json(s, r, NULL, m, p, c) : NULL;
    if (o && json_object_set_new(o, "per_group", groups_json(s, r, m, p, c)) != 0) {
        json_decref(o);
        o = NULL;
    }
    free(m);
    free(p);
    free(c);
    return o;
}
