/* test_report_run.c - `hamm report`'s run as a library call (hamm/report_run.h): validate,
 * the suite's sweeps and every figure written into one directory, each validate run told
 * to the watch; a failure says why and writes no page. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "hamm/report_run.h"
#include "scratch_dir.h"

#define DATA HAMM_TEST_DATA "/validate/"

static const char *const model_dirs[] = {HAMM_SOURCE_ROOT "/models"};
static const hamm_model_path models = {model_dirs, 1};
static char scratch[256];

static int setup(void **state)
{
    (void)state;
    return scratch_make(scratch, sizeof scratch, "report");
}

static int teardown(void **state)
{
    (void)state;
    return scratch_remove(scratch);
}

static int exists(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", scratch, name);
    return access(path, F_OK) == 0;
}

typedef struct seen {
    char what[8][64];
    size_t n;
} seen;

static void on_begin(void *user, const char *what)
{
    seen *s = user;
    if (s->n < 8)
        snprintf(s->what[s->n], sizeof s->what[0], "%s", what);
    s->n++;
}

static hamm_report_options options(const hamm_validate_watch *w, const char *plots)
{
    hamm_report_options o = {.jobs = 2, .sweeps = 1, .command_line = "hamm report",
                             .models = &models, .watch = w};
    hamm_plot_options_init(&o.plot);
    o.plot.plots_dir = plots;
    o.plot.render = 0; /* the tests must not depend on gnuplot being installed */
    return o;
}

static hamm_suite *load(const char *file)
{
    hamm_suite *s = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_sweep_suite_load(file, &models, &s, &err), HAMM_OK);
    return s;
}

static void test_report_holds_validate_sweeps_figures(void **state)
{
    (void)state;
    hamm_suite *s = load(DATA "report.json");
    seen w = {0};
    hamm_validate_watch watch = {on_begin, NULL, NULL, &w};
    hamm_report_options o = options(&watch, HAMM_SOURCE_ROOT "/plots");
    hamm_report_summary sum;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_report_run(s, scratch, &o, &sum, &err), HAMM_OK);
    assert_int_equal(sum.sweeps, 2);
    assert_int_equal(sum.experiments, 0);
    assert_true(sum.figures >= 3);
    assert_true(sum.images_skipped);
    assert_string_equal(sum.not_rendered, "rendering was not asked for");
    assert_true(exists("validate.json") && exists("sweep-queue-size.json") &&
                exists("sweep-chips.json") && exists("index.html") && exists("index.md"));
    assert_true(exists("fig11-mae-queue_size.gp") && exists("fig12-mae-chips_per_channel.gp"));
    assert_int_equal(w.n, 5); /* validate, then each sweep's two points */
    assert_string_equal(w.what[0], "validate");
    assert_string_equal(w.what[1], "sweep point 1/2");
    assert_string_equal(w.what[4], "sweep point 2/2");
    hamm_suite_free(s);
}

/* Without the sweeps, and failing at the figures: the error names the templates and no
 * page is written. */
static void test_report_fails_without_templates(void **state)
{
    (void)state;
    hamm_suite *s = load(DATA "tiny.json");
    hamm_report_options o = options(NULL, HAMM_SOURCE_ROOT "/no-such-plots");
    hamm_report_summary sum;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_not_equal(hamm_report_run(s, scratch, &o, &sum, &err), HAMM_OK);
    assert_non_null(strstr(err.source, "no-such-plots"));
    assert_true(exists("validate.json"));
    assert_false(exists("index.html"));
    hamm_suite_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_report_holds_validate_sweeps_figures, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_report_fails_without_templates, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
