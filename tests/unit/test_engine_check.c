/* test_engine_check.c - the independent timing checker referees the engine: random and
 * adversarial traces, on every shipped system model, under every scheduler and every
 * combination of the controller options (write queue, page policy, row-hit cap, ready
 * order), with and without refresh; queue-head with activate_queue under every
 * combination of the others; with merge_same_address under every write queue
 * setting; and random configurations with 2 and 4 ranks per channel and rank-to-rank
 * gaps (tRTRS).  Not one command may break a constraint.
 *
 * The whole takes half a minute on an idle core, so it runs in parts, one test each
 * (tests/unit/meson.build): `test_engine_check PART PARTS` runs one system model's
 * combinations (PART its name) or the rank configurations (PART "ranks"); PARTS is how
 * many parts meson registers, which must be how many there are here, so that a system
 * added to one list and not the other fails instead of going unchecked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hamm/checker.h"
#include "hamm/engine.h"
#include "engine_referee.h"

static const char *const systems[] = {"yuan09-baseline", "gtx480", "ddr4-2400-2ch",
                                      "hbm2-4stack"};
#define NSYSTEMS (sizeof systems / sizeof systems[0])
#define RANKS_PART "ranks" /* the part that runs random_rank_configurations */

static size_t part_system; /* the system model every_scheduler_option_and_pattern runs */

static unsigned refresh_runs; /* runs whose refresh count was checked */
static uint64_t merged_requests; /* served by another request, over the merge runs */

/* Overrides of the run (ranks, tRTRS, a map with a rank field), and how to name them. */
static const char *const *extra_sets;
static size_t extra_n;
static char extra_label[256];

/* The controller options of one run: the model's own (all defaults) first. */
typedef struct options {
    uint32_t write_queue, high, low; /* write queue and watermarks; 0: shared queue */
    hamm_page_policy page;
    uint32_t timeout;
    uint32_t cap;
    hamm_ready_order order;
    int merge;                       /* merge_same_address */
    int activate;                    /* activate_queue (queue-head) */
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
    if (hamm_config_load(cfg, path, extra_sets, extra_n, &err) != HAMM_OK)
        fail_msg("%s%s: %s: %s", system, extra_label, err.field, err.text);
    if (!refresh)
        return;
    /* with ranks, a REF round closes every rank's banks: leave room for it (the loader
     * refuses a tREFI that does not) */
    uint32_t ranks = cfg->dram.ranks;
    uint32_t room = ranks > 1 ? 2 * ranks * cfg->dram.banks : 0;
    snprintf(rfc, sizeof rfc, "dram.timing.tRFC=%u", cfg->dram.timing.tRC);
    snprintf(refi, sizeof refi, "dram.timing.tREFI=%u", 3 * cfg->dram.timing.tRC + room);
    const char *sets[8] = {rfc, refi};
    for (size_t i = 0; i < extra_n && i < 6; i++)
        sets[2 + i] = extra_sets[i];
    if (hamm_config_load(cfg, path, sets, 2 + extra_n, &err) != HAMM_OK)
        fail_msg("%s%s with refresh: %s: %s", system, extra_label, err.field, err.text);
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
    cfg->merge_same_address = o->merge;
    cfg->activate_queue = o->activate;
}

/* After a run of 3000 requests: refresh really ran in every refresh run (each channel
 * refreshes once per tREFI of the common span; a merge run may be too short to say), and
 * every request reached the DRAM (a row hit or a miss) unless it was merged. */
static void check_counts(const hamm_engine *e, const hamm_engine_params *ep,
                         const hamm_command_device *dev, const options *o, int refresh)
{
    hamm_channel_result total;
    hamm_engine_total(e, &total);
    assert_int_equal(total.stat[HAMM_STAT_requests], 3000);
    uint64_t span = hamm_engine_channel(e, 0)->stat[HAMM_STAT_cycles];
    uint64_t refi = dev->dram.timing.tREFI;
    if (refresh) {
        assert_true(refi > 0);
        if (!o->merge) {
            assert_true(span >= 2 * refi);
            refresh_runs++;
        }
        if (span >= refi)
            assert_true(total.stat[HAMM_STAT_refreshes] >= ep->cfg.channels * (span / refi - 1));
    } else {
        assert_int_equal(total.stat[HAMM_STAT_refreshes], 0);
    }
    uint64_t served = total.stat[HAMM_STAT_row_hits] + total.stat[HAMM_STAT_row_misses];
    if (o->merge)
        merged_requests += 3000 - served;
    else
        assert_int_equal(served, 3000);
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
    check_counts(e, &ep, &dev, o, refresh);
    assert_true(hamm_checker_commands(ref.checker) >= total.stat[HAMM_STAT_read_bursts] +
                                                     total.stat[HAMM_STAT_write_bursts]);
    if (ref.reported)
        fail_msg("%s%s, %s (write queue %u/%u/%u, %s page %u, cap %u, %s%s%s), pattern %d%s: "
                 "%llu violations; first: %s", system, extra_label, hamm_scheduler_name(sched),
                 o->write_queue, o->high, o->low, hamm_page_policy_name(o->page), o->timeout,
                 o->cap, hamm_ready_order_name(o->order), o->activate ? ", activate queue" : "",
                 o->merge ? ", merge" : "", (int)p,
                 refresh ? ", refresh" : "",
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
                                 (hamm_ready_order)order, 0, 0};
                    run_case(system, sched, &o, p, refresh);
                    runs++;
                }
    return runs;
}

/* fr-fcfs queue-head with activate_queue, under every write queue, page and cap setting. */
static unsigned each_activate(const char *system, hamm_scheduler sched, pattern p, int refresh)
{
    if (sched != HAMM_SCHED_FRFCFS)
        return 0;
    unsigned runs = 0;
    for (size_t w = 0; w < sizeof writes / sizeof writes[0]; w++)
        for (int page = 0; page < HAMM_PAGE_COUNT; page++)
            for (size_t cap = 0; cap < sizeof caps / sizeof caps[0]; cap++) {
                options o = {writes[w][0], writes[w][1], writes[w][2], (hamm_page_policy)page,
                             timeouts[page], caps[cap], HAMM_ORDER_QUEUE_HEAD, 0, 1};
                run_case(system, sched, &o, p, refresh);
                runs++;
            }
    return runs;
}

/* merge_same_address with each write queue setting, the other options at their defaults. */
static unsigned each_merge(const char *system, hamm_scheduler sched, pattern p, int refresh)
{
    for (size_t w = 0; w < sizeof writes / sizeof writes[0]; w++) {
        options o = {writes[w][0], writes[w][1], writes[w][2], HAMM_PAGE_OPEN, 0, 0,
                     HAMM_ORDER_COLUMN_FIRST, 1, 0};
        run_case(system, sched, &o, p, refresh);
    }
    return sizeof writes / sizeof writes[0];
}

static void every_scheduler_option_and_pattern(void **state)
{
    (void)state;
    const char *system = systems[part_system];
    unsigned runs = 0;
    for (int sched = 0; sched < HAMM_SCHED_COUNT; sched++)
        for (int p = 0; p < PATTERNS; p++)
            for (int refresh = 0; refresh < 2; refresh++)
                runs += each_option(system, (hamm_scheduler)sched, (pattern)p, refresh) +
                        each_activate(system, (hamm_scheduler)sched, (pattern)p, refresh) +
                        each_merge(system, (hamm_scheduler)sched, (pattern)p, refresh);
    /* fr-fcfs: 3 write settings x 3 pages x 2 caps x (every order, and queue-head with
     * the activate queue); the others 3 x 3; and every scheduler 3 write settings with
     * merging */
    unsigned per = 3 * 3 * 2 * (HAMM_ORDER_COUNT + 1) + (HAMM_SCHED_COUNT - 1) * 3 * 3 +
                   HAMM_SCHED_COUNT * 3;
    unsigned cases = PATTERNS;
    assert_int_equal(runs, cases * 2 * per);
    /* every refresh run of the options checked its refreshes */
    assert_int_equal(refresh_runs, cases * (per - HAMM_SCHED_COUNT * 3));
    assert_true(merged_requests > 0);             /* the merge runs did merge */
}

/* Maps with a rank field for each shipped system: the rank high (whole rows apart) or
 * low (neighbouring blocks, just above a request's bytes, alternate ranks, so bursts
 * switch rank often). */
static const char *const rank_maps[][2] = {
    {"row:rank:bank:channel:column", "row:bank:column/3:rank:channel:column"},
    {"row:rank:bank:channel:column", "row:bank:column/3:rank:channel:column"},
    {"row:rank:bank:column/5:bankgroup:channel:column",
     "row:bank:bankgroup:column/3:rank:channel:column"},
    {"row:rank:bank:column/3:bankgroup:channel:column",
     "row:bank:bankgroup:column/2:rank:channel:column"},
};

static uint32_t draw(uint64_t *x, uint32_t n)
{
    *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
    return (uint32_t)((*x >> 33) % n);
}

/* Random configurations: system, 2 or 4 ranks, tRTRS 0 to 5, rank map, scheduler,
 * options, pattern, refresh; the first runs cover each rank count with a nonzero gap. */
static void random_rank_configurations(void **state)
{
    (void)state;
    static const uint32_t gaps[] = {0, 1, 2, 5};
    uint64_t x = 0x2545F4914F6CDD1Dull;
    char ranks[48], gap[48], map[160];
    const char *const sets[] = {ranks, gap, map};
    for (unsigned run = 0; run < 48; run++) {
        size_t s = draw(&x, 4);
        uint32_t nr = run < 2 ? 2u << run : 2u << draw(&x, 2);
        uint32_t g = run < 2 ? 2 : gaps[draw(&x, 4)];
        snprintf(ranks, sizeof ranks, "ranks_per_channel=%u", nr);
        snprintf(gap, sizeof gap, "dram.timing.tRTRS=%u", g);
        snprintf(map, sizeof map, "address_map=%s", rank_maps[s][draw(&x, 2)]);
        snprintf(extra_label, sizeof extra_label, " (%u ranks, tRTRS %u, %s)", nr, g, map);
        extra_sets = sets;
        extra_n = 3;
        hamm_scheduler sched = (hamm_scheduler)draw(&x, HAMM_SCHED_COUNT);
        int frfcfs = sched == HAMM_SCHED_FRFCFS;
        uint32_t w = draw(&x, 3), page = draw(&x, HAMM_PAGE_COUNT);
        options o = {writes[w][0], writes[w][1], writes[w][2], (hamm_page_policy)page,
                     timeouts[page], frfcfs ? caps[draw(&x, 2)] : 0,
                     frfcfs ? (hamm_ready_order)draw(&x, HAMM_ORDER_COUNT)
                            : HAMM_ORDER_COLUMN_FIRST,
                     0, 0};
        o.activate = o.order == HAMM_ORDER_QUEUE_HEAD && run % 2; /* no draw: same runs */
        run_case(systems[s], sched, &o, (pattern)draw(&x, PATTERNS), (int)draw(&x, 2));
    }
    extra_sets = NULL;
    extra_n = 0;
    extra_label[0] = '\0';
}

int main(int argc, char **argv)
{
    if (argc != 3 || strtoul(argv[2], NULL, 10) != NSYSTEMS + 1) {
        fprintf(stderr, "usage: test_engine_check PART %zu (PART: a system model or %s); "
                        "tests/unit/meson.build must register a part for each of the %zu\n",
                NSYSTEMS + 1, RANKS_PART, NSYSTEMS + 1);
        return 1;
    }
    if (strcmp(argv[1], RANKS_PART) == 0) {
        const struct CMUnitTest tests[] = {cmocka_unit_test(random_rank_configurations)};
        return cmocka_run_group_tests(tests, NULL, NULL);
    }
    for (part_system = 0; part_system < NSYSTEMS; part_system++)
        if (strcmp(argv[1], systems[part_system]) == 0) {
            const struct CMUnitTest tests[] = {
                cmocka_unit_test(every_scheduler_option_and_pattern)};
            return cmocka_run_group_tests(tests, NULL, NULL);
        }
    fprintf(stderr, "test_engine_check: no part '%s'\n", argv[1]);
    return 1;
}
