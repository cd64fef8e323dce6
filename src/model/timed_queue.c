/* timed_queue.c - the command-timed profiler's queue: each bank's requests oldest first,
 * all requests oldest first (fcfs), the oldest read and write hit of each bank, and the
 * per-bank keys a decision reads (timed_internal.h). */
#include "timed_internal.h"

/* The bank and group parts of bank b's earliest commands, which decisions read. */
static void rekey_bank(timed *m, uint32_t b)
{
    const tdram *d = &m->d;
    tbank *k = &m->bank[b];
    const uint64_t *be = d->bank[b];
    tcmd row = k->open_row == NO_ROW ? TC_ACT : TC_PRE;
    if (d->grouped) {
        const uint64_t *ge = d->group[b >> d->group_shift];
        k->col_l[0] = max64(be[TC_RD], ge[TC_RD]);
        k->col_l[1] = max64(be[TC_WR], ge[TC_WR]);
        k->row_l = max64(be[row], ge[row]);
    } else { /* the group's parts stay 0 */
        k->col_l[0] = be[TC_RD];
        k->col_l[1] = be[TC_WR];
        k->row_l = be[row];
    }
    timed_queue_keys(m, k);
}

/* Bank k's part of its decision keys' time, after any change to what they read
 * (branch-free: it runs after every command). */
void timed_queue_keys(const timed *m, tbank *k)
{
    if (!m->keyed)
        return; /* only fast_choices reads them */
    uint64_t s0 = k->first_seq[0], s1 = k->first_seq[1];
    k->kt[0] = key_time(m, k->col_l[0]) | -(uint64_t)(s0 == NEVER);
    k->kt[1] = key_time(m, k->col_l[1]) | -(uint64_t)(s1 == NEVER);
    k->kt[2] = key_time(m, k->row_l) |
               -(uint64_t)(((s0 & s1) != NEVER) | (k->head_seq == NEVER));
}

/* Bank k's keys' ages and ids: its oldest hit of kind w (w = 2: its oldest request)
 * changed.  Its time parts follow (timed_queue_keys). */
static void age_key(const timed *m, tbank *k, uint32_t w)
{
    uint64_t b = (uint64_t)(k - m->bank);
    uint64_t seq = w == 2 ? k->head_seq : k->first_seq[w];
    k->ka[w] = (uint64_t)(uint32_t)seq << KEY_ID | (w == 2 ? b : 2 * b + w);
}

/* Command cmd went to bank b: refresh the keys its delays changed (every bank of the
 * group when it delays something group-wide, else bank b's). */
void timed_queue_rekey(timed *m, uint32_t b, tcmd cmd)
{
    if (!(m->d.scopes[cmd] & (1u << TS_GROUP))) {
        rekey_bank(m, b);
        return;
    }
    uint32_t shift = m->d.group_shift, first = b >> shift << shift;
    for (uint32_t x = first; x < first + (1u << shift); x++)
        rekey_bank(m, x);
}

void timed_queue_set_first(timed *m, tbank *k, uint32_t w, uint32_t i)
{
    k->first[w] = i;
    k->first_seq[w] = i == NIL ? NEVER : m->pool[i].seq;
    age_key(m, k, w);
}

/* Bank k's oldest request changed. */
static void set_head_seq(const timed *m, tbank *k)
{
    k->head_seq = k->head == NIL ? NEVER : m->pool[k->head].seq;
    age_key(m, k, 2);
}

void timed_queue_push(timed *m, const hamm_mapped_request *r)
{
    uint32_t i = m->free_slot;
    treq *q = &m->pool[i];
    tbank *k = &m->bank[r->bank];
    m->free_slot = q->next;
    uint32_t bb = m->p.burst_bytes;
    uint32_t bursts = m->burst_shift >= 0 ? (r->size + bb - 1) >> m->burst_shift
                      : bb                ? (r->size + bb - 1) / bb
                                          : 1;
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
            timed_queue_set_first(m, k, q->write, i);
    }
    if (k->head == i)
        set_head_seq(m, k);
    timed_queue_keys(m, k);
    m->size++;
}

/* The oldest request of bank k from i on that is of kind w and hits the open row. */
static uint32_t timed_queue_next_hit(const timed *m, const tbank *k, uint32_t i, uint32_t w)
{
    for (; i != NIL; i = m->pool[i].next)
        if (m->pool[i].row == k->open_row && m->pool[i].write == w)
            return i;
    return NIL;
}

/* Request i has issued its last burst: it leaves the queue (the caller re-keys its bank). */
void timed_queue_remove(timed *m, uint32_t i)
{
    treq *q = &m->pool[i];
    tbank *k = &m->bank[q->bank];
    k->hits[q->write]--;
    timed_queue_set_first(m, k, q->write, k->hits[q->write] ? timed_queue_next_hit(m, k, q->next, q->write) : NIL);
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
    set_head_seq(m, k);
    q->next = m->free_slot;
    m->free_slot = i;
    m->size--;
}

/* The request whose row bank b opens next: its oldest, or (most-pending) the first of
 * the row with the most queued requests, the older row on ties; *pending is that count. */
uint32_t timed_queue_target(const timed *m, uint32_t b, uint32_t *pending)
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
