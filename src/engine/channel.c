/* channel.c - one channel of the reference engine: its life cycle, issuing a command
 * (the counters it moves, the command log), and the clock.
 *
 * Each decision cycle the controller issues at most one command (one command bus):
 * a refresh step when one is due (refresh.c), else what the scheduler picks
 * (scheduler.c).  When no command can issue, the clock jumps to the earliest cycle one
 * could.  The bank state and the request queue live in bank_state.c and
 * command_queue.c; channel_internal.h holds the state they share. */
#include <stdlib.h>

#include "channel_internal.h"

channel *channel_new(const channel_params *p)
{
    channel *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->p = *p;
    c->t = p->timing;
    if (!bank_state_init(c) || !command_queue_init(c) || !scheduler_init(c)) {
        channel_free(c);
        return NULL;
    }
    refresh_init(c);
    c->options = c->lanes == 2 || p->row_hit_cap || p->ready_order != HAMM_ORDER_COLUMN_FIRST ||
                 p->page_policy != HAMM_PAGE_OPEN;
    return c;
}

void channel_free(channel *c)
{
    if (!c)
        return;
    bank_state_free(c);
    command_queue_free(c);
    streak_free(c);
    scheduler_free(c);
    free(c);
}

const hamm_channel_result *channel_result(const channel *c)
{
    return &c->r;
}

/* ---- issuing --------------------------------------------------------------------- */

void channel_emit(channel *c, hamm_dram_command cmd, uint32_t bank, uint32_t rank, uint32_t arg,
                  uint64_t t)
{
    if (!c->p.on_command)
        return;
    /* the log numbers a rank's banks from 0 */
    uint32_t in_rank = bank == NIL ? HAMM_NO_BANK : bank & ((UINT32_C(1) << c->rank_shift) - 1);
    hamm_command x = {t, c->p.index, in_rank, arg, cmd, bank == NIL ? rank : rank_of(c, bank)};
    c->p.on_command(c->p.user, &x);
}

void channel_issue_row(channel *c, hamm_dram_command cmd, uint32_t bank, uint32_t row,
                       uint64_t t)
{
    bank_state_apply(c, bank, cmd, t);
    if (cmd == HAMM_CMD_ACT) {
        bank_state_open(c, bank, row);
        if (c->options)
            c->aux[bank].last_use = t;
        c->r.stat[HAMM_STAT_activates]++;
        if (c->on_streak)
            streak_on_act(c, bank, row);
        channel_emit(c, cmd, bank, 0, row, t);
    } else {
        bank_state_close(c, bank);
        if (c->on_streak)
            streak_on_pre(c, bank);
        c->r.stat[HAMM_STAT_precharges]++;
        channel_emit(c, cmd, bank, 0, 0, t);
    }
}

/* What the controller options keep of a burst: the bank's last use (page timeout), and
 * which requests are partway through their bursts. */
static void track_burst(channel *c, const creq *q, uint64_t t)
{
    cbank_aux *x = &c->aux[q->bank];
    x->last_use = t;
    if (q->bursts_done == 0 && q->bursts_left > 1) {
        x->partway++;
        c->partway++;
    } else if (q->bursts_done > 0 && q->bursts_left == 1) {
        x->partway--;
        c->partway--;
    }
}

void channel_issue_column(channel *c, uint32_t i, uint64_t t)
{
    creq *q = &c->pool[i];
    hamm_dram_command cmd = q->write ? HAMM_CMD_WR : HAMM_CMD_RD;
    bank_state_apply(c, q->bank, cmd, t);
    /* Bursts start on a burst boundary and stay in the request's row (the row of its
     * first byte), wrapping at its end. */
    uint32_t bl = c->p.columns_per_burst;
    channel_emit(c, cmd, q->bank, 0,
                 ((q->column & ~(bl - 1)) + q->bursts_done * bl) & (c->p.columns - 1), t);
    cbank *b = &c->bank[q->bank];
    if (c->options)
        track_burst(c, q, t);
    if (q->bursts_done++ == 0) { /* the request's first burst decides hit or miss */
        c->r.stat[b->served_since_act++ ? HAMM_STAT_row_hits : HAMM_STAT_row_misses]++;
        if (!q->write && c->p.return_slots && ++c->returns_held == c->p.return_slots)
            c->hold_reads = 1;
    }
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
    if (c->p.on_done)
        c->p.on_done(c->p.done_user, q->tag, (int)q->write, data_end);
    if (c->joined)
        command_queue_retire_joined(c, i, data_end);
    command_queue_remove(c, i);
}

/* Issue the command of cycle t, if any; else lower *next to when one could issue. */
static int try_issue(channel *c, uint64_t t, uint64_t *next)
{
    if (refresh_due(c, t, next))
        return refresh_step(c, t, next);
    return scheduler_step(c, t, next);
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
        uint64_t bin = (uint64_t)(queued - 1) * HAMM_OCCUPANCY_BINS / c->capacity;
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

/* Simulate until cycle `until`. */
static void run_until(channel *c, uint64_t until)
{
    while (c->now < until) {
        if (c->size == 0 && (!c->refresh || c->next_refresh >= until) &&
            !page_policy_pending(c)) {
            account(c, c->now, until, 0);
            c->now = until;
            return;
        }
        if (!refresh_idle_until(c, until))
            step(c, until);
    }
}

void channel_push(channel *c, uint32_t bank, uint32_t row, uint32_t column, uint32_t bytes,
                  int write, uint64_t arrival)
{
    run_until(c, arrival);
    uint32_t lane = command_queue_lane(c, write);
    /* a free slot follows from a lane's room (activate_queue's pool has one per bank for
     * its activated requests); asked anyway, so no push can overrun the pool */
    while (c->lane_size[lane] == c->lane_cap[lane] || c->free_slot == NIL)
        step(c, UINT64_MAX);
    uint32_t bursts = (bytes + c->p.burst_bytes - 1) / c->p.burst_bytes;
    bursts = bursts ? bursts : 1;
    /* as DRAMsim3's front end, a request is compared with the queue once it has room */
    if (c->joined && command_queue_merge(c, bank, row, column, bursts, write))
        return;
    command_queue_push(c, bank, row, column, bursts, write, c->now);
}

uint64_t channel_drain(channel *c)
{
    while (c->size > 0)
        step(c, UINT64_MAX);
    while (page_policy_pending(c) && c->now < c->data_end) /* rows it closes meanwhile */
        step(c, c->data_end);
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
    c->r.stat[HAMM_STAT_channel_cycles] = end; /* summed in the total; cycles is not */
}

/* ---- closed-loop use ------------------------------------------------------------- */

void channel_close_loop(channel *c, channel_done_fn on_done, void *user, uint32_t return_slots)
{
    c->p.on_done = on_done;
    c->p.done_user = user;
    c->p.return_slots = return_slots;
}

int channel_can_accept(const channel *c, int write)
{
    uint32_t lane = command_queue_lane(c, write);
    return c->lane_size[lane] < c->lane_cap[lane] && c->free_slot != NIL;
}

void channel_enqueue(channel *c, uint32_t bank, uint32_t row, uint32_t column, uint32_t bytes,
                     int write, uint64_t tag, uint64_t origin)
{
    uint32_t bursts = (bytes + c->p.burst_bytes - 1) / c->p.burst_bytes;
    uint32_t i = command_queue_push(c, bank, row, column, bursts ? bursts : 1, write, c->now);
    c->pool[i].tag = tag;
    c->pool[i].origin = origin;
}

void channel_advance(channel *c, uint64_t until)
{
    run_until(c, until);
}

void channel_return_taken(channel *c)
{
    if (c->returns_held)
        c->returns_held--;
    c->hold_reads = 0;
}

int channel_reads_stalled(const channel *c)
{
    if (!c->hold_reads)
        return 0;
    for (uint32_t i = 0; i < c->capacity; i++)
        if (c->pool[i].bursts_left && !c->pool[i].write && !c->pool[i].bursts_done)
            return 1;
    return 0;
}

uint64_t channel_now(const channel *c)
{
    return c->now;
}

int channel_quiet(const channel *c)
{
    return c->size == 0 && c->data_end <= c->now;
}
