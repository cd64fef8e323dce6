/* dram_model.c - the hybrid analytical DRAM model over a whole trace: the stream stage
 * (hamm/stream.h) splits requests by channel, each channel runs one sliding-window
 * profiler per profiling heuristic, and the results are combined as docs/MODEL.md says
 * ("Conventions the papers leave open": average, locality-switch, the means over
 * channels). */
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "pipeline.h"
#include "hamm/dram_model.h"
#include "timed.h"
#include "window.h"

#define WINDOWS 2   /* NO_OVERLAP and FULL_OVERLAP; average and locality-switch use them */
#define TIMED_TASKS 2 /* command-timed's channels, split so both threads can run them */
#define PROFILERS (WINDOWS + TIMED_TASKS) /* the windows, then command-timed's halves:
                                             profiler WINDOWS + k has the channels c with
                                             c % TIMED_TASKS == k */
#define STAGE HAMM_CHANNEL_BATCH_MAX /* requests staged at a time: one batch */
#define STAGES 4    /* batches in flight to the worker */

struct hamm_dram_model {
    hamm_model_params p;
    const hamm_addrmap *map;
    unsigned heuristics;
    window **windows; /* [channel * WINDOWS + profiler], NULL when not run */
    timed **timers;   /* [channel], NULL when command-timed does not run */
    /* Batches of requests grouped by channel, so each profiler runs over a stretch of its
     * own requests with its state in cache.  With p.threads > 1 the caller's thread
     * reads and maps requests into one while a worker runs the profilers over others;
     * the caller joins in whenever they pile up.  One thread uses stages[0] only. */
    hamm_channel_batch *stages[STAGES];
    pipeline *pipe;
};

static hamm_status start_worker(hamm_dram_model *m, hamm_error *err);

hamm_status hamm_model_params_from_config(const hamm_system_config *cfg, hamm_model_params *p,
                                          hamm_error *err)
{
    memset(p, 0, sizeof *p);
    switch (cfg->scheduler) {
    case HAMM_SCHED_FRFCFS:
    case HAMM_SCHED_FCFS:
    case HAMM_SCHED_MOST_PENDING:
        break;
    case HAMM_SCHED_BANKED_FIFO:
    case HAMM_SCHED_COUNT:
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(cfg->source), "scheduler",
                             "the analytical model covers fr-fcfs, most-pending and fcfs, "
                             "not %s", hamm_scheduler_name(cfg->scheduler));
    }
    const hamm_dram_config *d = &cfg->dram;
    p->channels = cfg->channels;
    p->banks = d->banks * (d->ranks ? d->ranks : 1); /* all ranks: a request's bank is flat */
    p->queue_size = cfg->queue_size;
    p->policy = cfg->scheduler;
    p->tRC = d->timing.tRC;
    p->tRP = d->timing.tRP;
    p->tRCD = d->timing.tRCD;
    p->bytes_per_cycle = cfg->chips_per_channel * d->bus_width_bits * d->data_rate / 8;
    p->locality_threshold = cfg->locality_threshold;
    p->bank_groups = d->bank_groups;
    p->burst_length = d->burst_length;
    p->data_rate = d->data_rate;
    p->burst_bytes = cfg->chips_per_channel * d->bus_width_bits / 8 * d->burst_length;
    p->timing = d->timing;
    p->arrivals = 0; /* saturated, as hamm simulate replays by default */
    p->refresh = 1;
    if (p->bytes_per_cycle == 0)
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(cfg->source),
                             "dram.organization.bus_width_bits",
                             "the data bus must be at least one byte wide");
    return HAMM_OK;
}

double hamm_model_service_cycles(const hamm_model_params *p, uint32_t bytes)
{
    return (double)bytes / (double)p->bytes_per_cycle;
}

/* A set of profiler indices: 0 and 1 the windows, WINDOWS (and up) command-timed. */
static unsigned profilers_needed(unsigned heuristics)
{
    unsigned need = heuristics & ((1u << HAMM_HEUR_NO_OVERLAP) | (1u << HAMM_HEUR_FULL_OVERLAP));
    if (heuristics & ((1u << HAMM_HEUR_AVERAGE) | (1u << HAMM_HEUR_LOCALITY_SWITCH)))
        need |= (1u << HAMM_HEUR_NO_OVERLAP) | (1u << HAMM_HEUR_FULL_OVERLAP);
    if (heuristics & (1u << HAMM_HEUR_COMMAND_TIMED))
        need |= 1u << WINDOWS;
    return need;
}

static timed_params timed_params_of(const hamm_model_params *p)
{
    timed_params tp = {
        .dram = {p->banks, p->bank_groups ? p->bank_groups : 1, p->burst_length,
                 p->data_rate, p->timing},
        .queue_size = p->queue_size, .policy = p->policy, .burst_bytes = p->burst_bytes,
        .bytes_per_cycle = p->bytes_per_cycle, .arrivals = p->arrivals,
        .refresh = p->refresh};
    return tp;
}

static hamm_status check_params(const hamm_model_params *p, const hamm_geometry *g,
                                hamm_error *err)
{
    const char *bad = NULL;
    if (p->queue_size == 0)
        bad = "queue_size must be at least 1";
    else if (p->banks == 0 || p->channels == 0 || p->bytes_per_cycle == 0)
        bad = "channels, banks and the data bus must be non-zero";
    else if (g->channels != p->channels || g->banks * (g->ranks ? g->ranks : 1) != p->banks)
        bad = "the address map's geometry differs from the model's";
    if (!bad)
        return HAMM_OK;
    return hamm_error_set(err, HAMM_ERR_ARG, "%s", bad);
}

hamm_status hamm_dram_model_new(hamm_dram_model **out, const hamm_model_params *p,
                                const hamm_addrmap *map, unsigned heuristics, hamm_error *err)
{
    *out = NULL;
    hamm_status st = check_params(p, hamm_addrmap_geometry(map), err);
    if (st != HAMM_OK)
        return st;
    hamm_dram_model *m = calloc(1, sizeof *m);
    int ok = m != NULL;
    if (ok) {
        m->windows = hamm_calloc_array((size_t)p->channels * WINDOWS, sizeof *m->windows);
        m->timers = hamm_calloc_array(p->channels, sizeof *m->timers);
        ok = m->windows != NULL && m->timers != NULL;
    }
    for (int i = 0; ok && i < (p->threads > 1 ? STAGES : 1); i++)
        ok = hamm_channel_batch_new(&m->stages[i], map, NULL) == HAMM_OK;
    if (!ok) {
        hamm_dram_model_free(m);
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    }
    m->p = *p;
    m->map = map;
    m->heuristics = heuristics;
    unsigned need = profilers_needed(heuristics);
    /* FCFS serves strictly in order: a window of one miss, no look-ahead. */
    window_params wp = {p->banks, p->policy == HAMM_SCHED_FCFS ? 1 : p->queue_size, 0,
                        p->policy == HAMM_SCHED_MOST_PENDING, p->tRC, p->tRP, p->tRCD,
                        p->bytes_per_cycle};
    timed_params tp = timed_params_of(p);
    for (uint32_t c = 0; c < p->channels; c++) {
        for (int k = 0; k < WINDOWS; k++) {
            if (!(need & (1u << k)))
                continue;
            wp.full_overlap = k == HAMM_HEUR_FULL_OVERLAP;
            if (!(m->windows[c * WINDOWS + (unsigned)k] = window_new(&wp, NULL)))
                need = 0;
        }
        if ((need >> WINDOWS & 1u) && !(m->timers[c] = timed_new(&tp)))
            need = 0;
        if (!need) {
            hamm_dram_model_free(m);
            return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
        }
    }
    if (p->threads > 1 && (st = start_worker(m, err)) != HAMM_OK) {
        hamm_dram_model_free(m);
        return st;
    }
    *out = m;
    return HAMM_OK;
}

/* Run profiler k of every channel over batch b. */
static void run_batch(hamm_dram_model *m, const hamm_channel_batch *b, int k)
{
    for (uint32_t c = 0; c < m->p.channels; c++) {
        size_t n;
        const hamm_mapped_request *r = hamm_channel_batch_channel(b, c, &n);
        if (n == 0)
            continue;
        if (k >= WINDOWS) {
            if (m->timers[c] && c % TIMED_TASKS == (uint32_t)(k - WINDOWS))
                timed_push(m->timers[c], r, n);
            continue;
        }
        window *w = m->windows[c * WINDOWS + (unsigned)k];
        if (w)
            window_push(w, r, n);
    }
}

static void run_task(void *ctx, unsigned profiler, unsigned slot)
{
    hamm_dram_model *m = ctx;
    run_batch(m, m->stages[slot], (int)profiler);
}

static hamm_status start_worker(hamm_dram_model *m, hamm_error *err)
{
    unsigned profilers = 0;
    for (int k = 0; k < WINDOWS; k++)
        if (m->windows[k]) /* channel 0 has every profiler that runs */
            profilers |= 1u << k;
    for (uint32_t k = 0; m->timers[0] && k < TIMED_TASKS; k++)
        profilers |= 1u << (WINDOWS + k);
    return pipeline_new(&m->pipe, STAGES, profilers, run_task, m, err);
}

void hamm_dram_model_add_batch(hamm_dram_model *m, const hamm_channel_batch *b)
{
    if (!m->pipe) {
        for (int k = 0; k < PROFILERS; k++)
            run_batch(m, b, k);
        return;
    }
    /* the caller refills b meanwhile: the worker gets a copy */
    hamm_channel_batch_copy(m->stages[pipeline_claim(m->pipe)], b);
    pipeline_publish(m->pipe);
}

void hamm_dram_model_add(hamm_dram_model *m, const hamm_request *reqs, size_t n)
{
    for (size_t i = 0; i < n; i += STAGE) {
        size_t k = n - i < STAGE ? n - i : STAGE;
        if (!m->pipe) {
            hamm_channel_batch_fill(m->stages[0], reqs + i, k);
            hamm_dram_model_add_batch(m, m->stages[0]);
            continue;
        }
        /* mapped straight into the batch the worker takes: no copy */
        hamm_channel_batch_fill(m->stages[pipeline_claim(m->pipe)], reqs + i, k);
        pipeline_publish(m->pipe);
    }
}

void hamm_dram_model_finish(hamm_dram_model *m)
{
    pipeline_finish(m->pipe);
    for (size_t i = 0; i < (size_t)m->p.channels * WINDOWS; i++)
        if (m->windows[i])
            window_finish(m->windows[i]);
    for (uint32_t c = 0; c < m->p.channels; c++)
        if (m->timers[c])
            timed_finish(m->timers[c]);
}

const hamm_model_totals *hamm_dram_model_totals(const hamm_dram_model *m, uint32_t channel,
                                                hamm_heuristic h)
{
    if (channel >= m->p.channels)
        return NULL;
    if (h == HAMM_HEUR_COMMAND_TIMED)
        return m->timers[channel] ? timed_totals(m->timers[channel]) : NULL;
    if (h != HAMM_HEUR_NO_OVERLAP && h != HAMM_HEUR_FULL_OVERLAP)
        return NULL;
    window *w = m->windows[channel * WINDOWS + (unsigned)h];
    return w ? window_totals(w) : NULL;
}

static double totals_efficiency(const hamm_model_totals *t)
{
    if (!t || t->requests == 0 || t->den_bytes == 0)
        return -1.0;
    return (double)t->num_bytes / (double)t->den_bytes;
}

double hamm_dram_model_locality(const hamm_dram_model *m)
{
    double sum = 0.0;
    uint32_t used = 0;
    for (uint32_t c = 0; c < m->p.channels; c++) {
        const hamm_model_totals *t = hamm_dram_model_totals(m, c, HAMM_HEUR_NO_OVERLAP);
        if (t && t->requests && t->activates) {
            sum += (double)t->requests / (double)t->activates;
            used++;
        }
    }
    return used ? sum / used : -1.0;
}

hamm_heuristic hamm_dram_model_switch_choice(const hamm_dram_model *m)
{
    double loc = hamm_dram_model_locality(m);
    return loc >= 0.0 && loc < m->p.locality_threshold ? HAMM_HEUR_FULL_OVERLAP
                                                       : HAMM_HEUR_NO_OVERLAP;
}

double hamm_dram_model_efficiency(const hamm_dram_model *m, uint32_t channel, hamm_heuristic h)
{
    if (!(m->heuristics & (1u << h)))
        return -1.0;
    switch (h) {
    case HAMM_HEUR_NO_OVERLAP:
    case HAMM_HEUR_FULL_OVERLAP:
    case HAMM_HEUR_COMMAND_TIMED:
        return totals_efficiency(hamm_dram_model_totals(m, channel, h));
    case HAMM_HEUR_AVERAGE: {
        double a = totals_efficiency(hamm_dram_model_totals(m, channel, HAMM_HEUR_NO_OVERLAP));
        double b = totals_efficiency(hamm_dram_model_totals(m, channel, HAMM_HEUR_FULL_OVERLAP));
        return a < 0 || b < 0 ? -1.0 : (a + b) / 2.0;
    }
    case HAMM_HEUR_LOCALITY_SWITCH:
        return totals_efficiency(
            hamm_dram_model_totals(m, channel, hamm_dram_model_switch_choice(m)));
    case HAMM_HEUR_COUNT:
        break;
    }
    return -1.0;
}

static uint64_t channel_requests(const hamm_dram_model *m, uint32_t c)
{
    for (int k = 0; k < WINDOWS; k++)
        if (m->windows[c * WINDOWS + (unsigned)k])
            return window_totals(m->windows[c * WINDOWS + (unsigned)k])->requests;
    return m->timers[c] ? timed_totals(m->timers[c])->requests : 0;
}

/* weighted: by requests; else the plain mean over channels with requests. */
static double combine(const hamm_dram_model *m, hamm_heuristic h, int weighted)
{
    double sum = 0.0, weight = 0.0;
    for (uint32_t c = 0; c < m->p.channels; c++) {
        double e = hamm_dram_model_efficiency(m, c, h);
        if (e < 0.0)
            continue;
        double w = weighted ? (double)channel_requests(m, c) : 1.0;
        sum += e * w;
        weight += w;
    }
    return weight > 0.0 ? sum / weight : -1.0;
}

double hamm_dram_model_weighted(const hamm_dram_model *m, hamm_heuristic h)
{
    return combine(m, h, 1);
}

double hamm_dram_model_mean(const hamm_dram_model *m, hamm_heuristic h)
{
    return combine(m, h, 0);
}

double hamm_dram_model_weighted_measure(const hamm_dram_model *m, uint32_t channel,
                                        hamm_heuristic h)
{
    (void)channel;
    return combine(m, h, 1);
}

double hamm_dram_model_mean_measure(const hamm_dram_model *m, uint32_t channel,
                                    hamm_heuristic h)
{
    (void)channel;
    return combine(m, h, 0);
}

const hamm_model_params *hamm_dram_model_params(const hamm_dram_model *m)
{
    return &m->p;
}

unsigned hamm_dram_model_heuristics(const hamm_dram_model *m)
{
    return m->heuristics;
}

void hamm_dram_model_free(hamm_dram_model *m)
{
    if (!m)
        return;
    pipeline_free(m->pipe);
    for (size_t i = 0; m->windows && i < (size_t)m->p.channels * WINDOWS; i++)
        window_free(m->windows[i]);
    for (uint32_t c = 0; m->timers && c < m->p.channels; c++)
        timed_free(m->timers[c]);
    free(m->windows);
    free(m->timers);
    for (int i = 0; i < STAGES; i++)
        hamm_channel_batch_free(m->stages[i]);
    free(m);
}
