/* core.c - a SIMT core's life cycle, its CTAs (resources, launch, barrier, finish) and
 * its cycle (core.h). */
#include <stdlib.h>

#include "common/alloc.h"
#include "core_internal.h"

static hamm_status check_params(const gpu_core_params *p, hamm_error *err)
{
    const char *bad = p->max_threads < GPU_WARP_SIZE ? "max_threads"
                      : !p->max_ctas                 ? "max_ctas"
                      : !p->schedulers               ? "schedulers"
                      : !p->max_inflight             ? "max_inflight"
                      : !p->max_merge                ? "max_merge"
                      : !p->shared_banks             ? "shared_banks"
                      : !p->out_queue                ? "out_queue"
                      : p->has_l1 && p->l1.mshr_max_merge > 64 ? "l1.mshr_max_merge"
                      : p->has_l1 && p->l1_banks.banks > 1 &&
                              (!p->l1_banks.bank_bytes || !p->l1_banks.scheme.modules ||
                               p->l1_banks.scheme.modules > GPU_L1BANK_MAX_MODULES)
                          ? "l1.banks"
                      : p->icache_lines && (p->icache_line_bytes < 32 ||
                                            p->icache_line_bytes > 4096 ||
                                            (p->icache_line_bytes & (p->icache_line_bytes - 1)))
                          ? "icache_line_bytes"
                      : p->smem.pipeline != GPU_PIPE_DECOUPLED &&
                              (!p->smem.chc_sets || !p->smem.chc_ways ||
                               p->smem.nonmem_queue >= WB_RING / 2)
                          ? "chc_sets"
                          : NULL;
    for (int op = 0; op < GPU_OP_COUNT && !bad; op++)
        if (!p->issue_cycles[op])
            bad = "issue_cycles";
        else if (p->units[op] && op != GPU_OP_ALU && op != GPU_OP_SFU)
            bad = "units";
        else if (p->sub_cores && p->units[op] % p->schedulers)
            bad = "sub_cores";
    if (!bad)
        return HAMM_OK;
    return hamm_error_field(err, HAMM_ERR_CONFIG, bad,
                            "core: a warp of threads, one CTA, one scheduler, one request in "
                            "flight, one shared bank, one queued packet, and issue costs of at "
                            "least one cycle are needed; an L1 MSHR merges at most 64 requests; "
                            "L1 banks need a bank width and at most 64 modules; "
                            "the pipeline model needs a conflict history cache; execution "
                            "units are ALU and SFU ones, with sub-cores a multiple of the "
                            "schedulers");
}

uint64_t gpu_core_bytes(const gpu_core_params *p)
{
    const gpu_core *c = NULL; /* for the sizes of its arrays' elements */
    uint64_t warps = p->max_threads / GPU_WARP_SIZE;
    uint64_t out = (uint64_t)p->out_queue + (p->has_l1 ? p->l1_miss_latency : 0);
    return sizeof *c + warps * (sizeof *c->warps + GPU_MAX_REGS * sizeof *c->regs) +
           (uint64_t)p->max_ctas * sizeof *c->ctas +
           (uint64_t)p->schedulers * (sizeof *c->sched_free + sizeof *c->sched_last +
                                      sizeof *c->sched_asleep_at + sizeof *c->sched_wake) +
           (p->max_inflight + warps) * sizeof *c->loads +
           (uint64_t)p->max_inflight *
               (sizeof *c->inflight + p->max_merge * sizeof *c->inflight_ids) +
           out * sizeof *c->out + (uint64_t)p->icache_lines * sizeof *c->icache +
           (uint64_t)units_count(p) * sizeof *c->unit_free + pipe_bytes(p);
}

static int alloc_state(gpu_core *c)
{
    const gpu_core_params *p = &c->p;
    c->nwarps = p->max_threads / GPU_WARP_SIZE;
    c->nloads = p->max_inflight + c->nwarps;
    c->warps = hamm_calloc_array(c->nwarps, sizeof *c->warps);
    c->regs = hamm_calloc_array((size_t)c->nwarps * GPU_MAX_REGS, sizeof *c->regs);
    c->ctas = hamm_calloc_array(p->max_ctas, sizeof *c->ctas);
    c->sched_free = hamm_calloc_array(p->schedulers, sizeof *c->sched_free);
    c->sched_last = hamm_calloc_array(p->schedulers, sizeof *c->sched_last);
    c->sched_asleep_at = hamm_calloc_array(p->schedulers, sizeof *c->sched_asleep_at);
    c->sched_wake = hamm_calloc_array(p->schedulers, sizeof *c->sched_wake);
    c->loads = hamm_calloc_array(c->nloads, sizeof *c->loads);
    c->inflight = hamm_calloc_array(p->max_inflight, sizeof *c->inflight);
    c->inflight_ids = hamm_calloc_array((size_t)p->max_inflight * p->max_merge,
                                        sizeof *c->inflight_ids);
    c->out_cap = p->out_queue + (p->has_l1 ? p->l1_miss_latency : 0);
    c->out = hamm_calloc_array(c->out_cap, sizeof *c->out);
    c->icache = p->icache_lines ? hamm_calloc_array(p->icache_lines, sizeof *c->icache) : NULL;
    uint32_t units = units_count(p);
    c->unit_free = units ? hamm_calloc_array(units, sizeof *c->unit_free) : NULL;
    if (!c->warps || !c->regs || !c->ctas || !c->sched_free || !c->sched_last ||
        !c->sched_asleep_at || !c->sched_wake || !c->loads ||
        !c->inflight || !c->inflight_ids || !c->out || (p->icache_lines && !c->icache) ||
        (units && !c->unit_free))
        return 0;
    units_init(c);
    for (uint32_t w = 0; w < c->nwarps; w++)
        c->warps[w] = (warp){.cta = CORE_NONE, .reg_ready = &c->regs[(size_t)w * GPU_MAX_REGS]};
    for (uint32_t s = 0; s < p->schedulers; s++) {
        c->sched_last[s] = CORE_NONE;
        c->sched_asleep_at[s] = UINT64_MAX; /* awake */
    }
    return 1;
}

hamm_status gpu_core_new(gpu_core **out, const gpu_core_params *p, hamm_error *err)
{
    *out = NULL;
    hamm_status st = check_params(p, err);
    if (st)
        return st;
    gpu_core *c = calloc(1, sizeof *c);
    if (!c)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory for a core");
    c->p = *p;
    c->warp_limit = p->max_active_warps;
    if (!alloc_state(c)) {
        gpu_core_free(c);
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory for a core");
    }
    if (p->smem.pipeline != GPU_PIPE_DECOUPLED && !pipe_alloc(c)) {
        gpu_core_free(c);
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory for a core");
    }
    if (p->has_l1 && (st = gpu_cache_new(&c->l1, &p->l1, err))) {
        gpu_core_free(c);
        return st;
    }
    *out = c;
    return HAMM_OK;
}

void gpu_core_drop_ctas(gpu_core *c)
{
    for (uint32_t i = 0; c->ctas && i < c->p.max_ctas; i++) {
        if (!c->ctas[i].src)
            continue;
        c->ctas[i].src->close_cta(c->ctas[i].src->self, c->ctas[i].handle);
        c->ctas[i] = (cta_slot){0};
    }
    c->ctas_used = 0;
}

void gpu_core_free(gpu_core *c)
{
    if (!c)
        return;
    gpu_core_drop_ctas(c);
    gpu_cache_free(c->l1);
    free(c->warps);
    free(c->regs);
    free(c->ctas);
    free(c->sched_free);
    free(c->sched_last);
    free(c->sched_asleep_at);
    free(c->sched_wake);
    free(c->unit_free);
    free(c->loads);
    free(c->inflight);
    free(c->inflight_ids);
    free(c->out);
    free(c->icache);
    if (c->p.smem.pipeline != GPU_PIPE_DECOUPLED)
        pipe_free(c);
    free(c);
}

/* What one CTA takes: threads padded to whole warps (as GPGPU-Sim counts them). */
static void cta_needs(const gpu_kernel_info *k, uint32_t *warps, uint32_t *threads,
                      uint64_t *regs)
{
    *warps = gpu_kernel_warps_per_cta(k);
    *threads = *warps * GPU_WARP_SIZE;
    *regs = (uint64_t)k->regs_per_thread * *threads;
}

int gpu_core_cta_fits_at_all(const gpu_core_params *p, const gpu_kernel_info *k)
{
    uint32_t warps, threads;
    uint64_t regs;
    cta_needs(k, &warps, &threads, &regs);
    return threads <= p->max_threads && regs <= p->registers &&
           k->shared_per_cta <= p->shared_bytes;
}

int gpu_core_has_room(const gpu_core *c, const gpu_kernel_info *k)
{
    uint32_t warps, threads;
    uint64_t regs;
    cta_needs(k, &warps, &threads, &regs);
    return c->ctas_used < c->p.max_ctas && c->threads_used + threads <= c->p.max_threads &&
           c->regs_used + regs <= c->p.registers &&
           c->shared_used + (uint64_t)k->shared_per_cta <= c->p.shared_bytes &&
           c->warps_used + warps <= c->nwarps;
}

static void start_warps(gpu_core *c, uint32_t slot, uint32_t warps)
{
    for (uint32_t i = 0, w = 0; i < warps; w++) {
        if (c->warps[w].cta != CORE_NONE)
            continue;
        warp *wp = &c->warps[w];
        uint64_t *regs = wp->reg_ready;
        *wp = (warp){.cta = slot, .index = i++, .age = c->next_age++, .reg_ready = regs};
        for (uint32_t r = 0; r < GPU_MAX_REGS; r++)
            regs[r] = 0;
    }
}

hamm_status gpu_core_launch(gpu_core *c, gpu_kernel_source *src, uint64_t cta, hamm_error *err)
{
    const gpu_kernel_info *k = src->info(src->self);
    uint32_t slot = 0, warps, threads;
    uint64_t regs;
    while (c->ctas[slot].src)
        slot++;
    gpu_cta *h = NULL;
    hamm_status st = src->open_cta(src->self, cta, &h, err);
    if (st)
        return st;
    cta_needs(k, &warps, &threads, &regs);
    c->ctas[slot] = (cta_slot){src, h, warps, warps, 0, threads, (uint32_t)regs,
                               k->shared_per_cta, (uint32_t)cta};
    c->ctas_used++;
    c->threads_used += threads;
    c->regs_used += (uint32_t)regs;
    c->shared_used += k->shared_per_cta;
    c->warps_used += warps;
    start_warps(c, slot, warps);
    if (c->p.smem.pipeline != GPU_PIPE_DECOUPLED)
        pipe_kernel(c, src);
    c->events++;
    return HAMM_OK;
}

/* Every warp of the CTA has ended and has no load outstanding: free its resources. */
static void maybe_finish_cta(gpu_core *c, uint32_t slot)
{
    cta_slot *t = &c->ctas[slot];
    if (t->live)
        return;
    for (uint32_t w = 0; w < c->nwarps; w++)
        if (c->warps[w].cta == slot && c->warps[w].pending_loads)
            return;
    for (uint32_t w = 0; w < c->nwarps; w++)
        if (c->warps[w].cta == slot)
            c->warps[w].cta = CORE_NONE;
    t->src->close_cta(t->src->self, t->handle);
    c->ctas_used--;
    c->threads_used -= t->threads;
    c->regs_used -= t->regs;
    c->shared_used -= t->shared;
    c->warps_used -= t->warps;
    *t = (cta_slot){0};
    c->finished++;
    c->st.ctas_done++;
}

static void release_barrier_if_all(gpu_core *c, uint32_t slot)
{
    cta_slot *t = &c->ctas[slot];
    if (!t->arrived || t->arrived < t->live)
        return;
    for (uint32_t w = 0; w < c->nwarps; w++)
        if (c->warps[w].cta == slot)
            c->warps[w].at_barrier = 0;
    t->arrived = 0;
    c->events++;
}

void core_barrier_arrive(gpu_core *c, uint32_t w)
{
    c->warps[w].at_barrier = 1;
    c->ctas[c->warps[w].cta].arrived++;
    release_barrier_if_all(c, c->warps[w].cta);
}

/* An ended warp no longer holds its CTA's barrier back. */
void core_warp_ended(gpu_core *c, uint32_t w)
{
    uint32_t slot = c->warps[w].cta;
    c->warps[w].ended = 1;
    c->events++;
    c->ctas[slot].live--;
    release_barrier_if_all(c, slot);
    maybe_finish_cta(c, slot);
}

hamm_status gpu_core_cycle(gpu_core *c, uint64_t now, hamm_error *err)
{
    c->now = now;
    lsu_step(c, now);
    lsu_drain_l1(c, now);
    if (!c->ctas_used)
        return HAMM_OK;
    c->st.cycles++;
    int issued = 0;
    if (c->p.smem.pipeline != GPU_PIPE_DECOUPLED) {
        pipe_advance(c, now);
        if (pipe_stalled(c, now)) {
            c->st.idle_cycles++;
            return HAMM_OK;
        }
    }
    for (uint32_t s = 0; s < c->p.schedulers; s++) {
        hamm_status st = sched_issue(c, s, now, &issued, err);
        if (st)
            return st;
    }
    c->st.idle_cycles += !issued;
    return HAMM_OK;
}

/* A load's data is back (or its last access was a hit): the warp may finish. */
void lsu_load_done(gpu_core *c, uint32_t e, uint64_t now, uint32_t n)
{
    load_entry *l = &c->loads[e];
    l->outstanding -= n;
    if (l->outstanding || !l->issued_all)
        return;
    warp *w = &c->warps[l->warp];
    w->reg_ready[l->reg] = l->ready > now ? l->ready : now;
    if (c->p.smem.pipeline != GPU_PIPE_DECOUPLED)
        pipe_writeback(c, w->reg_ready[l->reg], now);
    l->used = 0;
    c->events++;
    w->pending_loads--;
    if (w->ended)
        maybe_finish_cta(c, w->cta);
}

uint32_t gpu_core_take_finished(gpu_core *c)
{
    uint32_t n = c->finished;
    c->finished = 0;
    return n;
}

void gpu_core_invalidate_l1_if_empty(gpu_core *c)
{
    if (c->p.l1_invalidate_when_idle && c->l1 && !c->ctas_used)
        gpu_cache_invalidate(c->l1);
}

int gpu_core_idle(const gpu_core *c)
{
    gpu_mem_req r;
    return !c->ctas_used && !c->inflight_count && !c->out_size && !c->lsu.busy &&
           !(c->l1 && gpu_cache_miss_peek(c->l1, &r));
}

const gpu_core_stats *gpu_core_stats_of(const gpu_core *c)
{
    return &c->st;
}

int gpu_core_pipeline_on(const gpu_core *c)
{
    return c->p.smem.pipeline != GPU_PIPE_DECOUPLED;
}

const gpu_cache_stats *gpu_core_l1_stats(const gpu_core *c)
{
    return c->l1 ? gpu_cache_stats_of(c->l1) : NULL;
}

void gpu_core_set_warp_limit(gpu_core *c, uint32_t warps)
{
    c->warp_limit = warps;
    c->events++; /* a sleeping scheduler may now find a warp */
}
