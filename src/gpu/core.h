/* core.h - one SIMT core of the GPU engine (docs/GPU.md, "Cores").
 *
 * It holds CTAs up to its thread, CTA, register and shared-memory limits; its warps are
 * split over warp schedulers (warp w to scheduler w mod schedulers), each of which issues
 * at most one instruction per core cycle and is then busy for that class's issue cost
 * (32 lanes on an 8-wide SIMD unit: 4 cycles) - or, for a class with execution units,
 * takes a free unit, which is busy for that cost instead (the core's units shared by
 * every scheduler, or with sub-cores a slice of them each).  An instruction waits on a scoreboard for
 * the registers it reads or writes; a barrier waits for every warp of its CTA.  Memory
 * instructions go, one at a time, through the load/store unit: global ones are coalesced
 * into requests, which go through the L1 (when there is one) or straight out, at most
 * max_inflight of them waiting for memory at once, requests to a block already in flight
 * merged with it; shared ones take as many cycles as their bank-conflict degree.
 *
 * The core talks to the memory system through packets: it offers them (out_peek/pop)
 * and takes replies (gpu_core_reply).  A warp does not wait for its stores. */
#ifndef HAMM_GPU_CORE_H
#define HAMM_GPU_CORE_H

#include <stdint.h>

#include "cache.h"
#include "coalescer.h"
#include "granularity.h"
#include "hamm/banked.h"
#include "kernel.h"
#include "l1bank.h"

typedef enum gpu_sched_policy {
    GPU_SCHED_LRR, /* loose round-robin: the next eligible warp after the last issued */
    GPU_SCHED_GTO  /* greedy-then-oldest: the last issued warp while it can, else the
                      oldest eligible */
} gpu_sched_policy;

/* The shared-memory pipeline of Gou's thesis, chapter 5 (docs/SMEM.md). */
typedef enum gpu_pipeline {
    GPU_PIPE_DECOUPLED, /* hamm's default: only memory instructions wait for a busy LSU */
    GPU_PIPE_IN_ORDER,  /* the thesis' baseline: a conflict stalls every issue, a memory
                           instruction meeting a busy LSU stalls the core, writeback
                           conflicts stall */
    GPU_PIPE_ELASTIC    /* the thesis' elastic pipeline: non-memory instructions bypass,
                           memory ones wait in the PREMEM queue, the NONMEM queue absorbs
                           writeback conflicts */
} gpu_pipeline;

typedef struct gpu_smem_params {
    int custom;                 /* 0: low-order over shared_banks, the built-in count */
    hamm_banked_scheme scheme;  /* when custom */
    gpu_pipeline pipeline;
    int conflict_aware;         /* mask memory warps while a predicted conflict lasts */
    uint32_t premem_queue;      /* N: memory instructions waiting for the LSU (elastic) */
    uint32_t nonmem_queue;      /* M: results waiting for the writeback port (elastic) */
    uint32_t chc_sets, chc_ways;/* the conflict history cache */
} gpu_smem_params;

/* DWT-CS (dwt.h), the GPU's: read from the GPU model, kept with the core's parameters. */
typedef struct gpu_dwt_params {
    uint32_t period;         /* core cycles a period; 0: off */
    double mpki_threshold;   /* L1 read misses per thousand thread instructions */
    uint32_t detect_periods; /* periods in a row above it before the cores are sampled */
    uint32_t sample_periods; /* periods the cores run with their sample limits */
} gpu_dwt_params;

typedef struct gpu_core_params {
    uint32_t id;
    uint32_t max_threads, max_ctas; /* resident limits */
    int l1_invalidate_when_idle;    /* empty the L1 while no CTA is resident */
    uint32_t registers;             /* per core */
    uint32_t shared_bytes;          /* per core */
    uint32_t schedulers;
    gpu_sched_policy policy;
    uint32_t max_active_warps;          /* only the oldest this many may issue; 0: all */
    uint32_t issue_cycles[GPU_OP_COUNT];/* cycles a scheduler is busy after issuing */
    /* Execution units of a class (ALU, SFU; 0: none, the class's issue cost is the
     * scheduler's).  With units, a scheduler issues one instruction a cycle and the unit
     * it takes is busy for the class's issue cost (core_units.c). */
    uint32_t units[GPU_OP_COUNT];
    int sub_cores;                      /* each scheduler reaches only units / schedulers
                                           of each class (GPGPU-Sim's sub-core model) */
    uint32_t latency[GPU_OP_COUNT];     /* ALU, SFU, shared load: cycles to the result */
    uint32_t max_inflight;              /* requests waiting for memory */
    uint32_t max_merge;                 /* loads one in-flight request can serve (no L1) */
    gpu_coalesce_rule coalesce;
    int has_l1;
    gpu_cache_params l1;
    uint32_t l1_latency;                /* cycles from an L1 hit to its data */
    uint32_t l1_miss_latency;           /* cycles a request from the L1 waits to leave */
    uint32_t shared_banks;              /* 4-byte banks of the shared memory */
    uint32_t out_queue;                 /* packets waiting for the interconnect */
    uint32_t icache_lines;              /* instruction cache lines (0: fetching is free) */
    uint32_t icache_line_bytes;         /* a power of two, 32 to 4096 */
    gpu_dwt_params dwt;                 /* the GPU's warp throttling (not a core's) */
    gpu_smem_params smem;               /* shared scheme and pipeline (zero: the default) */
    gpu_gran_params gran;               /* adaptive DRAM access granularity (off: zero) */
    gpu_l1bank_params l1_banks;         /* the L1's banks (zero: not banked) */
} gpu_core_params;

/* Where a kernel's code is read from, pc 0 (GPGPU-Sim's PROGRAM_MEM_START). */
#define GPU_CODE_BASE 0xf0000000ull

/* A request to the memory system or its reply. */
typedef struct gpu_packet {
    uint64_t addr;
    uint32_t bytes;
    uint32_t sectors;  /* of the 128-byte line, for sectored caches below */
    uint16_t core;
    uint8_t write;
    uint8_t reply;     /* 0: request; 1: data or write acknowledgement coming back */
    uint32_t cta;      /* the CTA's number in its kernel; GPU_CTA_NONE: an L1's (streak.h) */
    uint8_t inst;      /* an instruction-cache line read (icache.c) */
    uint64_t born;     /* core cycle it left the core, for latency statistics */
    uint32_t bank, row; /* its DRAM bank (counted over the channel's ranks) and row, set
                           when it enters the crossbar (grant holding and locality) */
} gpu_packet;

typedef struct gpu_core_stats {
    uint64_t cycles;        /* cycles with a CTA resident */
    uint64_t warp_insts[GPU_OP_COUNT];
    uint64_t thread_insts;  /* active lanes summed over issued instructions */
    uint64_t idle_cycles;   /* resident cycles in which no scheduler issued */
    uint64_t requests;      /* packets sent */
    uint64_t merged;        /* loads served by a request already in flight (no L1) */
    uint64_t hyper_requests;/* adaptive granularity: requests for a whole hyper block */
    uint64_t hyper_merged;  /* loads served by a hyper block already in flight */
    uint64_t gran_loads[GPU_GRAN_BUCKETS]; /* load instructions by granularity: 32 << i */
    uint64_t load_latency_sum, loads_returned; /* packet round trips, core cycles */
    uint64_t shared_conflict_cycles; /* cycles beyond one pass that conflicts cost */
    /* A banked L1 (l1bank.h): its warp accesses, their passes, and the passes beyond
     * the least their bank touches need. */
    uint64_t l1_bank_accesses, l1_bank_passes, l1_bank_conflict_cycles;
    uint64_t ctas_done;
    /* The pipeline model (pipeline not decoupled): cycles no instruction could issue for a
     * stalled pipeline, those of them a shared access caused (its conflict passes, or a
     * memory instruction behind it), results that found the writeback port taken and the
     * cycles they stalled, and the conflict history cache's lookups. */
    uint64_t pipeline_stall_cycles, shared_stall_cycles;
    uint64_t writeback_conflicts, writeback_stall_cycles;
    uint64_t chc_hits, chc_misses, chc_underpredictions;
    uint64_t icache_misses; /* instruction lines read from memory */
} gpu_core_stats;

typedef struct gpu_core gpu_core;

hamm_status gpu_core_new(gpu_core **out, const gpu_core_params *p, hamm_error *err);
/* The bytes gpu_core_new allocates for p, its L1 (gpu_cache_bytes) left out. */
uint64_t gpu_core_bytes(const gpu_core_params *p);
void gpu_core_free(gpu_core *c);
/* After a failed kernel: hand every resident CTA back to its source (which may then be
 * freed); the core is fit only to be freed or reported. */
void gpu_core_drop_ctas(gpu_core *c);

/* Can one more CTA of kernel k be resident?  0 also when one CTA alone exceeds the
 * core (the GPU checks that once, gpu_core_cta_fits_at_all). */
int gpu_core_has_room(const gpu_core *c, const gpu_kernel_info *k);
int gpu_core_cta_fits_at_all(const gpu_core_params *p, const gpu_kernel_info *k);
/* Make CTA `cta` of the kernel behind `src` resident (has_room said yes). */
hamm_status gpu_core_launch(gpu_core *c, gpu_kernel_source *src, uint64_t cta, hamm_error *err);

/* One core cycle at `now`: replies already delivered, the LSU steps, schedulers issue.
 * Errors come from the kernel source. */
hamm_status gpu_core_cycle(gpu_core *c, uint64_t now, hamm_error *err);

int gpu_core_out_peek(const gpu_core *c, gpu_packet *out);
void gpu_core_out_pop(gpu_core *c);
void gpu_core_reply(gpu_core *c, const gpu_packet *p, uint64_t now);

/* CTAs finished since the last call (the dispatcher refills the core). */
uint32_t gpu_core_take_finished(gpu_core *c);
/* With l1_invalidate_when_idle and no CTA resident: every line of the L1 not waiting
 * for a fetch is dropped (GPGPU-Sim's -gpgpu_flush_l1_cache, which invalidates a
 * cluster's L1 each cycle it has no thread left). */
void gpu_core_invalidate_l1_if_empty(gpu_core *c);
/* Nothing resident, nothing in flight, nothing to send. */
int gpu_core_idle(const gpu_core *c);
const gpu_core_stats *gpu_core_stats_of(const gpu_core *c);
/* Whether the pipeline model is on (its counters are then reported). */
int gpu_core_pipeline_on(const gpu_core *c);
const gpu_cache_stats *gpu_core_l1_stats(const gpu_core *c); /* NULL without an L1 */
/* Whether the core's L1 is banked (its bank counters are then reported). */
int gpu_core_l1_banked(const gpu_core *c);
/* A unified L1 at a kernel's launch (carveout.h): its ways and allocation policy; the
 * core is idle. */
void gpu_core_l1_shape(gpu_core *c, uint32_t ways, gpu_alloc_policy alloc);
/* Let only the oldest `warps` live warps issue from now on (0: all); it starts at
 * max_active_warps.  DWT-CS sets it. */
void gpu_core_set_warp_limit(gpu_core *c, uint32_t warps);

#endif
