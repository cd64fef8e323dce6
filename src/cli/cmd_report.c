/* cmd_report.c - `hamm report [SUITE] -o DIR`: the whole evaluation in one run: validate
 * the model against the engine on a suite, run the sensitivity sweeps the suite names,
 * draw every figure and write the report page.  The report is built in a staging
 * directory and put in place whole, so a failed run leaves no partial report. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hamm/plot.h"
#include "hamm/report_run.h"
#include "validate_watch.h"

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
            "      --gnuplot PROGRAM    the gnuplot to run (default: gnuplot on PATH; a\n"
            "                           PROGRAM that cannot run is an error, while gnuplot\n"
            "                           missing from PATH only skips the images)\n"
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

/* The suite given, else the default suite that came with hamm. */
static int load_suite(const report_opts *o, const cli_model_path *models, hamm_suite **s)
{
    char path[4096];
    const char *suite = o->suite;
    if (!suite && !cli_data_dir("models/suites/default.json", path, sizeof path)) {
        fprintf(stderr, "hamm: cannot find hamm's default suite (name a SUITE)\n");
        return CLI_FAIL;
    }
    hamm_error err;
    hamm_error_clear(&err);
    if (hamm_sweep_suite_load(suite ? suite : path, &models->path, s, &err) != HAMM_OK)
        return cli_report(&err);
    return CLI_OK;
}

static void say_where(const hamm_stage *stage, const hamm_report_summary *sum)
{
    printf("report: %s/index.html (and index.md): %zu figures, %zu sweeps", stage->dir,
           sum->figures, sum->sweeps);
    if (sum->experiments)
        printf(", %zu experiments", sum->experiments);
    printf("\n");
    if (sum->images_skipped)
        fprintf(stderr, "hamm: images skipped: %s\n", sum->not_rendered);
}

/* The report built in a stage that a fatal signal removes, put in place whole. */
static int run(const report_opts *o, const hamm_suite *s, const cli_model_path *models)
{
    cli_validate_watch w;
    cli_validate_watch_init(&w);
    hamm_report_options ro = {.sets = o->v.sets, .nsets = o->v.nsets, .jobs = o->v.jobs,
                              .sweeps = o->sweeps, .plot = o->plot, .command_line = o->cmdline,
                              .models = &models->path, .watch = &w.watch};
    hamm_report_summary sum;
    hamm_stage stage;
    hamm_error err;
    hamm_error_clear(&err);
    if (cli_stage_open(&stage, o->v.out_path, &err) != HAMM_OK)
        return cli_report(&err);
    stage.inputs = hamm_suite_inputs(s); /* a suite kept in DIR is never replaced */
    if (hamm_report_run(s, stage.path, &ro, &sum, &err) != HAMM_OK)
        return cli_stage_fail(&stage, &err);
    if (cli_stage_commit(&stage, &err) != HAMM_OK)
        return cli_report(&err);
    say_where(&stage, &sum);
    return CLI_OK;
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
    rc = cli_plot_templates(&o.plot, templates, sizeof templates);
    if (rc == CLI_OK)
        rc = load_suite(&o, &models, &s);
    if (rc == CLI_OK)
        rc = run(&o, s, &models);
    hamm_suite_free(s);
    return rc;
}
