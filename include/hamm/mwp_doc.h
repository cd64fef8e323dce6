/* hamm/mwp_doc.h - what `hamm mwp` reports, as library calls: one run of the MWP/CWP model
 * (the inputs, where they came from, the plain prediction and the combined one), its
 * JSON document (hamm-mwp/1) and its text for people; and a sweep's (hamm-mwp-sweep/1).
 * docs/MWP.md and docs/JSON.md describe the documents. */
#ifndef HAMM_MWP_DOC_H
#define HAMM_MWP_DOC_H

#include <stdio.h>

#include <jansson.h>

#include "hamm/error.h"
#include "hamm/export.h"
#include "hamm/mwp.h"
#include "hamm/mwp_counts.h"
#include "hamm/mwp_efficiency.h"
#include "hamm/mwp_sweep.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HAMM_MWP_SCHEMA "hamm-mwp/1"
#define HAMM_MWP_SWEEP_SCHEMA "hamm-mwp-sweep/1"

/* One run: the inputs, the plain prediction and, with E, the combined one. */
typedef struct hamm_mwp_run {
    const char *machine_path, *kernel_path; /* the files read (kernel: or the workload) */
    hamm_mwp_machine machine;
    hamm_mwp_kernel kernel;
    hamm_mwp_options options; /* dram_efficiency: the combined model's E */
    int combined;             /* E given or measured: the combined prediction too */
    hamm_mwp_result plain, with_e;
    int derived;              /* the counts came from a workload (kernel_path) */
    hamm_mwp_derived counts;  /* and these are its totals */
    const hamm_mwp_efficiency *trace; /* E measured on traces; NULL: given, or none */
} hamm_mwp_run;

/* run->plain (E = 1) and, when run->combined, run->with_e; the plain prediction's errors
 * name the kernel's file. */
HAMM_API hamm_status hamm_mwp_run_predict(hamm_mwp_run *run, hamm_error *err);
/* Every point of the sweep over run's inputs into points[s->count] (hamm_mwp_sweep_run);
 * errors name the kernel's file. */
HAMM_API hamm_status hamm_mwp_run_sweep(const hamm_mwp_sweep *s, const hamm_mwp_run *run,
                                        hamm_mwp_point *points, hamm_error *err);

/* The hamm-mwp/1 document of a predicted run (a new reference); NULL when out of memory. */
HAMM_API json_t *hamm_mwp_doc(const hamm_mwp_run *run);
/* The same for people: the inputs, a table of every intermediate (a column for the
 * combined model), the case, the limiter and why, in words. */
HAMM_API void hamm_mwp_write_text(FILE *out, const hamm_mwp_run *run);

/* The hamm-mwp-sweep/1 document of a sweep's points (a new reference); NULL when out of
 * memory; and the table for people. */
HAMM_API json_t *hamm_mwp_sweep_doc(const hamm_mwp_sweep *s, const hamm_mwp_run *run,
                                    const hamm_mwp_point *points);
HAMM_API void hamm_mwp_sweep_write_text(FILE *out, const hamm_mwp_sweep *s,
                                        const hamm_mwp_run *run,
                                        const hamm_mwp_point *points);

#ifdef __cplusplus
}
#endif

#endif
