/* test_workload_bundled.c - every kernel description in models/workloads/ loads and
 * streams to its end without an error; its warp-instruction count stays small enough
 * for a GPU simulation in seconds; a few counts checked against hand derivations. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "workload_rig.h"

typedef struct tally {
    uint64_t insts;            /* warp instructions */
    uint64_t by_op[GPU_OP_EXIT + 1];
    uint64_t lanes;            /* thread instructions (active lanes) */
} tally;

static void dir_path(char *buf, size_t size, const char *name)
{
    const char *root = getenv("HAMM_SOURCE_ROOT");
    snprintf(buf, size, "%s/models/workloads/%s", root ? root : HAMM_SOURCE_ROOT, name);
}

/* Stream every warp of every CTA of every kernel to its end. */
static void stream_all(const char *file, tally *t)
{
    char path[4096];
    dir_path(path, sizeof path, file);
    hamm_workload *wl = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    char msg[600];
    if (hamm_workload_open(path, &wl, &err) != HAMM_OK) {
        hamm_error_format(&err, msg, sizeof msg);
        fail_msg("%s", msg);
    }
    memset(t, 0, sizeof *t);
    for (size_t k = 0; k < hamm_workload_kernels(wl); k++) {
        gpu_kernel_source src;
        workload_source(wl, k, &src);
        const gpu_kernel_info *in = src.info(src.self);
        for (uint64_t cta = 0; cta < gpu_kernel_ctas(in); cta++) {
            gpu_cta *c = rig_cta(wl, k, cta, &src);
            for (uint32_t w = 0; w < gpu_kernel_warps_per_cta(in); w++) {
                gpu_inst i;
                while (rig_next(&src, c, w, &i)) {
                    t->insts++;
                    t->by_op[i.op]++;
                    t->lanes += (uint64_t)__builtin_popcount(i.active);
                    assert_true(i.active != 0);
                }
            }
            src.close_cta(src.self, c);
        }
    }
    hamm_workload_free(wl);
}

static int is_json(const char *name)
{
    size_t n = strlen(name);
    return n > 5 && strcmp(name + n - 5, ".json") == 0;
}

static void every_file_streams(void **state)
{
    (void)state;
    char path[4096];
    dir_path(path, sizeof path, "");
    DIR *d = opendir(path);
    assert_non_null(d);
    int files = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!is_json(e->d_name))
            continue;
        tally t;
        stream_all(e->d_name, &t);
        print_message("%-24s %7llu warp instructions, %5.1f%% memory\n", e->d_name,
                      (unsigned long long)t.insts,
                      100.0 * (double)(t.by_op[GPU_OP_LOAD] + t.by_op[GPU_OP_STORE]) /
                          (double)t.insts);
        assert_in_range(t.insts, 500, 100000);
        assert_true(t.by_op[GPU_OP_LOAD] > 0);
        files++;
    }
    closedir(d);
    assert_int_equal(files, 14 + 7 + 3); /* the paper's 14, mwp-compute-*, 3 others */
}

/* The paper's Table 3, one analog each. */
static void the_fourteen(void **state)
{
    (void)state;
    static const char *const names[] = {"bs", "fwt", "dg", "lps", "lib", "mmc", "mum",
                                        "nn", "ray", "red", "sp", "sla", "tra", "wp"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char file[64], path[4096];
        snprintf(file, sizeof file, "%s.json", names[i]);
        dir_path(path, sizeof path, file);
        hamm_workload *wl = NULL;
        hamm_error err;
        hamm_error_clear(&err);
        assert_int_equal(hamm_workload_open(path, &wl, &err), HAMM_OK);
        assert_string_equal(hamm_workload_name(wl), names[i]);
        hamm_workload_free(wl);
    }
}

/* Counts by hand from the files. */
static void hand_counts(void **state)
{
    (void)state;
    tally t;
    /* 16 CTAs x 8 warps x (16384 / 4096 = 4 iterations) x (load + store) */
    stream_all("stream-copy.json", &t);
    assert_int_equal(t.insts, 16 * 8 * 4 * 2);
    assert_int_equal(t.by_op[GPU_OP_LOAD], 512);
    assert_int_equal(t.lanes, 32 * 1024);
    /* 30 CTAs x 8 warps x 8 iterations x (1 load + 4 ALU) */
    stream_all("mwp-compute-4.json", &t);
    assert_int_equal(t.insts, 30 * 8 * 8 * 5);
    assert_int_equal(t.by_op[GPU_OP_ALU], 30 * 8 * 8 * 4);
    /* 32 CTAs x 4 warps x 2 options x (3 loads, 2 + 1 + 2 + 1 SFU, 8 + 12 + 6 ALU,
     * 2 stores) = 128 x 2 x 37 */
    stream_all("bs.json", &t);
    assert_int_equal(t.insts, 128 * 2 * 37);
    assert_int_equal(t.by_op[GPU_OP_SFU], 128 * 2 * 6);
    /* The transpose: 256 CTAs of 8 warps; naive 2 instructions, tiled 5 */
    stream_all("tra.json", &t);
    assert_int_equal(t.insts, 256 * 8 * (2 + 5));
    assert_int_equal(t.by_op[GPU_OP_BARRIER], 256 * 8);
    /* NN's layer 2: CTAs of 5 x 5 threads, one warp of 25 lanes; layers 3 and 4 one lane */
    stream_all("nn.json", &t);
    uint64_t l1 = 12 * 6 * (25 * 3 + 2), l2 = 100 * (150 * 3 + 2), l3 = 20 * (312 * 3 + 2),
             l4 = 20 * (10 * 3 + 2);
    assert_int_equal(t.insts, l1 + l2 + l3 + l4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_file_streams),
        cmocka_unit_test(the_fourteen),
        cmocka_unit_test(hand_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
