/* sweep.h - what `hamm sweep` and `hamm merge` share: the hamm-sweep/1 document, the
 * names of a sweep directory's files, and the emitting of jobs. */
#ifndef HAMM_CLI_SWEEP_H
#define HAMM_CLI_SWEEP_H

#include <jansson.h>

#include "cli.h"
#include "hamm/validate.h"

#define SWEEP_PLAN "plan.json"
#define SWEEP_JOBS "jobs.txt"
#define SWEEP_SBATCH "sweep.sbatch"

/* "point-NNNN.json" of point `index`. */
void sweep_point_name(char *buf, size_t size, size_t index);
/* {"schema": hamm-sweep/1, "hamm_version", "suite": {path, name}, "grid", "points"} (takes
 * the references to grid and points); NULL when out of memory. */
json_t *sweep_doc(const char *suite_path, const char *suite_name, json_t *grid, json_t *points);
/* One element of "points": {"index", "set", "result"} (takes the references). */
json_t *sweep_point(size_t index, json_t *set, json_t *result);
/* What every emitted job passes on: the sweep's --set overrides (before the point's) and
 * its --model-path directories. */
typedef struct sweep_args {
    const char *const *sets;
    size_t nsets;
    const char *const *model_dirs;
    size_t ndirs;
} sweep_args;
/* Write the sweep's plan, job list and Slurm script into dir (see docs/SUITES.md). */
int sweep_emit(const char *dir, const hamm_suite *s, const hamm_grid *g, const sweep_args *a);
/* The suite at `path`, loaded by its absolute path (as emitted jobs name it).  Prints any
 * error. */
int cli_sweep_suite(const char *path, const cli_model_path *models, hamm_suite **s);
/* Check every point of g against every entry's model, then run validate at each point
 * (`sets` first, then the point's) and build the hamm-sweep/1 document (*doc, a new
 * reference).  Prints any error; `hamm report` runs its sweeps with it. */
int cli_sweep_run(const hamm_suite *s, const hamm_grid *g, const char *const *sets,
                  size_t nsets, unsigned jobs, json_t **doc);
/* Why point result `doc` is not a part of the sweep `plan` plans (merge_check.c), or NULL:
 * hamm's version, the overrides (the sweep's --sets and point `pt`'s set, exactly), and,
 * against `first` (the first result, NULL: none yet), the heuristics and every entry's
 * suite fields, trace hash and model config beside the grid's keys.  `field` gets the
 * JSON path. */
const char *merge_global_mismatch(const json_t *plan, const json_t *pt, const json_t *doc,
                                  const json_t *first, char *field, size_t size);
/* Print the sweep document as a table: per point, its set and the per-entry MAE. */
void sweep_table(FILE *out, const json_t *doc);

#endif
