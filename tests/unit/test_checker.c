/* test_checker.c - the independent timing checker and the command log.
 *
 * For every rule of the constraint table in docs/COMMAND_LOG.md: a hand-built command
 * sequence that just meets it (no violation) and one that misses it by one cycle (that
 * rule, with its numbers).  Every expected number is derived by hand from the table, in
 * the comments, from the timings of the shipped model files:
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
 *
 * Then the log: writer output, round trip (also through zstd), byte-at-a-time reading,
 * and malformed logs naming line, column and field. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hamm/command.h"
#include "hamm/config.h"
#include "trace_helpers.h"

static hamm_command_device G, D, F;

#define ACT(c, b, row) {(c), 0, (b), (row), HAMM_CMD_ACT}
#define PRE(c, b) {(c), 0, (b), 0, HAMM_CMD_PRE}
#define RD(c, b) {(c), 0, (b), 0, HAMM_CMD_RD}
#define WR(c, b) {(c), 0, (b), 0, HAMM_CMD_WR}
#define REF(c) {(c), 0, HAMM_NO_BANK, 0, HAMM_CMD_REF}
#define ON(h, x) {(x).cycle, (h), (x).bank, (x).arg, (x).cmd}
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

static void collect_fn(void *user, const hamm_command *cmd, const hamm_error *what)
{
    collect *c = user;
    if (c->n == sizeof c->v / sizeof c->v[0])
        fail_msg("more than %zu violations", c->n);
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
static void run(const hamm_command_device *dev, const hamm_command *cmds, size_t n,
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

static void dump(const collect *got)
{
    for (size_t i = 0; i < got->n; i++)
        print_message("  got: command %zu: %s: %s\n", got->v[i].index, got->v[i].rule,
                      got->v[i].text);
}

static void expect(const hamm_command_device *dev, const hamm_command *cmds, size_t n,
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

static hamm_command_device load(const char *system, uint32_t channels)
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
static int setup_devices(void **state)
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
static hamm_command_device g_refresh(uint32_t channels)
{
    hamm_command_device dev = G;
    dev.channels = channels;
    dev.dram.timing.tRFC = 30;
    dev.dram.timing.tREFI = 100;
    return dev;
}

/* ---- a clean log, names ---------------------------------------------------------------- */

static void doc_example_is_clean(void **state)
{
    (void)state;
    /* docs/COMMAND_LOG.md: ACT 12, RD 24 (12 + tRCD 12), RD 26 (+ tCCD 2), PRE 40
     * (>= ACT 12 + tRAS 21 = 33, >= RD 26 + tRTP 2 = 28). */
    const hamm_command cmds[] = {ACT(12, 3, 1024), RD(24, 3), RD(26, 3), PRE(40, 3)};
    CLEAN(&G, cmds);
}

static void command_names(void **state)
{
    (void)state;
    assert_string_equal(hamm_command_name(HAMM_CMD_ACT), "ACT");
    assert_string_equal(hamm_command_name(HAMM_CMD_PRE), "PRE");
    assert_string_equal(hamm_command_name(HAMM_CMD_RD), "RD");
    assert_string_equal(hamm_command_name(HAMM_CMD_WR), "WR");
    assert_string_equal(hamm_command_name(HAMM_CMD_REF), "REF");
    assert_string_equal(hamm_command_name(HAMM_CMD_COUNT), "?");
}

/* ---- GDDR3: the rules without bank groups ----------------------------------------------- */

static void command_bus(void **state)
{
    (void)state;
    /* ACT b0 0, ACT b1 8 (tRRD 8), PRE b1 29 (8 + tRAS 21), then PRE b0: its own rules
     * allow it from 0 + 21 = 21, the command bus from 29 + 1 = 30. */
    const hamm_command ok[] = {ACT(0, 0, 1), ACT(8, 1, 1), PRE(29, 1), PRE(30, 0)};
    const hamm_command late[] = {ACT(0, 0, 1), ACT(8, 1, 1), PRE(29, 1), PRE(29, 0)};
    CLEAN(&G, ok);
    EXPECT(&G, late, {3, "command bus", "previous command at 29 + 1 = 30 > 29"});
}

static void trrd(void **state)
{
    (void)state;
    /* ACT -> ACT, other bank: 0 + tRRD 8 = 8. */
    const hamm_command ok[] = {ACT(0, 0, 1), ACT(8, 1, 1)};
    const hamm_command late[] = {ACT(0, 0, 1), ACT(7, 1, 1)};
    CLEAN(&G, ok);
    EXPECT(&G, late, {1, "tRRD", "ACT at 0 + 8 = 8 > 7"});
}

static void trc(void **state)
{
    (void)state;
    /* On GDDR3 tRC 34 = tRAS 21 + tRP 13, so with a legal PRE tRC never binds alone.  An
     * early PRE at 20 (tRAS: 0 + 21 = 21 > 20) lets the ACT meet tRP from 20 + 13 = 33,
     * while tRC asks for 0 + 34 = 34. */
    const hamm_command ok[] = {ACT(0, 0, 1), PRE(20, 0), ACT(34, 0, 2)};
    const hamm_command late[] = {ACT(0, 0, 1), PRE(20, 0), ACT(33, 0, 2)};
    EXPECT(&G, ok, {1, "tRAS", "ACT at 0 + 21 = 21 > 20"});
    EXPECT(&G, late, {1, "tRAS", "ACT at 0 + 21 = 21 > 20"},
           {2, "tRC", "ACT at 0 + 34 = 34 > 33"});
    /* At the edge both bind: PRE 21 (0 + 21), ACT 34 meets tRC and tRP (21 + 13);
     * ACT 33 misses both, and both are reported. */
    const hamm_command edge_ok[] = {ACT(0, 0, 1), PRE(21, 0), ACT(34, 0, 2)};
    const hamm_command edge_late[] = {ACT(0, 0, 1), PRE(21, 0), ACT(33, 0, 2)};
    CLEAN(&G, edge_ok);
    EXPECT(&G, edge_late, {2, "tRC", "ACT at 0 + 34 = 34 > 33"},
           {2, "tRP", "PRE at 21 + 13 = 34 > 33"});
}

static void tras(void **state)
{
    (void)state;
    /* ACT -> PRE: 0 + tRAS 21 = 21. */
    const hamm_command ok[] = {ACT(0, 0, 1), PRE(21, 0)};
    const hamm_command late[] = {ACT(0, 0, 1), PRE(20, 0)};
    CLEAN(&G, ok);
    EXPECT(&G, late, {1, "tRAS", "ACT at 0 + 21 = 21 > 20"});
}

static void trp(void **state)
{
    (void)state;
    /* PRE at 30 -> ACT: 30 + tRP 13 = 43 (tRC: 0 + 34 = 34, met). */
    const hamm_command ok[] = {ACT(0, 0, 1), PRE(30, 0), ACT(43, 0, 2)};
    const hamm_command late[] = {ACT(0, 0, 1), PRE(30, 0), ACT(42, 0, 2)};
    CLEAN(&G, ok);
    EXPECT(&G, late, {2, "tRP", "PRE at 30 + 13 = 43 > 42"});
}

static void trcd(void **state)
{
    (void)state;
    /* ACT -> RD and ACT -> WR: 0 + tRCD 12 = 12. */
    const hamm_command rd_ok[] = {ACT(0, 0, 1), RD(12, 0)};
    const hamm_command rd_late[] = {ACT(0, 0, 1), RD(11, 0)};
    const hamm_command wr_ok[] = {ACT(0, 0, 1), WR(12, 0)};
    const hamm_command wr_late[] = {ACT(0, 0, 1), WR(11, 0)};
    CLEAN(&G, rd_ok);
    EXPECT(&G, rd_late, {1, "tRCD", "ACT at 0 + 12 = 12 > 11"});
    CLEAN(&G, wr_ok);
    EXPECT(&G, wr_late, {1, "tRCD", "ACT at 0 + 12 = 12 > 11"});
}

static void tccd(void **state)
{
    (void)state;
    /* ACT b0 0, ACT b1 8; b1 is readable from 8 + 12 = 20.  RD b0 20 -> RD b1: 20 + tCCD 2
     * = 22.  tCCD equals the burst (2), so one cycle early also overlaps the data:
     * RD at 20 carries [29, 31), RD at 21 [30, 32). */
    const hamm_command rd_ok[] = {ACT(0, 0, 1), ACT(8, 1, 1), RD(20, 0), RD(22, 1)};
    const hamm_command rd_late[] = {ACT(0, 0, 1), ACT(8, 1, 1), RD(20, 0), RD(21, 1)};
    CLEAN(&G, rd_ok);
    EXPECT(&G, rd_late, {3, "tCCD", "RD at 20 + 2 = 22 > 21"},
           {3, "data bus", "RD data [30, 32) overlaps RD data [29, 31) of RD at 20"});
    /* The same for writes: WR at 20 carries [24, 26), WR at 21 [25, 27). */
    const hamm_command wr_ok[] = {ACT(0, 0, 1), ACT(8, 1, 1), WR(20, 0), WR(22, 1)};
    const hamm_command wr_late[] = {ACT(0, 0, 1), ACT(8, 1, 1), WR(20, 0), WR(21, 1)};
    CLEAN(&G, wr_ok);
    EXPECT(&G, wr_late, {3, "tCCD", "WR at 20 + 2 = 22 > 21"},
           {3, "data bus", "WR data [25, 27) overlaps WR data [24, 26) of WR at 20"});
}

static void trtw(void **state)
{
    (void)state;
    /* RD b0 20 -> WR b1 (any bank): 20 + tRTW 9 = 29.  Data: RD [29, 31); WR at 28
     * [32, 34), no overlap. */
    const hamm_command ok[] = {ACT(0, 0, 1), ACT(8, 1, 1), RD(20, 0), WR(29, 1)};
    const hamm_command late[] = {ACT(0, 0, 1), ACT(8, 1, 1), RD(20, 0), WR(28, 1)};
    CLEAN(&G, ok);
    EXPECT(&G, late, {3, "tRTW", "RD at 20 + 9 = 29 > 28"});
}

static void twtr(void **state)
{
    (void)state;
    /* WR b0 20 -> RD b1: 20 + WL 4 + burst 2 + tWTR 5 = 31. */
    const hamm_command ok[] = {ACT(0, 0, 1), ACT(8, 1, 1), WR(20, 0), RD(31, 1)};
    const hamm_command late[] = {ACT(0, 0, 1), ACT(8, 1, 1), WR(20, 0), RD(30, 1)};
    CLEAN(&G, ok);
    EXPECT(&G, late, {3, "tWTR", "WR at 20 + 11 (WL 4 + burst 2 + tWTR 5) = 31 > 30"});
}

static void trtp(void **state)
{
    (void)state;
    /* RD 20 -> PRE: 20 + tRTP 2 = 22 (tRAS: 0 + 21 = 21, met at 21 and 22). */
    const hamm_command ok[] = {ACT(0, 0, 1), RD(20, 0), PRE(22, 0)};
    const hamm_command late[] = {ACT(0, 0, 1), RD(20, 0), PRE(21, 0)};
    CLEAN(&G, ok);
    EXPECT(&G, late, {2, "tRTP", "RD at 20 + 2 = 22 > 21"});
}

static void twr(void **state)
{
    (void)state;
    /* WR 12 -> PRE: 12 + WL 4 + burst 2 + tWR 13 = 31 (tRAS 21, met). */
    const hamm_command ok[] = {ACT(0, 0, 1), WR(12, 0), PRE(31, 0)};
    const hamm_command late[] = {ACT(0, 0, 1), WR(12, 0), PRE(30, 0)};
    CLEAN(&G, ok);
    EXPECT(&G, late, {2, "tWR", "WR at 12 + 19 (WL 4 + burst 2 + tWR 13) = 31 > 30"});
}

static void data_bus(void **state)
{
    (void)state;
    /* GDDR3's tRTW (9 = CL + burst + 2 - WL) keeps write data clear of read data, so the
     * data bus rule cannot break alone there: this device lowers tRTW to 5.
     * RD 12 carries [21, 23); WR at 19 [23, 25) just fits; WR at 18 [22, 24) overlaps
     * (tRTW: 12 + 5 = 17, met). */
    hamm_command_device dev = G;
    dev.dram.timing.tRTW = 5;
    const hamm_command ok[] = {ACT(0, 0, 1), RD(12, 0), WR(19, 0)};
    const hamm_command late[] = {ACT(0, 0, 1), RD(12, 0), WR(18, 0)};
    CLEAN(&dev, ok);
    EXPECT(&dev, late, {2, "data bus", "WR data [22, 24) overlaps RD data [21, 23) of RD at 12"});
}

static void data_bus_older_burst(void **state)
{
    (void)state;
    /* With tRTW 0 a write may land its data before earlier reads' data (WL 4 < CL 9):
     * RD 12 [21, 23), RD 14 [23, 25), WR 15 [19, 21) - no overlap.  WR 17 [21, 23)
     * misses the latest read's burst but overlaps the one of RD 12 (tCCD from WR 15:
     * 15 + 2 = 17, met). */
    hamm_command_device dev = G;
    dev.dram.timing.tRTW = 0;
    const hamm_command ok[] = {ACT(0, 0, 1), RD(12, 0), RD(14, 0), WR(15, 0)};
    const hamm_command late[] = {ACT(0, 0, 1), RD(12, 0), RD(14, 0), WR(15, 0), WR(17, 0)};
    CLEAN(&dev, ok);
    EXPECT(&dev, late, {4, "data bus", "WR data [21, 23) overlaps RD data [21, 23) of RD at 12"});
}

/* ---- state rules ---------------------------------------------------------------------- */

static void state_rules(void **state)
{
    (void)state;
    /* ACT to an open bank (tRC 0 + 34 = 34, met; no PRE, so no tRP). */
    const hamm_command act_open[] = {ACT(0, 0, 1), ACT(34, 0, 2)};
    EXPECT(&G, act_open, {1, "state", "ACT to bank 0, which has row 1 open"});
    /* RD, WR and PRE to a bank never opened. */
    const hamm_command rd_closed[] = {RD(5, 2)};
    const hamm_command wr_closed[] = {WR(5, 2)};
    const hamm_command pre_closed[] = {PRE(5, 1)};
    EXPECT(&G, rd_closed, {0, "state", "RD to bank 2, which is precharged"});
    EXPECT(&G, wr_closed, {0, "state", "WR to bank 2, which is precharged"});
    EXPECT(&G, pre_closed, {0, "state", "PRE to bank 1, which is precharged"});
    /* RD after the bank was closed again (tRCD: 0 + 12, met). */
    const hamm_command rd_after_pre[] = {ACT(0, 0, 1), PRE(21, 0), RD(40, 0)};
    EXPECT(&G, rd_after_pre, {2, "state", "RD to bank 0, which is precharged"});
    /* REF with open banks. */
    const hamm_command ref_one[] = {ACT(0, 1, 1), REF(50)};
    const hamm_command ref_two[] = {ACT(0, 0, 1), ACT(8, 1, 1), REF(50)};
    EXPECT(&G, ref_one, {1, "state", "REF with 1 bank open (bank 1)"});
    EXPECT(&G, ref_two, {2, "state", "REF with 2 banks open (bank 0, ...)"});
}

static void violating_command_still_issues(void **state)
{
    (void)state;
    /* The second ACT (to an open bank) is reported once and then counts as issued: the
     * RD at 46 meets tRCD from it (34 + 12), and the PRE is held to tRAS from it:
     * 34 + 21 = 55 > 54. */
    const hamm_command cmds[] = {ACT(0, 0, 1), ACT(34, 0, 2), RD(46, 0), PRE(54, 0)};
    EXPECT(&G, cmds, {1, "state", "ACT to bank 0, which has row 1 open"},
           {3, "tRAS", "ACT at 34 + 21 = 55 > 54"});
    /* An ACT that breaks tRRD still opens its bank: the RD after it is no state error. */
    const hamm_command early[] = {ACT(0, 0, 1), ACT(7, 1, 1), RD(19, 1)};
    EXPECT(&G, early, {1, "tRRD", "ACT at 0 + 8 = 8 > 7"});
}

static void channels_are_independent(void **state)
{
    (void)state;
    /* Two channels may each ACT in cycle 0 and RD in cycle 12: no bus, no tRRD between
     * them. */
    hamm_command_device dev = G;
    dev.channels = 2;
    const hamm_command a0 = ACT(0, 0, 1), r0 = RD(12, 0);
    const hamm_command cmds[] = {ON(0, a0), ON(1, a0), ON(1, r0), ON(0, r0)};
    CLEAN(&dev, cmds);
}

static void out_of_range_commands(void **state)
{
    (void)state;
    hamm_command_device dev = G;
    dev.channels = 2;
    const hamm_command a = ACT(0, 0, 1);
    const hamm_command cmds[] = {ACT(0, 4, 1), ON(2, a), {1, 0, 0, 0, HAMM_CMD_COUNT}};
    EXPECT(&dev, cmds, {0, "command", "bank 4 is out of range (banks=4)"},
           {1, "command", "channel 2 is out of range (channels=2)"},
           {2, "command", "command 5 is not a DRAM command"});
    /* G: rows 4096, columns 512.  Row 4095 and column 511 are the last ones (ACT 0, RD 12
     * = 0 + tRCD, WR 21 = 12 + tRTW 9). */
    const hamm_command last[] = {ACT(0, 0, 4095), {12, 0, 0, 511, HAMM_CMD_RD},
                                 {21, 0, 0, 511, HAMM_CMD_WR}};
    CLEAN(&G, last);
    /* Row 4096 is refused and opens nothing, so the RD after it finds bank 0 precharged;
     * columns 512 are refused before any rule is checked. */
    const hamm_command beyond[] = {ACT(0, 0, 4096), {12, 0, 0, 511, HAMM_CMD_RD},
                                   ACT(20, 1, 1), {32, 0, 1, 512, HAMM_CMD_RD},
                                   {41, 0, 1, 512, HAMM_CMD_WR}};
    EXPECT(&G, beyond, {0, "command", "row 4096 is out of range (rows=4096)"},
           {1, "state", "RD to bank 0, which is precharged"},
           {3, "command", "column 512 is out of range (columns=512)"},
           {4, "command", "column 512 is out of range (columns=512)"});
}

/* ---- bank groups: DDR4 and GDDR5 ----------------------------------------------------------- */

static void trrd_l(void **state)
{
    (void)state;
    /* D, same group (b0, b1 in group 0): 0 + tRRD_L 6 = 6. */
    const hamm_command ok[] = {ACT(0, 0, 1), ACT(6, 1, 1)};
    const hamm_command late[] = {ACT(0, 0, 1), ACT(5, 1, 1)};
    CLEAN(&D, ok);
    EXPECT(&D, late, {1, "tRRD_L", "ACT at 0 + 6 = 6 > 5"});
    /* D, other group (b4 in group 1): 0 + tRRD 4 = 4. */
    const hamm_command other_ok[] = {ACT(0, 0, 1), ACT(4, 4, 1)};
    const hamm_command other_late[] = {ACT(0, 0, 1), ACT(3, 4, 1)};
    CLEAN(&D, other_ok);
    EXPECT(&D, other_late, {1, "tRRD", "ACT at 0 + 4 = 4 > 3"});
    /* D, both at once: b1 at 5 after b0 at 0 (same group: 6 > 5) and b4 at 4 (other
     * group: 4 + 4 = 8 > 5).  At 8 both are met. */
    const hamm_command both_ok[] = {ACT(0, 0, 1), ACT(4, 4, 1), ACT(8, 1, 1)};
    const hamm_command both_late[] = {ACT(0, 0, 1), ACT(4, 4, 1), ACT(5, 1, 1)};
    CLEAN(&D, both_ok);
    EXPECT(&D, both_late, {2, "tRRD_L", "ACT at 0 + 6 = 6 > 5"},
           {2, "tRRD", "ACT at 4 + 4 = 8 > 5"});
}

static void trrd_without_l(void **state)
{
    (void)state;
    /* F has bank groups but tRRD_L 0: the same group uses tRRD 6, named tRRD. */
    const hamm_command ok[] = {ACT(0, 0, 1), ACT(6, 1, 1)};
    const hamm_command late[] = {ACT(0, 0, 1), ACT(5, 1, 1)};
    CLEAN(&F, ok);
    EXPECT(&F, late, {1, "tRRD", "ACT at 0 + 6 = 6 > 5"});
    /* One rule, reported once, from the binding ACT: b4 (group 1) 0, b0 (group 0) 1
     * (0 + 6 = 6 > 1); b1 at 5 is early for b0 (1 + 6 = 7) and for b4 (0 + 6 = 6): the
     * later, b0's, is reported. */
    const hamm_command twice[] = {ACT(0, 4, 1), ACT(1, 0, 1), ACT(5, 1, 1)};
    EXPECT(&F, twice, {1, "tRRD", "ACT at 0 + 6 = 6 > 1"}, {2, "tRRD", "ACT at 1 + 6 = 7 > 5"});
}

static void tfaw(void **state)
{
    (void)state;
    /* D: ACTs to four groups every tRRD 4 (0, 4, 8, 12), the fifth to b1 (group 0, 0 +
     * tRRD_L 6 = 6, met): the window allows it from 0 + tFAW 26 = 26.  A sixth (b5, group
     * 1) is then due at 4 + 26 = 30 (tRRD_L from b4: 4 + 6; tRRD from b1: 26 + 4 = 30). */
    const hamm_command ok[] = {ACT(0, 0, 1),  ACT(4, 4, 1),  ACT(8, 8, 1),
                               ACT(12, 12, 1), ACT(26, 1, 1), ACT(30, 5, 1)};
    const hamm_command late[] = {ACT(0, 0, 1), ACT(4, 4, 1), ACT(8, 8, 1), ACT(12, 12, 1),
                                 ACT(25, 1, 1)};
    CLEAN(&D, ok);
    EXPECT(&D, late, {4, "tFAW", "4th-last ACT at 0 + 26 = 26 > 25"});
    /* G has no tFAW: five ACTs tRRD apart are fine. */
    const hamm_command g5[] = {ACT(0, 0, 1), ACT(8, 1, 1), ACT(16, 2, 1), ACT(24, 3, 1),
                               PRE(29, 0), ACT(42, 0, 2)};
    CLEAN(&G, g5);
}

static void tccd_l(void **state)
{
    (void)state;
    /* D: b1 (group 0) opened at 6 is readable from 6 + 17 = 23.  RD b0 23 -> RD b1: 23 +
     * tCCD_L 6 = 29; data [40, 44) then [45, 49) at 28: no overlap. */
    const hamm_command ok[] = {ACT(0, 0, 1), ACT(6, 1, 1), RD(23, 0), RD(29, 1)};
    const hamm_command late[] = {ACT(0, 0, 1), ACT(6, 1, 1), RD(23, 0), RD(28, 1)};
    CLEAN(&D, ok);
    EXPECT(&D, late, {3, "tCCD_L", "RD at 23 + 6 = 29 > 28"});
    const hamm_command wr_ok[] = {ACT(0, 0, 1), ACT(6, 1, 1), WR(23, 0), WR(29, 1)};
    const hamm_command wr_late[] = {ACT(0, 0, 1), ACT(6, 1, 1), WR(23, 0), WR(28, 1)};
    CLEAN(&D, wr_ok);
    EXPECT(&D, wr_late, {3, "tCCD_L", "WR at 23 + 6 = 29 > 28"});
    /* D, other group: b4 opened at 4, readable from 21.  RD b0 21 -> RD b4: 21 + tCCD 4 =
     * 25; at 24 the data [41, 45) also overlaps [38, 42) (tCCD = burst 4). */
    const hamm_command other_ok[] = {ACT(0, 0, 1), ACT(4, 4, 1), RD(21, 0), RD(25, 4)};
    const hamm_command other_late[] = {ACT(0, 0, 1), ACT(4, 4, 1), RD(21, 0), RD(24, 4)};
    CLEAN(&D, other_ok);
    EXPECT(&D, other_late, {3, "tCCD", "RD at 21 + 4 = 25 > 24"},
           {3, "data bus", "RD data [41, 45) overlaps RD data [38, 42) of RD at 21"});
    /* F: tCCD_L 3 in the group (burst 2, so the data stays apart): RD b0 18 -> RD b1 21. */
    const hamm_command f_ok[] = {ACT(0, 0, 1), ACT(6, 1, 1), RD(18, 0), RD(21, 1)};
    const hamm_command f_late[] = {ACT(0, 0, 1), ACT(6, 1, 1), RD(18, 0), RD(20, 1)};
    CLEAN(&F, f_ok);
    EXPECT(&F, f_late, {3, "tCCD_L", "RD at 18 + 3 = 21 > 20"});
}

static void twtr_l(void **state)
{
    (void)state;
    /* D, same group: WR b0 23 -> RD b1: 23 + WL 12 + burst 4 + tWTR_L 9 = 48. */
    const hamm_command ok[] = {ACT(0, 0, 1), ACT(6, 1, 1), WR(23, 0), RD(48, 1)};
    const hamm_command late[] = {ACT(0, 0, 1), ACT(6, 1, 1), WR(23, 0), RD(47, 1)};
    CLEAN(&D, ok);
    EXPECT(&D, late, {3, "tWTR_L", "WR at 23 + 25 (WL 12 + burst 4 + tWTR_L 9) = 48 > 47"});
    /* D, other group: WR b0 21 -> RD b4: 21 + 12 + 4 + tWTR 3 = 40. */
    const hamm_command other_ok[] = {ACT(0, 0, 1), ACT(4, 4, 1), WR(21, 0), RD(40, 4)};
    const hamm_command other_late[] = {ACT(0, 0, 1), ACT(4, 4, 1), WR(21, 0), RD(39, 4)};
    CLEAN(&D, other_ok);
    EXPECT(&D, other_late, {3, "tWTR", "WR at 21 + 19 (WL 12 + burst 4 + tWTR 3) = 40 > 39"});
    /* F, tWTR_L 0: the same group uses tWTR: WR b0 18 -> RD b1: 18 + 4 + 2 + 5 = 29. */
    const hamm_command f_ok[] = {ACT(0, 0, 1), ACT(6, 1, 1), WR(18, 0), RD(29, 1)};
    const hamm_command f_late[] = {ACT(0, 0, 1), ACT(6, 1, 1), WR(18, 0), RD(28, 1)};
    CLEAN(&F, f_ok);
    EXPECT(&F, f_late, {3, "tWTR", "WR at 18 + 11 (WL 4 + burst 2 + tWTR 5) = 29 > 28"});
}

static void l_values_need_groups(void **state)
{
    (void)state;
    /* The _L values apply within a bank group only when there are groups: on GDDR3
     * (one group) with tRRD_L 12, tCCD_L 4 and tWTR_L 9 given anyway, the base values
     * still rule: ACT b1 at 0 + tRRD 8, RD b1 at 20 + tCCD 2, RD b0 after WR b1 at
     * 22 + WL 4 + burst 2 + tWTR 5 = 33. */
    hamm_command_device dev = G;
    dev.dram.timing.tRRD_L = 12;
    dev.dram.timing.tCCD_L = 4;
    dev.dram.timing.tWTR_L = 9;
    const hamm_command ok[] = {ACT(0, 0, 1), ACT(8, 1, 1), RD(20, 0), RD(22, 1)};
    const hamm_command wtr_ok[] = {ACT(0, 0, 1), ACT(8, 1, 1), WR(22, 1), RD(33, 0)};
    const hamm_command wtr_late[] = {ACT(0, 0, 1), ACT(8, 1, 1), WR(22, 1), RD(32, 0)};
    CLEAN(&dev, ok);
    CLEAN(&dev, wtr_ok);
    EXPECT(&dev, wtr_late, {3, "tWTR", "WR at 22 + 11 (WL 4 + burst 2 + tWTR 5) = 33 > 32"});
}

/* ---- refresh ---------------------------------------------------------------------------- */

static void trfc(void **state)
{
    (void)state;
    hamm_command_device dev = g_refresh(1);
    /* REF 0 -> ACT: 0 + tRFC 30 = 30. */
    const hamm_command act_ok[] = {REF(0), ACT(30, 0, 1)};
    const hamm_command act_late[] = {REF(0), ACT(29, 0, 1)};
    CLEAN(&dev, act_ok);
    EXPECT(&dev, act_late, {1, "tRFC", "REF at 0 + 30 = 30 > 29"});
    /* REF 0 -> REF: 0 + 30 = 30. */
    const hamm_command ref_ok[] = {REF(0), REF(30)};
    const hamm_command ref_late[] = {REF(0), REF(29)};
    CLEAN(&dev, ref_ok);
    EXPECT(&dev, ref_late, {1, "tRFC", "REF at 0 + 30 = 30 > 29"});
}

static void ref_after_pre(void **state)
{
    (void)state;
    hamm_command_device dev = g_refresh(1);
    /* PRE 21 -> REF: 21 + tRP 13 = 34. */
    const hamm_command ok[] = {ACT(0, 0, 1), PRE(21, 0), REF(34)};
    const hamm_command late[] = {ACT(0, 0, 1), PRE(21, 0), REF(33)};
    CLEAN(&dev, ok);
    EXPECT(&dev, late, {2, "tRP", "PRE at 21 + 13 = 34 > 33"});
    /* Any bank's PRE counts: PRE b1 at 29 (8 + 21) -> REF from 29 + 13 = 42. */
    const hamm_command other_late[] = {ACT(0, 0, 1), ACT(8, 1, 1), PRE(21, 0), PRE(29, 1),
                                       REF(41)};
    EXPECT(&dev, other_late, {4, "tRP", "PRE at 29 + 13 = 42 > 41"});
}

static void trefi(void **state)
{
    (void)state;
    hamm_command_device dev = g_refresh(1);
    /* From cycle 0, the first REF is due by 0 + 9 x 100 = 900. */
    const hamm_command first_ok[] = {REF(900)};
    const hamm_command first_late[] = {REF(901)};
    CLEAN(&dev, first_ok);
    EXPECT(&dev, first_late,
           {0, "tREFI", "no REF since cycle 0: 0 + 900 (9 x tREFI 100) = 900 < 901"});
    /* Between REFs: 100 + 900 = 1000. */
    const hamm_command gap_ok[] = {REF(100), REF(1000)};
    const hamm_command gap_late[] = {REF(100), REF(1001)};
    CLEAN(&dev, gap_ok);
    EXPECT(&dev, gap_late,
           {1, "tREFI", "no REF since REF at 100: 100 + 900 (9 x tREFI 100) = 1000 < 1001"});
    /* Any command past the deadline shows the REF is late; it is reported once per gap
     * (RD 1001 + 12, PRE >= 1001 + 21, REF >= 1040 + 13: all met). */
    const hamm_command quiet[] = {REF(100), ACT(1001, 0, 1), RD(1013, 0), PRE(1040, 0),
                                  REF(1100)};
    EXPECT(&dev, quiet,
           {1, "tREFI", "no REF since REF at 100: 100 + 900 (9 x tREFI 100) = 1000 < 1001"});
    /* Without tREFI there is no interval rule. */
    const hamm_command none[] = {ACT(100000, 0, 1)};
    CLEAN(&G, none);
}

static void trefi_at_end_of_log(void **state)
{
    (void)state;
    hamm_command_device dev = g_refresh(2);
    /* Channel 0 refreshes and runs to cycle 1000; channel 1 says nothing, so by the end
     * of the log (1000) it is past its first deadline 0 + 900.  Channel 0's next is due
     * at 900 + 900 = 1800. */
    const hamm_command r0 = REF(0), r900 = REF(900), a = ACT(1000, 0, 1);
    const hamm_command cmds[] = {ON(0, r0), ON(0, r900), ON(0, a)};
    collect got;
    run(&dev, cmds, NCMDS(cmds), &got);
    assert_int_equal(got.n, 1);
    assert_int_equal(got.v[0].index, 3); /* from hamm_checker_finish */
    assert_int_equal(got.v[0].channel, 1);
    assert_int_equal(got.v[0].cmd, HAMM_CMD_COUNT);
    assert_string_equal(got.v[0].rule, "tREFI");
    assert_string_equal(got.v[0].text,
                        "no REF since cycle 0: 0 + 900 (9 x tREFI 100) = 900 < end of log 1000");
    /* A log that ends by 900 leaves channel 1 within its interval. */
    const hamm_command a900 = ACT(900, 0, 1);
    const hamm_command early[] = {ON(0, r0), ON(0, a900)};
    CLEAN(&dev, early);
}

static void bad_devices(void **state)
{
    (void)state;
    hamm_checker *c = NULL;
    hamm_error err;
    hamm_command_device dev = G;
    dev.channels = 0;
    hamm_error_clear(&err);
    assert_int_equal(hamm_checker_new(&c, &dev, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "channels");
    dev = G;
    dev.dram.bank_groups = 3;
    hamm_error_clear(&err);
    assert_int_equal(hamm_checker_new(&c, &dev, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "bank_groups");
    dev = G;
    dev.dram.burst_length = 3;
    hamm_error_clear(&err);
    assert_int_equal(hamm_checker_new(&c, &dev, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "BL");
    dev = G;
    dev.dram.rows = 0;
    hamm_error_clear(&err);
    assert_int_equal(hamm_checker_new(&c, &dev, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "rows");
    assert_non_null(strstr(err.text, "0 rows"));
    dev = G;
    dev.dram.columns = 0;
    hamm_error_clear(&err);
    assert_int_equal(hamm_checker_new(&c, &dev, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "columns");
    assert_non_null(strstr(err.text, "0 columns"));
    assert_null(c);
}

/* ---- the log ------------------------------------------------------------------------------- */

#define DOC_HEADER                                                                           \
    "# hamm command log 1\n"                                                                 \
    "# channels=8 banks=4 bank_groups=1 BL=4 data_rate=2 rows=4096 columns=512 tCCD=2 "      \
    "tCCD_L=0 tRRD=8 tRRD_L=0 tFAW=0 tRAS=21 tRCD=12 tRP=13 tRC=34 CL=9 WL=4 tWTR=5 "       \
    "tWTR_L=0 tRTW=9 tRTP=2 tWR=13 tRFC=0 tREFI=0\n"

static hamm_status write_log(const hamm_command_device *dev, const hamm_command *cmds, size_t n,
                             hamm_compression comp, th_sink *sink, hamm_error *err)
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
static hamm_status check_bytes(const void *p, size_t len, size_t chunk, collect *got,
                               uint64_t *commands, uint64_t *violations, hamm_error *err)
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

static hamm_status check_text(const char *text, size_t chunk, collect *got, uint64_t *commands,
                              uint64_t *violations, hamm_error *err)
{
    return check_bytes(text, strlen(text), chunk, got, commands, violations, err);
}

static void writer_output(void **state)
{
    (void)state;
    hamm_command_device dev = G;
    dev.channels = 8;
    const hamm_command cmds[] = {ACT(12, 3, 1024), RD(24, 3), {26, 0, 3, 17, HAMM_CMD_RD},
                                 PRE(40, 3), {41, 7, 2, 4095, HAMM_CMD_ACT},
                                 {53, 7, 2, 511, HAMM_CMD_WR}, REF(60)};
    th_sink sink;
    hamm_error err;
    assert_int_equal(write_log(&dev, cmds, NCMDS(cmds), HAMM_COMPRESSION_NONE, &sink, &err),
                     HAMM_OK);
    const char *expected = DOC_HEADER "12 0 ACT 3 1024\n"
                                  "24 0 RD 3 0\n"
                                  "26 0 RD 3 17\n"
                                  "40 0 PRE 3\n"
                                  "41 7 ACT 2 4095\n"
                                  "53 7 WR 2 511\n"
                                  "60 0 REF -\n";
    assert_int_equal(sink.len, strlen(expected));
    assert_memory_equal(sink.p, expected, sink.len);
    free(sink.p);
}

static void writer_refuses_what_reader_would(void **state)
{
    (void)state;
    th_sink sink;
    hamm_error err;
    const hamm_command bank[] = {ACT(0, 4, 1)};
    assert_int_equal(write_log(&G, bank, 1, HAMM_COMPRESSION_NONE, &sink, &err), HAMM_ERR_ARG);
    assert_string_equal(err.field, "bank");
    free(sink.p);
    const hamm_command back[] = {ACT(10, 0, 1), PRE(9, 0)};
    assert_int_equal(write_log(&G, back, 2, HAMM_COMPRESSION_NONE, &sink, &err), HAMM_ERR_ARG);
    assert_string_equal(err.field, "cycle");
    free(sink.p);
    const hamm_command chan[] = {{0, 1, 0, 1, HAMM_CMD_ACT}};
    assert_int_equal(write_log(&G, chan, 1, HAMM_COMPRESSION_NONE, &sink, &err), HAMM_ERR_ARG);
    assert_string_equal(err.field, "channel");
    free(sink.p);
    const hamm_command row[] = {ACT(0, 0, 4096)};
    assert_int_equal(write_log(&G, row, 1, HAMM_COMPRESSION_NONE, &sink, &err), HAMM_ERR_ARG);
    assert_string_equal(err.field, "row");
    assert_non_null(strstr(err.text, "row 4096 is out of range (rows=4096)"));
    free(sink.p);
    const hamm_command column[] = {ACT(0, 0, 1), {12, 0, 0, 512, HAMM_CMD_WR}};
    assert_int_equal(write_log(&G, column, 2, HAMM_COMPRESSION_NONE, &sink, &err),
                     HAMM_ERR_ARG);
    assert_string_equal(err.field, "column");
    assert_non_null(strstr(err.text, "column 512 is out of range (columns=512)"));
    free(sink.p);
    const hamm_command devless[] = {ACT(0, 0, 1)};
    hamm_command_device dev = G;
    dev.dram.columns = 0;
    assert_int_equal(write_log(&dev, devless, 1, HAMM_COMPRESSION_NONE, &sink, &err),
                     HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "columns");
    free(sink.p);
}

/* A log with a mix of rules broken, over two channels. */
static const hamm_command mixed[] = {
    {0, 0, 0, 1, HAMM_CMD_ACT},   {0, 1, 0, 1, HAMM_CMD_ACT},  {7, 0, 1, 5, HAMM_CMD_ACT},
    {11, 0, 0, 3, HAMM_CMD_RD},   {12, 1, 0, 3, HAMM_CMD_WR},  {20, 0, 1, 0, HAMM_CMD_RD},
    {21, 0, 1, 0, HAMM_CMD_RD},   {30, 1, 0, 0, HAMM_CMD_PRE}, {31, 1, 2, 0, HAMM_CMD_RD},
    {40, 0, 0, 0, HAMM_CMD_PRE},  {40, 0, 1, 0, HAMM_CMD_PRE},
    {60, 0, HAMM_NO_BANK, 0, HAMM_CMD_REF},
};

static void round_trip(void **state)
{
    (void)state;
    hamm_command_device dev = G;
    dev.channels = 2;
    th_sink sink;
    hamm_error err;
    assert_int_equal(write_log(&dev, mixed, NCMDS(mixed), HAMM_COMPRESSION_NONE, &sink, &err),
                     HAMM_OK);
    collect direct, via_log, bytewise;
    run(&dev, mixed, NCMDS(mixed), &direct);
    uint64_t n = 0, v = 0;
    assert_int_equal(check_bytes(sink.p, sink.len, 0, &via_log, &n, &v, &err), HAMM_OK);
    assert_int_equal(n, NCMDS(mixed));
    assert_int_equal(v, direct.n);
    assert_int_equal(via_log.n, direct.n);
    /* Ch 0: ACT b1 7 (tRRD: 0 + 8 = 8 > 7); RD b0 11 (tRCD: 0 + 12 = 12 > 11); RD b1 21
     * (tCCD 20 + 2 > 21 and the data bus); PRE b0 40 and PRE b1 40 (command bus); ch 1:
     * WR b0 12 fine, PRE b0 30 (tWR: 12 + 4 + 2 + 13 = 31 > 30), RD b2 31 (closed). */
    static const struct {
        uint64_t line;
        const char *rule;
    } lines[] = {{5, "tRRD"},  {6, "tRCD"}, {9, "tCCD"},  {9, "data bus"},
                 {10, "tWR"}, {11, "state"}, {13, "command bus"}};
    assert_int_equal(via_log.n, NCMDS(lines));
    for (size_t i = 0; i < via_log.n; i++) {
        assert_int_equal(via_log.v[i].line, lines[i].line);
        assert_string_equal(via_log.v[i].rule, lines[i].rule);
        assert_string_equal(via_log.v[i].rule, direct.v[i].rule);
        assert_string_equal(via_log.v[i].text, direct.v[i].text);
        assert_string_equal(via_log.v[i].source, "mem.log");
    }
    /* Byte at a time: the same. */
    assert_int_equal(check_bytes(sink.p, sink.len, 1, &bytewise, &n, &v, &err), HAMM_OK);
    assert_int_equal(bytewise.n, via_log.n);
    for (size_t i = 0; i < via_log.n; i++) {
        assert_int_equal(bytewise.v[i].line, via_log.v[i].line);
        assert_string_equal(bytewise.v[i].text, via_log.v[i].text);
    }
    /* No callback: only the counts. */
    assert_int_equal(check_bytes(sink.p, sink.len, 0, NULL, &n, &v, &err), HAMM_OK);
    assert_int_equal(v, direct.n);
    free(sink.p);
    /* Through zstd. */
    assert_int_equal(write_log(&dev, mixed, NCMDS(mixed), HAMM_COMPRESSION_ZSTD, &sink, &err),
                     HAMM_OK);
    assert_int_equal(check_bytes(sink.p, sink.len, 3, &bytewise, &n, &v, &err), HAMM_OK);
    assert_int_equal(n, NCMDS(mixed));
    assert_int_equal(bytewise.n, via_log.n);
    free(sink.p);
}

static void long_log_streams(void **state)
{
    (void)state;
    /* Many times the reader's buffer: open/read/close bank 0 forever, legally:
     * ACT t, RD t + 12, PRE t + 21 (RD + 2 <= t + 21), next ACT t + 34; rows cycle
     * through G's 4096. */
    enum { ROUNDS = 20000 };
    hamm_command *cmds = malloc(3 * ROUNDS * sizeof *cmds);
    for (uint64_t i = 0; i < ROUNDS; i++) {
        uint64_t t = 34 * i;
        cmds[3 * i] = (hamm_command){t, 0, 0, (uint32_t)(i % 4096), HAMM_CMD_ACT};
        cmds[3 * i + 1] = (hamm_command){t + 12, 0, 0, 7, HAMM_CMD_RD};
        cmds[3 * i + 2] = (hamm_command){t + 21, 0, 0, 0, HAMM_CMD_PRE};
    }
    th_sink sink;
    hamm_error err;
    assert_int_equal(write_log(&G, cmds, 3 * ROUNDS, HAMM_COMPRESSION_NONE, &sink, &err),
                     HAMM_OK);
    assert_true(sink.len > 4 * 65536);
    uint64_t n = 0, v = 1;
    collect got;
    assert_int_equal(check_bytes(sink.p, sink.len, 0, &got, &n, &v, &err), HAMM_OK);
    assert_int_equal(n, 3 * ROUNDS);
    assert_int_equal(v, 0);
    /* One late RD in the last round is found at its line: line 2 + 3 x (ROUNDS - 1) + 2. */
    free(sink.p);
    cmds[3 * ROUNDS - 2].cycle -= 1;
    assert_int_equal(write_log(&G, cmds, 3 * ROUNDS, HAMM_COMPRESSION_NONE, &sink, &err),
                     HAMM_OK);
    assert_int_equal(check_bytes(sink.p, sink.len, 0, &got, &n, &v, &err), HAMM_OK);
    assert_int_equal(got.n, 1);
    assert_int_equal(got.v[0].line, 2 + 3 * (ROUNDS - 1) + 2);
    assert_string_equal(got.v[0].rule, "tRCD");
    free(sink.p);
    free(cmds);
}

typedef struct bad_log {
    const char *text;
    hamm_status status;
    uint64_t line, column;
    const char *field;
    const char *part;
} bad_log;

#define H1 "# hamm command log 1\n"
#define KEYS_D "# channels=2 banks=4 bank_groups=1 BL=4 data_rate=2 "
#define KEYS_RC "rows=4096 columns=512 "
#define KEYS_T "tCCD=2 tCCD_L=0 tRRD=8 "
#define KEYS_A KEYS_D KEYS_RC KEYS_T
#define KEYS_B "tRRD_L=0 tFAW=0 tRAS=21 tRCD=12 tRP=13 tRC=34 CL=9 WL=4 tWTR=5 tWTR_L=0 "
#define KEYS_C "tRTW=9 tRTP=2 tWR=13 tRFC=0"
#define HDR H1 KEYS_A KEYS_B KEYS_C " tREFI=0\n"

static void malformed_logs(void **state)
{
    (void)state;
    const bad_log cases[] = {
        {"", HAMM_ERR_EMPTY, 0, 0, "", "no command log header"},
        {"# hamm trace v1\nR 0x0\n", HAMM_ERR_FORMAT, 1, 0, "header", "not a hamm command log"},
        {"12 0 ACT 3 1024\n", HAMM_ERR_FORMAT, 1, 0, "header", "not a hamm command log"},
        {"# hamm command log 2\n", HAMM_ERR_FORMAT, 1, 20, "version", "version '2'"},
        {"# hamm command log\n", HAMM_ERR_FORMAT, 1, 0, "header", "lacks the version"},
        {H1, HAMM_ERR_FORMAT, 2, 0, "header", "missing the device line"},
        {H1 "channels=2\n", HAMM_ERR_FORMAT, 2, 0, "header", "second line must be the device"},
        {H1 KEYS_A KEYS_B KEYS_C "\n", HAMM_ERR_FORMAT, 2, 0, "tREFI", "missing key tREFI"},
        {H1 KEYS_A KEYS_B "tRTW=9 tRTP=2 tWR=13 tREFI=0\n", HAMM_ERR_FORMAT, 2, 0, "tRFC",
         "missing key tRFC"},
        {H1 KEYS_D "columns=512 " KEYS_T KEYS_B KEYS_C " tREFI=0\n", HAMM_ERR_FORMAT, 2, 0,
         "rows", "missing key rows"},
        {H1 KEYS_D "rows=4096 " KEYS_T KEYS_B KEYS_C " tREFI=0\n", HAMM_ERR_FORMAT, 2, 0,
         "columns", "missing key columns"},
        {H1 "# pages=5\n", HAMM_ERR_FORMAT, 2, 3, "header", "unknown key 'pages'"},
        {H1 "# banks\n", HAMM_ERR_FORMAT, 2, 3, "header", "expected KEY=VALUE"},
        {H1 "# banks=x4\n", HAMM_ERR_FORMAT, 2, 9, "banks", "not a decimal number: 'x4'"},
        {H1 "# banks=4294967296\n", HAMM_ERR_FORMAT, 2, 9, "banks", "above 4294967295"},
        {H1 "# banks=4 banks=4\n", HAMM_ERR_FORMAT, 2, 11, "banks", "given twice"},
        {H1 "# channels=2 banks=0 bank_groups=1 BL=4 data_rate=2 " KEYS_RC KEYS_T
            KEYS_B KEYS_C " tREFI=0\n", HAMM_ERR_CONFIG, 2, 0, "banks", "0 banks"},
        {H1 KEYS_D "rows=0 columns=512 " KEYS_T KEYS_B KEYS_C " tREFI=0\n", HAMM_ERR_CONFIG,
         2, 0, "rows", "0 rows"},
        {H1 KEYS_D "rows=4096 columns=0 " KEYS_T KEYS_B KEYS_C " tREFI=0\n", HAMM_ERR_CONFIG,
         2, 0, "columns", "0 columns"},
        {HDR "12 0 ACX 3 1\n", HAMM_ERR_PARSE, 3, 6, "command", "found 'ACX'"},
        {HDR "12 0 act 3 1\n", HAMM_ERR_PARSE, 3, 6, "command", "expected ACT, PRE"},
        {HDR "12 0 ACT 4 1\n", HAMM_ERR_PARSE, 3, 10, "bank",
         "bank 4 is out of range: the header says banks=4"},
        {HDR "12 2 ACT 0 1\n", HAMM_ERR_PARSE, 3, 4, "channel",
         "channel 2 is out of range: the header says channels=2"},
        {HDR "12 0 ACT 0\n", HAMM_ERR_PARSE, 3, 0, "row", "missing row"},
        {HDR "12 0 ACT 0 4096\n", HAMM_ERR_PARSE, 3, 12, "row",
         "row 4096 is out of range: the header says rows=4096"},
        {HDR "12 0 ACT 0 4294967296\n", HAMM_ERR_PARSE, 3, 12, "row",
         "row 4294967296 is out of range: the header says rows=4096"},
        {HDR "12 0 ACT 0 1\n24 0 RD 0 512\n", HAMM_ERR_PARSE, 4, 11, "column",
         "column 512 is out of range: the header says columns=512"},
        {HDR "12 0 ACT 0 1\n24 0 WR 0 512\n", HAMM_ERR_PARSE, 4, 11, "column",
         "column 512 is out of range: the header says columns=512"},
        {HDR "12 0 RD 0\n", HAMM_ERR_PARSE, 3, 0, "column", "missing column"},
        {HDR "12 0 PRE 0 5\n", HAMM_ERR_PARSE, 3, 12, "", "unexpected trailing text '5'"},
        {HDR "12 0 REF 0\n", HAMM_ERR_PARSE, 3, 10, "bank", "written '-', not '0'"},
        {HDR "12 0 ACT - 1\n", HAMM_ERR_PARSE, 3, 10, "bank", "not a decimal number"},
        {HDR "12 0\n", HAMM_ERR_PARSE, 3, 0, "command", "missing command"},
        {HDR "x 0 ACT 0 1\n", HAMM_ERR_PARSE, 3, 1, "cycle", "not a decimal number: 'x'"},
        {HDR "18446744073709551616 0 ACT 0 1\n", HAMM_ERR_PARSE, 3, 1, "cycle", "overflows"},
        {HDR "12 0 ACT 0 1\n\n", HAMM_ERR_PARSE, 4, 0, "cycle", "missing cycle"},
        {HDR "12 0 ACT 0 1\n# note\n", HAMM_ERR_PARSE, 4, 1, "cycle", "not a decimal"},
        {HDR "12 0 ACT 0 1\n13 1 ACT 0 1\n10 0 PRE 0\n", HAMM_ERR_PARSE, 5, 0, "cycle",
         "cycle 10 is before cycle 12 of channel 0's previous command (line 3)"},
    };
    for (size_t i = 0; i < NCMDS(cases); i++) {
        for (size_t chunk = 0; chunk < 2; chunk++) {
            hamm_error err;
            uint64_t n, v;
            hamm_status st = check_text(cases[i].text, chunk, NULL, &n, &v, &err);
            if (st != cases[i].status || err.line != cases[i].line ||
                err.column != cases[i].column || strcmp(err.field, cases[i].field) != 0 ||
                !strstr(err.text, cases[i].part) ||
                strcmp(err.source, "mem.log") != 0)
                fail_msg("case %zu: status %d line %llu col %llu field '%s' text '%s' source '%s'",
                         i, (int)st, (unsigned long long)err.line,
                         (unsigned long long)err.column, err.field, err.text, err.source);
        }
    }
}

static void lenient_where_harmless(void **state)
{
    (void)state;
    /* CRLF line ends, extra blanks, keys in any order, no final newline; channels
     * interleave and each one's cycles only have to be in order within it. */
    const char *text = "# hamm command log 1\r\n"
                       "#  tREFI=0 columns=512 channels=2 banks=4 bank_groups=1 BL=4 "
                       "data_rate=2 tCCD=2 tCCD_L=0 tRRD=8 tRRD_L=0 tFAW=0 tRAS=21 tRCD=12 "
                       "tRP=13 tRC=34 CL=9 WL=4 tWTR=5 tWTR_L=0 tRTW=9 tRTP=2 tWR=13 tRFC=0 "
                       "rows=4096\r\n"
                       "12 0 ACT 3 1024\r\n"
                       "5 1  ACT\t3 7\n"
                       "24 0 RD 3 16";
    hamm_error err;
    uint64_t n, v;
    collect got;
    assert_int_equal(check_text(text, 0, &got, &n, &v, &err), HAMM_OK);
    assert_int_equal(n, 3);
    assert_int_equal(v, 0);
    /* The last row and column the header allows (rows=4096, columns=512): ACT 12, RD 24
     * (tRCD 12), WR 33 (tRTW 9). */
    assert_int_equal(check_text(HDR "12 0 ACT 0 4095\n24 0 RD 0 511\n33 0 WR 0 511\n", 0,
                                &got, &n, &v, &err),
                     HAMM_OK);
    assert_int_equal(n, 3);
    assert_int_equal(v, 0);
    /* A header with no commands is an empty, clean log. */
    assert_int_equal(check_text(HDR, 0, &got, &n, &v, &err), HAMM_OK);
    assert_int_equal(n, 0);
}

static void line_too_long(void **state)
{
    (void)state;
    size_t len = strlen(HDR) + 70000;
    char *text = malloc(len + 1);
    memset(text, ' ', len);
    memcpy(text, HDR, strlen(HDR));
    text[len] = '\0';
    hamm_error err;
    uint64_t n, v;
    assert_int_equal(check_text(text, 0, NULL, &n, &v, &err), HAMM_ERR_PARSE);
    assert_int_equal(err.line, 3);
    assert_non_null(strstr(err.text, "longer than"));
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(doc_example_is_clean),
        cmocka_unit_test(command_names),
        cmocka_unit_test(command_bus),
        cmocka_unit_test(trrd),
        cmocka_unit_test(trc),
        cmocka_unit_test(tras),
        cmocka_unit_test(trp),
        cmocka_unit_test(trcd),
        cmocka_unit_test(tccd),
        cmocka_unit_test(trtw),
        cmocka_unit_test(twtr),
        cmocka_unit_test(trtp),
        cmocka_unit_test(twr),
        cmocka_unit_test(data_bus),
        cmocka_unit_test(data_bus_older_burst),
        cmocka_unit_test(state_rules),
        cmocka_unit_test(violating_command_still_issues),
        cmocka_unit_test(channels_are_independent),
        cmocka_unit_test(out_of_range_commands),
        cmocka_unit_test(trrd_l),
        cmocka_unit_test(trrd_without_l),
        cmocka_unit_test(tfaw),
        cmocka_unit_test(tccd_l),
        cmocka_unit_test(twtr_l),
        cmocka_unit_test(l_values_need_groups),
        cmocka_unit_test(trfc),
        cmocka_unit_test(ref_after_pre),
        cmocka_unit_test(trefi),
        cmocka_unit_test(trefi_at_end_of_log),
        cmocka_unit_test(bad_devices),
        cmocka_unit_test(writer_output),
        cmocka_unit_test(writer_refuses_what_reader_would),
        cmocka_unit_test(round_trip),
        cmocka_unit_test(long_log_streams),
        cmocka_unit_test(malformed_logs),
        cmocka_unit_test(lenient_where_harmless),
        cmocka_unit_test(line_too_long),
    };
    return cmocka_run_group_tests(tests, setup_devices, NULL);
}
