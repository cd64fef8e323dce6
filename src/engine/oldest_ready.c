/* oldest_ready.c - fr-fcfs in Ramulator's order ("oldest-ready", its FRFCFS): each queued
 * request of the lane served has a next command (RD or WR when its row is open, PRE when
 * another row is, ACT when the bank is closed); of the requests whose next command is
 * legal now, the oldest goes, column or row command alike.  So an older request's PRE
 * may close a row that younger requests still hit, where column-first (scheduler.c)
 * serves every hit first.  The row-hit cap applies as in column-first. */
#include "channel_internal.h"

/* oldest-ready: bank b's oldest request whose next command is legal at t (RD or WR on a
 * hit, else PRE or ACT), or NIL.  A row opened for a hit not yet served, or with a request
 * partway, is not closed: Ramulator serves the request an ACT was for first. */
static uint32_t first_ready(const channel *c, uint32_t b, uint64_t t, uint64_t *next)
{
    const cbank *k = &c->bank[b];
    int capped = hits_capped(c, k);
    hamm_dram_command kinds[3] = {HAMM_CMD_RD, HAMM_CMD_WR,
                                  k->open_row == NO_ROW ? HAMM_CMD_ACT : HAMM_CMD_PRE};
    int pinned = k->open_row != NO_ROW &&
                 (c->aux[b].partway || (k->served_since_act == 0 && lane_hits(c, k)));
    uint64_t e[3] = {0, 0, 0};
    int known[3] = {0, 0, 0};
    for (uint32_t i = k->head; i != NIL; i = c->pool[i].next) {
        int hit = c->pool[i].row == k->open_row;
        if (hit ? capped : pinned)
            continue;
        if (hit && read_held(c, &c->pool[i]))
            continue; /* no return slot for its data (closed-loop use) */
        int kind = hit ? (int)c->pool[i].write : 2;
        if (!known[kind]) {
            known[kind] = 1;
            e[kind] = bank_earliest(c, b, kinds[kind]);
            *next = e[kind] < *next ? e[kind] : *next;
        }
        if (e[kind] <= t)
            return i;
        if (known[0] && known[1] && known[2])
            break; /* every kind waits */
    }
    return NIL;
}

/* Issue the next command (column or row) of the oldest request that `pick` finds ready
 * in some bank; 0 when none is. */
int oldest_pick_step(channel *c, uint64_t t, uint64_t *next, bank_pick_fn pick)
{
    uint32_t best = NIL;
    for (uint32_t b = 0; b < c->p.banks; b++) {
        uint32_t i = pick(c, b, t, next);
        if (i != NIL && (best == NIL || c->pool[i].seq < c->pool[best].seq))
            best = i;
    }
    if (best == NIL)
        return 0;
    const creq *q = &c->pool[best];
    uint32_t open = c->bank[q->bank].open_row;
    if (q->row == open)
        channel_issue_column(c, best, t);
    else
        channel_issue_row(c, open == NO_ROW ? HAMM_CMD_ACT : HAMM_CMD_PRE, q->bank, q->row, t);
    return 1;
}

int oldest_ready_step(channel *c, uint64_t t, uint64_t *next)
{
    return oldest_pick_step(c, t, next, first_ready);
}
