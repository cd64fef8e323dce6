/* hamm/mwp_counts.h - an MWP/CWP kernel's counts (hamm/mwp.h) derived from a workload: a
 * kernel description (hamm/workload.h) or an Accel-Sim recording streamed warp by warp
 * through the coalescer of the machine's rule (docs/MWP.md, "Counts from a workload"). */
#ifndef HAMM_MWP_COUNTS_H
#define HAMM_MWP_COUNTS_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/error.h"
#include "hamm/export.h"
#include "hamm/mwp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the counts came from, and the totals over every warp of every CTA streamed. */
typedef struct hamm_mwp_derived {
    int recording;          /* 1: an Accel-Sim recording; 0: a kernel description */
    size_t kernel_index;    /* the kernel taken, of `kernels` */
    size_t kernels;
    char kernel_name[128];
    hamm_mwp_coalescing coalescing;
    uint32_t memory_line_bytes; /* the machine's (0: none) */
    uint32_t shared_banks;      /* the machine's (0: none) */
    uint64_t ctas, warps;   /* streamed: all of the grid's */
    uint64_t alu, sfu, shared; /* warp instructions of each class */
    uint64_t loads, stores;    /* global memory warp instructions */
    uint64_t coalesced, uncoalesced;
    uint64_t transactions;     /* the coalescer's, over every global instruction */
    uint64_t uncoal_transactions; /* of the uncoalesced instructions alone */
    uint64_t bytes;            /* bytes those transactions move (sectors used, under the
                                  sector rule) */
    uint64_t memory_bytes;     /* the same as the memory moves them: each transaction
                                  rounded up to whole lines of the machine's
                                  memory_line_bytes (= bytes when it has none) */
    uint64_t barriers;
    uint64_t load_waits;       /* instructions that wait for a global load's register
                                  still in flight (a scoreboard per warp; loads return
                                  in order), and warps ending with loads in flight: the
                                  memory periods of the queueing variant */
    uint64_t barrier_waits;    /* of those, the waits after which the warp passes a
                                  barrier before its next wait: periods whose computation
                                  the CTA's warps do together */
    double issue_cycles;       /* the schedulers' cycles of every instruction (the
                                  machine's issue costs), and of those in the periods
                                  barrier_waits counts (from the wait to the next) */
    double barrier_issue_cycles;
    uint64_t merged_loads;     /* load transactions of a block the same CTA already
                                  asked for in the same memory period (a warp's
                                  period: its waits so far): merged in flight */
    uint64_t merged_bytes;     /* their memory_bytes */
    uint64_t merge_waits;      /* load transactions that found the request for their block
                                  serving the machine's max_merge loads already: each
                                  waits for it to return, then sends its own */
    uint32_t channels;         /* the machine's, for the channel skew (0: not counted) */
    uint64_t skew_busiest;     /* over each memory period of each round of resident CTAs,
                                  the requests (transactions not merged) of its busiest
                                  DRAM channel (the machine's channel_bytes interleave) */
    uint64_t skew_requests;    /* and all of them */
    uint32_t flit_bytes, ctrl_bytes; /* the machine's crossbar (flit 0: not counted) */
    uint64_t request_flits, reply_flits; /* crossbar flits of the requests not merged
                                  (a read its header, a write its data too) and of their
                                  replies (a read's data, a write's acknowledgement) */
    uint64_t inlet_cycles;     /* over each memory period of each round, the crossbar
                                  cycles its inlets take to let in the requests the SMs
                                  queue in step (mwp_inlet.h) */
    uint64_t inlet_least_cycles; /* and the fewest any schedule could take */
    int store_tail;            /* a warp issued a store after its last wait for memory
                                  (and ended with no load in flight) */
    uint64_t shared_passes;    /* the load/store unit's passes over the shared-memory
                                  instructions: each its bank-conflict degree under the
                                  machine's shared_banks (1 each without) */
} hamm_mwp_derived;

/* Stream kernel `kernel` of the workload at `path` (NULL: the first; a number: that
 * index; else a kernel name) through the coalescer of m->coalescing and fill k with its
 * counts per warp (k->active_blocks_per_sm 0: from the kernel's registers and shared
 * memory) and d with the totals.  Errors name the file; a kernel without global memory
 * instructions is left for hamm_mwp_predict to refuse. */
HAMM_API hamm_status hamm_mwp_derive(const char *path, const char *kernel,
                                     const hamm_mwp_machine *m, hamm_mwp_kernel *k,
                                     hamm_mwp_derived *d, hamm_error *err);

#ifdef __cplusplus
}
#endif

#endif
