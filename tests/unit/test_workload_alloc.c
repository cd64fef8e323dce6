/* test_workload_alloc.c - the allocation-failure sweep (alloc_sweep.h) over reading
 * kernel descriptions and streaming them: each run ends with exactly the stream of an
 * undisturbed run or a non-OK status with the error record filled in; every allocation
 * freed; no crash. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "alloc_sweep.h"
#include "hamm/workload.h"
#include "workload/source.h"

#define WORKLOADS HAMM_SOURCE_ROOT "/models/workloads/"

/* Stream every kernel's CTAs, CTA by CTA, into the digest. */
static hamm_status stream(const hamm_workload *wl, digest *d, hamm_error *err)
{
    for (size_t k = 0; k < hamm_workload_kernels(wl); k++) {
        gpu_kernel_source src;
        workload_source(wl, k, &src);
        const gpu_kernel_info *in = src.info(src.self);
        for (uint64_t cta = 0; cta < gpu_kernel_ctas(in); cta++) {
            gpu_cta *c = NULL;
            hamm_status st = src.open_cta(src.self, cta, &c, err);
            if (st != HAMM_OK)
                return st;
            for (uint32_t w = 0; st == HAMM_OK && w < gpu_kernel_warps_per_cta(in); w++) {
                gpu_inst i;
                int has = 1;
                while (st == HAMM_OK && (st = src.next(src.self, c, w, &i, &has, err)) == HAMM_OK &&
                       has) {
                    digest_u64(d, (uint64_t)i.op << 32 | i.active);
                    digest_bytes(d, i.addr, sizeof i.addr);
                }
            }
            src.close_cta(src.self, c);
            if (st != HAMM_OK)
                return st;
        }
    }
    return HAMM_OK;
}

static hamm_status op_open(const void *arg, digest *d, hamm_error *err)
{
    hamm_workload *wl = NULL;
    hamm_status st = hamm_workload_open((const char *)arg, &wl, err);
    if (st == HAMM_OK)
        st = stream(wl, d, err);
    hamm_workload_free(wl);
    return st;
}

/* A file that must fail to load: it fails the same way each run (its message is the
 * digest) or runs out of memory. */
static hamm_status op_bad(const void *arg, digest *d, hamm_error *err)
{
    const char *text = arg;
    hamm_workload *wl = NULL;
    hamm_error local;
    hamm_error_clear(&local);
    hamm_status st = hamm_workload_parse(text, strlen(text), "bad.json", &wl, &local);
    hamm_workload_free(wl);
    /* jansson reports some of its own allocation failures as syntax errors: only the
     * expected complaint counts as the result */
    if (st == HAMM_ERR_CONFIG && strcmp(local.field, "kernels[0].body[0].src") == 0) {
        digest_bytes(d, local.field, strlen(local.field));
        digest_bytes(d, local.text, strlen(local.text));
        return HAMM_OK;
    }
    if (err)
        *err = local;
    return st == HAMM_OK ? hamm_error_set(err, HAMM_ERR_ARG, "the bad file loaded") : st;
}

static void sweep_files(void **state)
{
    (void)state;
    need_interposition();
    sweep("red", op_open, WORKLOADS "red.json");
    sweep("mum", op_open, WORKLOADS "mum.json");
    sweep("a bad file", op_bad,
          "{\"format\": \"hamm-workload/1\", \"name\": \"t\", \"arrays\": "
          "{\"a\": {\"base\": 0, \"elem\": 4, \"count\": 8}}, \"kernels\": [{\"name\": \"k\","
          " \"grid\": 1, \"block\": 32, \"body\": [{\"alu\": 1, \"src\": \"nowhere\"}]}]}");
}

static int setup(void **state)
{
    (void)state;
    return sweep_prepare();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sweep_files),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
