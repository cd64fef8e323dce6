/* mwp_counts.c - an MWP/CWP kernel's totals from its kernel source: every warp of every
 * CTA streamed, each global memory instruction through the coalescer, the in-flight
 * merges, the channels and the crossbar's inlets (mwp_counts.h, docs/MWP.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/coalescer.h"
#include "gpu/icnt.h"
#include "mwp_counts.h"
#include "mwp_inlet.h"
#include "mwp_merge.h"
#include "mwp_skew.h"

/* What counting one warp's instruction needs beyond it: the coalescing rule, the
 * machine's line, the loads its SM's resident CTAs sent so far, its group of them and
 * the warp's current memory period. */
typedef struct walk {
    gpu_coalesce_rule rule;
    uint32_t line;
    mwp_merge *merge;
    mwp_skew *skew;
    mwp_inlet *inlet; /* the requests in each SM's queue, for the inlets' schedule */
    double channel_rate; /* bytes a DRAM channel moves a crossbar cycle (0: not known) */
    uint64_t group;  /* the CTAs resident on one SM together (resident_group) */
    uint64_t period;
    uint32_t sm, slot; /* the warp's SM and its place among the SM's resident warps */
    uint32_t minst;    /* memory instructions the warp sent so far in this period */
    uint32_t barriers; /* barriers the warp passed so far */
    int nomem;  /* the merge set or the skew table ran out of memory */
    int stored; /* the warp stored since its last wait */
    /* The schedulers' cycles an instruction of each class takes (hamm_mwp_machine), and
     * those the warp spent since its last wait, and whether a barrier followed it. */
    double alu_issue, sfu_issue, mem_issue;
    double segment_issue;
    int segment_barrier;
} walk;

static gpu_coalesce_rule rule_of(hamm_mwp_coalescing c)
{
    switch (c) {
    case HAMM_MWP_COAL_SEGMENTS: return GPU_COALESCE_SEGMENTS;
    case HAMM_MWP_COAL_SECTORS: return GPU_COALESCE_SECTORS;
    case HAMM_MWP_COAL_COUNT: break;
    }
    return GPU_COALESCE_SEGMENTS;
}

static unsigned popcount(uint32_t v)
{
    unsigned n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

/* The fewest transactions the active lanes' bytes could fit in: per half-warp under the
 * segment rule (128-byte segments), per warp under the sector rule (128-byte lines). */
static size_t fewest(gpu_coalesce_rule rule, const gpu_inst *in)
{
    if (rule == GPU_COALESCE_SECTORS)
        return (popcount(in->active) * in->width + GPU_LINE_BYTES - 1) / GPU_LINE_BYTES;
    size_t n = 0;
    for (unsigned half = 0; half < 2; half++) {
        unsigned lanes = popcount((in->active >> (16 * half)) & 0xffffu);
        n += (lanes * in->width + GPU_LINE_BYTES - 1) / GPU_LINE_BYTES;
    }
    return n;
}

/* Transaction `i` of an instruction that leaves the SM: its flits both ways, and its
 * place in the SM's queue (LRR: the warps' n-th memory instructions one after another),
 * after the reply of request `wait_for` (MWP_INLET_NONE: none). */
static void count_flits(walk *wk, const gpu_inst *in, uint64_t addr, uint64_t bytes,
                        uint64_t dram_bytes, uint32_t i, uint32_t wait_for,
                        hamm_mwp_derived *d)
{
    if (!d->flit_bytes)
        return;
    int write = in->op == GPU_OP_STORE;
    /* a packet is its header, and its data when it carries some (the engine's net_bytes) */
    uint32_t data = (uint32_t)bytes;
    uint32_t req = gpu_flits(d->ctrl_bytes + (write ? data : 0), d->flit_bytes);
    uint32_t reply = gpu_flits(d->ctrl_bytes + (write ? 0 : data), d->flit_bytes);
    d->request_flits += req;
    d->reply_flits += reply;
    /* the partition serves it as fast as its channel moves the data or its outlet the
     * reply, in MWP_INLET_TICKS a crossbar cycle */
    double service = (double)MWP_INLET_TICKS * (write ? 0 : reply);
    double moved = wk->channel_rate > 0
                       ? (double)MWP_INLET_TICKS * (double)dram_bytes / wk->channel_rate
                       : 0;
    service = moved > service ? moved : service;
    mwp_inlet_req r = {.key = mwp_inlet_key(wk->period, wk->sm, wk->minst, wk->slot, i),
                       .wait_for = wait_for, .flits = (uint16_t)(req < 0xffff ? req : 0xffff),
                       .service = (uint16_t)(service < 0xffff ? service + 0.5 : 0xffff),
                       .barriers = (uint16_t)(wk->barriers < 0xffff ? wk->barriers : 0xffff),
                       .load = in->op == GPU_OP_LOAD};
    if (mwp_inlet_add(wk->inlet, r, addr) != 0)
        wk->nomem = 1;
}

/* One global memory warp instruction: coalesced when the coalescer makes no more
 * transactions than the fewest its bytes could fit in. */
static void count_memory(walk *wk, const gpu_inst *in, hamm_mwp_derived *d)
{
    gpu_coalesce_rule rule = wk->rule;
    uint32_t line = wk->line;
    gpu_transaction t[GPU_MAX_TRANSACTIONS];
    size_t n = gpu_coalesce(rule, in->addr, in->width, in->active, t);
    if (n == 0)
        return; /* no lane active: nothing reaches memory */
    d->loads += in->op == GPU_OP_LOAD;
    d->stores += in->op == GPU_OP_STORE;
    d->transactions += n;
    for (size_t i = 0; i < n; i++) {
        uint64_t b = rule == GPU_COALESCE_SECTORS ? 32u * popcount(t[i].sectors) : t[i].size;
        d->bytes += b;
        /* a miss fetches whole lines: a lane's 4 bytes cost the line */
        uint64_t mb = line ? (b + line - 1) / line * line : b;
        d->memory_bytes += mb;
        /* a load of a block the SM's resident CTAs already asked for in this period
         * merges with that request in flight: it costs the memory nothing more, unless
         * the request serves the merge limit's loads already */
        uint32_t full = MWP_INLET_NONE, next = (uint32_t)wk->inlet->n;
        int seen = in->op == GPU_OP_LOAD ? mwp_merge_load(wk->merge, wk->group, wk->period,
                                                          t[i].addr, next, &full)
                                         : MWP_MERGE_NEW;
        wk->nomem |= seen < 0;
        d->merged_loads += seen == MWP_MERGE_MERGED;
        d->merged_bytes += seen == MWP_MERGE_MERGED ? mb : 0;
        d->merge_waits += seen == MWP_MERGE_FULL;
        if (seen == MWP_MERGE_MERGED || seen < 0)
            continue;
        /* what reaches the DRAM, by channel, for the channel skew */
        if (mwp_skew_add(wk->skew, wk->period, t[i].addr) != 0)
            wk->nomem = 1;
        count_flits(wk, in, t[i].addr, b, mb, (uint32_t)i, full, d);
    }
    wk->minst++;
    if (n <= fewest(rule, in)) {
        d->coalesced++;
    } else {
        d->uncoalesced++;
        d->uncoal_transactions += n;
    }
}

/* A shared-memory access's passes: the most distinct 4-byte words its active lanes ask
 * of one bank (lanes asking for the same word share it); 1 without banks. */
static uint32_t shared_passes(uint32_t banks, const gpu_inst *in)
{
    uint64_t words[32];
    uint32_t n = 0, most = 1;
    for (uint32_t i = 0; banks && i < 32; i++) {
        if (!(in->active >> i & 1))
            continue;
        uint64_t w = in->addr[i] / 4;
        uint32_t same = 1, seen = 0;
        for (uint32_t j = 0; j < n; j++) {
            seen |= words[j] == w;
            same += words[j] % banks == w % banks;
        }
        if (seen)
            continue;
        words[n++] = w;
        most = same > most ? same : most;
    }
    return most;
}

/* The schedulers' cycles of one instruction, as the model charges them (mwp.c's
 * warp_issue): an SFU one at the SFU's rate, a global or shared access at the load/store
 * unit's, the rest (a barrier too) at one issue. */
static double issue_of(const walk *wk, gpu_op op)
{
    switch (op) {
    case GPU_OP_SFU: return wk->sfu_issue;
    case GPU_OP_LOAD:
    case GPU_OP_STORE:
    case GPU_OP_SHARED_LOAD:
    case GPU_OP_SHARED_STORE: return wk->mem_issue;
    case GPU_OP_EXIT: return 0;
    case GPU_OP_ALU:
    case GPU_OP_BARRIER: break;
    }
    return wk->alu_issue;
}

/* The warp's computation since its last wait ends (at a wait, or its end): it counts for
 * the CTA's together when a barrier followed that wait. */
static void end_segment(walk *wk, hamm_mwp_derived *d)
{
    d->issue_cycles += wk->segment_issue;
    d->barrier_issue_cycles += wk->segment_barrier ? wk->segment_issue : 0;
    wk->segment_issue = 0;
    wk->segment_barrier = 0;
}

static void count_inst(walk *wk, const gpu_inst *in, hamm_mwp_derived *d)
{
    wk->segment_issue += issue_of(wk, in->op);
    switch (in->op) {
    case GPU_OP_ALU: d->alu++; break;
    case GPU_OP_SFU: d->sfu++; break;
    case GPU_OP_LOAD:
    case GPU_OP_STORE: count_memory(wk, in, d); break;
    case GPU_OP_SHARED_LOAD:
    case GPU_OP_SHARED_STORE:
        d->shared++;
        d->shared_passes += shared_passes(d->shared_banks, in);
        break;
    case GPU_OP_BARRIER:
        d->barriers++;
        wk->barriers++;
        /* the first barrier after a wait makes its period the CTA's */
        if (wk->period > 0 && !wk->segment_barrier) {
            d->barrier_waits++;
            wk->segment_barrier = 1;
        }
        break;
    case GPU_OP_EXIT: break;
    }
}

/* A warp's global loads in flight, oldest first: the registers they will write.  The
 * oldest `covered` were sent before the warp's last wait: they travelled alongside the
 * loads it waited for, so waiting for them costs no new memory period. */
#define PENDING_MAX 64
typedef struct pending {
    uint16_t reg[PENDING_MAX];
    unsigned n, covered;
} pending;

/* An instruction that reads or writes a register a load in flight will write waits for
 * it, and (loads returning in order) for every older one: those leave the list.  A wait
 * for loads sent since the last wait is a new memory period. */
static void scoreboard(pending *p, const gpu_inst *in, hamm_mwp_derived *d)
{
    unsigned upto = 0;
    for (unsigned i = 0; i < p->n; i++) {
        int uses = in->dst == p->reg[i];
        for (unsigned s = 0; s < GPU_MAX_SRC; s++)
            uses |= in->src[s] != GPU_NO_REG && in->src[s] == p->reg[i];
        upto = uses ? i + 1 : upto;
    }
    if (upto) {
        int fresh = upto > p->covered;
        d->load_waits += fresh;
        memmove(p->reg, p->reg + upto, (p->n - upto) * sizeof p->reg[0]);
        p->n -= upto;
        p->covered = fresh ? p->n : p->covered - upto;
    }
    if (in->op != GPU_OP_LOAD || in->dst == GPU_NO_REG)
        return;
    if (p->n == PENDING_MAX) { /* the oldest is surely back by now */
        memmove(p->reg, p->reg + 1, (p->n - 1) * sizeof p->reg[0]);
        p->n--;
        p->covered -= p->covered > 0;
    }
    p->reg[p->n++] = in->dst;
}

/* One warp of an open CTA, its memory periods counted from 0 by its waits. */
static hamm_status stream_warp(const gpu_kernel_source *src, gpu_cta *cta, uint32_t w,
                               walk *wk, gpu_inst *in, hamm_mwp_derived *d, hamm_error *err)
{
    int has = 1;
    pending p = {.n = 0};
    hamm_status st;
    wk->period = 0;
    wk->minst = 0;
    wk->barriers = 0;
    wk->stored = 0;
    wk->segment_issue = 0;
    wk->segment_barrier = 0;
    while ((st = src->next(src->self, cta, w, in, &has, err)) == HAMM_OK && has &&
           in->op != GPU_OP_EXIT) {
        uint64_t before = d->load_waits;
        scoreboard(&p, in, d);
        if (d->load_waits > before) { /* a new memory period */
            wk->period++;
            wk->minst = 0;
            wk->stored = 0;
            end_segment(wk, d);
        }
        wk->stored |= in->op == GPU_OP_STORE && in->active;
        count_inst(wk, in, d);
    }
    /* a warp ends when its loads are back; stores after its last wait are still on their
     * way to the DRAM then */
    end_segment(wk, d);
    d->store_tail |= p.n == 0 && wk->stored;
    d->load_waits += p.n > p.covered;
    if (st == HAMM_OK && wk->nomem)
        st = hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    return st;
}

/* The SM the engine gives CTA `cta`: one CTA a core a cycle, the first core one further
 * each cycle, so CTA c of round r = c / sms goes to SM (c + r) mod sms. */
static uint32_t sm_of_cta(uint64_t cta, uint32_t sms)
{
    return (uint32_t)((cta + cta / sms) % sms);
}

/* The CTAs resident on one SM together: rounds r / active come one after another.  Only
 * loads of the same group, in the same memory period, meet in an SM's in-flight table. */
static uint64_t resident_group(uint64_t cta, uint32_t sms, uint32_t active)
{
    return (cta / sms / active) * sms + sm_of_cta(cta, sms);
}

/* Active CTAs an SM holds, as the model computes them (1 when one does not fit: the
 * model refuses the kernel later). */
static uint32_t resident_ctas(const hamm_mwp_machine *m, const gpu_kernel_info *info)
{
    hamm_mwp_kernel k = {.threads_per_block = gpu_kernel_threads_per_cta(info),
                         .regs_per_thread = info->regs_per_thread,
                         .shared_per_block = info->shared_per_cta};
    uint32_t a = 0;
    hamm_mwp_occupancy why;
    hamm_error e;
    hamm_error_clear(&e);
    return hamm_mwp_occupancy_compute(m, &k, &a, &why, &e) == HAMM_OK && a > 0 ? a : 1;
}

/* Core cycles as crossbar cycles, rounded. */
static uint32_t icnt_cycles(const hamm_mwp_machine *m, double core_cycles)
{
    double c = m->freq_ghz > 0 ? core_cycles * hamm_mwp_icnt_ghz(m) / m->freq_ghz : 0;
    return c > 0 && c < 1e9 ? (uint32_t)(c + 0.5) : 0;
}

/* Bytes one DRAM channel moves a crossbar cycle at the peak bandwidth (0: not known). */
static double channel_rate(const hamm_mwp_machine *m)
{
    double ghz = hamm_mwp_icnt_ghz(m);
    return m->channels > 0 && ghz > 0 ? m->mem_bandwidth_gbps / m->channels / ghz : 0;
}

/* Every warp of every CTA, in the order the source hands them out. */
hamm_status mwp_stream_all(const gpu_kernel_source *src, const hamm_mwp_machine *m,
                           hamm_mwp_derived *d, hamm_error *err)
{
    const gpu_kernel_info *info = src->info(src->self);
    uint64_t ctas = gpu_kernel_ctas(info);
    uint32_t warps = gpu_kernel_warps_per_cta(info);
    uint32_t sms = m->sms > 0 ? m->sms : 1, active = resident_ctas(m, info);
    gpu_inst *in = malloc(sizeof *in);
    if (!in)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    hamm_status st = HAMM_OK;
    mwp_merge merge = {.max_merge = m->max_merge};
    mwp_skew skew = {m->channels, m->channel_bytes, NULL, 0, 0, 0};
    mwp_inlet inlet = {.partitions = m->channels, .chunk = m->channel_bytes, .sms = sms,
                       .round_trip = icnt_cycles(m, m->mem_ld_cycles),
                       .issue_interval = icnt_cycles(m, hamm_mwp_mem_issue(m)),
                       .warps_per_cta = warps};
    walk wk = {.rule = rule_of(d->coalescing), .line = d->memory_line_bytes, .merge = &merge,
               .skew = &skew, .inlet = &inlet, .channel_rate = channel_rate(m),
               .alu_issue = m->issue_cycles, .sfu_issue = hamm_mwp_sfu_issue(m),
               .mem_issue = hamm_mwp_mem_issue(m)};
    for (uint64_t c = 0; st == HAMM_OK && c < ctas; c++) {
        gpu_cta *cta = NULL;
        if ((st = src->open_cta(src->self, c, &cta, err)) != HAMM_OK)
            break;
        if (c % ((uint64_t)sms * active) == 0) { /* a new round of residents */
            mwp_merge_reset(&merge);
            mwp_skew_flush(&skew);
            wk.nomem |= mwp_inlet_flush(&inlet) != 0;
        }
        wk.group = resident_group(c, sms, active);
        wk.sm = sm_of_cta(c, sms);
        uint32_t cta_slot = (uint32_t)((c / sms) % active);
        for (uint32_t w = 0; st == HAMM_OK && w < warps; w++) {
            wk.slot = cta_slot * warps + w;
            st = stream_warp(src, cta, w, &wk, in, d, err);
        }
        src->close_cta(src->self, cta);
    }
    mwp_merge_free(&merge);
    mwp_skew_flush(&skew);
    d->skew_busiest = skew.busiest;
    d->skew_requests = skew.total;
    mwp_skew_free(&skew);
    if (mwp_inlet_flush(&inlet) != 0 && st == HAMM_OK)
        st = hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    d->inlet_cycles = inlet.cycles;
    d->inlet_least_cycles = inlet.least_cycles;
    mwp_inlet_free(&inlet);
    free(in);
    d->ctas = ctas;
    d->warps = ctas * warps;
    snprintf(d->kernel_name, sizeof d->kernel_name, "%s", info->name);
    return st;
}
