/* mwp_inlet.c - a round's requests through the crossbar's inlets (mwp_inlet.h).
 *
 * Each warp sends its requests in its own order, and starts its next memory period when
 * the replies of its loads are back.  An SM's load/store unit sends, of the requests its
 * warps may send, the oldest in LRR order (the warps' n-th memory instructions one after
 * another), and sends nothing while that one is a load waiting for a full request in
 * flight (the merge limit).  The inlets grant as the GPU engine's crossbar does
 * (src/gpu/icnt.c): each partition round-robin over the SMs whose next request wants it,
 * a packet holding both ports for its flits, the partitions taking turns to choose first.
 * A partition serves its requests in the order they entered, each for its service time,
 * and a reply is back a round trip after its request entered at the earliest. */
#include <stdlib.h>

#include "mwp_inlet.h"

static uint64_t clamp(uint64_t v, unsigned bits)
{
    uint64_t most = ((uint64_t)1 << bits) - 1;
    return v < most ? v : most;
}

uint64_t mwp_inlet_key(uint64_t period, uint32_t sm, uint32_t inst, uint32_t slot,
                       uint32_t transaction)
{
    return clamp(sm, 8) << 56 | clamp(slot, 12) << 44 | clamp(period, 20) << 24 |
           clamp(inst, 16) << 8 | clamp(transaction, 8);
}

static uint64_t sm_of(uint64_t key) { return key >> 56; }
static uint64_t warp_of(uint64_t key) { return key >> 44; }
static uint64_t period_of(uint64_t key) { return key >> 24 & 0xfffff; }

static uint64_t inst_of(uint64_t key) { return key >> 8 & 0xffff; }
static int starts_instruction(uint64_t key) { return (key & 0xff) == 0; }
static uint64_t slot_of(uint64_t key) { return key >> 44 & 0xfff; }

int mwp_inlet_add(mwp_inlet *s, mwp_inlet_req r, uint64_t addr)
{
    if (s->partitions < 2 || s->chunk == 0 || s->n == MWP_INLET_MAX)
        return 0; /* requests beyond the table are left out */
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 1024;
        mwp_inlet_req *q = realloc(s->req, cap * sizeof *q);
        if (!q)
            return -1;
        s->req = q;
        s->cap = cap;
    }
    r.id = (uint32_t)s->n;
    r.partition = (uint16_t)((addr / s->chunk) % s->partitions);
    r.flits = r.flits ? r.flits : 1;
    s->req[s->n++] = r;
    return 0;
}

static int by_key(const void *a, const void *b)
{
    uint64_t x = ((const mwp_inlet_req *)a)->key, y = ((const mwp_inlet_req *)b)->key;
    return (x > y) - (x < y);
}

#define NONE ((size_t)-1)
#define NOT_SENT UINT64_MAX /* a request's reply time before it is sent */

/* A warp's requests left, [head, end) of the round's table: when its head may go (the
 * loads of its earlier periods are back) and when the replies of its loads sent so far
 * are all back. */
typedef struct warp_q {
    size_t head, end;
    uint64_t release, loads_back;
    uint32_t cta;      /* its CTA's first warp */
    uint32_t barriers; /* the barriers it has passed */
} warp_q;

/* An SM: its warps [w0, w1), the warp whose head it sends next (NONE: none may go; valid
 * until `recheck` or its next send), and when its port has sent its last packet. */
typedef struct sm_q {
    size_t w0, w1, next;
    uint64_t recheck, port_free;
    uint64_t issue_at; /* when it may issue its next memory instruction */
} sm_q;

/* A schedule of the round's table: its warps and SMs, each inlet's busy time and last
 * SM granted, when each partition's last reply is back (in MWP_INLET_TICKS), where
 * each id went when sorted and each request's reply time; pooled: any inlet takes any
 * request. */
typedef struct sched {
    const mwp_inlet_req *req;
    size_t n, nw, nsm;
    warp_q *w;
    sm_q *sm;
    uint64_t *in_free, *outlet_back, *back;
    uint32_t *last, *pos;
    uint32_t parts, round_trip, issue_interval, warps_per_cta;
    int pooled;
    const mwp_inlet *owner; /* its on_send */
} sched;

/* When the reply request r waits for is back: 0 when it waits for none, or for one not
 * sent yet (the table's order puts it after the loads that filled it). */
static uint64_t released(const sched *q, const mwp_inlet_req *r)
{
    if (r->wait_for == MWP_INLET_NONE || r->wait_for >= q->n)
        return 0;
    uint64_t b = q->back[q->pos[r->wait_for]];
    return b == NOT_SENT ? 0 : b;
}

/* Warp i's head follows a barrier it has not passed: it passes when every warp of its
 * CTA has sent what it sends before the barrier, once their loads are back.  Returns 0
 * while some warp has not reached the barrier. */
static int pass_barrier(sched *q, const sm_q *s, size_t i)
{
    warp_q *w = &q->w[i];
    uint32_t b = q->req[w->head].barriers;
    uint64_t back = w->release;
    for (size_t j = w->cta; j < s->w1 && q->w[j].cta == w->cta; j++) {
        const warp_q *o = &q->w[j];
        if (o->head < o->end && q->req[o->head].barriers < b)
            return 0;
        back = o->loads_back > back ? o->loads_back : back;
    }
    w->release = back;
    w->barriers = b;
    return 1;
}

/* The warp SM s sends from next at cycle t, and when that may change. */
static void choose(sched *q, sm_q *s, uint64_t t)
{
    size_t best = NONE;
    uint64_t issued = UINT64_MAX, slot = UINT64_MAX, recheck = UINT64_MAX;
    for (size_t i = s->w0; i < s->w1; i++) {
        warp_q *w = &q->w[i];
        if (w->head == w->end ||
            (q->req[w->head].barriers > w->barriers && !pass_barrier(q, s, i)))
            continue;
        if (w->release > t) {
            recheck = w->release < recheck ? w->release : recheck;
            continue;
        }
        /* LRR: a warp issues its period's memory instructions an issue apart from its
         * release; warps issuing at once take turns by slot */
        uint64_t key = q->req[w->head].key;
        uint64_t at = w->release + inst_of(key) * q->issue_interval;
        if (at < issued || (at == issued && slot_of(key) < slot))
            issued = at, slot = slot_of(key), best = i;
    }
    const mwp_inlet_req *r = best == NONE ? NULL : &q->req[q->w[best].head];
    uint64_t held = r ? released(q, r) : 0;
    if (r && starts_instruction(r->key) && s->issue_at > held)
        held = s->issue_at; /* a new instruction waits for the SM's issue */
    if (held > t) { /* the unit waits for the full request's reply, or the issue */
        best = NONE;
        recheck = held < recheck ? held : recheck;
    }
    s->next = best;
    s->recheck = recheck;
}

/* SM s sends its next request through inlet o at cycle t. */
static void send(sched *q, sm_q *s, uint32_t o, uint64_t t)
{
    warp_q *w = &q->w[s->next];
    size_t h = w->head++;
    const mwp_inlet_req *r = &q->req[h];
    uint64_t back = (t + r->flits + q->round_trip) * MWP_INLET_TICKS;
    uint64_t *out = &q->outlet_back[r->partition];
    back = back > *out + r->service ? back : *out + r->service;
    *out = back;
    back = q->back[h] = (back + MWP_INLET_TICKS - 1) / MWP_INLET_TICKS;
    if (r->load && back > w->loads_back)
        w->loads_back = back;
    if (w->head < w->end && period_of(q->req[w->head].key) != period_of(r->key) &&
        w->loads_back > w->release)
        w->release = w->loads_back;
    if (!q->pooled && q->owner->on_send)
        q->owner->on_send(q->owner->ctx, r, t);
    s->port_free = q->in_free[o] = t + r->flits;
    if (starts_instruction(r->key))
        s->issue_at = t + q->issue_interval;
    s->recheck = 0; /* choose again */
}

/* Inlet o grants the next SM after its last grant whose next request wants it and whose
 * port is free; returns 1 when it granted one. */
static int grant(sched *q, uint32_t o, uint64_t t)
{
    for (size_t k = 1; k <= q->nsm; k++) {
        size_t i = (q->last[o] + k) % q->nsm;
        sm_q *s = &q->sm[i];
        if (s->port_free > t)
            continue;
        if (t >= s->recheck)
            choose(q, s, t);
        if (s->next == NONE ||
            (!q->pooled && q->req[q->w[s->next].head].partition != o))
            continue;
        send(q, s, o, t);
        q->last[o] = (uint32_t)i;
        return 1;
    }
    return 0;
}

/* When nothing is on the crossbar at t and no SM may send: the first cycle one may; 0
 * otherwise. */
static uint64_t next_release(sched *q, uint64_t t)
{
    for (uint32_t o = 0; o < q->parts; o++)
        if (q->in_free[o] > t)
            return 0;
    uint64_t next = UINT64_MAX;
    for (size_t i = 0; i < q->nsm; i++) {
        sm_q *s = &q->sm[i];
        if (s->port_free > t)
            return 0;
        if (t >= s->recheck)
            choose(q, s, t);
        if (s->next != NONE)
            return 0;
        next = s->recheck < next ? s->recheck : next;
    }
    return next == UINT64_MAX ? 0 : next;
}

/* Every warp's and SM's queue from the sorted table, idle. */
static void reset(sched *q)
{
    size_t nw = 0, nsm = 0;
    for (size_t a = 0, b; a < q->n; a = b) {
        for (b = a; b < q->n && warp_of(q->req[b].key) == warp_of(q->req[a].key); b++)
            ;
        if (nw == 0 || sm_of(q->req[a].key) != sm_of(q->req[q->w[nw - 1].head].key))
            q->sm[nsm++] = (sm_q){nw, nw, NONE, 0, 0, 0};
        uint64_t slot = slot_of(q->req[a].key), per = q->warps_per_cta ? q->warps_per_cta : 1;
        size_t cta = nw > 0 && slot_of(q->req[q->w[nw - 1].head].key) / per == slot / per &&
                             sm_of(q->req[q->w[nw - 1].head].key) == sm_of(q->req[a].key)
                         ? q->w[nw - 1].cta
                         : nw;
        q->w[nw++] = (warp_q){a, b, 0, 0, (uint32_t)cta, 0};
        q->sm[nsm - 1].w1 = nw;
    }
    q->nw = nw;
    q->nsm = nsm;
    for (size_t i = 0; i < q->n; i++)
        q->back[i] = NOT_SENT;
    for (uint32_t o = 0; o < q->parts; o++)
        q->in_free[o] = q->outlet_back[o] = 0, q->last[o] = (uint32_t)(nsm - 1);
}

/* Crossbar cycles until the inlets have let every request in, less the cycles when
 * nothing was on the crossbar because no SM might send (the replies' latency). */
static uint64_t schedule(sched *q, int pooled)
{
    q->pooled = pooled;
    reset(q);
    uint64_t t = 0, done = 0, idle = 0;
    for (size_t left = q->n; left > 0; t++) {
        int granted = 0;
        for (uint32_t k = 0; k < q->parts; k++) {
            uint32_t o = (uint32_t)((t + k) % q->parts);
            if (q->in_free[o] <= t && grant(q, o, t)) {
                left--;
                granted = 1;
                done = q->in_free[o] > done ? q->in_free[o] : done;
            }
        }
        uint64_t next = granted || left == 0 ? 0 : next_release(q, t);
        if (next > t) { /* cycles t .. next - 1 are latency, not the inlets' */
            idle += next - t;
            t = next - 1;
        }
    }
    return done - idle;
}

/* Warps and SMs in the sorted table (an SM's warps are consecutive). */
static size_t count_warps(const mwp_inlet *s)
{
    size_t nw = 0;
    for (size_t i = 0; i < s->n; i++)
        nw += i == 0 || warp_of(s->req[i].key) != warp_of(s->req[i - 1].key);
    return nw;
}

int mwp_inlet_flush(mwp_inlet *s)
{
    if (s->n == 0)
        return 0;
    qsort(s->req, s->n, sizeof *s->req, by_key);
    size_t nw = count_warps(s);
    sched q = {.req = s->req, .n = s->n, .parts = s->partitions, .round_trip = s->round_trip,
               .issue_interval = s->issue_interval, .warps_per_cta = s->warps_per_cta,
               .owner = s};
    q.w = malloc(nw * sizeof *q.w);
    q.sm = malloc(nw * sizeof *q.sm);
    q.pos = malloc(s->n * sizeof *q.pos);
    q.back = malloc(s->n * sizeof *q.back);
    q.in_free = malloc(q.parts * sizeof *q.in_free);
    q.outlet_back = malloc(q.parts * sizeof *q.outlet_back);
    q.last = malloc(q.parts * sizeof *q.last);
    int ok = q.w && q.sm && q.pos && q.back && q.in_free && q.outlet_back && q.last;
    if (ok) {
        for (size_t i = 0; i < s->n; i++)
            q.pos[s->req[i].id] = (uint32_t)i;
        s->cycles += schedule(&q, 0);
        s->least_cycles += schedule(&q, 1);
    }
    free(q.w), free(q.sm), free(q.pos), free(q.back), free(q.in_free);
    free(q.outlet_back), free(q.last);
    s->n = 0;
    return ok ? 0 : -1;
}

void mwp_inlet_free(mwp_inlet *s)
{
    free(s->req);
    s->req = NULL;
    s->n = s->cap = 0;
}
