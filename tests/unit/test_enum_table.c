/* test_enum_table.c - every project enum's one table: each value has a name of its own,
 * parse(name(v)) == v, unknown names fail naming the field, and the heuristic set reads
 * back what it writes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "common/enum_table.h"
#include "hamm/command.h"
#include "hamm/config.h"
#include "hamm/engine.h"
#include "hamm/io.h"

/* Names of values 0 .. count-1: present, not the out-of-range name, all different. */
static void check_names(const char *(*name)(unsigned), unsigned count, const char *unknown)
{
    for (unsigned v = 0; v < count; v++) {
        const char *n = name(v);
        assert_non_null(n);
        assert_true(n[0] != '\0');
        assert_string_not_equal(n, unknown);
        for (unsigned w = 0; w < v; w++)
            assert_string_not_equal(n, name(w));
    }
    assert_string_equal(name(count), unknown);
}

static const char *scheduler(unsigned v) { return hamm_scheduler_name((hamm_scheduler)v); }
static const char *heuristic(unsigned v) { return hamm_heuristic_name((hamm_heuristic)v); }
static const char *replay(unsigned v) { return hamm_replay_name((hamm_replay)v); }
static const char *command(unsigned v) { return hamm_command_name((hamm_dram_command)v); }
static const char *compression(unsigned v) { return hamm_compression_name((hamm_compression)v); }

static void every_value_has_a_name(void **state)
{
    (void)state;
    check_names(scheduler, HAMM_SCHED_COUNT, "unknown");
    check_names(heuristic, HAMM_HEUR_COUNT, "unknown");
    check_names(replay, HAMM_REPLAY_COUNT, "unknown");
    check_names(command, HAMM_CMD_COUNT, "?");
    check_names(compression, HAMM_COMPRESSION_COUNT, "unknown");
    /* the spellings users type and logs hold */
    assert_string_equal(hamm_scheduler_name(HAMM_SCHED_MOST_PENDING), "most-pending");
    assert_string_equal(hamm_heuristic_name(HAMM_HEUR_LOCALITY_SWITCH), "locality-switch");
    assert_string_equal(hamm_replay_name(HAMM_REPLAY_TIMED), "timed");
    assert_string_equal(hamm_command_name(HAMM_CMD_REF), "REF");
    assert_string_equal(hamm_compression_name(HAMM_COMPRESSION_XZ), "xz");
}

static void names_parse_back(void **state)
{
    (void)state;
    hamm_error err;
    hamm_error_clear(&err);
    for (int v = 0; v < HAMM_SCHED_COUNT; v++) {
        hamm_scheduler s;
        assert_int_equal(hamm_scheduler_from_name(scheduler((unsigned)v), &s, &err), HAMM_OK);
        assert_int_equal(s, v);
    }
    for (int v = 0; v < HAMM_HEUR_COUNT; v++) {
        hamm_heuristic h;
        unsigned set;
        assert_int_equal(hamm_heuristic_from_name(heuristic((unsigned)v), &h, &err), HAMM_OK);
        assert_int_equal(h, v);
        assert_int_equal(hamm_heuristics_parse(heuristic((unsigned)v), &set, &err), HAMM_OK);
        assert_int_equal(set, 1u << v);
    }
    for (int v = 0; v < HAMM_REPLAY_COUNT; v++) {
        hamm_replay r;
        assert_int_equal(hamm_replay_from_name(replay((unsigned)v), &r, &err), HAMM_OK);
        assert_int_equal(r, v);
    }
    assert_int_equal(err.status, HAMM_OK);
}

static void unknown_names_fail(void **state)
{
    (void)state;
    hamm_error err;
    hamm_scheduler s;
    hamm_error_clear(&err);
    assert_int_equal(hamm_scheduler_from_name("lottery", &s, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "scheduler");
    assert_string_equal(err.text, "unknown scheduler 'lottery' (expected fr-fcfs, fcfs, "
                                  "most-pending or banked-fifo)");
    hamm_heuristic h;
    hamm_error_clear(&err);
    assert_int_equal(hamm_heuristic_from_name("best", &h, &err), HAMM_ERR_ARG);
    assert_string_equal(err.field, "--heuristic");
    assert_string_equal(err.text, "unknown heuristic 'best' (no-overlap, full-overlap, "
                                  "average, locality-switch, command-timed, all)");
    hamm_replay r;
    hamm_error_clear(&err);
    assert_int_equal(hamm_replay_from_name("sometimes", &r, &err), HAMM_ERR_ARG);
    assert_string_equal(err.field, "--replay");
    assert_string_equal(err.text, "unknown replay 'sometimes' (saturated, timed or rate)");
    hamm_error_clear(&err);
    assert_int_equal(hamm_scheduler_from_name(NULL, &s, &err), HAMM_ERR_ARG);
    assert_string_equal(err.field, "scheduler");
}

static void heuristic_sets(void **state)
{
    (void)state;
    hamm_error err;
    unsigned set = 0;
    hamm_error_clear(&err);
    assert_int_equal(hamm_heuristics_parse("average,no-overlap", &set, &err), HAMM_OK);
    assert_int_equal(set, (1u << HAMM_HEUR_AVERAGE) | (1u << HAMM_HEUR_NO_OVERLAP));
    assert_int_equal(hamm_heuristics_parse("all", &set, &err), HAMM_OK);
    assert_int_equal(set, HAMM_HEUR_ALL);
    assert_int_equal(hamm_heuristics_parse("no-overlap,best", &set, &err), HAMM_ERR_ARG);
    assert_string_equal(err.field, "--heuristic");
    hamm_error_clear(&err);
    assert_int_equal(hamm_heuristics_parse("", &set, &err), HAMM_ERR_ARG);
    assert_string_equal(err.text, "needs at least one heuristic");
}

/* The generic table: a set is written as the list that reads back to it. */
static const char *const fruit[] = {"apple", "pear", "plum"};
static const struct enum_table fruits = {
    .what = "fruit", .field = "basket", .status = HAMM_ERR_CONFIG, .names = fruit, .count = 3,
    .unknown = "?", .lead = "", .all = "any", .or_last = 1,
};

static void set_text_reads_back(void **state)
{
    (void)state;
    char text[64];
    hamm_error err;
    hamm_error_clear(&err);
    for (unsigned set = 1; set < 8; set++) {
        unsigned back = 0;
        enum_table_set_text(&fruits, set, text, sizeof text);
        assert_int_equal(enum_table_parse_set(&fruits, text, &back, &err), HAMM_OK);
        assert_int_equal(back, set);
    }
    enum_table_set_text(&fruits, 5, text, sizeof text);
    assert_string_equal(text, "apple,plum");
    enum_table_set_text(&fruits, 7, text, sizeof text);
    assert_string_equal(text, "any");
    unsigned v;
    assert_int_equal(enum_table_parse(&fruits, "fig", &v, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "basket");
    assert_string_equal(err.text, "unknown fruit 'fig' (apple, pear, plum or any)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_value_has_a_name),
        cmocka_unit_test(names_parse_back),
        cmocka_unit_test(unknown_names_fail),
        cmocka_unit_test(heuristic_sets),
        cmocka_unit_test(set_text_reads_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
