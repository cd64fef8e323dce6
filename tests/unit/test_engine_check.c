/* test_engine_check.c - the independent timing checker referees the engine: random and
 * adversarial traces, on every shipped system model, under every scheduler, with and
 * without refresh.  Not one command may break a constraint. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "hamm/command.h"
#include "hamm/engine.h"

static const char *const systems[] = {"yuan09-baseline", "gtx480", "ddr4-2400-2ch",
                                      "hbm2-4stack"};

static unsigned refresh_runs; /* runs whose refresh count was checked */

typedef struct referee {
    hamm_checker *checker;
    uint64_t reported;
    char first[512];
} referee;

static void on_violation(void *user, const hamm_command *cmd, const hamm_error *what)
{
    referee *r = user;
    if (r->reported++ == 0)
        snprintf(r->first, sizeof r->first, "cycle %llu channel %u %s bank %u: %s: %s",
                 (unsigned long long)cmd->cycle, cmd->channel, hamm_command_name(cmd->cmd),
                 cmd->bank, what->field, what->text);
}

static void on_command(void *user, const hamm_command *cmd)
{
    referee *r = user;
    hamm_checker_check(r->checker, cmd, on_violation, r);
}

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

static void run_case(const char *system, hamm_scheduler sched, pattern p, int refresh)
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
        fail_msg("%s, %s, pattern %d%s: %llu violations; first: %s", system,
                 hamm_scheduler_name(sched), (int)p, refresh ? ", refresh" : "",
                 (unsigned long long)ref.reported, ref.first);
    hamm_engine_free(e);
    hamm_checker_free(ref.checker);
    hamm_addrmap_free(map);
}

static void every_model_scheduler_and_pattern(void **state)
{
    (void)state;
    for (size_t s = 0; s < sizeof systems / sizeof systems[0]; s++)
        for (int sched = 0; sched < HAMM_SCHED_COUNT; sched++)
            for (int p = 0; p < PATTERNS; p++)
                for (int refresh = 0; refresh < 2; refresh++)
                    run_case(systems[s], (hamm_scheduler)sched, (pattern)p, refresh);
    /* every refresh run checked its refreshes: models x schedulers x patterns */
    assert_int_equal(refresh_runs, sizeof systems / sizeof systems[0] * HAMM_SCHED_COUNT * PATTERNS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_model_scheduler_and_pattern),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
