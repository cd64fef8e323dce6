/* hamm/report.h - machine-readable results (JSON with versioned schemas, documented in
 * docs/JSON.md).  Output is deterministic: the same inputs give byte-identical text. */
#ifndef HAMM_REPORT_H
#define HAMM_REPORT_H

#include "hamm/banked.h"
#include "hamm/config.h"
#include "hamm/dram_model.h"
#include "hamm/engine.h"
#include "hamm/gpu.h"
#include "hamm/export.h"
#include "hamm/io.h"
#include "hamm/stats.h"
#include "hamm/stream.h"
#include "hamm/trace.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HAMM_STATS_SCHEMA "hamm-stats/1"
#define HAMM_PREDICT_SCHEMA "hamm-predict/1"
#define HAMM_SIMULATE_SCHEMA "hamm-simulate/1"
#define HAMM_CONFLICTS_SCHEMA "hamm-conflicts/1"

/* Where a result came from: the trace as read and the model used. */
typedef struct hamm_report_input {
    const char *trace_path;
    hamm_trace_format format;
    hamm_compression compression;
    uint64_t skipped_lines;
    const hamm_system_config *model;
    /* The options that change the numbers, besides the model (docs/JSON.md): */
    uint32_t request_size;    /* the reader's request size (-r); 0: the default, 64 */
    int skip_bad;             /* --skip-bad */
    const char *const *sets;  /* the --set KEY=VALUE overrides as given, in order */
    size_t nsets;
    hamm_file_id trace_id;    /* size and hash of the trace file (hamm_file_identify) */
    const hamm_capacity *capacity; /* addresses beyond the model's capacity; NULL: unknown */
} hamm_report_input;

/* The stats result as JSON text (malloc'd, newline-terminated); NULL when out of memory. */
HAMM_API char *hamm_report_stats_json(const hamm_report_input *in, const hamm_trace_stats *s);

/* The prediction of a finished model as JSON text (malloc'd, newline-terminated);
 * NULL when out of memory. */
HAMM_API char *hamm_report_predict_json(const hamm_report_input *in, const hamm_dram_model *m);

#define HAMM_GPU_SCHEMA "hamm-gpu/1"

/* What a GPU run was given besides its GPU: what hamm-gpu/1 names, so that two runs that
 * differ in any input give documents that differ. */
typedef struct hamm_report_gpu_input {
    const char *workload;              /* as given */
    size_t kernels;                    /* the kernels run */
    const hamm_system_config *system;  /* as loaded: its name, file and DRAM model file */
    const char *gpu_model;             /* the GPU model file; NULL: built in memory */
    const char *const *sets;           /* the --set KEY=VALUE overrides as given, in order */
    size_t nsets;
    /* Sizes and hashes (unknown: null in the document), hamm_report_gpu_identify's: */
    hamm_file_id workload_id, system_id, dram_id, gpu_id;
} hamm_report_gpu_input;

/* Fill the identities of in's workload, system, DRAM and GPU model files (a directory,
 * an inline DRAM model, a GPU model built in memory: left unknown). */
HAMM_API hamm_status hamm_report_gpu_identify(hamm_report_gpu_input *in, hamm_error *err);

/* A finished GPU simulation (hamm/gpu.h) as JSON text, schema hamm-gpu/1 (malloc'd);
 * NULL when out of memory. */
HAMM_API char *hamm_report_gpu_json(const hamm_gpu *g, const hamm_report_gpu_input *in);

/* The measurements of a finished engine as JSON text (malloc'd); NULL when out of memory. */
HAMM_API char *hamm_report_simulate_json(const hamm_report_input *in, const hamm_engine *e);

/* Bank-conflict analyses of one trace (hamm/banked.h), schema hamm-conflicts/1
 * (docs/JSON.md): the trace, then per analysis its scheme, degree distribution, cycles
 * and its stride table for strides 1 .. max_stride.  Malloc'd, newline-terminated; NULL
 * when out of memory. */
HAMM_API char *hamm_report_conflicts_json(const hamm_report_input *in,
                                          hamm_conflicts *const *list, size_t n,
                                          uint32_t max_stride);

#ifdef __cplusplus
}
#endif

#endif
