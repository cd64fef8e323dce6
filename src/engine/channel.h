/* channel.h - one memory channel of the reference engine: its banks, the controller's
 * request queue and scheduler, and its counters.
 *
 * Push-based and event-driven: a request is pushed with its arrival cycle; the channel
 * simulates up to that cycle (and further while its queue is full), jumping over cycles
 * in which no command can issue.  Channels do not interact, so each runs its own clock. */
#ifndef HAMM_ENGINE_CHANNEL_H
#define HAMM_ENGINE_CHANNEL_H

#include <stdint.h>

#include "hamm/engine.h"
#include "timing.h"

/* Closed-loop use: the request named `tag` has had its last burst issued; its data
 * transfer ends at `data_end`. */
typedef void (*channel_done_fn)(void *user, uint64_t tag, int write, uint64_t data_end);

typedef struct channel_params {
    uint32_t index;            /* channel number, for the command log */
    uint32_t ranks;            /* per channel (a power of two, at most 16) */
    uint32_t banks, bank_groups; /* of all ranks: rank r's bank b is r * banks / ranks + b */
    uint32_t queue_size;       /* Q: every request, or the reads with a write queue */
    uint32_t write_queue_size; /* 0: writes share the queue; else the write queue's size */
    uint32_t drain_high;       /* drain writes from this many (at most write_queue_size) */
    uint32_t drain_low;        /* ... down to this many, while reads wait */
    hamm_scheduler scheduler;
    hamm_ready_order ready_order;
    hamm_page_policy page_policy;
    uint32_t page_timeout;     /* cycles an unused open row stays open (timeout policy) */
    uint32_t row_hit_cap;      /* 0: none */
    int merge_same_address;    /* a request to a queued request's address joins it, or a
                                  read is served by a queued write (command_queue.c) */
    int activate_queue;        /* queue-head: a request leaves its lane's count when its ACT
                                  issues; activated requests go first (command_queue.c) */
    uint32_t burst_bytes;      /* bytes one RD/WR moves: chips x bus bytes x BL */
    uint32_t columns_per_burst;/* BL: a burst covers BL column addresses */
    uint32_t columns;          /* per row (a power of two) */
    const timing_table *timing;
    int refresh;               /* issue REF every tREFI */
    hamm_command_fn on_command;/* may be NULL */
    void *user;
    /* closed-loop use (channel_close_loop): */
    channel_done_fn on_done;   /* NULL: none */
    void *done_user;
    uint32_t return_slots;     /* reads whose data may wait to be taken; 0: unlimited */
} channel_params;

typedef struct channel channel;

channel *channel_new(const channel_params *p);
void channel_free(channel *c);
/* Enqueue a request arriving at `arrival` (never before an earlier push's arrival);
 * waits (simulating) while the queue is full. */
void channel_push(channel *c, uint32_t bank, uint32_t row, uint32_t column, uint32_t bytes,
                  int write, uint64_t arrival);
/* Serve everything queued; returns the cycle the last data transfer ends. */
uint64_t channel_drain(channel *c);
/* End the simulation at `end` (at least every channel's drain cycle): an idle channel
 * still refreshes until then, and its cycle count is the whole span. */
void channel_close(channel *c, uint64_t end);
const hamm_channel_result *channel_result(const channel *c);

/* ---- closed-loop use (the GPU engine drives the channel cycle by cycle) ----
 * Requests enter at the channel's current cycle when their queue has room; completion
 * comes through on_done.  A read reserves a return slot at its first burst; while all
 * return_slots are held no read starts (a full return path stalls the DRAM, as in
 * GPGPU-Sim) until channel_return_taken frees one. */
void channel_close_loop(channel *c, channel_done_fn on_done, void *user, uint32_t return_slots);
int channel_can_accept(const channel *c, int write);
void channel_enqueue(channel *c, uint32_t bank, uint32_t row, uint32_t column, uint32_t bytes,
                     int write, uint64_t tag, uint64_t origin);
void channel_advance(channel *c, uint64_t until);
void channel_return_taken(channel *c);
/* Reads are held for want of a return slot while some read waits to start. */
int channel_reads_stalled(const channel *c);
uint64_t channel_now(const channel *c);
/* Nothing queued and no data in flight. */
int channel_quiet(const channel *c);
/* Row streaks (the Yuan thesis' row streak breakers, docs/ICNT-HOLD.md).  A request's
 * `origin` (channel_enqueue) is the caller's name for where it came from; the channel
 * only hands it back.  With an observer, every ACT that opens in a bank another row than
 * the bank's previous ACT did (or its first) starts a row streak and calls the observer:
 * in the bank's queue, oldest first, the oldest request to the new row is the pending
 * one; the oldest request after it to the previous row, if any, is stranded.  `origins`
 * then holds the origins of the pending request and every one after it up to the
 * stranded request (the row streak breakers, n of them), then the stranded request's
 * (origins[n]); else n is 0 and stranded 0. */
typedef void (*channel_streak_fn)(void *user, const uint64_t *origins, uint32_t n,
                                  int stranded);
/* 0: out of memory (no observer then). */
int channel_observe_streaks(channel *c, channel_streak_fn fn, void *user);
/* Channel `index` of an engine, for closed-loop use (engine.c). */
channel *engine_channel_of(hamm_engine *e, uint32_t index);

#endif
