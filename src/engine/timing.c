/* timing.c - the delay table of timing.h from the datasheet timings (docs/COMMAND_LOG.md,
 * "The constraints (per channel)").  Each entry is written once, with the rule it comes from. */
#include <string.h>

#include "timing.h"

static uint32_t max2(uint32_t a, uint32_t b)
{
    return a > b ? a : b;
}

/* A same-group value when the device has bank groups and the datasheet gives one. */
static uint32_t long_or(uint32_t long_value, uint32_t short_value, const hamm_dram_config *d)
{
    return d->bank_groups > 1 && long_value ? long_value : short_value;
}

static void set(timing_table *t, timing_scope s, hamm_dram_command issued,
                hamm_dram_command affected, uint32_t cycles)
{
    t->delay[s][issued][affected] = max2(t->delay[s][issued][affected], cycles);
}

/* a - b, or 0 when b is larger */
static uint32_t after(uint32_t a, uint32_t b)
{
    return a > b ? a - b : 0;
}

/* Another rank shares only the data bus: its burst starts tRTRS after the end of the
 * last one (docs/ENGINE.md, "Ranks"), and RD -> WR keeps the bus turnaround tRTW.  No
 * tCCD, tRRD, tFAW or tWTR: those bind within a rank. */
static void other_ranks(timing_table *t, const hamm_dram_timing *x, uint32_t burst)
{
    uint32_t read_end = x->CL + burst, write_end = x->WL + burst;
    set(t, SCOPE_OTHER_RANKS, HAMM_CMD_RD, HAMM_CMD_RD, burst + x->tRTRS);
    set(t, SCOPE_OTHER_RANKS, HAMM_CMD_WR, HAMM_CMD_WR, burst + x->tRTRS);
    set(t, SCOPE_OTHER_RANKS, HAMM_CMD_RD, HAMM_CMD_WR,
        max2(x->tRTW, after(read_end + x->tRTRS, x->WL)));
    set(t, SCOPE_OTHER_RANKS, HAMM_CMD_WR, HAMM_CMD_RD, after(write_end + x->tRTRS, x->CL));
}

void timing_build(timing_table *t, const hamm_dram_config *d)
{
    const hamm_dram_timing *x = &d->timing;
    memset(t, 0, sizeof *t);
    uint32_t burst = d->burst_length / d->data_rate;
    t->burst = burst;
    t->read_to_data = x->CL;
    t->write_to_data = x->WL;
    t->tFAW = x->tFAW;
    t->tREFI = x->tREFI;
    t->tRFC = x->tRFC;

    /* ACT */
    set(t, SCOPE_BANK, HAMM_CMD_ACT, HAMM_CMD_ACT, x->tRC);
    set(t, SCOPE_BANK, HAMM_CMD_ACT, HAMM_CMD_PRE, x->tRAS);
    set(t, SCOPE_BANK, HAMM_CMD_ACT, HAMM_CMD_RD, x->tRCD);
    set(t, SCOPE_BANK, HAMM_CMD_ACT, HAMM_CMD_WR, x->tRCD);
    set(t, SCOPE_GROUP, HAMM_CMD_ACT, HAMM_CMD_ACT, long_or(x->tRRD_L, x->tRRD, d));
    set(t, SCOPE_RANK, HAMM_CMD_ACT, HAMM_CMD_ACT, x->tRRD);
    /* PRE: the bank may open again after tRP; a REF waits for it too. */
    set(t, SCOPE_BANK, HAMM_CMD_PRE, HAMM_CMD_ACT, x->tRP);
    set(t, SCOPE_RANK, HAMM_CMD_PRE, HAMM_CMD_REF, x->tRP);
    /* RD: column spacing, bus turnaround, read to precharge.  A burst must also end
     * before the next starts on the shared data bus. */
    set(t, SCOPE_GROUP, HAMM_CMD_RD, HAMM_CMD_RD, max2(long_or(x->tCCD_L, x->tCCD, d), burst));
    set(t, SCOPE_RANK, HAMM_CMD_RD, HAMM_CMD_RD, max2(x->tCCD, burst));
    uint32_t read_bus = x->CL + burst > x->WL ? x->CL + burst - x->WL : 0;
    set(t, SCOPE_RANK, HAMM_CMD_RD, HAMM_CMD_WR, max2(x->tRTW, read_bus));
    set(t, SCOPE_BANK, HAMM_CMD_RD, HAMM_CMD_PRE, x->tRTP);
    /* WR: write to read waits for the end of the write data plus tWTR; write recovery. */
    uint32_t write_end = x->WL + burst;
    set(t, SCOPE_GROUP, HAMM_CMD_WR, HAMM_CMD_WR, max2(long_or(x->tCCD_L, x->tCCD, d), burst));
    set(t, SCOPE_RANK, HAMM_CMD_WR, HAMM_CMD_WR, max2(x->tCCD, burst));
    set(t, SCOPE_GROUP, HAMM_CMD_WR, HAMM_CMD_RD, write_end + long_or(x->tWTR_L, x->tWTR, d));
    uint32_t write_bus = write_end > x->CL ? write_end - x->CL : 0;
    set(t, SCOPE_RANK, HAMM_CMD_WR, HAMM_CMD_RD, max2(write_end + x->tWTR, write_bus));
    set(t, SCOPE_BANK, HAMM_CMD_WR, HAMM_CMD_PRE, write_end + x->tWR);
    /* REF: nothing opens, and no REF follows, for tRFC. */
    set(t, SCOPE_RANK, HAMM_CMD_REF, HAMM_CMD_ACT, x->tRFC);
    set(t, SCOPE_RANK, HAMM_CMD_REF, HAMM_CMD_REF, x->tRFC);
    other_ranks(t, x, burst);
}
