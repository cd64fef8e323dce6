/* hamm/dram_model.h - the hybrid analytical DRAM model (Yuan & Aamodt 2009):
 * predicted DRAM efficiency per channel from a request stream, by sliding-window
 * profiling of an FR-FCFS (or Most-Pending, or FCFS) memory controller.
 * See docs/MODEL.md ("The sliding window") and docs/JSON.md for the output. */
#ifndef HAMM_DRAM_MODEL_H
#define HAMM_DRAM_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/addrmap.h"
#include "hamm/config.h"
#include "hamm/error.h"
#include "hamm/export.h"
#include "hamm/stream.h"
#include "hamm/trace.h"

#ifdef __cplusplus
extern "C" {
#endif

/* hamm_heuristic, its names and HAMM_HEUR_ALL are in hamm/config.h: a system model
 * names the heuristics hamm predict reports. */

/* Sums over one channel for one of the two profiling heuristics.  Times are in bytes of
 * data-bus transfer (cycles * bytes_per_cycle) so they add up exactly. */
typedef struct hamm_model_totals {
    uint64_t requests, reads, writes;
    uint64_t periods;     /* closed periods (Eq. 1 terms) */
    uint64_t activates;   /* row switches, the opening of a precharged bank included */
    uint64_t served_bytes;/* SUM of t_i over all periods: every request once */
    uint64_t num_bytes;   /* SUM_n MIN(D_n, SUM_i t_i,n)   (Eq. 5 numerator) */
    uint64_t den_bytes;   /* SUM_n D_n                      (Eq. 5 denominator) */
} hamm_model_totals;

typedef struct hamm_model_params {
    uint32_t channels;
    uint32_t banks;           /* per channel */
    uint32_t queue_size;      /* Q */
    hamm_scheduler policy;    /* FR-FCFS, FCFS or Most-Pending */
    uint32_t tRC, tRP, tRCD;  /* cycles */
    uint32_t bytes_per_cycle; /* chips_per_channel * bus bytes * data_rate */
    double locality_threshold;/* locality-switch: requests per activate (default 2.0) */
    unsigned threads;         /* 2: run the second profiler on a worker thread (same
                                 results); 0 or 1: everything on the caller's thread */
    /* command-timed only (docs/MODEL.md): the DRAM's organization and timing. */
    uint32_t bank_groups;     /* groups dividing the banks evenly (1: none) */
    uint32_t burst_length, data_rate; /* a burst takes burst_length / data_rate cycles */
    uint32_t burst_bytes;     /* bytes one RD or WR moves (chips x bus bytes x BL) */
    hamm_dram_timing timing;
    int arrivals;             /* 1: requests enter the queue no earlier than their arrival
                                 cycle, when the trace has one (timed replay); 0 (the
                                 default): the queue stays full (saturated replay) */
    int refresh;              /* 1: REF every tREFI, when the DRAM has tREFI and tRFC */
} hamm_model_params;

/* The parameters a system model gives (its "predict" defaults included); errors (e.g. a banked-FIFO scheduler, which the
 * analytical model does not cover) name the model field. */
HAMM_API hamm_status hamm_model_params_from_config(const hamm_system_config *cfg,
                                                   hamm_model_params *p, hamm_error *err);

/* T_svc_req (Eq. 3) of a request of `bytes`, in cycles. */
HAMM_API double hamm_model_service_cycles(const hamm_model_params *p, uint32_t bytes);

typedef struct hamm_dram_model hamm_dram_model;

/* A model over `map` (borrowed).  `heuristics` is a bit set of (1u << hamm_heuristic);
 * average and locality-switch run both profilers. */
HAMM_API hamm_status hamm_dram_model_new(hamm_dram_model **out, const hamm_model_params *p,
                                         const hamm_addrmap *map, unsigned heuristics,
                                         hamm_error *err);
/* Feed the next requests of the trace, in order: as mapped by the stream stage (a batch
 * over this model's map, or one of the same geometry), or raw (mapped here). */
HAMM_API void hamm_dram_model_add_batch(hamm_dram_model *m, const hamm_channel_batch *b);
HAMM_API void hamm_dram_model_add(hamm_dram_model *m, const hamm_request *reqs, size_t n);
/* The trace has ended: drain every window.  Call once, before reading results. */
HAMM_API void hamm_dram_model_finish(hamm_dram_model *m);

/* Per-channel sums of a profiling heuristic (NO_OVERLAP, FULL_OVERLAP or COMMAND_TIMED,
 * whose num_bytes and den_bytes are its busy and active cycles x bytes_per_cycle), or
 * NULL when that profiler did not run. */
HAMM_API const hamm_model_totals *hamm_dram_model_totals(const hamm_dram_model *m,
                                                         uint32_t channel, hamm_heuristic h);
/* Predicted efficiency of channel `channel` under h, in [0, 1]; negative when the channel
 * has no requests or h did not run. */
HAMM_API double hamm_dram_model_efficiency(const hamm_dram_model *m, uint32_t channel,
                                           hamm_heuristic h);
/* Over all channels: the request-weighted and the arithmetic mean of the channels that
 * have requests; negative when none has or h did not run. */
HAMM_API double hamm_dram_model_weighted(const hamm_dram_model *m, hamm_heuristic h);
HAMM_API double hamm_dram_model_mean(const hamm_dram_model *m, hamm_heuristic h);
/* A value per heuristic with hamm_dram_model_efficiency's signature, so that one loop over
 * the heuristics that ran writes a channel's row of a table or over all channels.  The
 * two below are hamm_dram_model_weighted and hamm_dram_model_mean (`channel` unused). */
typedef double (*hamm_model_measure)(const hamm_dram_model *m, uint32_t channel,
                                     hamm_heuristic h);
HAMM_API double hamm_dram_model_weighted_measure(const hamm_dram_model *m, uint32_t channel,
                                                 hamm_heuristic h);
HAMM_API double hamm_dram_model_mean_measure(const hamm_dram_model *m, uint32_t channel,
                                             hamm_heuristic h);
/* The trace's average row access locality (requests per activate of the no-overlap
 * profiler, arithmetic mean over channels with requests), and the heuristic that
 * locality-switch chose from it. */
HAMM_API double hamm_dram_model_locality(const hamm_dram_model *m);
HAMM_API hamm_heuristic hamm_dram_model_switch_choice(const hamm_dram_model *m);
HAMM_API const hamm_model_params *hamm_dram_model_params(const hamm_dram_model *m);
HAMM_API unsigned hamm_dram_model_heuristics(const hamm_dram_model *m);
HAMM_API void hamm_dram_model_free(hamm_dram_model *m);

#ifdef __cplusplus
}
#endif

#endif
