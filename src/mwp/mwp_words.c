/* mwp_words.c - a prediction in words for people: what bounds the kernel and why, and
 * how the combined model moves it (hamm-mwp/1's "explanation" and "change", and the
 * text). */
#include <stdio.h>

#include "mwp_doc_internal.h"

const char *mwp_limiter_words(hamm_mwp_limiter l)
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

const char *mwp_case_words(hamm_mwp_case c)
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
             r->queue_dram_residence, r->queue_sm_residence, mwp_limiter_words(r->limiter));
}

void mwp_explain(const hamm_mwp_run *run, const hamm_mwp_result *r, char *buf, size_t size)
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

void mwp_change(const hamm_mwp_run *run, char *buf, size_t size)
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
                 mwp_limiter_words(p->limiter), mwp_limiter_words(c->limiter),
                 p->total_cycles, c->total_cycles, pct);
    else if (c->mwp != p->mwp)
        snprintf(buf, size, "still bound by %s, MWP falls from %.6g to %.6g: %.10g -> %.10g "
                 "cycles (%+.1f%%).", mwp_limiter_words(c->limiter), p->mwp, c->mwp,
                 p->total_cycles, c->total_cycles, pct);
    else
        snprintf(buf, size, "it stays above MWP (%.6g): no bound moves, the prediction "
                 "stays %.10g cycles.", c->mwp, c->total_cycles);
}
