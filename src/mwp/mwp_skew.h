/* mwp_skew.h - how unevenly the requests sent together spread over the DRAM's channels,
 * for the MWP/CWP counts (docs/MWP.md, "Channel skew"). */
#ifndef HAMM_WORKLOAD_MWP_SKEW_H
#define HAMM_WORKLOAD_MWP_SKEW_H

#include <stddef.h>
#include <stdint.h>

/* Requests per (memory period, channel) of one round of resident CTAs; flushed into the
 * sums of the busiest channel's requests and of all requests, period by period. */
typedef struct mwp_skew {
    uint32_t channels, chunk; /* channel = (address / chunk) mod channels */
    uint32_t *count;          /* [period x channels] */
    size_t periods;           /* rows allocated */
    uint64_t busiest, total;  /* sums over the flushed periods */
} mwp_skew;

/* The most (period, channel) counters kept (64 MB); requests of later periods are not
 * counted. */
#define MWP_SKEW_MAX_CELLS ((uint64_t)1 << 24)

/* Count a request at `addr` in memory period `period`; -1 when out of memory. */
int mwp_skew_add(mwp_skew *s, uint64_t period, uint64_t addr);

/* Add each period's busiest channel and its total to the sums and start a new round. */
void mwp_skew_flush(mwp_skew *s);

void mwp_skew_free(mwp_skew *s);

#endif
