/* hamm/mwp_sweep.h - curves of the MWP/CWP model: one prediction for each value of one
 * input (threads per block, active blocks, bandwidth, Mem_LD, departure delays,
 * instruction counts, DRAM efficiency), the others as given.  docs/MWP.md, "Curves". */
#ifndef HAMM_MWP_SWEEP_H
#define HAMM_MWP_SWEEP_H

#include <stddef.h>

#include "hamm/error.h"
#include "hamm/export.h"
#include "hamm/mwp.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HAMM_MWP_SWEEP_MAX_POINTS 1000u

/* The inputs a sweep can vary. */
typedef enum hamm_mwp_param {
    HAMM_MWP_PARAM_THREADS_PER_BLOCK, /* kernel threads_per_block */
    HAMM_MWP_PARAM_ACTIVE_BLOCKS,     /* kernel active_blocks_per_sm (given, not computed) */
    HAMM_MWP_PARAM_BANDWIDTH,         /* machine mem_bandwidth_gbps */
    HAMM_MWP_PARAM_MEM_LD,            /* machine mem_ld_cycles */
    HAMM_MWP_PARAM_DEP_COAL,          /* machine departure_del_coal */
    HAMM_MWP_PARAM_DEP_UNCOAL,        /* machine departure_del_uncoal */
    HAMM_MWP_PARAM_COMP_INSTS,        /* kernel comp_insts */
    HAMM_MWP_PARAM_MEM_INSTS,         /* coal + uncoal memory instructions, their ratio kept */
    HAMM_MWP_PARAM_DRAM_EFFICIENCY,   /* E of the combined model */
    HAMM_MWP_PARAM_COUNT
} hamm_mwp_param;

typedef struct hamm_mwp_sweep {
    hamm_mwp_param param;
    double *values; /* in the order given */
    size_t count;
} hamm_mwp_sweep;

/* One point: the plain prediction (E = 1) and the combined one (E given, or the value
 * itself when the parameter is dram_efficiency). */
typedef struct hamm_mwp_point {
    double value;
    hamm_mwp_result plain, with_e;
} hamm_mwp_point;

/* "PARAM=LIST": LIST is comma-separated numbers or a range FROM:TO:STEP (TO included
 * when the steps reach it).  HAMM_ERR_ARG naming the field (the parameter, or "--sweep"
 * when there is none): an unknown name, a value that is not a number, not whole where
 * the parameter counts things, or out of its range, more than
 * HAMM_MWP_SWEEP_MAX_POINTS values.  Free with hamm_mwp_sweep_free. */
HAMM_API hamm_status hamm_mwp_sweep_parse(const char *spec, hamm_mwp_sweep *s,
                                          hamm_error *err);
HAMM_API void hamm_mwp_sweep_free(hamm_mwp_sweep *s);

/* "threads_per_block", "active_blocks", "bandwidth", "mem_ld", "departure_del_coal",
 * "departure_del_uncoal", "comp_insts", "mem_insts", "dram_efficiency"; and the unit of
 * its values for axis titles ("threads", "GB/s", "cycles", ...). */
HAMM_API const char *hamm_mwp_param_name(hamm_mwp_param p);
HAMM_API const char *hamm_mwp_param_unit(hamm_mwp_param p);

/* Set the parameter to v in the inputs (the caller's copies). */
HAMM_API void hamm_mwp_param_apply(hamm_mwp_param p, double v, hamm_mwp_machine *m,
                                   hamm_mwp_kernel *k, hamm_mwp_options *o);

/* Every point of the sweep into points[s->count]: the plain prediction and, when
 * `combined` (or the parameter is dram_efficiency), the one with E.  A point the model
 * refuses is the model's error, its text saying at which value. */
HAMM_API hamm_status hamm_mwp_sweep_run(const hamm_mwp_sweep *s, const hamm_mwp_machine *m,
                                        const hamm_mwp_kernel *k, const hamm_mwp_options *o,
                                        int combined, hamm_mwp_point *points,
                                        hamm_error *err);

#ifdef __cplusplus
}
#endif

#endif
