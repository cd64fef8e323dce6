/* timed.c - the command-timed profiler (see timed.h; docs/MODEL.md, "command-timed").
 *
 * The queue holds the channel's next Q requests (saturated: a slot is refilled as soon
 * as a request's last burst issues; with arrival cycles, a request enters no earlier than
 * its arrival).  Each decision issues one command, as an FR-FCFS controller does:
 *   1. refresh when due: close the open banks in bank order, then REF;
 *   2. else the oldest queued request whose row is open and whose RD/WR is legal now;
 *   3. else a PRE or ACT for a bank with nothing to serve from its open row, aimed at
 *      the row the policy picks (the oldest request's, or the most pending one's).
 * When nothing is legal the clock jumps to the first cycle something is, so the cost is
 * O(banks) per command, not per cycle.  Requests are kept per bank, oldest first, with
 * the oldest read and write to the open row at hand. */
#include <stdlib.h>

#include "common/alloc.h"
#include "timed.h"

#define NIL UINT32_MAX
#define NO_ROW UINT32_MAX
#define NEVER UINT64_MAX

typedef struct treq {
    uint64_t seq;          /* arrival order in this channel */
    uint32_t bank, row;
    uint32_t bursts;       /* RD/WR commands still to issue */
    uint32_t write;
    uint32_t prev, next;   /* the bank's requests, oldest first; `next` links free slots */
    uint32_t older, newer; /* all requests, oldest first (fcfs serves only the oldest) */
} treq;

typedef struct tbank {
    uint32_t open_row;     /* NO_ROW: precharged */
    uint32_t head, tail;   /* its queued requests */
    uint32_t hits[2];      /* queued reads [0] and writes [1] to the open row */
    uint32_t first[2];     /* the oldest of each, NIL when none */
    uint64_t first_seq[2]; /* their ages (NEVER: none), which decisions compare */
    uint64_t col_l[2];     /* the bank's and its group's part of the earliest RD / WR */
    uint64_t row_l;        /* ... of its row command: PRE when a row is open, else ACT */
} tbank;

struct timed {
    timed_params p;
    tdram d;
    tbank *bank;
    treq *pool;            /* Q slots */
    uint32_t free_slot, size, open_banks;
    uint32_t oldest, newest;
    uint64_t seq;
    uint64_t now;          /* the next decision cycle */
    uint64_t data_end;     /* end of the last burst's data */
    uint64_t next_ref;     /* when the next REF is due (NEVER: no refresh) */
    uint64_t bursts_at_ref;/* busy cycles when the last REF went ... */
    int owed;              /* ... with requests waiting (see ref_due) */
    uint64_t busy, active; /* cycles */
    hamm_model_totals t;
};

timed *timed_new(const timed_params *p)
{
    timed *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->p = *p;
    if (!tdram_init(&m->d, &p->dram)) {
        timed_free(m);
        return NULL;
    }
    m->bank = hamm_calloc_array(p->dram.banks, sizeof *m->bank);
    m->pool = hamm_calloc_array(p->queue_size, sizeof *m->pool);
    if (!m->bank || !m->pool) {
        timed_free(m);
        return NULL;
    }
    for (uint32_t b = 0; b < p->dram.banks; b++) {
        tbank *k = &m->bank[b];
        k->open_row = NO_ROW;
        k->head = k->tail = k->first[0] = k->first[1] = NIL;
        k->first_seq[0] = k->first_seq[1] = NEVER;
    }
    for (uint32_t i = 0; i < p->queue_size; i++)
        m->pool[i].next = i + 1 < p->queue_size ? i + 1 : NIL;
    m->oldest = m->newest = NIL;
    int refresh = p->refresh && m->d.tREFI && m->d.tRFC;
    m->next_ref = refresh ? m->d.tREFI : NEVER;
    return m;
}

void timed_free(timed *m)
{
    if (!m)
        return;
    tdram_free(&m->d);
    free(m->bank);
    free(m->pool);
    free(m);
}

/* ---- the queue ---------------------------------------------------------------------- */

/* The bank and group parts of bank b's earliest commands, which decisions read. */
static void rekey_bank(timed *m, uint32_t b)
{
    const tdram *d = &m->d;
    tbank *k = &m->bank[b];
    const uint64_t *be = d->bank[b], *ge = d->group[b >> d->group_shift];
    tcmd row = k->open_row == NO_ROW ? TC_ACT : TC_PRE;
    k->col_l[0] = max64(be[TC_RD], ge[TC_RD]);
    k->col_l[1] = max64(be[TC_WR], ge[TC_WR]);
    k->row_l = max64(be[row], ge[row]);
}

/* Command cmd went to bank b: refresh the keys its delays changed (every bank of the
 * group when it delays something group-wide, else bank b's). */
static void rekey(timed *m, uint32_t b, tcmd cmd)
{
    if (!(m->d.scopes[cmd] & (1u << TS_GROUP))) {
        rekey_bank(m, b);
        return;
    }
    uint32_t shift = m->d.group_shift, first = b >> shift << shift;
    for (uint32_t x = first; x < first + (1u << shift); x++)
        rekey_bank(m, x);
}

static void set_first(timed *m, tbank *k, uint32_t w, uint32_t i)
{
    k->first[w] = i;
    k->first_seq[w] = i == NIL ? NEVER : m->pool[i].seq;
}

static void enqueue(timed *m, const hamm_mapped_request *r)
{
    uint32_t i = m->free_slot;
    treq *q = &m->pool[i];
    tbank *k = &m->bank[r->bank];
    m->free_slot = q->next;
    uint32_t bb = m->p.burst_bytes;
    uint32_t bursts = bb ? (r->size + bb - 1) / bb : 1;
    *q = (treq){m->seq++, r->bank, r->row, bursts ? bursts : 1, r->write != 0,
                k->tail, NIL, m->newest, NIL};
    if (k->tail != NIL)
        m->pool[k->tail].next = i;
    else
        k->head = i;
    k->tail = i;
    if (m->newest != NIL)
        m->pool[m->newest].newer = i;
    else
        m->oldest = i;
    m->newest = i;
    if (k->open_row == r->row) {
        k->hits[q->write]++;
        if (k->first[q->write] == NIL)
            set_first(m, k, q->write, i);
    }
    m->size++;
}

/* The oldest request of bank k from i on that is of kind w and hits the open row. */
static uint32_t next_hit(const timed *m, const tbank *k, uint32_t i, uint32_t w)
{
    for (; i != NIL; i = m->pool[i].next)
        if (m->pool[i].row == k->open_row && m->pool[i].write == w)
            return i;
    return NIL;
}

/* Request i has issued its last burst: it leaves the queue. */
static void dequeue(timed *m, uint32_t i)
{
    treq *q = &m->pool[i];
    tbank *k = &m->bank[q->bank];
    k->hits[q->write]--;
    set_first(m, k, q->write, k->hits[q->write] ? next_hit(m, k, q->next, q->write) : NIL);
    if (q->prev != NIL)
        m->pool[q->prev].next = q->next;
    else
        k->head = q->next;
    if (q->next != NIL)
        m->pool[q->next].prev = q->prev;
    else
        k->tail = q->prev;
    if (q->older != NIL)
        m->pool[q->older].newer = q->newer;
    else
        m->oldest = q->newer;
    if (q->newer != NIL)
        m->pool[q->newer].older = q->older;
    else
        m->newest = q->older;
    q->next = m->free_slot;
    m->free_slot = i;
    m->size--;
}

/* ---- commands ----------------------------------------------------------------------- */

static void issue_column(timed *m, uint32_t i, uint64_t t)
{
    treq *q = &m->pool[i];
    tdram_issue(&m->d, q->bank, q->write ? TC_WR : TC_RD, t);
    rekey(m, q->bank, q->write ? TC_WR : TC_RD);
    m->busy += m->d.burst;
    uint64_t end = t + m->d.latency[q->write] + m->d.burst;
    m->data_end = end > m->data_end ? end : m->data_end;
    if (--q->bursts == 0)
        dequeue(m, i);
}

static void close_bank(timed *m, uint32_t b, uint64_t t)
{
    tbank *k = &m->bank[b];
    tdram_issue(&m->d, b, TC_PRE, t);
    k->open_row = NO_ROW;
    k->hits[0] = k->hits[1] = 0;
    set_first(m, k, 0, NIL);
    set_first(m, k, 1, NIL);
    m->open_banks--;
    rekey(m, b, TC_PRE);
}

static void open_row(timed *m, uint32_t b, uint32_t row, uint64_t t)
{
    tbank *k = &m->bank[b];
    tdram_issue(&m->d, b, TC_ACT, t);
    m->t.activates++;
    m->open_banks++;
    k->open_row = row;
    k->hits[0] = k->hits[1] = 0;
    for (uint32_t i = k->head; i != NIL; i = m->pool[i].next)
        k->hits[m->pool[i].write] += m->pool[i].row == row;
    set_first(m, k, 0, k->hits[0] ? next_hit(m, k, k->head, 0) : NIL);
    set_first(m, k, 1, k->hits[1] ? next_hit(m, k, k->head, 1) : NIL);
    rekey(m, b, TC_ACT);
}

/* The request whose row bank b opens next: its oldest, or (most-pending) the first of
 * the row with the most queued requests, the older row on ties; *pending is that count. */
static uint32_t target(const timed *m, uint32_t b, uint32_t *pending)
{
    const tbank *k = &m->bank[b];
    *pending = 1;
    if (m->p.policy != HAMM_SCHED_MOST_PENDING)
        return k->head;
    uint32_t best = k->head;
    *pending = 0;
    for (uint32_t i = k->head; i != NIL; i = m->pool[i].next) {
        uint32_t n = 0;
        for (uint32_t j = k->head; j != NIL; j = m->pool[j].next)
            n += m->pool[j].row == m->pool[i].row;
        if (n > *pending) {
            *pending = n;
            best = i;
        }
    }
    return best;
}

/* ---- decisions ---------------------------------------------------------------------- */

/* Count [a, b) with `queued` requests waiting: active while one waits or data flows. */
static void account(timed *m, uint64_t a, uint64_t b, uint32_t queued)
{
    if (b <= a)
        return;
    if (queued)
        m->active += b - a;
    else if (m->data_end > a)
        m->active += (m->data_end < b ? m->data_end : b) - a;
}

/* Issued at t: the clock moves on one cycle (one command per cycle). */
static void issued(timed *m, uint64_t t, uint32_t queued)
{
    account(m, m->now, t + 1, queued);
    m->now = t + 1;
}

/* Nothing can issue before `next` (capped at `limit`): jump there. */
static void wait_until(timed *m, uint64_t next, uint64_t limit)
{
    if (next <= m->now)
        next = m->now + 1;
    if (next > limit)
        next = limit;
    account(m, m->now, next, m->size);
    m->now = next;
}

/* A REF is due: close the open banks one at a time in bank order, then REF. */
static void refresh_step(timed *m, uint64_t limit)
{
    uint64_t t = m->now;
    uint32_t queued = m->size;
    for (uint32_t b = 0; b < m->p.dram.banks; b++) {
        if (m->bank[b].open_row == NO_ROW)
            continue;
        uint64_t e = tdram_earliest(&m->d, b, TC_PRE);
        if (e > t) {
            wait_until(m, e, limit);
        } else {
            close_bank(m, b, t);
            issued(m, t, queued);
        }
        return;
    }
    uint64_t e = tdram_earliest(&m->d, 0, TC_REF);
    if (e > t) {
        wait_until(m, e, limit);
        return;
    }
    tdram_issue(&m->d, 0, TC_REF, t);
    m->next_ref += m->d.tREFI;
    m->owed = m->size > 0;
    m->bursts_at_ref = m->busy;
    issued(m, t, queued);
}

/* The best command of one decision so far: the earliest cycle it can issue (not before
 * now), then the controller's priority: the oldest request for a column command; for a
 * row command the most pending requests (most-pending) and then the oldest target. */
typedef struct choice {
    uint64_t t, seq;
    uint32_t req;     /* NIL: none */
    uint32_t pending;
} choice;

static inline void consider(choice *c, uint64_t t, uint64_t seq, uint32_t req,
                            uint32_t pending)
{
    if (t < c->t || (t == c->t && (pending > c->pending ||
                                   (pending == c->pending && seq < c->seq)))) {
        c->t = t;
        c->seq = seq;
        c->req = req;
        c->pending = pending;
    }
}


/* fcfs: only the queue's oldest request may go, a column command if its row is open. */
static void fcfs_choice(const timed *m, choice *col, choice *row)
{
    const treq *o = &m->pool[m->oldest];
    uint32_t b = o->bank;
    tcmd cmd = m->bank[b].open_row == o->row ? (o->write ? TC_WR : TC_RD)
               : m->bank[b].open_row == NO_ROW ? TC_ACT : TC_PRE;
    uint64_t e = max64(tdram_earliest(&m->d, b, cmd), m->now);
    consider(cmd == TC_RD || cmd == TC_WR ? col : row, e, o->seq, m->oldest, 1);
}

/* fr-fcfs and most-pending: a bank with queued hits serves them (its oldest read and its
 * oldest write are the candidates) and never closes its row; a bank without opens the
 * row its policy picks.  The channel's part of each constraint is read once. */
static void bank_choices(const timed *m, choice *col, choice *row)
{
    const tdram *d = &m->d;
    uint64_t now = m->now;
    uint64_t chan_col[2] = {max64(d->chan[TC_RD], now), max64(d->chan[TC_WR], now)};
    uint64_t chan_row[2] = {max64(tdram_faw(d), max64(d->chan[TC_ACT], now)),
                            max64(d->chan[TC_PRE], now)};
    uint64_t ct = NEVER, cs = NEVER;
    uint32_t cb = NIL, cw = 0;
    const tbank *k = m->bank;
    for (uint32_t b = 0; b < m->p.dram.banks; b++, k++) {
        if ((k->first_seq[0] & k->first_seq[1]) != NEVER) { /* a hit of either kind */
            for (uint32_t w = 0; w < 2; w++) {
                uint64_t s = k->first_seq[w];
                uint64_t e = max64(k->col_l[w], chan_col[w]);
                if (s != NEVER && (e < ct || (e == ct && s < cs))) {
                    ct = e;
                    cs = s;
                    cb = b;
                    cw = w;
                }
            }
            continue;
        }
        if (k->head == NIL)
            continue;
        uint64_t e = max64(k->row_l, chan_row[k->open_row != NO_ROW]);
        if (e > row->t || e >= ct)
            continue; /* a column command, or another row command, goes first */
        uint32_t pending, i = target(m, b, &pending);
        consider(row, e, m->pool[i].seq, i, pending);
    }
    if (cb != NIL)
        consider(col, ct, cs, m->bank[cb].first[cw], 0);
}

/* When the next REF may go: its due cycle, but not while it would be the second in a row
 * to pass over waiting requests without a burst between (timings the loader refuses could
 * otherwise let refresh starve the queue; the engine's rule).  NEVER: not now. */
static uint64_t ref_due(const timed *m)
{
    if (m->owed && m->size && m->busy == m->bursts_at_ref && m->now >= m->next_ref)
        return NEVER;
    return m->next_ref;
}

/* One decision at m->now: issue the command the controller would, at the first cycle
 * one is legal; or, when an arrival (`limit`) or a REF comes first, jump there. */
static void step(timed *m, uint64_t limit)
{
    uint64_t ref = ref_due(m);
    if (m->now >= ref) {
        refresh_step(m, limit);
        return;
    }
    choice col = {NEVER, 0, NIL, 0}, row = {NEVER, 0, NIL, 0};
    if (m->p.policy != HAMM_SCHED_FCFS)
        bank_choices(m, &col, &row);
    else if (m->oldest != NIL)
        fcfs_choice(m, &col, &row);
    uint64_t t = col.t < row.t ? col.t : row.t;
    if (t >= limit || t >= ref) {
        wait_until(m, t < ref ? t : ref, limit);
        return;
    }
    uint32_t queued = m->size;
    if (col.t == t) {
        issue_column(m, col.req, t); /* column commands first, as FR-FCFS does */
    } else {
        const treq *q = &m->pool[row.req];
        if (m->bank[q->bank].open_row == NO_ROW)
            open_row(m, q->bank, q->row, t);
        else
            close_bank(m, q->bank, t);
    }
    account(m, m->now, t, queued);
    m->now = t;
    issued(m, t, queued);
}

/* ---- the clock ---------------------------------------------------------------------- */

/* An idle channel (nothing queued, every bank closed, no data in flight) only refreshes:
 * do every REF due before `until` at once.  0 when the channel is not idle. */
static int idle_until(timed *m, uint64_t until)
{
    if (m->size || m->open_banks || m->data_end > m->now)
        return 0;
    if (m->next_ref < until) {
        if (tdram_earliest(&m->d, 0, TC_REF) > m->next_ref)
            return 0;
        uint64_t k = (until - 1 - m->next_ref) / m->d.tREFI + 1;
        uint64_t last = m->next_ref + (k - 1) * m->d.tREFI;
        tdram_issue(&m->d, 0, TC_REF, last);
        m->next_ref = last + m->d.tREFI;
    }
    m->now = until;
    return 1;
}

static void run_until(timed *m, uint64_t until)
{
    while (m->now < until) {
        if (m->size == 0 && m->next_ref >= until) {
            account(m, m->now, until, 0);
            m->now = until;
            return;
        }
        if (!idle_until(m, until))
            step(m, until);
    }
}

void timed_push(timed *m, const hamm_mapped_request *reqs, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const hamm_mapped_request *r = &reqs[i];
        if (m->p.arrivals && r->timed)
            run_until(m, r->arrival);
        while (m->size == m->p.queue_size)
            step(m, NEVER);
        enqueue(m, r);
        m->t.writes += r->write != 0;
        m->t.served_bytes += r->size;
    }
    m->t.requests += n;
    m->t.reads = m->t.requests - m->t.writes;
}

void timed_finish(timed *m)
{
    while (m->size)
        step(m, NEVER);
    if (m->data_end > m->now) {
        account(m, m->now, m->data_end, 0);
        m->now = m->data_end;
    }
    uint64_t bpc = m->p.bytes_per_cycle;
    m->t.num_bytes = m->busy * bpc;
    m->t.den_bytes = m->active * bpc;
}

const hamm_model_totals *timed_totals(const timed *m)
{
    return &m->t;
}
