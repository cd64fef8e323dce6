/* test_report.c - the JSON reports (src/report) against hand-derived values: hamm-stats/1
 * over the hand-decoded trace of stats_trace.h, and hamm-simulate/1's counters, named by
 * the unit field of the counter table (a count of cycles ends in _cycles), over one
 * request whose service is derived by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "hamm/config.h"
#include "hamm/engine.h"
#include "hamm/report.h"
#include "hamm/stats.h"
#include "stats_trace.h"

#define BASELINE HAMM_SOURCE_ROOT "/models/system/yuan09-baseline.json"

static void load_baseline(hamm_system_config *cfg)
{
    hamm_error err;
    hamm_error_clear(&err);
    if (hamm_config_load(cfg, BASELINE, NULL, 0, &err) != HAMM_OK)
        fail_msg("%s: %s", err.field, err.text);
}

static json_t *parse(char *text)
{
    assert_non_null(text);
    json_error_t jerr;
    json_t *root = json_loads(text, 0, &jerr);
    if (!root)
        fail_msg("not JSON: %s", jerr.text);
    free(text);
    return root;
}

static json_int_t get_int(const json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    if (!json_is_integer(v))
        fail_msg("%s: not an integer", key);
    return json_integer_value(v);
}

static double get_real(const json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    if (!json_is_real(v))
        fail_msg("%s: not a real", key);
    return json_real_value(v);
}

/* What changes the numbers and which file it was: the options as given, size, hash. */
static void expect_given_input(json_t *input)
{
    assert_int_equal(get_int(input, "request_size_bytes"), 32);
    assert_true(json_is_true(json_object_get(input, "skip_bad")));
    json_t *given = json_object_get(input, "sets");
    assert_int_equal(json_array_size(given), 2);
    assert_string_equal(json_string_value(json_array_get(given, 1)), "channels=4");
    assert_int_equal(get_int(input, "size_bytes"), 1234);
    assert_string_equal(json_string_value(json_object_get(input, "hash")),
                        "xxh64:00ab0000000000cd");
}

/* The spread of stats_trace.h's requests (test_stats.c derives it): channel 0 holds 5
 * of the 6 (bank 0 four of them, bank 1 one), channel 1 none. */
static void expect_spread(json_t *root)
{
    json_t *ch = json_object_get(root, "channels");
    json_t *c0 = json_array_get(ch, 0), *c1 = json_array_get(ch, 1);
    json_t *sp = json_object_get(root, "channel_spread");
    assert_int_equal(get_int(sp, "largest_channel"), 0);
    assert_int_equal(get_int(sp, "largest_requests"), 5);
    assert_true(fabs(get_real(sp, "largest_fraction") - 5.0 / 6.0) < 1e-14);
    assert_int_equal(get_int(sp, "smallest_channel"), 1);
    assert_true(get_real(sp, "smallest_fraction") == 0.0);
    assert_true(fabs(get_real(c0, "request_fraction") - 5.0 / 6.0) < 1e-14);
    json_t *banks = json_object_get(c0, "bank_requests");
    assert_int_equal(json_array_size(banks), 4);
    assert_int_equal(json_integer_value(json_array_get(banks, 0)), 4);
    assert_int_equal(json_integer_value(json_array_get(banks, 1)), 1);
    json_t *bs = json_object_get(c0, "bank_spread");
    assert_int_equal(get_int(bs, "largest_bank"), 0);
    assert_true(get_real(bs, "largest_fraction") == 0.8); /* 4 of its 5 */
    assert_int_equal(get_int(bs, "smallest_bank"), 2);
    /* an empty channel: its banks' fractions are not defined */
    json_t *bs1 = json_object_get(c1, "bank_spread");
    assert_true(json_is_null(json_object_get(bs1, "largest_fraction")));
    assert_true(get_real(c1, "request_fraction") == 0.0);
}

static void stats_json(void **state)
{
    (void)state;
    hamm_system_config cfg;
    load_baseline(&cfg);
    hamm_addrmap *m = NULL;
    hamm_stats *s = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_addrmap_new(&m, ST_MAP, "", &st_geometry, &err), HAMM_OK);
    assert_int_equal(hamm_stats_new(&s, m, &err), HAMM_OK);
    hamm_stats_add(s, st_trace, ST_N);
    static const char *const sets[] = {"queue_size=16", "channels=4"};
    hamm_report_input in = {"t.trace", HAMM_FORMAT_TEXT, HAMM_COMPRESSION_NONE, 2, &cfg,
                            32,        1,                sets,                  2,
                            {1, 1234, 0x00ab0000000000cdULL}, NULL};
    json_t *root = parse(hamm_report_stats_json(&in, hamm_stats_result(s)));
    assert_string_equal(json_string_value(json_object_get(root, "schema")), "hamm-stats/1");
    json_t *input = json_object_get(root, "input");
    assert_string_equal(json_string_value(json_object_get(input, "path")), "t.trace");
    assert_string_equal(json_string_value(json_object_get(input, "format")), "text");
    assert_int_equal(get_int(input, "skipped_lines"), 2);
    expect_given_input(input);
    assert_string_equal(json_string_value(json_object_get(input, "model_file")), BASELINE);
    assert_int_equal(get_int(root, "requests"), 6);
    assert_int_equal(get_int(root, "reads"), 4);
    assert_int_equal(get_int(root, "writes"), 2);
    /* reals are written with 15 significant digits */
    assert_true(fabs(get_real(root, "read_fraction") - 4.0 / 6.0) < 1e-14);
    assert_int_equal(get_int(root, "bytes"), 416);
    assert_int_equal(get_int(root, "channels_touched"), 2);
    assert_int_equal(get_int(root, "banks_touched"), 3);
    assert_int_equal(get_int(root, "distinct_rows"), 4);
    assert_int_equal(get_int(root, "activates"), 5);
    assert_true(get_real(root, "row_locality_requests_per_activate") == 1.2);
    json_t *cyc = json_object_get(root, "arrival_cycles");
    assert_int_equal(get_int(cyc, "timed_requests"), 3);
    assert_int_equal(get_int(cyc, "first"), 5);
    assert_int_equal(get_int(cyc, "last"), 20);
    json_t *ch = json_object_get(root, "channels");
    assert_int_equal(json_array_size(ch), 4);
    json_t *c0 = json_array_get(ch, 0), *c1 = json_array_get(ch, 1);
    assert_int_equal(get_int(c0, "channel"), 0);
    assert_int_equal(get_int(c0, "requests"), 5);
    assert_int_equal(get_int(c0, "reads"), 3);
    assert_int_equal(get_int(c0, "bytes"), 352);
    assert_true(get_real(c0, "row_locality_requests_per_activate") == 1.25);
    assert_true(json_is_null(json_object_get(c1, "row_locality_requests_per_activate")));
    assert_int_equal(get_int(json_array_get(ch, 2), "activates"), 1);
    expect_spread(root);
    json_decref(root);
    hamm_stats_free(s);
    hamm_addrmap_free(m);
}

/* The unit is a field of each counter's entry. */
static void stat_units(void **state)
{
    (void)state;
    assert_int_equal(hamm_channel_stat_unit(HAMM_STAT_latency_sum), HAMM_UNIT_CYCLES);
    assert_int_equal(hamm_channel_stat_unit(HAMM_STAT_activates), HAMM_UNIT_COMMANDS);
    assert_int_equal(hamm_channel_stat_unit(HAMM_STAT_reads), HAMM_UNIT_REQUESTS);
    assert_int_equal(hamm_channel_stat_unit(HAMM_STAT_queue_occupancy_sum),
                     HAMM_UNIT_REQUEST_CYCLES);
    assert_string_equal(hamm_stat_unit_name(HAMM_UNIT_CYCLES), "cycles");
    assert_string_equal(hamm_stat_unit_name(HAMM_UNIT_REQUEST_CYCLES), "request-cycles");
}

/* One 64-byte read on the baseline (2 GDDR3 chips of 32 bits, BL 4: 32 bytes per RD):
 * one ACT, two RD bursts of 2 data-bus cycles each, so 4 busy cycles. */
static void simulate_json(void **state)
{
    (void)state;
    hamm_engine_params p = {.replay = HAMM_REPLAY_SATURATED, .refresh = 0};
    load_baseline(&p.cfg);
    hamm_addrmap *m = NULL;
    hamm_engine *e = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_config_addrmap(&p.cfg, &m, &err), HAMM_OK);
    assert_int_equal(hamm_engine_new(&e, &p, m, NULL, NULL, &err), HAMM_OK);
    hamm_request r = {.addr = 0, .size = 64, .op = HAMM_OP_READ};
    assert_int_equal(hamm_engine_add(e, &r, 1, &err), HAMM_OK);
    hamm_engine_finish(e);
    hamm_report_input in = {.trace_path = "-", .format = HAMM_FORMAT_TEXT, .model = &p.cfg};
    json_t *root = parse(hamm_report_simulate_json(&in, e));
    assert_string_equal(json_string_value(json_object_get(root, "schema")), "hamm-simulate/1");
    /* standard input: no size, no hash; the defaults said */
    json_t *input = json_object_get(root, "input");
    assert_true(json_is_null(json_object_get(input, "size_bytes")));
    assert_true(json_is_null(json_object_get(input, "hash")));
    assert_int_equal(get_int(input, "request_size_bytes"), 64);
    assert_true(json_is_false(json_object_get(input, "skip_bad")));
    assert_int_equal(json_array_size(json_object_get(input, "sets")), 0);
    json_t *c0 = json_array_get(json_object_get(root, "channels"), 0);
    json_t *meas = json_object_get(c0, "measured");
    assert_int_equal(get_int(c0, "requests"), 1);
    assert_int_equal(get_int(meas, "activates"), 1);
    assert_int_equal(get_int(meas, "read_bursts"), 2);
    assert_int_equal(get_int(meas, "busy_cycles"), 4);
    /* counts of cycles say so in their key, once; other units do not */
    static const char *const present[] = {"cycles", "active_cycles", "queue_nonempty_cycles",
                                          "latency_sum_cycles", "latency_max_cycles",
                                          "queue_occupancy_sum", "row_hits", "refreshes"};
    for (size_t i = 0; i < sizeof present / sizeof present[0]; i++)
        if (!json_is_integer(json_object_get(meas, present[i])))
            fail_msg("measured.%s missing", present[i]);
    static const char *const absent[] = {"latency_sum", "latency_max", "cycles_cycles",
                                         "busy_cycles_cycles", "activates_cycles",
                                         "queue_occupancy_sum_cycles"};
    for (size_t i = 0; i < sizeof absent / sizeof absent[0]; i++)
        if (json_object_get(meas, absent[i]))
            fail_msg("measured.%s should not be there", absent[i]);
    assert_int_equal(get_int(meas, "latency_max_cycles"), get_int(meas, "latency_sum_cycles"));
    json_decref(root);
    hamm_engine_free(e);
    hamm_addrmap_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stats_json),
        cmocka_unit_test(stat_units),
        cmocka_unit_test(simulate_json),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
