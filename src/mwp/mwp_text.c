/* mwp_text.c - a run of the MWP/CWP model for people: the inputs, a table of every
 * intermediate (a column for the combined model) and the words (hamm/mwp_doc.h). */
#include <stdio.h>
#include <string.h>

#include "mwp_doc_internal.h"
#include "mwp_fields.h"

/* Where the counts came from and what they are, per warp, when derived from a workload. */
static void write_derived(FILE *out, const hamm_mwp_run *run)
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
static void write_source(FILE *out, const hamm_mwp_run *run)
{
    const hamm_mwp_efficiency *t = run->trace;
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

void mwp_write_head(FILE *out, const hamm_mwp_run *run, const hamm_mwp_result *r)
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
    write_source(out, run);
    if (run->derived)
        write_derived(out, run);
    if (!r)
        return;
    fprintf(out, "blocks   %u active per SM (%s), %u warps each\n\n",
            (unsigned)r->active_blocks_per_sm, hamm_mwp_occupancy_name(r->occupancy),
            (unsigned)r->warps_per_block);
}

/* Words for people, broken into lines of at most 88 columns. */
static void write_wrapped(FILE *out, const char *text)
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

void hamm_mwp_write_text(FILE *out, const hamm_mwp_run *run)
{
    char text[1024];
    mwp_write_head(out, run, &run->plain);
    fprintf(out, "%-20s %16s", "", "plain");
    if (run->combined)
        fprintf(out, " %16s%-4g", "E = ", run->options.dram_efficiency);
    fputc('\n', out);
    mwp_field last = run->options.queueing ? MWP_F_Q_EXEC : MWP_F_TOTAL_SECONDS;
    for (int f = MWP_F_N; f <= (int)last; f++) {
        fprintf(out, "%-20s %16.10g", mwp_field_label((mwp_field)f),
                mwp_field_number(&run->plain, (mwp_field)f));
        if (run->combined)
            fprintf(out, " %16.10g", mwp_field_number(&run->with_e, (mwp_field)f));
        fputc('\n', out);
    }
    fprintf(out, "%-20s %s\n", "case", mwp_case_words(run->plain.mwp_case));
    fprintf(out, "%-20s %s\n", "limited by", mwp_limiter_words(run->plain.limiter));
    mwp_explain(run, &run->plain, text, sizeof text);
    fputc('\n', out);
    write_wrapped(out, text);
    if (run->combined) {
        fprintf(out, "\ncombined (E = %g): %s, limited by %s\n", run->options.dram_efficiency,
                mwp_case_words(run->with_e.mwp_case), mwp_limiter_words(run->with_e.limiter));
        mwp_change(run, text, sizeof text);
        write_wrapped(out, text);
    }
}
