/* kernel.h - what the GPU engine's cores run: a kernel's launch shape and resources, and
 * each warp's instruction stream, from whichever source describes the kernel (a JSON
 * kernel description, src/workload/; an Accel-Sim .traceg recording).
 *
 * A source hands out CTAs in increasing order (the order the cores ask for them), and a
 * CTA's warps one instruction at a time, so the engine's memory is bounded by the CTAs
 * resident on the cores, never by the kernel's length.  Registers name dependences: an
 * instruction that reads a register a pending load writes waits for that load (the
 * scoreboard). */
#ifndef HAMM_GPU_KERNEL_H
#define HAMM_GPU_KERNEL_H

#include <stdint.h>

#include "hamm/error.h"

#ifndef GPU_WARP_SIZE
#define GPU_WARP_SIZE 32
#endif
#define GPU_NO_REG 0     /* register 0 stands for "none" */
#define GPU_MAX_REGS 256 /* registers are 1..255 (a recording's R<n> is n + 1) */
#define GPU_MAX_SRC 4   /* source registers an instruction can name */

/* Instruction classes: what decides an instruction's issue cost and where it goes. */
typedef enum gpu_op {
    GPU_OP_ALU,          /* integer and single-precision arithmetic */
    GPU_OP_SFU,          /* transcendental, double precision: the special-function unit */
    GPU_OP_LOAD,         /* global or local memory read (coalesced, L1, L2, DRAM) */
    GPU_OP_STORE,        /* global or local memory write */
    GPU_OP_SHARED_LOAD,  /* shared memory (on-chip, banked) */
    GPU_OP_SHARED_STORE,
    GPU_OP_BARRIER,      /* __syncthreads: waits for every warp of the CTA */
    GPU_OP_EXIT          /* the warp is done; a source may also just end the stream */
} gpu_op;
#define GPU_OP_COUNT (GPU_OP_EXIT + 1)

typedef struct gpu_inst {
    gpu_op op;
    uint32_t active;             /* lanes executing it, bit i = lane i */
    uint32_t width;              /* bytes each lane accesses (memory ops): 1, 2, 4, 8, 16 */
    uint16_t dst;                /* register written, GPU_NO_REG for none */
    uint16_t src[GPU_MAX_SRC];   /* registers read, GPU_NO_REG for unused slots */
    uint64_t pc;                 /* for statistics and the recording's identity */
    uint64_t addr[GPU_WARP_SIZE];/* per active lane (memory ops); shared: byte offsets */
} gpu_inst;

/* One kernel launch: its shape and what each CTA needs of a core. */
typedef struct gpu_kernel_info {
    char name[128];
    uint32_t grid[3], block[3];  /* CTAs and threads per CTA, x y z */
    uint32_t regs_per_thread;    /* the register limit on CTAs per core */
    uint32_t shared_per_cta;     /* bytes of shared memory */
} gpu_kernel_info;

typedef struct gpu_cta gpu_cta; /* a source's state for one resident CTA */

/* A memory instruction's address pattern as a compile-time analyzer knows it (the Gou
 * thesis' 1D/2D skeleton, section 6.3.2): along x, address = f + d * ctaid.x + e * tid.x
 * for every other index held fixed.  docs/GRANULARITY.md. */
typedef struct gpu_access_pattern {
    int64_t e;          /* bytes between neighbouring threads along x */
    int64_t d;          /* bytes between neighbouring CTAs along x */
    uint32_t data_size; /* bytes each thread accesses */
} gpu_access_pattern;

/* A kernel source.  open_cta is called with cta = 0, 1, 2, ... in order; next fills
 * `out` with warp w's next instruction and returns 1, or returns 0 when the warp has no
 * more (an error in the source is returned through open_cta or next's status). */
typedef struct gpu_kernel_source {
    void *self;
    const gpu_kernel_info *(*info)(void *self);
    hamm_status (*open_cta)(void *self, uint64_t cta, gpu_cta **out, hamm_error *err);
    hamm_status (*next)(void *self, gpu_cta *cta, uint32_t warp, gpu_inst *out, int *has,
                        hamm_error *err);
    void (*close_cta)(void *self, gpu_cta *cta);
    /* May be NULL (nothing is known of the addresses: an Accel-Sim recording).  1 with
     * *out set when the instruction at pc has the affine pattern along x; 0 when the
     * analysis fails (a random draw, a gather, an index not affine in tid.x). */
    int (*pattern)(void *self, uint64_t pc, gpu_access_pattern *out);
} gpu_kernel_source;

/* Derived counts. */
uint64_t gpu_kernel_ctas(const gpu_kernel_info *k);
uint32_t gpu_kernel_threads_per_cta(const gpu_kernel_info *k);
uint32_t gpu_kernel_warps_per_cta(const gpu_kernel_info *k);

#endif
