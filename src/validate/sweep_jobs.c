/* sweep_jobs.c - a sweep as jobs: the plan, one `hamm validate` command per point still
 * without a result (for xargs -P or GNU parallel), and a Slurm array script, for the
 * caller to write into the jobs' directory. */
#define _XOPEN_SOURCE 700 /* realpath, open_memstream */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hamm/sweep.h"
#include "common/escape.h"
#include "hamm_build_config.h"
#include "sweep_internal.h"

/* One word of a job's command line (escape_sh_word; the words were checked for control
 * characters before any text was made, words_check). */
static void sh_quote(FILE *out, const char *text)
{
    escape_sh_word(escape_to_file(out), text);
}

/* A word that holds a control character: a newline in it would split a job's line of
 * jobs.txt (one job a line for xargs and GNU parallel, and line K for Slurm's task K) or
 * end a comment of sweep.sbatch, so that the rest runs as a command; refused up front. */
static hamm_status word_check(const char *word, const char *what, hamm_error *err)
{
    for (const char *c = word; *c; c++)
        if (escape_is_control((unsigned char)*c))
            return hamm_error_field(err, HAMM_ERR_ARG, what,
                                    "holds a control character (byte %d): a job's command "
                                    "line cannot carry it (a newline would split its line of "
                                    "jobs.txt)", (unsigned char)*c);
    return HAMM_OK;
}

/* Every word the jobs will carry: hamm's path, the suite's, each model directory, each
 * --set, each grid value, and the jobs' directory. */
static hamm_status words_check(const char *dir, const hamm_suite *s, const hamm_grid *g,
                               const hamm_sweep_jobs_options *a, hamm_error *err)
{
    hamm_status st = word_check(a->program, "hamm's own path", err);
    if (st == HAMM_OK)
        st = word_check(hamm_suite_path(s), "the suite's path", err);
    if (st == HAMM_OK)
        st = word_check(dir, "the jobs' directory", err);
    for (size_t k = 0; st == HAMM_OK && k < a->ndirs; k++)
        st = word_check(a->model_dirs[k], "--model-path", err);
    for (size_t k = 0; st == HAMM_OK && k < a->nsets; k++)
        st = word_check(a->sets[k], "--set", err);
    const char *pt[HAMM_GRID_MAX_AXES * 16];
    size_t axes = hamm_grid_keys(g);
    for (size_t i = 0; st == HAMM_OK && axes <= sizeof pt / sizeof pt[0] &&
                       i < hamm_grid_points(g); i++) {
        hamm_grid_point(g, i, pt);
        for (size_t k = 0; st == HAMM_OK && k < axes; k++)
            st = word_check(pt[k], "the sweep's grid", err);
    }
    return st;
}

/* The command that computes point i, on one line. */
static void point_command(FILE *out, const char *dir, const hamm_suite *s, const hamm_grid *g,
                          size_t i, const hamm_sweep_jobs_options *a)
{
    const char *pt[HAMM_GRID_MAX_AXES * 16];
    size_t axes = hamm_grid_keys(g);
    if (axes > sizeof pt / sizeof pt[0])
        return; /* cannot happen: hamm_grid_link stops at 16 keys an axis */
    hamm_grid_point(g, i, pt);
    sh_quote(out, a->program);
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
static char *command_text(const char *dir, const hamm_suite *s, const hamm_grid *g, size_t i,
                          const hamm_sweep_jobs_options *a)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return NULL;
    point_command(m, dir, s, g, i, a);
    fclose(m);
    return buf;
}

static json_t *plan_json(const char *dir, const hamm_suite *s, const hamm_grid *g,
                         const hamm_sweep_jobs_options *a)
{
    json_t *points = json_array(), *jsets = json_array();
    int ok = points && jsets;
    for (size_t k = 0; ok && k < a->nsets; k++)
        ok = json_array_append_new(jsets, json_string(a->sets[k])) == 0;
    for (size_t i = 0; ok && i < hamm_grid_points(g); i++) {
        char name[64];
        sweep_point_name(name, sizeof name, i);
        char *cmd = command_text(dir, s, g, i, a);
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

/* jobs.txt: the commands of the points without a result; *todo counts them. */
static char *jobs_text(const char *dir, const hamm_suite *s, const hamm_grid *g,
                       const hamm_sweep_jobs_options *a, size_t *todo)
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
        point_command(m, dir, s, g, i, a);
        fputc('\n', m);
        ++*todo;
    }
    fclose(m);
    return buf;
}

/* sweep.sbatch: array task K runs line K of jobs.txt (todo > 0). */
static char *sbatch_text(const char *dir, size_t todo)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m)
        return NULL;
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, HAMM_SWEEP_SBATCH_FILE);
    fprintf(m, "#!/bin/sh\n# Written by hamm sweep --emit-jobs: array task K runs line K of "
               "jobs.txt.\n# Submit with: sbatch %s; then: hamm merge %s -o sweep.json\n"
               "#SBATCH --job-name=hamm-sweep\n#SBATCH --array=1-%zu\n"
               "#SBATCH --output=%s/slurm-%%A_%%a.out\n", path, dir, todo, dir);
    fputs("sed -n \"${SLURM_ARRAY_TASK_ID}p\" ", m);
    char jobs[PATH_MAX + 64];
    snprintf(jobs, sizeof jobs, "%s/%s", dir, HAMM_SWEEP_JOBS_FILE);
    sh_quote(m, jobs);
    fputs(" | sh\n", m);
    fclose(m);
    return text;
}

/* An existing plan must be this sweep's: 1 when there is none or it is `text`, 0 when it
 * is another, -1 when it cannot be read (errno says why), -2 when it is not a regular
 * file (whose reading a FIFO would block). */
static int same_plan(const char *path, const char *text)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return errno == ENOENT ? 1 : -1;
    if (!S_ISREG(st.st_mode))
        return -2;
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return -1;
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

/* `dir`, created when missing, as an absolute path into abs[PATH_MAX]. */
static hamm_status make_dir(const char *dir, char *abs, hamm_error *err)
{
    struct stat st;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(dir), NULL,
                             "cannot create directory: %s", strerror(errno));
    if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode))
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(dir), NULL,
                             "not a directory; the jobs need a directory of their own "
                             "(made when missing)");
    if (!realpath(dir, abs))
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(dir), NULL, "%s", strerror(errno));
    return HAMM_OK;
}

/* The texts, once the directory is made and `a` names the model directories absolutely. */
static hamm_status make_texts(const hamm_suite *s, const hamm_grid *g,
                              const hamm_sweep_jobs_options *a, hamm_sweep_jobs *j,
                              hamm_error *err)
{
    /* the resolved directories (the working directory's path joins a relative one) */
    hamm_status st = word_check(j->dir, "the jobs' directory", err);
    for (size_t k = 0; st == HAMM_OK && k < a->ndirs; k++)
        st = word_check(a->model_dirs[k], "--model-path", err);
    if (st != HAMM_OK)
        return st;
    j->points = hamm_grid_points(g);
    j->plan = hamm_json_text(plan_json(j->dir, s, g, a));
    j->jobs = j->plan ? jobs_text(j->dir, s, g, a, &j->todo) : NULL;
    if (!j->plan || !j->jobs)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    st = hamm_sweep_jobs_plan_check(j, err);
    if (st != HAMM_OK)
        return st;
    if (j->todo > 0 && !(j->sbatch = sbatch_text(j->dir, j->todo)))
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    return HAMM_OK;
}

hamm_status hamm_sweep_jobs_plan_check(const hamm_sweep_jobs *j, hamm_error *err)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", j->dir, HAMM_SWEEP_PLAN_FILE);
    int same = same_plan(path, j->plan);
    if (same < 0)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(path), NULL,
                             "%s%s; use another directory or remove it",
                             same == -2 ? "not a regular file" : "cannot be read: ",
                             same == -2 ? "" : strerror(errno));
    if (!same)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(path), NULL,
                             "holds another sweep's plan; use another directory or remove it");
    return HAMM_OK;
}

hamm_status hamm_sweep_jobs_make(const char *dir, const hamm_suite *s, const hamm_grid *g,
                                 const hamm_sweep_jobs_options *o, hamm_sweep_jobs *out,
                                 hamm_error *err)
{
    memset(out, 0, sizeof *out);
    hamm_status st = hamm_sweep_check(s, g, o->sets, o->nsets, err);
    if (st == HAMM_OK)
        st = words_check(dir, s, g, o, err);
    char **abs = st == HAMM_OK ? calloc(o->ndirs + 1, sizeof *abs) : NULL;
    const char **dirs = abs ? calloc(o->ndirs + 1, sizeof *dirs) : NULL;
    if (st == HAMM_OK && !dirs)
        st = hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    /* the jobs may run anywhere: a directory as given only when it does not resolve */
    for (size_t i = 0; st == HAMM_OK && i < o->ndirs; i++)
        dirs[i] = (abs[i] = realpath(o->model_dirs[i], NULL)) ? abs[i] : o->model_dirs[i];
    if (st == HAMM_OK)
        st = make_dir(dir, out->dir, err);
    if (st == HAMM_OK) {
        hamm_sweep_jobs_options a = *o;
        a.model_dirs = dirs;
        st = make_texts(s, g, &a, out, err);
    }
    for (size_t i = 0; abs && i < o->ndirs; i++)
        free(abs[i]);
    free(abs);
    free(dirs);
    if (st != HAMM_OK)
        hamm_sweep_jobs_free(out);
    return st;
}

void hamm_sweep_jobs_free(hamm_sweep_jobs *j)
{
    free(j->plan);
    free(j->jobs);
    free(j->sbatch);
    j->plan = j->jobs = j->sbatch = NULL;
}
