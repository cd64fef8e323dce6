/* test_trace_foreign_parse.c - the foreign trace formats parsed: each sample's hand-checked
 * requests, named and detected, the detection rules and --format overrides, Accel-Sim and
 * NVBit variants; byte-at-a-time feeding and compressed input give the same requests. */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "foreign_samples.h"
#include "hamm_build_config.h"

/* ---- parsing ----------------------------------------------------------------- */

/* Each sample, named explicitly, gives its hand-checked requests. */
static void samples_parse(void **state)
{
    (void)state;
    for (size_t i = 0; i < COUNT(samples); i++) {
        run_result r = run(samples[i].text, samples[i].format);
        print_message("sample %s\n", samples[i].name);
        assert_reqs(&r, samples[i].want, samples[i].n);
        free(r.reqs);
    }
}

/* Each sample is detected as its own format and reads the same. */
static void samples_detect(void **state)
{
    (void)state;
    for (size_t i = 0; i < COUNT(samples); i++) {
        run_result r = run(samples[i].text, HAMM_FORMAT_AUTO);
        print_message("sample %s\n", samples[i].name);
        assert_int_equal(r.format, samples[i].format);
        assert_reqs(&r, samples[i].want, samples[i].n);
        free(r.reqs);
    }
}

static void format_names_and_writability(void **state)
{
    (void)state;
    const struct {
        hamm_trace_format f;
        const char *name;
        int writable;
    } t[] = {
        {HAMM_FORMAT_DRAMSIM3, "dramsim3", 1},       {HAMM_FORMAT_DRAMSIM2, "dramsim2", 1},
        {HAMM_FORMAT_RAMULATOR, "ramulator", 1},     {HAMM_FORMAT_RAMULATOR2, "ramulator2", 1},
        {HAMM_FORMAT_RAMULATOR_CPU, "ramulator-cpu", 0}, {HAMM_FORMAT_NVBIT, "nvbit", 0},
        {HAMM_FORMAT_ACCELSIM, "accelsim", 0},
    };
    for (size_t i = 0; i < COUNT(t); i++) {
        hamm_trace_format f;
        assert_string_equal(hamm_trace_format_name(t[i].f), t[i].name);
        assert_int_equal(hamm_trace_format_from_name(t[i].name, &f, NULL), HAMM_OK);
        assert_int_equal(f, t[i].f);
        assert_int_equal(hamm_trace_format_writable(t[i].f), t[i].writable);
        assert_true(strlen(hamm_trace_format_summary(t[i].f)) > 0);
    }
}

/* DRAMsim3 stays DRAMsim3 for READ/WRITE lines; IFETCH or a k6 operation anywhere in
 * the first lines makes it DRAMSim2.  Native text is not taken for a foreign format. */
static void detection_rules(void **state)
{
    (void)state;
    const struct {
        const char *text;
        hamm_trace_format want;
    } t[] = {
        {"0x40 READ 1\n0x80 WRITE 2\n", HAMM_FORMAT_DRAMSIM3},
        {"0x40 READ 1\n0x80 WRITE 2\n0xc0 IFETCH 3\n", HAMM_FORMAT_DRAMSIM2},
        {"0x40 P_MEM_RD 1\n", HAMM_FORMAT_DRAMSIM2},
        {"0x40 R\n0x80 W\n", HAMM_FORMAT_RAMULATOR},
        {"LD 0x40\nST 128\n", HAMM_FORMAT_RAMULATOR2},
        {"0 64\n5 128 192\n", HAMM_FORMAT_RAMULATOR_CPU},
        {"hello from the program\nCTA 0,0,0 - warp 0 - LDG.E - 0x40\n", HAMM_FORMAT_NVBIT},
        {"#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n"
         "0000 00000001 0 LDG.E 0 4 0 0x40\n#END_TB\n",
         HAMM_FORMAT_ACCELSIM},
        {"R 0x40\nW 0x80 64 5\n", HAMM_FORMAT_TEXT},
    };
    for (size_t i = 0; i < COUNT(t); i++) {
        run_result r = run(t[i].text, HAMM_FORMAT_AUTO);
        print_message("case %zu\n", i);
        assert_int_equal(r.status, HAMM_OK);
        assert_int_equal(r.format, t[i].want);
        free(r.reqs);
    }
}

/* --format wins over detection, in both directions. */
static void explicit_format_overrides(void **state)
{
    (void)state;
    run_result r = run("0x40 READ 1\n0x80 WRITE 2\n", HAMM_FORMAT_DRAMSIM2);
    assert_int_equal(r.format, HAMM_FORMAT_DRAMSIM2);
    assert_int_equal(r.n, 2);
    free(r.reqs);
    r = run("0x40 READ 1\n0xc0 IFETCH 3\n", HAMM_FORMAT_DRAMSIM3);
    assert_int_equal(r.status, HAMM_ERR_PARSE);
    assert_int_equal(r.err.line, 2);
    assert_non_null(strstr(r.err.text, "--format dramsim2"));
    free(r.reqs);
    /* A Ramulator 1 line is not a Ramulator 2 line. */
    r = run("0x40 R\n", HAMM_FORMAT_RAMULATOR2);
    assert_int_equal(r.status, HAMM_ERR_PARSE);
    assert_string_equal(r.err.field, "op");
    free(r.reqs);
}

/* Accel-Sim options: a source line number in front (lineinfo), coalescing at 32
 * bytes, and tracer versions below 3 with the block and warp on every line. */
static void accelsim_variants(void **state)
{
    (void)state;
    const char *lineinfo = "-grid dim = (1,1,1)\n-enable lineinfo = 1\n#BEGIN_TB\n"
                           "thread block = 0,0,0\nwarp = 2\ninsts = 1\n"
                           "17 00a0 00000003 1 R4 LDG.E.128 1 R4 16 0 0x100 0x110\n#END_TB\n";
    const hamm_request want1[] = {REQ(R_, 0x100, GPU, 0, 0, 2)};
    run_result r = run(lineinfo, HAMM_FORMAT_AUTO);
    assert_reqs(&r, want1, 1);
    free(r.reqs);

    hamm_trace_options o = {.request_size = 32};
    r = run_opts(lineinfo, strlen(lineinfo), &o, 0, 16);
    assert_int_equal(r.n, 1);
    assert_true(r.reqs[0].addr == 0x100 && r.reqs[0].size == 32);
    free(r.reqs);

    const char *v2 = "-grid dim = (4,1,1)\n-accelsim tracer version = 2\n"
                     "3 0 0 5 00a0 00000001 1 R4 STG.E 1 R4 4 0 0x2000\n";
    const hamm_request want2[] = {REQ(W_, 0x2000, GPU, 0, 3, 5)};
    r = run(v2, HAMM_FORMAT_ACCELSIM);
    assert_reqs(&r, want2, 1);
    free(r.reqs);

    /* Grouped into blocks, a version-2 trace's lines count against "insts =" as any;
     * a header's '=' needs no blanks around it. */
    const char *v2_blocks = "-grid dim=(4,1,1)\n-accelsim tracer version = 2\n#BEGIN_TB\n"
                            "thread block = 3,0,0\nwarp = 5\ninsts = 1\n"
                            "3 0 0 5 00a0 00000001 1 R4 STG.E 1 R4 4 0 0x2000\n#END_TB\n";
    r = run(v2_blocks, HAMM_FORMAT_ACCELSIM);
    assert_reqs(&r, want2, 1);
    free(r.reqs);
}

/* NVBit 1.4 printed no "MEMTRACE: CTX" prefix and its launch line began "Kernel". */
static void nvbit_old_format(void **state)
{
    (void)state;
    char text[2048];
    char line[1024];
    nvbit_line(line, sizeof line, "CTA 1,1,0 - warp 4 - STG.E.128 - ", 0x8000, 16, 4);
    snprintf(text, sizeof text,
             "Kernel vecAdd(double*) - grid size 2,2,1 - block size 64,1,1 - nregs 8\n%s", line);
    const hamm_request want[] = {REQ(W_, 0x8000, GPU, 0, 3, 4)};
    run_result r = run(text, HAMM_FORMAT_AUTO);
    assert_int_equal(r.format, HAMM_FORMAT_NVBIT);
    assert_reqs(&r, want, 1);
    free(r.reqs);
}


/* ---- streaming -------------------------------------------------------------------- */

/* One byte per input read and one request per hamm_trace_read give the same requests
 * as big chunks, and so do batches that split a warp instruction's requests. */
static void byte_at_a_time(void **state)
{
    (void)state;
    const size_t batches[] = {1, 3, 4096};
    for (size_t i = 0; i < COUNT(samples); i++) {
        for (size_t b = 0; b < COUNT(batches); b++) {
            hamm_trace_options o = {0};
            run_result r = run_opts(samples[i].text, strlen(samples[i].text), &o, 1, batches[b]);
            print_message("sample %s, batch %zu\n", samples[i].name, batches[b]);
            assert_int_equal(r.format, samples[i].format);
            assert_reqs(&r, samples[i].want, samples[i].n);
            free(r.reqs);
        }
    }
}

/* Compressed input goes through the same reader: compress each sample and read it. */
static void compressed_samples(void **state)
{
    (void)state;
    hamm_compression cs[] = {HAMM_COMPRESSION_ZSTD, HAMM_COMPRESSION_GZIP};
    for (size_t c = 0; c < COUNT(cs); c++) {
        if (cs[c] == HAMM_COMPRESSION_GZIP && !HAMM_HAVE_ZLIB)
            continue;
        for (size_t i = 0; i < COUNT(samples); i++) {
            th_sink sink = {0};
            hamm_output *out = NULL;
            hamm_error err;
            hamm_error_clear(&err);
            assert_int_equal(hamm_output_new(&out, th_write, &sink, "z", cs[c], 0, &err), HAMM_OK);
            assert_int_equal(hamm_output_write(out, samples[i].text, strlen(samples[i].text), &err),
                             HAMM_OK);
            assert_int_equal(hamm_output_finish(out, &err), HAMM_OK);
            hamm_output_free(out);
            hamm_trace_options o = {0};
            run_result r = run_opts(sink.p, sink.len, &o, 7, 100);
            assert_int_equal(r.format, samples[i].format);
            assert_reqs(&r, samples[i].want, samples[i].n);
            free(r.reqs);
            free(sink.p);
        }
    }
}

int main(void)
{
    foreign_samples_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(samples_parse),
        cmocka_unit_test(samples_detect),
        cmocka_unit_test(format_names_and_writability),
        cmocka_unit_test(detection_rules),
        cmocka_unit_test(explicit_format_overrides),
        cmocka_unit_test(accelsim_variants),
        cmocka_unit_test(nvbit_old_format),
        cmocka_unit_test(byte_at_a_time),
        cmocka_unit_test(compressed_samples),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
