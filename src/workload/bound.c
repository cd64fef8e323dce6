/* bound.c - how large a kernel description's recording can be, from its program alone:
 * each warp runs at most every instruction with each loop at the largest count its range
 * allows and each "if" taken, then its EXIT.  hamm export-traceg checks this before it
 * writes a line (a recording holds one line per warp instruction), so a few bytes of
 * description ("grid": 1e9) cannot fill the disk. */
#include <stdio.h>

#include "common/saturate.h"
#include "workload_internal.h"

/* The most instructions one warp of `k` runs, its EXIT included (saturating). */
static uint64_t warp_bound(const wl_kernel *k)
{
    uint64_t scale[EXPR_MAX_LOOPS + 1] = {1}, n = 1; /* the EXIT */
    size_t depth = 0;
    for (size_t i = 0; i < k->nprog; i++) {
        const wl_node *node = &k->prog[i];
        if (node->kind == WL_INST)
            n = saturate_add(n, saturate_mul(scale[depth], node->repeat));
        else if (node->kind == WL_LOOP && depth < EXPR_MAX_LOOPS) {
            uint64_t most = node->e.range.hi > 0 ? (uint64_t)node->e.range.hi : 0;
            scale[depth + 1] = saturate_mul(scale[depth], most);
            depth++;
        } else if (node->kind == WL_LOOP_END && depth > 0)
            depth--;
    }
    return n;
}

hamm_status workload_check_recording_size(const hamm_workload *wl, uint64_t most,
                                          hamm_error *err)
{
    uint64_t total = 0, worst = 0, worst_per_warp = 0;
    size_t worst_k = 0;
    for (size_t k = 0; k < wl->nkernels; k++) {
        const wl_kernel *kn = &wl->kernels[k];
        uint64_t per_warp = warp_bound(kn);
        uint64_t lines = saturate_mul(saturate_mul(kn->ctas, kn->warps), per_warp);
        total = saturate_add(total, lines);
        if (lines > worst || k == 0)
            worst = lines, worst_k = k, worst_per_warp = per_warp;
    }
    if (total <= most)
        return HAMM_OK;
    const wl_kernel *kn = &wl->kernels[worst_k];
    char count[32];
    snprintf(count, sizeof count, total == UINT64_MAX ? "more than 2^64" : "%llu",
             (unsigned long long)total);
    return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(wl->source), kn->path,
                         "the recording would hold up to %s warp instructions, one line each "
                         "(this kernel, '%s': %llu CTA%s x %u warp%s x up to %llu "
                         "instructions, its EXIT included), more than the %llu allowed "
                         "(export-traceg --max-instructions N raises the limit)",
                         count, kn->info.name, (unsigned long long)kn->ctas,
                         kn->ctas == 1 ? "" : "s", kn->warps, kn->warps == 1 ? "" : "s",
                         (unsigned long long)worst_per_warp, (unsigned long long)most);
}
