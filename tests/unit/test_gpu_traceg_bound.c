/* test_gpu_traceg_bound.c - how much hamm_workload_export_traceg may write (issue 29 R2):
 * a description whose program could give more warp instructions than the limit is
 * refused before any kernel file is written, with the counts; the bound counted by hand
 * for a small kernel, and never below what the bundled workloads really write; a
 * recording read back stops where it passes the limit, naming its kernel file. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "hamm/workload.h"
#include "traceg_helpers.h"

/* 3 CTAs of 2 warps.  The loop runs ctaid.x + 1 times (at most 3): 3 lines each time;
 * the branch (lanes 0..7, warp 0 only) 1; the EXIT 1.  Written: warp 0 of CTA c
 * 3 (c + 1) + 2, warp 1 3 (c + 1) + 1: 24 + 21 = 45 lines.  The bound takes every loop at
 * its largest count and every branch: 3 x 3 + 1 + 1 = 11 a warp, 66 in all. */
static const char loops_workload[] =
    "{\"format\": \"hamm-workload/1\", \"name\": \"loops\",\n"
    " \"arrays\": {\"a\": {\"base\": \"0x10000\", \"elem\": 4, \"count\": 4096}},\n"
    " \"kernels\": [{\"name\": \"k\", \"grid\": 3, \"block\": 64, \"body\": [\n"
    "   {\"loop\": \"i\", \"count\": \"ctaid.x + 1\", \"body\": [\n"
    "     {\"alu\": 2}, {\"load\": \"a\", \"index\": \"ctaid.x * 64 + tid.x\"}]},\n"
    "   {\"if\": \"tid.x < 8\", \"body\": [{\"sfu\": 1}]}]}]}\n";

/* 1e9 CTAs of one instruction: 400 bytes that would be a 14 GB recording. */
static const char huge_workload[] =
    "{\"format\": \"hamm-workload/1\", \"name\": \"huge\", \"arrays\": {},\n"
    " \"kernels\": [{\"name\": \"many\", \"grid\": 1000000000, \"block\": 32, \"body\": [\n"
    "   {\"alu\": 1}]}]}\n";

static hamm_status export_to(const char *in, const char *out, uint64_t most, hamm_error *err)
{
    size_t kernels = 0;
    char dir[256];
    snprintf(dir, sizeof dir, "%s", tg_path(out));
    char cmd[320];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", dir);
    assert_int_equal(system(cmd), 0);
    hamm_error_clear(err);
    return hamm_workload_export_traceg(in, dir, most, &kernels, err);
}

static int exists(const char *name)
{
    return access(tg_path(name), F_OK) == 0;
}

static void bound_by_hand(void **state)
{
    (void)state;
    char in[256];
    tg_write("loops.json", loops_workload);
    snprintf(in, sizeof in, "%s", tg_path("loops.json"));
    hamm_error err;
    assert_int_equal(export_to(in, "at-bound", 66, &err), HAMM_OK);
    assert_int_equal(export_to(in, "below", 65, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "kernels[0]");
    assert_non_null(strstr(err.source, "loops.json"));
    assert_non_null(strstr(err.text, "up to 66 warp instructions, one line each (this kernel, "
                                     "'k': 3 CTAs x 2 warps x up to 11 instructions, its "
                                     "EXIT included), more than the 65 allowed"));
    assert_false(exists("below/kernel-1.traceg"));
}

static void huge_refused(void **state)
{
    (void)state;
    char in[256];
    tg_write("huge.json", huge_workload);
    snprintf(in, sizeof in, "%s", tg_path("huge.json"));
    hamm_error err;
    assert_int_equal(export_to(in, "huge", HAMM_EXPORT_TRACEG_MAX_INSTRUCTIONS, &err),
                     HAMM_ERR_CONFIG);
    assert_non_null(strstr(err.text, "up to 2000000000 warp instructions"));
    assert_non_null(strstr(err.text, "1000000000 CTAs x 1 warp x up to 2 instructions"));
    assert_false(exists("huge/kernel-1.traceg"));
}

/* The lines a recording directory's kernel files hold (instruction lines only). */
static uint64_t instruction_lines(const char *dir)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd,
             "cat '%s'/kernel-*.traceg | grep -c '^[0-9a-f][0-9a-f]* [0-9a-f]* '", dir);
    FILE *p = popen(cmd, "r");
    unsigned long long n = 0;
    assert_non_null(p);
    assert_int_equal(fscanf(p, "%llu", &n), 1);
    pclose(p);
    return n;
}

/* Each bundled workload's bound (read from the refusal at a limit of 1) is at least the
 * lines its recording really holds. */
static void bound_never_below(void **state)
{
    (void)state;
    static const char *const names[] = {"red", "dg", "mum", "sp", "mmc", "bs", "nn"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char in[512];
        snprintf(in, sizeof in, "%s/models/workloads/%s.json", HAMM_SOURCE_ROOT, names[i]);
        hamm_error err;
        assert_int_equal(export_to(in, names[i], HAMM_EXPORT_TRACEG_MAX_INSTRUCTIONS, &err),
                         HAMM_OK);
        uint64_t written = instruction_lines(tg_path(names[i]));
        assert_int_equal(export_to(in, "one", 1, &err), HAMM_ERR_CONFIG);
        const char *up = strstr(err.text, "up to ");
        assert_non_null(up);
        unsigned long long bound = strtoull(up + 6, NULL, 10);
        assert_true(bound >= written);
    }
}

/* A recording read back: 45 lines pass at 45 and stop at 44, naming the kernel file. */
static void recording_budget(void **state)
{
    (void)state;
    char in[256], rec[256];
    tg_write("loops.json", loops_workload);
    snprintf(in, sizeof in, "%s", tg_path("loops.json"));
    hamm_error err;
    assert_int_equal(export_to(in, "rec", HAMM_EXPORT_TRACEG_MAX_INSTRUCTIONS, &err), HAMM_OK);
    assert_int_equal(instruction_lines(tg_path("rec")), 45);
    snprintf(rec, sizeof rec, "%s", tg_path("rec"));
    assert_int_equal(export_to(rec, "again", 45, &err), HAMM_OK);
    assert_int_equal(export_to(rec, "short", 44, &err), HAMM_ERR_CONFIG);
    assert_non_null(strstr(err.source, "rec/kernel-1.traceg"));
    assert_non_null(strstr(err.text, "holds more than the 44 warp instructions export-traceg "
                                     "writes"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(bound_by_hand, tg_setup, tg_teardown),
        cmocka_unit_test_setup_teardown(huge_refused, tg_setup, tg_teardown),
        cmocka_unit_test_setup_teardown(bound_never_below, tg_setup, tg_teardown),
        cmocka_unit_test_setup_teardown(recording_budget, tg_setup, tg_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
