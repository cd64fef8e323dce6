/* cmd_sweep.c - `hamm sweep SUITE --grid KEY=V1,V2,...`: a validate run at every point of
 * a parameter grid, in this process or emitted as jobs for xargs, GNU parallel or Slurm. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hamm_build_config.h"
#include "sweep.h"
#include "validate_print.h"

void cmd_sweep_help(FILE *out)
{
    fprintf(out,
            "usage: hamm sweep [options] SUITE --grid KEY=V1,V2,... [--grid ...]\n\n"
            "Run `hamm validate SUITE` at every point of the cross product of the grids (the\n"
            "last --grid varies fastest), each point with its values as --set overrides:\n"
            "queue_size, chips_per_channel, scheduler, predict.locality_threshold,\n"
            "dram.timing.*, any model field.  Every point is checked against every entry's\n"
            "model before anything runs.\n\n"
            "options:\n"
            "  -g, --grid KEY=V1,V2,... an axis of the grid (repeatable)\n"
            "      --with KEY=W1,W2,... a key that changes with the last --grid's, value for\n"
            "                           value (e.g. --grid chips_per_channel=1,2,4 --with\n"
            "                           address_map=M1,M2,M4: the map each count needs)\n"
            "  -s, --set KEY=VALUE      override a model field at every point (repeatable)\n"
            "      --model-path DIR     look model names up in DIR first (repeatable)\n"
            "  -J, --jobs N             entries run at a time (default: the number of cores)\n"
            "  -j, --json               JSON (schema hamm-sweep/1, see docs/JSON.md)\n"
            "  -o, --output FILE        write the result to FILE (atomically; .json: JSON)\n"
            "  -e, --emit-jobs DIR      run nothing: write DIR/plan.json, DIR/jobs.txt (one\n"
            "                           `hamm validate` command per line, for xargs -P or GNU\n"
            "                           parallel) and DIR/sweep.sbatch (a Slurm array); then\n"
            "                           `hamm merge DIR -o sweep.json`.  Again with the same\n"
            "                           DIR, jobs.txt lists only the points without a result\n"
            "  -h, --help               this help\n");
}

typedef struct sweep_opts {
    cli_validate_opts v;
    hamm_grid *grid;
    const char *emit_dir;
} sweep_opts;

/* --with has no letter: -w means generate's --write-fraction. */
enum { OPT_WITH = 256 };

static int parse_args(int argc, char **argv, sweep_opts *o, const char **suite)
{
    static const struct option longopts[] = {
        {"grid", required_argument, NULL, 'g'}, {"with", required_argument, NULL, OPT_WITH},
        {"set", required_argument, NULL, 's'}, {"model-path", required_argument, NULL, 'M'},
        {"jobs", required_argument, NULL, 'J'}, {"json", no_argument, NULL, 'j'},
        {"output", required_argument, NULL, 'o'}, {"emit-jobs", required_argument, NULL, 'e'},
        {"help", no_argument, NULL, 'h'},       {NULL, 0, NULL, 0}};
    hamm_error err;
    hamm_error_clear(&err);
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "g:s:J:jo:e:hM:", longopts, NULL)) != -1) {
        int shared = cli_validate_option("sweep", c, optarg, &o->v);
        if (shared < 0)
            return CLI_USAGE;
        if (shared > 0)
            continue;
        switch (c) {
        case 'g':
            if (hamm_grid_add(o->grid, optarg, &err) != HAMM_OK)
                return cli_report(&err);
            break;
        case OPT_WITH:
            if (hamm_grid_link(o->grid, optarg, &err) != HAMM_OK)
                return cli_report(&err);
            break;
        case 'e':
            o->emit_dir = optarg;
            break;
        case 'h':
            cmd_sweep_help(stdout);
            return -1;
        default:
            return cli_usage("sweep", "unknown option");
        }
    }
    if (optind != argc - 1)
        return cli_usage("sweep", "needs exactly one SUITE argument");
    if (hamm_grid_axes(o->grid) == 0)
        return cli_usage("sweep", "needs at least one --grid KEY=V1,V2,...");
    if (hamm_grid_points(o->grid) > 100000)
        return cli_usage("sweep", "the grid has more than 100000 points");
    if (o->v.mode == CLI_OUT_CSV || o->v.mode == CLI_OUT_LATEX || o->v.mode < 0)
        return cli_usage("sweep", "writes a table or --json");
    *suite = argv[optind];
    return CLI_OK;
}

/* The sweep's sets then point i's grid values, into all[] (room for nsets + grid keys). */
static size_t point_sets(const hamm_grid *g, const char *const *sets, size_t nsets, size_t i,
                         const char **all)
{
    memcpy(all, sets, nsets * sizeof *all);
    hamm_grid_point(g, i, all + nsets);
    return nsets + hamm_grid_keys(g);
}

/* Every point against every entry's model, before anything runs. */
static int check_grid(const hamm_suite *s, const hamm_grid *g, const char *const *sets,
                      size_t nsets, const char **all)
{
    hamm_error err;
    hamm_error_clear(&err);
    for (size_t i = 0; i < hamm_grid_points(g); i++) {
        size_t n = point_sets(g, sets, nsets, i, all);
        if (hamm_suite_check(s, all, n, &err) != HAMM_OK)
            return cli_report(&err);
    }
    return CLI_OK;
}

/* One point: the validate document as `hamm validate --json` writes it, read back, so the
 * sweep holds exactly what a job's file holds. */
static int run_point(const hamm_suite *s, const hamm_grid *g, const char **all, size_t n,
                     size_t i, unsigned jobs, json_t *points)
{
    char what[64];
    snprintf(what, sizeof what, "sweep point %zu/%zu", i + 1, hamm_grid_points(g));
    json_t *doc = NULL;
    int rc = cli_validate_run(s, all, n, jobs, what, &doc);
    if (rc != CLI_OK)
        return rc;
    char *text = hamm_json_text(doc);
    json_t *back = text ? json_loads(text, 0, NULL) : NULL;
    free(text);
    json_t *set = hamm_grid_point_json(g, i);
    json_t *pt = back && set ? sweep_point(i, set, back) : NULL;
    if (!pt || json_array_append_new(points, pt) != 0) {
        fprintf(stderr, "hamm: out of memory\n");
        return CLI_FAIL;
    }
    return CLI_OK;
}

int cli_sweep_run(const hamm_suite *s, const hamm_grid *g, const char *const *sets,
                  size_t nsets, unsigned jobs, json_t **doc)
{
    *doc = NULL;
    const char **all = calloc(nsets + hamm_grid_keys(g), sizeof *all);
    json_t *points = json_array();
    int rc = CLI_FAIL;
    if (all && points)
        rc = check_grid(s, g, sets, nsets, all);
    else
        fprintf(stderr, "hamm: out of memory\n");
    for (size_t i = 0; rc == CLI_OK && i < hamm_grid_points(g); i++)
        rc = run_point(s, g, all, point_sets(g, sets, nsets, i, all), i, jobs, points);
    if (rc == CLI_OK && !(*doc = sweep_doc(hamm_suite_path(s), hamm_suite_name(s),
                                           hamm_grid_json(g), json_incref(points)))) {
        fprintf(stderr, "hamm: out of memory\n");
        rc = CLI_FAIL;
    }
    json_decref(points);
    free(all);
    return rc;
}

static int run_sweep(const sweep_opts *o, const hamm_suite *s)
{
    cli_outfile out;
    int rc = cli_outfile_open(&out, o->v.out_path, 0);
    if (rc != CLI_OK)
        return rc;
    json_t *doc = NULL;
    rc = cli_sweep_run(s, o->grid, o->v.sets, o->v.nsets, o->v.jobs, &doc);
    char *text = NULL;
    if (rc == CLI_OK && o->v.mode == CLI_OUT_JSON && !(text = hamm_json_text(json_incref(doc))))
        rc = CLI_FAIL;
    if (rc == CLI_OK) {
        if (text)
            cli_fputs(text, out.fp);
        else
            sweep_table(out.fp, doc);
        rc = cli_outfile_commit(&out);
    } else {
        cli_outfile_abort(&out);
    }
    free(text);
    json_decref(doc);
    return rc;
}

/* The jobs name the model directories absolutely, like the suite: they may run anywhere. */
static int emit(const sweep_opts *o, const hamm_suite *s)
{
    char *abs[CLI_MAX_MODEL_DIRS] = {NULL};
    const char *dirs[CLI_MAX_MODEL_DIRS];
    size_t n = o->v.nmodel_dirs;
    for (size_t i = 0; i < n; i++) /* realpath(..., NULL) allocates; as given if it fails */
        dirs[i] = (abs[i] = realpath(o->v.model_dirs[i], NULL)) ? abs[i] : o->v.model_dirs[i];
    sweep_args a = {o->v.sets, o->v.nsets, dirs, n};
    int rc = sweep_emit(o->emit_dir, s, o->grid, &a);
    for (size_t i = 0; i < n; i++)
        free(abs[i]);
    return rc;
}

/* The suite by its absolute path, as the emitted jobs name it: the same documents. */
int cli_sweep_suite(const char *path, const cli_model_path *models, hamm_suite **s)
{
    char abs[PATH_MAX];
    hamm_error err;
    hamm_error_clear(&err);
    if (!realpath(path, abs)) {
        fprintf(stderr, "hamm: %s: cannot open suite\n", path);
        return CLI_FAIL;
    }
    return hamm_suite_load(abs, &models->path, s, &err) == HAMM_OK ? CLI_OK : cli_report(&err);
}

int cmd_sweep(int argc, char **argv)
{
    sweep_opts o = {0};
    cli_validate_init(&o.v);
    if (!(o.grid = hamm_grid_new())) {
        fprintf(stderr, "hamm: out of memory\n");
        return CLI_FAIL;
    }
    const char *path = NULL;
    hamm_suite *s = NULL;
    cli_model_path models;
    int rc = parse_args(argc, argv, &o, &path);
    cli_model_path_init(&models, o.v.model_dirs, o.v.nmodel_dirs);
    cli_path paths[] = {{path, "the suite", 0}, {o.v.out_path, "-o", 1}};
    if (rc == CLI_OK)
        rc = cli_check_paths("sweep", paths, 2);
    if (rc == CLI_OK)
        rc = cli_sweep_suite(path, &models, &s);
    if (rc == CLI_OK && o.emit_dir) {
        const char **all = calloc(o.v.nsets + hamm_grid_keys(o.grid), sizeof *all);
        rc = all ? check_grid(s, o.grid, o.v.sets, o.v.nsets, all) : CLI_FAIL;
        rc = rc == CLI_OK ? emit(&o, s) : rc;
        free(all);
    } else if (rc == CLI_OK) {
        rc = run_sweep(&o, s);
    }
    hamm_suite_free(s);
    hamm_grid_free(o.grid);
    return rc < 0 ? CLI_OK : rc;
}
