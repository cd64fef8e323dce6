/* channel_internal.h - what the files of one channel share inside src/engine: the
 * channel's state and the functions each file lends the others.
 *
 * The channel is cut DRAMsim3's way, each file owning a part of `struct channel`:
 *   bank_state.c     open rows, earliest cycle of each command (bank, group, rank),
 *                    each rank's four-activate ring, the command bus;
 *   command_queue.c  the controller's request queues (a slot pool, one list per bank
 *                    and queue), the write drain that picks the queue served, and the
 *                    activated requests (activate_queue);
 *   scheduler.c      which column or row command to issue now (the four policies);
 *   oldest_ready.c   fr-fcfs's other order: the oldest request with a legal command;
 *   queue_head.c     fr-fcfs as Ramulator 1 runs it: only the head of its queues issues;
 *   first_ready.c    fr-fcfs as DRAMsim3 runs it: oldest-ready, PREs only when no hit waits;
 *   page_policy.c    closing rows no queued request hits (closed and timeout pages);
 *   refresh.c        REF every tREFI, and skipping idle time;
 *   channel.c        life cycle, issuing a command, counters and the clock.
 * bank_earliest is inline here: the scheduler asks it for every bank at every decision. */
#ifndef HAMM_ENGINE_CHANNEL_INTERNAL_H
#define HAMM_ENGINE_CHANNEL_INTERNAL_H

#include <stdint.h>

#include "channel.h"

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
    uint64_t tag;        /* the closed-loop caller's name for it (channel_enqueue) */
    uint64_t origin;     /* the closed-loop caller's: where it came from (streak.c) */
} creq;

/* merge_same_address: the requests that joined a queued request and complete with it. */
typedef struct creq_joined {
    uint64_t arrival_sum; /* SUM of their entry cycles */
    uint32_t count;
} creq_joined;

/* The queues: with a write queue, reads are lane 0 and writes lane 1; without, every
 * request is in lane 0.  The scheduler serves one lane at a time (c->lane): each bank's
 * list of that lane is head/tail, the other lane's idle_head/idle_tail (swapped when
 * the lane served changes, so the scheduler reads one list as it always did). */
#define LANES 2

typedef struct cbank {
    uint32_t open_row;  /* NO_ROW: precharged */
    uint32_t head, tail;/* its queued requests of the lane served, oldest first */
    uint32_t open_hits[2]; /* queued reads [0] and writes [1] to the open row */
    uint32_t served_since_act; /* requests begun since the row opened: hits after the first */
    uint64_t earliest[HAMM_CMD_COUNT];
} cbank; /* 64 bytes: the scheduler indexes banks at every decision; the rest is cbank_aux */

/* What one rank shares among its banks: the earliest cycle of each command (the rank
 * scope, and what the other ranks' bursts leave on the shared data bus), and its
 * four-activate ring. */
typedef struct crank {
    uint64_t earliest[HAMM_CMD_COUNT];
    uint64_t faw[4];    /* cycles of the rank's last four ACTs (a ring) */
    uint64_t faw_n;     /* its ACTs so far: 64 bits never wrap */
} crank;

#define MAX_RANKS 16u /* the model's limit on ranks_per_channel */

/* What only the controller options read, beside cbank to keep it small. */
typedef struct cbank_aux {
    uint32_t idle_head, idle_tail; /* the bank's requests of the lane not served */
    uint32_t partway;   /* its requests with some bursts issued and some not */
    uint32_t activated; /* activate_queue: its request whose ACT issued and that has not
                           retired (at most one: no other request's row command may go
                           to the bank meanwhile, queue_head.c), else NIL */
    uint64_t last_use;  /* cycle of its last ACT, RD or WR (the page timeout's start) */
} cbank_aux;

struct channel {
    channel_params p;
    const timing_table *t;
    /* bank state */
    /* Banks and groups are numbered across ranks: rank r's bank b is r * banks + b. */
    uint32_t group_shift; /* bank >> group_shift = its bank group (counts are powers of 2) */
    uint32_t rank_shift;  /* bank >> rank_shift = its rank */
    cbank *bank;
    cbank_aux *aux;     /* [banks] */
    uint64_t (*group)[HAMM_CMD_COUNT]; /* [bank_groups] */
    crank rank[MAX_RANKS]; /* [p.ranks] */
    uint64_t cmd_free;  /* first cycle the command bus is free */
    uint32_t open_banks;
    /* command queue */
    creq *pool;
    creq_joined *joined;      /* [capacity] with merge_same_address, else NULL */
    uint32_t free_slot, size; /* size: requests queued in both lanes */
    uint32_t lanes;           /* 1: one shared queue; 2: a write queue too */
    uint32_t lane;            /* the lane served now (1: draining writes) */
    uint32_t lane_size[LANES], lane_cap[LANES];
    uint32_t capacity;        /* the pool: lane_cap[0] + lane_cap[1], and one slot per bank
                                 with activate_queue (its activated request) */
    uint32_t partway;         /* requests with some bursts issued and some not */
    int hit_rules;            /* a write queue or a row-hit cap: hits need more checks */
    int options;              /* any controller option is not at its default */
    uint64_t seq;
    /* scheduler */
    uint32_t *hits;     /* scratch of one decision: 1 when a bank still serves its open row */
    uint32_t *mp_row, *mp_count, *mp_used; /* most-pending's row counts: a small hash */
    uint32_t mp_mask;
    /* refresh */
    int refresh;        /* the channel refreshes every tREFI */
    uint64_t next_refresh; /* the cycle the next REF is due, when refreshing */
    uint32_t ref_rank;  /* the next rank to refresh in the round due (all ranks in turn) */
    uint64_t bursts_at_ref; /* RD + WR bursts issued before the last REF */
    int owed;           /* requests waited at the last REF: one burst before the next */
    /* the clock and the counters */
    uint64_t now;
    uint64_t data_end;  /* end of the last data transfer */
    hamm_channel_result r;
    /* closed-loop use: reads whose data waits in the return queue */
    uint32_t returns_held;
    int hold_reads;     /* the return queue is full: no read may start */
    /* closed-loop use: the row streak observer (streak.c), NULL: none */
    channel_streak_fn on_streak;
    void *streak_user;
    uint32_t *streak_row;    /* [banks]: the row each bank's last ACT opened, or NO_ROW */
    uint64_t *streak_cut;    /* [banks]: requests queued before each bank's last PRE */
    uint64_t *streak_origins;/* [capacity]: scratch of one row switch */
};

static inline uint64_t max64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

/* ---- bank_state.c ---- */

static inline uint32_t bank_group_of(const channel *c, uint32_t bank)
{
    return bank >> c->group_shift;
}

static inline uint32_t rank_of(const channel *c, uint32_t bank)
{
    return bank >> c->rank_shift;
}

/* The first cycle `cmd` may issue to rank r as a whole (a REF: it waits for tRP after
 * the rank's last PRE, a rank-wide delay). */
static inline uint64_t rank_earliest(const channel *c, uint32_t r, hamm_dram_command cmd)
{
    return max64(c->rank[r].earliest[cmd], c->cmd_free);
}

/* The first cycle `cmd` may issue to `bank`. */
static inline uint64_t bank_earliest(const channel *c, uint32_t bank, hamm_dram_command cmd)
{
    const crank *r = &c->rank[rank_of(c, bank)];
    uint64_t e = rank_earliest(c, rank_of(c, bank), cmd);
    e = max64(e, max64(c->bank[bank].earliest[cmd], c->group[bank_group_of(c, bank)][cmd]));
    if (cmd == HAMM_CMD_ACT && c->t->tFAW && r->faw_n >= 4)
        e = max64(e, r->faw[r->faw_n % 4] + c->t->tFAW); /* the oldest of the last four */
    return e;
}

/* Allocate and clear the banks and groups: every bank precharged.  0: out of memory. */
int bank_state_init(channel *c);
void bank_state_free(channel *c);
/* `cmd` issued at t to `bank`: delay what it delays, occupy the command bus. */
void bank_state_apply(channel *c, uint32_t bank, hamm_dram_command cmd, uint64_t t);
/* REF issued at t to rank r. */
void bank_state_refresh(channel *c, uint32_t r, uint64_t t);
/* Bank b opens `row` (ACT) or closes (PRE); its queued hits are counted afresh. */
void bank_state_open(channel *c, uint32_t b, uint32_t row);
void bank_state_close(channel *c, uint32_t b);

/* The open-row hits bank k has in the lane served now. */
static inline uint32_t lane_hits(const channel *c, const cbank *k)
{
    return c->lanes == 1 ? k->open_hits[0] + k->open_hits[1] : k->open_hits[c->lane];
}

/* Closed-loop use: a read that has not begun may not start while every return slot is
 * held (channel_close_loop); a read partway through its bursts goes on. */
static inline int read_held(const channel *c, const creq *q)
{
    return !q->write && c->hold_reads && !q->bursts_done;
}

/* The row-hit cap: the bank's open row has served row_hit_cap hits, its oldest request
 * wants another row, and no request is partway through its bursts. */
static inline int hits_capped(const channel *c, const cbank *k)
{
    uint32_t h = k->head;
    return c->p.row_hit_cap && k->served_since_act > c->p.row_hit_cap &&
           !c->aux[k - c->bank].partway && h != NIL && c->pool[h].row != k->open_row;
}

/* ---- command_queue.c ---- */

/* Allocate the slots, all free.  0: out of memory. */
int command_queue_init(channel *c);
void command_queue_free(channel *c);
/* The lane a request goes to (1: a write, when there is a write queue). */
static inline uint32_t command_queue_lane(const channel *c, int write)
{
    return c->lanes == 2 && write;
}
/* Choose the lane to serve: reads until write_drain_high writes wait (or no read does),
 * then writes until at most write_drain_low wait while reads do (or none waits). */
void command_queue_drain(channel *c);
/* Queue a request; returns its slot. */
uint32_t command_queue_push(channel *c, uint32_t bank, uint32_t row, uint32_t column,
                            uint32_t bursts, int write, uint64_t arrival);
void command_queue_remove(channel *c, uint32_t i);
/* activate_queue: the ACT for queued request i issued; it leaves its lane's count (not
 * its slot) as the bank's activated request, unless it already is (a REF closed its row). */
void command_queue_activate(channel *c, uint32_t i);
/* merge_same_address: serve a request arriving now without a slot if a queued request to
 * its address (bank, row, column), none of whose bursts has issued and at least as long,
 * can serve it: a read by a queued write (done the next cycle) or else by joining a
 * queued read, a write by joining a queued write.  Returns 1 when it did. */
int command_queue_merge(channel *c, uint32_t bank, uint32_t row, uint32_t column,
                        uint32_t bursts, int write);
/* Queued request i retires with its data ending at data_end: count the requests that
 * joined it as served then. */
void command_queue_retire_joined(channel *c, uint32_t i, uint64_t data_end);
/* The queue's oldest request (for fcfs), NIL when empty. */
uint32_t command_queue_oldest(const channel *c);

/* ---- scheduler.c ---- */

int scheduler_init(channel *c);
void scheduler_free(channel *c);
/* Issue the column or row command the scheduler picks at t, if any is legal (returns 1);
 * else lower *next to when one could be. */
int scheduler_step(channel *c, uint64_t t, uint64_t *next);

/* ---- oldest_ready.c ---- */

/* fr-fcfs oldest-ready: issue the command of the oldest request whose next command is
 * legal at t (returns 1); else lower *next to when one could be. */
int oldest_ready_step(channel *c, uint64_t t, uint64_t *next);
/* Bank b's request whose next command is legal at t under an order, or NIL (lowering
 * *next); and the step both oldest-first orders share: the oldest such request's command
 * issues. */
typedef uint32_t (*bank_pick_fn)(const channel *c, uint32_t b, uint64_t t, uint64_t *next);
int oldest_pick_step(channel *c, uint64_t t, uint64_t *next, bank_pick_fn pick);

/* ---- queue_head.c ---- */

/* fr-fcfs queue-head (Ramulator 1's controller): issue the head's command if legal at t
 * (returns 1); else lower *next to when a command could be. */
int queue_head_step(channel *c, uint64_t t, uint64_t *next);

/* ---- first_ready.c ---- */

/* fr-fcfs first-ready (DRAMsim3's command queue): as oldest_ready_step, but a PRE only for
 * the bank's oldest request, with no queued hit to the open row or past the cap. */
int first_ready_step(channel *c, uint64_t t, uint64_t *next);

/* ---- page_policy.c ---- */

/* Whether the channel may still have a row to close (the clock cannot skip it). */
static inline int page_policy_pending(const channel *c)
{
    return c->p.page_policy != HAMM_PAGE_OPEN && c->open_banks;
}

/* Closed and timeout pages: precharge a bank whose open row no queued request hits, once
 * unused for the timeout.  Returns 1 when a PRE issued at t; else lowers *next. */
int page_policy_step(channel *c, uint64_t t, uint64_t *next);

/* ---- refresh.c ---- */

void refresh_init(channel *c);
/* Whether a REF takes cycle t (refresh_step's turn); else lowers *next to when one is due. */
int refresh_due(const channel *c, uint64_t t, uint64_t *next);
/* Close open banks, then refresh.  Returns 1 when a command issued at t; else lowers
 * *next to when one could. */
int refresh_step(channel *c, uint64_t t, uint64_t *next);
/* Jump an idle channel to `until`, doing its REFs at once; 1 when it did. */
int refresh_idle_until(channel *c, uint64_t until);

/* ---- streak.c ---- */

/* An ACT to `row` issued to `bank`: a row switch goes to the observer (channel.h). */
void streak_on_act(channel *c, uint32_t bank, uint32_t row);
/* A PRE issued to `bank`: the requests queued now are those its row switch may strand. */
static inline void streak_on_pre(channel *c, uint32_t bank)
{
    c->streak_cut[bank] = c->seq;
}
void streak_free(channel *c);

/* ---- channel.c ---- */

/* Report a command to the command log, if any (bank: across ranks; REF: NIL, to `rank`). */
void channel_emit(channel *c, hamm_dram_command cmd, uint32_t bank, uint32_t rank, uint32_t arg,
                  uint64_t t);
/* Issue ACT or PRE to `bank` at t (row: ACT's row). */
void channel_issue_row(channel *c, hamm_dram_command cmd, uint32_t bank, uint32_t row,
                       uint64_t t);
/* Issue the next burst of queued request i at t; the last burst retires it. */
void channel_issue_column(channel *c, uint32_t i, uint64_t t);

#endif
