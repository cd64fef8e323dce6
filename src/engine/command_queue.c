/* command_queue.c - the controller's request queue of one channel: a fixed pool of
 * queue_size slots, each queued request linked into its bank's list, oldest first, and
 * the free slots linked through `next`.  Each bank keeps how many of its requests hit
 * its open row, so the scheduler need not walk the lists to know. */
#include <stdlib.h>

#include "channel_internal.h"
#include "common/alloc.h"

int command_queue_init(channel *c)
{
    uint32_t n = c->p.queue_size;
    c->pool = hamm_calloc_array(n, sizeof *c->pool);
    if (!c->pool)
        return 0;
    for (uint32_t i = 0; i < n; i++)
        c->pool[i].next = i + 1 < n ? i + 1 : NIL;
    return 1;
}

void command_queue_free(channel *c)
{
    free(c->pool);
}

void command_queue_push(channel *c, uint32_t bank, uint32_t row, uint32_t column,
                        uint32_t bursts, int write, uint64_t arrival)
{
    uint32_t i = c->free_slot;
    creq *q = &c->pool[i];
    c->free_slot = q->next;
    cbank *b = &c->bank[bank];
    *q = (creq){c->seq++, arrival, bank, row, column, bursts, 0, (uint32_t)(write != 0),
                b->tail, NIL};
    if (b->tail != NIL)
        c->pool[b->tail].next = i;
    else
        b->head = i;
    b->tail = i;
    b->queued++;
    b->open_hits[write != 0] += row == b->open_row;
    c->size++;
}

void command_queue_remove(channel *c, uint32_t i)
{
    creq *q = &c->pool[i];
    cbank *b = &c->bank[q->bank];
    if (q->prev != NIL)
        c->pool[q->prev].next = q->next;
    else
        b->head = q->next;
    if (q->next != NIL)
        c->pool[q->next].prev = q->prev;
    else
        b->tail = q->prev;
    b->queued--;
    b->open_hits[q->write] -= q->row == b->open_row;
    c->size--;
    q->next = c->free_slot;
    c->free_slot = i;
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
