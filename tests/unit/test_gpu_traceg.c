/* test_gpu_traceg.c - Accel-Sim recordings as the GPU engine's kernel source: the bundled
 * vectorAdd recording (counts derived by hand from the program and the recording's text)
 * and a small hand-written kernel with each address mode and opcode class. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gpu/coalescer.h"
#include "traceg_helpers.h"

#define VECTORADD HAMM_SOURCE_ROOT "/traces/real/accelsim-vectoradd"

static int ends_with(const char *s, const char *tail)
{
    size_t a = strlen(s), b = strlen(tail);
    return a >= b && strcmp(s + a - b, tail) == 0;
}

static gpu_traceg *open_kernel(const char *path)
{
    gpu_traceg *t = NULL;
    hamm_error err = {0};
    hamm_status st = gpu_traceg_open(path, &t, &err);
    if (st != HAMM_OK)
        fprintf(stderr, "%s:%lu: %s: %s\n", err.source, (unsigned long)err.line, err.field,
                err.text);
    assert_int_equal(st, HAMM_OK);
    return t;
}

static gpu_inst next_inst(gpu_kernel_source *s, gpu_cta *c, uint32_t warp)
{
    gpu_inst in;
    int has = 0;
    hamm_error err = {0};
    assert_int_equal(s->next(s->self, c, warp, &in, &has, &err), HAMM_OK);
    assert_int_equal(has, 1);
    return in;
}

static void assert_warp_done(gpu_kernel_source *s, gpu_cta *c, uint32_t warp)
{
    gpu_inst in;
    int has = 1;
    hamm_error err = {0};
    assert_int_equal(s->next(s->self, c, warp, &in, &has, &err), HAMM_OK);
    assert_int_equal(has, 0);
}

/* kernelslist.g lists two MemcpyHtoD lines and kernel-1.traceg, which is stored
 * compressed as kernel-1.traceg.gz. */
static void vectoradd_list(void **state)
{
    (void)state;
    gpu_traceg_list *l = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_traceg_list_open(VECTORADD, &l, &err), HAMM_OK);
    assert_int_equal(gpu_traceg_list_count(l), 1);
    assert_true(ends_with(gpu_traceg_list_kernel(l, 0), "/kernel-1.traceg.gz"));
    assert_null(gpu_traceg_list_kernel(l, 1));
    gpu_traceg_list_free(l);
    /* The list file itself names the same recording. */
    assert_int_equal(gpu_traceg_list_open(VECTORADD "/kernelslist.g", &l, &err), HAMM_OK);
    assert_int_equal(gpu_traceg_list_count(l), 1);
    gpu_traceg_list_free(l);
}

/* The header: "-kernel name = _Z9vectorAddPKfS0_Pfi", "-grid dim = (196,1,1)",
 * "-block dim = (256,1,1)", "-shmem = 0", "-nregs = 12": 196 CTAs of 256 / 32 = 8 warps. */
static void vectoradd_header(void **state)
{
    (void)state;
    gpu_traceg *t = open_kernel(VECTORADD "/kernel-1.traceg.gz");
    gpu_kernel_source s = gpu_traceg_source(t);
    const gpu_kernel_info *k = s.info(s.self);
    assert_string_equal(k->name, "_Z9vectorAddPKfS0_Pfi");
    assert_int_equal(k->grid[0], 196);
    assert_int_equal(k->grid[1], 1);
    assert_int_equal(k->grid[2], 1);
    assert_int_equal(k->block[0], 256);
    assert_int_equal(k->block[1], 1);
    assert_int_equal(k->block[2], 1);
    assert_int_equal(k->shared_per_cta, 0);
    assert_int_equal(k->regs_per_thread, 12);
    assert_int_equal(gpu_kernel_ctas(k), 196);
    assert_int_equal(gpu_kernel_warps_per_cta(k), 8);
    gpu_traceg_free(t);
}

/* CTA 0, warp 0, in the recording:
 *   00a0 ffffffff 1 R4 LDG.E 1 R4 4 1 0x7fb0fc430e00 4 0
 * a load of 4 bytes per lane into R4 (register 5) from R4's address, lane i at
 * 0x7fb0fc430e00 + 4i; its first instruction "0000 ffffffff 1 R1 MOV 0 0 0" writes R1. */
static void vectoradd_first_load(void **state)
{
    (void)state;
    gpu_traceg *t = open_kernel(VECTORADD "/kernel-1.traceg.gz");
    gpu_kernel_source s = gpu_traceg_source(t);
    gpu_cta *c = NULL;
    hamm_error err = {0};
    assert_int_equal(s.open_cta(s.self, 0, &c, &err), HAMM_OK);
    gpu_inst in = next_inst(&s, c, 0);
    assert_int_equal(in.op, GPU_OP_ALU);
    assert_int_equal(in.dst, 2);
    assert_int_equal(in.src[0], GPU_NO_REG);
    for (int i = 1; i < 10; i++) /* 0010 .. 0090 */
        in = next_inst(&s, c, 0);
    in = next_inst(&s, c, 0);
    assert_int_equal(in.pc, 0xa0);
    assert_int_equal(in.op, GPU_OP_LOAD);
    assert_int_equal(in.active, 0xFFFFFFFFu);
    assert_int_equal(in.width, 4);
    assert_int_equal(in.dst, 5);
    assert_int_equal(in.src[0], 5);
    assert_int_equal(in.src[1], GPU_NO_REG);
    assert_int_equal(in.addr[0], 0x7fb0fc430e00u);
    assert_int_equal(in.addr[31], 0x7fb0fc430e00u + 124);
    s.close_cta(s.self, c);
    gpu_traceg_free(t);
}

typedef struct tally {
    uint64_t insts, ops[GPU_OP_EXIT + 1];
    uint64_t load_sectors, store_sectors;
    uint64_t warps_with_insts;
} tally;

static void tally_warp(gpu_kernel_source *s, gpu_cta *c, uint32_t w, tally *n)
{
    gpu_inst in;
    int has = 1, any = 0;
    hamm_error err = {0};
    gpu_transaction tr[GPU_MAX_TRANSACTIONS];
    for (;;) {
        assert_int_equal(s->next(s->self, c, w, &in, &has, &err), HAMM_OK);
        if (!has)
            break;
        any = 1;
        n->insts++;
        n->ops[in.op]++;
        if (in.op != GPU_OP_LOAD && in.op != GPU_OP_STORE)
            continue;
        size_t k = gpu_coalesce(GPU_COALESCE_SECTORS, in.addr, in.width, in.active, tr);
        for (size_t i = 0; i < k; i++)
            *(in.op == GPU_OP_LOAD ? &n->load_sectors : &n->store_sectors) +=
                gpu_transaction_requests(GPU_COALESCE_SECTORS, &tr[i]);
    }
    n->warps_with_insts += (uint64_t)any;
}

/* The whole kernel, two CTAs resident at a time (CTA k + 1 opens before CTA k closes).
 *
 * vectorAdd over 50,000 floats: thread i loads A[i] and B[i] (LDG.E, 4 bytes) and stores
 * C[i] (STG.E) when i < 50,000.  Warps with a thread below 50,000: ceil(50000 / 32) =
 * 1,563 (1,562 full, and warp 1,562 = CTA 195 warp 2 with lanes 0-15); each makes 2 LDG
 * and 1 STG warp instructions: 3,126 LDG, 1,563 STG.  Cross-check:
 *   zcat kernel-1.traceg.gz | awk '$5 ~ /^LDG/' | wc -l       -> 3126
 *   zcat kernel-1.traceg.gz | awk '$4 ~ /^STG/' | wc -l       -> 1563
 * Sectors: each array is 200,000 bytes from a 32-byte-aligned base (0x7fb0fc400000,
 * 0x7fb0fc430e00, 0x7fb0fc461c00), read or written once, so 200,000 / 32 = 6,250
 * sectors each: 12,500 for the loads, 6,250 for the stores (a full warp covers 128
 * bytes = 4 sectors, the half warp 2: 1,562 * 4 + 2 = 6,250).
 * Instructions: "insts = 17" for the 1,563 warps that get past the bounds check, "insts
 * = 6" for the other 196 * 8 - 1,563 = 5 (awk '/^insts/ {c[$3]++}'): 1,563 * 17 + 5 * 6
 * = 26,601.  Every warp ends with one EXIT (1,568); the working warps' earlier
 * "0050 00000000 0 EXIT" (no lane leaves) is an ALU instruction; ALU: per working warp
 * 17 - 2 - 1 - 1 = 13, per idle warp 5: 1,563 * 13 + 5 * 5 = 20,344. */
static void vectoradd_whole_kernel(void **state)
{
    (void)state;
    gpu_traceg *t = open_kernel(VECTORADD "/kernel-1.traceg.gz");
    gpu_kernel_source s = gpu_traceg_source(t);
    gpu_cta *prev = NULL, *c = NULL;
    hamm_error err = {0};
    tally n = {0};
    for (uint64_t k = 0; k < 196; k++) {
        assert_int_equal(s.open_cta(s.self, k, &c, &err), HAMM_OK);
        for (uint32_t w = 0; w < 8; w++)
            tally_warp(&s, c, w, &n);
        s.close_cta(s.self, prev);
        prev = c;
    }
    s.close_cta(s.self, prev);
    assert_int_equal(n.warps_with_insts, 196 * 8);
    assert_int_equal(n.insts, 26601);
    assert_int_equal(n.ops[GPU_OP_LOAD], 3126);
    assert_int_equal(n.ops[GPU_OP_STORE], 1563);
    assert_int_equal(n.load_sectors, 12500);
    assert_int_equal(n.store_sectors, 6250);
    assert_int_equal(n.ops[GPU_OP_EXIT], 1568);
    assert_int_equal(n.ops[GPU_OP_ALU], 20344);
    assert_int_equal(n.ops[GPU_OP_SFU] + n.ops[GPU_OP_BARRIER] + n.ops[GPU_OP_SHARED_LOAD] +
                         n.ops[GPU_OP_SHARED_STORE],
                     0);
    /* The grid has 196 CTAs: there is no 197th. */
    assert_int_equal(s.open_cta(s.self, 196, &c, &err), HAMM_ERR_ARG);
    assert_null(c);
    gpu_traceg_free(t);
}

/* tg_tiny_kernel (traceg_helpers.h): each address mode and opcode class. */

static void assert_regs(const gpu_inst *in, uint16_t dst, uint16_t src0, uint16_t src1)
{
    assert_int_equal(in->dst, dst);
    assert_int_equal(in->src[0], src0);
    assert_int_equal(in->src[1], src1);
    assert_int_equal(in->src[2], GPU_NO_REG);
}

/* Modes 0 (list), 1 (base-stride) and 2 (base-delta), and each line's width. */
static void tiny_addresses(gpu_kernel_source *s, gpu_cta *c)
{
    gpu_transaction tr[GPU_MAX_TRANSACTIONS];
    /* Mode 0, lanes 0-3, 8 bytes each (MEM_WIDTH 8): 0x1000 and 0x1008 share the sector at
     * 0x1000, 0x2000 and 0x2010 the one at 0x2000. */
    gpu_inst in = next_inst(s, c, 0);
    assert_int_equal(in.op, GPU_OP_LOAD);
    assert_int_equal(in.width, 8);
    assert_int_equal(in.active, 0xF);
    assert_regs(&in, 3, 5, GPU_NO_REG);
    const uint64_t list[4] = {0x1000, 0x1008, 0x2000, 0x2010};
    for (int i = 0; i < 4; i++)
        assert_int_equal(in.addr[i], list[i]);
    assert_int_equal(in.addr[4], 0);
    assert_int_equal(gpu_coalesce(GPU_COALESCE_SECTORS, in.addr, in.width, in.active, tr), 2);
    assert_int_equal(tr[0].sectors + tr[1].sectors, 2); /* sector 0 of each line */
    /* Mode 1, lanes 4-7 from 0x3000 by 4; no destination, sources R2 and R6. */
    in = next_inst(s, c, 0);
    assert_int_equal(in.op, GPU_OP_STORE);
    assert_int_equal(in.width, 4);
    assert_regs(&in, GPU_NO_REG, 3, 7);
    for (int lane = 0; lane < 8; lane++)
        assert_int_equal(in.addr[lane], lane < 4 ? 0 : 0x3000 + 4 * (uint64_t)(lane - 4));
    /* Mode 2, lanes 0, 2, 8, 10 (mask 0x505): 0x4000, +1, -2, +16; one byte each. */
    in = next_inst(s, c, 0);
    assert_int_equal(in.width, 1);
    assert_int_equal(in.active, 0x505);
    assert_int_equal(in.addr[0], 0x4000);
    assert_int_equal(in.addr[2], 0x4001);
    assert_int_equal(in.addr[8], 0x3fff);
    assert_int_equal(in.addr[10], 0x400f);
    assert_int_equal(in.addr[1] + in.addr[9], 0);
}

static void tiny_modes(void **state)
{
    (void)state;
    tg_write("kernel-1.traceg", tg_tiny_kernel());
    gpu_traceg *t = open_kernel(tg_path("kernel-1.traceg"));
    gpu_kernel_source s = gpu_traceg_source(t);
    const gpu_kernel_info *k = s.info(s.self);
    assert_string_equal(k->name, "tiny");
    assert_int_equal(k->shared_per_cta, 1024);
    assert_int_equal(k->regs_per_thread, 16);
    gpu_cta *c = NULL;
    hamm_error err = {0};
    assert_int_equal(s.open_cta(s.self, 0, &c, &err), HAMM_OK);
    tiny_addresses(&s, c);
    gpu_inst in = next_inst(&s, c, 0); /* MUFU.RSQ: R10 from R8 */
    assert_int_equal(in.op, GPU_OP_SFU);
    assert_int_equal(in.width, 0);
    assert_regs(&in, 11, 9, GPU_NO_REG);
    in = next_inst(&s, c, 0); /* DFMA R12 from R10, R10, RZ: one source */
    assert_int_equal(in.op, GPU_OP_SFU);
    assert_regs(&in, 13, 11, GPU_NO_REG);
    assert_int_equal(next_inst(&s, c, 0).op, GPU_OP_BARRIER);
    /* LDS.U.128 at the shared window's base + 0x40, stride 16: offsets 0x40, 0x50. */
    in = next_inst(&s, c, 0);
    assert_int_equal(in.op, GPU_OP_SHARED_LOAD);
    assert_int_equal(in.width, 16);
    assert_int_equal(in.addr[0], 0x40);
    assert_int_equal(in.addr[1], 0x50);
    in = next_inst(&s, c, 0); /* EXIT with no lane: not the last, so not the end */
    assert_int_equal(in.op, GPU_OP_ALU);
    assert_int_equal(in.active, 0);
    in = next_inst(&s, c, 0);
    assert_int_equal(in.op, GPU_OP_EXIT);
    assert_int_equal(in.pc, 0x80);
    assert_warp_done(&s, c, 0);
    /* ISETP writes P0 (no dependence here) and R20, reads UR4 (uniform) and R21, PT. */
    in = next_inst(&s, c, 1);
    assert_int_equal(in.op, GPU_OP_ALU);
    assert_regs(&in, 21, 22, GPU_NO_REG);
    in = next_inst(&s, c, 1); /* a global atomic: a load; 16 lanes from 0x5000 by 4 */
    assert_int_equal(in.op, GPU_OP_LOAD);
    assert_int_equal(in.width, 4);
    assert_int_equal(in.addr[15], 0x5000 + 60);
    assert_warp_done(&s, c, 1);
    s.close_cta(s.self, c);
    gpu_traceg_free(t);
}

/* Both CTAs resident at once, closed in the other order; CTA 1 lists only warp 1. */
static void tiny_second_cta(void **state)
{
    (void)state;
    tg_write("kernel-1.traceg", tg_tiny_kernel());
    gpu_traceg *t = open_kernel(tg_path("kernel-1.traceg"));
    gpu_kernel_source s = gpu_traceg_source(t);
    gpu_cta *c0 = NULL, *c1 = NULL, *c2 = NULL;
    hamm_error err = {0};
    assert_int_equal(s.open_cta(s.self, 0, &c0, &err), HAMM_OK);
    assert_int_equal(s.open_cta(s.self, 1, &c1, &err), HAMM_OK);
    assert_warp_done(&s, c1, 0);
    gpu_inst in = next_inst(&s, c1, 1);
    assert_int_equal(in.op, GPU_OP_SHARED_STORE); /* 0x10: below the window, kept */
    assert_int_equal(in.width, 4);
    assert_int_equal(in.addr[0], 0x10);
    assert_warp_done(&s, c1, 1);
    assert_int_equal(next_inst(&s, c0, 0).pc, 0); /* CTA 0 untouched by reading CTA 1 */
    s.close_cta(s.self, c1);
    s.close_cta(s.self, c0);
    assert_int_equal(s.open_cta(s.self, 2, &c2, &err), HAMM_ERR_ARG);
    assert_string_equal(err.field, "CTA");
    gpu_traceg_free(t);
}

/* Tracer version 2 puts "X Y Z W" before each line, and lineinfo a line number after it;
 * version 2 has no immediate at the end.  No "-kernel name": an empty name. */
static void tiny_version2_lineinfo(void **state)
{
    (void)state;
    tg_write("k.traceg", "-grid dim = (1,1,1)\n-block dim = (32,1,1)\n"
                         "-accelsim tracer version = 2\n-enable lineinfo = 1\n"
                         "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n"
                         "0 0 0 0 17 0010 ffffffff 1 R2 IADD3 2 R2 R3 0\n"
                         "0 0 0 0 18 0020 00000003 0 ST.E.64 2 R2 R4 8 2 0x100 8\n"
                         "#END_TB\n");
    gpu_traceg *t = open_kernel(tg_path("k.traceg"));
    gpu_kernel_source s = gpu_traceg_source(t);
    assert_string_equal(s.info(s.self)->name, "");
    gpu_cta *c = NULL;
    hamm_error err = {0};
    assert_int_equal(s.open_cta(s.self, 0, &c, &err), HAMM_OK);
    gpu_inst in = next_inst(&s, c, 0);
    assert_int_equal(in.pc, 0x10);
    assert_regs(&in, 3, 3, 4);
    in = next_inst(&s, c, 0);
    assert_int_equal(in.op, GPU_OP_STORE);
    assert_int_equal(in.width, 8);
    assert_int_equal(in.addr[0], 0x100);
    assert_int_equal(in.addr[1], 0x108);
    assert_warp_done(&s, c, 0);
    s.close_cta(s.self, c);
    gpu_traceg_free(t);
}

/* Generic LD and ST go to shared memory when their first active lane lies between
 * "-shmem base_addr" and "-local mem base_addr", as in Accel-Sim, else to global memory;
 * the width is the line's MEM_WIDTH (LDSM.16.M88.4 reads 16 bytes per lane, not the 2 its
 * ".16" would say). */
static void tiny_generic_and_width(void **state)
{
    (void)state;
    tg_write("k.traceg", "-grid dim = (1,1,1)\n-block dim = (32,1,1)\n"
                         "-shmem base_addr = 0x7f0000000000\n"
                         "-local mem base_addr = 0x7f0002000000\n"
                         "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 4\n"
                         "0010 00000001 1 R2 LD.E 1 R4 4 0 0x7f0000000100 0\n"
                         "0020 00000001 0 ST.E 2 R4 R2 4 0 0x7f0002000100 0\n"
                         "0030 00000001 0 ST.E 2 R4 R2 4 0 0x7f0000000200 0\n"
                         "0040 00000003 1 R8 LDSM.16.M88.4 1 R4 16 1 0x7f0000000400 16 0\n"
                         "#END_TB\n");
    gpu_traceg *t = open_kernel(tg_path("k.traceg"));
    gpu_kernel_source s = gpu_traceg_source(t);
    gpu_cta *c = NULL;
    hamm_error err = {0};
    assert_int_equal(s.open_cta(s.self, 0, &c, &err), HAMM_OK);
    gpu_inst in = next_inst(&s, c, 0);
    assert_int_equal(in.op, GPU_OP_SHARED_LOAD);
    assert_int_equal(in.addr[0], 0x100);
    in = next_inst(&s, c, 0); /* the local window: global memory's path */
    assert_int_equal(in.op, GPU_OP_STORE);
    assert_int_equal(in.addr[0], 0x7f0002000100u);
    in = next_inst(&s, c, 0);
    assert_int_equal(in.op, GPU_OP_SHARED_STORE);
    assert_int_equal(in.addr[0], 0x200);
    in = next_inst(&s, c, 0);
    assert_int_equal(in.op, GPU_OP_SHARED_LOAD);
    assert_int_equal(in.width, 16);
    assert_int_equal(in.addr[1], 0x410);
    s.close_cta(s.self, c);
    gpu_traceg_free(t);
}

/* SASS's register names a hand-made line may use: RZ (R255) and the predicate, uniform
 * and barrier registers carry no dependence; R<n> is register n + 1. */
static void register_names(void **state)
{
    (void)state;
    tg_write("k.traceg", "-grid dim = (1,1,1)\n-block dim = (32,1,1)\n"
                         "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n"
                         "0010 ffffffff 2 UP1 R5 IADD3 5 RZ URZ UPT R7 B2 0 0\n#END_TB\n");
    gpu_traceg *t = open_kernel(tg_path("k.traceg"));
    gpu_kernel_source s = gpu_traceg_source(t);
    gpu_cta *c = NULL;
    hamm_error err = {0};
    assert_int_equal(s.open_cta(s.self, 0, &c, &err), HAMM_OK);
    gpu_inst in = next_inst(&s, c, 0);
    assert_regs(&in, 6, 8, GPU_NO_REG);
    s.close_cta(s.self, c);
    gpu_traceg_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(vectoradd_list),
        cmocka_unit_test(vectoradd_header),
        cmocka_unit_test(vectoradd_first_load),
        cmocka_unit_test(vectoradd_whole_kernel),
        cmocka_unit_test_setup_teardown(tiny_modes, tg_setup, tg_teardown),
        cmocka_unit_test_setup_teardown(tiny_second_cta, tg_setup, tg_teardown),
        cmocka_unit_test_setup_teardown(tiny_version2_lineinfo, tg_setup, tg_teardown),
        cmocka_unit_test_setup_teardown(tiny_generic_and_width, tg_setup, tg_teardown),
        cmocka_unit_test_setup_teardown(register_names, tg_setup, tg_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
