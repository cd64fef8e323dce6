/* mwp_fields.h - a prediction's fields (hamm_mwp_result) as every MWP document names them:
 * the one writer of a hamm_mwp_result as JSON, and the labels of the text table.
 * hamm-mwp/1 writes the intermediates, hamm-mwp-sweep/1 the headline figures, the
 * hamm-validate/1 document the verdict: each names the fields it carries. */
#ifndef HAMM_MWP_FIELDS_H
#define HAMM_MWP_FIELDS_H

#include <stddef.h>

#include <jansson.h>

#include "hamm/mwp.h"

/* In hamm-mwp/1's order: a span of it is a block of that document. */
typedef enum mwp_field {
    /* the occupancy */
    MWP_F_ACTIVE_BLOCKS, MWP_F_OCCUPANCY, MWP_F_WARPS_PER_BLOCK,
    /* Hong & Kim's intermediates (the text table's rows) */
    MWP_F_N, MWP_F_MEM_L_UNCOAL, MWP_F_MEM_L_COAL, MWP_F_WEIGHT_UNCOAL, MWP_F_WEIGHT_COAL,
    MWP_F_MEM_L, MWP_F_DEPARTURE_DELAY, MWP_F_MWP_WITHOUT_BW_FULL, MWP_F_MWP_WITHOUT_BW,
    MWP_F_BANDWIDTH, MWP_F_BW_PER_WARP, MWP_F_MWP_PEAK_BW, MWP_F_MWP, MWP_F_COMP_CYCLES,
    MWP_F_MEM_CYCLES, MWP_F_CWP_FULL, MWP_F_CWP, MWP_F_REP, MWP_F_SYNCH_WARPS, MWP_F_EXEC,
    MWP_F_SYNCH_COST, MWP_F_TOTAL_CYCLES, MWP_F_TOTAL_SECONDS,
    /* the queueing variant's (rows too, when it is on) */
    MWP_F_Q_PERIODS, MWP_F_Q_WARPS, MWP_F_Q_SMS, MWP_F_Q_WAVES, MWP_F_Q_DRAM_DEMAND,
    MWP_F_Q_SM_DEMAND, MWP_F_Q_DRAM_RESIDENCE, MWP_F_Q_SM_RESIDENCE, MWP_F_Q_PORT_DEMAND,
    MWP_F_Q_PORT_RESIDENCE, MWP_F_Q_ICNT_RESIDENCE, MWP_F_Q_MEM_L_LOADED, MWP_F_Q_CYCLE,
    MWP_F_Q_WARP_CYCLE, MWP_F_Q_BARRIER_PERIODS, MWP_F_Q_CTA_CYCLE, MWP_F_Q_TAIL, MWP_F_Q_EXEC,
    /* the verdict */
    MWP_F_CASE, MWP_F_LIMITER,
    /* the issue bound (hamm's variant) */
    MWP_F_BUSIEST_SM_WARPS, MWP_F_ISSUE_BOUND_CYCLES, MWP_F_ISSUE_BOUND_APPLIED,
    MWP_F_COUNT
} mwp_field;

/* Add the fields `fields[0..n)` of r to the object o, in that order, each under its key
 * as its kind (a number, a count, a name, a flag).  0, or -1 when out of memory (o then
 * holds part of them). */
int mwp_result_put(json_t *o, const hamm_mwp_result *r, const mwp_field *fields, size_t n);
/* The same for every field from `first` to `last` in the order above. */
int mwp_result_put_span(json_t *o, const hamm_mwp_result *r, mwp_field first, mwp_field last);

/* A row of the text table (MWP_F_N to MWP_F_Q_EXEC): its label and its number. */
const char *mwp_field_label(mwp_field f);
double mwp_field_number(const hamm_mwp_result *r, mwp_field f);

#endif
