/* traceg_inst.c - an Accel-Sim instruction line as a core's warp instruction: the opcode's
 * class (gpu_op), the registers that carry dependences, the access width and addresses.
 * Which opcodes reach memory is gpu_trace_classify's, the table the trace reader uses, so
 * the engine and the reader agree on what a load is; the rest is decided here. */
#include <string.h>

#include "traceg_internal.h"

/* Shared-memory instructions among the reader's on-chip class; the others there (constant
 * loads, cache control, fences, texture queries) are issued as ALU instructions.  A
 * shared-memory atomic is a read-modify-write done in the shared memory: a shared load. */
static const char *const shared_loads[] = {"LDS", "LDSM", "ATOMS"};
static const char *const shared_stores[] = {"STS", "STSM"};
/* The special-function unit's transcendentals (and sm_50-era range reduction), and the
 * double-precision arithmetic, which consumer GPUs run at a fraction of the FP32 rate. */
static const char *const sfu_ops[] = {"MUFU", "RRO", "DADD", "DMUL", "DFMA",
                                      "DMNMX", "DSET", "DSETP"};
static const char *const exit_ops[] = {"EXIT", "RET"};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

int traceg_inst_is_memory(gpu_op op)
{
    switch (op) {
    case GPU_OP_LOAD:
    case GPU_OP_STORE:
    case GPU_OP_SHARED_LOAD:
    case GPU_OP_SHARED_STORE:
        return 1;
    case GPU_OP_ALU:
    case GPU_OP_SFU:
    case GPU_OP_BARRIER:
    case GPU_OP_EXIT:
        return 0;
    }
    return 0;
}

/* An opcode that moves no memory data (MEM_WIDTH 0 or an on-chip non-shared access). */
static gpu_op compute_op(scan_token base)
{
    if (scan_is(base, "BAR"))
        return GPU_OP_BARRIER;
    if (gpu_trace_in_list(base, exit_ops, COUNT(exit_ops)))
        return GPU_OP_EXIT; /* only the warp's last instruction stays an exit */
    if (gpu_trace_in_list(base, sfu_ops, COUNT(sfu_ops)))
        return GPU_OP_SFU;
    return GPU_OP_ALU;
}

static hamm_status classify(const trace_line_ctx *ctx, const accelsim_inst *in, gpu_op *op,
                            hamm_error *err)
{
    scan_token base = gpu_trace_base_name(in->opcode);
    int len = (int)(in->opcode.len > 30 ? 30 : in->opcode.len);
    hamm_op dir = HAMM_OP_READ;
    switch (gpu_trace_classify(in->opcode, &dir)) {
    case GPU_ACCESS_DRAM:
        *op = dir == HAMM_OP_WRITE ? GPU_OP_STORE : GPU_OP_LOAD; /* atomics: loads */
        return HAMM_OK;
    case GPU_ACCESS_ONCHIP:
        if (gpu_trace_in_list(base, shared_loads, COUNT(shared_loads)))
            *op = GPU_OP_SHARED_LOAD;
        else if (gpu_trace_in_list(base, shared_stores, COUNT(shared_stores)))
            *op = GPU_OP_SHARED_STORE;
        else
            *op = GPU_OP_ALU;
        return HAMM_OK;
    case GPU_ACCESS_UNSUPPORTED:
        return trace_fail(ctx, err, &in->opcode, "opcode",
                          "'%.*s' is a TMA bulk copy, which hamm does not model", len,
                          in->opcode.p);
    case GPU_ACCESS_UNKNOWN:
        break;
    }
    if (in->width > 0)
        return trace_fail(ctx, err, &in->opcode, "opcode",
                          "'%.*s' has a memory width but is not a memory instruction hamm "
                          "knows", len, in->opcode.p);
    *op = compute_op(base);
    return HAMM_OK;
}

/* "R<n>" as register n + 1; GPU_NO_REG for what carries no dependence here: RZ (R255),
 * predicates, uniform and barrier registers (the parser let only register names by, none
 * above R255). */
static uint16_t reg(scan_token tok)
{
    uint64_t n;
    scan_token digits = {tok.p + 1, tok.len - 1};
    if (tok.len < 2 || tok.p[0] != 'R' || scan_dec_u64(digits, &n) != SCAN_OK || n >= 255)
        return GPU_NO_REG;
    return (uint16_t)(n + 1);
}

/* The first register written; the first GPU_MAX_SRC distinct registers read. */
static void registers(const accelsim_inst *in, traceg_inst *out)
{
    size_t nsrc = 0;
    for (uint32_t i = 0; i < in->ndst && out->dst == GPU_NO_REG; i++)
        out->dst = reg(in->dst[i]);
    for (uint32_t i = 0; i < in->nsrc; i++) {
        uint16_t r = reg(in->src[i]);
        int dup = r == GPU_NO_REG;
        for (size_t j = 0; j < nsrc; j++)
            dup |= out->src[j] == r;
        if (!dup && nsrc < GPU_MAX_SRC)
            out->src[nsrc++] = r;
    }
}

/* Bytes per lane: the line's MEM_WIDTH (NVBit's access size, which Accel-Sim's timing
 * model uses too), one of the coalescer's sizes. */
static hamm_status width(const trace_line_ctx *ctx, const accelsim_inst *in, traceg_inst *out,
                         hamm_error *err)
{
    uint64_t w = in->width;
    if (w != 1 && w != 2 && w != 4 && w != 8 && w != 16)
        return trace_fail(ctx, err, NULL, "mem_width",
                          "%u bytes per lane; the coalescer takes 1, 2, 4, 8 or 16",
                          (unsigned)w);
    out->width = (uint8_t)w;
    return HAMM_OK;
}

/* A generic LD or ST whose first active lane falls in the shared window (from
 * "-shmem base_addr" up to "-local mem base_addr") goes to shared memory, as in
 * Accel-Sim; anywhere else it is a global (or local) access. */
static gpu_op generic(scan_token base, const accelsim_inst *in, const traceg_windows *win,
                      gpu_op op)
{
    if (!scan_is(base, "LD") && !scan_is(base, "ST"))
        return op;
    if (!win->shared_known || !win->local_known || in->naddr == 0 ||
        in->addr[0] < win->shared_base || in->addr[0] >= win->local_base)
        return op;
    return op == GPU_OP_STORE ? GPU_OP_SHARED_STORE : GPU_OP_SHARED_LOAD;
}

hamm_status traceg_inst_convert(const trace_line_ctx *ctx, accelsim_inst *in,
                                const traceg_windows *win, traceg_inst *out, hamm_error *err)
{
    gpu_op op = GPU_OP_ALU;
    hamm_status st = classify(ctx, in, &op, err);
    op = generic(gpu_trace_base_name(in->opcode), in, win, op);
    *out = (traceg_inst){.pc = in->pc, .active = in->mask, .op = (uint8_t)op};
    registers(in, out);
    if (st != HAMM_OK || !traceg_inst_is_memory(op))
        return st;
    if (in->width == 0)
        return trace_fail(ctx, err, &in->opcode, "mem_width",
                          "a memory instruction with mem_width 0 has no addresses");
    if ((st = width(ctx, in, out, err)) != HAMM_OK)
        return st;
    /* The tracer writes shared-memory accesses at their generic addresses, inside the
     * window that starts at "-shmem base_addr"; the engine's banks want offsets. */
    int is_shared = op == GPU_OP_SHARED_LOAD || op == GPU_OP_SHARED_STORE;
    for (size_t i = 0; is_shared && win->shared_known && i < in->naddr; i++)
        if (in->addr[i] >= win->shared_base)
            in->addr[i] -= win->shared_base;
    return HAMM_OK;
}
