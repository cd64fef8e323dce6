/* gpu_script.h - a scripted kernel source for the GPU engine's tests: every warp of every
 * CTA runs the same program, memory instructions taking their lane addresses from a
 * function of (CTA, warp, lane, program counter). */
#ifndef HAMM_TEST_GPU_SCRIPT_H
#define HAMM_TEST_GPU_SCRIPT_H

#include <stdint.h>

#include "gpu/kernel.h"

typedef uint64_t (*addr_fn)(uint64_t cta, uint32_t wi, uint32_t lane, uint32_t pc);

typedef struct script {
    gpu_kernel_info info;
    const gpu_inst *prog;
    uint32_t len;
    addr_fn addr;
    uint32_t pc[256][16]; /* [cta][warp]: at most 256 CTAs of 16 warps */
    uint64_t opened;
} script;

gpu_kernel_source script_source(script *s);
script script_make(uint32_t threads, const gpu_inst *prog, uint32_t len, addr_fn a);

#define ALU(d, s0) {.op = GPU_OP_ALU, .active = 0xFFFFFFFFu, .dst = (d), .src = {(s0)}}
#define LD(d) {.op = GPU_OP_LOAD, .active = 0xFFFFFFFFu, .width = 4, .dst = (d)}

#endif
