/* timed_dram.c - the constraint table and the earliest-cycle state of timed_dram.h. */
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "engine/timing.h"
#include "timed_dram.h"

/* The constraints are the engine's own table (src/engine/timing.c, each rule written
 * once there); the profiler's scopes and commands are the first of the engine's, in the
 * same order: one rank, so the engine's rank is the profiler's channel. */
_Static_assert(TS_BANK == (int)SCOPE_BANK && TS_GROUP == (int)SCOPE_GROUP &&
                   TS_CHANNEL == (int)SCOPE_RANK,
               "the profiler's scopes are the engine's first three");
_Static_assert(TC_ACT == (int)HAMM_CMD_ACT && TC_PRE == (int)HAMM_CMD_PRE &&
                   TC_RD == (int)HAMM_CMD_RD && TC_WR == (int)HAMM_CMD_WR &&
                   TC_REF == (int)HAMM_CMD_REF && TC_COUNT == (int)HAMM_CMD_COUNT,
               "the profiler's commands are the engine's");

static void build_table(tdram *d, const tdram_params *p)
{
    /* the burst in cycles as tdram_init settled it (at least one) */
    hamm_dram_config dc = {.banks = p->banks, .bank_groups = p->bank_groups,
                           .burst_length = d->burst, .data_rate = 1, .timing = p->t};
    timing_table t;
    timing_build(&t, &dc);
    for (int s = 0; s < TS_COUNT; s++)
        for (int c = 0; c < TC_COUNT; c++)
            for (int a = 0; a < TC_COUNT; a++)
                d->delay[s][c][a] = t.delay[s][c][a];
}

int tdram_init(tdram *d, const tdram_params *p)
{
    memset(d, 0, sizeof *d);
    uint32_t groups = p->bank_groups ? p->bank_groups : 1;
    d->burst = p->data_rate ? p->burst_length / p->data_rate : 0;
    if (d->burst == 0)
        d->burst = 1;
    d->latency[0] = p->t.CL;
    d->latency[1] = p->t.WL;
    d->tFAW = p->t.tFAW;
    d->tRFC = p->t.tRFC;
    d->tREFI = p->t.tREFI;
    for (uint32_t per_group = p->banks / groups; per_group > 1; per_group >>= 1)
        d->group_shift++;
    build_table(d, p);
    d->max_delay = d->tFAW;
    /* A bank or group delay no longer than the channel's (or a bank delay no longer than
     * the group's) changes nothing: leave it out of the lists. */
    for (int c = 0; c < TC_COUNT; c++)
        for (int sc = 0; sc < TS_COUNT; sc++)
            for (int a = 0; a < TC_COUNT; a++) {
                uint32_t v = d->delay[sc][c][a];
                int covered = (sc < TS_CHANNEL && v <= d->delay[TS_CHANNEL][c][a]) ||
                              (sc == TS_BANK && v <= d->delay[TS_GROUP][c][a]);
                d->max_delay = v > d->max_delay ? v : d->max_delay;
                if (v && !covered) {
                    d->list[c][d->delays[c]++] = (struct tdelay){(uint8_t)sc, (uint8_t)a, v};
                    d->scopes[c] |= (uint8_t)(1u << sc);
                    d->grouped |= sc == TS_GROUP;
                }
                d->upto[c][sc] = d->delays[c];
            }
    d->bank = hamm_calloc_array(p->banks, sizeof *d->bank);
    /* Counts are powers of two in a loaded model; for any others, room for every
     * bank >> group_shift. */
    uint32_t slots = ((p->banks ? p->banks - 1 : 0) >> d->group_shift) + 1;
    d->group = hamm_calloc_array(slots > groups ? slots : groups, sizeof *d->group);
    return d->bank && d->group;
}

void tdram_free(tdram *d)
{
    free(d->bank);
    free(d->group);
    d->bank = NULL;
    d->group = NULL;
}
