/* test_trace_foreign_bad.c - malformed foreign trace lines: the line, field and text of
 * each error, error columns, --skip-bad, and inputs with nothing to read */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "foreign_samples.h"
#include "hamm_build_config.h"

/* ---- bad input -------------------------------------------------------------------- */

typedef struct bad_case {
    hamm_trace_format format;
    const char *text;
    uint64_t line;
    const char *field;
    const char *part; /* expected in the error text */
} bad_case;

static const bad_case bad_cases[] = {
    /* DRAMsim3 */
    {HAMM_FORMAT_DRAMSIM3, "0x10 READ 1\n0x20 FETCH 2\n", 2, "op", "expected READ or WRITE"},
    {HAMM_FORMAT_DRAMSIM3, "0x10 P_MEM_WR 1\n", 1, "op", "DRAMSim2 operation"},
    {HAMM_FORMAT_DRAMSIM3, "0xZZ READ 1\n", 1, "address", "not a hex number"},
    {HAMM_FORMAT_DRAMSIM3, "0x10000000000000000 READ 1\n", 1, "address", "overflows"},
    {HAMM_FORMAT_DRAMSIM3, "0x10\n", 1, "op", "missing op"},
    {HAMM_FORMAT_DRAMSIM3, "0x10 READ\n", 1, "cycle", "missing cycle"},
    {HAMM_FORMAT_DRAMSIM3, "0x10 READ 1x\n", 1, "cycle", "not a decimal"},
    {HAMM_FORMAT_DRAMSIM3, "0x10 READ 0x10\n", 1, "cycle", "not a decimal"},
    {HAMM_FORMAT_DRAMSIM3, "0x10 READ 99999999999999999999\n", 1, "cycle", "overflows"},
    {HAMM_FORMAT_DRAMSIM3, "0x10 READ 1 64\n", 1, "", "trailing text '64'"},
    {HAMM_FORMAT_DRAMSIM3, "# comment\n", 1, "address", "not a hex number"},
    /* DRAMSim2 */
    {HAMM_FORMAT_DRAMSIM2, "2000D5C0 READ 1\n", 1, "address", "start with 0x"},
    {HAMM_FORMAT_DRAMSIM2, "0xG READ 1\n", 1, "address", "not a hex number"},
    {HAMM_FORMAT_DRAMSIM2, "0x10 read 1\n", 1, "op", "IFETCH"},
    {HAMM_FORMAT_DRAMSIM2, "0x10 IFETCH -1\n", 1, "cycle", "not a decimal"},
    /* Ramulator 1 */
    {HAMM_FORMAT_RAMULATOR, "0x10 R\n0x20 X\n", 2, "op", "expected R or W"},
    {HAMM_FORMAT_RAMULATOR, "0x10 READ\n", 1, "op", "expected R or W"},
    {HAMM_FORMAT_RAMULATOR, "0x10\n", 1, "op", "missing op"},
    {HAMM_FORMAT_RAMULATOR, "0x10 R 5\n", 1, "", "trailing text"},
    {HAMM_FORMAT_RAMULATOR, "zz R\n", 1, "address", "not a hex number"},
    /* Ramulator 2 */
    {HAMM_FORMAT_RAMULATOR2, "LOAD 0x10\n", 1, "op", "expected LD or ST"},
    {HAMM_FORMAT_RAMULATOR2, "LD 0x8000000000000000\n", 1, "address", "above 2^63-1"},
    {HAMM_FORMAT_RAMULATOR2, "LD 12ab\n", 1, "address", "not a decimal"},
    {HAMM_FORMAT_RAMULATOR2, "ST\n", 1, "address", "missing address"},
    {HAMM_FORMAT_RAMULATOR2, "ST 0x40 W\n", 1, "", "trailing text"},
    /* Ramulator CPU */
    {HAMM_FORMAT_RAMULATOR_CPU, "x 10\n", 1, "bubbles", "not a decimal"},
    {HAMM_FORMAT_RAMULATOR_CPU, "0x1 10\n", 1, "bubbles", "not a decimal"},
    {HAMM_FORMAT_RAMULATOR_CPU, "1 0100\n", 1, "address", "octal"},
    {HAMM_FORMAT_RAMULATOR_CPU, "1\n", 1, "address", "missing address"},
    {HAMM_FORMAT_RAMULATOR_CPU, "1 10 0x\n", 1, "writeback address", "missing digits"},
    {HAMM_FORMAT_RAMULATOR_CPU, "1 10 20 30\n", 1, "", "trailing text '30'"},
    {HAMM_FORMAT_RAMULATOR_CPU, "1 10 R 30\n", 1, "", "trailing text '30'"},
    {HAMM_FORMAT_RAMULATOR_CPU, "1 99999999999999999999\n", 1, "address", "overflows"},
    /* NVBit */
    {HAMM_FORMAT_NVBIT, "MEMTRACE: CTX 0x1 - grid_launch_id 0 - CTA 0,0 - warp 0 - LDG.E - 0x10\n",
     1, "CTA", "expected x,y,z"},
    {HAMM_FORMAT_NVBIT, "MEMTRACE: CTX 0x1 - CTA 0,0,0 warp 0 - LDG.E - 0x10\n", 1, "separator",
     "expected ' - ' after '0,0,0'"},
    {HAMM_FORMAT_NVBIT, "CTA 0,0,0 - warp 0 - FOO.E - 0x10\n", 1, "opcode",
     "not a memory instruction"},
    {HAMM_FORMAT_NVBIT, "CTA 0,0,0 - warp 0 - UTMALDG.2D - 0x10\n", 1, "opcode", "TMA"},
    {HAMM_FORMAT_NVBIT, "CTA 0,0,0 - warp 0 - LDG.E - 0x10 0xZZ\n", 1, "address",
     "not a hex number"},
    {HAMM_FORMAT_NVBIT, "CTA 0,0,0 - warp 0 - LDG.E -\n", 1, "address", "missing lane"},
    {HAMM_FORMAT_NVBIT, "CTA 0,0,0 - warp 0 - LDG.E\n", 1, "separator", "after 'LDG.E'"},
    {HAMM_FORMAT_NVBIT, "CTA 0,0,0 - LDG.E - 0x10\n", 1, "warp", "missing warp"},
    {HAMM_FORMAT_NVBIT, "CTA 0,0,0 - warp 70000 - LDG.E - 0x10\n", 1, "warp", "above"},
    {HAMM_FORMAT_NVBIT, "CTA 0,1,0 - warp 0 - LDG.E - 0x10\n", 1, "CTA", "needs the grid size"},
    {HAMM_FORMAT_NVBIT,
     "MEMTRACE: CTX 0x1 - LAUNCH - Kernel name k - grid launch id 0 - grid size 2,1,1\n"
     "MEMTRACE: CTX 0x1 - grid_launch_id 0 - CTA 2,0,0 - warp 0 - LDG.E - 0x10\n",
     2, "CTA", "outside the grid"},
    {HAMM_FORMAT_NVBIT, "MEMTRACE: CTX 0x1 - LAUNCH - Kernel name k - grid size 0,1,1\n", 1,
     "grid size", "outside 1.."},
    {HAMM_FORMAT_NVBIT, "MEMTRACE: CTX 0x1 - LAUNCH - Kernel name k\n", 1, "grid size",
     "without 'grid size'"},
    {HAMM_FORMAT_NVBIT, "MEMTRACE: CTX 0xZ - CTA 0,0,0 - warp 0 - LDG.E - 0x10\n", 1, "CTX",
     "not a hex number"},
    {HAMM_FORMAT_NVBIT,
     "CTA 0,0,0 - warp 0 - LDG.E - 0x1 0x2 0x3 0x4 0x5 0x6 0x7 0x8 0x9 0xa 0xb 0xc 0xd 0xe 0xf "
     "0x10 0x11 0x12 0x13 0x14 0x15 0x16 0x17 0x18 0x19 0x1a 0x1b 0x1c 0x1d 0x1e 0x1f 0x20 "
     "0x21\n",
     1, "address", "more than 32"},
    /* Accel-Sim */
    {HAMM_FORMAT_ACCELSIM, "0000 ffffffff 0 EXIT 0 0 0\n", 1, "", "outside #BEGIN_TB"},
    {HAMM_FORMAT_ACCELSIM, "#END_TB\n", 1, "#END_TB", "without #BEGIN_TB"},
    {HAMM_FORMAT_ACCELSIM, "#BEGIN_TB\n#BEGIN_TB\n", 2, "#BEGIN_TB", "before the last one ended"},
    {HAMM_FORMAT_ACCELSIM, "thread block = 0,0,0\n", 1, "", "outside #BEGIN_TB"},
    {HAMM_FORMAT_ACCELSIM, "#BEGIN_TB\nthread block = 0,0,0\n0000 ffffffff 0 EXIT 0 0 0\n", 3,
     "", "before 'warp ='"},
    {HAMM_FORMAT_ACCELSIM,
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n0000 ffffffff 0 EXIT 0 0 0\n"
     "#END_TB\n",
     6, "insts", "announced 2 instructions but 1 followed"},
    {HAMM_FORMAT_ACCELSIM,
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 0\n0000 ffffffff 0 EXIT 0 0 0\n"
     "warp = 1\n",
     5, "insts", "warp 0 announced 0 instructions, and more follow"},
    /* the header ends where the first block begins; outside a block only #BEGIN_TB */
    {HAMM_FORMAT_ACCELSIM, "#BEGIN_TB\n#END_TB\n-grid dim = (2,1,1)\n", 3, "header",
     "a '-' header line after the first thread block"},
    {HAMM_FORMAT_ACCELSIM, "#BEGIN_TB\n#END_TB\nwarp = 0\n", 3, "",
     "'warp' line outside #BEGIN_TB .. #END_TB: expected #BEGIN_TB"},
    {HAMM_FORMAT_ACCELSIM, "#BEGIN_TB\nthread block = 0,0,0\nwarp = x\n", 3, "warp",
     "not a decimal"},
    {HAMM_FORMAT_ACCELSIM, "#BEGIN_TB\nthread block 0,0,0\n", 2, "thread block",
     "expected 'thread block = X,Y,Z'"},
    {HAMM_FORMAT_ACCELSIM, "-grid dim = (2,1,1)\n#BEGIN_TB\nthread block = 2,0,0\n", 3, "CTA",
     "outside the grid"},
    {HAMM_FORMAT_ACCELSIM, "-grid dim = (2,1)\n", 1, "grid dim", "expected x,y,z"},
    {HAMM_FORMAT_ACCELSIM, "#BEGIN_TB\n-grid dim = (2,1,1)\n", 2, "header", "inside a thread"},
    {HAMM_FORMAT_ACCELSIM,
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 ffffffff 1 R1 LDG.E 1 R2 4 3 0x10 0\n", 4,
     "address mode", "not 0 (list)"},
    {HAMM_FORMAT_ACCELSIM,
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 00000005 1 R1 LDG.E 1 R2 4 1 0x10 4 0\n", 4,
     "mask", "contiguous"},
    {HAMM_FORMAT_ACCELSIM,
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 00000003 1 R1 LDG.E 1 R2 4 0 0x10\n", 4,
     "address", "missing address"},
    {HAMM_FORMAT_ACCELSIM,
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 00000003 1 R1 LDG.E 1 R2 4 2 0x10 -32 0\n", 4,
     "address", "leaves 0..2^64-1"},
    {HAMM_FORMAT_ACCELSIM,
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 00000003 1 R1 LDG.E 1 R2 4 2 0x10 abc\n", 4,
     "delta", "not a decimal"},
    {HAMM_FORMAT_ACCELSIM,
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 1ffffffff 1 R1 LDG.E 1 R2 4 1 0x10 4\n", 4,
     "mask", "above the limit"},
    {HAMM_FORMAT_ACCELSIM,
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 00000001 1 R1 LDG.E 1 R2 4 1 0x10 4 0 junk\n",
     4, "", "trailing text 'junk'"},
    {HAMM_FORMAT_ACCELSIM,
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 00000001 1 R1 FROB 1 R2 4 1 0x10 4\n", 4,
     "opcode", "not a memory instruction"},
    {HAMM_FORMAT_ACCELSIM, "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 00000001 1\n", 4,
     "destination", "missing destination"},
    {HAMM_FORMAT_ACCELSIM, "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 00000001 0 MOV 99\n", 4,
     "source count", "above the limit"},
    {HAMM_FORMAT_ACCELSIM,
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 00000001 0 LDG.E 0 4096 0 0x10\n", 4,
     "mem_width", "above the limit"},
};

static void bad_lines(void **state)
{
    (void)state;
    for (size_t i = 0; i < COUNT(bad_cases); i++) {
        const bad_case *c = &bad_cases[i];
        run_result r = run(c->text, c->format);
        print_message("bad case %zu: %s", i, c->text);
        assert_int_equal(r.status, HAMM_ERR_PARSE);
        assert_int_equal(r.err.status, HAMM_ERR_PARSE);
        assert_int_equal(r.err.line, c->line);
        assert_string_equal(r.err.field, c->field);
        if (!strstr(r.err.text, c->part))
            fail_msg("'%s' not in '%s'", c->part, r.err.text);
        assert_string_equal(r.err.source, "mem.trace");
        free(r.reqs);
    }
}

/* Columns point at the offending token. */
static void error_columns(void **state)
{
    (void)state;
    run_result r = run("0x10 READ 1\n0x20  WRITE x9\n", HAMM_FORMAT_DRAMSIM3);
    assert_int_equal(r.err.line, 2);
    assert_int_equal(r.err.column, 13);
    free(r.reqs);
    r = run("CTA 0,0,0 - warp 0 - LDG.E - 0x10 0xZZ\n", HAMM_FORMAT_NVBIT);
    assert_int_equal(r.err.column, 35);
    free(r.reqs);
}

/* --skip-bad drops the bad lines, counts them and keeps the first one's error; the
 * good lines around them still read, and GPU state survives a skipped line. */
static void skip_bad(void **state)
{
    (void)state;
    const struct {
        hamm_trace_format f;
        const char *text;
        size_t n;
        uint64_t skipped, first_line;
    } t[] = {
        {HAMM_FORMAT_DRAMSIM3, "0x10 READ 1\n0x20 FETCH 2\n0x30 WRITE 3\n0x40 READ\n0x50 READ 5\n",
         3, 2, 2},
        {HAMM_FORMAT_RAMULATOR_CPU, "1 10 20\nbad\n2 30\n", 3, 1, 2},
        {HAMM_FORMAT_NVBIT, "CTA 0,0,0 - warp 0 - LDG.E - 0x40\nCTA 0,0 - warp 0\n"
                            "CTA 1,0,0 - warp 0 - STG.E - 0x80\n",
         2, 1, 2},
        {HAMM_FORMAT_ACCELSIM, "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n"
                               "0 00000001 1 R1 LDG.E 1 R2 4 9 0x10\n"
                               "0 00000001 1 R1 LDG.E 1 R2 4 0 0x40\n#END_TB\n",
         1, 1, 5},
        /* a bad "warp =" leaves no warp: its instructions are dropped too, not put on the
         * warp before it */
        {HAMM_FORMAT_ACCELSIM, "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n"
                               "0 00000001 1 R1 LDG.E 1 R2 4 0 0x10\nwarp = x\n"
                               "0 00000001 1 R1 LDG.E 1 R2 4 0 0x40\n#END_TB\n",
         1, 2, 5},
    };
    for (size_t i = 0; i < COUNT(t); i++) {
        hamm_trace_options o = {.format = t[i].f, .skip_bad = 1};
        run_result r = run_opts(t[i].text, strlen(t[i].text), &o, 0, 4096);
        print_message("case %zu\n", i);
        assert_int_equal(r.status, HAMM_OK);
        assert_int_equal(r.n, t[i].n);
        assert_int_equal(r.skipped, t[i].skipped);
        assert_int_equal(r.first_skipped.status, HAMM_ERR_PARSE);
        assert_int_equal(r.first_skipped.line, t[i].first_line);
        free(r.reqs);
    }
}

/* hide_text (a trace an input named): every format's line errors keep their line, column
 * and field but quote none of the line (those that quote none are left as they are), nor
 * does the first error --skip-bad kept. */
static void hide_text(void **state)
{
    (void)state;
    for (size_t i = 0; i < COUNT(bad_cases); i++) {
        const bad_case *c = &bad_cases[i];
        hamm_trace_options o = {.format = c->format, .hide_text = 1};
        run_result shown = run(c->text, c->format);
        run_result r = run_opts(c->text, strlen(c->text), &o, 0, 4096);
        print_message("bad case %zu: %s", i, c->text);
        assert_int_equal(r.err.status, HAMM_ERR_PARSE);
        assert_int_equal(r.err.line, c->line);
        assert_int_equal(r.err.column, shown.err.column);
        assert_string_equal(r.err.field, c->field);
        assert_null(strpbrk(r.err.text, "'\""));
        if (strpbrk(shown.err.text, "'\"")) /* it quoted the line */
            assert_non_null(strstr(r.err.text, "[not shown"));
        else
            assert_string_equal(r.err.text, shown.err.text);
        free(r.reqs);
        free(shown.reqs);
    }
    hamm_trace_options o = {.format = HAMM_FORMAT_DRAMSIM3, .skip_bad = 1, .hide_text = 1};
    const char *text = "0x10 READ 1\n0x20 SECRET 2\n";
    run_result r = run_opts(text, strlen(text), &o, 0, 4096);
    assert_int_equal(r.skipped, 1);
    assert_null(strstr(r.first_skipped.text, "SECRET"));
    free(r.reqs);
}

/* Lines that are not the tool's own (NVBit) or not structure (Accel-Sim comments)
 * give nothing; a trace of nothing else is empty. */
static void nothing_to_read(void **state)
{
    (void)state;
    run_result r = run("NVBit banner\nMEMTRACE: CTX 0x1, Inspecting CUfunction 0x2\n",
                       HAMM_FORMAT_NVBIT);
    assert_int_equal(r.status, HAMM_ERR_EMPTY);
    free(r.reqs);
    r = run("#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n0 ffffffff 0 EXIT 0 0 0\n"
            "#END_TB\n",
            HAMM_FORMAT_ACCELSIM);
    assert_int_equal(r.status, HAMM_ERR_EMPTY);
    free(r.reqs);
}


int main(void)
{
    foreign_samples_init();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bad_lines),
        cmocka_unit_test(error_columns),
        cmocka_unit_test(skip_bad),
        cmocka_unit_test(nothing_to_read),
        cmocka_unit_test(hide_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
