/* core_internal.h - a core's state, shared by its files:
 *   core.c        life cycle, CTAs (resources, launch, finish), the cycle;
 *   warp_sched.c  which warp each scheduler issues, and issuing it;
 *   core_units.c  execution units: which a scheduler reaches, when they are free;
 *   lsu.c         the load/store unit: coalescing, the L1 or the merge table, replies;
 *   inflight.c    requests in flight without an L1, and the loads each one serves;
 *   hyper.c       adaptive granularity's hyper blocks in that table (the elastic MSHR);
 *   smem.c        a shared access's conflict degree under a scheme (hamm/banked.h);
 *   pipe.c        the shared-memory pipeline model (docs/SMEM.md): stalls, the PREMEM
 *                 queue, the writeback port, conflict-aware masking;
 *   chc.c         the conflict history cache (chc.h);
 *   icache.c      the instruction cache (core.icache_lines). */
#ifndef HAMM_GPU_CORE_INTERNAL_H
#define HAMM_GPU_CORE_INTERNAL_H

#include "chc.h"
#include "core.h"

#define CORE_NONE UINT32_MAX
#define NOT_READY UINT64_MAX /* a register a load has yet to write */

typedef struct warp {
    uint32_t cta;        /* CTA slot; CORE_NONE: the warp slot is free */
    uint32_t index;      /* warp within its CTA */
    uint64_t age;        /* launch order: greedy-then-oldest's "oldest" */
    uint32_t pending_loads;
    uint8_t has_inst, ended, at_barrier;
    uint8_t mem_wait;    /* pipeline model: its memory instruction waits for the LSU */
    uint32_t predicted;  /* pipeline model: the CHC's degree for that instruction */
    gpu_inst inst;       /* the next instruction, when has_inst */
    uint64_t *reg_ready; /* [GPU_MAX_REGS]: first cycle each register may be used */
} warp;

enum { ICACHE_EMPTY, ICACHE_PENDING, ICACHE_PRESENT };
typedef struct icache_line {
    uint64_t line;  /* its address (GPU_CODE_BASE + the pc's line) */
    uint64_t used;  /* last cycle a warp found it present */
    uint8_t state;
} icache_line;

typedef struct cta_slot {
    gpu_kernel_source *src; /* NULL: the slot is free */
    gpu_cta *handle;
    uint32_t warps, live, arrived; /* warps; not yet ended; waiting at the barrier */
    uint32_t threads, regs, shared;
    uint32_t id; /* the CTA's number in its kernel: its requests' origin (streak.h) */
} cta_slot;

/* A load instruction waiting for data: its register is written when the last of its
 * accesses is back and the LSU has issued them all. */
typedef struct load_entry {
    uint32_t warp;
    uint16_t reg;
    uint8_t used, issued_all;
    uint32_t outstanding;
    uint64_t ready; /* latest hit's data cycle */
} load_entry;

/* The memory instruction the LSU is working through. */
typedef struct lsu_state {
    uint8_t busy;
    uint8_t banked;       /* its transactions go through a banked L1 in passes */
    uint32_t warp, load;  /* load: its load_entry, CORE_NONE for stores */
    uint32_t cta;         /* its warp's CTA's number (a store outlives its warp) */
    gpu_op op;
    gpu_transaction tr[GPU_MAX_TRANSACTIONS];
    uint32_t ntr, next;   /* transactions, and the next one to issue */
    uint32_t sectors_left;/* sector rule without an L1: sectors of tr[next] still to send */
    uint32_t gran;        /* adaptive granularity: the load's hyper block bytes (0: off) */
    uint64_t free_at;     /* shared accesses: the cycle their conflict passes end */
    uint32_t pass_now;    /* banked L1: the pass the LSU is in (l1bank.h) */
    uint8_t pass[GPU_MAX_TRANSACTIONS]; /* banked L1: the pass of each transaction */
} lsu_state;

typedef struct inflight_entry {
    uint64_t addr;
    uint8_t used, write;
    uint32_t waiting; /* load entries in this entry's slice of the id array */
    uint32_t bytes;   /* the request's size (adaptive granularity: a hyper block's) */
} inflight_entry;

#define WB_RING 512u /* writeback slots looked ahead; a later result is not checked */

/* The pipeline model's state (docs/SMEM.md); allocated only when it is on. */
typedef struct pipe_state {
    uint64_t freeze_from, freeze_until; /* in-order: the issue stall a conflict causes */
    uint64_t mem_mask_until;  /* conflict-aware: memory warps are masked until then */
    uint32_t *premem;         /* FIFO of warps (elastic: premem_queue of them) */
    uint32_t premem_head, premem_size;
    uint32_t blocked;         /* a memory warp holding the issue stage, CORE_NONE */
    uint64_t *wb_stamp;       /* [WB_RING]: the cycle each slot's count is for */
    uint16_t *wb_used;        /* results written back in that cycle */
    uint8_t *wb_stall;        /* 1: a result that lost the port stalls that cycle */
    gpu_chc chc;
    const gpu_kernel_source *kernel; /* the CHC is cleared when the kernel changes */
} pipe_state;

struct gpu_core {
    gpu_core_params p;
    uint32_t nwarps;       /* warp slots: max_threads / 32 */
    warp *warps;
    uint64_t *regs;        /* nwarps * GPU_MAX_REGS */
    cta_slot *ctas;        /* max_ctas */
    uint32_t threads_used, regs_used, shared_used, ctas_used, warps_used;
    uint64_t next_age;
    uint64_t *sched_free;  /* per scheduler: first cycle it may issue again */
    uint32_t *sched_last;  /* per scheduler: warp slot it issued last (CORE_NONE) */
    /* A scheduler that found no warp to issue sleeps until an event (a load's data, the
     * LSU freeing, a barrier, a warp or CTA starting or ending) or the first cycle an ALU
     * result it waits for is ready: scanning idle warps every cycle is the cost of
     * memory-bound kernels. */
    uint64_t events;
    uint64_t *sched_asleep_at; /* per scheduler: `events` when it went to sleep */
    uint64_t *sched_wake;      /* per scheduler: the cycle to look again regardless */
    uint64_t *unit_free;       /* per execution unit: first cycle it takes a warp */
    uint32_t unit_base[GPU_OP_COUNT]; /* a class's first unit in unit_free */
    lsu_state lsu;
    load_entry *loads;     /* nloads */
    uint32_t nloads;
    inflight_entry *inflight; /* max_inflight, without an L1 */
    uint32_t *inflight_ids;   /* max_inflight * max_merge */
    uint32_t inflight_count;  /* packets sent (or queued to send) awaiting their reply */
    gpu_cache *l1;
    /* Ring of out_queue packets, and as many more as l1_miss_latency: a request from the
     * L1 leaves l1_miss_latency cycles after it was made (GPGPU-Sim's accesses go through
     * an L1 latency queue, one stage a cycle, before the tags: misses too). */
    gpu_packet *out;
    uint32_t out_head, out_size, out_cap;
    uint64_t now;             /* the cycle gpu_core_cycle last ran */
    uint32_t finished;
    uint32_t warp_limit;      /* active warps that may issue (0: all); max_active_warps */
    gpu_core_stats st;
    pipe_state pipe;
    icache_line *icache;      /* p.icache_lines, when there is an instruction cache */
};

/* warp_sched.c */
/* Scheduler s issues one instruction if a warp can (*issued set to 1 then). */
hamm_status sched_issue(gpu_core *c, uint32_t s, uint64_t now, int *issued, hamm_error *err);

/* core_units.c */
uint32_t units_count(const gpu_core_params *p); /* units of every class */
void units_init(gpu_core *c);                  /* unit_base; every unit free */
/* 1 when op's class has no units or scheduler s reaches a free one; else *wake is lowered
 * to the cycle the first of those frees. */
int unit_ready(const gpu_core *c, uint32_t s, gpu_op op, uint64_t now, uint64_t *wake);
/* Scheduler s issues op now: a unit taken (unit_ready said yes); the cycles the
 * scheduler is then busy. */
uint32_t unit_take(gpu_core *c, uint32_t s, gpu_op op, uint64_t now);

/* lsu.c */
int lsu_accepts(const gpu_core *c);
int lsu_start(gpu_core *c, uint32_t w, uint64_t now); /* 0: no load entry free */
void lsu_step(gpu_core *c, uint64_t now);
void lsu_drain_l1(gpu_core *c, uint64_t now);
void lsu_load_done(gpu_core *c, uint32_t e, uint64_t now, uint32_t n);
int out_push(gpu_core *c, gpu_packet p);

/* smem.c: the degree under params' custom scheme (the built-in count is lsu.c's). */
uint32_t smem_degree(const gpu_core *c, const gpu_inst *in);

/* pipe.c (only called when the pipeline model is on) */
int pipe_alloc(gpu_core *c);
/* The bytes pipe_alloc allocates for p (0 for the decoupled pipeline, which has none). */
uint64_t pipe_bytes(const gpu_core_params *p);
void pipe_free(gpu_core *c);
void pipe_kernel(gpu_core *c, const gpu_kernel_source *src);
int pipe_mem_eligible(gpu_core *c, uint64_t now, uint64_t *wake);
void pipe_mem_issue(gpu_core *c, uint32_t w, uint64_t now);
void pipe_shared_started(gpu_core *c, const warp *wp, uint32_t degree, uint64_t now);
void pipe_writeback(gpu_core *c, uint64_t at, uint64_t now);
void pipe_advance(gpu_core *c, uint64_t now);

/* icache.c: 1 when the line of `pc` is there; else its read is sent (or *wake lowered to
 * retry) and the warp waits.  A reply for an instruction line fills it. */
int icache_ready(gpu_core *c, uint64_t pc, uint64_t now, uint64_t *wake);
void icache_fill(gpu_core *c, uint64_t addr);
int pipe_stalled(gpu_core *c, uint64_t now);

/* inflight.c */
uint32_t inflight_find(const gpu_core *c, uint64_t addr, int write);
int inflight_add(gpu_core *c, uint64_t addr, uint32_t bytes, int write, uint32_t load);
uint32_t inflight_find_covering(const gpu_core *c, uint64_t addr, uint32_t bytes);
uint32_t inflight_find_sized(const gpu_core *c, uint64_t addr, uint32_t bytes);
int inflight_merge(gpu_core *c, uint32_t e, uint32_t load);
uint32_t inflight_release(gpu_core *c, uint32_t e, const uint32_t **loads);

/* hyper.c (adaptive granularity, docs/GRANULARITY.md; only called when it is on) */
uint32_t hyper_granularity(const gpu_core *c, const warp *wp);
void hyper_count(gpu_core *c, uint32_t gran); /* a load instruction at gran bytes */
int hyper_send(gpu_core *c, gpu_packet p);
uint32_t hyper_reply_entry(const gpu_core *c, const gpu_packet *p);

/* core.c */
void core_warp_ended(gpu_core *c, uint32_t w);
void core_barrier_arrive(gpu_core *c, uint32_t w);

#endif
