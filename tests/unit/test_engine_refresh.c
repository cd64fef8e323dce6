/* test_engine_refresh.c - refresh never starves the engine: the loader refuses a refresh
 * interval too short to serve a request between two REFs (with the numbers); an engine
 * given such timings anyway (built without the loader) still serves every request; and a
 * watchdog runs many random timings the loader accepts, each under a time limit, with
 * refresh on, every command refereed by the independent checker; a second one does so
 * with queue-head's activate queue under random queue, drain, cap and page settings. */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "hamm/checker.h"
#include "hamm/engine.h"
#include "engine_referee.h"

#define LIMIT_SECONDS 60 /* one run; the slowest here takes well under a second */
#define STR_(x) #x
#define STR(x) STR_(x)

static char current[512]; /* the run under way, for the watchdog's message */

static void on_alarm(int sig)
{
    (void)sig;
    static const char head[] = "watchdog: no end after " STR(LIMIT_SECONDS) " s: ";
    ssize_t w = write(2, head, sizeof head - 1);
    w += write(2, current, strlen(current));
    w += write(2, "\n", 1);
    (void)w;
    _exit(1);
}

static uint64_t xorshift(uint64_t *x)
{
    *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
    return *x;
}

static hamm_status load(const char *system, const char *const *sets, size_t n,
                        hamm_system_config *cfg, hamm_error *err)
{
    char path[512];
    snprintf(path, sizeof path, "%s/models/system/%s.json", HAMM_SOURCE_ROOT, system);
    hamm_error_clear(err);
    return hamm_config_load(cfg, path, sets, n, err);
}

/* Run `n` requests (random addresses, or a stream when `stream`; a third writes) through
 * an engine on cfg with refresh on, every command through the checker; under the alarm. */
static void run(const hamm_system_config *cfg, uint64_t n, int stream, uint64_t seed)
{
    hamm_engine_params ep = {.cfg = *cfg, .replay = HAMM_REPLAY_SATURATED, .refresh = 1};
    hamm_addrmap *map = NULL;
    hamm_engine *e = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_config_addrmap(&ep.cfg, &map, &err), HAMM_OK);
    referee ref = {0};
    hamm_command_device dev;
    hamm_engine_command_device(&ep, &dev);
    assert_true(dev.dram.timing.tREFI > 0);
    assert_int_equal(hamm_checker_new(&ref.checker, &dev, &err), HAMM_OK);
    assert_int_equal(hamm_engine_new(&e, &ep, map, on_command, &ref, &err), HAMM_OK);
    alarm(LIMIT_SECONDS);
    uint64_t x = seed | 1;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t r = xorshift(&x);
        uint64_t addr = stream ? i * cfg->request_size : r % (1ull << 32);
        hamm_request q = {.addr = addr / cfg->request_size * cfg->request_size,
                          .size = cfg->request_size, .op = (uint8_t)(r >> 40) % 3 == 0};
        assert_int_equal(hamm_engine_add(e, &q, 1, &err), HAMM_OK);
    }
    hamm_engine_finish(e);
    alarm(0);
    hamm_checker_finish(ref.checker, on_violation, &ref);
    hamm_channel_result total;
    hamm_engine_total(e, &total);
    assert_int_equal(total.stat[HAMM_STAT_requests], n);
    if (ref.reported)
        fail_msg("%s: %llu violations; first: %s", current, (unsigned long long)ref.reported,
                 ref.first);
    hamm_engine_free(e);
    hamm_checker_free(ref.checker);
    hamm_addrmap_free(map);
}

/* ---- the loader's rule ------------------------------------------------------------------ */

/* DDR4-2400 (models/dram/ddr4-2400.json): 16 banks, BL8 DDR (burst 4), tRAS 39, tRTP 9,
 * WL 12, tWR 18, tRP 17, tRCD 17, tRC 56, tRRD_L 6, tFAW 26.  A due REF waits for the
 * open banks to close: the slowest PRE is max(tRAS 39, tRTP 9, WL 12 + 4 + tWR 18 = 34) =
 * 39 cycles after a command issued the cycle before the REF fell due (38 after it), then
 * 15 more banks one per cycle, then tRP 17: 38 + 15 + 17 = 70.  After the REF, the first
 * ACT waits tRFC (tRC 56, tRRD_L and tFAW after ACTs at least tRAS + tRP = 56 earlier cost
 * nothing), its burst tRCD 17 more.  tRFC 10: 70 + 27 = 97 cycles, so tREFI >= 98. */
static void loader_refuses_starving_refresh(void **state)
{
    (void)state;
    hamm_system_config *cfg = malloc(sizeof *cfg);
    hamm_error err;
    const char *const starve[] = {"dram.timing.tRFC=10", "dram.timing.tREFI=97"};
    assert_int_equal(load("ddr4-2400-2ch", starve, 2, cfg, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "dram.timing.tREFI");
    assert_string_equal(err.text,
                        "tREFI (97) leaves no time to serve a request: a due REF can wait 70 "
                        "cycles (max(tRAS, tRTP, WL + burst + tWR) 39 - 1, 15 banks more, "
                        "tRP 17) and the first burst after it 27 more (tRFC 10 + tRCD 17): "
                        "tREFI must be at least 98");
    /* tRFC 1, tREFI 13 (the second case): 70 + 1 + 17 = 88, so at least 89 */
    const char *const starve2[] = {"dram.timing.tRFC=1", "dram.timing.tREFI=13"};
    assert_int_equal(load("ddr4-2400-2ch", starve2, 2, cfg, &err), HAMM_ERR_CONFIG);
    assert_non_null(strstr(err.text, "tREFI must be at least 89"));
    const char *const edge[] = {"dram.timing.tRFC=10", "dram.timing.tREFI=98"};
    assert_int_equal(load("ddr4-2400-2ch", edge, 2, cfg, &err), HAMM_OK);
    snprintf(current, sizeof current, "ddr4-2400-2ch, tRFC 10, tREFI 98");
    run(cfg, 2000, 0, 7);
    run(cfg, 2000, 1, 7);
    free(cfg);
}

/* ---- the engine without the loader ------------------------------------------------------ */

/* The cases, given to the engine directly: with tREFI 30 (or 13) a REF falls due
 * before the first burst after the last one can issue.  The engine lets one burst through
 * between two REFs; its REFs stay within the checker's 9 x tREFI (one burst costs about
 * tRFC + tRAS + tRP + the banks' PREs = 10 + 39 + 17 + 16, well under 270). */
static void engine_serves_under_starving_refresh(void **state)
{
    (void)state;
    static const uint32_t rfc_refi[][2] = {{10, 30}, {1, 13}};
    hamm_system_config *cfg = malloc(sizeof *cfg);
    hamm_error err;
    for (size_t i = 0; i < 2; i++) {
        assert_int_equal(load("ddr4-2400-2ch", NULL, 0, cfg, &err), HAMM_OK);
        cfg->dram.timing.tRFC = rfc_refi[i][0];
        cfg->dram.timing.tREFI = rfc_refi[i][1];
        snprintf(current, sizeof current, "ddr4-2400-2ch, tRFC %u, tREFI %u (no loader)",
                 rfc_refi[i][0], rfc_refi[i][1]);
        run(cfg, 2000, 0, 11);
        run(cfg, 2000, 1, 11);
    }
    free(cfg);
}

/* ---- the top of the engine's cycle range ------------------------------------------------ */

/* Timed requests arriving up to the engine's last arrival cycle, 2^62: every earliest
 * cycle the engine adds (at most a few timings past an arrival) stays far below 2^64.
 * Without refresh, every command is refereed; with it (and no log, so the idle REFs
 * are counted in one step), the REFs are those of 2^62 cycles: one per tREFI. */
static void run_at_top(int refresh, uint64_t *refreshes)
{
    hamm_engine_params ep = {.replay = HAMM_REPLAY_TIMED, .refresh = refresh};
    hamm_error err;
    assert_int_equal(load("ddr4-2400-2ch", NULL, 0, &ep.cfg, &err), HAMM_OK);
    hamm_addrmap *map = NULL;
    hamm_engine *e = NULL;
    assert_int_equal(hamm_config_addrmap(&ep.cfg, &map, &err), HAMM_OK);
    referee ref = {0};
    hamm_command_device dev;
    hamm_engine_command_device(&ep, &dev);
    assert_int_equal(hamm_checker_new(&ref.checker, &dev, &err), HAMM_OK);
    assert_int_equal(hamm_engine_new(&e, &ep, map, refresh ? NULL : on_command, &ref, &err),
                     HAMM_OK);
    uint64_t top = UINT64_C(1) << 62, x = 5;
    for (uint64_t i = 0; i < 300; i++) {
        uint64_t r = xorshift(&x);
        hamm_request q = {.addr = r % (1ull << 32) / 64 * 64, .size = 64,
                          .cycle = top - 300 + i + (i == 299), .op = (uint8_t)(r >> 40) % 2,
                          .flags = HAMM_REQ_HAS_CYCLE};
        assert_int_equal(hamm_engine_add(e, &q, 1, &err), HAMM_OK);
    }
    hamm_engine_finish(e);
    hamm_checker_finish(ref.checker, on_violation, &ref);
    hamm_channel_result total;
    hamm_engine_total(e, &total);
    assert_int_equal(total.stat[HAMM_STAT_requests], 300);
    uint64_t span = hamm_engine_channel(e, 0)->stat[HAMM_STAT_cycles];
    assert_true(span > top && span < top + 100000);
    if (ref.reported)
        fail_msg("at 2^62: %llu violations; first: %s", (unsigned long long)ref.reported,
                 ref.first);
    *refreshes = total.stat[HAMM_STAT_refreshes];
    hamm_engine_free(e);
    hamm_checker_free(ref.checker);
    hamm_addrmap_free(map);
}

static void engine_at_the_top(void **state)
{
    (void)state;
    uint64_t refreshes;
    run_at_top(0, &refreshes);
    assert_int_equal(refreshes, 0);
    run_at_top(1, &refreshes);
    /* 2 channels, each a REF per tREFI 9363 of about 2^62 cycles */
    uint64_t per = (UINT64_C(1) << 62) / 9363;
    assert_true(refreshes >= 2 * (per - 1) && refreshes <= 2 * (per + 20));
}

/* ---- the watchdog ----------------------------------------------------------------------- */

typedef struct sets {
    char text[24][48];
    const char *p[24];
    size_t n;
} sets;

static void set(sets *s, const char *key, uint64_t v)
{
    snprintf(s->text[s->n], sizeof s->text[0], "dram.timing.%s=%llu", key,
             (unsigned long long)v);
    s->p[s->n] = s->text[s->n];
    s->n++;
}

/* Random timings within the schema's ranges, mostly small (where refresh binds), now and
 * then large; kept to the loader's cross-field rules but for tREFI. */
static void random_timings(sets *s, const hamm_dram_config *d, uint64_t *x)
{
    uint64_t big = xorshift(x) % 8 == 0 ? 400 : 30;
#define R(lo) ((lo) + xorshift(x) % big)
    uint64_t burst = d->burst_length / d->data_rate;
    uint64_t groups = d->bank_groups > 1, tCCD = burst + xorshift(x) % 4;
    uint64_t tRRD = R(1), tWTR = R(1), tRAS = R(1), tRP = R(1);
    s->n = 0;
    set(s, "tCCD", tCCD);
    set(s, "tCCD_L", groups && xorshift(x) % 2 ? tCCD + xorshift(x) % 4 : 0);
    set(s, "tRRD", tRRD);
    set(s, "tRRD_L", groups && xorshift(x) % 2 ? tRRD + xorshift(x) % 8 : 0);
    set(s, "tFAW", xorshift(x) % 2 ? R(1) : 0);
    set(s, "tWTR", tWTR);
    set(s, "tWTR_L", groups && xorshift(x) % 2 ? tWTR + R(0) : 0);
    set(s, "tRAS", tRAS);
    set(s, "tRP", tRP);
    set(s, "tRC", tRAS + tRP + xorshift(x) % 3 * R(0));
    const char *const other[] = {"tRCD", "CL", "WL", "tRTW", "tRTP", "tWR"};
    for (size_t i = 0; i < sizeof other / sizeof other[0]; i++)
        set(s, other[i], R(1));
    set(s, "tRFC", R(1));
#undef R
}

/* Load `system` with random timings and the smallest tREFI the loader takes (or a little
 * more): the engine's tightest refresh.  Other rejections: draw again. */
static void random_config(const char *system, uint64_t *x, hamm_system_config *cfg)
{
    hamm_error err;
    assert_int_equal(load(system, NULL, 0, cfg, &err), HAMM_OK);
    hamm_dram_config base = cfg->dram;
    for (;;) {
        sets s;
        random_timings(&s, &base, x);
        uint64_t rfc = strtoull(strchr(s.text[s.n - 1], '=') + 1, NULL, 10);
        set(&s, "tREFI", rfc + 1);
        hamm_status st = load(system, s.p, s.n, cfg, &err);
        const char *least = strstr(err.text, "tREFI must be at least ");
        if (st != HAMM_OK && least && strcmp(err.field, "dram.timing.tREFI") == 0) {
            uint64_t min = strtoull(least + strlen("tREFI must be at least "), NULL, 10);
            s.n--;
            set(&s, "tREFI", min + (xorshift(x) % 2 ? 0 : xorshift(x) % 64));
            st = load(system, s.p, s.n, cfg, &err);
        }
        if (st == HAMM_OK)
            return;
    }
}

static void watchdog_random_accepted_timings(void **state)
{
    (void)state;
    static const char *const systems[] = {"yuan09-baseline", "gtx480", "ddr4-2400-2ch",
                                          "hbm2-4stack"};
    hamm_system_config *cfg = malloc(sizeof *cfg);
    uint64_t x = 0x2545F4914F6CDD1Dull;
    for (unsigned k = 0; k < 300; k++) {
        const char *system = systems[k % 4];
        random_config(system, &x, cfg);
        cfg->scheduler = (hamm_scheduler)(xorshift(&x) % HAMM_SCHED_COUNT);
        const hamm_dram_timing *t = &cfg->dram.timing;
        snprintf(current, sizeof current,
                 "run %u: %s, %s, tRAS %u tRP %u tRC %u tRCD %u CL %u WL %u tWR %u tRTP %u "
                 "tRFC %u tREFI %u",
                 k, system, hamm_scheduler_name(cfg->scheduler), t->tRAS, t->tRP, t->tRC,
                 t->tRCD, t->CL, t->WL, t->tWR, t->tRTP, t->tRFC, t->tREFI);
        run(cfg, 2000, 0, k + 1);
        run(cfg, 2000, 1, k + 1);
    }
    free(cfg);
}

/* The activate queue: a request leaves its queue's count at its ACT, activated requests
 * of either queue go first, and nothing may strand one (an activated write while reads
 * are served, a row pinned for it) whatever the queues, watermarks, cap and page. */
static void watchdog_activate_queue(void **state)
{
    (void)state;
    static const char *const systems[] = {"yuan09-baseline", "gtx480", "ddr4-2400-2ch",
                                          "hbm2-4stack"};
    static const uint32_t queues[] = {1, 2, 4, 32}, caps[] = {0, 1, 16};
    static const uint32_t writes[][3] = {{0, 0, 0}, {1, 1, 0}, {2, 1, 0}, {32, 26, 5}};
    hamm_system_config *cfg = malloc(sizeof *cfg);
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (unsigned k = 0; k < 120; k++) {
        const char *system = systems[k % 4];
        random_config(system, &x, cfg);
        const uint32_t *w = writes[xorshift(&x) % 4];
        cfg->scheduler = HAMM_SCHED_FRFCFS;
        cfg->ready_order = HAMM_ORDER_QUEUE_HEAD;
        cfg->activate_queue = 1;
        cfg->queue_size = queues[xorshift(&x) % 4];
        cfg->write_queue_size = w[0];
        cfg->write_drain_high = w[1];
        cfg->write_drain_low = w[2];
        cfg->row_hit_cap = caps[xorshift(&x) % 3];
        cfg->page_policy = (hamm_page_policy)(xorshift(&x) % HAMM_PAGE_COUNT);
        cfg->page_timeout = cfg->page_policy == HAMM_PAGE_TIMEOUT ? 20 : 0;
        snprintf(current, sizeof current,
                 "activate queue run %u: %s, queue %u, write queue %u/%u/%u, cap %u, %s page, "
                 "tRAS %u tRP %u tRCD %u tRFC %u tREFI %u",
                 k, system, cfg->queue_size, w[0], w[1], w[2], cfg->row_hit_cap,
                 hamm_page_policy_name(cfg->page_policy), cfg->dram.timing.tRAS,
                 cfg->dram.timing.tRP, cfg->dram.timing.tRCD, cfg->dram.timing.tRFC,
                 cfg->dram.timing.tREFI);
        run(cfg, 2000, 0, k + 1);
        run(cfg, 2000, 1, k + 1);
    }
    free(cfg);
}

int main(void)
{
    signal(SIGALRM, on_alarm);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(loader_refuses_starving_refresh),
        cmocka_unit_test(engine_serves_under_starving_refresh),
        cmocka_unit_test(engine_at_the_top),
        cmocka_unit_test(watchdog_random_accepted_timings),
        cmocka_unit_test(watchdog_activate_queue),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
