/* cmd_plot.c - `hamm plot FILE.json -o DIR`: figures (data files, gnuplot scripts and,
 * with gnuplot, images) and a report page from any JSON result hamm writes. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hamm/plot.h"

void cmd_plot_help(FILE *out)
{
    fprintf(out,
            "usage: hamm plot [options] FILE.json -o DIR\n\n"
            "Write the figures of FILE.json (any JSON result of hamm: validate, sweep,\n"
            "predict, simulate, stats, stats --conflicts) into DIR, created if missing:\n"
            "for each figure NAME.dat (the numbers) and NAME.gp (a gnuplot script that\n"
            "reads it; edit and rerun it in DIR with `gnuplot NAME.gp`), and, when\n"
            "gnuplot is installed, NAME.png, NAME.svg and NAME.pdf; then DIR/index.md and\n"
            "a self-contained DIR/index.html showing them. See docs/PLOTS.md.\n\n"
            "options:\n"
            "  -o, --output DIR         the directory to write (required)\n"
            "  -P, --plots-dir DIR      the figure templates (default: the source tree's\n"
            "                           plots/ for an uninstalled build, else the installed)\n"
            "      --no-render          write data files and scripts only, do not run gnuplot\n"
            "      --gnuplot PROGRAM    the gnuplot to run (default: gnuplot on PATH; a\n"
            "                           PROGRAM that cannot run is an error, while gnuplot\n"
            "                           missing from PATH only skips the images)\n"
            "      --prefix TEXT        prepend TEXT to every figure's file name; TEXT is\n"
            "                           part of a name: no '/', no control character, no\n"
            "                           leading '.'\n"
            "  -h, --help               this help\n");
}

int cli_plot_templates(hamm_plot_options *o, char *buf, size_t size)
{
    if (o->plots_dir)
        return CLI_OK;
    if (!cli_data_dir("plots", buf, size)) {
        fprintf(stderr, "hamm: cannot find hamm's figure templates (give --plots-dir)\n");
        return CLI_FAIL;
    }
    o->plots_dir = buf;
    return CLI_OK;
}

static json_t *load(const char *path)
{
    json_error_t jerr;
    json_t *doc = strcmp(path, "-") == 0 ? json_loadf(stdin, JSON_REJECT_DUPLICATES, &jerr)
                                         : json_load_file(path, JSON_REJECT_DUPLICATES, &jerr);
    if (!doc) { /* jansson's line and column are -1 where there is none (no such file) */
        hamm_error err;
        hamm_error_clear(&err);
        hamm_error_at(&err, HAMM_ERR_PARSE,
                      HAMM_AT(path, jerr.line > 0 ? (uint64_t)jerr.line : 0,
                              jerr.column > 0 ? (uint64_t)jerr.column : 0, HAMM_NO_OFFSET),
                      NULL, "%s", jerr.text);
        cli_report(&err);
    } else if (!json_is_object(doc)) {
        fprintf(stderr, "hamm: %s: not a JSON object, so not a result of hamm\n", path);
        json_decref(doc);
        doc = NULL;
    }
    return doc;
}

/* index.md and index.html for one document's figures, into `dir`. */
static hamm_status write_index(const char *cmdline, const json_t *doc,
                               const hamm_plot_result *res, const char *dir, hamm_error *err)
{
    const hamm_plot_result *plots[] = {res};
    int validate = strcmp(res->schema, "hamm-validate/1") == 0;
    int sweep = strcmp(res->schema, "hamm-sweep/1") == 0;
    int experiment = strcmp(res->schema, "hamm-experiment/1") == 0;
    const json_t *sweeps[] = {doc};
    hamm_report_page page = {cmdline, validate ? doc : NULL, sweeps, sweep ? 1 : 0,
                             plots, 1, sweeps, experiment ? 1 : 0};
    return hamm_report_write_index(dir, &page, err);
}

/* The files the figures must never replace: the result `path` (none for stdin); NULL
 * with err set when out of memory. */
static hamm_input_set *result_inputs(const char *path, hamm_error *err)
{
    hamm_input_set *set = hamm_input_set_new();
    if (!set) {
        hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
        return NULL;
    }
    if (strcmp(path, "-") != 0 &&
        hamm_input_set_add(set, path, "the JSON result", err) != HAMM_OK) {
        hamm_input_set_free(set);
        return NULL;
    }
    return set;
}

static int run(const char *path, const char *dir, hamm_plot_options *o, const char *cmdline)
{
    char templates[4096];
    hamm_error err;
    hamm_error_clear(&err);
    if (cli_plot_templates(o, templates, sizeof templates) != CLI_OK)
        return CLI_FAIL;
    json_t *doc = load(path);
    if (!doc)
        return CLI_FAIL;
    o->source = path;
    hamm_plot_result res;
    hamm_stage stage; /* the library stages its files too; this one is removed on a signal */
    int rc = CLI_OK;
    /* The page goes into the stage with the figures, so DIR gets all of it or none, and
     * never in place of the result it was drawn from. */
    hamm_input_set *inputs = result_inputs(path, &err);
    if (!inputs || cli_stage_open(&stage, dir, &err) != HAMM_OK)
        rc = cli_report(&err);
    else {
        stage.inputs = inputs;
        if (hamm_plot_write(doc, stage.path, o, &res, &err) != HAMM_OK ||
            write_index(cmdline, doc, &res, stage.path, &err) != HAMM_OK)
            rc = cli_stage_fail(&stage, &err);
        else if (cli_stage_commit(&stage, &err) != HAMM_OK)
            rc = cli_report(&err);
    }
    if (rc == CLI_OK && !res.rendered)
        fprintf(stderr, "hamm: images skipped: %s\n", res.not_rendered);
    hamm_input_set_free(inputs);
    json_decref(doc);
    return rc;
}

/* Long options without a letter: -n, -g, -p mean --requests, --grid, --pattern elsewhere. */
enum { OPT_NO_RENDER = 256, OPT_GNUPLOT, OPT_PREFIX };

int cmd_plot(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"output", required_argument, NULL, 'o'},    {"plots-dir", required_argument, NULL, 'P'},
        {"no-render", no_argument, NULL, OPT_NO_RENDER},       {"gnuplot", required_argument, NULL, OPT_GNUPLOT},
        {"prefix", required_argument, NULL, OPT_PREFIX},    {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    hamm_plot_options o;
    hamm_plot_options_init(&o);
    const char *dir = NULL;
    char cmdline[4096];
    cli_command_line("plot", argc, argv, cmdline, sizeof cmdline);
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "o:P:h", longopts, NULL)) != -1) {
        switch (opt) {
        case 'o': dir = optarg; break;
        case 'P': o.plots_dir = optarg; break;
        case OPT_NO_RENDER: o.render = 0; break;
        case OPT_GNUPLOT: o.gnuplot = optarg; break;
        case OPT_PREFIX: o.prefix = optarg; break;
        case 'h': cmd_plot_help(stdout); return CLI_OK;
        default: return cli_usage("plot", "unknown option");
        }
    }
    if (optind + 1 != argc)
        return cli_usage("plot", "needs exactly one JSON file");
    if (!dir)
        return cli_usage("plot", "needs -o DIR, the directory to write");
    if (cli_check_paths("plot", &(cli_path){argv[optind], "the JSON result", 0}, 1,
                        NULL) != CLI_OK)
        return CLI_FAIL;
    return run(argv[optind], dir, &o, cmdline);
}
