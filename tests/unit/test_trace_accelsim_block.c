/* test_trace_accelsim_block.c - the structure of an Accel-Sim kernel file
 * (src/trace/accelsim_block.h), fed hand-written line sequences: well-formed files and
 * what each line is, each structural error with its line, field and text, the state a
 * failed line leaves (for readers that skip bad lines), and the header's keys. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "trace/accelsim_block.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define MAX_LINES 32

/* What feeding a text gave: each line's kind and status, and the first error. */
typedef struct fed {
    size_t n;
    accelsim_line_kind kind[MAX_LINES];
    hamm_status status[MAX_LINES];
    hamm_error first_err;
    uint64_t first_bad; /* 1-based line of the first error; 0: none */
} fed;

/* Feed `text` line by line to *b, going on after a failure as a reader that skips bad
 * lines does. */
static fed feed(accelsim_block *b, const char *text)
{
    fed f = {0};
    const char *p = text;
    while (*p && f.n < MAX_LINES) {
        const char *end = strchr(p, '\n');
        if (!end)
            end = p + strlen(p);
        trace_line_ctx ctx = {.source = "k.traceg", .line = f.n + 1, .start = p};
        accelsim_line line;
        hamm_error err = {0};
        f.status[f.n] = accelsim_block_line(b, &ctx, (scan_line){p, end}, &line, &err);
        f.kind[f.n] = line.kind;
        if (f.status[f.n] != HAMM_OK && f.first_bad == 0) {
            f.first_err = err;
            f.first_bad = f.n + 1;
        }
        f.n++;
        p = *end ? end + 1 : end;
    }
    return f;
}

/* ---- good files ------------------------------------------------------------------- */

static void good_file(void **state)
{
    (void)state;
    static const char text[] =
        "-kernel name = k\n"
        "-grid dim = (4,2,1)\n"
        "\n"
        "#traces format = ...\n"
        "#BEGIN_TB\n"
        "thread block = 1,1,0\n"
        "cluster = 0,0,0\n"
        "warp = 3\n"
        "insts = 2\n"
        "0000 ffffffff 0 NOP 0 0\n"
        "0010 ffffffff 0 EXIT 0 0\n"
        "# a comment inside\n"
        "warp = 0\n"
        "insts = 0\n"
        "#END_TB\n"
        "#BEGIN_TB\n"
        "thread block = 2,0,0\n"
        "#END_TB\n";
    static const accelsim_line_kind want[] = {
        ACCELSIM_LINE_HEADER, ACCELSIM_LINE_HEADER, ACCELSIM_LINE_NONE,  ACCELSIM_LINE_NONE,
        ACCELSIM_LINE_BEGIN,  ACCELSIM_LINE_BLOCK,  ACCELSIM_LINE_CLUSTER, ACCELSIM_LINE_WARP,
        ACCELSIM_LINE_INSTS,  ACCELSIM_LINE_INST,   ACCELSIM_LINE_INST,  ACCELSIM_LINE_NONE,
        ACCELSIM_LINE_WARP,   ACCELSIM_LINE_INSTS,  ACCELSIM_LINE_END,   ACCELSIM_LINE_BEGIN,
        ACCELSIM_LINE_BLOCK,  ACCELSIM_LINE_END,
    };
    accelsim_block b = {.grid = {{4, 2, 1}, 1}};
    fed f = feed(&b, text);
    assert_int_equal(f.first_bad, 0);
    assert_int_equal(f.n, COUNT(want));
    for (size_t i = 0; i < COUNT(want); i++)
        assert_int_equal(f.kind[i], want[i]);
    /* the last block: 2,0,0 is CTA 2 of the 4x2 grid */
    assert_true(b.begun && !b.in_tb && b.have_block);
    assert_int_equal(b.id[0], 2);
    assert_int_equal(b.core, 2);
}

/* Block, warp and count as the lines give them; 1,1,0 of a 4x2 grid is CTA 5. */
static void state_follows_lines(void **state)
{
    (void)state;
    accelsim_block b = {.grid = {{4, 2, 1}, 1}};
    fed f = feed(&b, "#BEGIN_TB\nthread block = 1,1,0\nwarp = 7\ninsts = 3\n0 1 0 NOP 0 0\n");
    assert_int_equal(f.first_bad, 0);
    assert_true(b.in_tb && b.have_block && b.have_warp && b.have_insts);
    assert_int_equal(b.core, 5);
    assert_int_equal(b.warp, 7);
    assert_int_equal(b.insts, 3);
    assert_int_equal(b.seen, 1);
    /* without a grid only 1-D ids are numbered */
    accelsim_block one_d = {0};
    f = feed(&one_d, "#BEGIN_TB\nthread block = 70000,0,0\n");
    assert_int_equal(f.first_bad, 0);
    assert_int_equal(one_d.core, 70000 - 65536);
}

/* Tracer versions below 3: with loose_insts an instruction may stand outside a block;
 * inside one the rules hold as ever. */
static void loose_instructions(void **state)
{
    (void)state;
    accelsim_block b = {.loose_insts = 1};
    fed f = feed(&b, "3 0 0 5 00a0 00000001 0 NOP 0 0\n#BEGIN_TB\nthread block = 0,0,0\n"
                     "3 0 0 5 00a0 00000001 0 NOP 0 0\n");
    assert_int_equal(f.kind[0], ACCELSIM_LINE_INST);
    assert_int_equal(f.status[0], HAMM_OK);
    assert_int_equal(f.first_bad, 4);
    assert_non_null(strstr(f.first_err.text, "instruction before 'warp ='"));
}

/* ---- structural errors ------------------------------------------------------------ */

#define BLOCK0 "#BEGIN_TB\nthread block = 0,0,0\n"
#define NOP "0000 ffffffff 0 NOP 0 0\n"

typedef struct bad_case {
    const char *text;
    uint64_t line;
    const char *field;
    const char *part; /* expected in the error text */
} bad_case;

static const bad_case bad_cases[] = {
    /* outside a block: before the first one, and between blocks */
    {"-grid dim = (1,1,1)\nwarp = 0\n", 2, "",
     "'warp' line outside #BEGIN_TB .. #END_TB: expected a '-' header line or #BEGIN_TB"},
    {"thread block = 0,0,0\n", 1, "", "'thread' line outside #BEGIN_TB .. #END_TB"},
    {"insts = 1\n", 1, "", "'insts' line outside"},
    {"cluster = 0,0,0\n", 1, "", "'cluster' line outside"},
    {BLOCK0 "#END_TB\nwarp = 0\n", 4, "", "'warp' line outside #BEGIN_TB .. #END_TB: "
                                         "expected #BEGIN_TB"},
    {NOP, 1, "", "instruction outside #BEGIN_TB .. #END_TB (a raw .trace file"},
    {BLOCK0 "#END_TB\n" NOP, 4, "", "instruction outside #BEGIN_TB"},
    {"#END_TB\n", 1, "#END_TB", "#END_TB without #BEGIN_TB"},
    /* the header */
    {BLOCK0 "-grid dim = (1,1,1)\n", 3, "header", "a '-' header line inside a thread block"},
    {BLOCK0 "#END_TB\n-grid dim = (1,1,1)\n", 4, "header",
     "a '-' header line after the first thread block"},
    /* the bounds */
    {BLOCK0 "#BEGIN_TB\n", 3, "#BEGIN_TB", "a thread block begins before the last one ended"},
    {"#BEGIN_TB x\n", 1, "", "trailing text 'x'"},
    {BLOCK0 "#END_TB x\n", 3, "", "trailing text 'x'"},
    /* "thread block =" */
    {"#BEGIN_TB\nthread block 0,0,0\n", 2, "thread block", "expected 'thread block = X,Y,Z'"},
    {"#BEGIN_TB\nthread block =\n", 2, "thread block", "missing thread block value"},
    {"#BEGIN_TB\nthread block = 0,0\n", 2, "thread block", "expected x,y,z"},
    {"#BEGIN_TB\nthread block = 0,0,0 1\n", 2, "", "trailing text '1'"},
    {"#BEGIN_TB\nthread block = 0,1,0\n", 2, "CTA", "needs the grid size"},
    /* "warp =" and "insts =" */
    {BLOCK0 "warp 0\n", 3, "warp", "expected 'warp = N'"},
    {BLOCK0 "warp = x\n", 3, "warp", "not a decimal"},
    {BLOCK0 "warp =\n", 3, "warp", "missing warp value"},
    {BLOCK0 "insts = 1\n", 3, "insts", "'insts =' before 'warp ='"},
    {BLOCK0 "warp = 0\ninsts 1\n", 4, "insts", "expected 'insts = N'"},
    {BLOCK0 "warp = 0\ninsts = -1\n", 4, "insts", "not a decimal"},
    /* instructions */
    {"#BEGIN_TB\nwarp = 0\n" NOP, 3, "", "instruction before 'thread block ='"},
    {BLOCK0 NOP, 3, "", "instruction before 'warp ='"},
    /* a warp's count: fewer lines, at #END_TB or the next "warp ="; one more, at it */
    {BLOCK0 "warp = 1\ninsts = 2\n" NOP "#END_TB\n", 6, "insts",
     "warp 1 announced 2 instructions but 1 followed"},
    {BLOCK0 "warp = 1\ninsts = 2\n" NOP "warp = 2\n", 6, "insts",
     "warp 1 announced 2 instructions but 1 followed"},
    {BLOCK0 "warp = 1\ninsts = 1\n" NOP NOP, 6, "insts",
     "warp 1 announced 1 instructions, and more follow"},
};

static void structural_errors(void **state)
{
    (void)state;
    for (size_t i = 0; i < COUNT(bad_cases); i++) {
        const bad_case *c = &bad_cases[i];
        accelsim_block b = {0};
        fed f = feed(&b, c->text);
        print_message("case %zu: %s", i, c->text);
        assert_int_equal(f.first_bad, c->line);
        assert_int_equal(f.first_err.status, HAMM_ERR_PARSE);
        assert_int_equal(f.first_err.line, c->line);
        assert_string_equal(f.first_err.source, "k.traceg");
        assert_string_equal(f.first_err.field, c->field);
        if (!strstr(f.first_err.text, c->part))
            fail_msg("'%s' not in '%s'", c->part, f.first_err.text);
    }
}

/* Errors point at the token they are about. */
static void error_columns(void **state)
{
    (void)state;
    accelsim_block b = {0};
    fed f = feed(&b, "#BEGIN_TB\nthread block = 0,0,0\n  warp = zz\n");
    assert_int_equal(f.first_err.column, 10);
    b = (accelsim_block){0};
    f = feed(&b, "  warp = 1\n");
    assert_int_equal(f.first_err.column, 3);
}

/* ---- after a failed line ---------------------------------------------------------- */

/* A reader that skips bad lines stays in step: a #BEGIN_TB inside a block opens a new
 * one, a failed #END_TB still closes it, a bad "warp =" or "thread block =" leaves none,
 * and a line too many is not counted again at the warp's end. */
static void state_after_failures(void **state)
{
    (void)state;
    accelsim_block b = {0};
    fed f = feed(&b, BLOCK0 "warp = 0\n#BEGIN_TB\n" NOP);
    assert_int_equal(f.status[3], HAMM_ERR_PARSE);
    assert_true(b.in_tb && !b.have_block && !b.have_warp);
    assert_int_equal(f.status[4], HAMM_ERR_PARSE); /* no block id in the new block */

    b = (accelsim_block){0};
    f = feed(&b, BLOCK0 "warp = 0\ninsts = 2\n#END_TB\n#BEGIN_TB\n");
    assert_int_equal(f.status[4], HAMM_ERR_PARSE);
    assert_int_equal(f.status[5], HAMM_OK);

    b = (accelsim_block){0};
    f = feed(&b, BLOCK0 "warp = 0\n" NOP "warp = x\n" NOP);
    assert_int_equal(f.status[3], HAMM_OK);
    assert_int_equal(f.status[4], HAMM_ERR_PARSE);
    assert_int_equal(f.status[5], HAMM_ERR_PARSE);
    assert_false(b.have_warp);

    b = (accelsim_block){0};
    f = feed(&b, BLOCK0 "warp = 0\nthread block = 0,x,0\n" NOP);
    assert_int_equal(f.status[3], HAMM_ERR_PARSE);
    assert_int_equal(f.status[4], HAMM_ERR_PARSE);
    assert_false(b.have_block);

    b = (accelsim_block){0};
    f = feed(&b, BLOCK0 "warp = 0\ninsts = 1\n" NOP NOP "#END_TB\n");
    assert_int_equal(f.status[5], HAMM_ERR_PARSE);
    assert_int_equal(f.status[6], HAMM_OK);
    assert_int_equal(b.seen, 1);

    /* a short warp's error at the next "warp =" still starts that warp */
    b = (accelsim_block){0};
    f = feed(&b, BLOCK0 "warp = 0\ninsts = 2\n" NOP "warp = 4\n");
    assert_int_equal(f.status[5], HAMM_ERR_PARSE);
    assert_true(b.have_warp);
    assert_int_equal(b.warp, 4);
}

/* ---- the header ------------------------------------------------------------------- */

static void header_keys(void **state)
{
    (void)state;
    const char *text = "-grid  dim=  (2,1,1) \n";
    accelsim_block b = {0};
    accelsim_line line;
    trace_line_ctx ctx = {.source = "k.traceg", .line = 1, .start = text};
    hamm_error err = {0};
    assert_int_equal(accelsim_block_line(&b, &ctx, (scan_line){text, text + strlen(text) - 1},
                                         &line, &err),
                     HAMM_OK);
    assert_int_equal(line.kind, ACCELSIM_LINE_HEADER);
    assert_true(accelsim_header_is(&line, "-grid dim"));
    assert_false(accelsim_header_is(&line, "-grid"));
    assert_false(accelsim_header_is(&line, "-grid dim x"));
    assert_false(accelsim_header_is(&line, "-block dim"));
    assert_int_equal(line.value.len, 7);
    assert_memory_equal(line.value.p, "(2,1,1)", 7);
    /* a header line without '=' has no key */
    text = "-grid dim\n";
    ctx.start = text;
    assert_int_equal(accelsim_block_line(&b, &ctx, (scan_line){text, text + 9}, &line, &err),
                     HAMM_OK);
    assert_int_equal(line.kind, ACCELSIM_LINE_HEADER);
    assert_false(accelsim_header_is(&line, "-grid dim"));
    /* nor does a line that is not a header line */
    text = "warp = 0";
    b = (accelsim_block){.in_tb = 1};
    assert_int_equal(accelsim_block_line(&b, &ctx, (scan_line){text, text + 8}, &line, &err),
                     HAMM_OK);
    assert_false(accelsim_header_is(&line, "warp"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(good_file),
        cmocka_unit_test(state_follows_lines),
        cmocka_unit_test(loose_instructions),
        cmocka_unit_test(structural_errors),
        cmocka_unit_test(error_columns),
        cmocka_unit_test(state_after_failures),
        cmocka_unit_test(header_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
