/* first_ready.c - fr-fcfs in DRAMsim3's order ("first-ready"): the oldest request whose
 * next command is legal now goes, column or row command alike, as in oldest-ready; but a
 * PRE is only ever for the bank's oldest request, and only when no queued request hits
 * the open row or the row has served more than row_hit_cap requests since its ACT (0: no
 * cap).  So, unlike oldest-ready, an older request's PRE never closes a row that younger
 * requests still hit (below the cap), and, unlike column-first, an older request's ACT or
 * PRE in one bank goes before a younger request's row hit in another.  The cap does not
 * hold back the hits themselves: while the PRE waits (tRTP, tWR) a ready hit still goes. */
#include "channel_internal.h"

/* Whether bank b's oldest request may precharge the open row now (not counting timing). */
static int may_precharge(const channel *c, uint32_t b)
{
    const cbank *k = &c->bank[b];
    if (c->aux[b].partway)
        return 0; /* a request partway through its bursts is not cut in two */
    if (lane_hits(c, k) == 0)
        return 1;
    return c->p.row_hit_cap && k->served_since_act > c->p.row_hit_cap;
}

/* Whether write i must wait for an older queued read of its address in bank b (a write
 * after a read of one address is not reordered). */
static int write_waits(const channel *c, uint32_t b, uint32_t i)
{
    const creq *w = &c->pool[i];
    for (uint32_t j = c->bank[b].head; j != i; j = c->pool[j].next)
        if (!c->pool[j].write && c->pool[j].row == w->row && c->pool[j].column == w->column)
            return 1;
    return 0;
}

/* Bank b's oldest request whose next command is legal at t, or NIL; *next is lowered to
 * when one could be. */
static uint32_t first_ready(const channel *c, uint32_t b, uint64_t t, uint64_t *next)
{
    const cbank *k = &c->bank[b];
    uint32_t h = k->head;
    if (h == NIL)
        return NIL;
    if (c->pool[h].row != k->open_row) { /* the head's ACT or PRE, before any hit */
        hamm_dram_command cmd = k->open_row == NO_ROW ? HAMM_CMD_ACT : HAMM_CMD_PRE;
        if (k->open_row == NO_ROW || may_precharge(c, b)) {
            uint64_t e = bank_earliest(c, b, cmd);
            if (e <= t)
                return h;
            *next = e < *next ? e : *next;
        }
    }
    uint64_t e[2] = {UINT64_MAX, UINT64_MAX};
    for (uint32_t i = h; i != NIL; i = c->pool[i].next) {
        const creq *q = &c->pool[i];
        if (q->row != k->open_row)
            continue;
        if (read_held(c, q))
            continue; /* no return slot for its data (closed-loop use) */
        if (e[q->write] == UINT64_MAX) {
            e[q->write] = bank_earliest(c, b, q->write ? HAMM_CMD_WR : HAMM_CMD_RD);
            *next = e[q->write] < *next ? e[q->write] : *next;
        }
        if (e[q->write] <= t && !(q->write && write_waits(c, b, i)))
            return i;
    }
    return NIL;
}

int first_ready_step(channel *c, uint64_t t, uint64_t *next)
{
    return oldest_pick_step(c, t, next, first_ready);
}
