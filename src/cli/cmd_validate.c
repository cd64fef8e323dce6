/* cmd_validate.c - `hamm validate SUITE`: the hybrid model against the reference engine on
 * every entry of a suite, with error statistics per channel, per entry and overall. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hamm/validate.h"
#include "validate_print.h"

void cmd_validate_help(FILE *out)
{
    fprintf(out,
            "usage: hamm validate [options] SUITE\n\n"
            "For every entry of SUITE (a hamm-suite/1 file, see docs/SUITES.md) read the trace\n"
            "once and give each batch of requests to both the hybrid analytical model (every\n"
            "heuristic the suite asks for) and the cycle-accurate engine; report measured\n"
            "and predicted DRAM efficiency per channel and per entry, and the error\n"
            "statistics (MAE, RMSE, maximum, mean signed error, polarity, Pearson r) over\n"
            "entries (the paper's convention) and over channels.\n\n"
            "options:\n"
            "  -s, --set KEY=VALUE      override a model field in every entry, after the\n"
            "                           entry's own \"set\" (repeatable); gpu.KEY=VALUE: a\n"
            "                           key of workload entries' GPU model\n"
            "      --model-path DIR     look model names up in DIR first (repeatable)\n"
            "  -J, --jobs N             run N entries at a time (default: the number of\n"
            "                           cores); the result is the same for every N\n"
            "  -j, --json               JSON (schema hamm-validate/1, see docs/JSON.md)\n"
            "      --csv                CSV: one row per entry and per channel\n"
            "      --latex              a LaTeX (booktabs) table for a paper\n"
            "  -o, --output FILE        write the result to FILE (atomically; .json: JSON)\n"
            "  -h, --help               this help\n");
}

enum { OPT_CSV = 256, OPT_LATEX };

static int parse_args(int argc, char **argv, cli_validate_opts *o, const char **suite)
{
    static const struct option longopts[] = {
        {"set", required_argument, NULL, 's'}, {"model-path", required_argument, NULL, 'M'},
        {"jobs", required_argument, NULL, 'J'},
        {"json", no_argument, NULL, 'j'},      {"csv", no_argument, NULL, OPT_CSV},
        {"latex", no_argument, NULL, OPT_LATEX}, {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},      {NULL, 0, NULL, 0}};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "s:J:jo:hM:", longopts, NULL)) != -1) {
        int shared = cli_validate_option("validate", c, optarg, o);
        if (shared < 0)
            return CLI_USAGE;
        if (shared > 0)
            continue;
        switch (c) {
        case OPT_CSV:
            o->mode = o->mode == CLI_OUT_TABLE ? CLI_OUT_CSV : -1;
            break;
        case OPT_LATEX:
            o->mode = o->mode == CLI_OUT_TABLE ? CLI_OUT_LATEX : -1;
            break;
        case 'h':
            cmd_validate_help(stdout);
            return -1;
        default:
            return cli_usage("validate", "unknown option");
        }
    }
    if (optind != argc - 1)
        return cli_usage("validate", "needs exactly one SUITE argument");
    if (o->mode < 0)
        return cli_usage("validate", "--json, --csv and --latex exclude each other");
    *suite = argv[optind];
    return CLI_OK;
}

int cmd_validate(int argc, char **argv)
{
    cli_validate_opts o;
    cli_validate_init(&o);
    const char *path = NULL;
    int rc = parse_args(argc, argv, &o, &path);
    if (rc != CLI_OK)
        return rc < 0 ? CLI_OK : rc;
    cli_path paths[] = {{path, "the suite", 0}, {o.out_path, "-o", 1}};
    if ((rc = cli_check_paths("validate", paths, 2, NULL)) != CLI_OK)
        return rc;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_suite *s = NULL;
    cli_model_path models;
    cli_model_path_init(&models, o.model_dirs, o.nmodel_dirs);
    if (hamm_suite_load(path, &models.path, &s, &err) != HAMM_OK)
        return cli_report(&err);
    cli_outfile out = {0};
    json_t *doc = NULL;
    if ((rc = cli_check_paths("validate", paths, 2, hamm_suite_inputs(s))) == CLI_OK &&
        (rc = cli_outfile_open(&out, o.out_path, 0)) == CLI_OK &&
        (rc = cli_validate_run(s, o.sets, o.nsets, o.jobs, "validate", &doc)) == CLI_OK) {
        rc = cli_validate_print(out.fp, o.mode, doc);
        rc = rc == CLI_OK ? cli_outfile_commit(&out) : rc;
    }
    if (rc != CLI_OK)
        cli_outfile_abort(&out);
    json_decref(doc);
    hamm_suite_free(s);
    return rc;
}

/* The options validate and sweep share. */
void cli_validate_init(cli_validate_opts *o)
{
    memset(o, 0, sizeof *o);
    o->jobs = cli_default_jobs();
}

int cli_validate_option(const char *cmd, int opt, const char *arg, cli_validate_opts *o)
{
    uint64_t v;
    switch (opt) {
    case 's':
        return cli_add_set(cmd, arg, o->sets, &o->nsets);
    case 'M':
        return cli_add_model_dir(cmd, arg, o->model_dirs, &o->nmodel_dirs);
    case 'J':
        if (cli_parse_u64(cmd, "--jobs", arg, 1, 1024, &v) != 0)
            return -1;
        o->jobs = (unsigned)v;
        return 1;
    case 'j':
        o->mode = o->mode == CLI_OUT_TABLE || o->mode == CLI_OUT_JSON ? CLI_OUT_JSON : -1;
        return 1;
    case 'o':
        o->out_path = arg;
        if (cli_wants_json(arg) && o->mode == CLI_OUT_TABLE)
            o->mode = CLI_OUT_JSON;
        return 1;
    default:
        return 0;
    }
}

int cli_validate_print(FILE *out, int mode, json_t *doc)
{
    char *text = NULL;
    switch (mode) {
    case CLI_OUT_JSON:
        if (!(text = hamm_json_text(json_incref(doc)))) {
            fprintf(stderr, "hamm: out of memory\n");
            return CLI_FAIL;
        }
        cli_fputs(text, out);
        free(text);
        break;
    case CLI_OUT_CSV:
        cli_validate_csv(out, doc);
        break;
    case CLI_OUT_LATEX:
        cli_validate_latex(out, doc);
        break;
    default:
        cli_validate_table(out, doc);
        break;
    }
    return CLI_OK;
}
