/* test_gpu_traceg_write.c - workloads written as Accel-Sim recordings (traceg_write.h,
 * hamm_workload_export_traceg): lines derived by hand from the format (Accel-Sim's
 * trace parser: registers R<n>, width in the opcode's suffix, address modes 0/1/2), and
 * round trips: every warp's instruction stream read back by hamm's .traceg source equals
 * the stream the workload's own source hands the engine (class, lanes, width, registers,
 * pc, every address), plus one EXIT of the warp's threads at the end. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "workload/traceg_write.h"
#include "traceg_helpers.h"
#include "workload/source.h"

/* ---- one line ---------------------------------------------------------------------- */

static void assert_line(const gpu_inst *in, const char *want)
{
    traceg_buf b = {0};
    hamm_error err = {0};
    assert_int_equal(traceg_write_inst(&b, in, "test", &err), HAMM_OK);
    assert_non_null(b.p);
    assert_string_equal(b.p, want);
    traceg_buf_free(&b);
}

static void opcodes(void **state)
{
    (void)state;
    assert_string_equal(traceg_write_opcode(GPU_OP_ALU, 0), "FFMA");
    assert_string_equal(traceg_write_opcode(GPU_OP_SFU, 0), "MUFU.EX2");
    assert_string_equal(traceg_write_opcode(GPU_OP_BARRIER, 0), "BAR.SYNC");
    assert_string_equal(traceg_write_opcode(GPU_OP_EXIT, 0), "EXIT");
    /* Accel-Sim's width: a number among the parts is bits, U<bits> too, else 4 bytes */
    assert_string_equal(traceg_write_opcode(GPU_OP_LOAD, 1), "LDG.E.U8");
    assert_string_equal(traceg_write_opcode(GPU_OP_LOAD, 4), "LDG.E");
    assert_string_equal(traceg_write_opcode(GPU_OP_STORE, 16), "STG.E.128");
    assert_string_equal(traceg_write_opcode(GPU_OP_SHARED_LOAD, 2), "LDS.U16");
    assert_string_equal(traceg_write_opcode(GPU_OP_SHARED_STORE, 8), "STS.64");
    assert_null(traceg_write_opcode(GPU_OP_LOAD, 3));
    assert_null(traceg_write_opcode(GPU_OP_SHARED_STORE, 32));
}

/* Registers: hamm's r is R<r-1>; a repeated source is written once. */
static void alu_line(void **state)
{
    (void)state;
    gpu_inst in = {.op = GPU_OP_ALU, .active = 0xffff, .dst = 5, .src = {3, 3, 0, 7}, .pc = 0x10};
    assert_line(&in, "0010 0000ffff 1 R4 FFMA 2 R2 R6 0\n");
    gpu_inst bar = {.op = GPU_OP_BARRIER, .active = 0xffffffffu, .pc = 0x1a0};
    assert_line(&bar, "01a0 ffffffff 0 BAR.SYNC 0 0\n");
}

/* Four contiguous lanes 4 bytes apart: base-stride. */
static void stride_line(void **state)
{
    (void)state;
    gpu_inst in = {.op = GPU_OP_LOAD, .active = 0xf0, .width = 4, .dst = 1, .pc = 0x20};
    for (int i = 0; i < 4; i++)
        in.addr[4 + i] = 0x100 + 4u * (unsigned)i;
    assert_line(&in, "0020 000000f0 1 R0 LDG.E 0 4 1 0x100 4\n");
}

/* Lanes 0 and 2 (a gap): base-delta, even at one stride; a stride above an int too. */
static void delta_line(void **state)
{
    (void)state;
    gpu_inst in = {.op = GPU_OP_STORE, .active = 0x5, .width = 8, .src = {2}, .pc = 0x30};
    in.addr[0] = 0x200;
    in.addr[2] = 0x180;
    assert_line(&in, "0030 00000005 0 STG.E.64 1 R1 8 2 0x200 -128\n");
    gpu_inst far = {.op = GPU_OP_LOAD, .active = 0x3, .width = 4, .pc = 0x40};
    far.addr[1] = UINT64_C(0x100000000);
    assert_line(&far, "0040 00000003 0 LDG.E 0 4 2 0x0 4294967296\n");
}

/* A delta beyond 64 signed bits: every address listed. */
static void list_line(void **state)
{
    (void)state;
    gpu_inst in = {.op = GPU_OP_LOAD, .active = 0x3, .width = 1, .pc = 0x50};
    in.addr[1] = UINT64_MAX;
    assert_line(&in, "0050 00000003 0 LDG.E.U8 0 1 0 0x0 0xffffffffffffffff\n");
}

/* Shared offsets are written in the header's shared window. */
static void shared_line(void **state)
{
    (void)state;
    gpu_inst in = {.op = GPU_OP_SHARED_STORE, .active = 0x1, .width = 8, .src = {9}, .pc = 0x60};
    in.addr[0] = 0x40;
    assert_line(&in, "0060 00000001 0 STS.64 1 R8 8 1 0x7f0000000040 0\n");
}

static void bad_lines(void **state)
{
    (void)state;
    traceg_buf b = {0};
    hamm_error err = {0};
    gpu_inst in = {.op = GPU_OP_LOAD, .active = 1, .width = 3};
    assert_int_equal(traceg_write_inst(&b, &in, "k: CTA 0, warp 0", &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "width");
    assert_non_null(strstr(err.text, "k: CTA 0, warp 0"));
    hamm_error_clear(&err);
    gpu_inst sh = {.op = GPU_OP_SHARED_LOAD, .active = 1, .width = 4};
    sh.addr[0] = UINT64_C(1) << 32;
    assert_int_equal(traceg_write_inst(&b, &sh, "k", &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "address");
    traceg_buf_free(&b);
}

/* ---- round trips ------------------------------------------------------------------- */

/* Two kernels: a 40-thread CTA (its second warp has 8 lanes), a loop, a branch, an ALU
 * group, SFU, shared memory of widths 8 and 2 around a barrier, a random index and a
 * 16-byte store; then a kernel of 3x2 CTAs with 1-byte loads at a stride of 3. */
static const char small_workload[] =
    "{\"format\": \"hamm-workload/1\", \"name\": \"small\",\n"
    " \"arrays\": {\"a\": {\"base\": \"0x10000\", \"elem\": 4, \"count\": 4096},\n"
    "            \"c\": {\"base\": \"0x90000\", \"elem\": 1, \"count\": 4096},\n"
    "            \"b\": {\"base\": \"0x80000\", \"elem\": 16, \"count\": 256}},\n"
    " \"kernels\": [\n"
    "  {\"name\": \"k1\", \"grid\": 2, \"block\": 40, \"regs_per_thread\": 8,\n"
    "   \"shared_bytes\": 512, \"body\": [\n"
    "   {\"loop\": \"i\", \"count\": 3, \"body\": [\n"
    "     {\"load\": \"a\", \"index\": \"i * 80 + ctaid.x * 40 + tid.x\", \"dst\": \"x\"},\n"
    "     {\"alu\": 3, \"src\": [\"x\", \"y\"], \"dst\": \"y\"}]},\n"
    "   {\"sfu\": 2, \"src\": [\"y\"], \"dst\": \"z\"},\n"
    "   {\"shared_store\": \"8 * tid.x\", \"width\": 8, \"src\": \"z\"},\n"
    "   {\"barrier\": true},\n"
    "   {\"if\": \"tid.x < 20\", \"body\": [\n"
    "     {\"shared_load\": \"2 * (39 - tid.x)\", \"width\": 2, \"dst\": \"w\"},\n"
    "     {\"load\": \"a\", \"index\": {\"random\": \"uniform\"}, \"dst\": \"v\"}]},\n"
    "   {\"store\": \"b\", \"index\": \"ctaid.x * 40 + tid.x\", \"src\": \"w\"}]},\n"
    "  {\"name\": \"k2\", \"grid\": [3, 2], \"block\": 64, \"body\": [\n"
    "   {\"load\": \"c\", \"index\": \"(ctaid.y * 3 + ctaid.x) * 192 + 3 * tid.x\", \"dst\": \"q\"},\n"
    "   {\"alu\": 1, \"src\": [\"q\"], \"dst\": \"q\"}]}]}\n";

/* Sources distinct and non-zero, in order: what the reader keeps. */
static void normalize_src(gpu_inst *in)
{
    uint16_t out[GPU_MAX_SRC] = {0};
    int n = 0;
    for (int i = 0; i < GPU_MAX_SRC; i++) {
        int dup = in->src[i] == GPU_NO_REG;
        for (int j = 0; j < n; j++)
            dup |= out[j] == in->src[i];
        if (!dup)
            out[n++] = in->src[i];
    }
    memcpy(in->src, out, sizeof out);
}

static void assert_same_inst(gpu_inst want, gpu_inst got)
{
    normalize_src(&want);
    normalize_src(&got);
    assert_int_equal(got.op, want.op);
    assert_int_equal(got.active, want.active);
    assert_int_equal(got.width, want.width);
    assert_int_equal(got.dst, want.dst);
    assert_memory_equal(got.src, want.src, sizeof want.src);
    assert_int_equal(got.pc, want.pc);
    int mem = want.op == GPU_OP_LOAD || want.op == GPU_OP_STORE ||
              want.op == GPU_OP_SHARED_LOAD || want.op == GPU_OP_SHARED_STORE;
    for (int lane = 0; mem && lane < GPU_WARP_SIZE; lane++)
        if (want.active >> lane & 1u)
            assert_int_equal(got.addr[lane], want.addr[lane]);
}

/* Warp w of CTA c: `want`'s stream (to its end or EXIT) read back from `got`, then the
 * one EXIT of the warp's threads; counts the instructions compared. */
static uint64_t compare_warp(const gpu_kernel_source *want, gpu_cta *wc,
                             const gpu_kernel_source *got, gpu_cta *gc, uint32_t w,
                             uint32_t lanes)
{
    hamm_error err = {0};
    gpu_inst a, b;
    int has_a = 0, has_b = 0;
    uint64_t n = 0;
    for (;;) {
        assert_int_equal(want->next(want->self, wc, w, &a, &has_a, &err), HAMM_OK);
        assert_int_equal(got->next(got->self, gc, w, &b, &has_b, &err), HAMM_OK);
        assert_true(has_b);
        if (!has_a || a.op == GPU_OP_EXIT)
            break;
        assert_same_inst(a, b);
        n++;
    }
    assert_int_equal(b.op, GPU_OP_EXIT);
    assert_int_equal(b.active, lanes);
    assert_int_equal(got->next(got->self, gc, w, &b, &has_b, &err), HAMM_OK);
    assert_false(has_b);
    return n;
}

/* Every CTA and warp of kernel `want` against the written file; warp instructions. */
static uint64_t compare_kernel(const gpu_kernel_source *want, const char *file)
{
    gpu_traceg *t = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_traceg_open(file, &t, &err), HAMM_OK);
    gpu_kernel_source got = gpu_traceg_source(t);
    const gpu_kernel_info *wi = want->info(want->self), *gi = got.info(got.self);
    assert_string_equal(gi->name, wi->name);
    assert_memory_equal(gi->grid, wi->grid, sizeof wi->grid);
    assert_memory_equal(gi->block, wi->block, sizeof wi->block);
    assert_int_equal(gi->regs_per_thread, wi->regs_per_thread);
    assert_int_equal(gi->shared_per_cta, wi->shared_per_cta);
    uint32_t threads = gpu_kernel_threads_per_cta(wi), n = 0;
    for (uint64_t id = 0; id < gpu_kernel_ctas(wi); id++) {
        gpu_cta *wc = NULL, *gc = NULL;
        assert_int_equal(want->open_cta(want->self, id, &wc, &err), HAMM_OK);
        assert_int_equal(got.open_cta(got.self, id, &gc, &err), HAMM_OK);
        for (uint32_t w = 0; w < gpu_kernel_warps_per_cta(wi); w++) {
            uint32_t left = threads - w * GPU_WARP_SIZE;
            n += compare_warp(want, wc, &got, gc, w,
                              left >= GPU_WARP_SIZE ? UINT32_MAX : (1u << left) - 1u);
        }
        want->close_cta(want->self, wc);
        got.close_cta(got.self, gc);
    }
    gpu_traceg_free(t);
    return n;
}

/* Export `path` into the scratch directory and compare each kernel of `wl`. */
static uint64_t round_trip(const char *path, const hamm_workload *wl)
{
    hamm_error err = {0};
    size_t kernels = 0;
    assert_int_equal(hamm_workload_export_traceg(path, tg_dir, HAMM_EXPORT_TRACEG_MAX_INSTRUCTIONS,
                                                 &kernels, &err),
                     HAMM_OK);
    assert_int_equal(kernels, hamm_workload_kernels(wl));
    gpu_traceg_list *l = NULL;
    assert_int_equal(gpu_traceg_list_open(tg_dir, &l, &err), HAMM_OK);
    assert_int_equal(gpu_traceg_list_count(l), kernels);
    uint64_t n = 0;
    for (size_t k = 0; k < kernels; k++) {
        gpu_kernel_source src;
        workload_source(wl, k, &src);
        n += compare_kernel(&src, gpu_traceg_list_kernel(l, k));
    }
    gpu_traceg_list_free(l);
    return n;
}

/* k1: warp 0 runs 3 x (1 load + 3 ALU) + 2 SFU + 1 shared store + 1 barrier + the
 * branch's 2 (lanes 0..19 take it) + 1 store = 19; warp 1 (threads 32..39) skips the
 * branch: 17; two CTAs: 72.  k2: 6 CTAs x 2 warps x 2 = 24.  96 in all. */
static void small_round_trip(void **state)
{
    (void)state;
    char path[256];
    snprintf(path, sizeof path, "%s", tg_path("small.json"));
    tg_write("small.json", small_workload);
    hamm_workload *wl = NULL;
    hamm_error err = {0};
    assert_int_equal(hamm_workload_open(path, &wl, &err), HAMM_OK);
    assert_int_equal(round_trip(path, wl), 2 * (19 + 17) + 24);
    hamm_workload_free(wl);
}

/* Bundled workloads with every index kind (random near, gathers, shared tiles). */
static void bundled_round_trip(void **state)
{
    (void)state;
    static const char *const names[] = {"red", "dg", "mum", "sp", "mmc"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/models/workloads/%s.json", HAMM_SOURCE_ROOT, names[i]);
        hamm_workload *wl = NULL;
        hamm_error err = {0};
        assert_int_equal(hamm_workload_open(path, &wl, &err), HAMM_OK);
        assert_true(round_trip(path, wl) > 0);
        hamm_workload_free(wl);
    }
}

/* A workload that fails while streaming (an index beyond its array in CTA 1): the error
 * is the workload's, with its file and JSON path. */
static void export_error(void **state)
{
    (void)state;
    tg_write("bad.json",
             "{\"format\": \"hamm-workload/1\", \"name\": \"bad\",\n"
             " \"arrays\": {\"a\": {\"base\": \"0x0\", \"elem\": 4, \"count\": 32}},\n"
             " \"kernels\": [{\"name\": \"k\", \"grid\": 2, \"block\": 32, \"body\": [\n"
             "   {\"load\": \"a\", \"index\": \"ctaid.x * 32 + tid.x\"}]}]}\n");
    char path[256];
    snprintf(path, sizeof path, "%s", tg_path("bad.json"));
    hamm_error err = {0};
    size_t kernels = 9;
    assert_int_equal(hamm_workload_export_traceg(path, tg_dir, HAMM_EXPORT_TRACEG_MAX_INSTRUCTIONS,
                                                 &kernels, &err),
                     HAMM_ERR_CONFIG);
    assert_int_equal(kernels, 0);
    assert_string_equal(err.field, "kernels[0].body[0]");
    assert_int_equal(err.line, 4);
    hamm_error_clear(&err);
    assert_int_equal(hamm_workload_export_traceg(path, "/nonexistent/dir",
                                                 HAMM_EXPORT_TRACEG_MAX_INSTRUCTIONS, &kernels,
                                                 &err),
                     HAMM_ERR_IO);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(opcodes),
        cmocka_unit_test(alu_line),
        cmocka_unit_test(stride_line),
        cmocka_unit_test(delta_line),
        cmocka_unit_test(list_line),
        cmocka_unit_test(shared_line),
        cmocka_unit_test(bad_lines),
        cmocka_unit_test_setup_teardown(small_round_trip, tg_setup, tg_teardown),
        cmocka_unit_test_setup_teardown(bundled_round_trip, tg_setup, tg_teardown),
        cmocka_unit_test_setup_teardown(export_error, tg_setup, tg_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
