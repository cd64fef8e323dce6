/* l1bank.c - a warp's L1 accesses over the banks of a banked L1 (l1bank.h): each
 * access's bank set from the banked library's module function, then the passes. */
#include "l1bank.h"

uint64_t gpu_l1bank_mask(const gpu_l1bank_params *p, const gpu_transaction *t)
{
    /* The bytes an access carries are the sectors it names of its aligned 128-byte
     * block (both coalescing rules say so); a bank word narrower than a sector puts
     * one sector on several banks. */
    uint64_t block = t->addr & ~(uint64_t)(GPU_LINE_BYTES - 1), mask = 0;
    uint32_t step = p->bank_bytes < GPU_SECTOR_BYTES ? p->bank_bytes : GPU_SECTOR_BYTES;
    uint64_t last_word = UINT64_MAX;
    for (uint32_t s = 0; s < GPU_LINE_BYTES / GPU_SECTOR_BYTES; s++) {
        if (!(t->sectors >> s & 1))
            continue;
        for (uint32_t off = 0; off < GPU_SECTOR_BYTES; off += step) {
            uint64_t word = (block + s * GPU_SECTOR_BYTES + off) / p->bank_bytes;
            if (word == last_word)
                continue; /* a wide bank word holds several sectors */
            last_word = word;
            mask |= (uint64_t)1 << hamm_banked_locate(&p->scheme, word).module;
        }
    }
    return mask;
}

void gpu_l1bank_plan_of(const gpu_l1bank_params *p, const gpu_transaction *tr, uint32_t n,
                        gpu_l1bank_plan *out)
{
    uint32_t served[GPU_L1BANK_MAX_MODULES] = {0};
    out->degree = 0;
    out->touches = 0;
    for (uint32_t k = 0; k < n; k++) {
        uint64_t mask = gpu_l1bank_mask(p, &tr[k]);
        uint32_t pass = 0;
        for (uint64_t m = mask; m; m &= m - 1) {
            uint32_t b = (uint32_t)__builtin_ctzll(m);
            pass = served[b] > pass ? served[b] : pass;
        }
        for (uint64_t m = mask; m; m &= m - 1) {
            uint32_t b = (uint32_t)__builtin_ctzll(m);
            served[b]++;
            out->degree = served[b] > out->degree ? served[b] : out->degree;
            out->touches++;
        }
        out->pass[k] = (uint8_t)pass;
    }
}

uint32_t gpu_l1bank_conflict_cycles(const gpu_l1bank_params *p, const gpu_l1bank_plan *plan)
{
    uint32_t m = p->scheme.modules ? p->scheme.modules : 1;
    uint32_t least = (plan->touches + m - 1) / m;
    return plan->degree > least ? plan->degree - least : 0;
}
