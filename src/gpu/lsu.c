/* lsu.c - a core's load/store unit.  It works through one memory instruction at a time,
 * one access per cycle: a global one's coalesced transactions through the L1 (one line
 * access each; a banked L1 takes them in its passes, l1bank.h) or, without an L1,
 * straight out as requests (one per segment, or one per sector under the sector rule),
 * merged with a request already in flight to the same block; a shared one in as many
 * cycles as its bank-conflict degree.  Replies write the load's register once all its
 * accesses are back. */
#include <string.h>

#include "core_internal.h"
#include "streak.h"

static uint32_t free_load_entry(const gpu_core *c)
{
    for (uint32_t e = 0; e < c->nloads; e++)
        if (!c->loads[e].used)
            return e;
    return CORE_NONE;
}

int lsu_accepts(const gpu_core *c)
{
    return !c->lsu.busy && free_load_entry(c) != CORE_NONE;
}

int out_push(gpu_core *c, gpu_packet p)
{
    if (c->out_size == c->out_cap || c->inflight_count == c->p.max_inflight)
        return 0;
    c->out[(c->out_head + c->out_size++) % c->out_cap] = p;
    c->inflight_count++;
    c->st.requests++;
    return 1;
}

/* Shared memory: the most distinct 4-byte words any one bank must deliver. */
static uint32_t conflict_degree(const gpu_core *c, const gpu_inst *in)
{
    uint64_t words[GPU_WARP_SIZE];
    uint32_t n = 0, degree = 1;
    for (uint32_t i = 0; i < GPU_WARP_SIZE; i++) {
        if (!(in->active >> i & 1))
            continue;
        uint64_t word = in->addr[i] / 4;
        uint32_t same_bank = 1, dup = 0;
        for (uint32_t j = 0; j < n && !dup; j++) {
            dup = words[j] == word;
            same_bank += words[j] % c->p.shared_banks == word % c->p.shared_banks;
        }
        if (dup)
            continue; /* a broadcast: the bank delivers the word once */
        words[n++] = word;
        degree = same_bank > degree ? same_bank : degree;
    }
    return degree;
}

static void start_shared(gpu_core *c, warp *wp, uint64_t now)
{
    uint32_t d = c->p.smem.custom ? smem_degree(c, &wp->inst) : conflict_degree(c, &wp->inst);
    c->lsu.free_at = now + d;
    c->st.shared_conflict_cycles += d - 1;
    if (wp->inst.op == GPU_OP_SHARED_LOAD && wp->inst.dst != GPU_NO_REG)
        wp->reg_ready[wp->inst.dst] = now + d + c->p.latency[GPU_OP_SHARED_LOAD];
    if (c->p.smem.pipeline != GPU_PIPE_DECOUPLED)
        pipe_shared_started(c, wp, d, now);
}

static uint32_t requests_left(const gpu_core *c, const gpu_transaction *t)
{
    return c->l1 ? 1 : gpu_transaction_requests(c->p.coalesce, t);
}

static int l1_banked(const gpu_core *c)
{
    return c->l1 && c->p.l1_banks.banks > 1;
}

/* A banked L1: each transaction's pass, the access' degree counted (l1bank.h). */
static void plan_banks(gpu_core *c)
{
    gpu_l1bank_plan plan;
    gpu_l1bank_plan_of(&c->p.l1_banks, c->lsu.tr, c->lsu.ntr, &plan);
    memcpy(c->lsu.pass, plan.pass, c->lsu.ntr);
    c->st.l1_bank_accesses++;
    c->st.l1_bank_passes += plan.degree;
    c->st.l1_bank_conflict_cycles += gpu_l1bank_conflict_cycles(&c->p.l1_banks, &plan);
}

int lsu_start(gpu_core *c, uint32_t w, uint64_t now)
{
    warp *wp = &c->warps[w];
    lsu_state *u = &c->lsu;
    *u = (lsu_state){.busy = 1, .warp = w, .load = CORE_NONE, .op = wp->inst.op,
                     .cta = c->ctas[wp->cta].id};
    if (u->op == GPU_OP_SHARED_LOAD || u->op == GPU_OP_SHARED_STORE) {
        start_shared(c, wp, now);
        return 1;
    }
    u->ntr = (uint32_t)gpu_coalesce(c->p.coalesce, wp->inst.addr, wp->inst.width,
                                    wp->inst.active, u->tr);
    u->sectors_left = u->ntr ? requests_left(c, &u->tr[0]) : 0;
    u->banked = (uint8_t)l1_banked(c);
    if (u->banked)
        plan_banks(c);
    if (u->op == GPU_OP_LOAD) {
        u->load = free_load_entry(c); /* lsu_accepts made sure there is one */
        c->loads[u->load] = (load_entry){.warp = w, .reg = wp->inst.dst, .used = 1,
                                         .ready = now};
        wp->pending_loads++;
        wp->reg_ready[wp->inst.dst] = NOT_READY;
        if (c->p.gran.adaptive) {
            u->gran = hyper_granularity(c, wp);
            hyper_count(c, u->gran);
        }
    }
    return 1;
}

/* The request for access k of the current transaction (no L1). */
static gpu_packet request_of(const gpu_core *c, const gpu_transaction *t, uint32_t k, int write,
                             uint64_t now)
{
    gpu_packet p = {.addr = t->addr, .bytes = t->size, .sectors = t->sectors,
                    .core = (uint16_t)c->p.id, .write = (uint8_t)write, .born = now,
                    .cta = c->lsu.cta};
    if (c->p.coalesce == GPU_COALESCE_SECTORS) {
        uint32_t m = t->sectors;
        for (uint32_t i = 0; i < k; i++)
            m &= m - 1;
        uint32_t s = (uint32_t)__builtin_ctz(m);
        p.addr = t->addr + (uint64_t)s * GPU_SECTOR_BYTES;
        p.bytes = GPU_SECTOR_BYTES;
        p.sectors = 1u << s;
    }
    return p;
}

/* One request without an L1; 0 when it must wait (no room, or no merge room). */
static int send_direct(gpu_core *c, uint64_t now)
{
    lsu_state *u = &c->lsu;
    const gpu_transaction *t = &u->tr[u->next];
    uint32_t k = requests_left(c, t) - u->sectors_left;
    int write = u->op == GPU_OP_STORE;
    gpu_packet p = request_of(c, t, k, write, now);
    if (write)
        return out_push(c, p);
    if (c->p.gran.adaptive)
        return hyper_send(c, p);
    uint32_t e = inflight_find(c, p.addr, 0);
    if (e != CORE_NONE) {
        if (!inflight_merge(c, e, u->load))
            return 0;
        c->st.merged++;
    } else if (!out_push(c, p)) {
        return 0;
    } else {
        inflight_add(c, p.addr, p.bytes, 0, u->load); /* never full: entries = max_inflight */
    }
    c->loads[u->load].outstanding++;
    return 1;
}

/* One line access through the L1; 0 when it failed for want of a resource. */
static int send_l1(gpu_core *c, uint64_t now)
{
    lsu_state *u = &c->lsu;
    const gpu_transaction *t = &u->tr[u->next];
    int write = u->op == GPU_OP_STORE;
    /* a store passed on carries only its own sectors (gpu_cache_write) */
    gpu_cache_outcome o =
        write ? gpu_cache_write(c->l1, t->addr, t->sectors)
              : gpu_cache_access(c->l1, t->addr, gpu_cache_sectors_of(c->l1, t->addr, t->sectors),
                                 0, u->load);
    if (o == GPU_CACHE_FAIL)
        return 0;
    if (!write) {
        load_entry *l = &c->loads[u->load];
        l->outstanding += gpu_cache_last_waits(c->l1);
        if (o == GPU_CACHE_HIT && now + c->p.l1_latency > l->ready)
            l->ready = now + c->p.l1_latency;
    }
    return 1;
}

/* A banked L1: this pass' transactions, in order (one whose pass has come waits behind
 * an earlier one of a later pass, so the last still goes in pass degree - 1); the pass
 * ends when all are in (a failed one is retried next cycle, holding the pass, as the
 * unbanked L1 holds its access). */
static void send_banked(gpu_core *c, uint64_t now)
{
    lsu_state *u = &c->lsu;
    while (u->next < u->ntr && u->pass[u->next] <= u->pass_now) {
        if (!send_l1(c, now))
            return;
        u->next++;
    }
    u->pass_now++;
}

static void finish(gpu_core *c, uint64_t now)
{
    lsu_state *u = &c->lsu;
    u->busy = 0;
    c->events++;
    if (u->load == CORE_NONE)
        return;
    c->loads[u->load].issued_all = 1;
    lsu_load_done(c, u->load, now, 0);
}

void lsu_step(gpu_core *c, uint64_t now)
{
    lsu_state *u = &c->lsu;
    if (!u->busy)
        return;
    if (u->op == GPU_OP_SHARED_LOAD || u->op == GPU_OP_SHARED_STORE) {
        u->busy = now < u->free_at;
        c->events += !u->busy;
        return;
    }
    if (u->next < u->ntr) {
        if (u->banked)
            send_banked(c, now);
        else if (!(c->l1 ? send_l1(c, now) : send_direct(c, now)))
            return;
        else if (--u->sectors_left == 0 && ++u->next < u->ntr)
            u->sectors_left = requests_left(c, &u->tr[u->next]);
    }
    if (u->next == u->ntr)
        finish(c, now);
}

/* Move the L1's requests for the level below into the out queue while there is room. */
void lsu_drain_l1(gpu_core *c, uint64_t now)
{
    gpu_mem_req r;
    while (c->l1 && gpu_cache_miss_peek(c->l1, &r)) {
        gpu_packet p = {.addr = r.addr, .bytes = r.bytes, .sectors = r.chunks,
                        .core = (uint16_t)c->p.id, .write = r.write, .born = now,
                        .cta = GPU_CTA_NONE};
        if (!out_push(c, p))
            return;
        gpu_cache_miss_pop(c->l1);
    }
}

int gpu_core_out_peek(const gpu_core *c, gpu_packet *out)
{
    const gpu_packet *h = &c->out[c->out_head];
    if (!c->out_size || (c->l1 && !h->inst && c->now < h->born + c->p.l1_miss_latency))
        return 0;
    *out = c->out[c->out_head];
    return 1;
}

void gpu_core_out_pop(gpu_core *c)
{
    if (!c->out_size)
        return;
    c->out_head = (c->out_head + 1) % c->out_cap;
    c->out_size--;
}

int gpu_core_l1_banked(const gpu_core *c)
{
    return l1_banked(c);
}

void gpu_core_l1_shape(gpu_core *c, uint32_t ways, gpu_alloc_policy alloc)
{
    if (!c->l1)
        return;
    gpu_cache_set_ways(c->l1, ways);
    gpu_cache_set_alloc(c->l1, alloc);
}

void gpu_core_reply(gpu_core *c, const gpu_packet *p, uint64_t now)
{
    c->inflight_count--;
    if (p->write)
        return; /* an acknowledgement: no warp waits for it */
    if (p->inst) {
        icache_fill(c, p->addr);
        return;
    }
    c->st.loads_returned++;
    c->st.load_latency_sum += now - p->born;
    uint32_t ids[64];
    if (c->l1) {
        uint32_t n = gpu_cache_fill(c->l1, p->addr, ids, 64);
        for (uint32_t i = 0; i < n && i < 64; i++)
            lsu_load_done(c, ids[i], now, 1);
        return;
    }
    uint32_t e = c->p.gran.adaptive ? hyper_reply_entry(c, p) : inflight_find(c, p->addr, 0);
    if (e == CORE_NONE)
        return;
    const uint32_t *loads;
    uint32_t n = inflight_release(c, e, &loads);
    for (uint32_t i = 0; i < n; i++)
        lsu_load_done(c, loads[i], now, 1);
}
