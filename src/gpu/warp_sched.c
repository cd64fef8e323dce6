/* warp_sched.c - the warp schedulers of a core: which warp issues (loose round-robin or
 * greedy-then-oldest, among the oldest max_active_warps), whether it can (scoreboard,
 * barrier, a free load/store unit, a free execution unit it reaches), and what issuing
 * does. */
#include "core_internal.h"

/* Fetch the warp's next instruction from its kernel source when it has none; a stream
 * that ends (or an EXIT) ends the warp. */
static hamm_status fetch(gpu_core *c, uint32_t w, hamm_error *err)
{
    warp *wp = &c->warps[w];
    if (wp->has_inst || wp->ended)
        return HAMM_OK;
    cta_slot *t = &c->ctas[wp->cta];
    int has = 0;
    hamm_status st = t->src->next(t->src->self, t->handle, wp->index, &wp->inst, &has, err);
    if (st)
        return st;
    if (!has || wp->inst.op == GPU_OP_EXIT)
        core_warp_ended(c, w);
    else
        wp->has_inst = 1;
    return HAMM_OK;
}

/* Whether the registers the instruction names are ready; if not, *wake is lowered to the
 * cycle a result in the pipeline will be (a load's is an event instead). */
static int regs_ready(const warp *wp, uint64_t now, uint64_t *wake)
{
    const gpu_inst *in = &wp->inst;
    uint64_t latest = 0;
    if (in->dst != GPU_NO_REG) /* a load still to write it: write after write */
        latest = wp->reg_ready[in->dst];
    for (int i = 0; i < GPU_MAX_SRC; i++)
        if (in->src[i] != GPU_NO_REG && wp->reg_ready[in->src[i]] > latest)
            latest = wp->reg_ready[in->src[i]];
    if (latest <= now)
        return 1;
    if (latest != NOT_READY && latest < *wake)
        *wake = latest;
    return 0;
}

static int is_memory(gpu_op op)
{
    return op == GPU_OP_LOAD || op == GPU_OP_STORE || op == GPU_OP_SHARED_LOAD ||
           op == GPU_OP_SHARED_STORE;
}

/* Among the oldest max_active_warps live warps (warp throttling), when limited.  A warp
 * waiting at a barrier holds no place: else the younger warps of its CTA, throttled,
 * could never arrive (a deadlock). */
static int within_active_limit(const gpu_core *c, uint32_t w)
{
    if (!c->warp_limit)
        return 1;
    uint32_t older = 0;
    for (uint32_t v = 0; v < c->nwarps; v++)
        older += c->warps[v].cta != CORE_NONE && !c->warps[v].ended &&
                 !c->warps[v].at_barrier && c->warps[v].age < c->warps[w].age;
    return older < c->warp_limit;
}

/* Without the pipeline model a memory warp waits for a free LSU; with it, it may issue
 * and wait in the pipeline (pipe.c). */
static int memory_ready(gpu_core *c, uint64_t now, uint64_t *wake)
{
    return c->p.smem.pipeline == GPU_PIPE_DECOUPLED ? lsu_accepts(c)
                                                    : pipe_mem_eligible(c, now, wake);
}

/* Whether scheduler s can issue warp w now (its next instruction fetched). */
static hamm_status eligible(gpu_core *c, uint32_t s, uint32_t w, uint64_t now, int *ok,
                            uint64_t *wake, hamm_error *err)
{
    *ok = 0;
    warp *wp = &c->warps[w];
    if (wp->cta == CORE_NONE || wp->ended || wp->at_barrier || wp->mem_wait)
        return HAMM_OK;
    hamm_status st = fetch(c, w, err);
    if (st || !wp->has_inst)
        return st;
    *ok = (!c->icache || icache_ready(c, wp->inst.pc, now, wake)) && regs_ready(wp, now, wake) &&
          (!is_memory(wp->inst.op) || memory_ready(c, now, wake)) &&
          unit_ready(c, s, wp->inst.op, now, wake) && within_active_limit(c, w);
    return HAMM_OK;
}

static void issue(gpu_core *c, uint32_t s, uint32_t w, uint64_t now)
{
    warp *wp = &c->warps[w];
    gpu_op op = wp->inst.op;
    wp->has_inst = 0;
    c->st.warp_insts[op]++;
    c->st.thread_insts += (uint64_t)__builtin_popcount(wp->inst.active);
    c->sched_free[s] = now + unit_take(c, s, op, now);
    c->sched_last[s] = w;
    switch (op) {
    case GPU_OP_ALU:
    case GPU_OP_SFU:
        if (wp->inst.dst != GPU_NO_REG) {
            wp->reg_ready[wp->inst.dst] = now + c->p.latency[op];
            if (c->p.smem.pipeline != GPU_PIPE_DECOUPLED)
                pipe_writeback(c, now + c->p.latency[op], now);
        }
        break;
    case GPU_OP_LOAD:
    case GPU_OP_STORE:
    case GPU_OP_SHARED_LOAD:
    case GPU_OP_SHARED_STORE:
        if (c->p.smem.pipeline != GPU_PIPE_DECOUPLED)
            pipe_mem_issue(c, w, now);
        else
            lsu_start(c, w, now);
        break;
    case GPU_OP_BARRIER:
        core_barrier_arrive(c, w);
        break;
    case GPU_OP_EXIT:
        break; /* fetch ends the warp instead */
    }
}

/* The warp to issue, CORE_NONE for none: greedy keeps the last while it can go, then
 * the oldest; round-robin takes the first that can go after the last. */
static hamm_status pick(gpu_core *c, uint32_t s, uint64_t now, uint32_t *out, uint64_t *wake,
                        hamm_error *err)
{
    uint32_t n = c->nwarps, S = c->p.schedulers, last = c->sched_last[s], best = CORE_NONE;
    int ok;
    hamm_status st;
    if (c->p.policy == GPU_SCHED_GTO && last != CORE_NONE) {
        if ((st = eligible(c, s, last, now, &ok, wake, err)) || ok) {
            *out = ok ? last : CORE_NONE;
            return st;
        }
    }
    /* Scheduler s owns warp slots s, s + S, s + 2S, ...: K of them. */
    uint32_t K = n > s ? (n - s + S - 1) / S : 0;
    uint32_t k0 = last == CORE_NONE ? 0 : (last - s) / S + 1;
    for (uint32_t i = 0; i < K; i++) {
        uint32_t w = s + ((k0 + i) % K) * S;
        if ((st = eligible(c, s, w, now, &ok, wake, err)))
            return st;
        if (!ok)
            continue;
        if (c->p.policy == GPU_SCHED_LRR) {
            *out = w;
            return HAMM_OK;
        }
        if (best == CORE_NONE || c->warps[w].age < c->warps[best].age)
            best = w;
    }
    *out = best;
    return HAMM_OK;
}

hamm_status sched_issue(gpu_core *c, uint32_t s, uint64_t now, int *issued, hamm_error *err)
{
    if (now < c->sched_free[s] ||
        (c->sched_asleep_at[s] == c->events && now < c->sched_wake[s]))
        return HAMM_OK;
    uint32_t w = CORE_NONE;
    uint64_t wake = UINT64_MAX, events = c->events;
    hamm_status st = pick(c, s, now, &w, &wake, err);
    if (st)
        return st;
    if (w == CORE_NONE) {
        /* asleep only if the scan itself changed nothing (a warp ending in a fetch) */
        c->sched_asleep_at[s] = events == c->events ? events : UINT64_MAX;
        c->sched_wake[s] = wake;
        return HAMM_OK;
    }
    c->sched_asleep_at[s] = UINT64_MAX;
    issue(c, s, w, now);
    *issued = 1;
    return HAMM_OK;
}
