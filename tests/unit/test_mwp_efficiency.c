/* test_mwp_efficiency.c - E for the combined MWP/CWP model from traces: a tap directory's
 * files in channel order (channel-10 after channel-9, hidden files and directories left
 * out), its errors, and the meter against hand derivations on row hits (the same
 * derivation as tests/cli/cases/mwp-trace-row-hits). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "hamm/mwp_efficiency.h"

#define BASELINE HAMM_SOURCE_ROOT "/models/system/yuan09-baseline.json"

static void touch(const char *dir, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fclose(f);
}

static void remove_tree(const char *dir, const char *const *names, size_t n)
{
    char path[512];
    for (size_t i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        remove(path);
    }
    rmdir(dir);
}

static void directory_in_channel_order(void **state)
{
    (void)state;
    char dir[] = "/tmp/hamm-test-tap-XXXXXX";
    assert_non_null(mkdtemp(dir));
    static const char *const names[] = {"channel-10.bin", "channel-9.bin", "channel-1.bin",
                                        ".hidden", "sub"};
    for (size_t i = 0; i < 4; i++)
        touch(dir, names[i]);
    char sub[512];
    snprintf(sub, sizeof sub, "%s/sub", dir);
    assert_int_equal(mkdir(sub, 0700), 0);

    const char *given[] = {"first.txt", dir};
    hamm_mwp_efficiency e = {0};
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_mwp_trace_files(given, 2, &e, &err), HAMM_OK);
    assert_int_equal(e.nfiles, 4);
    char want[512];
    assert_string_equal(e.files[0], "first.txt"); /* not a directory: read as given */
    static const char *const order[] = {"channel-1.bin", "channel-9.bin", "channel-10.bin"};
    for (size_t i = 0; i < 3; i++) {
        snprintf(want, sizeof want, "%s/%s", dir, order[i]);
        assert_string_equal(e.files[1 + i], want);
    }
    hamm_mwp_efficiency_free(&e);
    assert_null(e.files);
    remove_tree(dir, names, 5);
}

static void empty_directory_is_an_error(void **state)
{
    (void)state;
    char dir[] = "/tmp/hamm-test-tap-XXXXXX";
    assert_non_null(mkdtemp(dir));
    touch(dir, ".only-hidden");
    hamm_mwp_efficiency e = {0};
    hamm_error err;
    hamm_error_clear(&err);
    const char *given[] = {dir};
    assert_int_equal(hamm_mwp_trace_files(given, 1, &e, &err), HAMM_ERR_IO);
    assert_string_equal(err.source, dir);
    assert_string_equal(err.field, "--trace");
    assert_string_equal(err.text, "the directory holds no trace file");
    hamm_mwp_efficiency_free(&e);
    static const char *const names[] = {".only-hidden"};
    remove_tree(dir, names, 1);
}

/* 128 64-byte reads to one row of bank 0 of channel 0 (channel: address bits 8-10). */
static void add_row_hits(hamm_mwp_meter *m)
{
    hamm_request reqs[128];
    memset(reqs, 0, sizeof reqs);
    for (size_t i = 0; i < 128; i++) {
        size_t k = (i / 4) % 16, j = i % 4;
        reqs[i].addr = k * 2048 + j * 64;
        reqs[i].size = 64;
        reqs[i].op = HAMM_OP_READ;
    }
    hamm_mwp_meter_add(m, reqs, 128);
}

static void measure(hamm_heuristic h, hamm_mwp_efficiency *e)
{
    hamm_system_config cfg;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_config_load(&cfg, BASELINE, NULL, 0, &err), HAMM_OK);
    hamm_mwp_meter *m = NULL;
    assert_int_equal(hamm_mwp_meter_new(&m, &cfg, h, 0, 1, &err), HAMM_OK);
    add_row_hits(m);
    assert_int_equal(hamm_mwp_meter_finish(m, e, &err), HAMM_OK);
    hamm_mwp_meter_free(m);
}

/* A 64-byte read is 4 data cycles, 512 in all.  command-timed: the first read at tRCD =
 * 12, data from 12 + CL = 21, back to back until 533; no-overlap: one period of
 * MAX(tRC, tRP + tRCD + 512) = 537 (docs/MODEL.md). */
static void row_hits(void **state)
{
    (void)state;
    hamm_mwp_efficiency e = {0};
    measure(HAMM_HEUR_COMMAND_TIMED, &e);
    assert_true(e.efficiency > 512.0 / 533 - 1e-12 && e.efficiency < 512.0 / 533 + 1e-12);
    assert_int_equal(e.requests, 128);
    assert_int_equal(e.channels, 8);
    assert_int_equal(e.channels_used, 1);
    assert_int_equal(e.heuristic, HAMM_HEUR_COMMAND_TIMED);
    assert_string_equal(e.model, "yuan09-baseline");
    measure(HAMM_HEUR_NO_OVERLAP, &e);
    assert_true(e.efficiency > 512.0 / 537 - 1e-12 && e.efficiency < 512.0 / 537 + 1e-12);
}

static void no_request_is_an_error(void **state)
{
    (void)state;
    hamm_system_config cfg;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_config_load(&cfg, BASELINE, NULL, 0, &err), HAMM_OK);
    hamm_mwp_meter *m = NULL;
    assert_int_equal(hamm_mwp_meter_new(&m, &cfg, HAMM_HEUR_COMMAND_TIMED, 0, 1, &err),
                     HAMM_OK);
    char files[2][4096] = {"a.txt", "b.txt"};
    hamm_mwp_efficiency e = {.files = files, .nfiles = 2};
    assert_int_equal(hamm_mwp_meter_finish(m, &e, &err), HAMM_ERR_EMPTY);
    assert_string_equal(err.field, "--trace");
    assert_string_equal(err.text, "a.txt and the others: no request, so no DRAM efficiency "
                                  "to predict");
    hamm_mwp_meter_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(directory_in_channel_order),
        cmocka_unit_test(empty_directory_is_an_error),
        cmocka_unit_test(row_hits),
        cmocka_unit_test(no_request_is_an_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
