/* l1bank.h - the banked L1 data cache (docs/SMEM.md, "L1 banks"): the banks each of a
 * warp's coalesced L1 accesses needs under a module function of the banked library
 * (hamm/banked.h), the pass each access goes in, and the warp access' conflict degree.
 *
 * A bank delivers, per cycle, its part of one access (one line, or a segment of it,
 * with its sectors); an access whose bytes span several banks needs each of them in the
 * same pass.  The degree is the most accesses any one bank must serve; an access goes in
 * pass k, k the most accesses ahead of it in any one of its banks, so the warp's L1
 * access takes exactly `degree` passes (with one bank: one access a pass, the unbanked
 * L1's pace).  Where accesses' bank sets overlap in part (partial lines over narrow
 * banks), a pass may then hold two accesses of one bank: the degree, the least any
 * schedule needs, is the cost, as the shared memory's is. */
#ifndef HAMM_GPU_L1BANK_H
#define HAMM_GPU_L1BANK_H

#include <stdint.h>

#include "coalescer.h"
#include "hamm/banked.h"

#define GPU_L1BANK_MAX_MODULES 64u /* a bank set is one 64-bit mask */

typedef struct gpu_l1bank_params {
    uint32_t banks;            /* 0 or 1: not banked (the L1 takes one access a cycle) */
    uint32_t bank_bytes;       /* consecutive bytes in one bank: the interleave */
    hamm_banked_scheme scheme; /* word a = byte address / bank_bytes goes to module(a) */
} gpu_l1bank_params;

typedef struct gpu_l1bank_plan {
    uint32_t degree;                    /* passes: the most accesses one bank serves */
    uint32_t touches;                   /* (access, bank) pairs */
    uint8_t pass[GPU_MAX_TRANSACTIONS]; /* access k goes in pass[k] < degree */
} gpu_l1bank_plan;

/* The banks access t needs: bit m for module m (p->scheme.modules <= 64). */
uint64_t gpu_l1bank_mask(const gpu_l1bank_params *p, const gpu_transaction *t);
/* The passes of n accesses (n <= GPU_MAX_TRANSACTIONS) in their order. */
void gpu_l1bank_plan_of(const gpu_l1bank_params *p, const gpu_transaction *tr, uint32_t n,
                        gpu_l1bank_plan *out);
/* Passes the plan takes beyond the least its bank touches need (every module busy each
 * pass): the cycles its conflicts cost. */
uint32_t gpu_l1bank_conflict_cycles(const gpu_l1bank_params *p, const gpu_l1bank_plan *plan);

#endif
