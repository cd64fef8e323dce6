/* mwp_counts.c - an MWP/CWP kernel's counts from a workload: every warp of every CTA of
 * one kernel streamed through its kernel source, each global memory instruction through
 * the coalescer, the totals averaged per warp (hamm/mwp_counts.h, docs/MWP.md). */
#include <stdlib.h>
#include <string.h>

#include "gpu/coalescer.h"
#include "gpu/icnt.h"
#include "gpu/traceg.h"
#include "hamm/mwp_counts.h"
#include "hamm/workload.h"
#include "mwp_inlet.h"
#include "mwp_merge.h"
#include "mwp_skew.h"
#include "source.h"

/* What counting one warp's instruction needs beyond it: the coalescing rule, the
 * machine's line, the loads its SM's resident CTAs sent so far, its group of them and
 * the warp's current memory period. */
typedef struct walk {
    gpu_coalesce_rule rule;
    uint32_t line;
    mwp_merge *merge;
    mwp_skew *skew;
    mwp_inlet *inlet; /* the requests in each SM's queue, for the inlets' schedule */
    uint64_t group;  /* the CTAs resident on one SM together (resident_group) */
    uint64_t period;
    uint32_t sm, slot; /* the warp's SM and its place among the SM's resident warps */
    uint32_t minst;    /* memory instructions the warp sent so far in this period */
    int nomem;  /* the merge set or the skew table ran out of memory */
    int stored; /* the warp stored since its last wait */
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
 * place in the SM's queue (LRR: the warps' n-th memory instructions one after another). */
static void count_flits(walk *wk, const gpu_inst *in, uint64_t addr, uint64_t bytes,
                        uint32_t i, hamm_mwp_derived *d)
{
    if (!d->flit_bytes)
        return;
    int write = in->op == GPU_OP_STORE;
    /* a packet is its header, and its data when it carries some (the engine's net_bytes) */
    uint32_t data = (uint32_t)bytes;
    uint32_t req = gpu_flits(d->ctrl_bytes + (write ? data : 0), d->flit_bytes);
    d->request_flits += req;
    d->reply_flits += gpu_flits(d->ctrl_bytes + (write ? 0 : data), d->flit_bytes);
    uint64_t key = mwp_inlet_key(wk->period, wk->sm, wk->minst, wk->slot, i);
    if (mwp_inlet_add(wk->inlet, key, addr, req) != 0)
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
         * merges with that request in flight: it costs the memory nothing more */
        int seen = in->op == GPU_OP_LOAD
                       ? mwp_merge_seen(wk->merge, wk->group, wk->period, t[i].addr)
                       : 0;
        wk->nomem |= seen < 0;
        d->merged_loads += seen > 0;
        d->merged_bytes += seen > 0 ? mb : 0;
        /* what reaches the DRAM, by channel, for the channel skew */
        if (seen == 0 && mwp_skew_add(wk->skew, wk->period, t[i].addr) != 0)
            wk->nomem = 1;
        if (seen == 0)
            count_flits(wk, in, t[i].addr, b, (uint32_t)i, d);
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

static void count_inst(walk *wk, const gpu_inst *in, hamm_mwp_derived *d)
{
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
    case GPU_OP_BARRIER: d->barriers++; break;
    case GPU_OP_EXIT: break;
    }
}

/* A warp's global loads in flight, oldest first: the registers they will write. */
#define PENDING_MAX 64
typedef struct pending {
    uint16_t reg[PENDING_MAX];
    unsigned n;
} pending;

/* An instruction that reads or writes a register a load in flight will write waits for
 * it, and (loads returning in order) for every older one: those leave the list. */
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
        d->load_waits++;
        memmove(p->reg, p->reg + upto, (p->n - upto) * sizeof p->reg[0]);
        p->n -= upto;
    }
    if (in->op != GPU_OP_LOAD || in->dst == GPU_NO_REG)
        return;
    if (p->n == PENDING_MAX) { /* the oldest is surely back by now */
        memmove(p->reg, p->reg + 1, (p->n - 1) * sizeof p->reg[0]);
        p->n--;
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
    wk->stored = 0;
    while ((st = src->next(src->self, cta, w, in, &has, err)) == HAMM_OK && has &&
           in->op != GPU_OP_EXIT) {
        uint64_t before = d->load_waits;
        scoreboard(&p, in, d);
        wk->period += d->load_waits - before;
        wk->minst = d->load_waits > before ? 0 : wk->minst;
        wk->stored = d->load_waits > before ? 0 : wk->stored;
        wk->stored |= in->op == GPU_OP_STORE && in->active;
        count_inst(wk, in, d);
    }
    /* a warp ends when its loads are back; stores after its last wait are still on their
     * way to the DRAM then */
    d->store_tail |= p.n == 0 && wk->stored;
    d->load_waits += p.n > 0;
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

/* Every warp of every CTA, in the order the source hands them out. */
static hamm_status stream_all(const gpu_kernel_source *src, const hamm_mwp_machine *m,
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
    mwp_merge merge = {0};
    mwp_skew skew = {m->channels, m->channel_bytes, NULL, 0, 0, 0};
    mwp_inlet inlet = {.partitions = m->channels, .chunk = m->channel_bytes, .sms = sms};
    walk wk = {.rule = rule_of(d->coalescing), .line = d->memory_line_bytes, .merge = &merge,
               .skew = &skew, .inlet = &inlet};
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

/* The kernel `sel` names among n (NULL: 0; digits: an index; else the name name_of
 * gives), or n when none. */
typedef void (*name_fn)(void *self, size_t i, char *buf, size_t size);

static size_t pick(const char *sel, size_t n, name_fn name_of, void *self)
{
    char name[128];
    if (!sel)
        return 0;
    char *end;
    unsigned long v = strtoul(sel, &end, 10);
    if (*sel && !*end)
        return v < n ? (size_t)v : n;
    for (size_t i = 0; i < n; i++) {
        name_of(self, i, name, sizeof name);
        if (strcmp(name, sel) == 0)
            return i;
    }
    return n;
}

static hamm_status no_kernel(const char *path, const char *sel, size_t n, hamm_error *err)
{
    return hamm_error_at(err, HAMM_ERR_ARG, HAMM_IN(path), NULL,
                         "no kernel '%s' (%zu kernel%s: give an index from 0 or a name)",
                         sel ? sel : "0", n, n == 1 ? "" : "s");
}

static void description_name(void *self, size_t i, char *buf, size_t size)
{
    snprintf(buf, size, "%s", hamm_workload_kernel_name(self, i));
}

static hamm_status derive_description(const char *path, const char *sel,
                                      const hamm_mwp_machine *m, hamm_mwp_derived *d,
                                      gpu_kernel_info *info, hamm_error *err)
{
    hamm_workload *wl = NULL;
    hamm_status st = hamm_workload_open(path, &wl, err);
    if (st != HAMM_OK)
        return st;
    d->kernels = hamm_workload_kernels(wl);
    d->kernel_index = pick(sel, d->kernels, description_name, wl);
    if (d->kernel_index >= d->kernels) {
        st = no_kernel(path, sel, d->kernels, err);
    } else {
        gpu_kernel_source src;
        workload_source(wl, d->kernel_index, &src);
        *info = *src.info(src.self);
        st = stream_all(&src, m, d, err);
    }
    hamm_workload_free(wl);
    return st;
}

/* A recording's kernel names, read from each kernel file's header. */
static void recording_name(void *self, size_t i, char *buf, size_t size)
{
    gpu_traceg *t = NULL;
    hamm_error e;
    hamm_error_clear(&e);
    buf[0] = '\0';
    if (gpu_traceg_open(gpu_traceg_list_kernel(self, i), &t, &e) == HAMM_OK) {
        gpu_kernel_source src = gpu_traceg_source(t);
        snprintf(buf, size, "%s", src.info(src.self)->name);
    }
    gpu_traceg_free(t);
}

static hamm_status derive_traceg(const char *file, const hamm_mwp_machine *m,
                                 hamm_mwp_derived *d, gpu_kernel_info *info, hamm_error *err)
{
    gpu_traceg *t = NULL;
    hamm_status st = gpu_traceg_open(file, &t, err);
    if (st == HAMM_OK) {
        gpu_kernel_source src = gpu_traceg_source(t);
        *info = *src.info(src.self);
        st = stream_all(&src, m, d, err);
    }
    gpu_traceg_free(t);
    return st;
}

static hamm_status derive_recording(const char *path, const char *sel, const hamm_mwp_machine *m,
                                    hamm_mwp_derived *d, gpu_kernel_info *info,
                                    hamm_error *err)
{
    size_t n = strlen(path);
    d->recording = 1;
    if (strstr(path, ".traceg") && !(n >= 2 && strcmp(path + n - 2, ".g") == 0)) {
        d->kernels = 1;
        hamm_status st = derive_traceg(path, m, d, info, err);
        if (st == HAMM_OK && sel && strcmp(sel, "0") != 0 && strcmp(sel, info->name) != 0)
            st = no_kernel(path, sel, 1, err);
        return st;
    }
    gpu_traceg_list *l = NULL;
    hamm_status st = gpu_traceg_list_open(path, &l, err);
    if (st != HAMM_OK)
        return st;
    d->kernels = gpu_traceg_list_count(l);
    d->kernel_index = pick(sel, d->kernels, recording_name, l);
    st = d->kernel_index < d->kernels
             ? derive_traceg(gpu_traceg_list_kernel(l, d->kernel_index), m, d, info, err)
             : no_kernel(path, sel, d->kernels, err);
    gpu_traceg_list_free(l);
    return st;
}

/* The totals as the model's counts per warp. */
static void to_kernel(const hamm_mwp_derived *d, const gpu_kernel_info *info,
                      hamm_mwp_kernel *k)
{
    double w = d->warps ? (double)d->warps : 1, mem = (double)(d->coalesced + d->uncoalesced);
    snprintf(k->name, sizeof k->name, "%s", info->name);
    k->comp_insts = (double)(d->alu + d->sfu + d->shared) / w;
    k->coal_mem_insts = (double)d->coalesced / w;
    k->uncoal_mem_insts = (double)d->uncoalesced / w;
    k->synch_insts = (double)d->barriers / w;
    k->sfu_insts = (double)d->sfu / w;
    k->shared_insts = (double)d->shared / w;
    /* the load/store unit takes a global instruction's transactions one a cycle (one
     * access each: a segment, or a line through the L1) and a shared one's passes */
    k->lsu_cycles = (double)(d->transactions + d->shared_passes) / w;
    k->mem_waits = (double)d->load_waits / w;
    k->merged_load_bytes = (double)d->merged_bytes / w;
    k->store_tail = d->store_tail ? 1 : 0;
    /* the busiest channel's share of each period's requests, times the channels: 1 when
     * they spread evenly, the channels when they all go to one */
    k->channel_skew = d->skew_requests ? (double)d->skew_busiest * d->channels /
                                             (double)d->skew_requests
                                       : 0;
    k->request_flits = (double)d->request_flits / w;
    k->reply_flits = (double)d->reply_flits / w;
    k->inlet_skew = d->inlet_least_cycles
                        ? (double)d->inlet_cycles / (double)d->inlet_least_cycles
                        : 0;
    k->uncoal_per_mw = d->uncoalesced ? (double)d->uncoal_transactions / (double)d->uncoalesced
                                      : 0;
    k->load_bytes_per_warp = mem > 0 ? (double)d->memory_bytes / mem : 0;
    k->threads_per_block = gpu_kernel_threads_per_cta(info);
    k->blocks = d->ctas > UINT32_MAX ? UINT32_MAX : (uint32_t)d->ctas;
    k->active_blocks_per_sm = 0;
    k->regs_per_thread = info->regs_per_thread;
    k->shared_per_block = info->shared_per_cta;
}

hamm_status hamm_mwp_derive(const char *path, const char *kernel, const hamm_mwp_machine *m,
                            hamm_mwp_kernel *k, hamm_mwp_derived *d, hamm_error *err)
{
    *k = (hamm_mwp_kernel){0};
    *d = (hamm_mwp_derived){0};
    d->coalescing = m->coalescing < HAMM_MWP_COAL_COUNT ? (hamm_mwp_coalescing)m->coalescing
                                                        : HAMM_MWP_COAL_SEGMENTS;
    d->memory_line_bytes = m->memory_line_bytes;
    d->shared_banks = m->shared_banks;
    d->channels = m->channel_bytes ? m->channels : 0;
    d->flit_bytes = m->icnt_flit_bytes;
    d->ctrl_bytes = m->icnt_ctrl_bytes;
    gpu_kernel_info info = {0};
    hamm_status st = workload_is_recording(path) ? derive_recording(path, kernel, m, d, &info, err)
                                        : derive_description(path, kernel, m, d, &info, err);
    if (st == HAMM_OK)
        to_kernel(d, &info, k);
    return st;
}
