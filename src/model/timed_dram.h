/* timed_dram.h - the DRAM side of the command-timed profiler (timed.c): the constraints
 * between commands as one table per scope (bank, bank group, channel), and the earliest
 * cycle of each command that the commands issued so far allow (docs/MODEL.md,
 * "command-timed").  The delays are the engine's table (src/engine/timing.c), so the
 * rules of docs/COMMAND_LOG.md are written once; the profiler keeps its own, leaner
 * earliest-cycle state and its own scheduling. */
#ifndef HAMM_MODEL_TIMED_DRAM_H
#define HAMM_MODEL_TIMED_DRAM_H

#include <stdint.h>

#include "hamm/config.h"

typedef enum tcmd { TC_ACT = 0, TC_PRE, TC_RD, TC_WR, TC_REF, TC_COUNT } tcmd;
typedef enum tscope { TS_BANK = 0, TS_GROUP, TS_CHANNEL, TS_COUNT } tscope;

typedef struct tdram_params {
    uint32_t banks, bank_groups; /* bank groups divide the banks evenly (1: none) */
    uint32_t burst_length, data_rate;
    hamm_dram_timing t;
} tdram_params;

typedef struct tdram {
    uint32_t delay[TS_COUNT][TC_COUNT][TC_COUNT]; /* [scope][issued][affected] cycles */
    /* The same as one short list per issued command of the (scope, command) pairs it
     * delays, so that issuing touches only those (at most every pair: 15). */
    uint8_t delays[TC_COUNT];
    uint8_t scopes[TC_COUNT]; /* bit set of the scopes each command's list touches */
    uint8_t upto[TC_COUNT][TS_COUNT]; /* the list is in scope order: where each ends */
    struct tdelay {
        uint8_t scope, affected;
        uint32_t cycles;
    } list[TC_COUNT][TS_COUNT * TC_COUNT];
    uint32_t burst;        /* data-bus cycles of one RD or WR: BL / data rate */
    uint32_t latency[2];   /* command to data: CL for a read [0], WL for a write [1] */
    uint32_t tFAW, tRFC, tREFI;
    uint32_t max_delay;    /* the longest delay any command imposes (tFAW included) */
    int grouped;           /* some command delays a bank group (else group[] stays 0) */
    uint32_t group_shift;  /* bank >> group_shift is its group (counts are powers of 2) */
    uint64_t (*bank)[TC_COUNT];  /* [banks]: earliest cycle of each command */
    uint64_t (*group)[TC_COUNT]; /* [bank_groups] */
    uint64_t chan[TC_COUNT];
    uint64_t faw[4];       /* the last four ACTs (a ring) */
    uint64_t acts;         /* ACTs so far */
} tdram;

/* 0 when out of memory. */
int tdram_init(tdram *d, const tdram_params *p);
void tdram_free(tdram *d);

static inline uint64_t max64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

/* The earliest cycle tFAW allows the next ACT. */
static inline uint64_t tdram_faw(const tdram *d)
{
    return d->tFAW && d->acts >= 4 ? d->faw[d->acts % 4] + d->tFAW : 0;
}

/* The earliest cycle `cmd` may issue to `bank` (any bank for REF: pass 0). */
static inline uint64_t tdram_earliest(const tdram *d, uint32_t bank, tcmd cmd)
{
    uint64_t e = d->bank[bank][cmd];
    uint64_t g = d->group[bank >> d->group_shift][cmd];
    e = g > e ? g : e;
    e = d->chan[cmd] > e ? d->chan[cmd] : e;
    if (cmd == TC_ACT) {
        uint64_t f = tdram_faw(d); /* the fourth ACT back, plus tFAW */
        e = f > e ? f : e;
    }
    return e;
}

/* Issue `cmd` to `bank` (REF: any bank, it only touches the channel) at cycle t: one
 * loop per scope, each with its row of earliest cycles at hand (a table of the three
 * rows indexed per delay cost a store and a reload on every command).  Inline: it runs
 * for every command. */
static inline void tdram_issue(tdram *d, uint32_t bank, tcmd cmd, uint64_t t)
{
    const struct tdelay *x = d->list[cmd];
    const uint8_t *upto = d->upto[cmd];
    uint32_t k = 0;
    if (cmd != TC_REF) { /* REF touches the channel only (its lists end there) */
        uint64_t *e = d->bank[bank];
        for (; k < upto[TS_BANK]; k++)
            e[x[k].affected] = max64(e[x[k].affected], t + x[k].cycles);
        e = d->group[bank >> d->group_shift];
        for (; k < upto[TS_GROUP]; k++)
            e[x[k].affected] = max64(e[x[k].affected], t + x[k].cycles);
    }
    for (k = upto[TS_GROUP]; k < upto[TS_CHANNEL]; k++)
        d->chan[x[k].affected] = max64(d->chan[x[k].affected], t + x[k].cycles);
    if (cmd == TC_ACT)
        d->faw[d->acts++ % 4] = t;
}

#endif
