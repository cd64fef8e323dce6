/* engine.c - the reference engine over all channels: the stream stage maps the trace,
 * the replay mode sets each request's arrival, and each channel simulates on its own. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "channel.h"
#include "common/alloc.h"
#include "common/enum_table.h"

struct hamm_engine {
    hamm_engine_params p;
    const hamm_addrmap *map;
    hamm_channel_batch *batch; /* hamm_engine_add's stream stage */
    timing_table timing;
    channel **ch;          /* [channels] */
    uint64_t added;        /* requests added so far */
    uint64_t last_arrival; /* timed replay: arrivals must not go back */
    uint64_t max_arrival;  /* the latest arrival the engine takes (arrival_limit) */
    hamm_channel_result total;
};

/* Arrivals beyond this would bring the clock near 2^64, where cycle + delay wraps. */
#define MAX_ARRIVAL (UINT64_C(1) << 62)
/* A command log holds every REF, one line each, idle time or not: this many refresh
 * intervals (about two minutes of DDR4 time, a log of some 400 MB) is as far as a logged
 * run with refresh may go, so that a far arrival cannot make an endless log. */
#define LOGGED_REFRESH_INTERVALS (UINT64_C(1) << 24)

static uint64_t arrival_limit(const hamm_engine_params *p, int logged)
{
    uint64_t refi = p->cfg.dram.timing.tREFI;
    if (!logged || !hamm_engine_refreshes(p) || refi > MAX_ARRIVAL / LOGGED_REFRESH_INTERVALS)
        return MAX_ARRIVAL;
    return refi * LOGGED_REFRESH_INTERVALS;
}

/* The error for an arrival past the limit: why, and what to do. */
static hamm_status too_late(const hamm_engine *e, const char *field, uint64_t at,
                            hamm_error *err)
{
    if (e->max_arrival == MAX_ARRIVAL)
        return hamm_error_field(err, HAMM_ERR_PARSE, field,
                                "request %llu arrives at cycle %llu, beyond the engine's 2^62",
                                (unsigned long long)e->added + 1, (unsigned long long)at);
    return hamm_error_field(err, HAMM_ERR_PARSE, field,
                            "request %llu arrives at cycle %llu, after cycle %llu: the command "
                            "log would hold more than 2^24 REF commands (one every tREFI) to get "
                            "there; simulate without --command-log or with --no-refresh",
                            (unsigned long long)e->added + 1, (unsigned long long)at,
                            (unsigned long long)e->max_arrival);
}

static const char *const replay_names[HAMM_REPLAY_COUNT] = {
    [HAMM_REPLAY_SATURATED] = "saturated",
    [HAMM_REPLAY_TIMED] = "timed",
    [HAMM_REPLAY_RATE] = "rate",
};

static const struct enum_table replay_table = {
    .what = "replay", .field = "--replay", .status = HAMM_ERR_ARG,
    .names = replay_names, .count = HAMM_REPLAY_COUNT, .unknown = "unknown",
    .lead = "", .all = NULL, .or_last = 1,
};

const char *hamm_replay_name(hamm_replay r)
{
    return enum_table_name(&replay_table, (unsigned)r);
}

hamm_status hamm_replay_from_name(const char *name, hamm_replay *out, hamm_error *err)
{
    unsigned v = 0;
    hamm_status st = enum_table_parse(&replay_table, name, out ? &v : NULL, err);
    if (st == HAMM_OK)
        *out = (hamm_replay)v;
    return st;
}

static const char *const stat_names[HAMM_STAT_COUNT] = {
#define HAMM_STAT_NAME(id, unit, doc) #id,
    HAMM_CHANNEL_STATS(HAMM_STAT_NAME)
#undef HAMM_STAT_NAME
};

static const hamm_stat_unit stat_units[HAMM_STAT_COUNT] = {
#define HAMM_STAT_UNIT(id, unit, doc) HAMM_UNIT_##unit,
    HAMM_CHANNEL_STATS(HAMM_STAT_UNIT)
#undef HAMM_STAT_UNIT
};

static const char *const unit_names[HAMM_UNIT_COUNT] = {
    [HAMM_UNIT_CYCLES] = "cycles",
    [HAMM_UNIT_REQUESTS] = "requests",
    [HAMM_UNIT_COMMANDS] = "commands",
    [HAMM_UNIT_REQUEST_CYCLES] = "request-cycles",
};

const char *hamm_channel_stat_name(hamm_channel_stat s)
{
    return (unsigned)s < HAMM_STAT_COUNT ? stat_names[s] : "unknown";
}

hamm_stat_unit hamm_channel_stat_unit(hamm_channel_stat s)
{
    return (unsigned)s < HAMM_STAT_COUNT ? stat_units[s] : HAMM_UNIT_COUNT;
}

const char *hamm_stat_unit_name(hamm_stat_unit u)
{
    return (unsigned)u < HAMM_UNIT_COUNT ? unit_names[u] : "unknown";
}

static int pow2(uint32_t x)
{
    return x && !(x & (x - 1));
}

/* Ranks per channel; 0 (a model filled in before ranks existed) is one. */
static uint32_t ranks_of(const hamm_dram_config *d)
{
    return d->ranks ? d->ranks : 1;
}

/* The model is normally checked when loaded; a caller may fill one in by hand. */
static hamm_status check_params(const hamm_engine_params *p, const hamm_addrmap *map,
                                hamm_error *err)
{
    const hamm_geometry *g = hamm_addrmap_geometry(map);
    const hamm_dram_config *d = &p->cfg.dram;
    const char *bad = NULL;
    uint32_t high = p->cfg.write_drain_high ? p->cfg.write_drain_high : p->cfg.write_queue_size;
    if (p->cfg.queue_size == 0)
        bad = "the queue needs at least one entry";
    else if (!pow2(d->banks) || !pow2(d->bank_groups) || d->bank_groups > d->banks ||
             !pow2(d->burst_length) || !pow2(d->data_rate) || d->burst_length < d->data_rate ||
             !pow2(d->columns))
        bad = "banks, bank groups, columns, burst length and data rate must be powers of two "
              "(groups at most banks, burst at least the data rate)";
    else if (d->timing.tREFI && d->timing.tRFC > d->timing.tREFI)
        bad = "tRFC is longer than tREFI";
    else if (!pow2(ranks_of(d)) || ranks_of(d) > 16)
        bad = "ranks per channel must be a power of two, at most 16";
    else if (g->channels != p->cfg.channels || g->banks != d->banks ||
             g->bank_groups != d->bank_groups || (g->ranks ? g->ranks : 1) != ranks_of(d))
        bad = "the address map's geometry differs from the model's";
    else if (p->replay == HAMM_REPLAY_RATE && !(p->rate > 0.0 && isfinite(p->rate)))
        bad = "a rate replay needs a positive rate (requests per cycle)";
    else if (p->cfg.write_queue_size && (high > p->cfg.write_queue_size ||
                                         p->cfg.write_drain_low >= high))
        bad = "the write drain needs 0 <= write_drain_low < write_drain_high <= write_queue_size";
    else if ((p->cfg.ready_order != HAMM_ORDER_COLUMN_FIRST || p->cfg.row_hit_cap) &&
             p->cfg.scheduler != HAMM_SCHED_FRFCFS)
        bad = "ready_order and row_hit_cap apply to the fr-fcfs scheduler only";
    else if (p->cfg.activate_queue && p->cfg.ready_order != HAMM_ORDER_QUEUE_HEAD)
        bad = "activate_queue applies to ready_order queue-head only";
    else if ((uint64_t)p->cfg.chips_per_channel * p->cfg.dram.bus_width_bits *
                 p->cfg.dram.burst_length < 8)
        bad = "a burst must move at least one byte";
    if (!bad)
        return HAMM_OK;
    return hamm_error_set(err, HAMM_ERR_ARG, "%s", bad);
}

hamm_status hamm_engine_new(hamm_engine **out, const hamm_engine_params *p,
                            const hamm_addrmap *map, hamm_command_fn on_command, void *user,
                            hamm_error *err)
{
    *out = NULL;
    hamm_status st = check_params(p, map, err);
    if (st != HAMM_OK)
        return st;
    hamm_engine *e = calloc(1, sizeof *e);
    if (e)
        e->ch = hamm_calloc_array(p->cfg.channels, sizeof *e->ch);
    if (!e || !e->ch || hamm_channel_batch_new(&e->batch, map, NULL) != HAMM_OK) {
        hamm_engine_free(e);
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    }
    e->p = *p;
    e->map = map;
    e->max_arrival = arrival_limit(p, on_command != NULL);
    const hamm_dram_config *d = &p->cfg.dram;
    timing_build(&e->timing, d);
    channel_params cp = {
        .ranks = ranks_of(d), .banks = d->banks * ranks_of(d),
        .bank_groups = d->bank_groups * ranks_of(d), .queue_size = p->cfg.queue_size,
        .scheduler = p->cfg.scheduler,
        .write_queue_size = p->cfg.write_queue_size, .drain_low = p->cfg.write_drain_low,
        .drain_high = p->cfg.write_drain_high ? p->cfg.write_drain_high
                                              : p->cfg.write_queue_size,
        .ready_order = p->cfg.ready_order, .page_policy = p->cfg.page_policy,
        .page_timeout = p->cfg.page_policy == HAMM_PAGE_TIMEOUT ? p->cfg.page_timeout : 0,
        .row_hit_cap = p->cfg.row_hit_cap, .merge_same_address = p->cfg.merge_same_address,
        .activate_queue = p->cfg.activate_queue,
        .burst_bytes = p->cfg.chips_per_channel * d->bus_width_bits * d->burst_length / 8,
        .columns_per_burst = d->burst_length, .columns = d->columns, .timing = &e->timing,
        .refresh = hamm_engine_refreshes(p),
        .on_command = on_command, .user = user};
    for (uint32_t c = 0; c < p->cfg.channels; c++) {
        cp.index = c;
        if (!(e->ch[c] = channel_new(&cp))) {
            hamm_engine_free(e);
            return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
        }
    }
    *out = e;
    return HAMM_OK;
}

int hamm_engine_refreshes(const hamm_engine_params *p)
{
    return p->refresh && p->cfg.dram.timing.tREFI && p->cfg.dram.timing.tRFC;
}

void hamm_engine_command_device(const hamm_engine_params *p, hamm_command_device *dev)
{
    dev->channels = p->cfg.channels;
    dev->dram = p->cfg.dram;
    dev->dram.ranks = ranks_of(&p->cfg.dram);
    if (!hamm_engine_refreshes(p))
        dev->dram.timing.tREFI = dev->dram.timing.tRFC = 0;
}

/* The cycle request number `index` arrives at under the replay mode. */
static hamm_status arrival_of(hamm_engine *e, const hamm_mapped_request *r,
                              uint64_t *arrival, hamm_error *err)
{
    switch (e->p.replay) {
    case HAMM_REPLAY_SATURATED:
        *arrival = 0; /* as early as a slot frees */
        return HAMM_OK;
    case HAMM_REPLAY_RATE: {
        double at = floor((double)e->added / e->p.rate);
        if (!(at <= (double)e->max_arrival))
            return e->max_arrival == MAX_ARRIVAL
                       ? hamm_error_field(err, HAMM_ERR_ARG, "--rate",
                                          "request %llu would arrive after cycle 2^62; raise "
                                          "the rate", (unsigned long long)e->added + 1)
                       : too_late(e, "--rate", (uint64_t)at, err);
        *arrival = (uint64_t)at;
        return HAMM_OK;
    }
    case HAMM_REPLAY_TIMED:
    case HAMM_REPLAY_COUNT:
        break;
    }
    if (!r->timed)
        return hamm_error_field(err, HAMM_ERR_PARSE, "cycle",
                                "request %llu has no arrival cycle; a timed replay needs them "
                                "(try --replay saturated or rate)",
                                (unsigned long long)e->added + 1);
    if (r->arrival > e->max_arrival)
        return too_late(e, "cycle", r->arrival, err);
    if (r->arrival < e->last_arrival)
        return hamm_error_field(err, HAMM_ERR_PARSE, "cycle",
                                "request %llu arrives at cycle %llu, before the previous one "
                                "(%llu); a timed replay needs them in order",
                                (unsigned long long)e->added + 1, (unsigned long long)r->arrival,
                                (unsigned long long)e->last_arrival);
    *arrival = e->last_arrival = r->arrival;
    return HAMM_OK;
}

/* Trace order, not channel order: the channels' commands then interleave in the log as
 * the trace does. */
hamm_status hamm_engine_add_batch(hamm_engine *e, const hamm_channel_batch *b, hamm_error *err)
{
    const hamm_mapped_request *reqs = hamm_channel_batch_requests(b);
    size_t n = hamm_channel_batch_size(b);
    for (size_t i = 0; i < n; i++) {
        const hamm_mapped_request *r = &reqs[i];
        uint64_t arrival = 0;
        hamm_status st = arrival_of(e, r, &arrival, err);
        if (st != HAMM_OK)
            return st;
        channel_push(e->ch[r->channel], r->bank, r->row, r->column, r->size, (int)r->write,
                     arrival);
        e->added++;
    }
    return HAMM_OK;
}

hamm_status hamm_engine_add(hamm_engine *e, const hamm_request *reqs, size_t n, hamm_error *err)
{
    for (size_t i = 0; i < n; i += HAMM_CHANNEL_BATCH_MAX) {
        size_t k = n - i < HAMM_CHANNEL_BATCH_MAX ? n - i : HAMM_CHANNEL_BATCH_MAX;
        hamm_channel_batch_fill(e->batch, reqs + i, k);
        hamm_status st = hamm_engine_add_batch(e, e->batch, err);
        if (st != HAMM_OK)
            return st;
    }
    return HAMM_OK;
}

void hamm_engine_finish(hamm_engine *e)
{
    memset(&e->total, 0, sizeof e->total);
    uint64_t end = 0; /* every channel spans the same time, as in GPGPU-Sim */
    for (uint32_t c = 0; c < e->p.cfg.channels; c++) {
        uint64_t done = channel_drain(e->ch[c]);
        end = done > end ? done : end;
    }
    for (uint32_t c = 0; c < e->p.cfg.channels; c++) {
        channel_close(e->ch[c], end);
        const hamm_channel_result *r = channel_result(e->ch[c]);
        for (int s = 0; s < HAMM_STAT_COUNT; s++) /* counters add up; the maximum does not */
            if (s != HAMM_STAT_latency_max)
                e->total.stat[s] += r->stat[s];
            else if (r->stat[s] > e->total.stat[s])
                e->total.stat[s] = r->stat[s];
        for (int b = 0; b < HAMM_OCCUPANCY_BINS; b++)
            e->total.occupancy_hist[b] += r->occupancy_hist[b];
    }
    e->total.stat[HAMM_STAT_cycles] = end; /* elapsed time; channel_cycles is the sum */
}

uint32_t hamm_engine_channels(const hamm_engine *e)
{
    return e->p.cfg.channels;
}

const hamm_channel_result *hamm_engine_channel(const hamm_engine *e, uint32_t index)
{
    return index < e->p.cfg.channels ? channel_result(e->ch[index]) : NULL;
}

void hamm_engine_total(const hamm_engine *e, hamm_channel_result *total)
{
    *total = e->total;
}

const hamm_engine_params *hamm_engine_params_of(const hamm_engine *e)
{
    return &e->p;
}

void hamm_engine_free(hamm_engine *e)
{
    if (!e)
        return;
    for (uint32_t c = 0; e->ch && c < e->p.cfg.channels; c++)
        channel_free(e->ch[c]);
    free(e->ch);
    hamm_channel_batch_free(e->batch);
    free(e);
}

/* stat[num] / stat[den], or -1 when the denominator is 0. */
static double stat_ratio(const hamm_channel_result *r, hamm_channel_stat num,
                         hamm_channel_stat den)
{
    return r->stat[den] ? (double)r->stat[num] / (double)r->stat[den] : -1.0;
}

double hamm_result_efficiency(const hamm_channel_result *r)
{
    return stat_ratio(r, HAMM_STAT_busy_cycles, HAMM_STAT_active_cycles);
}

double hamm_result_utilization(const hamm_channel_result *r)
{
    return stat_ratio(r, HAMM_STAT_busy_cycles, HAMM_STAT_channel_cycles);
}

double hamm_result_row_locality(const hamm_channel_result *r)
{
    return stat_ratio(r, HAMM_STAT_requests, HAMM_STAT_activates);
}

double hamm_result_queue_occupancy(const hamm_channel_result *r)
{
    return stat_ratio(r, HAMM_STAT_queue_occupancy_sum, HAMM_STAT_queue_nonempty_cycles);
}

double hamm_result_latency(const hamm_channel_result *r)
{
    return stat_ratio(r, HAMM_STAT_latency_sum, HAMM_STAT_requests);
}

channel *engine_channel_of(hamm_engine *e, uint32_t index)
{
    return e->ch[index];
}
