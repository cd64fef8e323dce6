/* hamm/mwp.h - the MWP/CWP kernel execution-time model of Hong & Kim (ISCA 2009), with
 * the published variants and this project's combined form (the DRAM sustaining a fraction
 * E of its peak bandwidth).  The equations are in docs/MWP.md. */
#ifndef HAMM_MWP_H
#define HAMM_MWP_H

#include <stdint.h>

#include "hamm/error.h"
#include "hamm/export.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HAMM_MWP_MACHINE_SCHEMA "hamm-mwp-machine/1"
#define HAMM_MWP_KERNEL_SCHEMA "hamm-mwp-kernel/1"
#define HAMM_MWP_WARP_SIZE 32u

/* How the GPU coalesces a warp's accesses, for counts derived from a workload
 * (hamm/mwp_counts.h): the rules of src/gpu/coalescer.h. */
typedef enum hamm_mwp_coalescing {
    HAMM_MWP_COAL_SEGMENTS, /* compute 1.x: 32/64/128-byte segments per half-warp */
    HAMM_MWP_COAL_SECTORS,  /* compute 2.0+: 128-byte lines (32-byte sectors) per warp */
    HAMM_MWP_COAL_COUNT
} hamm_mwp_coalescing;

/* A GPU as the model sees it.  Cycles are core cycles. */
typedef struct hamm_mwp_machine {
    char name[128];
    uint32_t sms;                 /* #Active_SMs */
    double freq_ghz;              /* Freq: core clock */
    double mem_bandwidth_gbps;    /* Mem_Bandwidth: peak DRAM bandwidth */
    double mem_ld_cycles;         /* Mem_LD: base DRAM access latency */
    double departure_del_coal;    /* spacing of consecutive coalesced memory warps */
    double departure_del_uncoal;  /* spacing of the transactions of uncoalesced ones */
    double issue_cycles;          /* Issue_cycles: one warp instruction */
    /* occupancy limits per SM, for kernels that give their resource use */
    uint32_t max_threads_per_sm, max_blocks_per_sm, registers_per_sm, shared_per_sm;
    unsigned coalescing;          /* hamm_mwp_coalescing; file key absent: segments */
    char system[128];             /* the hamm system model of this GPU's memory, for E
                                     from a trace (hamm mwp --trace); "": none named */
    /* bytes the memory moves for a transaction that misses the caches (an L2 line fetched
     * whole), for counts derived from a workload; 0 (key absent): the transaction's own
     * bytes (segments, or the sectors used) */
    uint32_t memory_line_bytes;
    /* The SM's pipelines, for the issue bound (hamm's variant; keys absent: 0): cycles an
     * SM's schedulers take to issue an SFU and a memory (global or shared) warp
     * instruction (0: issue_cycles), and its shared-memory banks (0: a shared access is
     * one pass of the load/store unit, whatever its addresses). */
    double sfu_issue_cycles, mem_issue_cycles;
    uint32_t shared_banks;
    /* The DRAM's channels (key absent: 0, one server of the whole bandwidth), for the
     * queueing variant: a request is served by one channel at 1/channels of it. */
    uint32_t channels;
    /* Write_L (key absent: 0, no tail), for the queueing variant: a store's trip from the
     * SM until the DRAM has written it, through an idle GPU; a kernel whose warps end
     * with stores ends that long after its last warp (docs/MWP.md, "The store tail"). */
    double write_l_cycles;
    /* The bytes of one channel's chunk in the address map (key absent: 0), for counts
     * derived from a workload: consecutive chunks go to consecutive channels, address /
     * channel_bytes mod channels (docs/MWP.md, "Channel skew"). */
    uint32_t channel_bytes;
    /* The crossbar between the SMs and the memory partitions (keys absent: 0, not
     * modelled), for the queueing variant: its flit, a packet's header, the flits a port
     * moves a cycle and its clock (0: the core's) (docs/MWP.md, "The crossbar"). */
    uint32_t icnt_flit_bytes, icnt_ctrl_bytes;
    double icnt_flits_per_cycle, icnt_freq_ghz;
    /* The loads one read request in flight serves (the core's in-flight table, or an L1
     * MSHR entry; key absent: 0, no limit), for counts derived from a workload: a later
     * load of the block waits until the request returns, and holds up the SM's load/store
     * unit meanwhile (docs/MWP.md, "The merge limit"). */
    uint32_t max_merge;
} hamm_mwp_machine;

/* A kernel as counts: instructions per thread (= per warp), dynamic. */
typedef struct hamm_mwp_kernel {
    char name[128];
    double comp_insts, coal_mem_insts, uncoal_mem_insts, synch_insts;
    double uncoal_per_mw;         /* transactions per uncoalesced memory warp instruction */
    double load_bytes_per_warp;   /* bytes one memory warp instruction loads */
    uint32_t threads_per_block, blocks;
    uint32_t active_blocks_per_sm; /* 0: computed from the resources below */
    uint32_t regs_per_thread, shared_per_block; /* bytes; 0: none used */
    /* For the issue bound (optional keys, 0 when absent): of comp_insts, those on the SFU
     * and those on shared memory, per warp; and the cycles a warp keeps the SM's
     * load/store unit busy (one a global transaction, one a shared bank-conflict pass). */
    double sfu_insts, shared_insts, lsu_cycles;
    /* For the queueing variant (optional key, 0 when absent): the times per warp a warp
     * waits for memory (an instruction using a global load's register still in flight; a
     * store does not stall it, independent loads wait together); 0: once for every
     * memory instruction, as Hong & Kim count them. */
    double mem_waits;
    /* For the queueing variant (optional, 0 when absent): of the bytes a warp's memory
     * instructions move (load_bytes_per_warp x their number), those of loads that merge
     * with a request already in flight (docs/MWP.md, "Merged requests"). */
    double merged_load_bytes;
    /* For the queueing variant (optional, 0 when absent): 1 when warps end with stores
     * issued after their last wait for memory (the kernel ends when they are written). */
    double store_tail;
    /* For the queueing variant (optional, 0 when absent): the busiest DRAM channel's share
     * of the requests a period's resident warps send together, times the channels (1:
     * spread evenly; docs/MWP.md, "Channel skew"). */
    double channel_skew;
    /* For the queueing variant with a crossbar (optional, 0 when absent): the flits a
     * warp's requests and their replies take on the crossbar, and how much the inlets
     * serialise the requests the SMs send in step (the in-step schedule's cycles over
     * the fewest any schedule could take: 1 to the channels; docs/MWP.md, "The
     * crossbar"). */
    double request_flits, reply_flits, inlet_skew;
    /* For the queueing variant (optional, 0 when absent): of mem_waits, those after which
     * the warp passes a barrier before its next wait.  In those periods the CTA's warps
     * compute together after all their loads are back, so a CTA's memory and computation
     * do not overlap (docs/MWP.md, "Barriers"). */
    double barrier_waits;
    /* The share of a warp's issue cycles spent in those periods (0 to 1; 0 when absent:
     * each period's alike). */
    double barrier_issue_share;
} hamm_mwp_kernel;

/* Rounding, as public implementations differ. */
typedef enum hamm_mwp_rounding {
    HAMM_MWP_ROUND_NONE,  /* the equations as written (default) */
    HAMM_MWP_ROUND_PAPER, /* MWP and CWP to two decimals, as the paper's worked example */
    HAMM_MWP_ROUND_CEIL,  /* MWP_Without_BW_full, CWP_full and #Rep up to integers */
    HAMM_MWP_ROUND_COUNT
} hamm_mwp_rounding;

/* The warps one synchronisation waits for in Synch_cost. */
typedef enum hamm_mwp_synch {
    HAMM_MWP_SYNCH_N,     /* MWP - 1, MWP bounded by N (default) */
    HAMM_MWP_SYNCH_BLOCK, /* MIN(MWP, warps per block) - 1 */
    HAMM_MWP_SYNCH_COUNT
} hamm_mwp_synch;

typedef struct hamm_mwp_options {
    hamm_mwp_rounding rounding;
    hamm_mwp_synch synch;
    double dram_efficiency; /* E in (0, 1]: the DRAM sustains Mem_Bandwidth * E */
    /* 1: this project's issue-time bound (not Hong & Kim's, docs/MWP.md "Variants"): Exec
     * is at least Mem_L + the warps of the busiest SM x what one warp takes of the SM's
     * schedulers (each instruction at its class's issue cycles) or of its load/store unit,
     * whichever is more, whatever the case; 0 (default): the paper's equations alone. */
    int issue_bound;
    /* 1: this project's queueing variant (docs/MWP.md, "Queueing"): the warps resident at
     * once form a closed queueing network (a fixed latency Mem_L, the DRAM at
     * Mem_Bandwidth x E, each SM's issue), solved by mean-value analysis, whose cycle time
     * per memory period replaces the case equations' Exec; 0 (default): Hong & Kim's. */
    int queueing;
} hamm_mwp_options;

/* Which of the three execution-time equations applies. */
typedef enum hamm_mwp_case {
    HAMM_MWP_CASE_FEW_WARPS, /* MWP == N and CWP == N */
    HAMM_MWP_CASE_MEMORY,    /* CWP >= MWP or Comp_cycles > Mem_cycles */
    HAMM_MWP_CASE_COMPUTE,   /* MWP > CWP */
    HAMM_MWP_CASE_COUNT
} hamm_mwp_case;

/* What bounds the kernel's time. */
typedef enum hamm_mwp_limiter {
    HAMM_MWP_LIMIT_WARPS,     /* too few warps to hide latency */
    HAMM_MWP_LIMIT_LATENCY,   /* memory latency: MWP = Mem_L / Departure_delay < N */
    HAMM_MWP_LIMIT_BANDWIDTH, /* memory bandwidth: MWP = MWP_peak_BW */
    HAMM_MWP_LIMIT_COMPUTE,   /* computation */
    HAMM_MWP_LIMIT_COUNT
} hamm_mwp_limiter;

/* Where the active blocks per SM came from. */
typedef enum hamm_mwp_occupancy {
    HAMM_MWP_OCC_GIVEN,     /* the kernel file's active_blocks_per_sm */
    HAMM_MWP_OCC_THREADS,   /* the SM's thread limit */
    HAMM_MWP_OCC_BLOCKS,    /* the SM's block limit */
    HAMM_MWP_OCC_REGISTERS, /* the SM's register file */
    HAMM_MWP_OCC_SHARED,    /* the SM's shared memory */
    HAMM_MWP_OCC_COUNT
} hamm_mwp_occupancy;

/* Every intermediate of one prediction, in cycles unless named otherwise. */
typedef struct hamm_mwp_result {
    uint32_t active_blocks_per_sm, warps_per_block;
    hamm_mwp_occupancy occupancy;
    double n;                          /* active warps per SM */
    double mem_l_uncoal, mem_l_coal, weight_uncoal, weight_coal, mem_l;
    double departure_delay;
    double mwp_without_bw_full, mwp_without_bw;
    double bandwidth_gbps;             /* Mem_Bandwidth * E */
    double bw_per_warp_gbps, mwp_peak_bw, mwp;
    double comp_cycles, mem_cycles, cwp_full, cwp;
    double rep;                        /* #Rep */
    double synch_warps;                /* the MWP Synch_cost uses */
    double busiest_sm_warps;           /* ceil(#Blocks / #Active_SMs) x warps per block */
    double issue_per_warp, lsu_per_warp; /* a warp's scheduler and load/store cycles */
    double issue_bound_cycles;         /* Mem_L + max of the two x busiest_sm_warps */
    int issue_bound_applied;           /* 1: the issue bound raised Exec (option on) */
    /* The queueing variant's intermediates (0 without it): */
    double queue_periods;              /* memory periods per warp: loads, else Mem_insts */
    double queue_warps;                /* warps resident at once on the whole GPU */
    double queue_sms;                  /* SMs they occupy: MIN(#Active_SMs, #Blocks) */
    double queue_waves;                /* MAX(#Rep, 1) */
    double queue_dram_demand;          /* DRAM cycles one warp's period needs at E */
    double queue_sm_demand;            /* SM issue cycles one warp's period needs */
    double queue_port_demand;          /* SM memory-port departures of one period */
    double queue_dram_residence;       /* a period's wait + service at the DRAM */
    double queue_sm_residence;         /* a period's wait + issue at its SM */
    double queue_port_residence;       /* a period's wait + departures at its SM's port */
    double queue_icnt_residence;       /* a period's waits + flits at the crossbar's ports
                                          (0: the machine has no crossbar) */
    double queue_cycle;                /* the fixed delay + the residences: one period
                                          (the mean of the two kinds below) */
    double queue_warp_cycle;           /* a period with warps as customers (0: none) */
    double queue_mem_l_loaded;         /* the delay + port + DRAM: the loaded latency */
    double queue_barrier_periods;      /* of queue_periods, those after a barrier */
    double queue_cta_cycle;            /* one of those, with CTAs as customers (0: none) */
    double queue_tail_cycles;          /* the store tail: Write_L, or 0 */
    double queue_exec_cycles;          /* waves x periods x cycle + the store tail */
    double exec_cycles, synch_cycles, total_cycles;
    double total_seconds;              /* total_cycles at Freq */
    hamm_mwp_case mwp_case;
    hamm_mwp_limiter limiter;
} hamm_mwp_result;

/* The defaults: no rounding, MWP bounded by N in Synch_cost, E = 1, no issue bound. */
HAMM_API void hamm_mwp_options_init(hamm_mwp_options *o);

/* Active blocks per SM: the kernel's own figure, else the tightest of the machine's
 * limits; HAMM_ERR_CONFIG when a block does not fit on an SM. */
HAMM_API hamm_status hamm_mwp_occupancy_compute(const hamm_mwp_machine *m,
                                                const hamm_mwp_kernel *k, uint32_t *blocks,
                                                hamm_mwp_occupancy *why, hamm_error *err);

/* The crossbar's clock: icnt_freq_ghz, the core's (freq_ghz) when the file gives none. */
HAMM_API double hamm_mwp_icnt_ghz(const hamm_mwp_machine *m);

/* The schedulers' cycles of an SFU and of a memory (global or shared) warp instruction:
 * sfu_issue_cycles and mem_issue_cycles, issue_cycles when the file gives none. */
HAMM_API double hamm_mwp_sfu_issue(const hamm_mwp_machine *m);
HAMM_API double hamm_mwp_mem_issue(const hamm_mwp_machine *m);

/* The model's prediction with every intermediate.  Inputs that would divide by zero (no
 * memory instruction, no bandwidth, ...) are HAMM_ERR_CONFIG naming the field; options
 * out of range HAMM_ERR_ARG.  Never a NaN or an infinity in `r`. */
HAMM_API hamm_status hamm_mwp_predict(const hamm_mwp_machine *m, const hamm_mwp_kernel *k,
                                      const hamm_mwp_options *o, hamm_mwp_result *r,
                                      hamm_error *err);

/* Read a machine file (hamm-mwp-machine/1) or a kernel file (hamm-mwp-kernel/1); errors
 * name the file, the line (JSON syntax) and the key. */
HAMM_API hamm_status hamm_mwp_load_machine(hamm_mwp_machine *m, const char *path,
                                           hamm_error *err);
HAMM_API hamm_status hamm_mwp_load_kernel(hamm_mwp_kernel *k, const char *path,
                                          hamm_error *err);

/* Names, for the CLI and the JSON: "none", "paper", "ceil"; "n", "block";
 * "few-warps", "memory", "compute"; "warps", "latency", "bandwidth", "compute";
 * "given", "threads", "blocks", "registers", "shared". */
HAMM_API const char *hamm_mwp_rounding_name(hamm_mwp_rounding r);
HAMM_API const char *hamm_mwp_synch_name(hamm_mwp_synch s);
HAMM_API const char *hamm_mwp_case_name(hamm_mwp_case c);
HAMM_API const char *hamm_mwp_limiter_name(hamm_mwp_limiter l);
HAMM_API const char *hamm_mwp_occupancy_name(hamm_mwp_occupancy o);
/* "segments", "sectors". */
HAMM_API const char *hamm_mwp_coalescing_name(hamm_mwp_coalescing c);
/* The value a name stands for; -1 when none. */
HAMM_API int hamm_mwp_rounding_parse(const char *name);
HAMM_API int hamm_mwp_synch_parse(const char *name);

#ifdef __cplusplus
}
#endif

#endif
