/* hamm/sweep.h - sweeps (docs/SUITES.md): `hamm validate` at every point of a parameter
 * grid (hamm/validate.h), run in this process or emitted as jobs for xargs, GNU parallel
 * or Slurm whose results merge into the same hamm-sweep/1 document, byte for byte
 * (`hamm sweep`, `hamm sweep --emit-jobs`, `hamm merge`). */
#ifndef HAMM_SWEEP_H
#define HAMM_SWEEP_H

#include <stddef.h>

#include <jansson.h>

#include "hamm/config.h"
#include "hamm/error.h"
#include "hamm/export.h"
#include "hamm/io.h"
#include "hamm/validate.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The files of a directory of emitted jobs: the plan `hamm merge` reads, one command a
 * line, the Slurm array script; each job writes point-NNNN.json beside them. */
#define HAMM_SWEEP_PLAN_FILE "plan.json"
#define HAMM_SWEEP_JOBS_FILE "jobs.txt"
#define HAMM_SWEEP_SBATCH_FILE "sweep.sbatch"

/* The suite at `path`, loaded by its absolute path, as emitted jobs name it (so a sweep
 * run here and one run as jobs write the same documents).  Errors: a path that does not
 * resolve ("cannot open suite"), then hamm_suite_load's. */
HAMM_API hamm_status hamm_sweep_suite_load(const char *path, const hamm_model_path *models,
                                           hamm_suite **out, hamm_error *err);

/* Whether every point of g loads every entry's model with `sets` ("KEY=VALUE") then the
 * point's settings: a sweep checks its whole grid before it runs anything.  The first
 * failure decides the error, which names the entry and the field. */
HAMM_API hamm_status hamm_sweep_check(const hamm_suite *s, const hamm_grid *g,
                                      const char *const *sets, size_t nsets, hamm_error *err);

/* What a call that runs validate once or many times (a sweep, a report) tells its caller
 * as it goes, so the caller can show progress and warnings; each may be NULL, and they
 * are called from the caller's thread but `progress`, which comes from a worker thread,
 * one call at a time. */
typedef struct hamm_validate_watch {
    /* A validate run begins: "validate" (a suite's own) or "sweep point 3/8". */
    void (*begin)(void *user, const char *what);
    hamm_validate_progress_fn progress; /* entries finished in that run */
    /* It ended: its hamm-validate/1 document, NULL when it failed (the call returns the
     * error). */
    void (*end)(void *user, const char *what, const json_t *doc);
    void *user;
} hamm_validate_watch;

typedef struct hamm_sweep_options {
    const char *const *sets; /* "KEY=VALUE" at every point, before the point's own */
    size_t nsets;
    unsigned jobs;           /* entries run at a time (hamm_validate_options) */
    const hamm_validate_watch *watch; /* NULL: nothing to tell */
} hamm_sweep_options;

/* One validate run as a sweep runs each point (hamm_validate_run with o's sets and jobs),
 * the watch told of it as `what`; *doc: a new reference. */
HAMM_API hamm_status hamm_sweep_validate(const hamm_suite *s, const hamm_sweep_options *o,
                                         const char *what, json_t **doc, hamm_error *err);

/* Check the grid (hamm_sweep_check), run validate at every point in order and build the
 * hamm-sweep/1 document (docs/JSON.md; a new reference in *doc): every point's result as
 * `hamm validate --json` writes it.  The first failing point decides the error. */
HAMM_API hamm_status hamm_sweep_run(const hamm_suite *s, const hamm_grid *g,
                                    const hamm_sweep_options *o, json_t **doc,
                                    hamm_error *err);

/* What every emitted job passes on besides its point's settings. */
typedef struct hamm_sweep_jobs_options {
    const char *program;     /* the hamm executable the jobs run, as they should name it */
    const char *const *sets; /* the sweep's "KEY=VALUE" overrides, before each point's */
    size_t nsets;
    const char *const *model_dirs; /* --model-path directories (named absolutely in the
                                      jobs where they resolve, since jobs run anywhere) */
    size_t ndirs;
} hamm_sweep_jobs_options;

/* The files of a directory of jobs, for the caller to write there (atomically, each
 * under its HAMM_SWEEP_*_FILE name; the plan first, and only where there is none, see
 * hamm_sweep_jobs_plan_check): the plan, the commands of the points still without a
 * result and the Slurm array that runs them. */
typedef struct hamm_sweep_jobs {
    char dir[4096]; /* the directory, absolute (the jobs and the plan name it so) */
    char *plan;     /* plan.json (schema hamm-sweep-plan/1) */
    char *jobs;     /* jobs.txt: one `hamm validate ... --json -o DIR/point-NNNN.json` a line */
    char *sbatch;   /* sweep.sbatch; NULL when no job is left (remove any old one: an array
                       of nothing is not a valid job) */
    size_t todo;    /* the lines of jobs.txt */
    size_t points;  /* the points of the grid; points - todo have results */
} hamm_sweep_jobs;

/* Check the grid (hamm_sweep_check), create `dir` when missing and make its files.  The
 * same sweep emitted again into the same directory lists only the points without a
 * result; a directory that holds another sweep's plan is an error (its results would
 * be someone else's), and so is a `dir` that is not a directory. */
HAMM_API hamm_status hamm_sweep_jobs_make(const char *dir, const hamm_suite *s,
                                          const hamm_grid *g, const hamm_sweep_jobs_options *o,
                                          hamm_sweep_jobs *out, hamm_error *err);
/* Whether j->dir's plan, if it has one, is j's: HAMM_OK when there is none or it is the
 * same, else an error naming the plan file.  hamm_sweep_jobs_make asks it first; a
 * caller that finds the plan written under it (another sweep emitting into the same
 * directory at once: the caller writes the plan only where none exists, the claim on
 * the directory) asks again. */
HAMM_API hamm_status hamm_sweep_jobs_plan_check(const hamm_sweep_jobs *j, hamm_error *err);
HAMM_API void hamm_sweep_jobs_free(hamm_sweep_jobs *j);

/* A point of the plan whose result cannot join the sweep. */
typedef struct hamm_sweep_problem {
    size_t index;        /* the point */
    const char *path;    /* its result file */
    const char *command; /* the command that computes it (the plan's) */
    int missing;         /* 1: no result yet; 0: a result that is not this point's */
    /* why the result is not this point's: where it does not parse (source, line, column),
     * or the JSON path of the field that disagrees with the plan or the first result */
    const hamm_error *why;
} hamm_sweep_problem;
typedef void (*hamm_sweep_problem_fn)(void *user, const hamm_sweep_problem *p);

/* Join the results in `dir` of the jobs hamm_sweep_jobs_make emitted into the
 * hamm-sweep/1 document hamm_sweep_run would have built (a new reference in *doc).  Every
 * result must be its point's: the plan's suite, hamm version and settings, and the same
 * entries, traces and models (beside the grid's keys) as the first.  Each point that has
 * no result or a bad one goes to `problem` (may be NULL), in order; then the call fails
 * saying how many.  Errors also: the plan missing or not a plan. */
HAMM_API hamm_status hamm_sweep_merge(const char *dir, hamm_sweep_problem_fn problem,
                                      void *user, json_t **doc, hamm_error *err);
/* The files hamm_sweep_merge reads in `dir`, into `set`: the plan, and each result it
 * names (a plain file name of `dir`: a name with a '/', "." or ".." is the merge's error).
 * Errors: the plan missing or not a plan. */
HAMM_API hamm_status hamm_sweep_merge_inputs(const char *dir, hamm_input_set *set,
                                             hamm_error *err);

#ifdef __cplusplus
}
#endif

#endif
