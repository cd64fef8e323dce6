/* config_check.c - the rules that tie fields together, run after the schema tables have
 * checked each field alone.  Each rule names the field it blames; none adjusts a value. */
#include <stdio.h>

#include "config_internal.h"

#define ORG CONFIG_DRAM_PREFIX "organization."
#define TIM CONFIG_DRAM_PREFIX "timing."

static hamm_status check_organization(const hamm_dram_config *d, json_reader *r)
{
    if (d->bank_groups > d->banks) /* both are powers of two: dividing is not exceeding */
        return json_read_fail(r, ORG "bank_groups", "%u bank groups do not divide %u banks",
                              (unsigned)d->bank_groups, (unsigned)d->banks);
    if (d->burst_length < d->data_rate)
        return json_read_fail(r, ORG "burst_length",
                              "a burst of %u beats at %u beats per cycle is not a whole number "
                              "of cycles",
                              (unsigned)d->burst_length, (unsigned)d->data_rate);
    return HAMM_OK;
}

/* A same-bank-group variant (tCCD_L ...): 0, or at least the other-group value, and only
 * on a device with bank groups. */
static hamm_status check_long(const hamm_dram_config *d, uint32_t value, uint32_t base,
                              const char *name, const char *base_name,
                              json_reader *r)
{
    char path[128];
    snprintf(path, sizeof path, TIM "%s", name);
    if (!value)
        return HAMM_OK;
    if (d->bank_groups == 1)
        return json_read_fail(r, path,
                              "%s applies within a bank group, and bank_groups is 1 (leave %s "
                              "out, or give the bank groups)",
                              name, name);
    if (value < base)
        return json_read_fail(r, path, "%s (%u) is shorter than %s (%u)", name,
                              (unsigned)value, base_name, (unsigned)base);
    return HAMM_OK;
}

static uint64_t max3(uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t m = a > b ? a : b;
    return m > c ? m : c;
}

/* a - b, or 0 when b is larger: a delay already served. */
static uint64_t after(uint64_t a, uint64_t b)
{
    return a > b ? a - b : 0;
}

/* The engine's worst case around a REF (src/engine/refresh.c): when a REF falls due, it
 * closes the open banks one at a time in bank order, each PRE waiting for its bank's
 * tRAS, tRTP or write recovery from a command of the cycle before, then waits tRP.  After
 * the REF every bank is closed, every earlier ACT was at least tRAS + tRP before it, every
 * earlier RD tRTP + tRP and every WR WL + burst + tWR + tRP; the first burst needs an ACT
 * (tRFC after the REF, and tRC, tRRD_L, tFAW after those ACTs) and tRCD, and its column
 * spacing and turnaround from those bursts.  With several ranks every rank's banks close
 * and each rank's REF takes a cycle of the command bus (the last one counts).  *late:
 * cycles from due to REF; *first: from the REF to the first burst, *act_bound when that
 * is tRFC + tRCD. */
static void refresh_worst(const hamm_dram_config *d, uint64_t *late, uint64_t *first,
                          int *act_bound)
{
    const hamm_dram_timing *t = &d->timing;
    uint64_t burst = d->burst_length / d->data_rate;
    uint64_t rd_pre = t->tRTP, wr_pre = (uint64_t)t->WL + burst + t->tWR;
    uint64_t ranks = d->ranks ? d->ranks : 1;
    *late = max3(t->tRAS, rd_pre, wr_pre) - 1 + (ranks * d->banks - 1) + t->tRP + (ranks - 1);
    uint64_t act_gap = max3(t->tRC, t->tRRD_L > t->tRRD ? t->tRRD_L : t->tRRD, t->tFAW);
    uint64_t act = t->tRFC > after(act_gap, (uint64_t)t->tRAS + t->tRP)
                       ? t->tRFC
                       : after(act_gap, (uint64_t)t->tRAS + t->tRP);
    uint64_t ccd = t->tCCD_L > t->tCCD ? t->tCCD_L : t->tCCD;
    uint64_t rtw = (uint64_t)t->CL + burst > t->WL ? (uint64_t)t->CL + burst - t->WL : 0;
    rtw = rtw > t->tRTW ? rtw : t->tRTW;
    uint64_t wtr = (uint64_t)t->WL + burst + (t->tWTR_L > t->tWTR ? t->tWTR_L : t->tWTR);
    uint64_t from_rd = after(ccd > rtw ? ccd : rtw, rd_pre + t->tRP);
    uint64_t from_wr = after(ccd > wtr ? ccd : wtr, wr_pre + t->tRP);
    uint64_t col = from_rd > from_wr ? from_rd : from_wr;
    *first = act + t->tRCD > col ? act + t->tRCD : col;
    *act_bound = act == t->tRFC && *first == act + t->tRCD;
}

/* A refresh interval that always leaves time for one burst between two REFs: else the
 * engine, which refreshes before anything else, may never serve a request. */
static hamm_status check_refresh_room(const hamm_dram_config *d, json_reader *r)
{
    const hamm_dram_timing *t = &d->timing;
    uint64_t late, first;
    int act_bound;
    refresh_worst(d, &late, &first, &act_bound);
    if (t->tREFI > late + first)
        return HAMM_OK;
    char why[64] = "from commands before it";
    if (act_bound)
        snprintf(why, sizeof why, "tRFC %u + tRCD %u", (unsigned)t->tRFC, (unsigned)t->tRCD);
    uint64_t close = max3(t->tRAS, t->tRTP, (uint64_t)t->WL + d->burst_length / d->data_rate +
                                                t->tWR);
    uint32_t ranks = d->ranks ? d->ranks : 1;
    char refs[48] = "";
    if (ranks > 1)
        snprintf(refs, sizeof refs, ", the REFs of %u more ranks", (unsigned)(ranks - 1));
    return json_read_fail(r, TIM "tREFI",
                          "tREFI (%u) leaves no time to serve a request: a due REF can wait %llu "
                          "cycles (max(tRAS, tRTP, WL + burst + tWR) %llu - 1, %u banks more, "
                          "tRP %u%s) and the first burst after it %llu more (%s): tREFI must be "
                          "at least %llu",
                          (unsigned)t->tREFI, (unsigned long long)late, (unsigned long long)close,
                          (unsigned)(ranks * d->banks - 1), (unsigned)t->tRP, refs,
                          (unsigned long long)first, why, (unsigned long long)(late + first + 1));
}

static hamm_status check_refresh(const hamm_dram_config *d, json_reader *r)
{
    const hamm_dram_timing *t = &d->timing;
    if (t->tREFI && !t->tRFC)
        return json_read_fail(r, TIM "tRFC", "tREFI is %u, so tRFC must be given",
                              (unsigned)t->tREFI);
    if (t->tRFC && !t->tREFI)
        return json_read_fail(r, TIM "tREFI",
                              "tRFC is %u, so tREFI must be given (0 for both: no refresh)",
                              (unsigned)t->tRFC);
    if (t->tREFI && t->tRFC >= t->tREFI)
        return json_read_fail(r, TIM "tRFC", "tRFC (%u) is not shorter than tREFI (%u)",
                              (unsigned)t->tRFC, (unsigned)t->tREFI);
    return t->tREFI ? check_refresh_room(d, r) : HAMM_OK;
}

static hamm_status check_timing(const hamm_dram_config *d, json_reader *r)
{
    const hamm_dram_timing *t = &d->timing;
    if (t->tRC < t->tRAS + t->tRP)
        return json_read_fail(r, TIM "tRC", "tRC (%u) is less than tRAS + tRP (%u + %u = %u)",
                              (unsigned)t->tRC, (unsigned)t->tRAS, (unsigned)t->tRP,
                              (unsigned)(t->tRAS + t->tRP));
    uint32_t burst = d->burst_length / d->data_rate;
    if (t->tCCD < burst)
        return json_read_fail(r, TIM "tCCD",
                              "tCCD (%u) is shorter than one burst (%u beats at %u per cycle = %u "
                              "cycles)",
                              (unsigned)t->tCCD, (unsigned)d->burst_length,
                              (unsigned)d->data_rate, (unsigned)burst);
    hamm_status st = check_long(d, t->tCCD_L, t->tCCD, "tCCD_L", "tCCD", r);
    if (st == HAMM_OK)
        st = check_long(d, t->tRRD_L, t->tRRD, "tRRD_L", "tRRD", r);
    if (st == HAMM_OK)
        st = check_long(d, t->tWTR_L, t->tWTR, "tWTR_L", "tWTR", r);
    if (st == HAMM_OK)
        st = check_refresh(d, r);
    return st;
}

hamm_status config_check_dram(const hamm_dram_config *d, json_reader *r)
{
    hamm_status st = check_organization(d, r);
    if (st == HAMM_OK)
        st = check_timing(d, r);
    return st;
}

/* The engine's controller options: watermarks inside the write queue, a timeout only
 * with the timeout policy, oldest-ready and the row-hit cap only with fr-fcfs, the
 * activate queue only with queue-head. */
static hamm_status check_controller(const hamm_system_config *c, json_reader *r)
{
    uint32_t high = c->write_drain_high ? c->write_drain_high : c->write_queue_size;
    if (!c->write_queue_size && (c->write_drain_high || c->write_drain_low))
        return json_read_fail(r, c->write_drain_high ? "write_drain_high" : "write_drain_low",
                              "there is no write queue (write_queue_size is 0)");
    if (high > c->write_queue_size)
        return json_read_fail(r, "write_drain_high",
                              "%u is more than the write queue holds (%u)", (unsigned)high,
                              (unsigned)c->write_queue_size);
    if (c->write_queue_size && c->write_drain_low >= high)
        return json_read_fail(r, "write_drain_low",
                              "%u is not below write_drain_high (%u)",
                              (unsigned)c->write_drain_low, (unsigned)high);
    if (c->page_policy == HAMM_PAGE_TIMEOUT && !c->page_timeout)
        return json_read_fail(r, "page_timeout",
                              "page_policy timeout needs a timeout of at least 1 cycle");
    if (c->page_policy != HAMM_PAGE_TIMEOUT && c->page_timeout)
        return json_read_fail(r, "page_timeout", "applies to page_policy timeout only");
    if (c->ready_order != HAMM_ORDER_COLUMN_FIRST && c->scheduler != HAMM_SCHED_FRFCFS)
        return json_read_fail(r, "ready_order", "%s orders fr-fcfs only, not %s",
                              hamm_ready_order_name(c->ready_order),
                              hamm_scheduler_name(c->scheduler));
    if (c->row_hit_cap && c->scheduler != HAMM_SCHED_FRFCFS)
        return json_read_fail(r, "row_hit_cap", "caps fr-fcfs only, not %s",
                              hamm_scheduler_name(c->scheduler));
    if (c->activate_queue && c->ready_order != HAMM_ORDER_QUEUE_HEAD)
        return json_read_fail(r, "activate_queue", "needs ready_order queue-head, not %s",
                              hamm_ready_order_name(c->ready_order));
    return HAMM_OK;
}

hamm_status config_check_system(const hamm_system_config *c, json_reader *r)
{
    hamm_status st = check_controller(c, r);
    if (st != HAMM_OK)
        return st;
    const hamm_dram_config *d = &c->dram;
    uint64_t bits = (uint64_t)c->chips_per_channel * d->bus_width_bits;
    if (bits < 8)
        return json_read_fail(r, "chips_per_channel",
                              "%u chips of %u bits make a channel narrower than a byte",
                              (unsigned)c->chips_per_channel, (unsigned)d->bus_width_bits);
    uint64_t burst = bits / 8 * d->burst_length;
    uint64_t row = bits / 8 * d->columns;
    if (c->request_size % burst)
        return json_read_fail(r, "request_size_bytes",
                              "%u bytes is not a whole number of %llu-byte bursts (%u chips x %u "
                              "bits x BL%u)",
                              (unsigned)c->request_size, (unsigned long long)burst,
                              (unsigned)c->chips_per_channel, (unsigned)d->bus_width_bits,
                              (unsigned)d->burst_length);
    if (c->request_size > row)
        return json_read_fail(r, "request_size_bytes",
                              "%u bytes is more than a %llu-byte row (%u columns x %llu bytes)",
                              (unsigned)c->request_size, (unsigned long long)row,
                              (unsigned)d->columns, (unsigned long long)(bits / 8));
    return HAMM_OK;
}
