/* suite.h - a loaded suite's fields, shared by the loader and the runner. */
#ifndef HAMM_VALIDATE_SUITE_H
#define HAMM_VALIDATE_SUITE_H

#include "common/json_read.h"
#include "hamm/config.h"
#include "hamm/engine.h"
#include "hamm/gpu.h"
#include "hamm/mwp.h"
#include "hamm/trace.h"
#include "hamm/validate.h"

typedef struct suite_entry {
    char *name;
    char *trace;       /* as written in the suite (the trace or the workload) */
    char *trace_path;  /* resolved against the suite's directory */
    int workload;      /* 1: trace_path is a workload run on the GPU engine (entry_gpu.c) */
    uint64_t trace_bytes; /* its size when loaded: the runner starts the largest first */
    char *model;       /* as written in the suite */
    char *model_path;  /* the model file found */
    hamm_trace_format format;
    uint32_t request_size; /* 0: the reader's default (64) */
    char **sets;       /* "KEY=VALUE", in the suite's order */
    size_t nsets;
    hamm_replay replay;
    /* "mwp" (suite_entries.c): the machine file as written and found (NULL: not an MWP
     * entry), loaded when the suite loads; whether the combined model takes the issue
     * bound (docs/MWP.md, "Validation") */
    char *mwp_machine, *mwp_machine_path;
    char *mwp_group; /* the summary's group ("group"; default "all") */
    hamm_mwp_machine machine;
    int issue_bound;
    int queueing; /* "queueing": the combined model's queueing variant (default on) */
} suite_entry;

/* A sweep the suite asks `hamm report` for (docs/SUITES.md, "sweeps"). */
typedef struct suite_sweep {
    char *name;
    char *suite_path;  /* resolved; the suite's own path when it names none */
    hamm_grid *grid;
} suite_sweep;

/* A configuration of an experiment: system-model overrides and a GPU-model overlay. */
typedef struct suite_xconfig {
    char *label;
    char **sets;  /* "KEY=VALUE" */
    size_t nsets;
    json_t *gpu;  /* an object merged into the GPU model file, or NULL */
} suite_xconfig;

typedef enum suite_mean { SUITE_MEAN_HARMONIC, SUITE_MEAN_GEOMETRIC, SUITE_MEAN_ARITHMETIC } suite_mean;

/* An experiment `hamm report` runs on the GPU engine and draws (docs/SUITES.md,
 * "experiments"; suite_experiments.c). */
typedef struct suite_experiment {
    char *name, *caption, *ylabel;
    char *model, *model_path;  /* the system model as written and found */
    char *gpu, *gpu_path;      /* the GPU model as written (NULL: the system's) and found */
    char **workloads, **workload_paths, **workload_names;
    size_t nworkloads;
    suite_xconfig *configs;
    size_t nconfigs;
    char *x_key, *x_label;     /* NULL: no x axis */
    char **x_values;
    size_t nx;
    char *measure;             /* a dotted path into hamm-gpu/1, e.g. "total.ipc" */
    long normalise;            /* the configuration divided by; -1: none */
    suite_mean mean;
    int ylog;
} suite_experiment;

struct hamm_suite {
    char *path;
    hamm_input_set *inputs; /* every file the suite names, as the load finds them */
    const hamm_model_path *models; /* the caller's, where model names are looked up */
    char *name;
    unsigned heuristics; /* bit set of (1u << hamm_heuristic) */
    suite_entry *entries;
    size_t n;
    suite_sweep *sweeps;
    size_t nsweeps;
    suite_experiment *experiments;
    size_t nexperiments;
};

/* The loader's helpers (suite.c): a copy of a string (NULL when out of memory); `rel`
 * against the suite's directory; an entry, sweep or experiment name's characters. */
char *suite_dup(const char *t);
char *suite_resolve(const hamm_suite *s, const char *rel);
int suite_valid_name(const char *n);

/* Leave the text of a file the suite named out of an error about it (README, "What is
 * confined"): not an error about the suite itself, nor about a --set of the caller. */
void suite_hide_named(const hamm_suite *s, hamm_error *err);

/* Add what `path` (a file the suite names, "the suite's trace") is into the suite's
 * inputs; or a workload's files (hamm_workload_inputs), or a system model's
 * (hamm_config_inputs) with the GPU model a workload runs on.  Errors go to the reader,
 * at its child `key`, naming the file (its text left out). */
hamm_status suite_add_input(hamm_suite *s, const char *path, const char *what, json_reader *r);
hamm_status suite_add_workload(hamm_suite *s, const char *path, const char *key,
                               json_reader *r);
hamm_status suite_add_model(hamm_suite *s, const hamm_system_config *cfg, int with_gpu,
                            json_reader *r);

/* After the suite's parts are read: each experiment's models and workloads, and each
 * sweep's suite, into the suite's inputs. */
hamm_status suite_add_parts(hamm_suite *s, json_reader *r);

/* A model the suite names (a "model", an experiment's "gpu", an MWP entry's "machine"):
 * a file name (hamm_model_names_file) relative to the suite, else a name looked up in the
 * suite's model path (hamm_model_find), into *path (malloc'd).  HAMM_ERR_IO when none is
 * found, *path then the file name resolved (NULL for a name) for the caller's message;
 * HAMM_ERR_NOMEM when out of memory. */
hamm_status suite_find_model(const hamm_suite *s, hamm_model_kind kind, const char *name,
                             char **path);

/* "entries" (suite_entries.c), read with the reader at the top of the suite: every entry
 * with its source, model and overrides, each trace, workload, model and machine checked. */
hamm_status suite_parse_entries(hamm_suite *s, json_t *entries, json_reader *r);

/* "sweeps" (suite_sweeps.c): parse the array (NULL: none), and free what it holds. */
hamm_status suite_parse_sweeps(hamm_suite *s, json_t *sweeps, json_reader *r);
void suite_free_sweeps(hamm_suite *s);

/* "experiments" (suite_experiments.c): parse the array (NULL: none), and free them. */
hamm_status suite_parse_experiments(hamm_suite *s, json_t *list, json_reader *r);
void suite_free_experiments(hamm_suite *s);
/* Find experiment i's models and load every configuration at every x value (errors name
 * the field below the reader's path, "experiments[I]"). */
hamm_status suite_experiment_check(const hamm_suite *s, size_t i, json_reader *r);
/* The system model of experiment x, configuration c, x value k (ignored without an x
 * axis), after the caller's `sets` (the overrides that name no GPU model key). */
hamm_status suite_experiment_config(const hamm_suite *s, const suite_experiment *x, size_t c,
                                    size_t k, const char *const *sets, size_t nsets,
                                    hamm_system_config *cfg, hamm_error *err);
/* The GPU model of an experiment's configuration c at x value k: the model file with the
 * configuration's overlay merged in, in memory, then the overrides of GPU model keys
 * ("gpu.") among the caller's `sets`, the configuration's "set" and the x value's (errors
 * name the model file, or "--set" and the override's path). */
hamm_status suite_experiment_gpu(const suite_experiment *x, size_t c, size_t k,
                                 const char *const *sets, size_t nsets, hamm_gpu_model **out,
                                 hamm_error *err);
/* How many GPU models configuration c has: one per x value when the x axis is a GPU model
 * key ("gpu.l1.sets"), else one (k ignored). */
size_t suite_experiment_gpu_points(const suite_experiment *x);

/* Load entry e's model with its own sets then `sets` (a "workload" entry's: those that
 * name no GPU model key); errors name the suite and entry. */
hamm_status suite_entry_config(const hamm_suite *s, size_t e, const char *const *sets,
                               size_t nsets, hamm_system_config *cfg, hamm_error *err);

/* Entry e's GPU model (a "workload" entry's: the one its system model `cfg` names) with
 * the overrides of its keys among the entry's own sets then `sets`; errors name the
 * suite and entry. */
hamm_status suite_entry_gpu(const hamm_suite *s, size_t e, const char *const *sets,
                            size_t nsets, const hamm_system_config *cfg,
                            hamm_gpu_model **model, hamm_error *err);

/* Say which suite entry an error belongs to, after what the error already says. */
hamm_status suite_blame(const hamm_suite *s, size_t e, hamm_error *err);

#endif
