/* test_engine_ranks.c - more than one rank per channel (docs/ENGINE.md, "Ranks") against
 * hand-timed command sequences: the rank switch tRTRS on the shared data bus, tWTR and the
 * activate windows within a rank only, all-rank refresh; and the analytical model seeing
 * every rank's banks.  Every expected cycle is derived by hand in the comments.
 *
 * GDDR3 baseline (models/dram/gddr3-yuan09.json): 4 banks, tRCD 12, CL 9, WL 4, burst 2
 * cycles (BL4, DDR), tCCD 2, tRRD 8, tRAS 21, tRP 13, tRTP 2, tWTR 5; DDR4-2400: 16 banks
 * in 4 groups (group = bank / 4), tRRD 4, tRRD_L 6, tFAW 26, tRCD 17. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "engine_rig.h"
#include "hamm/dram_model.h"

#define RD HAMM_CMD_RD
#define WR HAMM_CMD_WR
#define ACT HAMM_CMD_ACT
#define PRE HAMM_CMD_PRE
#define REF HAMM_CMD_REF

#define GDDR3_MAP "address_map=row:rank:bank:channel:column"
#define DDR4_MAP "address_map=row:rank:bank:column/5:bankgroup:channel:column"

/* An engine of `system` with `sets`, timed replay, recording its commands. */
static rig *rank_rig(const char *system, const char *const *sets, size_t n, int refresh)
{
    char path[512];
    snprintf(path, sizeof path, "%s/models/system/%s.json", HAMM_SOURCE_ROOT, system);
    rig *g = calloc(1, sizeof *g);
    hamm_error err;
    hamm_error_clear(&err);
    g->p.replay = HAMM_REPLAY_TIMED;
    g->p.refresh = refresh;
    if (hamm_config_load(&g->p.cfg, path, sets, n, &err) != HAMM_OK ||
        hamm_config_addrmap(&g->p.cfg, &g->map, &err) != HAMM_OK ||
        hamm_engine_new(&g->e, &g->p, g->map, on_command, &g->cap, &err) != HAMM_OK)
        fail_msg("%s: %s", err.field, err.text);
    return g;
}

/* A 32-byte request to channel 0, `rank`, `bank`, `row`, column 0, arriving at `cycle`. */
static void add_rank(rig *g, uint32_t rank, uint32_t bank, uint32_t row, int write,
                     uint64_t cycle)
{
    hamm_dram_coord c = {.rank = rank, .bank = bank, .row = row};
    hamm_error err;
    hamm_error_clear(&err);
    uint64_t a = 0;
    assert_int_equal(hamm_addrmap_encode(g->map, &c, &a, &err), HAMM_OK);
    hamm_request r = {.addr = a, .size = 32, .cycle = cycle, .flags = HAMM_REQ_HAS_CYCLE,
                      .op = (uint8_t)(write ? HAMM_OP_WRITE : HAMM_OP_READ)};
    assert_int_equal(hamm_engine_add(g->e, &r, 1, &err), HAMM_OK);
}

typedef struct expect_rank {
    uint64_t cycle;
    hamm_dram_command cmd;
    uint32_t rank, bank; /* bank: HAMM_NO_BANK for REF */
} expect_rank;

/* Channel `ch`'s commands, in order, with their ranks (other channels' are skipped). */
static void expect_channel(const rig *g, uint32_t ch, const expect_rank *x, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < g->cap.n; i++) {
        const hamm_command *c = &g->cap.cmd[i];
        if (c->channel != ch)
            continue;
        if (k == n)
            fail_msg("more than %zu commands on channel %u: %s at %llu", n, ch,
                     hamm_command_name(c->cmd), (unsigned long long)c->cycle);
        if (c->cycle != x[k].cycle || c->cmd != x[k].cmd || c->rank != x[k].rank ||
            c->bank != x[k].bank)
            fail_msg("command %zu: %s rank %u bank %u at %llu, expected %s rank %u bank %u "
                     "at %llu", k, hamm_command_name(c->cmd), c->rank, c->bank,
                     (unsigned long long)c->cycle, hamm_command_name(x[k].cmd), x[k].rank,
                     x[k].bank, (unsigned long long)x[k].cycle);
        k++;
    }
    assert_int_equal(k, n);
}

/* Two reads at 0, bank 0 row 1 of rank 0 and of rank 1, tRTRS 2.  ACT rank 0 at 0; ACT
 * rank 1 at 1 (tRRD binds within a rank only: the command bus is all that waits).  RD
 * rank 0 at 0 + tRCD = 12, data [21, 23).  RD rank 1: tRCD allows 13, but its data must
 * start tRTRS after 23: 23 + 2 - CL 9 = 16 (= RD 12 + burst 2 + tRTRS 2), data [25, 27):
 * the channel ends at 27.  With tRTRS 0 the second RD goes at 12 + burst = 14, data end
 * 25; on one rank (both reads to bank 0, rows 1 and 2) the second read would need
 * PRE + ACT instead. */
static void rank_switch_waits_trtrs(void **state)
{
    (void)state;
    const char *with[] = {"ranks_per_channel=2", "dram.timing.tRTRS=2", GDDR3_MAP};
    const char *without[] = {"ranks_per_channel=2", GDDR3_MAP};
    rig *g = rank_rig("yuan09-baseline", with, 3, 0);
    rig *z = rank_rig("yuan09-baseline", without, 2, 0);
    rig *both[2] = {g, z};
    for (int k = 0; k < 2; k++) {
        add_rank(both[k], 0, 0, 1, 0, 0);
        add_rank(both[k], 1, 0, 1, 0, 0);
        hamm_engine_finish(both[k]->e);
    }
    const expect_rank x[] = {{0, ACT, 0, 0}, {1, ACT, 1, 0}, {12, RD, 0, 0}, {16, RD, 1, 0}};
    expect_channel(g, 0, x, 4);
    assert_int_equal(ch0(g)->stat[HAMM_STAT_cycles], 27);
    const expect_rank xz[] = {{0, ACT, 0, 0}, {1, ACT, 1, 0}, {12, RD, 0, 0}, {14, RD, 1, 0}};
    expect_channel(z, 0, xz, 4);
    assert_int_equal(ch0(z)->stat[HAMM_STAT_cycles], 25);
    rig_free(g);
    rig_free(z);
}

/* A write to rank 0 and a read to rank 1 at 0 (tRTRS 2): ACT 0 and 1, WR rank 0 at 12
 * (data [16, 18)).  Within a rank the read would wait WL 4 + burst 2 + tWTR 5 = 11, until
 * 23; across ranks only the bus binds: data from 18 + tRTRS 2 = 20 on, so RD >= 20 - CL 9
 * = 11, and tRCD from ACT 1 gives 13: RD at 13, data [22, 24).  The same pair on one rank
 * (banks 0 and 1): ACT 0, ACT 8 (tRRD), WR 12, RD 12 + 11 = 23. */
static void write_to_read_across_ranks_has_no_twtr(void **state)
{
    (void)state;
    const char *sets[] = {"ranks_per_channel=2", "dram.timing.tRTRS=2", GDDR3_MAP};
    rig *g = rank_rig("yuan09-baseline", sets, 3, 0);
    add_rank(g, 0, 0, 1, 1, 0);
    add_rank(g, 1, 0, 1, 0, 0);
    add_rank(g, 0, 1, 1, 0, 100); /* rank 0 again, after the write: tWTR would bind */
    hamm_engine_finish(g->e);
    /* the third read (rank 0 bank 1, at 100): ACT 100, RD 112, long after every delay */
    const expect_rank x[] = {{0, ACT, 0, 0},    {1, ACT, 1, 0},    {12, WR, 0, 0},
                             {13, RD, 1, 0},    {100, ACT, 0, 1},  {112, RD, 0, 1}};
    expect_channel(g, 0, x, 6);
    rig_free(g);
    const char *one[] = {"dram.timing.tRTRS=2"};
    rig *o = rank_rig("yuan09-baseline", one, 1, 0);
    add_rank(o, 0, 0, 1, 1, 0);
    add_rank(o, 0, 1, 1, 0, 0);
    hamm_engine_finish(o->e);
    const expect_rank xo[] = {{0, ACT, 0, 0}, {8, ACT, 0, 1}, {12, WR, 0, 0}, {23, RD, 0, 1}};
    expect_channel(o, 0, xo, 4);
    rig_free(o);
}

/* DDR4, 2 ranks: four reads at 0 to rank 0, banks 0, 4, 8, 12 (groups 0-3): ACT 0, 4, 8,
 * 12 (tRRD 4 between groups).  At 13 a read to rank 1 bank 0 and one to rank 0 bank 1
 * arrive.  Rank 1's ACT goes at 13: rank 0's tFAW window (ACTs 0..12) is not its own.
 * Rank 0's fifth ACT waits for 0 + tFAW 26 = 26 (tRRD_L from bank 0: 6; tRRD from 13
 * does not bind: another rank).  Nothing else competes at 13 and 26: the first RD is at
 * 0 + tRCD 17, and RDs go at 17, 21, 25, 29, ... (none at 26: RD 25's successor, bank 12,
 * waits for its ACT 12 + 17 = 29). */
static void faw_is_per_rank(void **state)
{
    (void)state;
    const char *sets[] = {"ranks_per_channel=2", "dram.timing.tRTRS=2", DDR4_MAP};
    rig *g = rank_rig("ddr4-2400-2ch", sets, 3, 0);
    for (uint32_t b = 0; b < 16; b += 4)
        add_rank(g, 0, b, 1, 0, 0);
    add_rank(g, 1, 0, 1, 0, 13);
    add_rank(g, 0, 1, 1, 0, 13);
    hamm_engine_finish(g->e);
    const expect_rank acts[] = {{0, ACT, 0, 0},  {4, ACT, 0, 4},  {8, ACT, 0, 8},
                                {12, ACT, 0, 12}, {13, ACT, 1, 0}, {26, ACT, 0, 1}};
    size_t k = 0;
    for (size_t i = 0; i < g->cap.n; i++) {
        const hamm_command *c = &g->cap.cmd[i];
        if (c->channel != 0 || c->cmd != ACT)
            continue;
        assert_true(k < 6);
        if (c->cycle != acts[k].cycle || c->rank != acts[k].rank || c->bank != acts[k].bank)
            fail_msg("ACT %zu: rank %u bank %u at %llu, expected rank %u bank %u at %llu", k,
                     c->rank, c->bank, (unsigned long long)c->cycle, acts[k].rank,
                     acts[k].bank, (unsigned long long)acts[k].cycle);
        k++;
    }
    assert_int_equal(k, 6);
    rig_free(g);
}

/* GDDR3, 2 ranks, tRTRS 2, tRFC 30, tREFI 100 (the loader's bound: 20 + 7 banks + tRP 13
 * + 1 REF = 41 before the REF, 30 + tRCD 12 after: 83 < 100).  The reads of the first test
 * (ACT 0, 1; RD 12, 16) leave both rows open.  At 100 a REF round: PRE rank 0 bank 0 at
 * 100 (tRAS from 0 long past), PRE rank 1 bank 0 at 101, REF rank 0 at 100 + tRP 13 = 113,
 * REF rank 1 at 101 + 13 = 114.  Two reads at 120, rank 0 then rank 1, row 1 again: ACT
 * rank 0 at 113 + tRFC 30 = 143, ACT rank 1 at 144 (114 + 30); RD rank 0 at 155, RD rank
 * 1 at max(144 + 12, 155 + burst 2 + tRTRS 2) = 159, data end 170.  An idle channel (1)
 * refreshes rank 0 at 100 and rank 1 at 101, and nothing else before the end, 170. */
static void refresh_closes_and_refreshes_every_rank(void **state)
{
    (void)state;
    const char *sets[] = {"ranks_per_channel=2", "dram.timing.tRTRS=2", GDDR3_MAP,
                          "dram.timing.tRFC=30", "dram.timing.tREFI=100"};
    rig *g = rank_rig("yuan09-baseline", sets, 5, 1);
    add_rank(g, 0, 0, 1, 0, 0);
    add_rank(g, 1, 0, 1, 0, 0);
    add_rank(g, 0, 0, 1, 0, 120);
    add_rank(g, 1, 0, 1, 0, 120);
    hamm_engine_finish(g->e);
    const expect_rank x[] = {
        {0, ACT, 0, 0},   {1, ACT, 1, 0},   {12, RD, 0, 0},  {16, RD, 1, 0},
        {100, PRE, 0, 0}, {101, PRE, 1, 0}, {113, REF, 0, HAMM_NO_BANK},
        {114, REF, 1, HAMM_NO_BANK},        {143, ACT, 0, 0}, {144, ACT, 1, 0},
        {155, RD, 0, 0},  {159, RD, 1, 0}};
    expect_channel(g, 0, x, 12);
    assert_int_equal(ch0(g)->stat[HAMM_STAT_cycles], 170);
    assert_int_equal(ch0(g)->stat[HAMM_STAT_refreshes], 2);
    const expect_rank idle[] = {{100, REF, 0, HAMM_NO_BANK}, {101, REF, 1, HAMM_NO_BANK}};
    expect_channel(g, 1, idle, 2);
    rig_free(g);
}

/* An idle channel's REF rounds are counted at once when no command log asks for each
 * (refresh.c): the counts must be those of stepping through them.  4 ranks, tREFI 100
 * (the bound: 20 + 15 + 13 + 3 = 51, + 42: 93 < 100); one read at 0 and one at 1050 to
 * channel 0 keep the span past 1050, so channels 1-7 refresh 10 rounds (due at 100, ...,
 * 1000) of 4 REFs each, with or without a command log. */
static void idle_refresh_rounds_count_alike(void **state)
{
    (void)state;
    const char *sets[] = {"ranks_per_channel=4", "dram.timing.tRTRS=1", GDDR3_MAP,
                          "dram.timing.tRFC=30", "dram.timing.tREFI=100"};
    uint64_t refs[2][8];
    for (int logged = 0; logged < 2; logged++) {
        rig *g = rank_rig("yuan09-baseline", sets, 5, 1);
        if (!logged) { /* drop the command callback: the idle shortcut may run */
            hamm_engine_free(g->e);
            hamm_error err;
            hamm_error_clear(&err);
            assert_int_equal(hamm_engine_new(&g->e, &g->p, g->map, NULL, NULL, &err), HAMM_OK);
        }
        add_rank(g, 0, 0, 1, 0, 0);
        add_rank(g, 3, 0, 1, 0, 1050);
        hamm_engine_finish(g->e);
        for (uint32_t c = 0; c < 8; c++)
            refs[logged][c] = hamm_engine_channel(g->e, c)->stat[HAMM_STAT_refreshes];
        rig_free(g);
    }
    for (uint32_t c = 1; c < 8; c++) {
        assert_int_equal(refs[0][c], 40);
        assert_int_equal(refs[1][c], 40);
    }
    assert_int_equal(refs[0][0], refs[1][0]);
}

/* hamm predict counts every rank's banks: 2 ranks of the baseline's 4 banks are 8 banks
 * of the channel, and a request to rank 1 bank 3 is bank 1 x 4 + 3 = 7 there. */
static void predict_sees_every_rank_bank(void **state)
{
    (void)state;
    const char *sets[] = {"ranks_per_channel=2", GDDR3_MAP};
    rig *g = rank_rig("yuan09-baseline", sets, 2, 0);
    hamm_model_params mp;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_model_params_from_config(&g->p.cfg, &mp, &err), HAMM_OK);
    assert_int_equal(mp.banks, 8);
    hamm_dram_model *m = NULL;
    assert_int_equal(hamm_dram_model_new(&m, &mp, g->map, HAMM_HEUR_ALL, &err), HAMM_OK);
    hamm_dram_model_free(m);
    hamm_channel_batch *b = NULL;
    assert_int_equal(hamm_channel_batch_new(&b, g->map, &err), HAMM_OK);
    hamm_dram_coord c = {.rank = 1, .bank = 3, .row = 5};
    hamm_request r = {.size = 32};
    assert_int_equal(hamm_addrmap_encode(g->map, &c, &r.addr, &err), HAMM_OK);
    hamm_channel_batch_fill(b, &r, 1);
    assert_int_equal(hamm_channel_batch_requests(b)[0].bank, 7);
    hamm_channel_batch_free(b);
    rig_free(g);
}

/* The model keys: one rank and tRTRS 0 by default, both left out of the dump (so dumps of
 * existing models do not change); set values are dumped (ranks_per_channel with the
 * system, tRTRS with the timings) and load back; a rank count that is not a power of two
 * is refused naming the key. */
static void model_keys(void **state)
{
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s/models/system/ddr4-2400-2ch.json", HAMM_SOURCE_ROOT);
    hamm_system_config *c = calloc(2, sizeof *c);
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_config_load(&c[0], path, NULL, 0, &err), HAMM_OK);
    assert_int_equal(c[0].dram.ranks, 1);
    assert_int_equal(c[0].dram.timing.tRTRS, 0);
    char *text = hamm_config_to_json(&c[0]);
    assert_null(strstr(text, "ranks_per_channel"));
    assert_null(strstr(text, "tRTRS"));
    free(text);
    const char *sets[] = {"ranks_per_channel=4", "dram.timing.tRTRS=2", DDR4_MAP};
    assert_int_equal(hamm_config_load(&c[0], path, sets, 3, &err), HAMM_OK);
    text = hamm_config_to_json(&c[0]);
    assert_non_null(strstr(text, "\"ranks_per_channel\": 4"));
    assert_non_null(strstr(text, "\"tRTRS\": 2"));
    char tmp[] = "/tmp/hamm-test-ranks-XXXXXX";
    int fd = mkstemp(tmp);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    free(text);
    assert_int_equal(hamm_config_load(&c[1], tmp, NULL, 0, &err), HAMM_OK);
    unlink(tmp);
    assert_int_equal(c[1].dram.ranks, 4);
    assert_int_equal(c[1].dram.timing.tRTRS, 2);
    hamm_geometry g;
    hamm_config_geometry(&c[1], &g);
    assert_int_equal(g.ranks, 4);
    const char *three[] = {"ranks_per_channel=3"};
    assert_int_not_equal(hamm_config_load(&c[0], path, three, 1, &err), HAMM_OK);
    assert_string_equal(err.field, "ranks_per_channel");
    free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rank_switch_waits_trtrs),
        cmocka_unit_test(write_to_read_across_ranks_has_no_twtr),
        cmocka_unit_test(faw_is_per_rank),
        cmocka_unit_test(refresh_closes_and_refreshes_every_rank),
        cmocka_unit_test(idle_refresh_rounds_count_alike),
        cmocka_unit_test(predict_sees_every_rank_bank),
        cmocka_unit_test(model_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
