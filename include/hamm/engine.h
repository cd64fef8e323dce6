/* hamm/engine.h - the reference engine: a cycle-accurate DRAM system (banks, timing,
 * memory controllers with their schedulers) replaying a trace.  The referee for the
 * analytical model: see docs/ENGINE.md and docs/COMMAND_LOG.md ("The constraints"). */
#ifndef HAMM_ENGINE_H
#define HAMM_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/addrmap.h"
#include "hamm/command.h"
#include "hamm/config.h"
#include "hamm/error.h"
#include "hamm/export.h"
#include "hamm/stream.h"
#include "hamm/trace.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How requests enter the controllers' queues. */
typedef enum hamm_replay {
    HAMM_REPLAY_SATURATED = 0, /* a slot is refilled as soon as it frees */
    HAMM_REPLAY_TIMED,         /* at the trace's arrival cycles */
    HAMM_REPLAY_RATE,          /* request i arrives at cycle i / rate */
    HAMM_REPLAY_COUNT
} hamm_replay;

HAMM_API const char *hamm_replay_name(hamm_replay r);
HAMM_API hamm_status hamm_replay_from_name(const char *name, hamm_replay *out, hamm_error *err);

/* The unit of a counter, an explicit field of its entry below: the JSON names every
 * count of cycles with a _cycles suffix. */
typedef enum hamm_stat_unit {
    HAMM_UNIT_CYCLES = 0,      /* "cycles" */
    HAMM_UNIT_REQUESTS,        /* "requests" */
    HAMM_UNIT_COMMANDS,        /* "commands" */
    HAMM_UNIT_REQUEST_CYCLES,  /* "request-cycles": requests summed over cycles */
    HAMM_UNIT_COUNT
} hamm_stat_unit;

/* Per-channel counters, declared once: id, unit (HAMM_UNIT_<unit>), description
 * (GPGPU-Sim's names where they exist).  Expands into the enum below, the names, the
 * units, and the JSON.  In the total (hamm_engine_total) every counter is the sum over
 * channels, except `cycles`, the elapsed time, and `latency_max`, the maximum: so the
 * total's channel_cycles, active_cycles, busy_cycles, ... count channel-cycles. */
#define HAMM_CHANNEL_STATS(X)                                                                \
    X(cycles, CYCLES, "cycles from 0 to the end of the last data transfer of any channel") \
    X(channel_cycles, CYCLES, "cycles summed over channels (one channel: its cycles)")     \
    X(active_cycles, CYCLES, "cycles with a request queued or data in flight")             \
    X(busy_cycles, CYCLES, "cycles the data bus transfers data (GPGPU-Sim bwutil)")        \
    X(requests, REQUESTS, "requests served")                                               \
    X(reads, REQUESTS, "read requests served")                                             \
    X(writes, REQUESTS, "write requests served")                                           \
    X(activates, COMMANDS, "ACT commands")                                                 \
    X(precharges, COMMANDS, "PRE commands")                                                \
    X(read_bursts, COMMANDS, "RD commands")                                                \
    X(write_bursts, COMMANDS, "WR commands")                                               \
    X(refreshes, COMMANDS, "REF commands")                                                 \
    X(row_hits, REQUESTS, "requests whose row was already open for an earlier request")    \
    X(row_misses, REQUESTS, "requests that needed their own ACT")                          \
    X(queue_nonempty_cycles, CYCLES, "cycles with at least one request queued")            \
    X(queue_occupancy_sum, REQUEST_CYCLES, "SUM over cycles of the queued requests")       \
    X(latency_sum, CYCLES, "SUM of request latencies (queue entry to last data)")          \
    X(latency_max, CYCLES, "the longest request latency")

typedef enum hamm_channel_stat {
#define HAMM_STAT_ENUM(id, unit, doc) HAMM_STAT_##id,
    HAMM_CHANNEL_STATS(HAMM_STAT_ENUM)
#undef HAMM_STAT_ENUM
        HAMM_STAT_COUNT
} hamm_channel_stat;

HAMM_API const char *hamm_channel_stat_name(hamm_channel_stat s);
HAMM_API hamm_stat_unit hamm_channel_stat_unit(hamm_channel_stat s);
HAMM_API const char *hamm_stat_unit_name(hamm_stat_unit u);

#define HAMM_OCCUPANCY_BINS 16 /* histogram of queue occupancy while non-empty */

typedef struct hamm_channel_result {
    uint64_t stat[HAMM_STAT_COUNT];
    uint64_t occupancy_hist[HAMM_OCCUPANCY_BINS]; /* cycles by occupancy, Q split evenly */
} hamm_channel_result;

typedef struct hamm_engine_params {
    hamm_system_config cfg;   /* the system simulated */
    hamm_replay replay;
    double rate;              /* HAMM_REPLAY_RATE: requests per DRAM cycle, all channels */
    int refresh;              /* 1: refresh when the DRAM model has tREFI and tRFC; 0: never */
} hamm_engine_params;

/* Whether an engine with these parameters issues REF: asked for, and the DRAM model has
 * tREFI and tRFC. */
HAMM_API int hamm_engine_refreshes(const hamm_engine_params *p);
/* The device an engine's commands speak for, as a command log header and the checker
 * need it (without refresh timings when the engine does not refresh). */
HAMM_API void hamm_engine_command_device(const hamm_engine_params *p, hamm_command_device *dev);

/* Called for every command issued, in issue order per channel. */
typedef void (*hamm_command_fn)(void *user, const hamm_command *cmd);

typedef struct hamm_engine hamm_engine;

/* An engine over `map` (borrowed).  `on_command` may be NULL. */
HAMM_API hamm_status hamm_engine_new(hamm_engine **out, const hamm_engine_params *p,
                                     const hamm_addrmap *map, hamm_command_fn on_command,
                                     void *user, hamm_error *err);
/* Feed requests in trace order: as mapped by the stream stage (a batch over this engine's
 * map, or one of the same geometry), or raw (mapped here).  A timed replay needs arrival
 * cycles that never decrease (an error names the request otherwise; the requests before
 * it have been added). */
HAMM_API hamm_status hamm_engine_add_batch(hamm_engine *e, const hamm_channel_batch *b,
                                           hamm_error *err);
HAMM_API hamm_status hamm_engine_add(hamm_engine *e, const hamm_request *reqs, size_t n,
                                     hamm_error *err);
/* The trace has ended: simulate until every request is served. */
HAMM_API void hamm_engine_finish(hamm_engine *e);
HAMM_API uint32_t hamm_engine_channels(const hamm_engine *e);
HAMM_API const hamm_channel_result *hamm_engine_channel(const hamm_engine *e, uint32_t index);
/* The sum over channels, but for cycles, the elapsed time of the whole system (the
 * latest channel's end, not a sum), and latency_max, the maximum. */
HAMM_API void hamm_engine_total(const hamm_engine *e, hamm_channel_result *total);
HAMM_API const hamm_engine_params *hamm_engine_params_of(const hamm_engine *e);
HAMM_API void hamm_engine_free(hamm_engine *e);

/* Derived measures of a result; negative when undefined (no active cycle, ...). */
HAMM_API double hamm_result_efficiency(const hamm_channel_result *r);  /* busy / active */
/* busy / channel_cycles: of a total, the share of all channels' cycles */
HAMM_API double hamm_result_utilization(const hamm_channel_result *r);
HAMM_API double hamm_result_row_locality(const hamm_channel_result *r); /* requests / ACT */
/* Average requests queued while the queue is non-empty. */
HAMM_API double hamm_result_queue_occupancy(const hamm_channel_result *r);
HAMM_API double hamm_result_latency(const hamm_channel_result *r); /* average, cycles */

#ifdef __cplusplus
}
#endif

#endif
