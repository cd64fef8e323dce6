/* test_workload.c - the instruction streams of small kernel descriptions, every
 * expected address, mask and register derived by hand from the description. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "workload_rig.h"

#define ALL 0xFFFFFFFFu
#define HEAD "{\"format\": \"hamm-workload/1\", \"name\": \"t\", "

/* c[i] = a[i] + b[i], two CTAs of 64 threads. */
static const char vecadd[] =
    HEAD "\"arrays\": {\"a\": {\"base\": \"0x10000\", \"elem\": 4, \"count\": 128},"
    "                  \"b\": {\"base\": \"0x20000\", \"elem\": 4, \"count\": 128},"
    "                  \"c\": {\"base\": 196608, \"elem\": 4, \"count\": 128}},"
    "\"kernels\": [{\"name\": \"vecadd\", \"grid\": 2, \"block\": 64, \"body\": ["
    "  {\"load\": \"a\", \"index\": \"ctaid.x * ntid.x + tid.x\", \"dst\": \"x\"},"
    "  {\"load\": \"b\", \"index\": \"ctaid.x * ntid.x + tid.x\", \"dst\": \"y\"},"
    "  {\"alu\": 1, \"src\": [\"x\", \"y\"], \"dst\": \"z\"},"
    "  {\"store\": \"c\", \"index\": \"ctaid.x * ntid.x + tid.x\", \"src\": \"z\"}]}]}";

/* Warp 1 of CTA 1 holds threads 32..63 of CTA 1: global element 64 + 32 + lane. */
static void vecadd_stream(void **state)
{
    (void)state;
    hamm_workload *wl = rig_load(vecadd);
    assert_int_equal(hamm_workload_kernels(wl), 1);
    assert_string_equal(hamm_workload_kernel_name(wl, 0), "vecadd");
    gpu_kernel_source src;
    gpu_cta *c = rig_cta(wl, 0, 1, &src);
    gpu_inst in;
    const uint64_t base[] = {0x10000, 0x20000, 0, 0x30000};
    const gpu_op ops[] = {GPU_OP_LOAD, GPU_OP_LOAD, GPU_OP_ALU, GPU_OP_STORE};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(rig_next(&src, c, 1, &in), 1);
        assert_int_equal(in.op, ops[i]);
        assert_int_equal(in.active, ALL);
        assert_int_equal(in.pc, 8 * i);
        if (ops[i] == GPU_OP_ALU)
            continue;
        assert_int_equal(in.width, 4);
        for (int lane = 0; lane < 32; lane++)
            assert_int_equal(in.addr[lane], base[i] + 4 * (64 + 32 + lane));
    }
    assert_int_equal(rig_next(&src, c, 1, &in), 0);
    assert_int_equal(rig_next(&src, c, 1, &in), 0); /* stays ended */
    src.close_cta(src.self, c);
    hamm_workload_free(wl);
}

/* Registers: x, y, z are 1, 2, 3 in order of first mention. */
static void vecadd_registers(void **state)
{
    (void)state;
    hamm_workload *wl = rig_load(vecadd);
    gpu_kernel_source src;
    gpu_cta *c = rig_cta(wl, 0, 0, &src);
    gpu_inst in;
    rig_next(&src, c, 0, &in);
    assert_int_equal(in.dst, 1);
    assert_int_equal(in.src[0], GPU_NO_REG);
    rig_next(&src, c, 0, &in);
    assert_int_equal(in.dst, 2);
    rig_next(&src, c, 0, &in);
    assert_int_equal(in.src[0], 1);
    assert_int_equal(in.src[1], 2);
    assert_int_equal(in.src[2], GPU_NO_REG);
    assert_int_equal(in.dst, 3);
    rig_next(&src, c, 0, &in);
    assert_int_equal(in.src[0], 3);
    assert_int_equal(in.dst, GPU_NO_REG);
    src.close_cta(src.self, c);
    hamm_workload_free(wl);
}

/* A loop of 3 around a load and two ALU instructions, then a triangular nest whose
 * inner count is the outer counter (0 + 1 + 2 = 3 loads). */
static void loops(void **state)
{
    (void)state;
    hamm_workload *wl = rig_load(
        HEAD "\"params\": {\"W\": 32},"
        "\"arrays\": {\"a\": {\"base\": 4096, \"elem\": 8, \"count\": 1000}},"
        "\"kernels\": [{\"name\": \"k\", \"grid\": 1, \"block\": 32, \"body\": ["
        "  {\"loop\": \"i\", \"count\": 3, \"body\": ["
        "    {\"load\": \"a\", \"index\": \"i * W + tid.x\", \"dst\": \"v\"},"
        "    {\"alu\": 2, \"src\": \"v\"}]},"
        "  {\"loop\": \"i\", \"count\": \"3\", \"body\": ["
        "    {\"loop\": \"j\", \"count\": \"i\", \"body\": ["
        "      {\"load\": \"a\", \"index\": \"100 * i + 10 * j + tid.x\"}]}]}]}]}");
    gpu_kernel_source src;
    gpu_cta *c = rig_cta(wl, 0, 0, &src);
    gpu_inst in;
    for (int i = 0; i < 3; i++) {
        assert_int_equal(rig_next(&src, c, 0, &in), 1);
        assert_int_equal(in.op, GPU_OP_LOAD);
        assert_int_equal(in.pc, 0);
        for (int lane = 0; lane < 32; lane++)
            assert_int_equal(in.addr[lane], 4096 + 8 * (32 * i + lane));
        for (int a = 0; a < 2; a++) {
            assert_int_equal(rig_next(&src, c, 0, &in), 1);
            assert_int_equal(in.op, GPU_OP_ALU);
            assert_int_equal(in.pc, 8 + 8 * a);
            assert_int_equal(in.src[0], a == 0 ? 1 : GPU_NO_REG); /* the group's first reads */
        }
    }
    const int ij[][2] = {{1, 0}, {2, 0}, {2, 1}};
    for (int n = 0; n < 3; n++) {
        assert_int_equal(rig_next(&src, c, 0, &in), 1);
        assert_int_equal(in.pc, 24);
        assert_int_equal(in.addr[5], 4096 + 8 * (100 * ij[n][0] + 10 * ij[n][1] + 5));
    }
    assert_int_equal(rig_next(&src, c, 0, &in), 0);
    src.close_cta(src.self, c);
    hamm_workload_free(wl);
}

/* A 5 x 9 block is 45 threads: warp 1 holds threads 32..44, 13 lanes; thread 33 is
 * (x, y) = (33 % 5, 33 / 5) = (3, 6). */
static void partial_warp(void **state)
{
    (void)state;
    hamm_workload *wl = rig_load(
        HEAD "\"arrays\": {\"a\": {\"base\": 0, \"elem\": 4, \"count\": 1000}},"
        "\"kernels\": [{\"name\": \"k\", \"grid\": [3, 2], \"block\": [5, 9], \"body\": ["
        "  {\"load\": \"a\", \"index\": \"100 * tid.y + tid.x\"}, {\"barrier\": true}]}]}");
    gpu_kernel_source src;
    gpu_cta *c = rig_cta(wl, 0, 4, &src);
    const gpu_kernel_info *k = src.info(src.self);
    assert_int_equal(gpu_kernel_warps_per_cta(k), 2);
    gpu_inst in;
    assert_int_equal(rig_next(&src, c, 1, &in), 1);
    assert_int_equal(in.active, 0x1FFFu);
    assert_int_equal(in.addr[1], 4 * 603);
    assert_int_equal(in.addr[12], 4 * (100 * 8 + 4)); /* thread 44 = (4, 8) */
    assert_int_equal(in.addr[13], 0);                 /* inactive: untouched */
    assert_int_equal(rig_next(&src, c, 1, &in), 1);
    assert_int_equal(in.op, GPU_OP_BARRIER);
    assert_int_equal(in.active, 0x1FFFu);
    assert_int_equal(rig_next(&src, c, 0, &in), 1);
    assert_int_equal(in.active, ALL);
    src.close_cta(src.self, c);
    hamm_workload_free(wl);
}

/* CTA 4 of a 3 x 2 grid is ctaid (1, 1). */
static void cta_index(void **state)
{
    (void)state;
    hamm_workload *wl = rig_load(
        HEAD "\"arrays\": {\"a\": {\"base\": 0, \"elem\": 1, \"count\": 100}},"
        "\"kernels\": [{\"name\": \"k\", \"grid\": [3, 2], \"block\": 32, \"body\": ["
        "  {\"load\": \"a\", \"index\": \"10 * ctaid.y + ctaid.x + nctaid.x * 0\"}]}]}");
    gpu_kernel_source src;
    gpu_inst in;
    for (uint64_t cta = 0; cta < 6; cta++) {
        gpu_cta *c = rig_cta(wl, 0, cta, &src);
        rig_next(&src, c, 0, &in);
        assert_int_equal(in.width, 1);
        assert_int_equal(in.addr[31], 10 * (cta / 3) + cta % 3);
        src.close_cta(src.self, c);
    }
    hamm_workload_free(wl);
}

/* Branches: lanes where the condition holds; a body no lane enters is skipped. */
static void branches(void **state)
{
    (void)state;
    hamm_workload *wl = rig_load(
        HEAD "\"arrays\": {\"a\": {\"base\": 0, \"elem\": 4, \"count\": 100}},"
        "\"kernels\": [{\"name\": \"k\", \"grid\": 1, \"block\": 32, \"body\": ["
        "  {\"if\": \"tid.x < 8\", \"body\": [{\"alu\": 1},"
        "     {\"if\": \"tid.x % 2 == 1\", \"body\": [{\"sfu\": 1}]}]},"
        "  {\"if\": \"tid.x >= 100\", \"body\": [{\"alu\": 5}]},"
        "  {\"alu\": 1}]}]}");
    gpu_kernel_source src;
    gpu_cta *c = rig_cta(wl, 0, 0, &src);
    gpu_inst in;
    rig_next(&src, c, 0, &in);
    assert_int_equal(in.op, GPU_OP_ALU);
    assert_int_equal(in.active, 0xFFu);
    rig_next(&src, c, 0, &in);
    assert_int_equal(in.op, GPU_OP_SFU);
    assert_int_equal(in.active, 0xAAu);
    rig_next(&src, c, 0, &in);
    assert_int_equal(in.op, GPU_OP_ALU);
    assert_int_equal(in.active, ALL);
    assert_int_equal(in.pc, 8 * (1 + 1 + 5)); /* pcs count the skipped group */
    assert_int_equal(rig_next(&src, c, 0, &in), 0);
    src.close_cta(src.self, c);
    hamm_workload_free(wl);
}

/* Shared memory: byte offsets of the expression, the width given. */
static void shared(void **state)
{
    (void)state;
    hamm_workload *wl = rig_load(
        HEAD "\"arrays\": {\"a\": {\"base\": 0, \"elem\": 4, \"count\": 64}},"
        "\"kernels\": [{\"name\": \"k\", \"grid\": 2, \"block\": 64, \"shared_bytes\": 512,"
        "  \"regs_per_thread\": 20, \"body\": ["
        "  {\"load\": \"a\", \"index\": \"tid.x\", \"dst\": \"v\"},"
        "  {\"shared_store\": \"4 * tid.x\", \"src\": \"v\"}, {\"barrier\": true},"
        "  {\"shared_load\": \"8 * (63 - tid.x)\", \"width\": 8, \"dst\": \"w\"},"
        "  {\"alu\": 1, \"src\": \"w\"}]}]}");
    gpu_kernel_source src;
    gpu_cta *c = rig_cta(wl, 0, 1, &src);
    const gpu_kernel_info *k = src.info(src.self);
    assert_int_equal(k->shared_per_cta, 512);
    assert_int_equal(k->regs_per_thread, 20);
    gpu_inst in;
    rig_next(&src, c, 1, &in);
    rig_next(&src, c, 1, &in);
    assert_int_equal(in.op, GPU_OP_SHARED_STORE);
    assert_int_equal(in.src[0], 1);
    assert_int_equal(in.addr[3], 4 * 35);
    rig_next(&src, c, 1, &in);
    assert_int_equal(in.op, GPU_OP_BARRIER);
    rig_next(&src, c, 1, &in);
    assert_int_equal(in.op, GPU_OP_SHARED_LOAD);
    assert_int_equal(in.width, 8);
    assert_int_equal(in.dst, 2);
    assert_int_equal(in.addr[0], 8 * 31);
    assert_int_equal(in.addr[31], 0);
    src.close_cta(src.self, c);
    hamm_workload_free(wl);
}

/* Launch shape and resources, and kernels in sequence. */
static void occupancy_and_sequence(void **state)
{
    (void)state;
    hamm_workload *wl = rig_load(
        HEAD "\"arrays\": {\"a\": {\"base\": 0, \"elem\": 4, \"count\": 64}},"
        "\"kernels\": [{\"name\": \"one\", \"grid\": [4, 2], \"block\": [16, 16],"
        "  \"regs_per_thread\": 24, \"shared_bytes\": 4096, \"body\": [{\"alu\": 1}]},"
        "  {\"name\": \"two\", \"grid\": [2, 3, 4], \"block\": [8, 4, 2], \"body\": [{\"alu\": 1}]}]}");
    assert_int_equal(hamm_workload_kernels(wl), 2);
    assert_string_equal(hamm_workload_name(wl), "t");
    gpu_kernel_source src;
    workload_source(wl, 0, &src);
    const gpu_kernel_info *k = src.info(src.self);
    assert_string_equal(k->name, "one");
    assert_int_equal(k->grid[0], 4);
    assert_int_equal(k->grid[1], 2);
    assert_int_equal(k->grid[2], 1);
    assert_int_equal(k->block[1], 16);
    assert_int_equal(k->regs_per_thread, 24);
    assert_int_equal(k->shared_per_cta, 4096);
    assert_int_equal(gpu_kernel_ctas(k), 8);
    assert_int_equal(gpu_kernel_warps_per_cta(k), 8);
    workload_source(wl, 1, &src);
    k = src.info(src.self);
    assert_string_equal(k->name, "two");
    assert_int_equal(gpu_kernel_ctas(k), 24);
    assert_int_equal(gpu_kernel_threads_per_cta(k), 64);
    assert_int_equal(k->regs_per_thread, 16); /* the default */
    assert_int_equal(k->shared_per_cta, 0);
    gpu_cta *c = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(src.open_cta(src.self, 24, &c, &err), HAMM_ERR_ARG);
    hamm_workload_free(wl);
}

static const char gather[] =
    HEAD "\"seed\": 7, \"arrays\": {\"t\": {\"base\": \"0x100000\", \"elem\": 4, \"count\": 4096}},"
    "\"kernels\": [{\"name\": \"g\", \"grid\": 4, \"block\": 64, \"body\": ["
    "  {\"loop\": \"i\", \"count\": 20, \"body\": ["
    "    {\"load\": \"t\", \"index\": {\"random\": \"uniform\", \"min\": 100, \"max\": 163}},"
    "    {\"load\": \"t\", \"index\": {\"random\": \"near\", \"center\": \"64 * i + tid.x\","
    "                                  \"spread\": 3}},"
    "    {\"load\": \"t\", \"index\": {\"random\": \"hot\", \"min\": 1000, \"max\": 3999,"
    "                                  \"hot\": 16, \"fraction\": 1}}]}]}]}";

/* Every warp's 60 addresses of CTA `cta`, warps visited in the order given. */
static void gather_stream(const hamm_workload *wl, uint64_t cta, const uint32_t order[2],
                          uint64_t out[2][60][32])
{
    gpu_kernel_source src;
    gpu_cta *c = rig_cta(wl, 0, cta, &src);
    gpu_inst in;
    for (int n = 0; n < 60; n++)
        for (int o = 0; o < 2; o++) {
            assert_int_equal(rig_next(&src, c, order[o], &in), 1);
            memcpy(out[order[o]][n], in.addr, sizeof in.addr);
        }
    src.close_cta(src.self, c);
}

/* Random indices stay in their range, do not depend on the order warps run in, and are
 * not all alike. */
static void random_gathers(void **state)
{
    (void)state;
    hamm_workload *wl = rig_load(gather);
    static uint64_t a[2][60][32], b[2][60][32];
    gather_stream(wl, 2, (const uint32_t[]){0, 1}, a);
    gather_stream(wl, 2, (const uint32_t[]){1, 0}, b);
    assert_memory_equal(a, b, sizeof a);
    int seen[64] = {0};
    for (int w = 0; w < 2; w++)
        for (int i = 0; i < 20; i++)
            for (int lane = 0; lane < 32; lane++) {
                uint64_t u = (a[w][3 * i][lane] - 0x100000) / 4;
                uint64_t nr = (a[w][3 * i + 1][lane] - 0x100000) / 4;
                uint64_t h = (a[w][3 * i + 2][lane] - 0x100000) / 4;
                int64_t center = 64 * i + 32 * w + lane;
                assert_in_range(u, 100, 163);
                seen[u - 100]++;
                assert_in_range((int64_t)nr - center + 3, 0, 6);
                assert_in_range(h, 1000, 1015); /* fraction 1: always the hot set */
            }
    for (int v = 0; v < 64; v++) /* 1280 draws over 64 values: each expected 20 times */
        assert_in_range(seen[v], 1, 60);
    uint64_t c[2][60][32];
    gather_stream(wl, 3, (const uint32_t[]){0, 1}, c);
    assert_memory_not_equal(a, c, sizeof a); /* another CTA, other threads, other draws */
    hamm_workload_free(wl);
}

/* Gathers through index arrays: the element depends on the position read alone (two
 * CTAs reading the same positions gather the same elements), within the contents' range. */
static void index_arrays(void **state)
{
    (void)state;
    hamm_workload *wl = rig_load(
        HEAD "\"arrays\": {\"x\": {\"base\": 0, \"elem\": 8, \"count\": 100},"
        "  \"col\": {\"base\": 4096, \"elem\": 4, \"count\": 64,"
        "           \"contents\": {\"random\": \"uniform\", \"min\": 10, \"max\": 19}},"
        "  \"band\": {\"base\": 8192, \"elem\": 4, \"count\": 64,"
        "           \"contents\": {\"random\": \"near\", \"spread\": 2, \"max\": 63}}},"
        "\"kernels\": [{\"name\": \"k\", \"grid\": 2, \"block\": 64, \"body\": ["
        "  {\"load\": \"col\", \"index\": \"tid.x\", \"dst\": \"j\"},"
        "  {\"load\": \"x\", \"index\": {\"gather\": \"col\", \"at\": \"tid.x\"}, \"src\": \"j\"},"
        "  {\"load\": \"x\", \"index\": {\"gather\": \"band\", \"at\": \"tid.x\"}}]}]}");
    gpu_kernel_source src;
    gpu_inst in[2][3];
    for (uint64_t cta = 0; cta < 2; cta++) {
        gpu_cta *c = rig_cta(wl, 0, cta, &src);
        for (int i = 0; i < 3; i++)
            assert_int_equal(rig_next(&src, c, 1, &in[cta][i]), 1);
        src.close_cta(src.self, c);
    }
    assert_int_equal(in[0][0].addr[0], 4096 + 4 * 32);
    assert_int_equal(in[0][1].src[0], 1);
    assert_memory_equal(in[0][1].addr, in[1][1].addr, sizeof in[0][1].addr);
    assert_memory_equal(in[0][2].addr, in[1][2].addr, sizeof in[0][2].addr);
    int distinct = 0;
    for (int lane = 0; lane < 32; lane++) {
        assert_in_range(in[0][1].addr[lane] / 8, 10, 19);
        int64_t p = 32 + lane, v = (int64_t)(in[0][2].addr[lane] / 8);
        assert_in_range(v - p + 2, 0, 4);
        distinct += lane && in[0][1].addr[lane] != in[0][1].addr[lane - 1];
    }
    assert_true(distinct > 10); /* not one element for every position */
    hamm_workload_free(wl);
}

/* A description read from its file names the file in its errors. */
static void open_file(void **state)
{
    (void)state;
    hamm_workload *wl = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_workload_open("/nonexistent/w.json", &wl, &err), HAMM_ERR_IO);
    assert_string_equal(err.source, "/nonexistent/w.json");
    assert_null(wl);
    hamm_workload_free(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(vecadd_stream),
        cmocka_unit_test(vecadd_registers),
        cmocka_unit_test(loops),
        cmocka_unit_test(partial_warp),
        cmocka_unit_test(cta_index),
        cmocka_unit_test(branches),
        cmocka_unit_test(shared),
        cmocka_unit_test(occupancy_and_sequence),
        cmocka_unit_test(random_gathers),
        cmocka_unit_test(index_arrays),
        cmocka_unit_test(open_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
