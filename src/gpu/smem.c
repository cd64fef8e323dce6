/* smem.c - a shared-memory access's bank-conflict degree under the scheme of the GPU
 * model's core.shared_scheme: each distinct word's (module, line) from the banked
 * library's module function, the degree the most distinct lines one module delivers
 * (Gou's thesis, Section 2.1; docs/BANKED.md).  Words are 4 bytes. */
#include "core_internal.h"

uint32_t smem_degree(const gpu_core *c, const gpu_inst *in)
{
    hamm_banked_place seen[GPU_WARP_SIZE];
    uint32_t n = 0, degree = 1;
    for (uint32_t i = 0; i < GPU_WARP_SIZE; i++) {
        if (!(in->active >> i & 1))
            continue;
        hamm_banked_place p = hamm_banked_locate(&c->p.smem.scheme, in->addr[i] / 4);
        uint32_t same_module = 1, dup = 0;
        for (uint32_t j = 0; j < n && !dup; j++) {
            dup = seen[j].module == p.module && seen[j].line == p.line;
            same_module += seen[j].module == p.module;
        }
        if (dup)
            continue; /* the module delivers that line once (a broadcast) */
        seen[n++] = p;
        degree = same_module > degree ? same_module : degree;
    }
    return degree;
}
