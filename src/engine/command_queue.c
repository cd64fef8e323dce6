/* command_queue.c - the controller's request queues of one channel: a fixed pool of slots,
 * each queued request linked into its bank's list of its lane, oldest first, and the free
 * slots linked through `next`.  Without a write queue every request is in lane 0; with
 * one, reads are in lane 0 and writes in lane 1, and the write drain here decides which
 * lane the scheduler serves.  Each bank keeps how many of its requests hit its open row,
 * so the scheduler need not walk the lists to know.  With activate_queue (Ramulator 1's
 * activate queue) a request whose ACT has issued stays linked in its lane but leaves the
 * lane's count, so the lane admits another and the write drain no longer counts it; the
 * pool has a slot per bank for these (a bank has at most one).  With merge_same_address a request
 * to the address of a queued one may be served by it instead of taking a slot (DRAMsim3's
 * controller; docs/ENGINE.md). */
#include <stdlib.h>

#include "channel_internal.h"
#include "common/alloc.h"

int command_queue_init(channel *c)
{
    c->lanes = c->p.write_queue_size ? 2 : 1;
    c->lane_cap[0] = c->p.queue_size;
    c->lane_cap[1] = c->p.write_queue_size;
    c->capacity = c->lane_cap[0] + c->lane_cap[1] + (c->p.activate_queue ? c->p.banks : 0);
    c->hit_rules = c->lanes == 2 || c->p.row_hit_cap;
    uint32_t n = c->capacity;
    c->pool = hamm_calloc_array(n, sizeof *c->pool);
    if (!c->pool)
        return 0;
    if (c->p.merge_same_address && !(c->joined = hamm_calloc_array(n, sizeof *c->joined)))
        return 0;
    for (uint32_t i = 0; i < n; i++)
        c->pool[i].next = i + 1 < n ? i + 1 : NIL;
    return 1;
}

void command_queue_free(channel *c)
{
    free(c->pool);
    free(c->joined);
}

uint32_t command_queue_push(channel *c, uint32_t bank, uint32_t row, uint32_t column,
                            uint32_t bursts, int write, uint64_t arrival)
{
    uint32_t i = c->free_slot, lane = command_queue_lane(c, write);
    creq *q = &c->pool[i];
    c->free_slot = q->next;
    cbank *b = &c->bank[bank];
    uint32_t *head = lane == c->lane ? &b->head : &c->aux[bank].idle_head;
    uint32_t *tail = lane == c->lane ? &b->tail : &c->aux[bank].idle_tail;
    *q = (creq){c->seq++, arrival, bank, row, column, bursts, 0, (uint32_t)(write != 0),
                *tail, NIL, 0, 0};
    if (*tail != NIL)
        c->pool[*tail].next = i;
    else
        *head = i;
    *tail = i;
    b->open_hits[write != 0] += row == b->open_row;
    if (c->joined)
        c->joined[i] = (creq_joined){0, 0};
    c->size++;
    c->lane_size[lane]++;
    return i;
}

void command_queue_remove(channel *c, uint32_t i)
{
    creq *q = &c->pool[i];
    cbank *b = &c->bank[q->bank];
    uint32_t lane = command_queue_lane(c, (int)q->write);
    if (q->prev != NIL)
        c->pool[q->prev].next = q->next;
    else if (lane == c->lane)
        b->head = q->next;
    else
        c->aux[q->bank].idle_head = q->next;
    if (q->next != NIL)
        c->pool[q->next].prev = q->prev;
    else if (lane == c->lane)
        b->tail = q->prev;
    else
        c->aux[q->bank].idle_tail = q->prev;
    b->open_hits[q->write] -= q->row == b->open_row;
    c->size--;
    if (c->aux[q->bank].activated == i)
        c->aux[q->bank].activated = NIL; /* it left the lane's count at its ACT */
    else
        c->lane_size[lane]--;
    q->next = c->free_slot;
    c->free_slot = i;
}

void command_queue_activate(channel *c, uint32_t i)
{
    cbank_aux *x = &c->aux[c->pool[i].bank];
    if (x->activated != NIL)
        return;
    x->activated = i;
    c->lane_size[command_queue_lane(c, (int)c->pool[i].write)]--;
}

uint32_t command_queue_oldest(const channel *c)
{
    uint32_t best = NIL;
    for (uint32_t b = 0; b < c->p.banks; b++) {
        uint32_t h = c->bank[b].head;
        if (h != NIL && (best == NIL || c->pool[h].seq < c->pool[best].seq))
            best = h;
    }
    return best;
}

static void swap32(uint32_t *a, uint32_t *b)
{
    uint32_t x = *a;
    *a = *b;
    *b = x;
}

/* A request partway through its bursts keeps its lane served, so no lane switch leaves
 * it cut in two. */
void command_queue_drain(channel *c)
{
    if (c->lanes == 1 || c->partway)
        return;
    uint32_t reads = c->lane_size[0], writes = c->lane_size[1], lane;
    if (c->lane == 0)
        lane = writes >= c->p.drain_high || (reads == 0 && writes > 0);
    else
        lane = !(writes == 0 || (writes <= c->p.drain_low && reads > 0));
    if (lane == c->lane)
        return;
    c->lane = lane;
    for (uint32_t b = 0; b < c->p.banks; b++) {
        swap32(&c->bank[b].head, &c->aux[b].idle_head);
        swap32(&c->bank[b].tail, &c->aux[b].idle_tail);
    }
}

/* ---- merge_same_address ---------------------------------------------------------- */

/* The oldest queued request of `bank` in `lane` that can serve a request to (row, column)
 * of `bursts` bursts: the same kind (`write`), none of its bursts issued yet, at least as
 * long.  NIL when none. */
static uint32_t find_same(const channel *c, uint32_t bank, uint32_t lane, uint32_t row,
                          uint32_t column, uint32_t bursts, uint32_t write)
{
    uint32_t i = lane == c->lane ? c->bank[bank].head : c->aux[bank].idle_head;
    for (; i != NIL; i = c->pool[i].next) {
        const creq *q = &c->pool[i];
        if (q->write == write && q->row == row && q->column == column && q->bursts_done == 0 &&
            q->bursts_left >= bursts)
            return i;
    }
    return NIL;
}

/* A request entering now joins queued request i: it is served by i's bursts and
 * completes with i (command_queue_retire_joined). */
static int join(channel *c, uint32_t i)
{
    c->joined[i].count++;
    c->joined[i].arrival_sum += c->now;
    return 1;
}

int command_queue_merge(channel *c, uint32_t bank, uint32_t row, uint32_t column,
                        uint32_t bursts, int write)
{
    uint32_t wlane = command_queue_lane(c, 1), i;
    if (write) {
        i = find_same(c, bank, wlane, row, column, bursts, 1);
        return i != NIL && join(c, i);
    }
    if (find_same(c, bank, wlane, row, column, bursts, 1) != NIL) {
        /* the write's data is in the controller: the read is done the next cycle, as
         * DRAMsim3 returns it */
        c->r.stat[HAMM_STAT_requests]++;
        c->r.stat[HAMM_STAT_reads]++;
        c->r.stat[HAMM_STAT_latency_sum] += 1;
        c->r.stat[HAMM_STAT_latency_max] = max64(c->r.stat[HAMM_STAT_latency_max], 1);
        return 1;
    }
    i = find_same(c, bank, command_queue_lane(c, 0), row, column, bursts, 0);
    return i != NIL && join(c, i);
}

/* The joined requests entered no earlier than the request they joined, so its latency
 * stays the maximum. */
void command_queue_retire_joined(channel *c, uint32_t i, uint64_t data_end)
{
    const creq_joined *j = &c->joined[i];
    if (!j->count)
        return;
    c->r.stat[HAMM_STAT_requests] += j->count;
    c->r.stat[c->pool[i].write ? HAMM_STAT_writes : HAMM_STAT_reads] += j->count;
    c->r.stat[HAMM_STAT_latency_sum] += j->count * data_end - j->arrival_sum;
}
