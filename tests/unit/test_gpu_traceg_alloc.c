/* test_gpu_traceg_alloc.c - the allocation-failure sweep (alloc_sweep.h) over replaying an
 * Accel-Sim recording through the GPU engine's kernel source: the list, two kernels, every
 * CTA (two resident at a time) and every instruction.  Each run must end cleanly: the
 * undisturbed result, or a non-OK status with the error record filled in; every
 * allocation freed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "alloc_sweep.h"
#include "traceg_helpers.h"

static void digest_inst(digest *d, const gpu_inst *in)
{
    digest_u64(d, in->op);
    digest_u64(d, in->active);
    digest_u64(d, in->width);
    digest_u64(d, in->dst);
    for (int i = 0; i < GPU_MAX_SRC; i++)
        digest_u64(d, in->src[i]);
    digest_u64(d, in->pc);
    for (int i = 0; i < GPU_WARP_SIZE; i++)
        digest_u64(d, in->addr[i]);
}

static hamm_status replay_cta(gpu_kernel_source *s, gpu_cta *c, uint32_t warps, digest *d,
                              hamm_error *err)
{
    gpu_inst in;
    int has = 1;
    hamm_status st = HAMM_OK;
    for (uint32_t w = 0; st == HAMM_OK && w < warps; w++)
        while ((st = s->next(s->self, c, w, &in, &has, err)) == HAMM_OK && has)
            digest_inst(d, &in);
    return st;
}

static hamm_status replay(gpu_traceg *t, digest *d, hamm_error *err)
{
    gpu_kernel_source s = gpu_traceg_source(t);
    const gpu_kernel_info *k = s.info(s.self);
    gpu_cta *prev = NULL, *c = NULL;
    hamm_status st = HAMM_OK;
    for (uint64_t i = 0; st == HAMM_OK && i < gpu_kernel_ctas(k); i++) {
        if ((st = s.open_cta(s.self, i, &c, err)) == HAMM_OK)
            st = replay_cta(&s, c, gpu_kernel_warps_per_cta(k), d, err);
        s.close_cta(s.self, prev);
        prev = c;
        c = NULL;
    }
    s.close_cta(s.self, prev);
    return st;
}

static hamm_status op_replay(const void *arg, digest *d, hamm_error *err)
{
    (void)arg;
    gpu_traceg_list *l = NULL;
    hamm_status st = gpu_traceg_list_open(tg_dir, &l, err);
    for (size_t i = 0; st == HAMM_OK && i < gpu_traceg_list_count(l); i++) {
        gpu_traceg *t = NULL;
        if ((st = gpu_traceg_open(gpu_traceg_list_kernel(l, i), &t, err)) == HAMM_OK)
            st = replay(t, d, err);
        gpu_traceg_free(t);
    }
    gpu_traceg_list_free(l);
    return st;
}

static void replay_recording(void **state)
{
    (void)state;
    need_interposition();
    assert_true(sweep("replay traceg", op_replay, NULL) > 0);
}

static int setup(void **state)
{
    if (tg_setup(state) != 0)
        return -1;
    tg_write("kernel-1.traceg", tg_tiny_kernel());
    tg_write("kernel-2.traceg", tg_tiny_kernel());
    tg_write("kernelslist.g", "MemcpyHtoD,0x00007f0000001000,64\nkernel-1.traceg\n"
                              "kernel-2.traceg\n");
    return sweep_prepare();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(replay_recording),
    };
    return cmocka_run_group_tests(tests, setup, tg_teardown);
}
