/* channel.c - banks, request queue, schedulers and counters of one channel.
 *
 * Each decision cycle the controller issues at most one command (one command bus):
 *   1. refresh, when due: close every bank, then REF;
 *   2. a column command (RD/WR) for a request whose row is open ("first ready");
 *      the oldest such request that is legal now wins;
 *   3. otherwise a row command (PRE or ACT) for a bank that has no request to serve
 *      from its open row, towards the row the scheduler picks; the highest priority
 *      among those legal now wins.
 * Schedulers differ only in which requests count in 2 and which row 3 aims at:
 *   fr-fcfs      any queued request to the open row; else the bank's oldest request;
 *   most-pending as fr-fcfs, but 3 aims at the bank's row with the most requests;
 *   banked-fifo  only each bank's oldest request (per-bank FIFOs);
 *   fcfs         only the oldest request of the whole queue.
 * Reads and writes share the queue and are scheduled alike (no write buffer, no write
 * drain); the read/write turnaround (tRTW, tWTR) is paid where it falls.
 * When no command can issue, the clock jumps to the earliest cycle one could. */
#include <stdlib.h>
#include <string.h>

#include "channel.h"
#include "common/alloc.h"

#define NIL UINT32_MAX
#define NO_ROW UINT32_MAX

typedef struct creq {
    uint64_t seq;       /* arrival order */
    uint64_t arrival;   /* cycle it entered the queue */
    uint32_t bank, row, column;
    uint32_t bursts_left;
    uint32_t bursts_done;
    uint32_t write;
    uint32_t prev, next; /* the bank's queue, oldest first; `next` links free slots */
} creq;

typedef struct cbank {
    uint32_t open_row;  /* NO_ROW: precharged */
    uint32_t head, tail;/* queued requests of this bank, oldest first */
    uint32_t queued;
    uint32_t open_hits[2]; /* queued reads [0] and writes [1] to the open row */
    uint32_t served_since_act; /* requests begun since the row opened: hits after the first */
    uint64_t earliest[HAMM_CMD_COUNT];
} cbank;

struct channel {
    channel_params p;
    const timing_table *t;
    uint32_t group_shift; /* bank >> group_shift = its bank group (counts are powers of 2) */
    creq *pool;
    uint32_t free_slot, size;
    cbank *bank;
    uint32_t *hits;     /* scratch of one decision: 1 when a bank still serves its open row */
    uint64_t (*group)[HAMM_CMD_COUNT]; /* [bank_groups] */
    uint64_t chan[HAMM_CMD_COUNT];
    uint64_t faw[4];    /* cycles of the last four ACTs (a ring) */
    uint64_t faw_n;     /* ACTs so far: 64 bits never wrap */
    uint64_t now;
    uint64_t cmd_free;  /* first cycle the command bus is free */
    uint64_t data_end;  /* end of the last data transfer */
    uint64_t seq;
    int refresh;        /* the channel refreshes every tREFI */
    uint64_t next_refresh; /* the cycle the next REF is due, when refreshing */
    uint32_t open_banks;
    uint32_t *mp_row, *mp_count, *mp_used; /* most-pending's row counts: a small hash */
    uint32_t mp_mask;
    hamm_channel_result r;
};

channel *channel_new(const channel_params *p)
{
    channel *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->p = *p;
    c->t = p->timing;
    c->pool = hamm_calloc_array(p->queue_size, sizeof *c->pool);
    c->bank = hamm_calloc_array(p->banks, sizeof *c->bank);
    c->group = hamm_calloc_array(p->bank_groups, sizeof *c->group);
    c->hits = hamm_calloc_array(p->banks, sizeof *c->hits);
    if (!c->pool || !c->bank || !c->group || !c->hits) {
        channel_free(c);
        return NULL;
    }
    for (uint32_t i = 0; i < p->queue_size; i++)
        c->pool[i].next = i + 1 < p->queue_size ? i + 1 : NIL;
    for (uint32_t b = 0; b < p->banks; b++) {
        c->bank[b].open_row = NO_ROW;
        c->bank[b].head = c->bank[b].tail = NIL;
    }
    c->refresh = p->refresh && c->t->tREFI;
    c->next_refresh = c->refresh ? c->t->tREFI : UINT64_MAX;
    uint32_t slots = 4;
    while (slots < 2 * p->queue_size)
        slots *= 2;
    c->mp_mask = slots - 1;
    c->mp_row = hamm_calloc_array(slots, sizeof *c->mp_row);
    c->mp_count = hamm_calloc_array(slots, sizeof *c->mp_count);
    c->mp_used = hamm_calloc_array(p->queue_size, sizeof *c->mp_used);
    if (!c->mp_row || !c->mp_count || !c->mp_used) {
        channel_free(c);
        return NULL;
    }
    for (uint32_t per_group = p->banks / p->bank_groups; per_group > 1; per_group >>= 1)
        c->group_shift++;
    return c;
}

void channel_free(channel *c)
{
    if (!c)
        return;
    free(c->pool);
    free(c->bank);
    free(c->group);
    free(c->hits);
    free(c->mp_row);
    free(c->mp_count);
    free(c->mp_used);
    free(c);
}

const hamm_channel_result *channel_result(const channel *c)
{
    return &c->r;
}

static uint32_t group_of(const channel *c, uint32_t bank)
{
    return bank >> c->group_shift;
}

static uint64_t max64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

/* ---- timing ------------------------------------------------------------------- */

/* The first cycle `cmd` may issue to `bank` (NIL: a channel-wide REF). */
static uint64_t earliest(const channel *c, uint32_t bank, hamm_dram_command cmd)
{
    uint64_t e = max64(c->chan[cmd], c->cmd_free);
    if (bank != NIL)
        e = max64(e, max64(c->bank[bank].earliest[cmd], c->group[group_of(c, bank)][cmd]));
    if (cmd == HAMM_CMD_ACT && c->t->tFAW && c->faw_n >= 4)
        e = max64(e, c->faw[c->faw_n % 4] + c->t->tFAW); /* the oldest of the last four */
    return e; /* a REF waits for tRP after the last PRE: a channel-wide delay */
}

static void push_delays(uint64_t *earliest_of, const uint32_t *delay, uint64_t t)
{
    for (int a = 0; a < HAMM_CMD_COUNT; a++)
        if (delay[a])
            earliest_of[a] = max64(earliest_of[a], t + delay[a]);
}

static void apply_timing(channel *c, uint32_t bank, hamm_dram_command cmd, uint64_t t)
{
    push_delays(c->chan, c->t->delay[SCOPE_CHANNEL][cmd], t);
    if (bank != NIL) {
        push_delays(c->group[group_of(c, bank)], c->t->delay[SCOPE_GROUP][cmd], t);
        push_delays(c->bank[bank].earliest, c->t->delay[SCOPE_BANK][cmd], t);
    }
    if (cmd == HAMM_CMD_ACT)
        c->faw[c->faw_n++ % 4] = t;
    c->cmd_free = t + 1;
}

/* ---- the queue ------------------------------------------------------------------- */

static void enqueue(channel *c, uint32_t bank, uint32_t row, uint32_t column, uint32_t bursts,
                    int write, uint64_t arrival)
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

static void dequeue(channel *c, uint32_t i)
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

/* ---- issuing --------------------------------------------------------------------- */

static void emit(channel *c, hamm_dram_command cmd, uint32_t bank, uint32_t arg, uint64_t t)
{
    if (c->p.on_command) {
        hamm_command x = {t, c->p.index, bank, arg, cmd};
        c->p.on_command(c->p.user, &x);
    }
}

static void issue_row(channel *c, hamm_dram_command cmd, uint32_t bank, uint32_t row,
                      uint64_t t)
{
    apply_timing(c, bank, cmd, t);
    cbank *b = &c->bank[bank];
    if (cmd == HAMM_CMD_ACT) {
        c->open_banks++;
        b->open_row = row;
        b->served_since_act = 0;
        b->open_hits[0] = b->open_hits[1] = 0;
        for (uint32_t i = b->head; i != NIL; i = c->pool[i].next)
            b->open_hits[c->pool[i].write] += c->pool[i].row == row;
        c->r.stat[HAMM_STAT_activates]++;
        emit(c, cmd, bank, row, t);
    } else {
        c->open_banks--;
        b->open_row = NO_ROW;
        b->open_hits[0] = b->open_hits[1] = 0;
        c->r.stat[HAMM_STAT_precharges]++;
        emit(c, cmd, bank, 0, t);
    }
}

static void issue_column(channel *c, uint32_t i, uint64_t t)
{
    creq *q = &c->pool[i];
    hamm_dram_command cmd = q->write ? HAMM_CMD_WR : HAMM_CMD_RD;
    apply_timing(c, q->bank, cmd, t);
    /* Bursts start on a burst boundary and stay in the request's row (the row of its
     * first byte), wrapping at its end. */
    uint32_t bl = c->p.columns_per_burst;
    emit(c, cmd, q->bank, ((q->column & ~(bl - 1)) + q->bursts_done * bl) & (c->p.columns - 1),
         t);
    cbank *b = &c->bank[q->bank];
    if (q->bursts_done++ == 0) /* the request's first burst decides hit or miss */
        c->r.stat[b->served_since_act++ ? HAMM_STAT_row_hits : HAMM_STAT_row_misses]++;
    c->r.stat[q->write ? HAMM_STAT_write_bursts : HAMM_STAT_read_bursts]++;
    c->r.stat[HAMM_STAT_busy_cycles] += c->t->burst;
    uint64_t data_end = t + (q->write ? c->t->write_to_data : c->t->read_to_data) + c->t->burst;
    c->data_end = max64(c->data_end, data_end);
    if (--q->bursts_left)
        return;
    uint64_t latency = data_end - q->arrival;
    c->r.stat[HAMM_STAT_requests]++;
    c->r.stat[q->write ? HAMM_STAT_writes : HAMM_STAT_reads]++;
    c->r.stat[HAMM_STAT_latency_sum] += latency;
    if (latency > c->r.stat[HAMM_STAT_latency_max])
        c->r.stat[HAMM_STAT_latency_max] = latency;
    dequeue(c, i);
}

/* Close open banks, then refresh.  Returns 1 when a command issued at t. */
static int refresh_step(channel *c, uint64_t t, uint64_t *next)
{
    for (uint32_t b = 0; b < c->p.banks; b++) {
        if (c->bank[b].open_row == NO_ROW)
            continue;
        uint64_t e = earliest(c, b, HAMM_CMD_PRE);
        if (e <= t) {
            issue_row(c, HAMM_CMD_PRE, b, 0, t);
            return 1;
        }
        *next = e < *next ? e : *next;
        return 0; /* one bank at a time, in order */
    }
    uint64_t e = earliest(c, NIL, HAMM_CMD_REF);
    if (e > t) {
        *next = e < *next ? e : *next;
        return 0;
    }
    apply_timing(c, NIL, HAMM_CMD_REF, t);
    emit(c, HAMM_CMD_REF, HAMM_NO_BANK, 0, t);
    c->r.stat[HAMM_STAT_refreshes]++;
    c->next_refresh += c->t->tREFI;
    return 1;
}

/* ---- scheduling --------------------------------------------------------------------- */

/* The queue's oldest request (for fcfs), NIL when empty. */
static uint32_t oldest_request(const channel *c)
{
    uint32_t best = NIL;
    for (uint32_t b = 0; b < c->p.banks; b++) {
        uint32_t h = c->bank[b].head;
        if (h != NIL && (best == NIL || c->pool[h].seq < c->pool[best].seq))
            best = h;
    }
    return best;
}

/* The oldest request bank b may serve from its open row under the scheduler that is legal
 * at t (RD and WR wait for different things), or NIL; *any tells whether the bank has a
 * servable request at all, and *next is lowered to when one becomes legal. */
static uint32_t hit_request(const channel *c, uint32_t b, uint32_t fcfs_oldest, uint64_t t,
                            int *any, uint64_t *next)
{
    const cbank *k = &c->bank[b];
    *any = 0;
    if (k->open_hits[0] + k->open_hits[1] == 0)
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
        uint64_t e = earliest(c, b, w ? HAMM_CMD_WR : HAMM_CMD_RD);
        if (e <= t)
            return i;
        *next = e < *next ? e : *next;
        waiting[w] = 1;
        if (waiting[!w] || k->open_hits[!w] == 0)
            break; /* nothing of the other kind can be legal either */
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

static int column_step(channel *c, uint64_t t, uint32_t oldest, uint32_t *hits, uint64_t *next)
{
    choice best = {NIL, 0};
    for (uint32_t b = 0; b < c->p.banks; b++) {
        int any;
        uint32_t i = hit_request(c, b, oldest, t, &any, next);
        hits[b] = any; /* the bank still serves its open row: no PRE for it */
        if (i != NIL && better(c, &best, i, 1))
            best.req = i;
    }
    if (best.req == NIL)
        return 0;
    issue_column(c, best.req, t);
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
        uint64_t e = earliest(c, b, cmd);
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
    issue_row(c, c->bank[q->bank].open_row == NO_ROW ? HAMM_CMD_ACT : HAMM_CMD_PRE, q->bank,
              q->row, t);
    return 1;
}

/* Issue the command of cycle t, if any; else lower *next to when one could issue. */
static int try_issue(channel *c, uint64_t t, uint64_t *next)
{
    if (c->refresh && t >= c->next_refresh)
        return refresh_step(c, t, next);
    *next = c->next_refresh < *next ? c->next_refresh : *next;
    if (c->size == 0)
        return 0;
    uint32_t oldest = c->p.scheduler == HAMM_SCHED_FCFS ? oldest_request(c) : NIL;
    return column_step(c, t, oldest, c->hits, next) || row_step(c, t, oldest, c->hits, next);
}

/* ---- the clock -------------------------------------------------------------------- */

/* Count [a, b) with `queued` requests waiting and no command changing that. */
static void account(channel *c, uint64_t a, uint64_t b, uint32_t queued)
{
    if (b <= a)
        return;
    uint64_t len = b - a;
    if (queued) {
        c->r.stat[HAMM_STAT_active_cycles] += len;
        c->r.stat[HAMM_STAT_queue_nonempty_cycles] += len;
        c->r.stat[HAMM_STAT_queue_occupancy_sum] += len * queued;
        uint64_t bin = (uint64_t)(queued - 1) * HAMM_OCCUPANCY_BINS / c->p.queue_size;
        c->r.occupancy_hist[bin] += len;
    } else if (c->data_end > a) {
        c->r.stat[HAMM_STAT_active_cycles] += (c->data_end < b ? c->data_end : b) - a;
    }
}

/* One decision: issue at `now`, or jump towards the next possible command (not past
 * `limit`). */
static void step(channel *c, uint64_t limit)
{
    uint64_t t = c->now, next = UINT64_MAX;
    uint32_t queued = c->size;
    if (try_issue(c, t, &next)) {
        account(c, t, t + 1, queued);
        c->now = t + 1;
        return;
    }
    if (next <= t)
        next = t + 1;
    if (next > limit)
        next = limit;
    account(c, t, next, queued);
    c->now = next;
}

/* An idle channel (nothing queued, every bank closed, no data in flight) only refreshes,
 * each REF exactly when due (tRFC <= tREFI): do every REF before `until` at once rather
 * than one step each, unless each must be reported to the command log.  Returns 1 when
 * it advanced to `until`. */
static int idle_until(channel *c, uint64_t until)
{
    if (c->size || c->open_banks || c->data_end > c->now)
        return 0;
    if (c->refresh && c->next_refresh < until) {
        if (c->p.on_command || earliest(c, NIL, HAMM_CMD_REF) > c->next_refresh)
            return 0;
        uint64_t k = (until - 1 - c->next_refresh) / c->t->tREFI + 1;
        uint64_t last = c->next_refresh + (k - 1) * c->t->tREFI;
        apply_timing(c, NIL, HAMM_CMD_REF, last);
        c->r.stat[HAMM_STAT_refreshes] += k;
        c->next_refresh = last + c->t->tREFI;
    }
    c->now = until;
    return 1;
}

/* Simulate until cycle `until`. */
static void run_until(channel *c, uint64_t until)
{
    while (c->now < until) {
        if (c->size == 0 && (!c->refresh || c->next_refresh >= until)) {
            account(c, c->now, until, 0);
            c->now = until;
            return;
        }
        if (!idle_until(c, until))
            step(c, until);
    }
}

void channel_push(channel *c, uint32_t bank, uint32_t row, uint32_t column, uint32_t bytes,
                  int write, uint64_t arrival)
{
    run_until(c, arrival);
    while (c->size == c->p.queue_size)
        step(c, UINT64_MAX);
    uint32_t bursts = (bytes + c->p.burst_bytes - 1) / c->p.burst_bytes;
    enqueue(c, bank, row, column, bursts ? bursts : 1, write, c->now);
}

uint64_t channel_drain(channel *c)
{
    while (c->size > 0)
        step(c, UINT64_MAX);
    if (c->data_end > c->now) {
        account(c, c->now, c->data_end, 0);
        c->now = c->data_end;
    }
    return c->now;
}

void channel_close(channel *c, uint64_t end)
{
    run_until(c, end); /* idle: only refreshes, if any */
    c->r.stat[HAMM_STAT_cycles] = end;
}
