/* gpu_trace.h - what the GPU trace formats (NVBit, Accel-Sim) share: which SASS
 * opcodes reach DRAM, how wide each lane's access is, and how a CTA is numbered.
 * Both formats give per-lane addresses of one warp instruction; these helpers turn
 * that into the op, width and source fields that trace_coalesce needs. */
#ifndef HAMM_TRACE_GPU_TRACE_H
#define HAMM_TRACE_GPU_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "format.h"

#define GPU_WARP_SIZE 32

/* What a memory instruction means for DRAM. */
typedef enum gpu_access {
    GPU_ACCESS_DRAM,        /* global, local or generic memory: a read or a write */
    GPU_ACCESS_ONCHIP,      /* shared or constant memory, cache control: no DRAM traffic */
    GPU_ACCESS_UNSUPPORTED, /* Hopper TMA bulk copies: not per-lane accesses */
    GPU_ACCESS_UNKNOWN,     /* not an opcode hamm knows */
} gpu_access;

/* Classify an opcode such as "LDG.E.64" by its base name (before the first '.');
 * for GPU_ACCESS_DRAM sets *op (atomics and reductions count as reads). */
gpu_access gpu_trace_classify(scan_token opcode, hamm_op *op);

/* An opcode's base name, before the first '.' ("LDG.E.64" -> "LDG"). */
scan_token gpu_trace_base_name(scan_token opcode);
/* Whether `base` is one of the n names in `list`. */
int gpu_trace_in_list(scan_token base, const char *const *list, size_t n);

/* Bytes per lane from the opcode's width suffix: ".64" -> 8, ".128" -> 16, ".U8" -> 1,
 * ".S16" -> 2, ".F64" -> 8; 4 when the opcode names no width. */
uint32_t gpu_trace_width(scan_token opcode);

/* A kernel's grid size; known == 0 until a trace line gave it. */
typedef struct gpu_grid {
    uint64_t dim[3];
    int known;
} gpu_grid;

/* Parse "x,y,z" (optionally in parentheses) into v, failing with `field`. */
hamm_status gpu_trace_dim3(const trace_line_ctx *ctx, hamm_error *err, scan_token tok,
                           const char *field, uint64_t v[3]);

/* Check a grid size against CUDA's limits (x < 2^31, y and z < 2^16, none 0). */
hamm_status gpu_trace_check_grid(const trace_line_ctx *ctx, hamm_error *err, scan_token tok,
                                 const uint64_t dim[3]);

/* The CTA's linear index x + X*(y + Y*z) folded into the 16-bit core field (modulo
 * 65536).  Without a known grid only 1-D CTA ids (y = z = 0) can be numbered. */
hamm_status gpu_trace_cta_core(const trace_line_ctx *ctx, hamm_error *err, scan_token tok,
                               const gpu_grid *grid, const uint64_t cta[3], uint16_t *core);

#endif
