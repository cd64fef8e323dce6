/* mwp_print.c - `hamm mwp`'s outputs: a table of every intermediate (with a column for
 * the combined model), its JSON form (hamm-mwp/1, docs/MWP.md) and the words. */
#include <jansson.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "hamm_build_config.h"
#include "mwp_print.h"

#define HAMM_MWP_SCHEMA "hamm-mwp/1"

static const char *limiter_words(hamm_mwp_limiter l)
{
    switch (l) {
    case HAMM_MWP_LIMIT_WARPS: return "too few warps";
    case HAMM_MWP_LIMIT_LATENCY: return "memory latency";
    case HAMM_MWP_LIMIT_BANDWIDTH: return "memory bandwidth";
    case HAMM_MWP_LIMIT_COMPUTE: return "computation";
    case HAMM_MWP_LIMIT_COUNT: break;
    }
    return "?";
}

static const char *case_words(hamm_mwp_case c)
{
    switch (c) {
    case HAMM_MWP_CASE_FEW_WARPS: return "few warps (MWP = CWP = N)";
    case HAMM_MWP_CASE_MEMORY: return "memory bound (CWP >= MWP or Comp > Mem)";
    case HAMM_MWP_CASE_COMPUTE: return "compute bound (MWP > CWP)";
    case HAMM_MWP_CASE_COUNT: break;
    }
    return "?";
}

/* The queueing variant's words: which part of a memory period's cycle is the largest. */
static void explain_queue(const hamm_mwp_result *r, char *buf, size_t size)
{
    snprintf(buf, size,
             "Queueing (hamm's variant): %g warps resident on %g SMs each wait %g times "
             "(loads) for memory; a period takes %.6g cycles: the unloaded latency %.6g, "
             "%.6g at the DRAM (its service and the wait behind other warps) and %.6g at "
             "the SM's issue.  The largest part, %s, bounds the kernel.",
             r->queue_warps, r->queue_sms, r->queue_periods, r->queue_cycle, r->mem_l,
             r->queue_dram_residence, r->queue_sm_residence, limiter_words(r->limiter));
}

void mwp_explain(const mwp_run *run, const hamm_mwp_result *r, char *buf, size_t size)
{
    if (run->options.queueing && !r->issue_bound_applied) {
        explain_queue(r, buf, size);
        return;
    }
    switch (r->limiter) {
    case HAMM_MWP_LIMIT_WARPS:
        snprintf(buf, size,
                 "Too few warps: only N = %g warps are active per SM, fewer than it takes to "
                 "hide memory latency (Mem_L / Departure_delay = %.4g) or computation (CWP "
                 "%.4g); their memory waits add up.  More active warps (more blocks per SM "
                 "or threads per block) would shorten it.",
                 r->n, r->mwp_without_bw_full, r->cwp_full);
        return;
    case HAMM_MWP_LIMIT_LATENCY:
        snprintf(buf, size,
                 "Memory latency: about %.4g warps' memory requests overlap (MWP = Mem_L / "
                 "Departure_delay = %.6g / %.6g), fewer than the %g active warps, and "
                 "computation cannot hide the rest (CWP %.4g >= MWP).  Fewer or better "
                 "coalesced memory accesses would shorten it.",
                 r->mwp, r->mem_l, r->departure_delay, r->n, r->cwp);
        return;
    case HAMM_MWP_LIMIT_BANDWIDTH:
        snprintf(buf, size,
                 "Memory bandwidth: %.6g GB/s shared by %u SMs serve only about %.4g warps' "
                 "requests at a time (MWP_peak_BW), fewer than latency alone would allow "
                 "(%.4g).  Less memory traffic would shorten it; more warps would not.",
                 r->bandwidth_gbps, (unsigned)run->machine.sms, r->mwp_peak_bw,
                 r->mwp_without_bw);
        return;
    case HAMM_MWP_LIMIT_COMPUTE:
        snprintf(buf, size,
                 "Computation: other warps' computation hides the memory waits (MWP %.4g > "
                 "CWP %.4g); the time is the issue of all %g warps' instructions.  Fewer "
                 "instructions would shorten it.",
                 r->mwp, r->cwp, r->n);
        return;
    case HAMM_MWP_LIMIT_COUNT: break;
    }
    snprintf(buf, size, "?");
}

void mwp_change(const mwp_run *run, char *buf, size_t size)
{
    const hamm_mwp_result *p = &run->plain, *c = &run->with_e;
    int n = snprintf(buf, size,
                     "With the DRAM sustaining %g of its peak (%.6g of %.6g GB/s), "
                     "MWP_peak_BW falls from %.6g to %.6g; ",
                     run->options.dram_efficiency, c->bandwidth_gbps, p->bandwidth_gbps,
                     p->mwp_peak_bw, c->mwp_peak_bw);
    if (n < 0 || (size_t)n >= size)
        return;
    buf += n;
    size -= (size_t)n;
    double pct = (c->total_cycles - p->total_cycles) / p->total_cycles * 100;
    if (c->limiter != p->limiter)
        snprintf(buf, size, "the bound moves from %s to %s: %.10g -> %.10g cycles (%+.1f%%).",
                 limiter_words(p->limiter), limiter_words(c->limiter), p->total_cycles,
                 c->total_cycles, pct);
    else if (c->mwp != p->mwp)
        snprintf(buf, size, "still bound by %s, MWP falls from %.6g to %.6g: %.10g -> %.10g "
                 "cycles (%+.1f%%).", limiter_words(c->limiter), p->mwp, c->mwp,
                 p->total_cycles, c->total_cycles, pct);
    else
        snprintf(buf, size, "it stays above MWP (%.6g): no bound moves, the prediction "
                 "stays %.10g cycles.", c->mwp, c->total_cycles);
}

/* The numeric rows of the table and the JSON: label, JSON key, place in the result. */
static const struct row {
    const char *label, *key;
    size_t offset;
} rows[] = {
    {"N (warps/SM)", "n_warps", offsetof(hamm_mwp_result, n)},
    {"Mem_L_Uncoal", "mem_l_uncoal_cycles", offsetof(hamm_mwp_result, mem_l_uncoal)},
    {"Mem_L_Coal", "mem_l_coal_cycles", offsetof(hamm_mwp_result, mem_l_coal)},
    {"Weight_uncoal", "weight_uncoal", offsetof(hamm_mwp_result, weight_uncoal)},
    {"Weight_coal", "weight_coal", offsetof(hamm_mwp_result, weight_coal)},
    {"Mem_L", "mem_l_cycles", offsetof(hamm_mwp_result, mem_l)},
    {"Departure_delay", "departure_delay_cycles", offsetof(hamm_mwp_result, departure_delay)},
    {"MWP_Without_BW_full", "mwp_without_bw_full",
     offsetof(hamm_mwp_result, mwp_without_bw_full)},
    {"MWP_Without_BW", "mwp_without_bw", offsetof(hamm_mwp_result, mwp_without_bw)},
    {"Bandwidth (GB/s)", "bandwidth_gbps", offsetof(hamm_mwp_result, bandwidth_gbps)},
    {"BW_per_warp (GB/s)", "bw_per_warp_gbps", offsetof(hamm_mwp_result, bw_per_warp_gbps)},
    {"MWP_peak_BW", "mwp_peak_bw", offsetof(hamm_mwp_result, mwp_peak_bw)},
    {"MWP", "mwp", offsetof(hamm_mwp_result, mwp)},
    {"Comp_cycles", "comp_cycles", offsetof(hamm_mwp_result, comp_cycles)},
    {"Mem_cycles", "mem_cycles", offsetof(hamm_mwp_result, mem_cycles)},
    {"CWP_full", "cwp_full", offsetof(hamm_mwp_result, cwp_full)},
    {"CWP", "cwp", offsetof(hamm_mwp_result, cwp)},
    {"#Rep", "rep", offsetof(hamm_mwp_result, rep)},
    {"Synch warps", "synch_warps", offsetof(hamm_mwp_result, synch_warps)},
    {"Exec", "exec_cycles", offsetof(hamm_mwp_result, exec_cycles)},
    {"Synch_cost", "synch_cost_cycles", offsetof(hamm_mwp_result, synch_cycles)},
    {"total", "total_cycles", offsetof(hamm_mwp_result, total_cycles)},
    {"total (s)", "total_seconds", offsetof(hamm_mwp_result, total_seconds)},
};
#define NROWS (sizeof rows / sizeof rows[0])

/* The queueing variant's rows, after those above when it is on. */
#define QROW(label, key, field) {label, key, offsetof(hamm_mwp_result, field)}
static const struct row queue_rows[] = {
    QROW("Q periods/warp", "queue_periods", queue_periods),
    QROW("Q resident warps", "queue_warps", queue_warps),
    QROW("Q SMs used", "queue_sms", queue_sms),
    QROW("Q waves", "queue_waves", queue_waves),
    QROW("Q DRAM demand", "queue_dram_demand_cycles", queue_dram_demand),
    QROW("Q SM demand", "queue_sm_demand_cycles", queue_sm_demand),
    QROW("Q DRAM residence", "queue_dram_residence_cycles", queue_dram_residence),
    QROW("Q SM residence", "queue_sm_residence_cycles", queue_sm_residence),
    QROW("Q port demand", "queue_port_demand_cycles", queue_port_demand),
    QROW("Q port residence", "queue_port_residence_cycles", queue_port_residence),
    QROW("Q crossbar residence", "queue_icnt_residence_cycles", queue_icnt_residence),
    QROW("Q Mem_L loaded", "queue_mem_l_loaded_cycles", queue_mem_l_loaded),
    QROW("Q cycle/period", "queue_cycle_cycles", queue_cycle),
    QROW("Q warps' period", "queue_warp_cycle_cycles", queue_warp_cycle),
    QROW("Q barrier periods", "queue_barrier_periods", queue_barrier_periods),
    QROW("Q CTAs' period", "queue_cta_cycle_cycles", queue_cta_cycle),
    QROW("Q store tail", "queue_tail_cycles", queue_tail_cycles),
    QROW("Q Exec", "queue_exec_cycles", queue_exec_cycles),
};
#define NQROWS (sizeof queue_rows / sizeof queue_rows[0])

static double value(const hamm_mwp_result *r, const struct row *row)
{
    return *(const double *)((const char *)r + row->offset);
}

/* Where the counts came from and what they are, per warp, when derived from a workload. */
static void print_derived(FILE *out, const mwp_run *run)
{
    const hamm_mwp_derived *d = &run->counts;
    const hamm_mwp_kernel *k = &run->kernel;
    fprintf(out, "counts   from %s %s, kernel %zu of %zu (%s): %llu CTAs, %llu warps, "
            "%s coalescing\n", d->recording ? "recording" : "description", run->kernel_path,
            d->kernel_index, d->kernels, d->kernel_name, (unsigned long long)d->ctas,
            (unsigned long long)d->warps, hamm_mwp_coalescing_name(d->coalescing));
    fprintf(out, "per warp comp %g (ALU %g, SFU %g, shared %g), coalesced %g, uncoalesced "
            "%g x %g transactions, synch %g, %g bytes per memory instruction\n",
            k->comp_insts, (double)d->alu / (double)d->warps, (double)d->sfu / (double)d->warps,
            (double)d->shared / (double)d->warps, k->coal_mem_insts, k->uncoal_mem_insts,
            k->uncoal_per_mw, k->synch_insts, k->load_bytes_per_warp);
    fprintf(out, "block    %u threads, %u blocks, %u registers a thread, %u bytes shared\n",
            (unsigned)k->threads_per_block, (unsigned)k->blocks, (unsigned)k->regs_per_thread,
            (unsigned)k->shared_per_block);
}

/* Where E came from: the traces and the DRAM model's figures, or the option. */
static void print_source(FILE *out, const mwp_run *run)
{
    const mwp_trace_result *t = run->trace;
    if (!run->combined)
        return;
    if (!t) {
        fprintf(out, "E        %g, given (--dram-efficiency)\n", run->options.dram_efficiency);
        return;
    }
    fprintf(out, "E        %.6g: busy / active cycles summed over %u of %u channels "
            "(request-weighted %.6g)\n", t->efficiency, (unsigned)t->channels_used,
            (unsigned)t->channels, t->request_weighted);
    fprintf(out, "         hybrid DRAM model %s, %s replay, system %s, %llu requests\n",
            hamm_heuristic_name(t->heuristic), t->timed ? "timed" : "saturated", t->model,
            (unsigned long long)t->requests);
    for (size_t i = 0; i < t->nfiles; i++)
        fprintf(out, "%s%s\n", i ? "         " : "traces   ", t->files[i]);
}

void mwp_print_head(FILE *out, const mwp_run *run, const hamm_mwp_result *r)
{
    const hamm_mwp_machine *m = &run->machine;
    fprintf(out, "MWP/CWP model (Hong & Kim 2009): kernel %s on machine %s\n",
            run->kernel.name, m->name);
    fprintf(out, "machine  %u SMs at %g GHz, %g GB/s, Mem_LD %g, departure delays %g "
            "(coalesced) / %g (uncoalesced) cycles\n", (unsigned)m->sms, m->freq_ghz,
            m->mem_bandwidth_gbps, m->mem_ld_cycles, m->departure_del_coal,
            m->departure_del_uncoal);
    fprintf(out, "options  rounding %s, synch warps %s%s%s\n",
            hamm_mwp_rounding_name(run->options.rounding),
            hamm_mwp_synch_name(run->options.synch),
            run->options.issue_bound ? ", issue bound (hamm's variant)" : "",
            run->options.queueing ? ", queueing (hamm's variant)" : "");
    print_source(out, run);
    if (run->derived)
        print_derived(out, run);
    if (!r)
        return;
    fprintf(out, "blocks   %u active per SM (%s), %u warps each\n\n",
            (unsigned)r->active_blocks_per_sm, hamm_mwp_occupancy_name(r->occupancy),
            (unsigned)r->warps_per_block);
}

void mwp_print_wrapped(FILE *out, const char *text)
{
    const size_t width = 88;
    while (strlen(text) > width) {
        size_t cut = width;
        while (cut > 0 && text[cut] != ' ')
            cut--;
        if (cut == 0)
            break;
        fprintf(out, "%.*s\n", (int)cut, text);
        text += cut;
        while (*text == ' ')
            text++;
    }
    fprintf(out, "%s\n", text);
}

void mwp_print_table(FILE *out, const mwp_run *run)
{
    char text[1024];
    mwp_print_head(out, run, &run->plain);
    fprintf(out, "%-20s %16s", "", "plain");
    if (run->combined)
        fprintf(out, " %16s%-4g", "E = ", run->options.dram_efficiency);
    fputc('\n', out);
    for (size_t i = 0; i < NROWS; i++) {
        fprintf(out, "%-20s %16.10g", rows[i].label, value(&run->plain, &rows[i]));
        if (run->combined)
            fprintf(out, " %16.10g", value(&run->with_e, &rows[i]));
        fputc('\n', out);
    }
    for (size_t i = 0; run->options.queueing && i < NQROWS; i++) {
        fprintf(out, "%-20s %16.10g", queue_rows[i].label, value(&run->plain, &queue_rows[i]));
        if (run->combined)
            fprintf(out, " %16.10g", value(&run->with_e, &queue_rows[i]));
        fputc('\n', out);
    }
    fprintf(out, "%-20s %s\n", "case", case_words(run->plain.mwp_case));
    fprintf(out, "%-20s %s\n", "limited by", limiter_words(run->plain.limiter));
    mwp_explain(run, &run->plain, text, sizeof text);
    fputc('\n', out);
    mwp_print_wrapped(out, text);
    if (run->combined) {
        fprintf(out, "\ncombined (E = %g): %s, limited by %s\n", run->options.dram_efficiency,
                case_words(run->with_e.mwp_case), limiter_words(run->with_e.limiter));
        mwp_change(run, text, sizeof text);
        mwp_print_wrapped(out, text);
    }
}

static json_t *result_json(const mwp_run *run, const hamm_mwp_result *r)
{
    char text[1024];
    json_t *o = json_pack("{s:I, s:s, s:I}", "active_blocks_per_sm",
                          (json_int_t)r->active_blocks_per_sm, "occupancy_limit",
                          hamm_mwp_occupancy_name(r->occupancy), "warps_per_block",
                          (json_int_t)r->warps_per_block);
    for (size_t i = 0; o && i < NROWS; i++)
        if (json_object_set_new(o, rows[i].key, json_real(value(r, &rows[i]))) != 0) {
            json_decref(o);
            return NULL;
        }
    for (size_t i = 0; o && run->options.queueing && i < NQROWS; i++)
        if (json_object_set_new(o, queue_rows[i].key, json_real(value(r, &queue_rows[i]))) != 0) {
            json_decref(o);
            return NULL;
        }
    mwp_explain(run, r, text, sizeof text);
    if (o && json_object_update_new(
                 o, json_pack("{s:s, s:s, s:s}", "case", hamm_mwp_case_name(r->mwp_case),
                              "limiter", hamm_mwp_limiter_name(r->limiter), "explanation",
                              text)) != 0) {
        json_decref(o);
        return NULL;
    }
    if (o && run->options.issue_bound && /* hamm's variant: its keys only when asked for */
        json_object_update_new(o, json_pack("{s:f, s:f, s:b}", "busiest_sm_warps",
                                            r->busiest_sm_warps, "issue_bound_cycles",
                                            r->issue_bound_cycles, "issue_bound_applied",
                                            r->issue_bound_applied)) != 0) {
        json_decref(o);
        return NULL;
    }
    return o;
}

json_t *mwp_machine_json(const mwp_run *run)
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
static json_t *derived_json(const mwp_run *run)
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

json_t *mwp_kernel_json(const mwp_run *run)
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

json_t *mwp_source_json(const mwp_run *run)
{
    if (!run->combined)
        return json_null();
    return json_string(run->trace ? "trace" : "given");
}

json_t *mwp_trace_json(const mwp_run *run)
{
    const mwp_trace_result *t = run->trace;
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

static json_t *combined_json(const mwp_run *run)
{
    if (!run->combined)
        return json_null();
    char text[1024];
    mwp_change(run, text, sizeof text);
    const hamm_mwp_result *p = &run->plain, *c = &run->with_e;
    return json_pack("{s:f, s:o, s:o, s:o, s:b, s:s, s:s, s:s}", "dram_efficiency",
                     run->options.dram_efficiency, "dram_efficiency_source",
                     mwp_source_json(run), "trace", mwp_trace_json(run), "prediction",
                     result_json(run, c),
                     "bound_moved", c->limiter != p->limiter, "limiter_plain",
                     hamm_mwp_limiter_name(p->limiter), "limiter_combined",
                     hamm_mwp_limiter_name(c->limiter), "change", text);
}

char *mwp_json(const mwp_run *run)
{
    json_t *e = run->combined ? json_real(run->options.dram_efficiency) : json_null();
    json_t *root = json_pack(
        "{s:s, s:s, s:s, s:o, s:s, s:o, s:{s:s, s:s, s:o}, s:o, s:o}", "schema",
        HAMM_MWP_SCHEMA, "hamm_version", HAMM_VERSION, "machine_file", run->machine_path,
        "machine", mwp_machine_json(run), "kernel_file", run->kernel_path, "kernel",
        mwp_kernel_json(run), "options", "rounding",
        hamm_mwp_rounding_name(run->options.rounding), "synch_warps",
        hamm_mwp_synch_name(run->options.synch), "dram_efficiency", e, "prediction",
        result_json(run, &run->plain), "combined", combined_json(run));
    if (root && run->options.issue_bound)
        json_object_set_new(json_object_get(root, "options"), "issue_bound", json_true());
    if (root && run->options.queueing)
        json_object_set_new(json_object_get(root, "options"), "queueing", json_true());
    return mwp_json_text(root);
}

char *mwp_json_text(json_t *root)
{
    if (!root)
        return NULL;
    char *text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER |
                                      JSON_REAL_PRECISION(15));
    json_decref(root);
    if (!text)
        return NULL;
    size_t n = strlen(text);
    char *out = realloc(text, n + 2);
    if (!out) {
        free(text);
        return NULL;
    }
    out[n] = '\n';
    out[n + 1] = '\0';
    return out;
}
