/* test_trace_foreign_data.c - the foreign formats on data: the request counts of the real
 * traces in traces/real (derived independently, see traces/real/README.md) and the
 * data-driven cases under tests/data/trace/{valid,invalid} */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <dirent.h>

#include <cmocka.h>

#include "foreign_samples.h"
#include "hamm_build_config.h"

/* ---- the real traces ---------------------------------------------------------------- */

typedef struct counts {
    hamm_status status;
    hamm_trace_format format;
    uint64_t reads, writes;
    uint64_t max_core, max_warp, odd_size;
} counts;

static counts count_file(const char *rel, uint32_t request_size)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", HAMM_SOURCE_ROOT, rel);
    counts c = {0};
    hamm_trace_options o = {.request_size = request_size};
    hamm_trace_reader *r = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    c.status = hamm_trace_reader_open(&r, path, &o, &err);
    hamm_request buf[1000];
    size_t n = 0;
    while (c.status == HAMM_OK &&
           (c.status = hamm_trace_read(r, buf, COUNT(buf), &n, &err)) == HAMM_OK && n > 0) {
        for (size_t i = 0; i < n; i++) {
            if (buf[i].op == W_)
                c.writes++;
            else
                c.reads++;
            c.max_core = buf[i].core > c.max_core ? buf[i].core : c.max_core;
            c.max_warp = buf[i].warp > c.max_warp ? buf[i].warp : c.max_warp;
            c.odd_size += buf[i].size != (request_size ? request_size : 64);
        }
    }
    if (c.status != HAMM_OK)
        print_message("%s: line %" PRIu64 ": %s: %s\n", rel, err.line, err.field, err.text);
    if (r)
        c.format = hamm_trace_reader_format(r);
    hamm_trace_reader_free(r);
    return c;
}

/* DRAMSim2's mase_art: zcat | awk '{c[$2]++}' gives 5,069 READ, 296 IFETCH and 33,009
 * WRITE lines, 38,374 in all; IFETCH is a read. */
static void real_mase_art(void **state)
{
    (void)state;
    if (!HAMM_HAVE_ZLIB)
        skip();
    counts c = count_file("traces/real/mase_art.trc.gz", 0);
    assert_int_equal(c.status, HAMM_OK);
    assert_int_equal(c.format, HAMM_FORMAT_DRAMSIM2);
    assert_int_equal(c.reads, 5069 + 296);
    assert_int_equal(c.writes, 33009);
}

/* Ramulator's 403.gcc: 45,675 lines, each a read; 4,349 of them have three fields, a
 * writeback each (zcat | awk '{n[NF]++}'). */
static void real_gcc_cputrace(void **state)
{
    (void)state;
    if (!HAMM_HAVE_ZLIB)
        skip();
    counts c = count_file("traces/real/spec2006-403.gcc.cputrace.gz", 0);
    assert_int_equal(c.status, HAMM_OK);
    assert_int_equal(c.format, HAMM_FORMAT_RAMULATOR_CPU);
    assert_int_equal(c.reads, 45675);
    assert_int_equal(c.writes, 4349);
}

/* vectorAdd over 50,000 floats: each of the two loads and the store touches
 * 50,000 * 4 bytes of a 64-byte-aligned array, 3,125 blocks of 64 bytes (6,250 of 32).
 * 196 blocks of 256 threads: CTAs 0..195, warps 0..7. */
static void real_accelsim_vectoradd(void **state)
{
    (void)state;
    if (!HAMM_HAVE_ZLIB)
        skip();
    counts c = count_file("traces/real/accelsim-vectoradd/kernel-1.traceg.gz", 0);
    assert_int_equal(c.status, HAMM_OK);
    assert_int_equal(c.format, HAMM_FORMAT_ACCELSIM);
    assert_int_equal(c.reads, 2 * 3125);
    assert_int_equal(c.writes, 3125);
    assert_int_equal(c.max_core, 195);
    assert_int_equal(c.max_warp, 7);
    assert_int_equal(c.odd_size, 0);
    c = count_file("traces/real/accelsim-vectoradd/kernel-1.traceg.gz", 32);
    assert_int_equal(c.status, HAMM_OK);
    assert_int_equal(c.reads, 2 * 6250);
    assert_int_equal(c.writes, 6250);
    assert_int_equal(c.odd_size, 0);
}


/* ---- data-driven cases: tests/data/trace/{valid,invalid}/<case>/ -------------------- */

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap)
            buf = realloc(buf, (cap *= 2) + 1);
    }
    fclose(f);
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* valid: `input` (format detected) reads as `expected` (native text) does. */
static void valid_case(const char *dir)
{
    char path[1024];
    size_t in_len, want_len;
    snprintf(path, sizeof path, "%s/input", dir);
    char *in = slurp(path, &in_len);
    snprintf(path, sizeof path, "%s/expected", dir);
    char *want = slurp(path, &want_len);
    assert_non_null(in);
    assert_non_null(want);
    hamm_trace_options o = {0}, text = {.format = HAMM_FORMAT_TEXT};
    run_result got = run_opts(in, in_len, &o, 1, 5);
    run_result exp = run_opts(want, want_len, &text, 0, 4096);
    assert_int_equal(exp.status, HAMM_OK);
    assert_reqs(&got, exp.reqs, exp.n);
    free(got.reqs);
    free(exp.reqs);
    free(in);
    free(want);
}

/* invalid: reading `input` fails and the formatted error contains `error`. */
static void invalid_case(const char *dir)
{
    char path[1024], msg[1024];
    size_t in_len, want_len;
    snprintf(path, sizeof path, "%s/input", dir);
    char *in = slurp(path, &in_len);
    snprintf(path, sizeof path, "%s/error", dir);
    char *want = slurp(path, &want_len);
    assert_non_null(in);
    assert_non_null(want);
    while (want_len > 0 && (want[want_len - 1] == '\n' || want[want_len - 1] == '\r'))
        want[--want_len] = '\0';
    hamm_trace_options o = {0};
    run_result got = run_opts(in, in_len, &o, 1, 5);
    assert_int_not_equal(got.status, HAMM_OK);
    hamm_error_format(&got.err, msg, sizeof msg);
    if (!strstr(msg, want))
        fail_msg("'%s' not in '%s'", want, msg);
    free(got.reqs);
    free(in);
    free(want);
}

static int run_cases(const char *kind, void (*check)(const char *dir))
{
    char root[1024];
    snprintf(root, sizeof root, "%s/trace/%s", HAMM_TEST_DATA, kind);
    DIR *d = opendir(root);
    int n = 0;
    if (!d)
        return 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char dir[1300], probe[1400];
        snprintf(dir, sizeof dir, "%s/%s", root, e->d_name);
        snprintf(probe, sizeof probe, "%s/input", dir);
        FILE *f = fopen(probe, "rb");
        if (!f)
            continue;
        fclose(f);
        print_message("%s/%s\n", kind, e->d_name);
        check(dir);
        n++;
    }
    closedir(d);
    return n;
}

static void data_cases(void **state)
{
    (void)state;
    assert_true(run_cases("valid", valid_case) > 0);
    assert_true(run_cases("invalid", invalid_case) > 0);
}

int main(void)
{
    foreign_samples_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(real_mase_art),
        cmocka_unit_test(real_gcc_cputrace),
        cmocka_unit_test(real_accelsim_vectoradd),
        cmocka_unit_test(data_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
