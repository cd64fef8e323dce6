/* stats_trace.h - a small hand-decoded trace for the stats and report tests: the map
 * "RRRR.BBDD.CCCS" over 4 channels, 4 banks, 16 rows, 8 columns of 2 bytes puts the row
 * in address bits 11..8, the bank in 7..6, the channel in 5..4, the column in 3..1. */
#ifndef HAMM_TEST_STATS_TRACE_H
#define HAMM_TEST_STATS_TRACE_H

#include "hamm/addrmap.h"
#include "hamm/trace.h"

#define ST_MAP "RRRR.BBDD.CCCS"
#define ST_ADDR(ch, bank, row, col)                                                          \
    ((uint64_t)(row) << 8 | (uint64_t)(bank) << 6 | (uint64_t)(ch) << 4 | (uint64_t)(col) << 1)

static const hamm_geometry st_geometry = {4, 1, 4, 16, 8, 2, 1};

/* In trace order, with what an open-page controller serving in order does:
 *   1 R ch0 bank0 row1, 64 B, cycle 10   first use of the bank: ACT
 *   2 R ch0 bank0 row1, 64 B             row open: no ACT
 *   3 W ch0 bank0 row2, 32 B, cycle 5    another row: ACT
 *   4 R ch0 bank0 row1, 64 B             back to row 1: ACT (no new distinct row)
 *   5 W ch0 bank1 row1, 128 B            first use of the bank: ACT
 *   6 R ch2 bank3 row15, 64 B, cycle 20  first use: ACT
 * Totals: 6 requests, 4 reads, 2 writes, 416 bytes, 5 activates, channels 0 and 2
 * touched, banks (0,0) (0,1) (2,3), distinct rows (0,0,1) (0,0,2) (0,1,1) (2,3,15);
 * 3 timed requests, cycles 5 .. 20.  Channel 0: 5 requests, 3 reads, 2 writes, 352
 * bytes, 4 activates (locality 5/4); channel 2: 1 request, 64 bytes, 1 activate;
 * channels 1 and 3: nothing (locality undefined).  Over the trace: 6/5 = 1.2. */
static const hamm_request st_trace[] = {
    {.addr = ST_ADDR(0, 0, 1, 0), .size = 64, .cycle = 10, .op = HAMM_OP_READ,
     .flags = HAMM_REQ_HAS_CYCLE},
    {.addr = ST_ADDR(0, 0, 1, 3), .size = 64, .op = HAMM_OP_READ},
    {.addr = ST_ADDR(0, 0, 2, 0), .size = 32, .cycle = 5, .op = HAMM_OP_WRITE,
     .flags = HAMM_REQ_HAS_CYCLE},
    {.addr = ST_ADDR(0, 0, 1, 0), .size = 64, .op = HAMM_OP_READ},
    {.addr = ST_ADDR(0, 1, 1, 0), .size = 128, .op = HAMM_OP_WRITE},
    {.addr = ST_ADDR(2, 3, 15, 7), .size = 64, .cycle = 20, .op = HAMM_OP_READ,
     .flags = HAMM_REQ_HAS_CYCLE},
};
#define ST_N (sizeof st_trace / sizeof st_trace[0])

#endif
