/* mwp_inlet.c - each memory period's requests through the crossbar's inlets (mwp_inlet.h):
 * every SM queues its requests of the period at once, in its LRR order, and the inlets
 * grant as the GPU engine's crossbar does (src/gpu/icnt.c: each partition round-robin
 * over the SMs whose oldest request wants it, a packet holding both ports for its
 * flits, the partitions taking turns to choose first). */
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
    return clamp(period, 24) << 40 | clamp(sm, 8) << 32 | clamp(inst, 12) << 20 |
           clamp(slot, 12) << 8 | clamp(transaction, 8);
}

static uint64_t period_of(uint64_t key) { return key >> 40; }
static uint32_t sm_of(uint64_t key) { return (uint32_t)(key >> 32 & 0xff); }

int mwp_inlet_add(mwp_inlet *s, uint64_t key, uint64_t addr, uint32_t flits)
{
    if (s->partitions < 2 || s->chunk == 0 || s->n == MWP_INLET_MAX)
        return 0; /* requests beyond the table are left out */
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 1024;
        mwp_inlet_req *r = realloc(s->req, cap * sizeof *r);
        if (!r)
            return -1;
        s->req = r;
        s->cap = cap;
    }
    flits = flits < UINT16_MAX ? flits : UINT16_MAX;
    s->req[s->n++] = (mwp_inlet_req){key, (uint16_t)((addr / s->chunk) % s->partitions),
                                     (uint16_t)(flits ? flits : 1)};
    return 0;
}

static int by_key(const void *a, const void *b)
{
    uint64_t x = ((const mwp_inlet_req *)a)->key, y = ((const mwp_inlet_req *)b)->key;
    return (x > y) - (x < y);
}

/* One period's schedule: each SM's queue [head, end) of requests, when each SM's port and
 * each partition's inlet are next free, and the SM each partition granted last. */
typedef struct sched {
    const mwp_inlet_req *req;
    size_t *head, *end;
    uint64_t *in_free, *out_free;
    uint32_t *last, sms, parts;
} sched;

/* Partition o grants the next SM after its last grant whose oldest request wants it and
 * whose port is free; returns 1 when it granted one. */
static int grant(sched *q, uint32_t o, uint64_t t)
{
    for (uint32_t k = 1; k <= q->sms; k++) {
        uint32_t i = (q->last[o] + k) % q->sms;
        size_t h = q->head[i];
        if (h == q->end[i] || q->in_free[i] > t || q->req[h].partition != o)
            continue;
        q->head[i]++;
        q->last[o] = i;
        q->in_free[i] = q->out_free[o] = t + q->req[h].flits;
        return 1;
    }
    return 0;
}

/* Crossbar cycles until the inlets have let in all `left` requests. */
static uint64_t schedule(sched *q, size_t left)
{
    uint64_t t = 0, done = 0;
    for (uint32_t i = 0; i < q->sms; i++)
        q->in_free[i] = 0;
    for (uint32_t o = 0; o < q->parts; o++)
        q->out_free[o] = 0, q->last[o] = q->sms - 1;
    for (; left > 0; t++)
        for (uint32_t k = 0; k < q->parts; k++) {
            uint32_t o = (uint32_t)((t + k) % q->parts);
            if (q->out_free[o] <= t && grant(q, o, t)) {
                left--;
                done = q->out_free[o] > done ? q->out_free[o] : done;
            }
        }
    return done;
}

/* One period's requests req[0..n) (sorted: by SM, then in queue order). */
static void schedule_period(mwp_inlet *s, sched *q, const mwp_inlet_req *req, size_t n)
{
    uint64_t flits = 0, busiest_sm = 0;
    for (uint32_t i = 0; i < q->sms; i++)
        q->head[i] = q->end[i] = 0;
    for (size_t a = 0, b; a < n; a = b) {
        uint64_t sm_flits = 0;
        for (b = a; b < n && sm_of(req[b].key) == sm_of(req[a].key); b++)
            sm_flits += req[b].flits;
        uint32_t sm = sm_of(req[a].key) % q->sms;
        q->head[sm] = a;
        q->end[sm] = b;
        flits += sm_flits;
        busiest_sm = sm_flits > busiest_sm ? sm_flits : busiest_sm;
    }
    q->req = req;
    s->cycles += schedule(q, n);
    uint64_t spread = (flits + q->parts - 1) / q->parts;
    s->least_cycles += spread > busiest_sm ? spread : busiest_sm;
}

int mwp_inlet_flush(mwp_inlet *s)
{
    if (s->n == 0)
        return 0;
    qsort(s->req, s->n, sizeof *s->req, by_key);
    uint32_t sms = s->sms ? s->sms : 1, parts = s->partitions;
    sched q = {.sms = sms, .parts = parts};
    q.head = malloc(sms * sizeof *q.head);
    q.end = malloc(sms * sizeof *q.end);
    q.in_free = malloc(sms * sizeof *q.in_free);
    q.out_free = malloc(parts * sizeof *q.out_free);
    q.last = malloc(parts * sizeof *q.last);
    int ok = q.head && q.end && q.in_free && q.out_free && q.last;
    for (size_t a = 0, b; ok && a < s->n; a = b) {
        for (b = a; b < s->n && period_of(s->req[b].key) == period_of(s->req[a].key); b++)
            ;
        schedule_period(s, &q, s->req + a, b - a);
    }
    free(q.head), free(q.end), free(q.in_free), free(q.out_free), free(q.last);
    s->n = 0;
    return ok ? 0 : -1;
}

void mwp_inlet_free(mwp_inlet *s)
{
    free(s->req);
    s->req = NULL;
    s->n = s->cap = 0;
}
