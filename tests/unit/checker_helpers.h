/* checker_helpers.h - what the timing checker's and the command log's tests share:
 * command macros, collecting violations, expecting exact ones, and the devices every
 * expected number is derived from (by hand, in the tests' comments, from the timings of
 * the shipped model files):
 *
 *   G = GDDR3, models/dram/gddr3-yuan09.json: 4 banks, 1 group, 4096 rows, 512 columns,
 *       BL 4, DDR -> burst 2;
 *       tCCD 2, tRRD 8, tRAS 21, tRCD 12, tRP 13, tRC 34, CL 9, WL 4, tWTR 5, tRTW 9,
 *       tRTP 2, tWR 13; no tFAW, no _L values, no refresh.
 *   D = DDR4-2400, models/dram/ddr4-2400.json: 16 banks in 4 groups (group = bank / 4),
 *       BL 8, DDR -> burst 4; tCCD 4, tCCD_L 6, tRRD 4, tRRD_L 6, tFAW 26, tRAS 39,
 *       tRCD 17, tRP 17, tRC 56, CL 17, WL 12, tWTR 3, tWTR_L 9, tRTW 11, tRTP 9, tWR 18,
 *       tRFC 420, tREFI 9363 (9 x tREFI = 84267: every sequence here ends earlier).
 *   F = GDDR5, models/dram/gddr5-gtx480.json: 16 banks in 4 groups, BL 8, QDR -> burst 2;
 *       tCCD 2, tCCD_L 3, tRRD 6, tRRD_L 0, tWTR 5, tWTR_L 0, tRCD 12, CL 12, WL 4.
 */
#ifndef HAMM_TEST_CHECKER_HELPERS_H
#define HAMM_TEST_CHECKER_HELPERS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hamm/checker.h"
#include "hamm/config.h"
#include "trace_helpers.h"

static hamm_command_device G, D, F;

#define ACT(c, b, row) {(c), 0, (b), (row), HAMM_CMD_ACT, 0}
#define PRE(c, b) {(c), 0, (b), 0, HAMM_CMD_PRE, 0}
#define RD(c, b) {(c), 0, (b), 0, HAMM_CMD_RD, 0}
#define WR(c, b) {(c), 0, (b), 0, HAMM_CMD_WR, 0}
#define REF(c) {(c), 0, HAMM_NO_BANK, 0, HAMM_CMD_REF, 0}
#define ON(h, x) {(x).cycle, (h), (x).bank, (x).arg, (x).cmd, (x).rank}
/* The same on rank r (devices with ranks > 1). */
#define ACT_R(c, r, b, row) {(c), 0, (b), (row), HAMM_CMD_ACT, (r)}
#define PRE_R(c, r, b) {(c), 0, (b), 0, HAMM_CMD_PRE, (r)}
#define RD_R(c, r, b) {(c), 0, (b), 0, HAMM_CMD_RD, (r)}
#define WR_R(c, r, b) {(c), 0, (b), 0, HAMM_CMD_WR, (r)}
#define REF_R(c, r) {(c), 0, HAMM_NO_BANK, 0, HAMM_CMD_REF, (r)}
#define NCMDS(a) (sizeof(a) / sizeof((a)[0]))

/* ---- collecting violations ------------------------------------------------------------ */

typedef struct seen {
    size_t index;  /* the command's index (n: from hamm_checker_finish) */
    uint64_t line; /* the log line (0 when checking commands directly) */
    uint32_t channel;
    hamm_dram_command cmd;
    char source[256];
    char rule[128];
    char text[256];
} seen;

typedef struct collect {
    seen v[64];
    size_t n;
    size_t index;
} collect;

static inline void collect_fn(void *user, const hamm_command *cmd, const hamm_error *what)
{
    collect *c = user;
    if (c->n == sizeof c->v / sizeof c->v[0])
        fail_msg("more than %zu violations", c->n);
    /* every violation carries its own status, never a parse error's */
    assert_int_equal(what->status, HAMM_ERR_VIOLATION);
    seen *s = &c->v[c->n++];
    s->index = c->index;
    s->line = what->line;
    s->channel = cmd->channel;
    s->cmd = cmd->cmd;
    snprintf(s->source, sizeof s->source, "%s", what->source);
    snprintf(s->rule, sizeof s->rule, "%s", what->field);
    snprintf(s->text, sizeof s->text, "%s", what->text);
}

/* Check `cmds` on a fresh checker, then finish it. */
static inline void run(const hamm_command_device *dev, const hamm_command *cmds, size_t n,
                collect *out)
{
    hamm_checker *c = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_checker_new(&c, dev, &err), HAMM_OK);
    memset(out, 0, sizeof *out);
    unsigned total = 0;
    for (size_t i = 0; i < n; i++) {
        out->index = i;
        size_t before = out->n;
        unsigned k = hamm_checker_check(c, &cmds[i], collect_fn, out);
        assert_int_equal(k, out->n - before);
        total += k;
    }
    out->index = n;
    total += hamm_checker_finish(c, collect_fn, out);
    assert_int_equal(hamm_checker_commands(c), n);
    assert_int_equal(hamm_checker_violations(c), total);
    assert_int_equal(total, out->n);
    hamm_checker_free(c);
}

typedef struct want {
    size_t index;
    const char *rule;
    const char *text;
} want;

static inline void dump(const collect *got)
{
    for (size_t i = 0; i < got->n; i++)
        print_message("  got: command %zu: %s: %s\n", got->v[i].index, got->v[i].rule,
                      got->v[i].text);
}

static inline void expect(const hamm_command_device *dev, const hamm_command *cmds, size_t n,
                   const want *w, size_t nw)
{
    collect got;
    run(dev, cmds, n, &got);
    if (got.n != nw)
        dump(&got);
    assert_int_equal(got.n, nw);
    for (size_t i = 0; i < nw; i++) {
        if (got.v[i].index != w[i].index || strcmp(got.v[i].rule, w[i].rule) != 0 ||
            strcmp(got.v[i].text, w[i].text) != 0) {
            dump(&got);
            fail_msg("violation %zu: want command %zu: %s: %s", i, w[i].index, w[i].rule,
                     w[i].text);
        }
    }
}

#define CLEAN(dev, cmds) expect((dev), (cmds), NCMDS(cmds), NULL, 0)
#define EXPECT(dev, cmds, ...)                                                               \
    do {                                                                                     \
        const want w_[] = {__VA_ARGS__};                                                     \
        expect((dev), (cmds), NCMDS(cmds), w_, NCMDS(w_));                                   \
    } while (0)

/* ---- the devices ---------------------------------------------------------------------- */

static inline hamm_command_device load(const char *system, uint32_t channels)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/models/system/%s.json", HAMM_SOURCE_ROOT, system);
    hamm_system_config *cfg = malloc(sizeof *cfg);
    hamm_error err;
    hamm_error_clear(&err);
    if (hamm_config_load(cfg, path, NULL, 0, &err) != HAMM_OK)
        fail_msg("%s: %s", path, err.text);
    hamm_command_device dev = {channels, cfg->dram};
    free(cfg);
    return dev;
}

/* The numbers every comment below relies on. */
static inline int setup_devices(void **state)
{
    (void)state;
    G = load("yuan09-baseline", 1);
    D = load("ddr4-2400-2ch", 1);
    F = load("gtx480", 1);
    const hamm_dram_timing *g = &G.dram.timing, *d = &D.dram.timing, *f = &F.dram.timing;
    assert_true(G.dram.banks == 4 && G.dram.bank_groups == 1 && G.dram.burst_length == 4 &&
                G.dram.data_rate == 2 && G.dram.rows == 4096 && G.dram.columns == 512);
    assert_true(g->tCCD == 2 && g->tRRD == 8 && g->tRAS == 21 && g->tRCD == 12 &&
                g->tRP == 13 && g->tRC == 34 && g->CL == 9 && g->WL == 4 && g->tWTR == 5 &&
                g->tRTW == 9 && g->tRTP == 2 && g->tWR == 13 && g->tFAW == 0 &&
                g->tRFC == 0 && g->tREFI == 0 && g->tCCD_L == 0 && g->tRRD_L == 0 &&
                g->tWTR_L == 0);
    assert_true(D.dram.banks == 16 && D.dram.bank_groups == 4 && D.dram.burst_length == 8 &&
                D.dram.data_rate == 2);
    assert_true(d->tCCD == 4 && d->tCCD_L == 6 && d->tRRD == 4 && d->tRRD_L == 6 &&
                d->tFAW == 26 && d->tRAS == 39 && d->tRCD == 17 && d->tRP == 17 &&
                d->tRC == 56 && d->CL == 17 && d->WL == 12 && d->tWTR == 3 &&
                d->tWTR_L == 9 && d->tRTW == 11 && d->tRTP == 9 && d->tWR == 18 &&
                d->tRFC == 420 && d->tREFI == 9363);
    assert_true(F.dram.banks == 16 && F.dram.bank_groups == 4 && F.dram.burst_length == 8 &&
                F.dram.data_rate == 4);
    assert_true(f->tCCD == 2 && f->tCCD_L == 3 && f->tRRD == 6 && f->tRRD_L == 0 &&
                f->tWTR == 5 && f->tWTR_L == 0 && f->tRCD == 12 && f->CL == 12 && f->WL == 4);
    return 0;
}

/* GDDR3 with refresh: tRFC 30, tREFI 100, so REFs are due within 9 x 100 = 900 cycles. */
static inline hamm_command_device g_refresh(uint32_t channels)
{
    hamm_command_device dev = G;
    dev.channels = channels;
    dev.dram.timing.tRFC = 30;
    dev.dram.timing.tREFI = 100;
    return dev;
}

/* Write cmds as a command log of `dev` into memory (sink). */
static inline hamm_status write_log(const hamm_command_device *dev, const hamm_command *cmds,
                                    size_t n, hamm_compression comp, th_sink *sink,
                                    hamm_error *err)
{
    *sink = (th_sink){0};
    hamm_output *out = NULL;
    hamm_command_log *log = NULL;
    hamm_error_clear(err);
    hamm_status st = hamm_output_new(&out, th_write, sink, "sink", comp, 0, err);
    if (st == HAMM_OK)
        st = hamm_command_log_new(&log, out, dev, err);
    if (st == HAMM_OK)
        st = hamm_command_log_write(log, cmds, n, err);
    if (st == HAMM_OK)
        st = hamm_command_log_flush(log, err);
    if (st == HAMM_OK)
        st = hamm_output_finish(out, err);
    hamm_command_log_free(log);
    hamm_output_free(out);
    return st;
}

/* Check a log held in memory, `chunk` bytes per read (0: any). */
static inline hamm_status check_bytes(const void *p, size_t len, size_t chunk, collect *got,
                                      uint64_t *commands, uint64_t *violations,
                                      hamm_error *err)
{
    th_src m = {p, len, 0, chunk};
    hamm_input *in = NULL;
    hamm_error_clear(err);
    if (got)
        memset(got, 0, sizeof *got);
    hamm_status st = hamm_input_from_callback(&in, th_read, &m, "mem.log", err);
    if (st != HAMM_OK)
        return st;
    return hamm_check_log(in, got ? collect_fn : NULL, got, commands, violations, err);
}

#endif
