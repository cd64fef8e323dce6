/* gpu_model_carveout.c - a GPU model's allocation and unified L1/shared memory keys
 * (l1.allocate, l2.allocate, l1.unified_bytes, core.shared_carveouts): their checks
 * beyond their ranges, naming the file and the key, and the carveout they describe
 * (carveout.h; docs/GPU.md, "Unified L1 and shared memory"). */
#include <stdio.h>

#include "gpu_model.h"

#define FAIL(key, ...) hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(path), key, __VA_ARGS__)

/* Allocation on fill as GPGPU-Sim allows it (and cache_alloc.c requires it). */
static hamm_status check_alloc(const gpu_cache_model *c, const char *key, const char *path,
                               hamm_error *err)
{
    if (!c->sets || c->alloc == GPU_CACHE_ON_MISS ||
        (c->write_policy == GPU_WRITE_THROUGH && !c->write_allocate))
        return HAMM_OK;
    return FAIL(key, "allocation on fill needs write_policy write-through and write_allocate "
                     "0, as GPGPU-Sim's (a fill could not write a dirty victim back)");
}

/* Every carveout leaves the L1 a way at least, and the largest holds all the shared
 * memory a core gives its CTAs. */
static hamm_status check_options(const gpu_model *m, const gpu_carveout_params *cv,
                                 const char *path, hamm_error *err)
{
    uint32_t largest = cv->options[cv->count - 1];
    if (gpu_carveout_ways(cv, m->l1.sets, m->l1.line_bytes, largest) == 0)
        return FAIL("core.shared_carveouts",
                    "%u bytes of shared memory leave no way of the L1 in l1.unified_bytes "
                    "%u (%u sets of %u bytes)",
                    largest, m->l1.unified_bytes, m->l1.sets, m->l1.line_bytes);
    if (largest < m->core.shared_bytes)
        return FAIL("core.shared_carveouts",
                    "the largest carveout, %u bytes, is below core.shared_memory_bytes %u: a "
                    "core's CTAs could take more shared memory than the array gives",
                    largest, m->core.shared_bytes);
    return HAMM_OK;
}

static hamm_status check_unified(const gpu_model *m, const char *path, hamm_error *err)
{
    const gpu_cache_model *l1 = &m->l1;
    uint64_t set_bytes = (uint64_t)l1->sets * l1->line_bytes;
    if (!l1->sets)
        return FAIL("l1.unified_bytes", "needs an L1 (l1.sets)");
    if (l1->unified_bytes % set_bytes || l1->unified_bytes < set_bytes * l1->ways ||
        l1->unified_bytes / set_bytes > 65536)
        return FAIL("l1.unified_bytes",
                    "%u: a whole number of ways of the L1's %u sets of %u bytes, at least its "
                    "%u ways and at most 65536",
                    l1->unified_bytes, l1->sets, l1->line_bytes, l1->ways);
    if (l1->write_policy != GPU_WRITE_THROUGH)
        return FAIL("l1.write_policy", "a unified L1 is write-through: a way the carveout "
                                       "takes would drop dirty data");
    gpu_carveout_params cv = {.unified_bytes = l1->unified_bytes};
    hamm_error e = {0};
    if (!m->core.shared_carveouts[0] || gpu_carveout_parse(m->core.shared_carveouts, &cv, &e))
        return FAIL("core.shared_carveouts", "%s",
                    e.text[0] ? e.text : "l1.unified_bytes needs the carveouts it offers");
    return check_options(m, &cv, path, err);
}

hamm_status gpu_model_check_carveout(const gpu_model *m, const char *path, hamm_error *err)
{
    hamm_status st = check_alloc(&m->l1, "l1.allocate", path, err);
    st = st ? st : check_alloc(&m->l2, "l2.allocate", path, err);
    if (st)
        return st;
    if (m->l2.unified_bytes)
        return FAIL("l2.unified_bytes", "the L1's only (the L2 shares no array)");
    if (m->l1.unified_bytes)
        return check_unified(m, path, err);
    if (m->core.shared_carveouts[0])
        return FAIL("core.shared_carveouts", "needs l1.unified_bytes (the array they divide)");
    return HAMM_OK;
}

void gpu_model_carveout(const gpu_model *m, gpu_carveout_params *p)
{
    hamm_error e = {0};
    *p = (gpu_carveout_params){0};
    if (!m->l1.sets || !m->l1.unified_bytes ||
        gpu_carveout_parse(m->core.shared_carveouts, p, &e) != HAMM_OK)
        return;
    p->unified_bytes = m->l1.unified_bytes;
    p->streaming = m->l1.alloc == GPU_CACHE_STREAMING;
}
