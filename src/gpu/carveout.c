/* carveout.c - the unified L1 / shared memory carveout (carveout.h) and its application
 * to every core's L1 at a kernel's launch. */
#include <errno.h>
#include <stdlib.h>

#include "gpu_internal.h"

static int ascending(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

hamm_status gpu_carveout_parse(const char *text, gpu_carveout_params *p, hamm_error *err)
{
    p->count = 0;
    for (const char *at = text;;) {
        char *end;
        errno = 0;
        unsigned long v = *at >= '0' && *at <= '9' ? strtoul(at, &end, 10) : 0;
        if (!(*at >= '0' && *at <= '9') || errno || v > UINT32_MAX || (*end && *end != ','))
            return hamm_error_field(err, HAMM_ERR_CONFIG, "shared_carveouts",
                                    "'%s': expected shared-memory sizes in bytes, separated "
                                    "by commas", text);
        if (p->count == GPU_CARVEOUT_MAX)
            return hamm_error_field(err, HAMM_ERR_CONFIG, "shared_carveouts",
                                    "'%s': at most %u carveouts", text, GPU_CARVEOUT_MAX);
        p->options[p->count++] = (uint32_t)v;
        if (!*end)
            break;
        at = end + 1;
    }
    qsort(p->options, p->count, sizeof p->options[0], ascending);
    return HAMM_OK;
}

static uint32_t at_most(uint32_t n, uint64_t limit)
{
    return limit < n ? (uint32_t)limit : n;
}

uint32_t gpu_carveout_ctas(const gpu_core_params *p, const gpu_kernel_info *k, uint32_t cores)
{
    uint32_t threads = gpu_kernel_warps_per_cta(k) * GPU_WARP_SIZE;
    uint64_t regs = (uint64_t)k->regs_per_thread * threads;
    uint32_t n = at_most(p->max_ctas, p->max_threads / threads);
    if (regs)
        n = at_most(n, p->registers / regs);
    if (k->shared_per_cta)
        n = at_most(n, p->shared_bytes / k->shared_per_cta);
    uint64_t ctas = gpu_kernel_ctas(k);
    if (ctas < (uint64_t)n * cores) /* a small grid: its CTAs spread over the cores */
        n = (uint32_t)((ctas + cores - 1) / cores);
    return n;
}

uint32_t gpu_carveout_pick(const gpu_carveout_params *p, uint64_t shared)
{
    for (uint32_t i = 0; i < p->count; i++)
        if (p->options[i] >= shared)
            return p->options[i];
    return p->count ? p->options[p->count - 1] : 0;
}

uint32_t gpu_carveout_ways(const gpu_carveout_params *p, uint32_t sets, uint32_t line_bytes,
                           uint32_t carveout)
{
    uint64_t set_bytes = (uint64_t)sets * line_bytes;
    uint64_t l1 = carveout < p->unified_bytes ? p->unified_bytes - carveout : 0;
    return (uint32_t)((2 * l1 + set_bytes) / (2 * set_bytes));
}

void gpu_carveout_l1(const gpu_carveout_params *cv, const gpu_core_params *p,
                     const gpu_kernel_info *k, uint32_t cores, uint32_t *ways,
                     gpu_alloc_policy *alloc)
{
    uint64_t shared = (uint64_t)k->shared_per_cta * gpu_carveout_ctas(p, k, cores);
    *ways = gpu_carveout_ways(cv, p->l1.sets, p->l1.line_bytes, gpu_carveout_pick(cv, shared));
    *alloc = cv->streaming && shared == 0 ? GPU_ALLOC_ON_MISS : p->l1.alloc;
}

void gpu_carveout_kernel(gpu *g, const gpu_kernel_info *k)
{
    if (!g->p.carveout.unified_bytes || !g->p.core.has_l1)
        return;
    uint32_t ways;
    gpu_alloc_policy alloc;
    gpu_carveout_l1(&g->p.carveout, &g->p.core, k, g->p.cores, &ways, &alloc);
    for (uint32_t i = 0; i < g->p.cores; i++)
        gpu_core_l1_shape(g->core[i], ways, alloc);
}
