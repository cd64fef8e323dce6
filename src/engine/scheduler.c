/* scheduler.c - which command the controller of one channel issues in a decision cycle,
 * when no refresh is due, from the lane served now (command_queue.c's write drain):
 *   1. a column command (RD/WR) for a request whose row is open ("first ready");
 *      the oldest such request that is legal now wins;
 *   2. otherwise a row command (PRE or ACT) for a bank that has no request to serve
 *      from its open row, towards the row the scheduler picks; the highest priority
 *      among those legal now wins;
 *   3. otherwise the page policy's PRE of an unused row (page_policy.c).
 * Schedulers differ only in which requests count in 1 and which row 2 aims at:
 *   fr-fcfs      any queued request to the open row; else the bank's oldest request;
 *   most-pending as fr-fcfs, but 2 aims at the bank's row with the most requests;
 *   banked-fifo  only each bank's oldest request (per-bank FIFOs);
 *   fcfs         only the oldest request of the whole queue.
 * That is fr-fcfs "column-first"; "oldest-ready" (Ramulator's FRFCFS, oldest_ready.c)
 * instead takes the oldest request whose next command, column or row, is legal now.  A
 * row-hit cap stops fr-fcfs serving a row after that many hits while the bank's oldest
 * request wants another.  The read/write turnaround (tRTW, tWTR) is paid where it falls. */
#include <stdlib.h>

#include "channel_internal.h"
#include "common/alloc.h"

/* most-pending counts rows in a hash of at least twice the queue's slots. */
int scheduler_init(channel *c)
{
    uint32_t slots = 4;
    while (slots < 2 * c->capacity)
        slots *= 2;
    c->mp_mask = slots - 1;
    c->hits = hamm_calloc_array(c->p.banks, sizeof *c->hits);
    c->mp_row = hamm_calloc_array(slots, sizeof *c->mp_row);
    c->mp_count = hamm_calloc_array(slots, sizeof *c->mp_count);
    c->mp_used = hamm_calloc_array(c->capacity, sizeof *c->mp_used);
    return c->hits && c->mp_row && c->mp_count && c->mp_used;
}

void scheduler_free(channel *c)
{
    free(c->hits);
    free(c->mp_row);
    free(c->mp_count);
    free(c->mp_used);
}

/* The oldest request bank b may serve from its open row under the scheduler that is legal
 * at t (RD and WR wait for different things), or NIL; *any tells whether the bank has a
 * servable request at all, and *next is lowered to when one becomes legal. */
static inline uint32_t hit_request(const channel *c, uint32_t b, uint32_t fcfs_oldest,
                                   uint64_t t, int rules, int *any, uint64_t *next)
{
    const cbank *k = &c->bank[b];
    *any = 0;
    if (k->open_hits[0] + k->open_hits[1] == 0)
        return NIL;
    if (rules && (lane_hits(c, k) == 0 || hits_capped(c, k)))
        return NIL;
    uint32_t first = k->head, only_first = 0;
    switch (c->p.scheduler) {
    case HAMM_SCHED_FCFS:
        first = fcfs_oldest;
        only_first = 1;
        if (c->pool[first].bank != b)
            return NIL;
        break;
    case HAMM_SCHED_BANKED_FIFO:
        only_first = 1;
        break;
    case HAMM_SCHED_FRFCFS:
    case HAMM_SCHED_MOST_PENDING:
    case HAMM_SCHED_COUNT:
        break;
    }
    /* All reads of a bank become legal together, and all writes: once the oldest hit of a
     * kind waits, so do the younger ones of that kind. */
    int waiting[2] = {0, 0};
    for (uint32_t i = first; i != NIL; i = only_first ? NIL : c->pool[i].next) {
        uint32_t w = c->pool[i].write;
        if (c->pool[i].row != k->open_row || waiting[w])
            continue;
        *any = 1;
        if (read_held(c, &c->pool[i]))
            continue; /* no return slot for its data (closed-loop use) */
        uint64_t e = bank_earliest(c, b, w ? HAMM_CMD_WR : HAMM_CMD_RD);
        if (e <= t)
            return i;
        *next = e < *next ? e : *next;
        waiting[w] = 1;
        if (waiting[!w] || k->open_hits[!w] == 0 || c->lanes == 2)
            break; /* nothing of the other kind can be legal either (or is in the lane) */
    }
    return NIL;
}

/* How many queued requests of bank b want `row`, from the counts most_pending_count made. */
static uint32_t *mp_slot(channel *c, uint32_t row)
{
    uint32_t h = (uint32_t)(((uint64_t)row * 0x9E3779B97F4A7C15ull) >> 40) & c->mp_mask;
    while (c->mp_count[h] && c->mp_row[h] != row)
        h = (h + 1) & c->mp_mask;
    c->mp_row[h] = row;
    return &c->mp_count[h];
}

/* The request whose row bank b should open next, and how many queued requests want
 * that row: the oldest request, or (most-pending) the first request of the row with the
 * most requests, counted in one pass with a small hash. */
static uint32_t target_request(channel *c, uint32_t b, uint32_t *pending)
{
    const cbank *k = &c->bank[b];
    *pending = 1;
    if (c->p.scheduler != HAMM_SCHED_MOST_PENDING)
        return k->head;
    uint32_t used = 0, best = k->head;
    for (uint32_t i = k->head; i != NIL; i = c->pool[i].next) {
        uint32_t *n = mp_slot(c, c->pool[i].row);
        if ((*n)++ == 0)
            c->mp_used[used++] = (uint32_t)(n - c->mp_count);
    }
    *pending = 0;
    for (uint32_t i = k->head; i != NIL; i = c->pool[i].next) {
        uint32_t n = *mp_slot(c, c->pool[i].row);
        if (n > *pending) { /* strictly more: the older row wins ties */
            *pending = n;
            best = i;
        }
    }
    for (uint32_t u = 0; u < used; u++)
        c->mp_count[c->mp_used[u]] = 0;
    return best;
}

typedef struct choice {
    uint32_t req;     /* NIL: none yet */
    uint32_t pending; /* most-pending's weight */
} choice;

/* Whether candidate (i, pending) beats the current choice. */
static int better(const channel *c, const choice *best, uint32_t i, uint32_t pending)
{
    if (best->req == NIL)
        return 1;
    if (c->p.scheduler == HAMM_SCHED_MOST_PENDING && pending != best->pending)
        return pending > best->pending;
    return c->pool[i].seq < c->pool[best->req].seq;
}

static inline int column_step(channel *c, uint64_t t, uint32_t oldest, uint32_t *hits,
                              int rules, uint64_t *next)
{
    choice best = {NIL, 0};
    for (uint32_t b = 0; b < c->p.banks; b++) {
        int any;
        uint32_t i = hit_request(c, b, oldest, t, rules, &any, next);
        hits[b] = any; /* the bank still serves its open row: no PRE for it */
        if (i != NIL && better(c, &best, i, 1))
            best.req = i;
    }
    if (best.req == NIL)
        return 0;
    channel_issue_column(c, best.req, t);
    return 1;
}

static int row_step(channel *c, uint64_t t, uint32_t oldest, const uint32_t *hits,
                    uint64_t *next)
{
    choice best = {NIL, 0};
    for (uint32_t b = 0; b < c->p.banks; b++) {
        if (c->bank[b].head == NIL || hits[b])
            continue; /* nothing queued, or still serving its open row */
        if (c->p.scheduler == HAMM_SCHED_FCFS && c->pool[oldest].bank != b)
            continue;
        hamm_dram_command cmd = c->bank[b].open_row == NO_ROW ? HAMM_CMD_ACT : HAMM_CMD_PRE;
        uint64_t e = bank_earliest(c, b, cmd);
        if (e > t) {
            *next = e < *next ? e : *next;
            continue;
        }
        uint32_t pending, i = target_request(c, b, &pending); /* only when it could issue */
        if (better(c, &best, i, pending)) {
            best.req = i;
            best.pending = pending;
        }
    }
    if (best.req == NIL)
        return 0;
    const creq *q = &c->pool[best.req];
    channel_issue_row(c, c->bank[q->bank].open_row == NO_ROW ? HAMM_CMD_ACT : HAMM_CMD_PRE,
                      q->bank, q->row, t);
    return 1;
}

/* The page policy's PREs come last, and cost nothing with the open page. */
static int close_step(channel *c, uint64_t t, uint64_t *next)
{
    return page_policy_pending(c) && page_policy_step(c, t, next);
}

/* What comes first in a decision when some controller option is set: the write drain
 * picks the lane; with nothing queued only the page policy acts; oldest-ready takes its
 * own order.  Returns -1 when the column-first steps follow. */
static int options_first(channel *c, uint64_t t, uint64_t *next)
{
    if (c->lanes == 2)
        command_queue_drain(c);
    if (c->size == 0)
        return close_step(c, t, next);
    switch (c->p.ready_order) {
    case HAMM_ORDER_OLDEST_READY:
        return oldest_ready_step(c, t, next) || close_step(c, t, next);
    case HAMM_ORDER_QUEUE_HEAD:
        return queue_head_step(c, t, next) || close_step(c, t, next);
    case HAMM_ORDER_FIRST_READY:
        return first_ready_step(c, t, next) || close_step(c, t, next);
    case HAMM_ORDER_COLUMN_FIRST:
    case HAMM_ORDER_COUNT:
        break;
    }
    return -1;
}

int scheduler_step(channel *c, uint64_t t, uint64_t *next)
{
    if (c->options) {
        int done = options_first(c, t, next);
        if (done >= 0)
            return done;
    } else if (c->size == 0) {
        return 0;
    }
    uint32_t oldest = c->p.scheduler == HAMM_SCHED_FCFS ? command_queue_oldest(c) : NIL;
    /* `rules` is a constant in each call, so the default path carries no option checks */
    int col = c->hit_rules ? column_step(c, t, oldest, c->hits, 1, next)
                           : column_step(c, t, oldest, c->hits, 0, next);
    return col || row_step(c, t, oldest, c->hits, next) || (c->options && close_step(c, t, next));
}
