/* test_banked_stream.c - a trace's accesses grouped into parallel accesses (src/banked):
 * windows for flat traces, warp instructions where records name the warp, splitting of
 * over-long groups, words of several bytes, the cycle counts; and bad scheme specs, each
 * error naming its field. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hamm/banked.h"

static hamm_conflicts *make(const char *spec, uint32_t lanes, uint32_t group, uint32_t word)
{
    hamm_banked_scheme s;
    hamm_error err;
    hamm_error_clear(&err);
    if (hamm_banked_parse(spec, lanes, &s, &err) != HAMM_OK)
        fail_msg("%s: %s", spec, err.text);
    hamm_conflicts_options o = {word, group};
    hamm_conflicts *c = NULL;
    if (hamm_conflicts_new(&c, &s, &o, &err) != HAMM_OK)
        fail_msg("%s", err.text);
    return c;
}

static hamm_request req(uint64_t byte_addr, int warp, uint16_t w, uint64_t cycle)
{
    hamm_request r;
    memset(&r, 0, sizeof r);
    r.addr = byte_addr;
    r.size = 4;
    if (warp) {
        r.warp = w;
        r.cycle = cycle;
        r.flags = HAMM_REQ_HAS_WARP | HAMM_REQ_HAS_CORE | HAMM_REQ_HAS_CYCLE;
    }
    return r;
}

/* A flat trace on 4 low-order modules: windows of 4.  Words 0 1 2 3 spread (degree 1, one
 * cycle); 0 4 8 12 all in module 0 (degree 4, four cycles); a last window of two words
 * 5 and 5, one line (degree 1, one cycle, as for a whole window: ceil(2 / 4) = 1). */
static void stream_windows(void **state)
{
    (void)state;
    hamm_conflicts *c = make("low-order", 4, 0, 4);
    static const uint64_t words[10] = {0, 1, 2, 3, 0, 4, 8, 12, 5, 5};
    hamm_request r[10];
    for (int i = 0; i < 10; i++)
        r[i] = req(words[i] * 4, 0, 0, 0);
    hamm_conflicts_add(c, r, 3); /* a group may straddle batches */
    hamm_conflicts_add(c, r + 3, 7);
    const hamm_conflict_stats *st = hamm_conflicts_result(c);
    assert_int_equal(st->accesses, 10);
    assert_int_equal(st->groups, 3);
    assert_int_equal(st->window_groups, 3);
    assert_int_equal(st->warp_groups, 0);
    assert_int_equal(st->max_degree, 4);
    assert_int_equal(st->degree_groups[1], 2);
    assert_int_equal(st->degree_groups[4], 1);
    assert_int_equal(st->cycles, 1 + 4 + 1);
    assert_int_equal(st->conflict_free_cycles, 3);
    hamm_conflicts_free(c);
}

/* Records that name the warp: one group per (core, warp, cycle).  Warp 1 at cycle 10
 * reads words 0 and 4 (module 0 twice: degree 2), warp 2 words 1 2 3 (degree 1), warp 1 at
 * cycle 11 word 8 (degree 1): 4 cycles against 3.  With --group 2 the same records are
 * windows of two: {0,4} {1,2} {3,8}: degrees 2, 1, 1.  Words of 8 bytes: bytes 0 and 8
 * are words 0 and 1. */
static void stream_warps(void **state)
{
    (void)state;
    hamm_request r[6] = {req(0, 1, 1, 10),  req(16, 1, 1, 10), req(4, 1, 2, 10),
                         req(8, 1, 2, 10), req(12, 1, 2, 10), req(32, 1, 1, 11)};
    hamm_conflicts *c = make("low-order", 4, 0, 4);
    hamm_conflicts_add(c, r, 6);
    const hamm_conflict_stats *st = hamm_conflicts_result(c);
    assert_int_equal(st->groups, 3);
    assert_int_equal(st->warp_groups, 3);
    assert_int_equal(st->degree_groups[2], 1);
    assert_int_equal(st->degree_groups[1], 2);
    assert_int_equal(st->cycles, 4);
    assert_int_equal(st->conflict_free_cycles, 3);
    hamm_conflicts_free(c);
    hamm_conflicts *w = make("low-order", 4, 2, 4);
    hamm_conflicts_add(w, r, 6);
    st = hamm_conflicts_result(w);
    assert_int_equal(st->groups, 3);
    assert_int_equal(st->window_groups, 3);
    assert_int_equal(st->degree_groups[2], 1);
    hamm_conflicts_free(w);
    hamm_conflicts *b = make("low-order", 4, 0, 8);
    hamm_request two[2] = {req(0, 0, 0, 0), req(8, 0, 0, 0)};
    hamm_conflicts_add(b, two, 2);
    assert_int_equal(hamm_conflicts_result(b)->max_degree, 1);
    hamm_conflicts_free(b);
}

/* One warp instruction longer than HAMM_BANKED_MAX_GROUP is split: 4097 accesses of one
 * warp to word 0 are two groups, each of one line. */
static void stream_split(void **state)
{
    (void)state;
    hamm_conflicts *c = make("low-order", 32, 0, 4);
    hamm_request r = req(0, 1, 7, 5);
    for (uint32_t i = 0; i <= HAMM_BANKED_MAX_GROUP; i++)
        hamm_conflicts_add(c, &r, 1);
    const hamm_conflict_stats *st = hamm_conflicts_result(c);
    assert_int_equal(st->groups, 2);
    assert_int_equal(st->max_degree, 1);
    /* ceil(4096 / 32) + ceil(1 / 32) cycles, conflict-free as well */
    assert_int_equal(st->cycles, 128 + 1);
    assert_int_equal(st->conflict_free_cycles, 129);
    hamm_conflicts_free(c);
}

static void bad(const char *spec, uint32_t lanes, const char *field, const char *words)
{
    hamm_banked_scheme s;
    hamm_error err;
    hamm_error_clear(&err);
    if (hamm_banked_parse(spec, lanes, &s, &err) != HAMM_ERR_ARG)
        fail_msg("'%s' with %u modules was accepted", spec, lanes);
    if (strcmp(err.field, field) != 0 || !strstr(err.text, words))
        fail_msg("'%s': field '%s', '%s'; expected field '%s' and '%s'", spec, err.field,
                 err.text, field, words);
}

static void bad_specs(void **state)
{
    (void)state;
    bad("banked", 32, "scheme", "unknown scheme 'banked'");
    bad("", 32, "scheme", "unknown scheme");
    bad("sams:t=1", 32, "sams.t", "unknown parameter (sams:q=Q,s=S)");
    bad("sams:s=x", 32, "sams.s", "'x' is not a whole number from 0 to 32");
    bad("sams:s=33", 32, "sams.s", "from 0 to 32");
    bad("sams:s=-1", 32, "sams.s", "not a whole number");
    bad("sams:s=", 32, "sams.s", "needs a value");
    bad("sams:s", 32, "sams.s", "needs a value");
    bad("sams:s=1,s=2", 32, "sams.s", "given twice");
    bad("sams:q=3", 32, "sams.q", "q=3 means 8 modules, but there are 32");
    bad("sams", 24, "modules", "power-of-two module count, not 24");
    bad("xor", 12, "modules", "power-of-two");
    bad("low-order:s=1", 32, "low-order.s", "takes no parameters");
    bad("prime:p=33", 32, "prime.p", "33 is not prime");
    bad("skewed:skew=1x", 32, "skewed.skew", "not a whole number");
    bad("high-order:rows=0", 32, "high-order.rows", "from 1 to");
    bad("2dsmm:width=100", 32, "2dsmm.width", "not a multiple of 2^q = 8");
    bad("2dsmm:p=3", 32, "2dsmm.p", "p=3, q=2: needs 1 <= p <= q and p + q = 5");
    bad("2dsmm", 2, "modules", "2dsmm needs 2^(p+q) modules");
    bad("low-order", 0, "modules", "not from 1 to 1024");
    bad("low-order", 2048, "modules", "not from 1 to 1024");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stream_windows),
        cmocka_unit_test(stream_warps),
        cmocka_unit_test(stream_split),
        cmocka_unit_test(bad_specs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
