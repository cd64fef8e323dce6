/* cmd_report.c - `hamm report [SUITE] -o DIR`: the whole evaluation in one run: validate
 * the model against the engine on a suite, run the sensitivity sweeps the suite names,
 * draw every figure and write the report page.  The report is built in a staging
 * directory and put in place whole, so a failed run leaves no partial report. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hamm/plot.h"
#include "sweep.h"
#include "validate_print.h"

void cmd_report_help(FILE *out)
{
    fprintf(out,
            "usage: hamm report [options] [SUITE] -o DIR\n\n"
            "The model against the engine, as a report: `hamm validate SUITE` (default: the\n"
            "default suite that came with hamm, models/suites/default.json), then every\n"
            "sweep the suite's \"sweeps\" name (the paper's Figures 11 to 13), then every\n"
            "experiment its \"experiments\" name (GPU runs under configurations), then every\n"
            "figure (`hamm plot`), into DIR: validate.json, sweep-NAME.json,\n"
            "experiment-NAME.json, each figure's NAME.dat, NAME.gp and, when gnuplot is\n"
            "installed, NAME.png, NAME.svg and NAME.pdf, and index.md and a self-contained\n"
            "index.html with the error table beside the published numbers.  A suite of\n"
            "experiments alone (no entries) skips validate.  A run that fails leaves DIR\n"
            "as it was.\n\n"
            "options:\n"
            "  -o, --output DIR         the directory to write (required)\n"
            "  -s, --set KEY=VALUE      override a model field in every entry (repeatable)\n"
            "      --model-path DIR     look model names up in DIR first (repeatable)\n"
            "  -J, --jobs N             entries (experiment runs) at a time (default: the cores)\n"
            "      --no-sweeps          validate only: leave out the suite's sweeps\n"
            "      --no-render          write data files and scripts only, do not run gnuplot\n"
            "      --gnuplot PROGRAM    the gnuplot to run (default: gnuplot on PATH)\n"
            "  -P, --plots-dir DIR      the figure templates (default: those of hamm)\n"
            "  -h, --help               this help\n");
}

typedef struct report_opts {
    cli_validate_opts v;
    hamm_plot_options plot;
    int sweeps;
    const char *suite;
    char cmdline[4096];
} report_opts;

/* Long options without a letter: -S, -n, -g mean --seed, --requests, --grid elsewhere. */
enum { OPT_NO_SWEEPS = 256, OPT_NO_RENDER, OPT_GNUPLOT };

static int parse_args(int argc, char **argv, report_opts *o)
{
    static const struct option longopts[] = {
        {"output", required_argument, NULL, 'o'},  {"set", required_argument, NULL, 's'},
        {"model-path", required_argument, NULL, 'M'},
        {"jobs", required_argument, NULL, 'J'},    {"no-sweeps", no_argument, NULL, OPT_NO_SWEEPS},
        {"no-render", no_argument, NULL, OPT_NO_RENDER},     {"gnuplot", required_argument, NULL, OPT_GNUPLOT},
        {"plots-dir", required_argument, NULL, 'P'}, {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "o:s:J:P:hM:", longopts, NULL)) != -1) {
        int shared = cli_validate_option("report", c, optarg, &o->v);
        if (shared < 0)
            return CLI_USAGE;
        if (shared > 0)
            continue;
        switch (c) {
        case OPT_NO_SWEEPS: o->sweeps = 0; break;
        case OPT_NO_RENDER: o->plot.render = 0; break;
        case OPT_GNUPLOT: o->plot.gnuplot = optarg; break;
        case 'P': o->plot.plots_dir = optarg; break;
        case 'h': cmd_report_help(stdout); return -1;
        default: return cli_usage("report", "unknown option");
        }
    }
    if (optind + 1 < argc)
        return cli_usage("report", "takes at most one SUITE");
    if (!o->v.out_path)
        return cli_usage("report", "needs -o DIR, the directory to write");
    o->suite = optind < argc ? argv[optind] : NULL;
    return CLI_OK;
}

/* Write doc's JSON text as stage/NAME (the same bytes `--json` writes). */
static int write_json(const hamm_stage *stage, const char *name, json_t *doc)
{
    char path[sizeof stage->path + 128];
    snprintf(path, sizeof path, "%s/%s", stage->path, name);
    char *text = hamm_json_text(json_incref(doc));
    FILE *f = text ? fopen(path, "w") : NULL;
    int ok = f && fputs(text, f) >= 0, e = text ? errno : ENOMEM;
    if (f && fclose(f) != 0 && ok)
        ok = 0, e = errno;
    free(text);
    if (!ok)
        fprintf(stderr, "hamm: %s: cannot write: %s\n", path, strerror(e));
    return ok ? CLI_OK : CLI_FAIL;
}

/* What the report gathers: the documents, their figures, where they go. */
typedef struct report_run {
    const report_opts *o;
    hamm_stage stage;
    const cli_model_path *models;
    json_t *validate;
    json_t *sweeps[16], *experiments[16];
    hamm_plot_result plots[33];
    size_t nsweeps, nexperiments, nplots;
} report_run;

/* Figures of one document, with a file-name prefix when it needs one. */
static int plot(report_run *r, const json_t *doc, const char *prefix)
{
    hamm_plot_options po = r->o->plot;
    po.prefix = prefix;
    hamm_error err;
    hamm_error_clear(&err);
    if (hamm_plot_write(doc, r->stage.path, &po, &r->plots[r->nplots], &err) != HAMM_OK)
        return cli_report(&err);
    r->nplots++;
    return CLI_OK;
}

/* Sweep i of the suite: its own suite, the grid, the result file and its figures.  Two
 * sweeps over the same first key would draw figures of one name, so later ones get
 * their sweep's name as a prefix. */
static int run_sweep(report_run *r, const hamm_suite *s, size_t i)
{
    hamm_suite *sub = NULL;
    const hamm_grid *g = hamm_suite_sweep_grid(s, i);
    const char *name = hamm_suite_sweep_name(s, i);
    int rc = cli_sweep_suite(hamm_suite_sweep_suite(s, i), r->models, &sub);
    json_t *doc = NULL;
    if (rc == CLI_OK)
        rc = cli_sweep_run(sub, g, r->o->v.sets, r->o->v.nsets, r->o->v.jobs, &doc);
    hamm_suite_free(sub);
    if (rc != CLI_OK)
        return rc;
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
    rc = write_json(&r->stage, file, doc);
    return rc == CLI_OK ? plot(r, doc, prefix[0] ? prefix : NULL) : rc;
}

/* Experiment i of the suite (docs/SUITES.md, "experiments"): its GPU runs, the result
 * file experiment-NAME.json and its figure. */
static int run_experiment(report_run *r, const hamm_suite *s, size_t i)
{
    hamm_validate_options vo = {r->o->v.sets, r->o->v.nsets, r->o->v.jobs, NULL, NULL};
    hamm_error err;
    hamm_error_clear(&err);
    json_t *doc = NULL;
    if (hamm_experiment_run(s, i, &vo, &doc, &err) != HAMM_OK)
        return cli_report(&err);
    r->experiments[r->nexperiments++] = doc;
    char file[160];
    snprintf(file, sizeof file, "experiment-%s.json", hamm_suite_experiment_name(s, i));
    int rc = write_json(&r->stage, file, doc);
    return rc == CLI_OK ? plot(r, doc, NULL) : rc;
}

/* Validate (when the suite has entries), the sweeps, the experiments, the figures and
 * the page, all into the stage. */
static int build(report_run *r, const hamm_suite *s)
{
    const report_opts *o = r->o;
    int rc = CLI_OK;
    if (hamm_suite_size(s) > 0)
        rc = cli_validate_run(s, o->v.sets, o->v.nsets, o->v.jobs, "validate", &r->validate);
    if (rc == CLI_OK && r->validate)
        rc = write_json(&r->stage, "validate.json", r->validate);
    if (rc == CLI_OK && r->validate)
        rc = plot(r, r->validate, NULL);
    size_t n = o->sweeps ? hamm_suite_sweeps(s) : 0, nx = hamm_suite_experiments(s);
    if (n > sizeof r->sweeps / sizeof r->sweeps[0] ||
        nx > sizeof r->experiments / sizeof r->experiments[0]) {
        fprintf(stderr, "hamm: %s: more than 16 sweeps or 16 experiments\n",
                hamm_suite_path(s));
        rc = CLI_FAIL;
    }
    for (size_t i = 0; rc == CLI_OK && i < n; i++)
        rc = run_sweep(r, s, i);
    for (size_t i = 0; rc == CLI_OK && i < nx; i++)
        rc = run_experiment(r, s, i);
    if (rc != CLI_OK)
        return rc;
    const hamm_plot_result *plots[33];
    for (size_t i = 0; i < r->nplots; i++)
        plots[i] = &r->plots[i];
    hamm_report_page page = {o->cmdline, r->validate, (const json_t *const *)r->sweeps,
                             r->nsweeps, plots, r->nplots,
                             (const json_t *const *)r->experiments, r->nexperiments};
    hamm_error err;
    hamm_error_clear(&err);
    return hamm_report_write_index(r->stage.path, &page, &err) == HAMM_OK ? CLI_OK
                                                                          : cli_report(&err);
}

/* The suite given, else the default suite that came with hamm. */
static int load_suite(const report_opts *o, const cli_model_path *models, hamm_suite **s)
{
    char path[4096];
    if (o->suite)
        return cli_sweep_suite(o->suite, models, s);
    if (!cli_data_dir("models/suites/default.json", path, sizeof path)) {
        fprintf(stderr, "hamm: cannot find hamm's default suite (name a SUITE)\n");
        return CLI_FAIL;
    }
    return cli_sweep_suite(path, models, s);
}

static void say_where(const report_run *r)
{
    size_t figures = 0;
    for (size_t i = 0; i < r->nplots; i++)
        figures += r->plots[i].nfigures;
    printf("report: %s/index.html (and index.md): %zu figures, %zu sweeps", r->stage.dir,
           figures, r->nsweeps);
    if (r->nexperiments)
        printf(", %zu experiments", r->nexperiments);
    printf("\n");
    if (r->nplots && !r->plots[0].rendered)
        fprintf(stderr, "hamm: images skipped: %s\n", r->plots[0].not_rendered);
}

int cmd_report(int argc, char **argv)
{
    report_opts o = {.sweeps = 1};
    cli_validate_init(&o.v);
    hamm_plot_options_init(&o.plot);
    cli_command_line("report", argc, argv, o.cmdline, sizeof o.cmdline);
    int rc = parse_args(argc, argv, &o);
    if (rc != CLI_OK)
        return rc < 0 ? CLI_OK : rc;
    char templates[4096];
    cli_model_path models;
    cli_model_path_init(&models, o.v.model_dirs, o.v.nmodel_dirs);
    hamm_suite *s = NULL;
    report_run r = {.o = &o, .models = &models};
    hamm_error err;
    hamm_error_clear(&err);
    rc = cli_plot_templates(&o.plot, templates, sizeof templates);
    if (rc == CLI_OK)
        rc = load_suite(&o, &models, &s);
    if (rc == CLI_OK && cli_stage_open(&r.stage, o.v.out_path, &err) != HAMM_OK)
        rc = cli_report(&err);
    else if (rc == CLI_OK) {
        rc = build(&r, s);
        if (rc != CLI_OK)
            cli_stage_abort(&r.stage);
        else if (cli_stage_commit(&r.stage, &err) != HAMM_OK)
            rc = cli_report(&err);
    }
    if (rc == CLI_OK)
        say_where(&r);
    for (size_t i = 0; i < r.nsweeps; i++)
        json_decref(r.sweeps[i]);
    for (size_t i = 0; i < r.nexperiments; i++)
        json_decref(r.experiments[i]);
    json_decref(r.validate);
    hamm_suite_free(s);
    return rc;
}
