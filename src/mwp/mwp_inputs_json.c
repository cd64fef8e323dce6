/* mwp_inputs_json.c - the inputs of a run as hamm-mwp/1 and hamm-mwp-sweep/1 carry them:
 * the machine, the kernel (and the workload its counts came from), where E came from. */
#include <jansson.h>

#include "mwp_doc_internal.h"

json_t *mwp_machine_json(const hamm_mwp_run *run)
{
    const hamm_mwp_machine *m = &run->machine;
    json_t *o = json_pack("{s:s, s:I, s:f, s:f, s:f, s:f, s:f, s:f, s:I, s:I, s:I, s:I, s:s, s:o}",
                     "name",
                     m->name, "sms", (json_int_t)m->sms, "freq_ghz", m->freq_ghz,
                     "mem_bandwidth_gbps", m->mem_bandwidth_gbps, "mem_ld_cycles",
                     m->mem_ld_cycles, "departure_del_coal", m->departure_del_coal,
                     "departure_del_uncoal", m->departure_del_uncoal, "issue_cycles",
                     m->issue_cycles, "max_threads_per_sm", (json_int_t)m->max_threads_per_sm,
                     "max_blocks_per_sm", (json_int_t)m->max_blocks_per_sm, "registers_per_sm",
                     (json_int_t)m->registers_per_sm, "shared_per_sm",
                     (json_int_t)m->shared_per_sm, "coalescing",
                     hamm_mwp_coalescing_name((hamm_mwp_coalescing)m->coalescing), "system",
                     m->system[0] ? json_string(m->system) : json_null());
    if (o && m->memory_line_bytes) /* an optional key, shown when the file has it */
        json_object_set_new(o, "memory_line_bytes", json_integer(m->memory_line_bytes));
    if (o && m->write_l_cycles > 0)
        json_object_set_new(o, "write_l_cycles", json_real(m->write_l_cycles));
    if (o && m->channel_bytes)
        json_object_set_new(o, "channel_bytes", json_integer(m->channel_bytes));
    if (o && m->icnt_flit_bytes) { /* the crossbar, for the queueing variant */
        json_object_set_new(o, "icnt_flit_bytes", json_integer(m->icnt_flit_bytes));
        json_object_set_new(o, "icnt_ctrl_bytes", json_integer(m->icnt_ctrl_bytes));
        json_object_set_new(o, "icnt_flits_per_cycle", json_real(m->icnt_flits_per_cycle));
        json_object_set_new(o, "icnt_freq_ghz", json_real(m->icnt_freq_ghz));
    }
    if (o && m->max_merge)
        json_object_set_new(o, "max_merge", json_integer(m->max_merge));
    return o;
}

/* kernel.derived_from: the workload's kernel and the totals the counts average. */
static json_t *derived_json(const hamm_mwp_run *run)
{
    if (!run->derived)
        return json_null();
    const hamm_mwp_derived *d = &run->counts;
    json_t *o = json_pack("{s:s, s:s, s:I, s:I, s:s, s:s, s:I, s:I}", "path", run->kernel_path,
                          "kind", d->recording ? "recording" : "description", "kernel_index",
                          (json_int_t)d->kernel_index, "kernels", (json_int_t)d->kernels,
                          "kernel_name", d->kernel_name, "coalescing",
                          hamm_mwp_coalescing_name(d->coalescing), "ctas", (json_int_t)d->ctas,
                          "warps", (json_int_t)d->warps);
    json_t *t = json_pack("{s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I}", "alu",
                          (json_int_t)d->alu, "sfu", (json_int_t)d->sfu, "shared",
                          (json_int_t)d->shared, "loads", (json_int_t)d->loads, "stores",
                          (json_int_t)d->stores, "coalesced", (json_int_t)d->coalesced,
                          "uncoalesced", (json_int_t)d->uncoalesced, "transactions",
                          (json_int_t)d->transactions, "uncoal_transactions",
                          (json_int_t)d->uncoal_transactions, "bytes", (json_int_t)d->bytes,
                          "barriers", (json_int_t)d->barriers);
    if (t && d->memory_line_bytes) /* only with a machine that has lines: older keys stay */
        json_object_set_new(t, "memory_bytes", json_integer((json_int_t)d->memory_bytes));
    if (t && run->options.queueing) {
        json_object_set_new(t, "merged_loads", json_integer((json_int_t)d->merged_loads));
        json_object_set_new(t, "merged_bytes", json_integer((json_int_t)d->merged_bytes));
        json_object_set_new(t, "merge_waits", json_integer((json_int_t)d->merge_waits));
    }
    if (o && t && json_object_set_new(o, "totals", t) == 0)
        return o;
    json_decref(o);
    json_decref(t);
    return NULL;
}

json_t *mwp_kernel_json(const hamm_mwp_run *run)
{
    const hamm_mwp_kernel *k = &run->kernel;
    json_t *active = k->active_blocks_per_sm ? json_integer(k->active_blocks_per_sm)
                                             : json_null();
    json_t *o = json_pack("{s:s, s:f, s:f, s:f, s:f, s:f, s:f, s:I, s:I, s:o, s:I, s:I, s:o}",
                     "name",
                     k->name, "comp_insts", k->comp_insts, "coal_mem_insts", k->coal_mem_insts,
                     "uncoal_mem_insts", k->uncoal_mem_insts, "synch_insts", k->synch_insts,
                     "uncoal_per_mw", k->uncoal_per_mw, "load_bytes_per_warp",
                     k->load_bytes_per_warp, "threads_per_block",
                     (json_int_t)k->threads_per_block, "blocks", (json_int_t)k->blocks,
                     "active_blocks_per_sm", active, "regs_per_thread",
                     (json_int_t)k->regs_per_thread, "shared_per_block",
                     (json_int_t)k->shared_per_block, "derived_from", derived_json(run));
    if (o && run->options.queueing) { /* the queueing variant's keys, only when asked for */
        json_object_set_new(o, "mem_waits", json_real(k->mem_waits));
        json_object_set_new(o, "merged_load_bytes", json_real(k->merged_load_bytes));
        json_object_set_new(o, "store_tail", json_real(k->store_tail));
        json_object_set_new(o, "channel_skew", json_real(k->channel_skew));
        json_object_set_new(o, "request_flits", json_real(k->request_flits));
        json_object_set_new(o, "reply_flits", json_real(k->reply_flits));
        json_object_set_new(o, "inlet_skew", json_real(k->inlet_skew));
        json_object_set_new(o, "barrier_waits", json_real(k->barrier_waits));
        json_object_set_new(o, "barrier_issue_share", json_real(k->barrier_issue_share));
    }
    return o;
}

json_t *mwp_source_json(const hamm_mwp_run *run)
{
    if (!run->combined)
        return json_null();
    return json_string(run->trace ? "trace" : "given");
}

json_t *mwp_trace_json(const hamm_mwp_run *run)
{
    const hamm_mwp_efficiency *t = run->trace;
    if (!t)
        return json_null();
    json_t *files = json_array();
    for (size_t i = 0; files && i < t->nfiles; i++)
        json_array_append_new(files, json_string(t->files[i]));
    return json_pack("{s:o, s:s, s:s, s:s, s:s, s:I, s:I, s:I, s:f, s:f}", "paths", files,
                     "heuristic", hamm_heuristic_name(t->heuristic), "replay",
                     t->timed ? "timed" : "saturated", "system_model", t->model,
                     "system_model_given", t->model_arg, "requests", (json_int_t)t->requests,
                     "channels", (json_int_t)t->channels, "channels_used",
                     (json_int_t)t->channels_used, "efficiency_busy_over_active",
                     t->efficiency, "efficiency_request_weighted", t->request_weighted);
}
