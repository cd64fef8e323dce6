/* traceg_write.h - any kernel source written as an Accel-Sim kernel-N.traceg, the format
 * Accel-Sim's trace-driven simulator reads and traceg.h reads back (docs/ACCELSIM.md).
 *
 * Each gpu_op becomes a SASS opcode of Accel-Sim's opcode tables whose class is the same
 * (FFMA for ALU, MUFU.EX2 for SFU, LDG.E / STG.E / LDS / STS with the width in the
 * opcode's suffix, BAR.SYNC, EXIT), the registers keep their numbers (hamm's register r
 * is R<r-1>, as the reader maps R<n> to n + 1), and each memory instruction's addresses
 * are written base-stride when the active lanes are contiguous with one stride, else
 * base-delta (else listed).  Shared-memory offsets are written inside a shared window
 * the header names, as the tracer writes generic addresses. */
#ifndef HAMM_GPU_TRACEG_WRITE_H
#define HAMM_GPU_TRACEG_WRITE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gpu/kernel.h"

/* Where the written header puts the shared-memory window and local memory: the shared
 * offsets of a CTA (below 4 GiB) are written as TRACEG_SHMEM_BASE + offset. */
#define TRACEG_SHMEM_BASE UINT64_C(0x00007f0000000000)
#define TRACEG_LOCAL_BASE UINT64_C(0x00007f0100000000)
/* "-binary version": Volta's opcode table (Accel-Sim's Volta, Turing and Ampere tables
 * all hold the opcodes written). */
#define TRACEG_BINARY_VERSION 70

/* The instruction lines a whole recording may hold (`most`) and those written so far,
 * over all its kernels: a bound on the bytes an export writes (a compressed recording
 * read back can hold far more than its size). */
typedef struct traceg_budget {
    uint64_t most, used;
} traceg_budget;

/* A growable text buffer: one warp's lines before its "insts =" count is known. */
typedef struct traceg_buf {
    char *p;
    size_t len, cap;
} traceg_buf;

void traceg_buf_free(traceg_buf *b);

/* The SASS opcode an instruction of class `op` and `width` bytes per lane is written
 * as; NULL for a width a memory class cannot take (not 1, 2, 4, 8 or 16). */
const char *traceg_write_opcode(gpu_op op, uint32_t width);

/* Append instruction `in` as one line (with its newline).  `where` names the kernel, CTA
 * and warp in errors: a width the opcodes cannot say, a shared offset beyond the window. */
hamm_status traceg_write_inst(traceg_buf *b, const gpu_inst *in, const char *where,
                              hamm_error *err);

/* Write the whole kernel `src` (every CTA, every warp to its end or its EXIT, each warp
 * ended by one EXIT of the warp's threads) to `fp` as kernel `kernel_id` (from 1);
 * `path` names the file in errors.  Fails on the source's errors, a kernel name with a
 * line break, an instruction line beyond the budget, and a write error. */
hamm_status gpu_traceg_write(const gpu_kernel_source *src, uint32_t kernel_id, FILE *fp,
                             const char *path, traceg_budget *budget, hamm_error *err);

#endif
