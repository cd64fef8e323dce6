/* test_validate.c - suites (loading, errors naming file and JSON path), grid expansion
 * order, the validate document's nulls with their reasons, and the order entries run in
 * (largest trace first, the first failure in suite order reported). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hamm/validate.h"

#define DATA HAMM_TEST_DATA "/validate/"

static const char *const model_dirs[] = {HAMM_SOURCE_ROOT "/models"};
static const hamm_model_path models = {model_dirs, 1};

static void expect_suite_error(const char *file, const char *field, const char *text)
{
    hamm_suite *s = (hamm_suite *)1;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_not_equal(hamm_suite_load(file, &models, &s, &err), HAMM_OK);
    assert_null(s);
    assert_string_equal(err.field, field);
    assert_non_null(strstr(err.text, text));
    assert_non_null(strstr(err.source, strrchr(file, '/') + 1));
}

static void test_suite_errors(void **state)
{
    (void)state;
    expect_suite_error(DATA "invalid/unknown-key.json", "entries[1].tracee", "unknown key");
    expect_suite_error(DATA "invalid/top-key.json", "entriess", "unknown key");
    expect_suite_error(DATA "invalid/missing-trace.json", "entries[0].trace", "cannot open");
    expect_suite_error(DATA "invalid/missing-model.json", "entries[1].model", "no-such-model");
    expect_suite_error(DATA "invalid/duplicate-name.json", "entries[1].name", "earlier entry");
    expect_suite_error(DATA "invalid/bad-replay.json", "entries[0].replay", "timed");
    expect_suite_error(DATA "invalid/bad-set.json", "entries[0].set.queue_sizee", "unknown key");
    expect_suite_error(DATA "invalid/sweep-key.json", "sweeps[0].gird", "unknown key");
    expect_suite_error(DATA "invalid/sweep-grid.json", "sweeps[0].grid[0]", "KEY=V1,V2");
    expect_suite_error(DATA "invalid/sweep-with.json", "sweeps[0].with[0]",
                       "has 3 values where its axis chips_per_channel has 2");
    expect_suite_error(DATA "invalid/sweep-suite.json", "sweeps[0].suite", "cannot open");
    expect_suite_error(DATA "invalid/sweep-dup.json", "sweeps[1].name", "names sweeps[0] too");
    expect_suite_error(DATA "invalid/sweep-points.json", "sweeps[0].grid",
                       "has 1000000 points (the product of its axes' lengths); a sweep has "
                       "at most 100000");
}

/* A suite's sweeps: names, the suite each runs over, grids with their linked keys. */
static void test_suite_sweeps(void **state)
{
    (void)state;
    hamm_suite *s = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_suite_load(DATA "report.json", &models, &s, &err), HAMM_OK);
    assert_int_equal(hamm_suite_sweeps(s), 2);
    assert_string_equal(hamm_suite_sweep_name(s, 0), "queue-size");
    assert_string_equal(hamm_suite_sweep_suite(s, 0), hamm_suite_path(s));
    assert_int_equal(hamm_grid_points(hamm_suite_sweep_grid(s, 0)), 2);
    const hamm_grid *g = hamm_suite_sweep_grid(s, 1);
    assert_int_equal(hamm_grid_points(g), 2);
    assert_int_equal(hamm_grid_keys(g), 2);
    const char *sets[2];
    hamm_grid_point(g, 0, sets);
    assert_string_equal(sets[0], "chips_per_channel=1");
    assert_string_equal(sets[1], "address_map=dramid@8;0000000R.RRRRRRRR.RRRBBCCC.CCCSSSSS");
    hamm_suite_free(s);
    assert_int_equal(hamm_suite_load(DATA "tiny.json", &models, &s, &err), HAMM_OK);
    assert_int_equal(hamm_suite_sweeps(s), 0);
    hamm_suite_free(s);
}

static void test_suite_loads(void **state)
{
    (void)state;
    hamm_suite *s = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_suite_load(DATA "tiny.json", &models, &s, &err), HAMM_OK);
    assert_int_equal(hamm_suite_size(s), 3);
    assert_string_equal(hamm_suite_name(s), "tiny");
    const char *ok[] = {"queue_size=16"}, *bad[] = {"queue_sizee=16"};
    assert_int_equal(hamm_suite_check(s, ok, 1, &err), HAMM_OK);
    assert_int_not_equal(hamm_suite_check(s, bad, 1, &err), HAMM_OK);
    assert_string_equal(err.field, "queue_sizee");
    hamm_suite_free(s);
    hamm_suite_free(NULL);
}

static void test_grid_order(void **state)
{
    (void)state;
    hamm_grid *g = hamm_grid_new();
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_grid_points(g), 0);
    assert_int_equal(hamm_grid_add(g, "a=1,2", &err), HAMM_OK);
    assert_int_equal(hamm_grid_add(g, "b=x,y,z", &err), HAMM_OK);
    assert_int_equal(hamm_grid_points(g), 6);
    /* the last axis fastest: (1,x) (1,y) (1,z) (2,x) (2,y) (2,z) */
    static const char *const want[6][2] = {{"a=1", "b=x"}, {"a=1", "b=y"}, {"a=1", "b=z"},
                                           {"a=2", "b=x"}, {"a=2", "b=y"}, {"a=2", "b=z"}};
    for (size_t i = 0; i < 6; i++) {
        const char *sets[2];
        hamm_grid_point(g, i, sets);
        assert_string_equal(sets[0], want[i][0]);
        assert_string_equal(sets[1], want[i][1]);
    }
    json_t *pt = hamm_grid_point_json(g, 4);
    char *text = json_dumps(pt, JSON_PRESERVE_ORDER | JSON_COMPACT);
    assert_string_equal(text, "{\"a\":\"2\",\"b\":\"y\"}");
    free(text);
    json_decref(pt);
    assert_int_not_equal(hamm_grid_add(g, "a=3", &err), HAMM_OK); /* a second axis a */
    hamm_error_clear(&err);
    assert_int_not_equal(hamm_grid_add(g, "c=1,,2", &err), HAMM_OK);
    hamm_error_clear(&err);
    assert_int_not_equal(hamm_grid_add(g, "noequals", &err), HAMM_OK);
    assert_int_equal(hamm_grid_points(g), 6);
    hamm_grid_free(g);
}

/* A linked key changes with its axis, value for value: no more points, one more setting. */
static void test_grid_links(void **state)
{
    (void)state;
    hamm_grid *g = hamm_grid_new();
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_not_equal(hamm_grid_link(g, "m=p", &err), HAMM_OK); /* no axis yet */
    hamm_error_clear(&err);
    assert_int_equal(hamm_grid_add(g, "a=1,2", &err), HAMM_OK);
    assert_int_equal(hamm_grid_link(g, "m=p,q", &err), HAMM_OK);
    assert_int_equal(hamm_grid_add(g, "b=x,y,z", &err), HAMM_OK);
    assert_int_not_equal(hamm_grid_link(g, "n=1,2", &err), HAMM_OK); /* b has 3 values */
    assert_string_equal(err.field, "n=1,2");
    hamm_error_clear(&err);
    assert_int_not_equal(hamm_grid_link(g, "a=4,5,6", &err), HAMM_OK); /* a is an axis */
    hamm_error_clear(&err);
    assert_int_equal(hamm_grid_points(g), 6);
    assert_int_equal(hamm_grid_axes(g), 2);
    assert_int_equal(hamm_grid_keys(g), 3);
    const char *sets[3];
    hamm_grid_point(g, 4, sets); /* (2, y) */
    assert_string_equal(sets[0], "a=2");
    assert_string_equal(sets[1], "m=q");
    assert_string_equal(sets[2], "b=y");
    json_t *pt = hamm_grid_point_json(g, 4), *grid = hamm_grid_json(g);
    char *text = json_dumps(pt, JSON_PRESERVE_ORDER | JSON_COMPACT);
    assert_string_equal(text, "{\"a\":\"2\",\"m\":\"q\",\"b\":\"y\"}");
    free(text);
    text = json_dumps(grid, JSON_PRESERVE_ORDER | JSON_COMPACT);
    assert_string_equal(text, "[{\"key\":\"a\",\"values\":[\"1\",\"2\"],\"with\":[{\"key\":"
                              "\"m\",\"values\":[\"p\",\"q\"]}]},{\"key\":\"b\",\"values\":"
                              "[\"x\",\"y\",\"z\"]}]");
    free(text);
    json_decref(pt);
    json_decref(grid);
    hamm_grid_free(g);
}

/* One entry: the per-entry Pearson r has a reason instead of a number. */
static void test_single_entry_nulls(void **state)
{
    (void)state;
    hamm_suite *s = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_suite_load(DATA "single.json", &models, &s, &err), HAMM_OK);
    hamm_validate_options o = {.jobs = 2};
    json_t *doc = NULL;
    assert_int_equal(hamm_validate_run(s, &o, &doc, &err), HAMM_OK);
    json_t *t = json_object_get(json_object_get(json_object_get(doc, "summary"), "per_entry"),
                                "average");
    assert_int_equal(json_integer_value(json_object_get(t, "points")), 1);
    assert_true(json_is_null(json_object_get(t, "pearson_r")));
    assert_string_equal(json_string_value(json_object_get(t, "pearson_r_null_reason")),
                        "fewer than two points");
    assert_null(json_object_get(json_object_get(doc, "summary"), "full-overlap"));
    assert_int_equal(json_array_size(json_object_get(doc, "heuristics")), 2);
    json_decref(doc);
    hamm_suite_free(s);
}

static void count_calls(void *user, size_t done, size_t total)
{
    (void)done;
    (void)total;
    ++*(size_t *)user;
}

/* Run `file` with `jobs` workers, expecting a failure; the entries that ran. */
static size_t run_failing(const char *file, unsigned jobs, hamm_error *err)
{
    hamm_suite *s = NULL;
    hamm_error_clear(err);
    assert_int_equal(hamm_suite_load(file, &models, &s, err), HAMM_OK);
    size_t ran = 0;
    hamm_validate_options o = {.jobs = jobs, .progress = count_calls, .user = &ran};
    json_t *doc = NULL;
    assert_int_not_equal(hamm_validate_run(s, &o, &doc, err), HAMM_OK);
    assert_null(doc);
    hamm_suite_free(s);
    return ran;
}

/* small-then-big.json: small-bad.txt < tiny.txt < big-bad.txt, failing, passing, failing.
 * Largest first, one job runs big-bad (fails), then ok (an earlier entry, so it still
 * runs), then small-bad: three entries, and the error is entries[0]'s.  In suite order
 * only small-bad would run; stopping at the first failure run would report big-bad. */
static void test_largest_first_first_failure(void **state)
{
    (void)state;
    hamm_error err;
    assert_int_equal(run_failing(DATA "order/small-then-big.json", 1, &err), 3);
    assert_non_null(strstr(err.text, "entries[0] 'small-bad'"));
    assert_non_null(strstr(err.source, "small-bad.txt"));
    run_failing(DATA "order/small-then-big.json", 2, &err);
    assert_non_null(strstr(err.text, "entries[0] 'small-bad'"));
    /* big-fails-first.json: the largest entry is first and fails; nothing after it runs */
    assert_int_equal(run_failing(DATA "order/big-fails-first.json", 1, &err), 1);
    assert_non_null(strstr(err.text, "entries[0] 'big-bad'"));
    run_failing(DATA "order/big-fails-first.json", 3, &err);
    assert_non_null(strstr(err.text, "entries[0] 'big-bad'"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_suite_errors), cmocka_unit_test(test_suite_loads),
        cmocka_unit_test(test_grid_order),
        cmocka_unit_test(test_grid_links),
        cmocka_unit_test(test_suite_sweeps),
        cmocka_unit_test(test_single_entry_nulls),
        cmocka_unit_test(test_largest_first_first_failure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
