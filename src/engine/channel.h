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
    uint32_t burst_bytes;      /* bytes one RD/WR moves: chips x bus bytes x BL */
    uint32_t columns_per_burst;/* BL: a burst covers BL column addresses */
    uint32_t columns;          /* per row (a power of two) */
    const timing_table *timing;
    int refresh;               /* issue REF every tREFI */
    hamm_command_fn on_command;/* may be NULL */
    void *user;
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

#endif
