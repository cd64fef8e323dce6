/* entry.h - the result of one suite entry: small numbers, no trace (what the JSON and the
 * error statistics are built from).  Undefined measures are negative. */
#ifndef HAMM_VALIDATE_ENTRY_H
#define HAMM_VALIDATE_ENTRY_H

#include "hamm/dram_model.h"
#include "hamm/engine.h"
#include "hamm/gpu.h"
#include "hamm/mwp_validate.h"
#include "hamm/io.h"
#include "hamm/stream.h"
#include "suite.h"

typedef struct channel_point {
    uint32_t channel;
    uint64_t requests;
    double measured;  /* engine's dram efficiency */
    double locality;  /* engine's requests per activate */
    double occupancy; /* engine's average queue occupancy while non-empty */
    double predicted[HAMM_HEUR_COUNT];
} channel_point;

typedef struct entry_result {
    hamm_status status;
    hamm_error err;
    char format[32];       /* the trace format read */
    char model[128];       /* the system model's name */
    hamm_scheduler policy;
    uint32_t queue_size, chips_per_channel;
    uint64_t requests;
    hamm_capacity capacity; /* the requests beyond the model's capacity */
    /* arithmetic means over the channels with requests (the paper's convention) */
    double measured, utilization, locality, occupancy;
    double predicted[HAMM_HEUR_COUNT];
    double predicted_locality;
    hamm_system_config config; /* the model that ran, after every override */
    hamm_file_id trace_id;     /* the trace file's size and hash */
    channel_point *channels; /* the channels with requests, in order */
    size_t nchannels;
    hamm_mwp_checks mwp; /* an "mwp" entry's kernels, in order (hamm/mwp_validate.h) */
} entry_result;

/* Run entry e of s with the extra overrides; the outcome (error included) lands in *r.
 * `prefetch`: read the trace ahead on a second thread. */
void entry_run(const hamm_suite *s, size_t e, const char *const *sets, size_t nsets,
               int prefetch, entry_result *r);
void entry_result_clear(entry_result *r);

/* An entry with a "workload" (entry_gpu.c): entry_run's work for it, on a cleared *r. */
void entry_run_gpu(const hamm_suite *s, size_t e, const char *const *sets, size_t nsets,
                   entry_result *r);
/* What an "mwp" entry runs and how its document names it (entry_gpu.c). */
hamm_mwp_validation entry_mwp_validation(const suite_entry *en);

/* The per-channel and mean numbers of *r from the engine that measured and the model that
 * predicted (finished both). */
hamm_status entry_collect(const hamm_engine *engine, hamm_dram_model *model, entry_result *r,
                          hamm_error *err);

#endif
