/* test_inputs.c - the files a load read (hamm_input_set): a system model's own and its DRAM
 * model's, a workload's (a recording's list and kernel files), every file a suite names;
 * what a command checks its outputs against. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hamm/config.h"
#include "hamm/io.h"
#include "hamm/validate.h"
#include "hamm/workload.h"

#define ROOT HAMM_SOURCE_ROOT
#define DATA HAMM_TEST_DATA

static const char *const model_dirs[] = {ROOT "/models"};
static const hamm_model_path models = {model_dirs, 1};

/* The index of the file in `set` whose path ends in `tail` and which is `what`; -1: none. */
static long find(const hamm_input_set *set, const char *tail, const char *what)
{
    size_t n = strlen(tail);
    for (size_t i = 0; i < hamm_input_set_count(set); i++) {
        const char *p = hamm_input_set_path(set, i);
        size_t len = strlen(p);
        if (len >= n && strcmp(p + len - n, tail) == 0 &&
            strcmp(hamm_input_set_what(set, i), what) == 0)
            return (long)i;
    }
    return -1;
}

static void set_keeps_paths_in_order(void **state)
{
    (void)state;
    hamm_input_set *a = hamm_input_set_new(), *b = hamm_input_set_new();
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_input_set_add(a, "x", "the trace", &err), HAMM_OK);
    assert_int_equal(hamm_input_set_add(b, "y", "the model", &err), HAMM_OK);
    assert_int_equal(hamm_input_set_add_all(a, b, &err), HAMM_OK);
    assert_int_equal(hamm_input_set_add_all(a, NULL, &err), HAMM_OK);
    assert_int_equal(hamm_input_set_count(a), 2);
    assert_string_equal(hamm_input_set_path(a, 1), "y");
    assert_string_equal(hamm_input_set_what(a, 1), "the model");
    assert_null(hamm_input_set_path(a, 2));
    assert_int_equal(hamm_input_set_add(a, NULL, "x", &err), HAMM_ERR_ARG);
    hamm_input_set_free(a);
    hamm_input_set_free(b);
    hamm_input_set_free(NULL);
}

static void config_names_its_dram_file(void **state)
{
    (void)state;
    hamm_system_config cfg;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_input_set *set = hamm_input_set_new();
    assert_int_equal(hamm_config_load(&cfg, ROOT "/models/system/gtx480.json", NULL, 0, &err),
                     HAMM_OK);
    assert_int_equal(hamm_config_inputs(&cfg, set, &err), HAMM_OK);
    assert_int_equal(hamm_input_set_count(set), 2);
    assert_int_equal(find(set, "system/gtx480.json", "the system model"), 0);
    assert_int_equal(find(set, "dram/gddr5-gtx480.json", "the DRAM model"), 1);
    /* --set dram=FILE: that file */
    const char *sets[] = {"dram=" ROOT "/models/dram/gddr5-gtx480.json"};
    assert_int_equal(hamm_config_load(&cfg, ROOT "/models/system/gtx480.json", sets, 1, &err),
                     HAMM_OK);
    assert_string_equal(cfg.dram_source, ROOT "/models/dram/gddr5-gtx480.json");
    hamm_input_set_free(set);
}

static void workload_names_a_recording_files(void **state)
{
    (void)state;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_input_set *set = hamm_input_set_new();
    assert_int_equal(hamm_workload_inputs(ROOT "/traces/real/accelsim-vectoradd", set, &err),
                     HAMM_OK);
    assert_int_equal(hamm_input_set_count(set), 2);
    assert_int_equal(find(set, "/kernelslist.g", "the recording's kernelslist.g"), 0);
    assert_int_equal(find(set, "/kernel-1.traceg.gz", "a kernel file of the recording"), 1);
    assert_int_equal(hamm_workload_inputs(ROOT "/models/workloads/stream-copy.json", set, &err),
                     HAMM_OK);
    assert_int_equal(find(set, "stream-copy.json", "the workload"), 2);
    hamm_input_set_free(set);
}

/* tiny.json: its two traces, its models (one by name, one by path) and their DRAM models. */
static void suite_names_every_file(void **state)
{
    (void)state;
    hamm_suite *s = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_suite_load(DATA "/validate/tiny.json", &models, &s, &err), HAMM_OK);
    const hamm_input_set *set = hamm_suite_inputs(s);
    assert_int_equal(find(set, "validate/tiny.json", "the suite"), 0);
    assert_true(find(set, "validate/tiny.txt", "the suite's trace") > 0);
    assert_true(find(set, "validate/tiny-timed.txt", "the suite's trace") > 0);
    assert_true(find(set, "system/yuan09-baseline.json", "the system model") > 0);
    assert_true(find(set, "system/gtx480.json", "the system model") > 0);
    assert_true(find(set, "dram/gddr5-gtx480.json", "the DRAM model") > 0);
    assert_true(find(set, "dram/gddr3-yuan09.json", "the DRAM model") > 0);
    hamm_suite_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(set_keeps_paths_in_order),
        cmocka_unit_test(config_names_its_dram_file),
        cmocka_unit_test(workload_names_a_recording_files),
        cmocka_unit_test(suite_names_every_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
