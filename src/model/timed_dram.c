/* timed_dram.c - the constraint table and the earliest-cycle state of timed_dram.h.
 * Each constraint is written once, with the rule it comes from (docs/COMMAND_LOG.md,
 * "The constraints"). */
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "timed_dram.h"

static uint32_t max2(uint32_t a, uint32_t b)
{
    return a > b ? a : b;
}

static void set(tdram *d, tscope s, tcmd issued, tcmd affected, uint32_t cycles)
{
    d->delay[s][issued][affected] = max2(d->delay[s][issued][affected], cycles);
}

/* The same-group value where the device has bank groups and gives one. */
static uint32_t same_group(uint32_t long_value, uint32_t short_value, const tdram_params *p)
{
    return p->bank_groups > 1 && long_value ? long_value : short_value;
}

static void build_table(tdram *d, const tdram_params *p)
{
    const hamm_dram_timing *x = &p->t;
    uint32_t burst = d->burst;
    set(d, TS_BANK, TC_ACT, TC_ACT, x->tRC);
    set(d, TS_BANK, TC_ACT, TC_PRE, x->tRAS);
    set(d, TS_BANK, TC_ACT, TC_RD, x->tRCD);
    set(d, TS_BANK, TC_ACT, TC_WR, x->tRCD);
    set(d, TS_GROUP, TC_ACT, TC_ACT, same_group(x->tRRD_L, x->tRRD, p));
    set(d, TS_CHANNEL, TC_ACT, TC_ACT, x->tRRD);
    set(d, TS_BANK, TC_PRE, TC_ACT, x->tRP);
    set(d, TS_CHANNEL, TC_PRE, TC_REF, x->tRP);
    /* Column to column: tCCD_L in a group, tCCD across, never two bursts at once. */
    for (tcmd c = TC_RD; c <= TC_WR; c++) {
        set(d, TS_GROUP, c, c, max2(same_group(x->tCCD_L, x->tCCD, p), burst));
        set(d, TS_CHANNEL, c, c, max2(x->tCCD, burst));
    }
    /* Read to write: tRTW, and the write data may not start before the read data ends. */
    uint32_t read_end = x->CL + burst;
    set(d, TS_CHANNEL, TC_RD, TC_WR, max2(x->tRTW, read_end > x->WL ? read_end - x->WL : 0));
    set(d, TS_BANK, TC_RD, TC_PRE, x->tRTP);
    /* Write to read: the end of the write data plus tWTR (tWTR_L in the group). */
    uint32_t write_end = x->WL + burst;
    set(d, TS_GROUP, TC_WR, TC_RD, write_end + same_group(x->tWTR_L, x->tWTR, p));
    set(d, TS_CHANNEL, TC_WR, TC_RD,
        max2(write_end + x->tWTR, write_end > x->CL ? write_end - x->CL : 0));
    set(d, TS_BANK, TC_WR, TC_PRE, write_end + x->tWR);
    set(d, TS_CHANNEL, TC_REF, TC_ACT, x->tRFC);
    set(d, TS_CHANNEL, TC_REF, TC_REF, x->tRFC);
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
    /* A bank or group delay no longer than the channel's (or a bank delay no longer than
     * the group's) changes nothing: leave it out of the lists. */
    for (int c = 0; c < TC_COUNT; c++)
        for (int sc = 0; sc < TS_COUNT; sc++)
            for (int a = 0; a < TC_COUNT; a++) {
                uint32_t v = d->delay[sc][c][a];
                int covered = (sc < TS_CHANNEL && v <= d->delay[TS_CHANNEL][c][a]) ||
                              (sc == TS_BANK && v <= d->delay[TS_GROUP][c][a]);
                if (v && !covered) {
                    d->list[c][d->delays[c]++] = (struct tdelay){(uint8_t)sc, (uint8_t)a, v};
                    d->scopes[c] |= (uint8_t)(1u << sc);
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

/* One loop per scope, each with its row of earliest cycles at hand (a table of the
 * three rows indexed per delay cost a store and a reload on every command). */
void tdram_issue(tdram *d, uint32_t bank, tcmd cmd, uint64_t t)
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
