/* test_engine_check.c - the independent timing checker referees the engine: random and
 * adversarial traces, on every shipped system model, under every scheduler and every
 * combination of the controller options (write queue, page policy, row-hit cap, ready
 * order), with and without refresh.  Not one command may break a constraint. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "hamm/command.h"
#include "hamm/engine.h"
#include "engine_referee.h"

static const char *const systems[] = {"yuan09-baseline", "gtx480", "ddr4-2400-2ch",
                                      "hbm2-4stack"};

static unsigned refresh_runs; /* runs whose refresh count was checked */

/* The controller options of one run: the model's own (all defaults) first. */
typedef struct options {
    uint32_t write_queue, high, low; /* write queue and watermarks; 0: shared queue */
    hamm_page_policy page;
    uint32_t timeout;
    uint32_t cap;
    hamm_ready_order order;
} options;

static const uint32_t writes[][3] = {{0, 0, 0}, {16, 12, 4}, {8, 0, 0}};
static const uint32_t caps[] = {0, 2};
static const uint32_t timeouts[HAMM_PAGE_COUNT] = {0, 0, 20};

typedef enum pattern { RANDOM, CONFLICTS, GROUP_PINGPONG, MANY_BANKS, READ_WRITE, PATTERNS } pattern;

/* Requests built to stress one family of constraints; addresses go through the map, so
 * they are chosen in DRAM coordinates by searching addresses (small and deterministic). */
static uint64_t next_addr(pattern p, uint64_t i, uint64_t *x, uint32_t request_size)
{
    *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
    uint64_t block = request_size;
    switch (p) {
    case RANDOM:
        return (*x % (1ull << 30)) / block * block;
    case CONFLICTS: /* few addresses far apart: same banks, different rows */
        return (*x % 4) * (1ull << 24) + (i % 2) * (1ull << 27);
    case GROUP_PINGPONG: /* neighbouring blocks: channels and bank groups interleave */
        return (i % 64) * block;
    case MANY_BANKS: /* new rows everywhere, activates back to back */
        return (i * 8191 * block) % (1ull << 32);
    case READ_WRITE: /* one row, reads and writes alternating */
        return (i % 16) * block;
    case PATTERNS:
        break;
    }
    return 0;
}

/* Load a system model; for a refresh run, with a refresh interval short enough that
 * every run, even the shortest (a few hundred cycles), spans several: tRFC = tRC and
 * tREFI = 3 tRC, whether or not the model refreshes on its own. */
static void load_model(const char *system, int refresh, hamm_system_config *cfg)
{
    char path[512], rfc[64], refi[64];
    snprintf(path, sizeof path, "%s/models/system/%s.json", HAMM_SOURCE_ROOT, system);
    hamm_error err;
    hamm_error_clear(&err);
    if (hamm_config_load(cfg, path, NULL, 0, &err) != HAMM_OK)
        fail_msg("%s: %s: %s", system, err.field, err.text);
    if (!refresh)
        return;
    snprintf(rfc, sizeof rfc, "dram.timing.tRFC=%u", cfg->dram.timing.tRC);
    snprintf(refi, sizeof refi, "dram.timing.tREFI=%u", 3 * cfg->dram.timing.tRC);
    const char *const sets[] = {rfc, refi};
    if (hamm_config_load(cfg, path, sets, 2, &err) != HAMM_OK)
        fail_msg("%s with refresh: %s: %s", system, err.field, err.text);
}

static void set_options(hamm_system_config *cfg, const options *o)
{
    cfg->write_queue_size = o->write_queue;
    cfg->write_drain_high = o->high;
    cfg->write_drain_low = o->low;
    cfg->page_policy = o->page;
    cfg->page_timeout = o->timeout;
    cfg->row_hit_cap = o->cap;
    cfg->ready_order = o->order;
}

static void run_case(const char *system, hamm_scheduler sched, const options *o, pattern p,
                     int refresh)
{
    hamm_engine_params ep = {.replay = HAMM_REPLAY_SATURATED, .refresh = refresh};
    hamm_addrmap *map = NULL;
    hamm_engine *e = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    load_model(system, refresh, &ep.cfg);
    if (hamm_config_addrmap(&ep.cfg, &map, &err) != HAMM_OK)
        fail_msg("%s: %s: %s", system, err.field, err.text);
    ep.cfg.scheduler = sched;
    set_options(&ep.cfg, o);
    referee ref = {0};
    hamm_command_device dev;
    hamm_engine_command_device(&ep, &dev); /* no tREFI when the engine does not refresh */
    assert_int_equal(hamm_checker_new(&ref.checker, &dev, &err), HAMM_OK);
    assert_int_equal(hamm_engine_new(&e, &ep, map, on_command, &ref, &err), HAMM_OK);
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (uint64_t i = 0; i < 3000; i++) {
        hamm_request r = {.addr = next_addr(p, i, &x, ep.cfg.request_size),
                          .size = ep.cfg.request_size,
                          .op = (uint8_t)(p == READ_WRITE ? i % 2 : (x >> 40) % 3 == 0)};
        assert_int_equal(hamm_engine_add(e, &r, 1, &err), HAMM_OK);
    }
    hamm_engine_finish(e);
    hamm_checker_finish(ref.checker, on_violation, &ref);
    hamm_channel_result total;
    hamm_engine_total(e, &total);
    assert_int_equal(total.stat[HAMM_STAT_requests], 3000);
    /* refresh really ran in every refresh run: each channel refreshes once per tREFI of
     * the common span; without refresh, never */
    uint64_t span = hamm_engine_channel(e, 0)->stat[HAMM_STAT_cycles];
    if (refresh) {
        uint64_t refi = dev.dram.timing.tREFI;
        assert_true(refi > 0 && span >= 2 * refi);
        refresh_runs++;
        assert_true(total.stat[HAMM_STAT_refreshes] >= ep.cfg.channels * (span / refi - 1));
    } else {
        assert_int_equal(total.stat[HAMM_STAT_refreshes], 0);
    }
    assert_true(hamm_checker_commands(ref.checker) >= 3000);
    if (ref.reported)
        fail_msg("%s, %s (write queue %u/%u/%u, %s page %u, cap %u, %s), pattern %d%s: "
                 "%llu violations; first: %s", system, hamm_scheduler_name(sched),
                 o->write_queue, o->high, o->low, hamm_page_policy_name(o->page), o->timeout,
                 o->cap, hamm_ready_order_name(o->order), (int)p, refresh ? ", refresh" : "",
                 (unsigned long long)ref.reported, ref.first);
    hamm_engine_free(e);
    hamm_checker_free(ref.checker);
    hamm_addrmap_free(map);
}

/* Every combination of the options a scheduler takes (the cap and the ready order are
 * fr-fcfs's); returns how many runs it made. */
static unsigned each_option(const char *system, hamm_scheduler sched, pattern p, int refresh)
{
    unsigned runs = 0;
    int frfcfs = sched == HAMM_SCHED_FRFCFS;
    for (size_t w = 0; w < sizeof writes / sizeof writes[0]; w++)
        for (int page = 0; page < HAMM_PAGE_COUNT; page++)
            for (size_t cap = 0; cap < (frfcfs ? sizeof caps / sizeof caps[0] : 1); cap++)
                for (int order = 0; order < (frfcfs ? HAMM_ORDER_COUNT : 1); order++) {
                    options o = {writes[w][0], writes[w][1], writes[w][2],
                                 (hamm_page_policy)page, timeouts[page], caps[cap],
                                 (hamm_ready_order)order};
                    run_case(system, sched, &o, p, refresh);
                    runs++;
                }
    return runs;
}

static void every_model_scheduler_option_and_pattern(void **state)
{
    (void)state;
    unsigned runs = 0;
    for (size_t s = 0; s < sizeof systems / sizeof systems[0]; s++)
        for (int sched = 0; sched < HAMM_SCHED_COUNT; sched++)
            for (int p = 0; p < PATTERNS; p++)
                for (int refresh = 0; refresh < 2; refresh++)
                    runs += each_option(systems[s], (hamm_scheduler)sched, (pattern)p, refresh);
    /* fr-fcfs: 3 write settings x 3 pages x 2 caps x every order; the others 3 x 3 */
    unsigned per = 3 * 3 * 2 * HAMM_ORDER_COUNT + (HAMM_SCHED_COUNT - 1) * 3 * 3;
    unsigned cases = sizeof systems / sizeof systems[0] * PATTERNS;
    assert_int_equal(runs, cases * 2 * per);
    assert_int_equal(refresh_runs, cases * per); /* every refresh run checked its refreshes */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_model_scheduler_option_and_pattern),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
