/* test_suite_bad.c - a suite with a wrong type (or a bad value) at every key: each is an
 * error of the suite file naming the JSON path, and nothing is loaded.  Table-driven over
 * small suites written to a temporary directory beside a one-line trace. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "hamm/validate.h"

static const char *const model_dirs[] = {HAMM_SOURCE_ROOT "/models"};
static const hamm_model_path models = {model_dirs, 1};

static char dir[64];

static int write_file(const char *name, const char *text)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *fp = fopen(path, "w");
    if (!fp)
        return -1;
    fputs(text, fp);
    return fclose(fp);
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/hamm-suite-bad-XXXXXX");
    return mkdtemp(dir) ? write_file("t.txt", "R 0x40\n") : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* A suite: TOP members then an entries array whose first entry is ENTRY members. */
#define SUITE(top, entry)                                                                    \
    "{\"schema\": \"hamm-suite/1\", \"name\": \"s\"" top ", \"entries\": [{\"name\": \"e\", "  \
    "\"trace\": \"t.txt\", \"model\": \"yuan09-baseline\"" entry "}]}"

/* A suite of one "mwp" entry with MEMBERS in its "mwp" object (and OTHER entry members). */
#define MWP_WL HAMM_SOURCE_ROOT "/models/workloads/mwp-coalesced.json"
#define MWP(other, members)                                                                  \
    "{\"schema\": \"hamm-suite/1\", \"name\": \"s\", \"entries\": [{\"name\": \"e\", "      \
    "\"model\": \"yuan09-baseline\"" other ", \"mwp\": {" members "}}]}"
#define MWP_OK "\"workload\": \"" MWP_WL "\", \"machine\": \"yuan09-baseline\""

typedef struct bad_case {
    const char *json;
    const char *field; /* the JSON path the error must name */
    const char *text;  /* a piece of what it must say */
} bad_case;

static const bad_case cases[] = {
    /* the top level */
    {"[1, 2]", "", "a suite is a JSON object"},
    {"{\"schema\": 1, \"name\": \"s\", \"entries\": []}", "schema", "non-empty string"},
    {"{\"schema\": \"hamm-suite/2\", \"name\": \"s\", \"entries\": []}", "schema",
     "hamm-suite/1"},
    {"{\"schema\": \"hamm-suite/1\", \"name\": [], \"entries\": []}", "name", "non-empty string"},
    {"{\"schema\": \"hamm-suite/1\", \"entries\": []}", "name", "missing"},
    {"{\"schema\": \"hamm-suite/1\", \"name\": \"\", \"entries\": []}", "name", "non-empty"},
    {SUITE(", \"description\": 3", ""), "description", "non-empty string"},
    {SUITE(", \"heuristics\": \"average\"", ""), "heuristics", "non-empty array"},
    {SUITE(", \"heuristics\": []", ""), "heuristics", "non-empty array"},
    {SUITE(", \"heuristics\": [\"average\", 2]", ""), "heuristics[1]", "no-overlap"},
    {SUITE(", \"heuristics\": [\"best\"]", ""), "heuristics[0]", "no-overlap"},
    {"{\"schema\": \"hamm-suite/1\", \"name\": \"s\", \"entries\": {}}", "entries",
     "non-empty array"},
    {"{\"schema\": \"hamm-suite/1\", \"name\": \"s\", \"entries\": []}", "entries",
     "non-empty array"},
    {"{\"schema\": \"hamm-suite/1\", \"name\": \"s\"}", "entries", "non-empty array"},
    {"{\"schema\": \"hamm-suite/1\", \"name\": \"s\", \"entries\": [7]}", "entries[0]",
     "expects an object"},
    /* an entry's members */
    {SUITE("", ", \"name\": 1"), "", "duplicate"}, /* jansson: the key twice */
    {"{\"schema\": \"hamm-suite/1\", \"name\": \"s\", \"entries\": [{\"name\": 1, "
     "\"trace\": \"t.txt\", \"model\": \"yuan09-baseline\"}]}",
     "entries[0].name", "non-empty string"},
    {"{\"schema\": \"hamm-suite/1\", \"name\": \"s\", \"entries\": [{\"name\": \"a b\", "
     "\"trace\": \"t.txt\", \"model\": \"yuan09-baseline\"}]}",
     "entries[0].name", "letters, digits"},
    {"{\"schema\": \"hamm-suite/1\", \"name\": \"s\", \"entries\": [{\"name\": \"e\", "
     "\"trace\": true, \"model\": \"yuan09-baseline\"}]}",
     "entries[0].trace", "non-empty string"},
    {"{\"schema\": \"hamm-suite/1\", \"name\": \"s\", \"entries\": [{\"name\": \"e\", "
     "\"model\": \"yuan09-baseline\"}]}",
     "entries[0].trace", "missing"},
    {"{\"schema\": \"hamm-suite/1\", \"name\": \"s\", \"entries\": [{\"name\": \"e\", "
     "\"trace\": \"t.txt\", \"model\": null}]}",
     "entries[0].model", "non-empty string"},
    {SUITE("", ", \"format\": 2"), "entries[0].format", "non-empty string"},
    {SUITE("", ", \"format\": \"csv\""), "entries[0].format", "csv"},
    {SUITE("", ", \"request_size\": \"64\""), "entries[0].request_size", "whole number"},
    {SUITE("", ", \"request_size\": 64.5"), "entries[0].request_size", "whole number"},
    {SUITE("", ", \"request_size\": 0"), "entries[0].request_size", "whole number"},
    {SUITE("", ", \"request_size\": 16777216"), "entries[0].request_size", "whole number"},
    {SUITE("", ", \"set\": [\"queue_size=8\"]"), "entries[0].set", "object"},
    {SUITE("", ", \"set\": {\"queue_size\": 8}"), "entries[0].set.queue_size", "string value"},
    {SUITE("", ", \"set\": {\"queue_size\": \"eight\"}"), "entries[0].set.queue_size", ""},
    {SUITE("", ", \"replay\": false"), "entries[0].replay", "non-empty string"},
    {SUITE("", ", \"replay\": \"rate\""), "entries[0].replay", "saturated"},
    {SUITE("", ", \"generate\": {}"), "entries[0].generate", "non-empty string"},
    {SUITE("", ", \"description\": 0"), "entries[0].description", "non-empty string"},
    {SUITE("", ", \"Name\": \"x\""), "entries[0].Name", "unknown key"},
    /* an "mwp" entry */
    {"{\"schema\": \"hamm-suite/1\", \"name\": \"s\", \"entries\": [{\"name\": \"e\", "
     "\"model\": \"yuan09-baseline\", \"mwp\": 3}]}", "entries[0].mwp", "expects an object"},
    {MWP("", ""), "entries[0].mwp.workload", "missing"},
    {MWP("", "\"workload\": \"" MWP_WL "\""), "entries[0].mwp.machine", "missing"},
    {MWP("", MWP_OK ", \"Machine\": 1"), "entries[0].mwp.Machine", "unknown key"},
    {MWP("", "\"workload\": \"" MWP_WL "\", \"machine\": \"nosuch\""),
     "entries[0].mwp.machine", "no MWP/CWP machine 'nosuch'"},
    {MWP("", "\"workload\": \"" MWP_WL "\", \"machine\": \"" MWP_WL "\""),
     "entries[0].mwp.machine", "mwp-coalesced.json"},
    {MWP("", MWP_OK ", \"issue_bound\": \"yes\""), "entries[0].mwp.issue_bound",
     "true or false"},
    {MWP("", MWP_OK ", \"group\": 3"), "entries[0].mwp.group", "non-empty string"},
    {MWP("", "\"workload\": \"nosuch.json\", \"machine\": \"yuan09-baseline\""),
     "entries[0].mwp.workload", "cannot open"},
    {MWP("", "\"workload\": \"" HAMM_SOURCE_ROOT "/traces/real/accelsim-vectoradd\", "
             "\"machine\": \"gtx480\""),
     "entries[0].mwp.workload", "kernel description"},
    {MWP(", \"trace\": \"t.txt\"", MWP_OK), "entries[0].mwp", "alone"},
    {MWP(", \"format\": \"text\"", MWP_OK), "entries[0].format", "applies to a \"trace\""},
};

static void every_wrong_type_names_its_path(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/suite.json", dir);
    int failed = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(write_file("suite.json", cases[i].json), 0);
        hamm_suite *s = (hamm_suite *)1;
        hamm_error err;
        hamm_error_clear(&err);
        hamm_status st = hamm_suite_load(path, &models, &s, &err);
        if (st == HAMM_OK || s != NULL || strcmp(err.field, cases[i].field) != 0 ||
            !strstr(err.text, cases[i].text) || strcmp(err.source, path) != 0 ||
            err.status != st) {
            char text[700];
            hamm_error_format(&err, text, sizeof text);
            print_error("case %zu (%s): status %d, field '%s', error '%s'\n", i,
                        cases[i].json, (int)st, err.field, text);
            failed++;
        }
    }
    assert_int_equal(failed, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_wrong_type_names_its_path),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
