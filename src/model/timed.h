/* timed.h - the command-timed profiler of one memory controller (docs/MODEL.md,
 * "command-timed"): the controller's queue of Q requests served in FR-FCFS order (or
 * Most-Pending, or FCFS), each command priced with the DRAM's constraints instead of
 * Eq. 1: column commands tCCD_S or tCCD_L apart by bank group, bus turnarounds at each
 * read/write switch, activates limited by tRRD and tFAW, requests entering the queue no
 * earlier than their arrival cycle when the trace gives one, and refresh.
 *
 * Push-based like window.h; memory is O(banks + Q) whatever the trace length.  Time is
 * counted in cycles: busy (data-bus transfer) over active (a request queued or data in
 * flight), kept in hamm_model_totals as bytes (cycles x bytes_per_cycle). */
#ifndef HAMM_MODEL_TIMED_H
#define HAMM_MODEL_TIMED_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/dram_model.h"
#include "hamm/stream.h"
#include "timed_dram.h"

typedef struct timed_params {
    tdram_params dram;
    uint32_t queue_size;      /* Q */
    hamm_scheduler policy;    /* fr-fcfs, most-pending or fcfs */
    uint32_t burst_bytes;     /* bytes one RD or WR moves: a request takes
                                 ceil(size / burst_bytes) of them */
    uint32_t bytes_per_cycle; /* for the totals, which count time in bytes */
    int arrivals;             /* 1: a request enters no earlier than its arrival cycle
                                 (when the trace gives one); 0: the queue stays full */
    int refresh;              /* 1: REF every tREFI, when the DRAM has one */
} timed_params;

typedef struct timed timed;

timed *timed_new(const timed_params *p); /* NULL when out of memory */
void timed_free(timed *m);
void timed_push(timed *m, const hamm_mapped_request *reqs, size_t n);
void timed_finish(timed *m);
const hamm_model_totals *timed_totals(const timed *m);

#endif
