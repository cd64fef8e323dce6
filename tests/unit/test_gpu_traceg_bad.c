/* test_gpu_traceg_bad.c - malformed Accel-Sim recordings given to the GPU engine's kernel
 * source: each is an error naming the file, the line and the field, found when the header
 * is read or when the CTA holding the bad line is opened.  Table-driven over small
 * kernels written to a scratch directory; line numbers counted by hand (TG_HEADER is 12
 * lines, so a kernel's #BEGIN_TB is line 13). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "traceg_helpers.h"

#define OPEN UINT64_MAX /* the error comes from gpu_traceg_open */

/* A one-CTA kernel (grid 1) whose block is `body`, lines 14 on. */
#define ONE_CTA(body) TG_HEADER("1") "#BEGIN_TB\nthread block = 0,0,0\n" body
#define NOP "0000 ffffffff 0 NOP 0 0 0\n"

typedef struct bad_case {
    const char *kernel;
    uint64_t cta;       /* open CTAs 0 .. cta - 1, then cta must fail; or OPEN */
    hamm_status status;
    uint64_t line;      /* 0: the error names no line */
    const char *field;
    const char *text;   /* a piece of what it must say */
} bad_case;

static const bad_case cases[] = {
    /* the header */
    {"-block dim = (32,1,1)\n#BEGIN_TB\n", OPEN, HAMM_ERR_PARSE, 0, "-grid dim", "no grid"},
    {"-grid dim = (1,1,1)\n#BEGIN_TB\n", OPEN, HAMM_ERR_PARSE, 0, "-block dim", "no block"},
    {"-grid dim = (1,1,1)\n-block dim = (2048,1,1)\n", OPEN, HAMM_ERR_PARSE, 2, "-block dim",
     "1 to 1024"},
    {"-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-nregs = x\n", OPEN, HAMM_ERR_PARSE, 3,
     "-nregs", "not a decimal"},
    {"-grid dim = (1,1,1)\n-block dim = (32,1,1)\nwarp = 0\n", OPEN, HAMM_ERR_PARSE, 3, NULL,
     "expected a '-' header line"},
    /* a truncated thread block: the file ends before #END_TB */
    {ONE_CTA("warp = 0\ninsts = 1\n" NOP), 0, HAMM_ERR_PARSE, 17, "#END_TB",
     "ends inside thread block 0"},
    /* "insts =" and the lines that follow disagree: fewer (found at #END_TB or at the next
     * "warp ="), or more */
    {ONE_CTA("warp = 0\ninsts = 2\n" NOP "#END_TB\n"), 0, HAMM_ERR_PARSE, 18, "insts",
     "announced 2 instructions but 1 followed"},
    {ONE_CTA("warp = 0\ninsts = 2\n" NOP "warp = 1\ninsts = 0\n#END_TB\n"), 0,
     HAMM_ERR_PARSE, 18, "insts", "announced 2 instructions but 1 followed"},
    {ONE_CTA("warp = 0\ninsts = 1\n" NOP NOP "#END_TB\n"), 0, HAMM_ERR_PARSE, 18, "insts",
     "and more follow"},
    /* bad masks: too wide, not hex, a gap under base-stride */
    {ONE_CTA("warp = 0\ninsts = 1\n0000 1ffffffff 0 NOP 0 0 0\n#END_TB\n"), 0, HAMM_ERR_PARSE,
     17, "mask", "above the limit"},
    {ONE_CTA("warp = 0\ninsts = 1\n0000 zz 0 NOP 0 0 0\n#END_TB\n"), 0, HAMM_ERR_PARSE, 17,
     "mask", "not a hex number"},
    {ONE_CTA("warp = 0\ninsts = 1\n0000 00000005 1 R1 LDG.E 1 R2 4 1 0x10 4 0\n#END_TB\n"),
     0, HAMM_ERR_PARSE, 17, "mask", "contiguous"},
    /* an address mode that is not 0, 1 or 2 */
    {ONE_CTA("warp = 0\ninsts = 1\n0000 00000001 1 R1 LDG.E 1 R2 4 3 0x10 0\n#END_TB\n"), 0,
     HAMM_ERR_PARSE, 17, "address mode", "3 is not 0 (list), 1 (base-stride) or 2"},
    /* base-delta with a delta missing (3 lanes, 1 delta) */
    {ONE_CTA("warp = 0\ninsts = 1\n0000 00000007 1 R1 LDG.E 1 R2 4 2 0x10 4\n#END_TB\n"), 0,
     HAMM_ERR_PARSE, 17, "delta", "missing"},
    /* opcodes the engine cannot place */
    {ONE_CTA("warp = 0\ninsts = 1\n0000 00000001 0 UTMALDG.2D 0 4 0\n#END_TB\n"), 0,
     HAMM_ERR_PARSE, 17, "opcode", "TMA"},
    {ONE_CTA("warp = 0\ninsts = 1\n0000 00000001 0 FOO 0 4 0 0x10 0\n#END_TB\n"), 0,
     HAMM_ERR_PARSE, 17, "opcode", "not a memory instruction"},
    {ONE_CTA("warp = 0\ninsts = 1\n0000 00000001 1 R1 LDG.E 1 R2 0 0\n#END_TB\n"), 0,
     HAMM_ERR_PARSE, 17, "mem_width", "no addresses"},
    {ONE_CTA("warp = 0\ninsts = 1\n0000 00000001 1 R1 LDG.E.256 1 R2 32 0 0x10 0\n#END_TB\n"),
     0, HAMM_ERR_PARSE, 17, "mem_width", "32 bytes per lane"},
    {ONE_CTA("warp = 0\ninsts = 1\n0000 ffffffff 1 R300 IADD3 0 0 0\n#END_TB\n"), 0,
     HAMM_ERR_PARSE, 17, "destination", "above R255"},
    /* what is not a register: the tracer writes R<n>, Accel-Sim reads "R%d" */
    {ONE_CTA("warp = 0\ninsts = 1\n0000 ffffffff 1 R1 IADD3 2 Rxx R2 0 0\n#END_TB\n"), 0,
     HAMM_ERR_PARSE, 17, "source", "'Rxx' is not a register"},
    {ONE_CTA("warp = 0\ninsts = 1\n0000 ffffffff 1 R IADD3 0 0 0\n#END_TB\n"), 0,
     HAMM_ERR_PARSE, 17, "destination", "'R' is not a register"},
    {ONE_CTA("warp = 0\ninsts = 1\n0000 ffffffff 1 R-1 IADD3 0 0 0\n#END_TB\n"), 0,
     HAMM_ERR_PARSE, 17, "destination", "'R-1' is not a register"},
    {ONE_CTA("warp = 0\ninsts = 1\n0000 ffffffff 0 IADD3 1 PX 0 0\n#END_TB\n"), 0,
     HAMM_ERR_PARSE, 17, "source", "'PX' is not a register"},
    /* the block structure */
    {ONE_CTA("warp = 2\n"), 0, HAMM_ERR_PARSE, 15, "warp", "warp 2 in a block of 2 warps"},
    {ONE_CTA("warp = 0\ninsts = 0\nwarp = 0\n"), 0, HAMM_ERR_PARSE, 17, "warp",
     "listed twice"},
    {ONE_CTA("warp = 0\ninsts = 1\ninsts = 1\n"), 0, HAMM_ERR_PARSE, 17, "insts",
     "a second 'insts =' for one warp"},
    {ONE_CTA(NOP), 0, HAMM_ERR_PARSE, 15, NULL, "instruction before 'warp ='"},
    {ONE_CTA("-shmem = 0\n"), 0, HAMM_ERR_PARSE, 15, "header", "inside a thread block"},
    {ONE_CTA("#BEGIN_TB\n"), 0, HAMM_ERR_PARSE, 15, "#BEGIN_TB", "before the last one ended"},
    {TG_HEADER("1") "#BEGIN_TB\nwarp = 0\ninsts = 0\n#END_TB\n", 0, HAMM_ERR_PARSE, 16,
     "thread block", "without 'thread block ='"},
    {TG_HEADER("1") "#BEGIN_TB\nthread block = 1,0,0\n", 0, HAMM_ERR_PARSE, 14, "CTA",
     "outside the grid"},
    /* blocks and the grid disagree: fewer blocks, or more */
    {ONE_CTA("#END_TB\n"), 1, HAMM_ERR_ARG, 0, "CTA", "the grid has 1"},
    {TG_HEADER("2") "#BEGIN_TB\nthread block = 0,0,0\n#END_TB\n", 1, HAMM_ERR_PARSE, 15,
     "#BEGIN_TB", "ends after 1 thread blocks; the grid has 2"},
    {ONE_CTA("#END_TB\n#BEGIN_TB\nthread block = 0,0,0\n#END_TB\n"), 0, HAMM_ERR_PARSE, 16,
     "#BEGIN_TB", "more thread blocks than the grid's 1"},
    /* between blocks only #BEGIN_TB: no header line, no stray structure */
    {TG_HEADER("2") "#BEGIN_TB\nthread block = 0,0,0\n#END_TB\n-shmem = 0\n", 1,
     HAMM_ERR_PARSE, 16, "header", "a '-' header line after the first thread block"},
    {TG_HEADER("2") "#BEGIN_TB\nthread block = 0,0,0\n#END_TB\n#END_TB\n", 1,
     HAMM_ERR_PARSE, 16, "#END_TB", "#END_TB without #BEGIN_TB"},
    {TG_HEADER("2") "#BEGIN_TB\nthread block = 0,0,0\n#END_TB\n" NOP, 1, HAMM_ERR_PARSE, 16,
     NULL, "instruction outside #BEGIN_TB .. #END_TB"},
};

static void check_error(const hamm_error *err, const bad_case *c, size_t i)
{
    if (err->line != c->line || strcmp(err->field, c->field ? c->field : "") != 0 ||
        !strstr(err->text, c->text))
        fprintf(stderr, "case %zu: line %lu, field '%s', text '%s'\n", i,
                (unsigned long)err->line, err->field, err->text);
    assert_true(strstr(err->source, "/kernel-1.traceg") != NULL);
    assert_int_equal(err->line, c->line);
    assert_string_equal(err->field, c->field ? c->field : "");
    assert_non_null(strstr(err->text, c->text));
}

static void table(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const bad_case *c = &cases[i];
        hamm_error err = {0};
        gpu_traceg *t = NULL;
        tg_write("kernel-1.traceg", c->kernel);
        hamm_status st = gpu_traceg_open(tg_path("kernel-1.traceg"), &t, &err);
        if (c->cta == OPEN) {
            assert_int_equal(st, c->status);
            assert_null(t);
            check_error(&err, c, i);
            continue;
        }
        assert_int_equal(st, HAMM_OK);
        gpu_kernel_source s = gpu_traceg_source(t);
        gpu_cta *cta = NULL;
        for (uint64_t k = 0; k < c->cta; k++) {
            assert_int_equal(s.open_cta(s.self, k, &cta, &err), HAMM_OK);
            s.close_cta(s.self, cta);
        }
        assert_int_equal(s.open_cta(s.self, c->cta, &cta, &err), c->status);
        assert_null(cta);
        check_error(&err, c, i);
        gpu_traceg_free(t);
    }
}

/* CTAs come in file order: asking for CTA 1 first, or for CTA 0 twice, is refused; the
 * refusal loses nothing, so CTA 0 and then CTA 1 still open. */
static void out_of_order(void **state)
{
    (void)state;
    tg_write("kernel-1.traceg", TG_HEADER("2") "#BEGIN_TB\nthread block = 0,0,0\n#END_TB\n"
                                               "#BEGIN_TB\nthread block = 1,0,0\n#END_TB\n");
    gpu_traceg *t = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_traceg_open(tg_path("kernel-1.traceg"), &t, &err), HAMM_OK);
    gpu_kernel_source s = gpu_traceg_source(t);
    gpu_cta *c0 = NULL, *c1 = NULL;
    assert_int_equal(s.open_cta(s.self, 1, &c1, &err), HAMM_ERR_ARG);
    assert_null(c1);
    assert_string_equal(err.field, "CTA");
    assert_non_null(strstr(err.text, "out of order"));
    assert_non_null(strstr(err.source, "kernel-1.traceg"));
    hamm_error_clear(&err);
    assert_int_equal(s.open_cta(s.self, 0, &c0, &err), HAMM_OK);
    assert_int_equal(s.open_cta(s.self, 0, &c1, &err), HAMM_ERR_ARG);
    hamm_error_clear(&err);
    assert_int_equal(s.open_cta(s.self, 1, &c1, &err), HAMM_OK);
    /* a warp beyond the CTA's two */
    gpu_inst in;
    int has = 1;
    assert_int_equal(s.next(s.self, c1, 2, &in, &has, &err), HAMM_ERR_ARG);
    assert_int_equal(has, 0);
    s.close_cta(s.self, c0);
    s.close_cta(s.self, c1);
    gpu_traceg_free(t);
}

/* After a bad block the file's position is lost: asking again gives the same error. */
static void error_sticks(void **state)
{
    (void)state;
    tg_write("kernel-1.traceg", ONE_CTA("warp = 0\ninsts = 1\n0000 zz 0 NOP 0 0 0\n"));
    gpu_traceg *t = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_traceg_open(tg_path("kernel-1.traceg"), &t, &err), HAMM_OK);
    gpu_kernel_source s = gpu_traceg_source(t);
    gpu_cta *c = NULL;
    assert_int_equal(s.open_cta(s.self, 0, &c, &err), HAMM_ERR_PARSE);
    hamm_error_clear(&err);
    assert_int_equal(s.open_cta(s.self, 0, &c, &err), HAMM_ERR_PARSE);
    assert_int_equal(err.line, 17);
    assert_string_equal(err.field, "mask");
    gpu_traceg_free(t);
}

/* kernelslist.g naming a kernel file that is not there (in any compression), and a
 * directory without kernelslist.g. */
static void missing_kernel_file(void **state)
{
    (void)state;
    tg_write("kernel-1.traceg", ONE_CTA("#END_TB\n"));
    tg_write("kernelslist.g", "MemcpyHtoD,0x00007fb0fc400000,4\nkernel-1.traceg\n"
                              "kernel-2.traceg\n");
    gpu_traceg_list *l = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_traceg_list_open(tg_dir, &l, &err), HAMM_ERR_IO);
    assert_null(l);
    assert_non_null(strstr(err.source, "/kernelslist.g"));
    assert_int_equal(err.line, 3);
    assert_string_equal(err.field, "kernel file");
    assert_non_null(strstr(err.text, "'kernel-2.traceg' is missing"));
    /* two names on a line */
    tg_write("kernelslist.g", "kernel-1.traceg kernel-1.traceg\n");
    hamm_error_clear(&err);
    assert_int_equal(gpu_traceg_list_open(tg_dir, &l, &err), HAMM_ERR_PARSE);
    assert_int_equal(err.line, 1);
    /* only copies: no kernel */
    tg_write("kernelslist.g", "MemcpyHtoD,0x00007fb0fc400000,4\n");
    hamm_error_clear(&err);
    assert_int_equal(gpu_traceg_list_open(tg_dir, &l, &err), HAMM_ERR_EMPTY);
    unlink(tg_path("kernelslist.g"));
    hamm_error_clear(&err);
    assert_int_not_equal(gpu_traceg_list_open(tg_dir, &l, &err), HAMM_OK);
    assert_non_null(strstr(err.source, "kernelslist.g"));
    assert_null(l);
}

/* MemcpyHtoD lines as Accel-Sim's reader takes them: exactly three comma-separated fields,
 * a hexadecimal address (0x optional) and a decimal byte count; the other copies are
 * skipped unread, as Accel-Sim skips them. */
static void copy_lines(void **state)
{
    (void)state;
    static const char *const bad[] = {"MemcpyHtoD,zz", "MemcpyHtoD,0x10", "MemcpyHtoD,0x10,5,6",
                                      "MemcpyHtoD,,0x10,5", "MemcpyHtoD,0x10,-5",
                                      "MemcpyHtoD,0x10,5x", "MemcpyHtoDx,0x10,5",
                                      "MemcpyHtoD,0x10,5 kernel-1.traceg"};
    gpu_traceg_list *l = NULL;
    hamm_error err = {0};
    char text[128];
    tg_write("kernel-1.traceg", ONE_CTA("#END_TB\n"));
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(text, sizeof text, "kernel-1.traceg\n%s\n", bad[i]);
        tg_write("kernelslist.g", text);
        hamm_error_clear(&err);
        if (gpu_traceg_list_open(tg_dir, &l, &err) != HAMM_ERR_PARSE || err.line != 2 ||
            strcmp(err.field, "MemcpyHtoD") != 0 ||
            !strstr(err.text, "expects MemcpyHtoD,ADDRESS,BYTES"))
            fail_msg("'%s' was not refused at line 2: %s", bad[i], err.text);
        assert_null(l);
    }
    tg_write("kernelslist.g", "MemcpyHtoD,0x00007fb0fc400000,200000\nMemcpyHtoD, 10 ,4\n"
                              "MemcpyDtoH,anything\nkernel-1.traceg\n");
    hamm_error_clear(&err);
    assert_int_equal(gpu_traceg_list_open(tg_dir, &l, &err), HAMM_OK);
    assert_int_equal(gpu_traceg_list_count(l), 1);
    gpu_traceg_list_free(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(table, tg_setup, tg_teardown),
        cmocka_unit_test_setup_teardown(out_of_order, tg_setup, tg_teardown),
        cmocka_unit_test_setup_teardown(error_sticks, tg_setup, tg_teardown),
        cmocka_unit_test_setup_teardown(missing_kernel_file, tg_setup, tg_teardown),
        cmocka_unit_test_setup_teardown(copy_lines, tg_setup, tg_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
