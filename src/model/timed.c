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
#include "timed_internal.h"

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
    m->burst_shift = -1;
    for (int sh = 0; sh < 32; sh++)
        if (p->burst_bytes == 1u << sh)
            m->burst_shift = sh;
    /* fast_choices: fr-fcfs, with room in a key for every bank's id and every delay */
    m->keyed = p->policy == HAMM_SCHED_FRFCFS && p->dram.banks <= 1u << (KEY_ID - 1) &&
               m->d.max_delay < KEY_REACH;
    for (uint32_t b = 0; b < p->dram.banks; b++) {
        tbank *k = &m->bank[b];
        k->open_row = NO_ROW;
        k->head = k->tail = NIL;
        k->head_seq = NEVER;
        timed_queue_set_first(m, k, 0, NIL);
        timed_queue_set_first(m, k, 1, NIL);
        timed_queue_keys(m, k);
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

/* ---- commands ----------------------------------------------------------------------- */

static void issue_column(timed *m, uint32_t i, uint64_t t)
{
    treq *q = &m->pool[i];
    uint32_t b = q->bank, w = q->write;
    tcmd cmd = (tcmd)(TC_RD + w); /* TC_WR follows TC_RD */
    tdram_issue(&m->d, b, cmd, t);
    m->busy += m->d.burst;
    uint64_t end = t + m->d.latency[w] + m->d.burst;
    m->data_end = end > m->data_end ? end : m->data_end;
    if (--q->bursts == 0)
        timed_queue_remove(m, i);
    timed_queue_rekey(m, b, cmd); /* and the keys, after the queue changed */
}

static void close_bank(timed *m, uint32_t b, uint64_t t)
{
    tbank *k = &m->bank[b];
    tdram_issue(&m->d, b, TC_PRE, t);
    k->open_row = NO_ROW;
    k->hits[0] = k->hits[1] = 0;
    timed_queue_set_first(m, k, 0, NIL);
    timed_queue_set_first(m, k, 1, NIL);
    m->open_banks--;
    timed_queue_rekey(m, b, TC_PRE); /* and the keys */
}

static void open_row(timed *m, uint32_t b, uint32_t row, uint64_t t)
{
    tbank *k = &m->bank[b];
    tdram_issue(&m->d, b, TC_ACT, t);
    m->t.activates++;
    m->open_banks++;
    k->open_row = row;
    k->hits[0] = k->hits[1] = 0;
    uint32_t first[2] = {NIL, NIL}; /* the oldest hit of each kind, in the same pass */
    for (uint32_t i = k->head; i != NIL; i = m->pool[i].next) {
        const treq *q = &m->pool[i];
        if (q->row == row) {
            first[q->write] = k->hits[q->write]++ ? first[q->write] : i;
        }
    }
    timed_queue_set_first(m, k, 0, first[0]);
    timed_queue_set_first(m, k, 1, first[1]);
    timed_queue_rekey(m, b, TC_ACT); /* and the keys */
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
        uint32_t pending, i = timed_queue_target(m, b, &pending);
        consider(row, e, m->pool[i].seq, i, pending);
    }
    if (cb != NIL)
        consider(col, ct, cs, m->bank[cb].first[cw], 0);
}

/* fr-fcfs's decisions, the same as bank_choices's, in one 64-bit key per candidate:
 * the cycles from key_base to its earliest cycle, the low 32 bits of its arrival
 * number, and which candidate it is (timed_internal.h).  timed_queue_keys keeps each
 * bank's part of its keys; a candidate's key is the larger of that and the channel's
 * part, with its age and id below, and each decision is a branch-free minimum (which
 * bank wins is data-dependent: mispredicted branches were most of this loop's time).
 * A row command aims at the bank's oldest request (timed_queue_target under fr-fcfs),
 * whose pending count is 1 in every bank, so rows compare the same way.  The low 32
 * bits order arrivals while the queue's oldest and newest requests share the high bits
 * (once in 2^32 requests they do not, for as long as the oldest stays); then 0, and
 * bank_choices decides. */
static int fast_choices(const timed *m, choice *col, choice *row)
{
    const tdram *d = &m->d;
    uint64_t now = m->now, base = m->pool[m->oldest].seq;
    if (base >> KEY_AGE != (m->seq - 1) >> KEY_AGE)
        return 0;
    uint64_t kb = m->key_base; /* <= now: the channel's parts need no clamp */
    uint64_t c0 = (max64(d->chan[TC_RD], now) - kb) << KEY_T;
    uint64_t c1 = (max64(d->chan[TC_WR], now) - kb) << KEY_T;
    uint64_t cr[2] = {(max64(tdram_faw(d), max64(d->chan[TC_ACT], now)) - kb) << KEY_T,
                      (max64(d->chan[TC_PRE], now) - kb) << KEY_T};
    uint64_t ck = UINT64_MAX, rk = UINT64_MAX;
    for (const tbank *k = m->bank, *end = k + m->p.dram.banks; k < end; k++) {
        uint64_t k0 = max64(k->kt[0], c0) | k->ka[0];
        uint64_t k1 = max64(k->kt[1], c1) | k->ka[1];
        uint64_t kr = max64(k->kt[2], cr[k->open_row != NO_ROW]) | k->ka[2];
        ck = k0 < ck ? k0 : ck;
        ck = k1 < ck ? k1 : ck;
        rk = kr < rk ? kr : rk;
    }
    uint64_t ct = ck >> KEY_T, rt = rk >> KEY_T;
    uint32_t ci = (uint32_t)(ck & ((1u << KEY_ID) - 1)), ri = (uint32_t)(rk & ((1u << KEY_ID) - 1));
    if (ct != KEY_NONE) /* else no candidate: its id bits are ones too */
        *col = (choice){kb + ct, 0, m->bank[ci >> 1].first[ci & 1], 0};
    if (rt != KEY_NONE)
        *row = (choice){kb + rt, 0, m->bank[ri].head, 1};
    return 1;
}

/* Keep key_base within KEY_REACH of now, so that every key's time part, at most
 * KEY_REACH plus a delay ahead of it, fits below KEY_NONE: every bank is re-keyed. */
static void rebase_keys(timed *m)
{
    if (m->now - m->key_base < KEY_REACH)
        return;
    m->key_base = m->now;
    for (uint32_t b = 0; b < m->p.dram.banks; b++)
        timed_queue_keys(m, &m->bank[b]);
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

/* Issue the decision's command at t (the column command when both could go), or, when
 * an arrival (`limit`) or a REF comes first, jump there. */
static void decide(timed *m, const choice *col, const choice *row, uint64_t limit,
                   uint64_t ref)
{
    uint64_t t = col->t < row->t ? col->t : row->t;
    if (t >= limit || t >= ref) {
        wait_until(m, t < ref ? t : ref, limit);
        return;
    }
    if (col->t == t) {
        issue_column(m, col->req, t); /* column commands first, as FR-FCFS does */
    } else {
        const treq *q = &m->pool[row->req];
        if (m->bank[q->bank].open_row == NO_ROW)
            open_row(m, q->bank, q->row, t);
        else
            close_bank(m, q->bank, t);
    }
    /* account() with a request queued (the one the command is for): active from now
     * through the command's cycle, and the clock moves on one (issued()). */
    m->active += t + 1 - m->now;
    m->now = t + 1;
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
    if (m->keyed && m->oldest != NIL) {
        rebase_keys(m);
        if (!fast_choices(m, &col, &row))
            bank_choices(m, &col, &row);
    } else if (m->p.policy != HAMM_SCHED_FCFS)
        bank_choices(m, &col, &row);
    else if (m->oldest != NIL)
        fcfs_choice(m, &col, &row);
    decide(m, &col, &row, limit, ref);
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
        timed_queue_push(m, r);
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
