/* sweep_emit.c - `hamm sweep --emit-jobs DIR`: the plan, one `hamm validate` command per
 * point still without a result (for xargs -P or GNU parallel), and a Slurm array script. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "hamm_build_config.h"
#include "sweep.h"

/* `text` for sh: as it is when every character is safe (so xargs, which strips quotes
 * unless told -d '\n', passes it unchanged), else inside '...' with ' as '\''. */
static void sh_quote(FILE *out, const char *text)
{
    if (*text && strspn(text, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                              "0123456789/._-=,:+@%") == strlen(text)) {
        fputs(text, out);
        return;
    }
    fputc('\'', out);
    for (; *text; text++)
        fputs(*text == '\'' ? "'\\''" : (char[2]){*text, 0}, out);
    fputc('\'', out);
}

/* The command that computes point i, on one line. */
static void point_command(FILE *out, const char *hamm, const char *dir, const hamm_suite *s,
                          const hamm_grid *g, size_t i, const sweep_args *a)
{
    const char *pt[HAMM_GRID_MAX_AXES * 16];
    size_t axes = hamm_grid_keys(g);
    if (axes > sizeof pt / sizeof pt[0])
        return; /* cannot happen: hamm_grid_link stops at 16 keys an axis */
    hamm_grid_point(g, i, pt);
    sh_quote(out, hamm);
    fputs(" validate ", out);
    sh_quote(out, hamm_suite_path(s));
    for (size_t k = 0; k < a->ndirs; k++) {
        fputs(" --model-path ", out);
        sh_quote(out, a->model_dirs[k]);
    }
    for (size_t k = 0; k < a->nsets + axes; k++) {
        fputs(" --set ", out);
        sh_quote(out, k < a->nsets ? a->sets[k] : pt[k - a->nsets]);
    }
    char name[64], path[PATH_MAX + 64];
    sweep_point_name(name, sizeof name, i);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    fputs(" --json -o ", out);
    sh_quote(out, path);
}

/* point_command as a string (malloc'd), or NULL. */
static char *command_text(const char *hamm, const char *dir, const hamm_suite *s,
                          const hamm_grid *g, size_t i, const sweep_args *a)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return NULL;
    point_command(m, hamm, dir, s, g, i, a);
    fclose(m);
    return buf;
}

static json_t *plan_json(const char *hamm, const char *dir, const hamm_suite *s,
                         const hamm_grid *g, const sweep_args *a)
{
    json_t *points = json_array(), *jsets = json_array();
    int ok = points && jsets;
    for (size_t k = 0; ok && k < a->nsets; k++)
        ok = json_array_append_new(jsets, json_string(a->sets[k])) == 0;
    for (size_t i = 0; ok && i < hamm_grid_points(g); i++) {
        char name[64];
        sweep_point_name(name, sizeof name, i);
        char *cmd = command_text(hamm, dir, s, g, i, a);
        json_t *pt = cmd ? json_pack("{s:I, s:o, s:s, s:s}", "index", (json_int_t)i, "set",
                                     hamm_grid_point_json(g, i), "output", name, "command", cmd)
                         : NULL;
        free(cmd);
        ok = pt && json_array_append_new(points, pt) == 0;
    }
    if (!ok) {
        json_decref(points);
        json_decref(jsets);
        return NULL;
    }
    return json_pack("{s:s, s:s, s:{s:s, s:s}, s:o, s:o, s:o}", "schema",
                     HAMM_SWEEP_PLAN_SCHEMA, "hamm_version", HAMM_VERSION, "suite", "path",
                     hamm_suite_path(s), "name", hamm_suite_name(s), "sets", jsets, "grid",
                     hamm_grid_json(g), "points", points);
}

/* Write `text` to dir/name atomically. */
static int write_file(const char *dir, const char *name, const char *text)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    cli_outfile out;
    int rc = cli_outfile_open(&out, path, 0);
    if (rc != CLI_OK)
        return rc;
    cli_fputs(text, out.fp);
    return cli_outfile_commit(&out);
}

/* An existing plan must be this sweep's: its results would be someone else's otherwise. */
static int same_plan(const char *dir, const char *text)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, SWEEP_PLAN);
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return errno == ENOENT ? 1 : -1;
    size_t n = strlen(text), got = 0;
    char buf[4096];
    int same = 1;
    size_t r;
    while (same && (r = fread(buf, 1, sizeof buf, fp)) > 0) {
        same = got + r <= n && memcmp(buf, text + got, r) == 0;
        got += r;
    }
    fclose(fp);
    return same && got == n;
}

/* jobs.txt: the commands of the points without a result; *todo counts them. */
static char *jobs_text(const char *hamm, const char *dir, const hamm_suite *s,
                       const hamm_grid *g, const sweep_args *a, size_t *todo)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return NULL;
    *todo = 0;
    for (size_t i = 0; i < hamm_grid_points(g); i++) {
        char name[64], path[PATH_MAX + 64];
        sweep_point_name(name, sizeof name, i);
        snprintf(path, sizeof path, "%s/%s", dir, name);
        if (access(path, F_OK) == 0)
            continue;
        point_command(m, hamm, dir, s, g, i, a);
        fputc('\n', m);
        ++*todo;
    }
    fclose(m);
    return buf;
}

static int write_sbatch(const char *dir, size_t todo)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, SWEEP_SBATCH);
    if (todo == 0) /* an array of nothing is not a valid job */
        return unlink(path) == 0 || errno == ENOENT ? CLI_OK : CLI_FAIL;
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m)
        return CLI_FAIL;
    fprintf(m, "#!/bin/sh\n# Written by hamm sweep --emit-jobs: array task K runs line K of "
               "jobs.txt.\n# Submit with: sbatch %s; then: hamm merge %s -o sweep.json\n"
               "#SBATCH --job-name=hamm-sweep\n#SBATCH --array=1-%zu\n"
               "#SBATCH --output=%s/slurm-%%A_%%a.out\n", path, dir, todo, dir);
    fputs("sed -n \"${SLURM_ARRAY_TASK_ID}p\" ", m);
    char jobs[PATH_MAX + 64];
    snprintf(jobs, sizeof jobs, "%s/%s", dir, SWEEP_JOBS);
    sh_quote(m, jobs);
    fputs(" | sh\n", m);
    fclose(m);
    int rc = text ? write_file(dir, SWEEP_SBATCH, text) : CLI_FAIL;
    free(text);
    return rc;
}

static int make_dir(const char *dir, char *abs)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "hamm: %s: cannot create directory: %s\n", dir, strerror(errno));
        return CLI_FAIL;
    }
    if (!realpath(dir, abs)) {
        fprintf(stderr, "hamm: %s: %s\n", dir, strerror(errno));
        return CLI_FAIL;
    }
    return CLI_OK;
}

int sweep_emit(const char *dir, const hamm_suite *s, const hamm_grid *g,
               const sweep_args *a)
{
    char abs[PATH_MAX], hamm[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", hamm, sizeof hamm - 1);
    if (n <= 0) {
        fprintf(stderr, "hamm: cannot find the hamm binary's path: %s\n", strerror(errno));
        return CLI_FAIL;
    }
    hamm[n] = '\0';
    if (make_dir(dir, abs) != CLI_OK)
        return CLI_FAIL;
    size_t todo = 0;
    char *plan = hamm_json_text(plan_json(hamm, abs, s, g, a));
    char *jobs = plan ? jobs_text(hamm, abs, s, g, a, &todo) : NULL;
    int same = plan ? same_plan(abs, plan) : 0, rc = CLI_FAIL;
    if (!plan || !jobs)
        fprintf(stderr, "hamm: out of memory\n");
    else if (same != 1)
        fprintf(stderr, "hamm: %s/%s: %s; use another directory or remove it\n", abs,
                SWEEP_PLAN, same < 0 ? "cannot be read" : "holds another sweep's plan");
    else if ((rc = write_file(abs, SWEEP_PLAN, plan)) == CLI_OK &&
             (rc = write_file(abs, SWEEP_JOBS, jobs)) == CLI_OK &&
             (rc = write_sbatch(abs, todo)) == CLI_OK)
        printf("%zu of %zu jobs to run in %s/%s (%zu have results); run them with\n"
               "  xargs -d '\\n' -P 2 -I{} sh -c {} < %s/%s   or   sbatch %s/%s\n"
               "then: hamm merge %s -o sweep.json\n",
               todo, hamm_grid_points(g), abs, SWEEP_JOBS, hamm_grid_points(g) - todo, abs,
               SWEEP_JOBS, abs, SWEEP_SBATCH, abs);
    free(plan);
    free(jobs);
    return rc;
}
