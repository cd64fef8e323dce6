/* report_run.c - `hamm report`'s run: validate the model against the engine on a suite,
 * run the sensitivity sweeps and the experiments the suite names, draw every figure and
 * write the report page, all into one directory. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamm/report_run.h"

enum { MAX_SWEEPS = 16, MAX_EXPERIMENTS = 16, MAX_PLOTS = 1 + MAX_SWEEPS + MAX_EXPERIMENTS };

/* What the report gathers: the documents, their figures, where they go. */
typedef struct report_run {
    const hamm_report_options *o;
    const char *dir;
    json_t *validate;
    json_t *sweeps[MAX_SWEEPS], *experiments[MAX_EXPERIMENTS];
    hamm_plot_result plots[MAX_PLOTS];
    size_t nsweeps, nexperiments, nplots;
} report_run;

/* Write doc's JSON text as dir/NAME (the same bytes `--json` writes). */
static hamm_status write_json(const report_run *r, const char *name, json_t *doc,
                              hamm_error *err)
{
    char path[4096 + 128];
    snprintf(path, sizeof path, "%s/%s", r->dir, name);
    char *text = hamm_json_text(json_incref(doc));
    FILE *f = text ? fopen(path, "w") : NULL;
    int ok = f && fputs(text, f) >= 0, e = text ? errno : ENOMEM;
    if (f && fclose(f) != 0 && ok)
        ok = 0, e = errno;
    free(text);
    return ok ? HAMM_OK
              : hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(path), NULL, "cannot write: %s",
                              strerror(e));
}

/* Figures of one document, with a file-name prefix when it needs one. */
static hamm_status plot(report_run *r, const json_t *doc, const char *prefix, hamm_error *err)
{
    hamm_plot_options po = r->o->plot;
    po.prefix = prefix;
    if (hamm_plot_write(doc, r->dir, &po, &r->plots[r->nplots], err) != HAMM_OK)
        return err->status;
    r->nplots++;
    return HAMM_OK;
}

static hamm_sweep_options sweep_options(const hamm_report_options *o)
{
    return (hamm_sweep_options){o->sets, o->nsets, o->jobs, o->watch};
}

/* Sweep i of the suite: its own suite, the grid, the result file and its figures.  Two
 * sweeps over the same first key would draw figures of one name, so later ones get
 * their sweep's name as a prefix. */
static hamm_status run_sweep(report_run *r, const hamm_suite *s, size_t i, hamm_error *err)
{
    hamm_suite *sub = NULL;
    const char *name = hamm_suite_sweep_name(s, i);
    hamm_sweep_options so = sweep_options(r->o);
    json_t *doc = NULL;
    if (hamm_sweep_suite_load(hamm_suite_sweep_suite(s, i), r->o->models, &sub, err) ==
        HAMM_OK)
        hamm_sweep_run(sub, hamm_suite_sweep_grid(s, i), &so, &doc, err);
    hamm_suite_free(sub);
    if (!doc)
        return err->status;
    r->sweeps[r->nsweeps++] = doc;
    char file[160], prefix[80] = "";
    snprintf(file, sizeof file, "sweep-%s.json", name);
    const char *key = json_string_value(json_object_get(
        json_array_get(json_object_get(doc, "grid"), 0), "key"));
    for (size_t k = 0; k + 1 < r->nsweeps; k++) {
        const json_t *first = json_array_get(json_object_get(r->sweeps[k], "grid"), 0);
        if (strcmp(json_string_value(json_object_get(first, "key")), key) == 0)
            snprintf(prefix, sizeof prefix, "%s-", name);
    }
    if (write_json(r, file, doc, err) != HAMM_OK)
        return err->status;
    return plot(r, doc, prefix[0] ? prefix : NULL, err);
}

/* Experiment i of the suite (docs/SUITES.md, "experiments"): its GPU runs, the result
 * file experiment-NAME.json and its figure. */
static hamm_status run_experiment(report_run *r, const hamm_suite *s, size_t i,
                                  hamm_error *err)
{
    hamm_validate_options vo = {r->o->sets, r->o->nsets, r->o->jobs, NULL, NULL};
    json_t *doc = NULL;
    if (hamm_experiment_run(s, i, &vo, &doc, err) != HAMM_OK)
        return err->status;
    r->experiments[r->nexperiments++] = doc;
    char file[160];
    snprintf(file, sizeof file, "experiment-%s.json", hamm_suite_experiment_name(s, i));
    if (write_json(r, file, doc, err) != HAMM_OK)
        return err->status;
    return plot(r, doc, NULL, err);
}

/* Validate, when the suite has entries: validate.json and its figures. */
static hamm_status run_validate(report_run *r, const hamm_suite *s, hamm_error *err)
{
    hamm_sweep_options so = sweep_options(r->o);
    if (hamm_suite_size(s) == 0)
        return HAMM_OK;
    if (hamm_sweep_validate(s, &so, "validate", &r->validate, err) != HAMM_OK ||
        write_json(r, "validate.json", r->validate, err) != HAMM_OK)
        return err->status;
    return plot(r, r->validate, NULL, err);
}

/* Validate, the sweeps, the experiments, the figures and the page. */
static hamm_status build(report_run *r, const hamm_suite *s, hamm_error *err)
{
    hamm_status st = run_validate(r, s, err);
    size_t n = r->o->sweeps ? hamm_suite_sweeps(s) : 0, nx = hamm_suite_experiments(s);
    if (st == HAMM_OK && (n > MAX_SWEEPS || nx > MAX_EXPERIMENTS))
        st = hamm_error_at(err, HAMM_ERR_FORMAT, HAMM_IN(hamm_suite_path(s)), NULL,
                           "more than 16 sweeps or 16 experiments");
    for (size_t i = 0; st == HAMM_OK && i < n; i++)
        st = run_sweep(r, s, i, err);
    for (size_t i = 0; st == HAMM_OK && i < nx; i++)
        st = run_experiment(r, s, i, err);
    if (st != HAMM_OK)
        return st;
    const hamm_plot_result *plots[MAX_PLOTS];
    for (size_t i = 0; i < r->nplots; i++)
        plots[i] = &r->plots[i];
    hamm_report_page page = {r->o->command_line, r->validate, (const json_t *const *)r->sweeps,
                             r->nsweeps, plots, r->nplots,
                             (const json_t *const *)r->experiments, r->nexperiments};
    return hamm_report_write_index(r->dir, &page, err);
}

static void summarise(const report_run *r, hamm_report_summary *sum)
{
    memset(sum, 0, sizeof *sum);
    for (size_t i = 0; i < r->nplots; i++)
        sum->figures += r->plots[i].nfigures;
    sum->sweeps = r->nsweeps;
    sum->experiments = r->nexperiments;
    sum->images_skipped = r->nplots && !r->plots[0].rendered;
    if (sum->images_skipped)
        snprintf(sum->not_rendered, sizeof sum->not_rendered, "%s", r->plots[0].not_rendered);
}

hamm_status hamm_report_run(const hamm_suite *s, const char *dir, const hamm_report_options *o,
                            hamm_report_summary *sum, hamm_error *err)
{
    /* before the suite runs, which may take long */
    if (hamm_plot_options_check(&o->plot, err) != HAMM_OK)
        return err->status;
    report_run *r = calloc(1, sizeof *r); /* the figures' records are large for a stack */
    if (!r)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    r->o = o;
    r->dir = dir;
    hamm_status st = build(r, s, err);
    if (st == HAMM_OK)
        summarise(r, sum);
    for (size_t i = 0; i < r->nsweeps; i++)
        json_decref(r->sweeps[i]);
    for (size_t i = 0; i < r->nexperiments; i++)
        json_decref(r->experiments[i]);
    json_decref(r->validate);
    free(r);
    return st;
}
