/* mwp_fields.c - the one table of a prediction's fields: the JSON key, the text table's
 * label, the kind and the place in hamm_mwp_result of each (mwp_fields.h). */
#include <stdint.h>

#include "mwp_fields.h"

typedef enum field_kind { KIND_REAL, KIND_COUNT, KIND_FLAG, KIND_NAME } field_kind;

typedef struct field {
    const char *key, *label; /* label NULL: not a row of the text table */
    field_kind kind;
    size_t offset;
    const char *(*name)(const hamm_mwp_result *r); /* KIND_NAME: the value's name */
} field;

static const char *occupancy_name(const hamm_mwp_result *r)
{
    return hamm_mwp_occupancy_name(r->occupancy);
}

static const char *case_name(const hamm_mwp_result *r)
{
    return hamm_mwp_case_name(r->mwp_case);
}

static const char *limiter_name(const hamm_mwp_result *r)
{
    return hamm_mwp_limiter_name(r->limiter);
}

#define AT(member) offsetof(hamm_mwp_result, member)
#define ROW(id, label, key, member) [id] = {key, label, KIND_REAL, AT(member), NULL}
#define REAL(id, key, member) [id] = {key, NULL, KIND_REAL, AT(member), NULL}
#define NAME(id, key, fn) [id] = {key, NULL, KIND_NAME, 0, fn}

static const field fields[MWP_F_COUNT] = {
    [MWP_F_ACTIVE_BLOCKS] = {"active_blocks_per_sm", NULL, KIND_COUNT, AT(active_blocks_per_sm),
                             NULL},
    NAME(MWP_F_OCCUPANCY, "occupancy_limit", occupancy_name),
    [MWP_F_WARPS_PER_BLOCK] = {"warps_per_block", NULL, KIND_COUNT, AT(warps_per_block), NULL},
    ROW(MWP_F_N, "N (warps/SM)", "n_warps", n),
    ROW(MWP_F_MEM_L_UNCOAL, "Mem_L_Uncoal", "mem_l_uncoal_cycles", mem_l_uncoal),
    ROW(MWP_F_MEM_L_COAL, "Mem_L_Coal", "mem_l_coal_cycles", mem_l_coal),
    ROW(MWP_F_WEIGHT_UNCOAL, "Weight_uncoal", "weight_uncoal", weight_uncoal),
    ROW(MWP_F_WEIGHT_COAL, "Weight_coal", "weight_coal", weight_coal),
    ROW(MWP_F_MEM_L, "Mem_L", "mem_l_cycles", mem_l),
    ROW(MWP_F_DEPARTURE_DELAY, "Departure_delay", "departure_delay_cycles", departure_delay),
    ROW(MWP_F_MWP_WITHOUT_BW_FULL, "MWP_Without_BW_full", "mwp_without_bw_full",
        mwp_without_bw_full),
    ROW(MWP_F_MWP_WITHOUT_BW, "MWP_Without_BW", "mwp_without_bw", mwp_without_bw),
    ROW(MWP_F_BANDWIDTH, "Bandwidth (GB/s)", "bandwidth_gbps", bandwidth_gbps),
    ROW(MWP_F_BW_PER_WARP, "BW_per_warp (GB/s)", "bw_per_warp_gbps", bw_per_warp_gbps),
    ROW(MWP_F_MWP_PEAK_BW, "MWP_peak_BW", "mwp_peak_bw", mwp_peak_bw),
    ROW(MWP_F_MWP, "MWP", "mwp", mwp),
    ROW(MWP_F_COMP_CYCLES, "Comp_cycles", "comp_cycles", comp_cycles),
    ROW(MWP_F_MEM_CYCLES, "Mem_cycles", "mem_cycles", mem_cycles),
    ROW(MWP_F_CWP_FULL, "CWP_full", "cwp_full", cwp_full),
    ROW(MWP_F_CWP, "CWP", "cwp", cwp),
    ROW(MWP_F_REP, "#Rep", "rep", rep),
    ROW(MWP_F_SYNCH_WARPS, "Synch warps", "synch_warps", synch_warps),
    ROW(MWP_F_EXEC, "Exec", "exec_cycles", exec_cycles),
    ROW(MWP_F_SYNCH_COST, "Synch_cost", "synch_cost_cycles", synch_cycles),
    ROW(MWP_F_TOTAL_CYCLES, "total", "total_cycles", total_cycles),
    ROW(MWP_F_TOTAL_SECONDS, "total (s)", "total_seconds", total_seconds),
    ROW(MWP_F_Q_PERIODS, "Q periods/warp", "queue_periods", queue_periods),
    ROW(MWP_F_Q_WARPS, "Q resident warps", "queue_warps", queue_warps),
    ROW(MWP_F_Q_SMS, "Q SMs used", "queue_sms", queue_sms),
    ROW(MWP_F_Q_WAVES, "Q waves", "queue_waves", queue_waves),
    ROW(MWP_F_Q_DRAM_DEMAND, "Q DRAM demand", "queue_dram_demand_cycles", queue_dram_demand),
    ROW(MWP_F_Q_SM_DEMAND, "Q SM demand", "queue_sm_demand_cycles", queue_sm_demand),
    ROW(MWP_F_Q_DRAM_RESIDENCE, "Q DRAM residence", "queue_dram_residence_cycles",
        queue_dram_residence),
    ROW(MWP_F_Q_SM_RESIDENCE, "Q SM residence", "queue_sm_residence_cycles",
        queue_sm_residence),
    ROW(MWP_F_Q_PORT_DEMAND, "Q port demand", "queue_port_demand_cycles", queue_port_demand),
    ROW(MWP_F_Q_PORT_RESIDENCE, "Q port residence", "queue_port_residence_cycles",
        queue_port_residence),
    ROW(MWP_F_Q_ICNT_RESIDENCE, "Q crossbar residence", "queue_icnt_residence_cycles",
        queue_icnt_residence),
    ROW(MWP_F_Q_MEM_L_LOADED, "Q Mem_L loaded", "queue_mem_l_loaded_cycles",
        queue_mem_l_loaded),
    ROW(MWP_F_Q_CYCLE, "Q cycle/period", "queue_cycle_cycles", queue_cycle),
    ROW(MWP_F_Q_WARP_CYCLE, "Q warps' period", "queue_warp_cycle_cycles", queue_warp_cycle),
    ROW(MWP_F_Q_BARRIER_PERIODS, "Q barrier periods", "queue_barrier_periods",
        queue_barrier_periods),
    ROW(MWP_F_Q_CTA_CYCLE, "Q CTAs' period", "queue_cta_cycle_cycles", queue_cta_cycle),
    ROW(MWP_F_Q_TAIL, "Q store tail", "queue_tail_cycles", queue_tail_cycles),
    ROW(MWP_F_Q_EXEC, "Q Exec", "queue_exec_cycles", queue_exec_cycles),
    NAME(MWP_F_CASE, "case", case_name),
    NAME(MWP_F_LIMITER, "limiter", limiter_name),
    REAL(MWP_F_BUSIEST_SM_WARPS, "busiest_sm_warps", busiest_sm_warps),
    REAL(MWP_F_ISSUE_BOUND_CYCLES, "issue_bound_cycles", issue_bound_cycles),
    [MWP_F_ISSUE_BOUND_APPLIED] = {"issue_bound_applied", NULL, KIND_FLAG,
                                   AT(issue_bound_applied), NULL},
};

static json_t *field_json(const hamm_mwp_result *r, const field *f)
{
    const char *at = (const char *)r + f->offset;
    switch (f->kind) {
    case KIND_REAL: return json_real(*(const double *)at);
    case KIND_COUNT: return json_integer((json_int_t)*(const uint32_t *)at);
    case KIND_FLAG: return json_boolean(*(const int *)at);
    case KIND_NAME: return json_string(f->name(r));
    }
    return NULL;
}

static int put_one(json_t *o, const hamm_mwp_result *r, mwp_field f)
{
    return json_object_set_new(o, fields[f].key, field_json(r, &fields[f])) == 0 ? 0 : -1;
}

int mwp_result_put(json_t *o, const hamm_mwp_result *r, const mwp_field *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (put_one(o, r, list[i]) != 0)
            return -1;
    return 0;
}

int mwp_result_put_span(json_t *o, const hamm_mwp_result *r, mwp_field first, mwp_field last)
{
    for (int f = first; f <= (int)last; f++)
        if (put_one(o, r, (mwp_field)f) != 0)
            return -1;
    return 0;
}

const char *mwp_field_label(mwp_field f)
{
    return fields[f].label;
}

double mwp_field_number(const hamm_mwp_result *r, mwp_field f)
{
    return *(const double *)((const char *)r + fields[f].offset);
}
