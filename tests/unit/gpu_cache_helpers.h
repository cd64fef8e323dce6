/* gpu_cache_helpers.h - what the GPU cache's tests share: making a cache that must
 * build, and serving every request it queued for the level below (fetches answered at
 * once, writes taken). */
#ifndef HAMM_TEST_GPU_CACHE_HELPERS_H
#define HAMM_TEST_GPU_CACHE_HELPERS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gpu/cache.h"

static inline gpu_cache *make(gpu_cache_params p)
{
    gpu_cache *c = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_cache_new(&c, &p, &err), HAMM_OK);
    return c;
}

static inline void serve_all(gpu_cache *c)
{
    gpu_mem_req r;
    uint32_t ids[8];
    while (gpu_cache_miss_peek(c, &r)) {
        gpu_cache_miss_pop(c);
        if (!r.write)
            gpu_cache_fill(c, r.addr, ids, 8);
    }
}

#endif
