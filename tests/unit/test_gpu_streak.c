/* test_gpu_streak.c - row streak breakers (the Yuan thesis' Figure 6.19; gpu/streak.h and
 * the channel's observer, engine/channel.h): origins classified by hand, and a banked
 * FIFO channel of the baseline GDDR3 fed hand-built queue contents whose row switches
 * strand a request (or, when it arrives after the PRE, do not). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "engine/channel.h"
#include "gpu/streak.h"
#include "hamm/engine.h"

#define BASELINE HAMM_SOURCE_ROOT "/models/system/yuan09-baseline.json"

/* A banked-FIFO baseline engine that records whether a PRE has issued. */
typedef struct rig {
    hamm_engine_params p;
    hamm_addrmap *map;
    hamm_engine *e;
    int precharged;
} rig;

static void on_command(void *user, const hamm_command *x)
{
    rig *g = user;
    g->precharged |= x->cmd == HAMM_CMD_PRE;
}

static rig *rig_new(void)
{
    const char *sets[] = {"scheduler=banked-fifo"};
    rig *g = calloc(1, sizeof *g);
    hamm_error err;
    hamm_error_clear(&err);
    assert_non_null(g);
    if (hamm_config_load(&g->p.cfg, BASELINE, sets, 1, &err) != HAMM_OK ||
        hamm_config_addrmap(&g->p.cfg, &g->map, &err) != HAMM_OK ||
        hamm_engine_new(&g->e, &g->p, g->map, on_command, g, &err) != HAMM_OK)
        fail_msg("%s: %s", err.field, err.text);
    return g;
}

static void rig_free(rig *g)
{
    hamm_engine_free(g->e);
    hamm_addrmap_free(g->map);
    free(g);
}

static void classes_by_hand(void **state)
{
    (void)state;
    uint64_t stranded = gpu_origin_of(3, 7);
    assert_int_equal(gpu_streak_class_of(gpu_origin_of(4, 7), stranded), GPU_STREAK_OTHER_CORE);
    assert_int_equal(gpu_streak_class_of(gpu_origin_of(3, 8), stranded), GPU_STREAK_OTHER_CTA);
    assert_int_equal(gpu_streak_class_of(gpu_origin_of(3, 7), stranded), GPU_STREAK_SAME_CTA);
    /* an L1's request: its core is known, its CTA not */
    assert_int_equal(gpu_streak_class_of(gpu_origin_of(3, GPU_CTA_NONE), stranded),
                     GPU_STREAK_UNATTRIBUTED);
    assert_int_equal(gpu_streak_class_of(gpu_origin_of(2, GPU_CTA_NONE), stranded),
                     GPU_STREAK_OTHER_CORE);
    /* an L2's request: no origin at all */
    assert_int_equal(gpu_streak_class_of(GPU_ORIGIN_NONE, stranded), GPU_STREAK_UNATTRIBUTED);
    assert_int_equal(gpu_streak_class_of(stranded, GPU_ORIGIN_NONE), GPU_STREAK_UNATTRIBUTED);
}

/* Four breakers, two of them of the same CTA, then the stranded request: each class is
 * credited once (the thesis' count), and the requests are counted by class. */
static void one_switch_credits_each_class_once(void **state)
{
    (void)state;
    gpu_streaks s = {0};
    uint64_t o[] = {gpu_origin_of(1, 0), gpu_origin_of(0, 2), gpu_origin_of(0, 1),
                    gpu_origin_of(0, 1), gpu_origin_of(0, 1)};
    gpu_streaks_see(&s, o, 4, 1);
    gpu_streaks_see(&s, o, 0, 0); /* a row switch that strands nothing */
    assert_int_equal(s.row_streaks, 2);
    assert_int_equal(s.stranded, 1);
    assert_int_equal(s.breakers, 4);
    assert_int_equal(s.requests[GPU_STREAK_OTHER_CORE], 1);
    assert_int_equal(s.requests[GPU_STREAK_OTHER_CTA], 1);
    assert_int_equal(s.requests[GPU_STREAK_SAME_CTA], 2);
    assert_int_equal(s.requests[GPU_STREAK_UNATTRIBUTED], 0);
    for (int k = 0; k < GPU_STREAK_UNATTRIBUTED; k++)
        assert_int_equal(s.credited[k], 1);
    assert_int_equal(s.credited[GPU_STREAK_UNATTRIBUTED], 0);
}

static void no_done(void *user, uint64_t tag, int write, uint64_t data_end)
{
    (void)user, (void)tag, (void)write, (void)data_end;
}

/* Channel 0 of a banked-FIFO baseline engine in closed-loop use, observed into *s. */
static channel *observed(rig **g, gpu_streaks *s)
{
    *g = rig_new();
    channel *c = engine_channel_of((*g)->e, 0);
    channel_close_loop(c, no_done, NULL, 0);
    assert_true(channel_observe_streaks(c, gpu_streaks_see, s));
    return c;
}

static void read_from(channel *c, uint32_t row, uint16_t core, uint32_t cta)
{
    assert_true(channel_can_accept(c, 0));
    channel_enqueue(c, 0, row, 0, 32, 0, 0, gpu_origin_of(core, cta));
}

/* Bank 0's queue, oldest first: A row 1 (core 0, CTA 0); B row 2 (core 1); C row 4
 * (core 0, CTA 1); D row 5 (core 0, CTA 0); E row 1 (core 0, CTA 0).  The banked FIFO
 * opens row 1 for A, then switches to row 2 for B while E, to row 1, waits: E is
 * stranded, and B, C and D (one of each class relative to E) are its breakers.  The
 * switches to rows 4, 5 and back to 1 strand nothing (no request to the row left waits
 * behind).  Five ACTs, each to another row than the last: five row streaks. */
static void fifo_switch_strands_a_request(void **state)
{
    (void)state;
    rig *g;
    gpu_streaks s = {0};
    channel *c = observed(&g, &s);
    read_from(c, 1, 0, 0);
    read_from(c, 2, 1, 0);
    read_from(c, 4, 0, 1);
    read_from(c, 5, 0, 0);
    read_from(c, 1, 0, 0);
    channel_advance(c, 2000);
    assert_true(channel_quiet(c));
    assert_int_equal(s.row_streaks, 5);
    assert_int_equal(s.stranded, 1);
    assert_int_equal(s.breakers, 3);
    assert_int_equal(s.requests[GPU_STREAK_OTHER_CORE], 1);
    assert_int_equal(s.requests[GPU_STREAK_OTHER_CTA], 1);
    assert_int_equal(s.requests[GPU_STREAK_SAME_CTA], 1);
    assert_int_equal(s.credited[GPU_STREAK_OTHER_CORE], 1);
    assert_int_equal(s.credited[GPU_STREAK_OTHER_CTA], 1);
    assert_int_equal(s.credited[GPU_STREAK_SAME_CTA], 1);
    rig_free(g);
}

/* A row 1, then B row 2: the bank precharges row 1 for B.  E, to row 1, arrives after
 * that PRE (while the bank precharges): no scheduler could have served it before the
 * switch, so it is not stranded. */
static void request_after_the_pre_is_not_stranded(void **state)
{
    (void)state;
    rig *g;
    gpu_streaks s = {0};
    channel *c = observed(&g, &s);
    read_from(c, 1, 0, 0);
    read_from(c, 2, 1, 0);
    uint64_t t = 0;
    while (!g->precharged && t < 2000)
        channel_advance(c, ++t);
    assert_true(g->precharged);
    assert_int_equal(s.row_streaks, 1); /* row 2's ACT waits tRP */
    read_from(c, 1, 0, 0);
    channel_advance(c, 2000);
    assert_true(channel_quiet(c));
    assert_int_equal(s.row_streaks, 3);
    assert_int_equal(s.stranded, 0);
    assert_int_equal(s.breakers, 0);
    rig_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(classes_by_hand),
        cmocka_unit_test(one_switch_credits_each_class_once),
        cmocka_unit_test(fifo_switch_strands_a_request),
        cmocka_unit_test(request_after_the_pre_is_not_stranded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
