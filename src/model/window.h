/* window.h - the sliding-window profiler of the hybrid analytical DRAM model for one
 * memory controller and one activate heuristic (docs/MODEL.md, "The sliding window";
 * Yuan & Aamodt 2009, Figure 5).
 *
 * Push-based so that many channels can be profiled in one pass over an interleaved
 * trace: a request that hits its bank's open row is served at once; a miss takes a
 * window slot; when the window holds Q misses the period closes (Eq. 1), rows switch
 * and the window is rescanned.  Memory is O(banks * Q), whatever the trace length.
 *
 * Time is kept in bytes: t_i is the bytes a bank serves in a period, and D (Eq. 1) is
 * counted as D cycles * bytes_per_cycle, so all sums are exact integers.
 */
#ifndef HAMM_MODEL_WINDOW_H
#define HAMM_MODEL_WINDOW_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/dram_model.h"
#include "hamm/stream.h"

#define WINDOW_NO_ROW UINT32_MAX

typedef struct window_params {
    uint32_t banks;           /* banks of the logical device (chips in lockstep) */
    uint32_t queue_size;      /* Q: misses the window holds */
    int full_overlap;         /* 0: no activate overlap, 1: full activate overlap */
    int most_pending;         /* switch to the row with most pending requests */
    uint32_t tRC, tRP, tRCD;  /* command-clock cycles */
    uint32_t bytes_per_cycle; /* DRAMs_per_MC * busW * data_rate (Eq. 3's divisor) */
} window_params;

typedef struct window window;

/* A profiler; `open_rows` (banks entries, WINDOW_NO_ROW for precharged) may be NULL:
 * all banks start precharged.  NULL when out of memory. */
window *window_new(const window_params *p, const uint32_t *open_rows);
void window_free(window *w);

/* One request as the profiler sees it: the stream stage's record (bank, row, size and
 * write are what it reads), so a batch's channel slice is pushed without a copy. */
typedef hamm_mapped_request window_req;

/* Feed the next requests of this channel, in trace order. */
void window_push(window *w, const window_req *reqs, size_t n);
/* The trace has ended: close periods until every request is served. */
void window_finish(window *w);

const hamm_model_totals *window_totals(const window *w);

#endif
