/* pipe.c - the shared-memory pipeline of Gou's thesis, chapter 5, as hamm models it
 * (docs/SMEM.md).  Off (GPU_PIPE_DECOUPLED) none of this runs.
 *
 * In-order (the thesis' baseline): a shared access of degree d whose passes outlast its
 * own issue slots (d > issue cycles) holds the memory stage, and with it the whole
 * in-order pipeline: no scheduler of the core issues from its last issue slot to its
 * last pass.  A memory instruction issued while the LSU is busy holds the issue stage
 * until the LSU takes it.  Elastic: non-memory instructions bypass a held memory stage;
 * memory instructions wait in the PREMEM queue (premem_queue entries) and only a full
 * queue holds the issue stage.  Both: one writeback port per scheduler; a result whose
 * cycle's port is taken is a writeback conflict, which stalls the issue for that cycle
 * (in-order) or waits in the NONMEM queue for a free port in the next nonmem_queue
 * cycles (elastic: a stall only when there is none).  Conflict-aware scheduling masks
 * memory warps for the degree the conflict history cache predicts after a shared one. */
#include <stdlib.h>

#include "common/alloc.h"
#include "core_internal.h"

uint64_t pipe_bytes(const gpu_core_params *p)
{
    const pipe_state *q = NULL; /* for the sizes of its arrays' elements */
    if (p->smem.pipeline == GPU_PIPE_DECOUPLED)
        return 0;
    return ((uint64_t)p->smem.premem_queue + 1) * sizeof *q->premem +
           WB_RING * (sizeof *q->wb_stamp + sizeof *q->wb_used + sizeof *q->wb_stall) +
           (uint64_t)p->smem.chc_sets * p->smem.chc_ways * sizeof *q->chc.lines;
}

int pipe_alloc(gpu_core *c)
{
    pipe_state *q = &c->pipe;
    q->blocked = CORE_NONE;
    q->premem = hamm_calloc_array(c->p.smem.premem_queue + 1, sizeof *q->premem);
    q->wb_stamp = hamm_calloc_array(WB_RING, sizeof *q->wb_stamp);
    q->wb_used = hamm_calloc_array(WB_RING, sizeof *q->wb_used);
    q->wb_stall = hamm_calloc_array(WB_RING, sizeof *q->wb_stall);
    if (!q->premem || !q->wb_stamp || !q->wb_used || !q->wb_stall)
        return 0;
    for (uint32_t i = 0; i < WB_RING; i++)
        q->wb_stamp[i] = UINT64_MAX;
    return gpu_chc_init(&q->chc, c->p.smem.chc_sets, c->p.smem.chc_ways);
}

void pipe_free(gpu_core *c)
{
    free(c->pipe.premem);
    free(c->pipe.wb_stamp);
    free(c->pipe.wb_used);
    free(c->pipe.wb_stall);
    gpu_chc_free(&c->pipe.chc);
}

/* The thesis clears the history when a kernel is launched. */
void pipe_kernel(gpu_core *c, const gpu_kernel_source *src)
{
    if (c->pipe.kernel == src)
        return;
    c->pipe.kernel = src;
    gpu_chc_clear(&c->pipe.chc);
}

static int lsu_shared_busy(const gpu_core *c)
{
    return c->lsu.busy && (c->lsu.op == GPU_OP_SHARED_LOAD || c->lsu.op == GPU_OP_SHARED_STORE);
}

/* A memory warp may issue when the LSU is free, as without the model; and, to unaware
 * schedulers, while a shared access's passes hold it (the variable latency the issue
 * stage cannot see: it then waits in the pipeline).  A global access holding the LSU is
 * seen, as hamm's schedulers always see it.  Conflict-aware schedulers mask memory
 * warps while a shared access's predicted passes last. */
int pipe_mem_eligible(gpu_core *c, uint64_t now, uint64_t *wake)
{
    if (c->pipe.blocked != CORE_NONE)
        return 0; /* another scheduler's memory instruction holds the stage this cycle */
    if (c->p.smem.conflict_aware && now < c->pipe.mem_mask_until) {
        if (c->pipe.mem_mask_until < *wake)
            *wake = c->pipe.mem_mask_until;
        return 0;
    }
    return lsu_accepts(c) || lsu_shared_busy(c) || c->pipe.premem_size;
}

static uint32_t premem_capacity(const gpu_core *c)
{
    return c->p.smem.pipeline == GPU_PIPE_ELASTIC ? c->p.smem.premem_queue : 0;
}

static void premem_push(gpu_core *c, uint32_t w)
{
    pipe_state *q = &c->pipe;
    uint32_t cap = c->p.smem.premem_queue + 1;
    q->premem[(q->premem_head + q->premem_size++) % cap] = w;
}

static uint32_t premem_pop(gpu_core *c)
{
    pipe_state *q = &c->pipe;
    uint32_t w = q->premem[q->premem_head];
    q->premem_head = (q->premem_head + 1) % (c->p.smem.premem_queue + 1);
    q->premem_size--;
    return w;
}

/* Issue a memory instruction: into the LSU when it is free and nobody waits before it,
 * else into the PREMEM queue, else it holds the issue stage. */
void pipe_mem_issue(gpu_core *c, uint32_t w, uint64_t now)
{
    warp *wp = &c->warps[w];
    pipe_state *q = &c->pipe;
    if (wp->inst.op == GPU_OP_SHARED_LOAD || wp->inst.op == GPU_OP_SHARED_STORE) {
        int hit;
        wp->predicted = gpu_chc_lookup(&q->chc, wp->inst.pc, &hit);
        c->st.chc_hits += (uint64_t)hit;
        c->st.chc_misses += (uint64_t)!hit;
        uint64_t until = now + wp->predicted; /* safe_mem_dist: one shared port */
        if (c->p.smem.conflict_aware && until > q->mem_mask_until)
            q->mem_mask_until = until;
    }
    if (lsu_accepts(c) && !q->premem_size) {
        lsu_start(c, w, now);
        return;
    }
    wp->mem_wait = 1;
    if (q->premem_size < premem_capacity(c))
        premem_push(c, w);
    else
        q->blocked = w;
}

/* The shared access of warp wp starts its d passes now. */
void pipe_shared_started(gpu_core *c, const warp *wp, uint32_t d, uint64_t now)
{
    pipe_state *q = &c->pipe;
    uint32_t own = c->p.issue_cycles[wp->inst.op];
    c->st.chc_underpredictions += wp->predicted < d;
    gpu_chc_update(&q->chc, wp->inst.pc, d);
    if (c->p.smem.pipeline == GPU_PIPE_IN_ORDER && d > own) {
        q->freeze_from = now + own;
        q->freeze_until = now + d;
    }
    if (wp->inst.op == GPU_OP_SHARED_LOAD && wp->inst.dst != GPU_NO_REG)
        pipe_writeback(c, now + d + c->p.latency[GPU_OP_SHARED_LOAD], now);
}

/* Take a writeback port in cycle t (0: all taken). */
static int take_port(gpu_core *c, uint64_t t)
{
    pipe_state *q = &c->pipe;
    uint32_t i = (uint32_t)(t % WB_RING);
    if (q->wb_stamp[i] != t) {
        q->wb_stamp[i] = t;
        q->wb_used[i] = 0;
        q->wb_stall[i] = 0;
    }
    if (q->wb_used[i] >= c->p.schedulers)
        return 0;
    q->wb_used[i]++;
    return 1;
}

/* A result written back at cycle `at` (>= now). */
void pipe_writeback(gpu_core *c, uint64_t at, uint64_t now)
{
    if (at - now >= WB_RING - c->p.smem.nonmem_queue - 1)
        return; /* beyond the look-ahead: not checked */
    if (take_port(c, at))
        return;
    c->st.writeback_conflicts++;
    if (c->p.smem.pipeline == GPU_PIPE_ELASTIC)
        for (uint32_t k = 1; k <= c->p.smem.nonmem_queue; k++)
            if (take_port(c, at + k))
                return; /* it waited k cycles in the NONMEM queue */
    /* A result due this cycle is seen after the issue: it stalls the next one. */
    uint64_t t = at > now ? at : now + 1;
    take_port(c, t); /* sets the slot up for t if it was another cycle's */
    c->pipe.wb_stall[t % WB_RING] = 1;
}

/* Waiting memory instructions move on when the LSU frees. */
void pipe_advance(gpu_core *c, uint64_t now)
{
    pipe_state *q = &c->pipe;
    if (q->premem_size && lsu_accepts(c)) {
        uint32_t w = premem_pop(c);
        c->warps[w].mem_wait = 0;
        lsu_start(c, w, now);
        c->events++;
    }
    if (q->blocked == CORE_NONE)
        return;
    uint32_t w = q->blocked;
    if (!q->premem_size && lsu_accepts(c)) {
        c->warps[w].mem_wait = 0;
        lsu_start(c, w, now);
    } else if (q->premem_size < premem_capacity(c)) {
        premem_push(c, w);
    } else {
        return;
    }
    q->blocked = CORE_NONE;
    c->events++;
}

/* Whether the issue stage is stalled this cycle; the stall counted. */
int pipe_stalled(gpu_core *c, uint64_t now)
{
    pipe_state *q = &c->pipe;
    uint32_t i = (uint32_t)(now % WB_RING);
    int wb = q->wb_stamp[i] == now && q->wb_stall[i];
    int conflict = now >= q->freeze_from && now < q->freeze_until;
    int held = q->blocked != CORE_NONE;
    if (!wb && !conflict && !held)
        return 0;
    int shared_busy = lsu_shared_busy(c);
    c->st.pipeline_stall_cycles++;
    c->st.shared_stall_cycles += conflict || (held && shared_busy);
    c->st.writeback_stall_cycles += wb;
    return 1;
}
