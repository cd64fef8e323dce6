/* gpu_script.c - the scripted kernel source of gpu_script.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "gpu_script.h"

struct gpu_cta {
    uint64_t id;
};

static const gpu_kernel_info *s_info(void *self)
{
    return &((script *)self)->info;
}

static hamm_status s_open(void *self, uint64_t cta, gpu_cta **out, hamm_error *err)
{
    (void)err;
    script *s = self;
    assert_int_equal(cta, s->opened++); /* CTAs are asked for in order */
    assert_true(cta < 256);
    *out = malloc(sizeof **out);
    (*out)->id = cta;
    return HAMM_OK;
}

static hamm_status s_next(void *self, gpu_cta *cta, uint32_t wi, gpu_inst *out, int *has,
                          hamm_error *err)
{
    (void)err;
    script *s = self;
    uint32_t *pc = &s->pc[cta->id][wi];
    *has = *pc < s->len;
    if (!*has)
        return HAMM_OK;
    *out = s->prog[*pc];
    for (uint32_t l = 0; l < GPU_WARP_SIZE && s->addr; l++)
        out->addr[l] = s->addr(cta->id, wi, l, *pc);
    (*pc)++;
    return HAMM_OK;
}

static void s_close(void *self, gpu_cta *cta)
{
    (void)self;
    free(cta);
}

gpu_kernel_source script_source(script *s)
{
    return (gpu_kernel_source){s, s_info, s_open, s_next, s_close, NULL};
}

script script_make(uint32_t threads, const gpu_inst *prog, uint32_t len, addr_fn a)
{
    script s = {.info = {.name = "t", .grid = {1, 1, 1}, .block = {threads, 1, 1},
                         .regs_per_thread = 16},
                .prog = prog, .len = len, .addr = a};
    return s;
}
