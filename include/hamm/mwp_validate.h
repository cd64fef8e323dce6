/* hamm/mwp_validate.h - the MWP/CWP model against the GPU engine (an "mwp" entry of a
 * validation suite; docs/MWP.md, "Validation"): each kernel of a workload run on the
 * engine in turn, its core cycles and the DRAM efficiency of the same stretch of the run
 * measured, and the model's predictions from the counts derived from the same workload,
 * plain (Hong & Kim) and combined (that E and the variants asked for); and those as the
 * hamm-validate/1 document carries them, with relative-error statistics (docs/JSON.md). */
#ifndef HAMM_MWP_VALIDATE_H
#define HAMM_MWP_VALIDATE_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "hamm/error.h"
#include "hamm/export.h"
#include "hamm/gpu.h"
#include "hamm/mwp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What to run and how to predict it. */
typedef struct hamm_mwp_validation {
    const char *workload;             /* a kernel description (hamm/workload.h) */
    const hamm_mwp_machine *machine;
    int issue_bound, queueing;        /* the combined prediction's variants */
    /* for the document: the machine file as written and as found, the summary's group */
    const char *machine_arg, *machine_path, *group;
} hamm_mwp_validation;

/* One kernel: the engine's cycles and the model's predictions. */
typedef struct hamm_mwp_kernel_check {
    size_t kernel;        /* index in the workload */
    char name[128];
    uint64_t measured;    /* core cycles from its launch to its last CTA's end */
    double efficiency;    /* E: DRAM busy / active cycles while it ran; < 0: no access */
    hamm_mwp_result plain, combined;
} hamm_mwp_kernel_check;

/* A workload's kernels, in order. */
typedef struct hamm_mwp_checks {
    hamm_mwp_kernel_check *kernels;
    size_t count;
} hamm_mwp_checks;

/* Run every kernel of v->workload on g, one after the other, each measured and predicted
 * into out (the kernels done before an error are kept; free it whatever this returns). */
HAMM_API hamm_status hamm_mwp_validate(hamm_gpu *g, const hamm_mwp_validation *v,
                                       hamm_mwp_checks *out, hamm_error *err);
HAMM_API void hamm_mwp_checks_free(hamm_mwp_checks *c);

/* The "mwp" object of a hamm-validate/1 entry: the inputs, each kernel measured and
 * predicted with its error, and the workload's sums.  NULL when out of memory. */
HAMM_API json_t *hamm_mwp_validation_json(const hamm_mwp_validation *v,
                                          const hamm_mwp_checks *c);
/* The summary's "mwp" object over n workloads (checks[i] in groups[i]; NULL: in none):
 * relative-error statistics per kernel and per workload (its kernels summed), plain and
 * combined, over all and per group in the order groups first appear.  NULL when out of
 * memory. */
HAMM_API json_t *hamm_mwp_validation_summary(const hamm_mwp_checks *checks,
                                             const char *const *groups, size_t n);

#ifdef __cplusplus
}
#endif

#endif
