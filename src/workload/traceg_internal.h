/* traceg_internal.h - what the .traceg source's files share: a held instruction and how an
 * Accel-Sim instruction line becomes one (traceg_inst.c). */
#ifndef HAMM_GPU_TRACEG_INTERNAL_H
#define HAMM_GPU_TRACEG_INTERNAL_H

#include <stdint.h>

#include "io/lines.h"
#include "gpu/kernel.h"
#include "trace/accelsim_block.h"
#include "trace/accelsim_inst.h"
#include "traceg.h"

/* One warp instruction as a resident CTA holds it: gpu_inst without the 32 addresses,
 * which live in the CTA's address pool (one per active lane, for memory instructions). */
typedef struct traceg_inst {
    uint64_t pc;
    uint32_t active;
    uint32_t addr;              /* index of its first address in the CTA's pool */
    uint16_t dst;
    uint16_t src[GPU_MAX_SRC];
    uint8_t op;                 /* gpu_op; GPU_OP_EXIT also for an EXIT that is not last */
    uint8_t width;              /* bytes per lane (memory instructions), else 0 */
} traceg_inst;

/* The address windows the header gives: shared memory from "-shmem base_addr" up to
 * "-local mem base_addr", where local memory starts (known == 0 when absent). */
typedef struct traceg_windows {
    int shared_known, local_known;
    uint64_t shared_base, local_base;
} traceg_windows;

/* An open kernel file. */
struct gpu_traceg {
    char *path;            /* the file, for errors */
    hamm_input *in;
    line_reader lr;
    gpu_kernel_info info;
    uint32_t warps;        /* per CTA */
    uint64_t ctas;         /* in the grid */
    uint64_t version;      /* "-accelsim tracer version"; 0 when not given */
    int lineinfo;          /* "-enable lineinfo": lines start with a source line number */
    traceg_windows windows;
    accelsim_block block;  /* the file's structure so far (accelsim_block.h) */
    uint64_t next_cta;     /* the CTA open_cta must be asked for next */
    hamm_error broken;     /* the error that stopped the reading (status HAMM_OK: none) */
};

/* The next line that is neither blank nor a '#' comment (#BEGIN_TB and #END_TB are not
 * comments), classified and checked against the file's structure (t->block) into *line;
 * *ctx its position; *got is 0 at the end of the file. */
hamm_status traceg_next_line(gpu_traceg *t, trace_line_ctx *ctx, accelsim_line *line, int *got,
                             hamm_error *err);

/* The kernel source's CTA functions (traceg_cta.c). */
hamm_status traceg_open_cta(void *self, uint64_t cta, gpu_cta **out, hamm_error *err);
hamm_status traceg_next(void *self, gpu_cta *cta, uint32_t warp, gpu_inst *out, int *has,
                        hamm_error *err);
void traceg_close_cta(void *self, gpu_cta *cta);

/* 1 when the op carries per-lane addresses. */
int traceg_inst_is_memory(gpu_op op);

/* Turn a parsed line into *out (all but `addr`); in->addr is rewritten to what the engine
 * gets (shared-memory addresses become offsets).  Fails naming the field on an opcode
 * hamm cannot place, a memory instruction without addresses or a width the coalescer
 * does not take. */
hamm_status traceg_inst_convert(const trace_line_ctx *ctx, accelsim_inst *in,
                                const traceg_windows *win, traceg_inst *out, hamm_error *err);

#endif
