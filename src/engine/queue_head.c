/* queue_head.c - fr-fcfs as Ramulator 1's controller runs it ("queue-head"): the
 * requests a row was just opened for first, then the rest; in each, a request is ready
 * when its next command (RD or WR on a hit, else PRE or ACT) is legal now and, for a hit,
 * its row has served at most row_hit_cap requests since its ACT; the oldest ready request
 * is the head, or the oldest request when none is ready, and only the head may issue: a
 * head whose command waits blocks the cycle.  So past the cap a row's hits go in age
 * order with every other request, and a capped row is not held for an older request's
 * sake (column-first's and oldest-ready's cap, scheduler.c) but simply loses its
 * priority.  The first group is Ramulator's activate queue: its requests go before those
 * of the read and write queues when their command is legal; so do requests partway
 * through their bursts (Ramulator's are one burst each), which no other may cut in two.
 * Without activate_queue the request a row was opened for is taken to be the oldest hit
 * of the lane served; with it, the request the ACT went for is known, whichever lane it
 * is in, and stays first until it retires (command_queue.c). */
#include "channel_internal.h"

/* The best request of one group so far: the oldest ready one and the oldest at all. */
typedef struct head {
    uint32_t ready, any;
} head;

static void consider(const channel *c, head *h, uint32_t i, int ready)
{
    if (ready && (h->ready == NIL || c->pool[i].seq < c->pool[h->ready].seq))
        h->ready = i;
    if (h->any == NIL || c->pool[i].seq < c->pool[h->any].seq)
        h->any = i;
}

/* Whether bank b's open row, or the row opened for its activated request, takes no row
 * command for request i: a request is partway, or (activate_queue) another request is
 * the bank's activated one, or else the row has served no request and one in the lane
 * served hits it. */
static int pinned(const channel *c, uint32_t b, uint32_t i)
{
    const cbank *k = &c->bank[b];
    if (c->p.activate_queue) {
        uint32_t a = c->aux[b].activated;
        return (a != NIL && a != i) || (k->open_row != NO_ROW && c->aux[b].partway);
    }
    return k->open_row != NO_ROW &&
           (c->aux[b].partway || (k->served_since_act == 0 && lane_hits(c, k)));
}

/* Whether request i of bank b may issue its next command at t (legal[kind] caches the
 * bank's earliest cycle of RD, WR and the row command); a row opened for a request not yet
 * served, or with a request partway, takes no PRE, and a read held for want of a return
 * slot takes no RD. */
static int legal_now(const channel *c, uint32_t b, uint32_t i, uint64_t t, uint64_t *e,
                     uint64_t *next)
{
    const cbank *k = &c->bank[b];
    int hit = c->pool[i].row == k->open_row;
    int kind = hit ? (int)c->pool[i].write : 2;
    if (!hit && pinned(c, b, i))
        return 0; /* its row command waits until the bank's row has served */
    if (hit && read_held(c, &c->pool[i]))
        return 0; /* no return slot for its data (closed-loop use): not ready, as the
                     other orders skip it; Ramulator has no such hold */
    if (e[kind] == UINT64_MAX) {
        hamm_dram_command cmd = hit ? (c->pool[i].write ? HAMM_CMD_WR : HAMM_CMD_RD)
                                    : (k->open_row == NO_ROW ? HAMM_CMD_ACT : HAMM_CMD_PRE);
        e[kind] = bank_earliest(c, b, cmd);
        *next = e[kind] < *next ? e[kind] : *next;
    }
    return e[kind] <= t;
}

/* Sort bank b's requests into the two groups: the oldest hit of a row opened and not yet
 * served, and a hit partway, are in the activate group; the others in the queue group. */
static void scan_bank(const channel *c, uint32_t b, uint64_t t, head *act, head *rest,
                      uint64_t *next)
{
    const cbank *k = &c->bank[b];
    uint64_t e[3] = {UINT64_MAX, UINT64_MAX, UINT64_MAX};
    int capped = c->p.row_hit_cap && k->served_since_act > c->p.row_hit_cap;
    int fresh = k->open_row != NO_ROW && k->served_since_act == 0 && !c->aux[b].partway;
    for (uint32_t i = k->head; i != NIL; i = c->pool[i].next) {
        int hit = c->pool[i].row == k->open_row;
        int legal = legal_now(c, b, i, t, e, next);
        if (hit && (fresh || c->pool[i].bursts_done)) {
            fresh = 0; /* the request the ACT was for, or one partway through its bursts */
            consider(c, act, i, legal);
            continue;
        }
        consider(c, rest, i, legal && !(hit && capped));
    }
}

/* scan_bank with activate_queue: the bank's activated request (of either lane) and a
 * request partway are in the activate group, the lane served's others in the queue group. */
static void scan_bank_activated(const channel *c, uint32_t b, uint64_t t, head *act,
                                head *rest, uint64_t *next)
{
    const cbank *k = &c->bank[b];
    uint64_t e[3] = {UINT64_MAX, UINT64_MAX, UINT64_MAX};
    int capped = c->p.row_hit_cap && k->served_since_act > c->p.row_hit_cap;
    uint32_t a = c->aux[b].activated;
    if (a != NIL)
        consider(c, act, a, legal_now(c, b, a, t, e, next));
    for (uint32_t i = k->head; i != NIL; i = c->pool[i].next) {
        if (i == a)
            continue;
        int hit = c->pool[i].row == k->open_row;
        int legal = legal_now(c, b, i, t, e, next);
        if (hit && c->pool[i].bursts_done)
            consider(c, act, i, legal);
        else
            consider(c, rest, i, legal && !(hit && capped));
    }
}

static void issue(channel *c, uint32_t i, uint64_t t)
{
    const creq *q = &c->pool[i];
    uint32_t open = c->bank[q->bank].open_row;
    if (q->row == open) {
        channel_issue_column(c, i, t);
        return;
    }
    channel_issue_row(c, open == NO_ROW ? HAMM_CMD_ACT : HAMM_CMD_PRE, q->bank, q->row, t);
    if (open == NO_ROW && c->p.activate_queue)
        command_queue_activate(c, i);
}

int queue_head_step(channel *c, uint64_t t, uint64_t *next)
{
    head act = {NIL, NIL}, rest = {NIL, NIL};
    for (uint32_t b = 0; b < c->p.banks; b++) {
        if (c->p.activate_queue)
            scan_bank_activated(c, b, t, &act, &rest, next);
        else
            scan_bank(c, b, t, &act, &rest, next);
    }
    /* the activate group issues only a ready request; then the queue's head, if legal */
    if (act.ready != NIL) {
        issue(c, act.ready, t);
        return 1;
    }
    uint32_t h = rest.ready != NIL ? rest.ready : rest.any;
    if (h == NIL)
        return 0;
    uint64_t unused = UINT64_MAX;
    uint64_t e[3] = {UINT64_MAX, UINT64_MAX, UINT64_MAX};
    if (!legal_now(c, c->pool[h].bank, h, t, e, &unused))
        return 0;
    issue(c, h, t);
    return 1;
}
