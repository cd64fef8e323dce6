/* workload_rig.h - what the workload tests share: loading a description from text, and
 * walking a kernel's CTAs and warps through its kernel source. */
#ifndef HAMM_TEST_WORKLOAD_RIG_H
#define HAMM_TEST_WORKLOAD_RIG_H

#include <string.h>

#include "hamm/workload.h"
#include "workload/source.h"

/* Parse `text`, failing the test (with the message) when it does not load. */
static inline hamm_workload *rig_load(const char *text)
{
    hamm_workload *wl = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_status st = hamm_workload_parse(text, strlen(text), "test.json", &wl, &err);
    if (st != HAMM_OK) {
        char msg[512];
        hamm_error_format(&err, msg, sizeof msg);
        fail_msg("does not load: %s", msg);
    }
    return wl;
}

/* Kernel k's source and CTA `cta` opened. */
static inline gpu_cta *rig_cta(const hamm_workload *wl, size_t k, uint64_t cta,
                               gpu_kernel_source *src)
{
    workload_source(wl, k, src);
    gpu_cta *c = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(src->open_cta(src->self, cta, &c, &err), HAMM_OK);
    assert_non_null(c);
    return c;
}

/* Warp w's next instruction; returns has. */
static inline int rig_next(gpu_kernel_source *src, gpu_cta *c, uint32_t w, gpu_inst *in)
{
    hamm_error err;
    hamm_error_clear(&err);
    int has = -1;
    hamm_status st = src->next(src->self, c, w, in, &has, &err);
    if (st != HAMM_OK) {
        char msg[512];
        hamm_error_format(&err, msg, sizeof msg);
        fail_msg("next fails: %s", msg);
    }
    return has;
}

#endif
