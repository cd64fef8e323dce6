/* cmd_sweep.c - `hamm sweep SUITE --grid KEY=V1,V2,...`: a validate run at every point of
 * a parameter grid, in this process or emitted as jobs for xargs, GNU parallel or Slurm. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "hamm/sweep.h"
#include "validate_watch.h"

void cmd_sweep_help(FILE *out)
{
    fprintf(out,
            "usage: hamm sweep [options] SUITE --grid KEY=V1,V2,... [--grid ...]\n\n"
            "Run `hamm validate SUITE` at every point of the cross product of the grids (the\n"
            "last --grid varies fastest), each point with its values as --set overrides:\n"
            "queue_size, chips_per_channel, scheduler, predict.locality_threshold,\n"
            "dram.timing.*, any model field (gpu.l1.sets, gpu.*: the GPU model of workload\n"
            "entries).  Every point is checked against every entry's model before anything\n"
            "runs.\n\n"
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
    if (hamm_grid_points(o->grid) > HAMM_GRID_MAX_POINTS)
        return cli_usage("sweep", "the grid has more than 100000 points");
    if (o->v.mode == CLI_OUT_CSV || o->v.mode == CLI_OUT_LATEX || o->v.mode < 0)
        return cli_usage("sweep", "writes a table or --json");
    *suite = argv[optind];
    return CLI_OK;
}

static void print_mae(FILE *out, const json_t *pt, const json_t *heuristics)
{
    const json_t *result = json_object_get(pt, "result");
    const json_t *by = json_object_get(json_object_get(result, "summary"), "per_entry");
    size_t i;
    json_t *h;
    json_array_foreach(heuristics, i, h) {
        json_t *v = json_object_get(json_object_get(by, json_string_value(h)), "mae_pct");
        if (json_is_number(v))
            fprintf(out, " %15.2f", json_number_value(v));
        else
            fprintf(out, " %15s", "-");
    }
}

/* The sweep document as a table: per point, its set and the per-entry MAE. */
static void print_table(FILE *out, const json_t *doc)
{
    const json_t *points = json_object_get(doc, "points");
    const json_t *first = json_object_get(json_array_get(points, 0), "result");
    const json_t *heuristics = json_object_get(first, "heuristics");
    const json_t *suite = json_object_get(doc, "suite");
    fprintf(out, "suite      %s (%s): %zu points\nMAE over entries (pp) at each point\n\n%6s",
            json_string_value(json_object_get(suite, "name")),
            json_string_value(json_object_get(suite, "path")), json_array_size(points), "point");
    size_t i;
    json_t *x;
    json_array_foreach(json_object_get(doc, "grid"), i, x)
        fprintf(out, " %16.16s", json_string_value(json_object_get(x, "key")));
    json_array_foreach(heuristics, i, x)
        fprintf(out, " %15.15s", json_string_value(x));
    fputc('\n', out);
    json_t *pt;
    json_array_foreach(points, i, pt) {
        fprintf(out, "%6zu", i);
        size_t a;
        json_array_foreach(json_object_get(doc, "grid"), a, x) /* linked keys not shown */
            fprintf(out, " %16.16s",
                    json_string_value(json_object_get(json_object_get(pt, "set"),
                                                      json_string_value(json_object_get(x, "key")))));
        print_mae(out, pt, heuristics);
        fputc('\n', out);
    }
}

static int run_sweep(const sweep_opts *o, const hamm_suite *s)
{
    cli_outfile out;
    int rc = cli_outfile_open(&out, o->v.out_path, 0);
    if (rc != CLI_OK)
        return rc;
    cli_validate_watch w;
    cli_validate_watch_init(&w);
    hamm_sweep_options so = {o->v.sets, o->v.nsets, o->v.jobs, &w.watch};
    hamm_error err;
    hamm_error_clear(&err);
    json_t *doc = NULL;
    if (hamm_sweep_run(s, o->grid, &so, &doc, &err) != HAMM_OK)
        rc = cli_report(&err);
    char *text = NULL;
    if (rc == CLI_OK && o->v.mode == CLI_OUT_JSON && !(text = hamm_json_text(json_incref(doc))))
        rc = CLI_FAIL;
    if (rc == CLI_OK) {
        if (text)
            cli_fputs(text, out.fp);
        else
            print_table(out.fp, doc);
        rc = cli_outfile_commit(&out);
    } else {
        cli_outfile_abort(&out);
    }
    free(text);
    json_decref(doc);
    return rc;
}

/* Write `text` to dir/name atomically; with `existed`, only where there is no such file
 * (*existed set when there is). */
static int write_file(const char *dir, const char *name, const char *text, int *existed)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    cli_outfile out;
    int rc = cli_outfile_open(&out, path, 0);
    if (rc != CLI_OK)
        return rc;
    cli_fputs(text, out.fp);
    return existed ? cli_outfile_commit_new(&out, existed) : cli_outfile_commit(&out);
}

/* The plan, the jobs and the Slurm script, or no script when no job is left.  The plan
 * is written only where there is none: a sweep emitting into the same directory at the
 * same time has either not written its plan yet, and then fails its own claim, or has,
 * and then this one is the same sweep or fails. */
static int write_jobs(const hamm_sweep_jobs *j)
{
    int existed = 0;
    int rc = write_file(j->dir, HAMM_SWEEP_PLAN_FILE, j->plan, &existed);
    hamm_error err;
    hamm_error_clear(&err);
    if (rc == CLI_OK && existed && hamm_sweep_jobs_plan_check(j, &err) != HAMM_OK)
        rc = cli_report(&err);
    if (rc == CLI_OK)
        rc = write_file(j->dir, HAMM_SWEEP_JOBS_FILE, j->jobs, NULL);
    if (rc == CLI_OK && j->sbatch)
        return write_file(j->dir, HAMM_SWEEP_SBATCH_FILE, j->sbatch, NULL);
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", j->dir, HAMM_SWEEP_SBATCH_FILE);
    if (rc == CLI_OK && unlink(path) != 0 && errno != ENOENT)
        rc = CLI_FAIL;
    return rc;
}

/* The jobs run this executable, named by its path. */
static int emit(const sweep_opts *o, const hamm_suite *s)
{
    char hamm[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", hamm, sizeof hamm - 1);
    if (n <= 0) {
        fprintf(stderr, "hamm: cannot find the hamm binary's path: %s\n", strerror(errno));
        return CLI_FAIL;
    }
    hamm[n] = '\0';
    hamm_sweep_jobs_options a = {hamm, o->v.sets, o->v.nsets, o->v.model_dirs,
                                 o->v.nmodel_dirs};
    hamm_sweep_jobs j;
    hamm_error err;
    hamm_error_clear(&err);
    if (hamm_sweep_jobs_make(o->emit_dir, s, o->grid, &a, &j, &err) != HAMM_OK)
        return cli_report(&err);
    int rc = write_jobs(&j);
    if (rc == CLI_OK)
        printf("%zu of %zu jobs to run in %s/%s (%zu have results); run them with\n"
               "  xargs -d '\\n' -P 2 -I{} sh -c {} < %s/%s   or   sbatch %s/%s\n"
               "then: hamm merge %s -o sweep.json\n",
               j.todo, j.points, j.dir, HAMM_SWEEP_JOBS_FILE, j.points - j.todo, j.dir,
               HAMM_SWEEP_JOBS_FILE, j.dir, HAMM_SWEEP_SBATCH_FILE, j.dir);
    hamm_sweep_jobs_free(&j);
    return rc;
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
        rc = cli_check_paths("sweep", paths, 2, NULL);
    hamm_error err;
    hamm_error_clear(&err);
    if (rc == CLI_OK && hamm_sweep_suite_load(path, &models.path, &s, &err) != HAMM_OK)
        rc = cli_report(&err);
    if (rc == CLI_OK) /* and every file the suite names */
        rc = cli_check_paths("sweep", paths, 2, hamm_suite_inputs(s));
    if (rc == CLI_OK)
        rc = o.emit_dir ? emit(&o, s) : run_sweep(&o, s);
    hamm_suite_free(s);
    hamm_grid_free(o.grid);
    return rc < 0 ? CLI_OK : rc;
}
