/* entry.c - one suite entry: read the trace once, feed every batch to the hybrid model and
 * to the reference engine, and keep the per-channel numbers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "entry.h"

/* The model and the engine of one entry, and the trace they are fed. */
typedef struct entry_run_state {
    hamm_system_config cfg;
    hamm_addrmap *map;
    hamm_dram_model *model;
    hamm_engine *engine;
    hamm_trace_reader *reader;
} entry_run_state;

static hamm_status open_all(const hamm_suite *s, size_t e, int prefetch, entry_run_state *st,
                            hamm_error *err)
{
    const suite_entry *en = &s->entries[e];
    hamm_model_params p;
    hamm_status rc = hamm_config_addrmap(&st->cfg, &st->map, err);
    if (rc == HAMM_OK)
        rc = hamm_model_params_from_config(&st->cfg, &p, err);
    if (rc != HAMM_OK)
        return rc;
    p.threads = 1; /* the workers already keep the cores busy */
    p.arrivals = en->replay == HAMM_REPLAY_TIMED; /* what the engine's queue sees */
    hamm_engine_params ep = {.cfg = st->cfg, .replay = en->replay, .refresh = 1};
    hamm_trace_options to = {.format = en->format, .request_size = en->request_size,
                             .prefetch = prefetch, .hide_text = 1}; /* the suite named it */
    if ((rc = hamm_dram_model_new(&st->model, &p, st->map, s->heuristics, err)) != HAMM_OK ||
        (rc = hamm_engine_new(&st->engine, &ep, st->map, NULL, NULL, err)) != HAMM_OK)
        return rc;
    return hamm_trace_reader_open(&st->reader, en->trace_path, &to, err);
}

static hamm_status feed(const suite_entry *en, entry_run_state *st, entry_result *r,
                        hamm_error *err)
{
    const hamm_request *batch;
    size_t n;
    hamm_status rc;
    uint64_t *total = &r->requests;
    *total = 0;
    hamm_capacity_init(&r->capacity, hamm_addrmap_geometry(st->map));
    while ((rc = hamm_trace_next(st->reader, &batch, &n, err)) == HAMM_OK && n > 0) {
        hamm_capacity_count(&r->capacity, batch, n);
        hamm_dram_model_add(st->model, batch, n);
        if ((rc = hamm_engine_add(st->engine, batch, n, err)) != HAMM_OK) {
            hamm_error_locate(err, HAMM_IN(en->trace_path));
            return rc;
        }
        *total += n;
    }
    if (rc == HAMM_OK && *total == 0)
        rc = hamm_error_at(err, HAMM_ERR_EMPTY, HAMM_IN(en->trace_path), NULL,
                           "the trace holds no requests");
    return rc;
}

/* Running sums of the channel means; a negative value is left out. */
typedef struct mean_acc {
    double sum;
    size_t n;
} mean_acc;

static void acc_add(mean_acc *a, double v)
{
    if (v >= 0.0) {
        a->sum += v;
        a->n++;
    }
}

static double acc_mean(const mean_acc *a)
{
    return a->n ? a->sum / (double)a->n : -1.0;
}

hamm_status entry_collect(const hamm_engine *engine, hamm_dram_model *model, entry_result *r,
                          hamm_error *err)
{
    uint32_t nch = hamm_engine_channels(engine);
    r->channels = hamm_calloc_array(nch, sizeof *r->channels);
    if (!r->channels)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    mean_acc eff = {0}, util = {0}, loc = {0}, occ = {0};
    for (uint32_t c = 0; c < nch; c++) {
        const hamm_channel_result *x = hamm_engine_channel(engine, c);
        if (x->stat[HAMM_STAT_requests] == 0)
            continue;
        channel_point *p = &r->channels[r->nchannels++];
        p->channel = c;
        p->requests = x->stat[HAMM_STAT_requests];
        p->measured = hamm_result_efficiency(x);
        p->locality = hamm_result_row_locality(x);
        p->occupancy = hamm_result_queue_occupancy(x);
        for (int h = 0; h < HAMM_HEUR_COUNT; h++)
            p->predicted[h] = hamm_dram_model_efficiency(model, c, (hamm_heuristic)h);
        acc_add(&eff, p->measured);
        acc_add(&util, hamm_result_utilization(x));
        acc_add(&loc, p->locality);
        acc_add(&occ, p->occupancy);
    }
    r->measured = acc_mean(&eff);
    r->utilization = acc_mean(&util);
    r->locality = acc_mean(&loc);
    r->occupancy = acc_mean(&occ);
    for (int h = 0; h < HAMM_HEUR_COUNT; h++)
        r->predicted[h] = hamm_dram_model_mean(model, (hamm_heuristic)h);
    r->predicted_locality = hamm_dram_model_locality(model);
    return HAMM_OK;
}

static void describe(const entry_run_state *st, entry_result *r)
{
    snprintf(r->format, sizeof r->format, "%s",
             hamm_trace_format_name(hamm_trace_reader_format(st->reader)));
    snprintf(r->model, sizeof r->model, "%s", st->cfg.name);
    r->policy = st->cfg.scheduler;
    r->queue_size = st->cfg.queue_size;
    r->chips_per_channel = st->cfg.chips_per_channel;
    r->config = st->cfg;
}

void entry_run(const hamm_suite *s, size_t e, const char *const *sets, size_t nsets,
               int prefetch, entry_result *r)
{
    memset(r, 0, sizeof *r);
    hamm_error_clear(&r->err);
    if (s->entries[e].workload) {
        entry_run_gpu(s, e, sets, nsets, r);
        return;
    }
    entry_run_state st = {0};
    hamm_status rc = suite_entry_config(s, e, sets, nsets, &st.cfg, &r->err);
    if (rc == HAMM_OK) { /* a config error already names the entry */
        if ((rc = open_all(s, e, prefetch, &st, &r->err)) == HAMM_OK &&
            (rc = feed(&s->entries[e], &st, r, &r->err)) == HAMM_OK) {
            hamm_dram_model_finish(st.model);
            hamm_engine_finish(st.engine);
            describe(&st, r);
            if ((rc = entry_collect(st.engine, st.model, r, &r->err)) == HAMM_OK)
                rc = hamm_file_identify(s->entries[e].trace_path, &r->trace_id, &r->err);
        }
        if (rc != HAMM_OK)
            suite_blame(s, e, &r->err);
    }
    r->status = rc;
    hamm_trace_reader_free(st.reader);
    hamm_engine_free(st.engine);
    hamm_dram_model_free(st.model);
    hamm_addrmap_free(st.map);
}

void entry_result_clear(entry_result *r)
{
    free(r->channels);
    r->channels = NULL;
    r->nchannels = 0;
    hamm_mwp_checks_free(&r->mwp);
}
