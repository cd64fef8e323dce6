/* hamm/validate.h - validation suites (docs/SUITES.md) and the model-against-engine
 * comparison over them (`hamm validate`, `hamm sweep`): every entry's trace is read once
 * and each batch goes to both the hybrid model and the reference engine; the result is a
 * hamm-validate/1 JSON document (docs/JSON.md).  Also the parameter grids of a sweep. */
#ifndef HAMM_VALIDATE_H
#define HAMM_VALIDATE_H

#include <stddef.h>

#include <jansson.h>

#include "hamm/config.h"
#include "hamm/error.h"
#include "hamm/export.h"
#include "hamm/io.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HAMM_SUITE_SCHEMA "hamm-suite/1"
#define HAMM_VALIDATE_SCHEMA "hamm-validate/1"
#define HAMM_SWEEP_SCHEMA "hamm-sweep/1"
#define HAMM_SWEEP_PLAN_SCHEMA "hamm-sweep-plan/1"
#define HAMM_EXPERIMENT_SCHEMA "hamm-experiment/1"

typedef struct hamm_suite hamm_suite;

/* Load and check a suite: unknown keys, wrong types, duplicate entry names are errors
 * naming the file and the JSON path (entries[3].tracee); so are a trace that cannot be
 * opened and a model that cannot be found or loaded with the entry's "set". */
HAMM_API hamm_status hamm_suite_load(const char *path, const hamm_model_path *models,
                                     hamm_suite **out, hamm_error *err);
HAMM_API void hamm_suite_free(hamm_suite *s);
HAMM_API const char *hamm_suite_path(const hamm_suite *s); /* as given to hamm_suite_load */
HAMM_API const char *hamm_suite_name(const hamm_suite *s);
/* Every file the load read or a run of the suite reads: the suite, each entry's trace or
 * workload (a recording's files), system, DRAM, GPU models and MWP machine, each
 * experiment's models and workloads, each sweep's suite (the suite's; valid until
 * hamm_suite_free). */
HAMM_API const hamm_input_set *hamm_suite_inputs(const hamm_suite *s);
HAMM_API size_t hamm_suite_size(const hamm_suite *s);      /* entries */
/* The sweeps the suite asks `hamm report` to run (its "sweeps", docs/SUITES.md): the
 * sweep's name, the suite it runs over (resolved against this suite's directory; this
 * suite's own path when it names none) and its grid, all owned by the suite. */
HAMM_API size_t hamm_suite_sweeps(const hamm_suite *s);
HAMM_API const char *hamm_suite_sweep_name(const hamm_suite *s, size_t i);
HAMM_API const char *hamm_suite_sweep_suite(const hamm_suite *s, size_t i);
HAMM_API const struct hamm_grid *hamm_suite_sweep_grid(const hamm_suite *s, size_t i);
/* Whether every entry's model loads with its own "set" then `sets` ("KEY=VALUE"): how a
 * sweep checks its grid before it runs anything.  Errors name the entry and the field. */
HAMM_API hamm_status hamm_suite_check(const hamm_suite *s, const char *const *sets,
                                      size_t nsets, hamm_error *err);

/* Called after each entry finishes (from a worker thread, one call at a time). */
typedef void (*hamm_validate_progress_fn)(void *user, size_t done, size_t total);

typedef struct hamm_validate_options {
    const char *const *sets; /* "KEY=VALUE" applied to every entry after its own "set" */
    size_t nsets;
    unsigned jobs;           /* worker threads, each running whole entries; 0: 1 */
    hamm_validate_progress_fn progress; /* may be NULL */
    void *user;
} hamm_validate_options;

/* Run every entry and build the hamm-validate/1 document (a new reference in *result).
 * The document is the same whatever `jobs` is.  The first failing entry in suite order
 * decides the error, which names the entry. */
HAMM_API hamm_status hamm_validate_run(const hamm_suite *s, const hamm_validate_options *o,
                                       json_t **result, hamm_error *err);

/* The experiments the suite asks `hamm report` to run and draw (its "experiments",
 * docs/SUITES.md): GPU-engine runs of workloads under configurations, optionally along an
 * x axis; checked when the suite loads. */
HAMM_API size_t hamm_suite_experiments(const hamm_suite *s);
/* The most GPU runs one experiment may ask for (x values x configurations x workloads):
 * each is a whole GPU simulation, and each x value's models are checked at load. */
#define HAMM_EXPERIMENT_MAX_RUNS 10000
HAMM_API const char *hamm_suite_experiment_name(const hamm_suite *s, size_t i);
/* Run experiment i (o->jobs runs at a time, o->sets applied to every run's system model
 * before the configuration's) and build its hamm-experiment/1 document (docs/JSON.md; a
 * new reference in *result), the same for every number of jobs.  The first failing run
 * decides the error, which names the experiment, workload and configuration. */
HAMM_API hamm_status hamm_experiment_run(const hamm_suite *s, size_t i,
                                         const hamm_validate_options *o, json_t **result,
                                         hamm_error *err);

/* A sweep's grid: axes KEY=V1,V2,... in the order added; point i of the cross product has
 * the last axis varying fastest.  An axis may carry linked keys that take their values
 * with it, value for value (chips_per_channel=1,2,4 with the address_map each needs). */
typedef struct hamm_grid hamm_grid;
#define HAMM_GRID_MAX_AXES 16
/* The most points a sweep may have (`hamm sweep --grid`, a suite's "sweeps"): each point
 * runs the whole suite, so more is days of work asked for by a few bytes of grid. */
#define HAMM_GRID_MAX_POINTS 100000
HAMM_API hamm_grid *hamm_grid_new(void); /* NULL when out of memory */
HAMM_API void hamm_grid_free(hamm_grid *g);
/* Add an axis "KEY=V1,V2,..." (errors: no '=', an empty value, a key given twice). */
HAMM_API hamm_status hamm_grid_add(hamm_grid *g, const char *spec, hamm_error *err);
/* Link "KEY=W1,W2,..." to the last axis added: as many values as it has, a key not used
 * yet (errors name "--with"). */
HAMM_API hamm_status hamm_grid_link(hamm_grid *g, const char *spec, hamm_error *err);
HAMM_API size_t hamm_grid_axes(const hamm_grid *g);
/* The KEY=VALUE settings of one point: every axis's key and its linked keys. */
HAMM_API size_t hamm_grid_keys(const hamm_grid *g);
/* Points in the cross product (0 when there is no axis); SIZE_MAX when it overflows. */
HAMM_API size_t hamm_grid_points(const hamm_grid *g);
/* The "KEY=VALUE" of every axis and its linked keys at point `index`, in axis order, into
 * sets[hamm_grid_keys(g)] (the strings belong to the grid). */
HAMM_API void hamm_grid_point(const hamm_grid *g, size_t index, const char **sets);
/* [{"key":..., "values":[...], "with": [linked axes, when there are]}, ...] and
 * {"KEY": "VALUE", ...} of a point (linked keys after their axis's); NULL when out of
 * memory. */
HAMM_API json_t *hamm_grid_json(const hamm_grid *g);
HAMM_API json_t *hamm_grid_point_json(const hamm_grid *g, size_t index);

/* The serialised text of a document as every hamm JSON writer lays it out (malloc'd,
 * newline-terminated; takes the reference); NULL when out of memory. */
HAMM_API char *hamm_json_text(json_t *doc);

#ifdef __cplusplus
}
#endif

#endif
