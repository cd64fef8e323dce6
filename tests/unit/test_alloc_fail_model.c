/* test_alloc_fail_model.c - the allocation-failure sweep (alloc_sweep.h) over loading
 * models, the analytical DRAM model, trace statistics and the JSON reports of predict
 * and stats.  Each run must end cleanly: success with exactly the result of an
 * undisturbed run, or a non-OK status with the error record filled in; every allocation
 * freed; no crash; no hang. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "alloc_sweep.h"
#include "hamm/config.h"
#include "hamm/dram_model.h"
#include "hamm/report.h"
#include "hamm/stats.h"

#define BASELINE HAMM_SOURCE_ROOT "/models/system/yuan09-baseline.json"
#define ALL_HEURISTICS ((1u << HAMM_HEUR_COUNT) - 1)

typedef struct fixture {
    hamm_request *reqs; /* a deterministic stream over the baseline model */
    size_t nreqs;
    hamm_system_config cfg;
    hamm_addrmap *map;
    hamm_model_params params;
    hamm_dram_model *model;  /* finished over reqs */
    hamm_stats *stats;       /* over reqs */
} fixture;

static fixture fx;

static int setup(void **state)
{
    (void)state;
    hamm_error err;
    hamm_error_clear(&err);
    fx.nreqs = 10000;
    fx.reqs = sweep_requests(fx.nreqs);
    if (!fx.reqs)
        return -1;
    if (hamm_config_load(&fx.cfg, BASELINE, NULL, 0, &err) != HAMM_OK ||
        hamm_config_addrmap(&fx.cfg, &fx.map, &err) != HAMM_OK ||
        hamm_model_params_from_config(&fx.cfg, &fx.params, &err) != HAMM_OK ||
        hamm_dram_model_new(&fx.model, &fx.params, fx.map, ALL_HEURISTICS, &err) != HAMM_OK ||
        hamm_stats_new(&fx.stats, fx.map, &err) != HAMM_OK) {
        print_error("setup: %s: %s\n", err.field, err.text);
        return -1;
    }
    hamm_dram_model_add(fx.model, fx.reqs, fx.nreqs);
    hamm_dram_model_finish(fx.model);
    hamm_stats_add(fx.stats, fx.reqs, fx.nreqs);
    return sweep_prepare();
}

static int teardown(void **state)
{
    (void)state;
    hamm_stats_free(fx.stats);
    hamm_dram_model_free(fx.model);
    hamm_addrmap_free(fx.map);
    free(fx.reqs);
    return 0;
}

/* ---- the operations -------------------------------------------------------------- */

static void digest_config(digest *d, const hamm_system_config *c, const hamm_addrmap *map)
{
    digest_bytes(d, c->name, strlen(c->name));
    digest_bytes(d, c->dram.name, strlen(c->dram.name));
    digest_bytes(d, c->address_map, strlen(c->address_map));
    digest_bytes(d, c->address_xor, strlen(c->address_xor));
    digest_bytes(d, &c->dram.timing, sizeof c->dram.timing); /* uint32_t only: no padding */
    const uint32_t v[] = {c->channels, c->chips_per_channel, c->queue_size, c->request_size,
                          c->cores, c->max_inflight_per_core, (uint32_t)c->scheduler,
                          c->dram.banks, c->dram.bank_groups, c->dram.rows, c->dram.columns,
                          c->dram.bus_width_bits, c->dram.burst_length, c->dram.data_rate};
    digest_bytes(d, v, sizeof v);
    digest_double(d, c->dram.clock_mhz);
    for (uint64_t i = 0; map && i < 256; i++) {
        hamm_dram_coord coord; /* uint32_t only: no padding */
        hamm_addrmap_decode(map, i * 0x9E3779B97F4A7C15ull, &coord);
        digest_bytes(d, &coord, sizeof coord);
    }
}

static hamm_status op_config(const void *arg, digest *d, hamm_error *err)
{
    (void)arg;
    static const char *const sets[] = {"queue_size=16", "dram.timing.tRCD=14",
                                       "scheduler=most-pending"};
    hamm_system_config cfg;
    hamm_addrmap *map = NULL;
    hamm_status st = hamm_config_load(&cfg, BASELINE, sets, sizeof sets / sizeof sets[0], err);
    if (st == HAMM_OK)
        st = hamm_config_addrmap(&cfg, &map, err);
    if (st == HAMM_OK)
        digest_config(d, &cfg, map);
    hamm_addrmap_free(map);
    return st;
}

static hamm_status op_config_json(const void *arg, digest *d, hamm_error *err)
{
    (void)arg;
    char *text = hamm_config_to_json(&fx.cfg);
    if (!text)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN("sweep"), NULL,
                             "hamm_config_to_json returned NULL");
    digest_bytes(d, text, strlen(text));
    free(text);
    return HAMM_OK;
}

static void config_load(void **state)
{
    (void)state;
    need_interposition();
    sweep("config load + addrmap", op_config, NULL);
    sweep("config to json", op_config_json, NULL);
}

static hamm_status op_model(const void *arg, digest *d, hamm_error *err)
{
    hamm_model_params p;
    hamm_dram_model *m = NULL;
    hamm_status st = hamm_model_params_from_config(&fx.cfg, &p, err);
    p.threads = *(const unsigned *)arg;
    if (st == HAMM_OK)
        st = hamm_dram_model_new(&m, &p, fx.map, ALL_HEURISTICS, err);
    if (st != HAMM_OK)
        return st;
    for (size_t i = 0; i < fx.nreqs; i += 777)
        hamm_dram_model_add(m, fx.reqs + i, fx.nreqs - i < 777 ? fx.nreqs - i : 777);
    hamm_dram_model_finish(m);
    for (int h = 0; h < HAMM_HEUR_COUNT; h++) {
        for (uint32_t c = 0; c < p.channels; c++)
            digest_double(d, hamm_dram_model_efficiency(m, c, (hamm_heuristic)h));
        digest_double(d, hamm_dram_model_weighted(m, (hamm_heuristic)h));
    }
    digest_double(d, hamm_dram_model_locality(m));
    hamm_dram_model_free(m);
    return HAMM_OK;
}

static void dram_model(void **state)
{
    (void)state;
    need_interposition();
    unsigned one = 1, two = 2;
    sweep("dram model", op_model, &one);
    sweep("dram model (worker)", op_model, &two);
}

static hamm_status op_stats(const void *arg, digest *d, hamm_error *err)
{
    (void)arg;
    hamm_stats *s = NULL;
    hamm_status st = hamm_stats_new(&s, fx.map, err);
    if (st != HAMM_OK)
        return st;
    hamm_stats_add(s, fx.reqs, fx.nreqs);
    const hamm_trace_stats *t = hamm_stats_result(s);
    const uint64_t v[] = {t->requests, t->reads, t->writes, t->bytes, t->activates,
                          t->channels_touched, t->banks_touched, t->distinct_rows, t->timed,
                          t->first_cycle, t->last_cycle};
    digest_bytes(d, v, sizeof v);
    hamm_stats_free(s);
    return HAMM_OK;
}

static void stats(void **state)
{
    (void)state;
    need_interposition();
    sweep("stats", op_stats, NULL);
}

static hamm_status op_report(const void *arg, digest *d, hamm_error *err)
{
    int predict = *(const int *)arg;
    static const char *const sets[] = {"queue_size=16"};
    hamm_report_input in = {.trace_path = "mem.trace", .format = HAMM_FORMAT_BINARY,
                            .compression = HAMM_COMPRESSION_ZSTD, .model = &fx.cfg,
                            .sets = sets, .nsets = 1, .trace_id = {1, 10, 11}};
    char *text = predict ? hamm_report_predict_json(&in, fx.model)
                         : hamm_report_stats_json(&in, hamm_stats_result(fx.stats));
    if (!text)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN("sweep"), NULL,
                             "the report returned NULL");
    digest_bytes(d, text, strlen(text));
    free(text);
    return HAMM_OK;
}

static void reports(void **state)
{
    (void)state;
    need_interposition();
    int predict = 1, stats_report = 0;
    sweep("predict json", op_report, &predict);
    sweep("stats json", op_report, &stats_report);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(config_load),
        cmocka_unit_test(dram_model),
        cmocka_unit_test(stats),
        cmocka_unit_test(reports),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
