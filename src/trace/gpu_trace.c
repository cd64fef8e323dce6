/* gpu_trace.c - SASS opcode classes, access widths and CTA numbering for the GPU
 * trace formats (fmt_nvbit.c, fmt_accelsim.c).  The tables say, per base opcode,
 * whether a warp instruction can reach DRAM; keeping them in one place keeps the
 * two formats from disagreeing about what a load is. */
#include <inttypes.h>
#include <string.h>

#include "gpu_trace.h"

/* Global, local and generic loads; surface and texture fetches read device memory. */
static const char *const read_ops[] = {
    "LD", "LDG", "LDL", "LDGSTS", "SULD", "TEX", "TLD", "TLD4", "TXD",
};
static const char *const write_ops[] = {"ST", "STG", "STL", "SUST"};
/* Atomics and reductions are read-modify-writes done in the L2: DRAM sees the line
 * being fetched (a read); whether and when the dirty line is written back depends on
 * the cache, which a trace does not show, so they count as reads. */
static const char *const atomic_ops[] = {"ATOM", "ATOMG", "RED", "REDG", "SUATOM", "SURED"};
/* Shared and constant memory live on chip; cache control and barriers move no data. */
static const char *const onchip_ops[] = {
    "LDS", "STS", "LDSM", "STSM", "ATOMS", "LDC", "ULDC", "CCTL", "CCTLL", "CCTLT",
    "MEMBAR", "ERRBAR", "DEPBAR", "LDGDEPBAR", "TMML", "TXQ",
};
/* Hopper's tensor memory accelerator copies whole tiles; its trace lines list
 * transfers, not lanes, and are not modelled. */
static const char *const tma_prefixes[] = {"UTMA", "UBLK"};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

int gpu_trace_in_list(scan_token base, const char *const *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (scan_is(base, list[i]))
            return 1;
    return 0;
}

scan_token gpu_trace_base_name(scan_token opcode)
{
    const char *dot = memchr(opcode.p, '.', opcode.len);
    scan_token base = {opcode.p, dot ? (size_t)(dot - opcode.p) : opcode.len};
    return base;
}

gpu_access gpu_trace_classify(scan_token opcode, hamm_op *op)
{
    scan_token base = gpu_trace_base_name(opcode);
    if (gpu_trace_in_list(base, read_ops, COUNT(read_ops)) ||
        gpu_trace_in_list(base, atomic_ops, COUNT(atomic_ops))) {
        *op = HAMM_OP_READ;
        return GPU_ACCESS_DRAM;
    }
    if (gpu_trace_in_list(base, write_ops, COUNT(write_ops))) {
        *op = HAMM_OP_WRITE;
        return GPU_ACCESS_DRAM;
    }
    if (gpu_trace_in_list(base, onchip_ops, COUNT(onchip_ops)))
        return GPU_ACCESS_ONCHIP;
    for (size_t i = 0; i < COUNT(tma_prefixes); i++) {
        size_t n = strlen(tma_prefixes[i]);
        if (base.len >= n && memcmp(base.p, tma_prefixes[i], n) == 0)
            return GPU_ACCESS_UNSUPPORTED;
    }
    return GPU_ACCESS_UNKNOWN;
}

/* Bits named by one '.'-separated part: "64", "U8", "S16", "F32"; 0 when none. */
static uint64_t part_bits(scan_token part)
{
    scan_token digits = part;
    if (part.len > 1 && (part.p[0] == 'U' || part.p[0] == 'S' || part.p[0] == 'F')) {
        digits.p++;
        digits.len--;
    }
    uint64_t bits;
    if (digits.len > 4 || scan_dec_u64(digits, &bits) != SCAN_OK)
        return 0;
    return bits >= 8 && bits <= 1024 && bits % 8 == 0 ? bits : 0;
}

uint32_t gpu_trace_width(scan_token opcode)
{
    const char *p = opcode.p, *end = opcode.p + opcode.len;
    const char *dot = memchr(p, '.', opcode.len);
    while (dot) {
        p = dot + 1;
        dot = memchr(p, '.', (size_t)(end - p));
        scan_token part = {p, dot ? (size_t)(dot - p) : (size_t)(end - p)};
        uint64_t bits = part_bits(part);
        if (bits)
            return (uint32_t)(bits / 8);
    }
    return 4;
}

hamm_status gpu_trace_dim3(const trace_line_ctx *ctx, hamm_error *err, scan_token tok,
                           const char *field, uint64_t v[3])
{
    scan_token in = tok;
    if (in.len >= 2 && in.p[0] == '(' && in.p[in.len - 1] == ')') {
        in.p++;
        in.len -= 2;
    }
    const char *p = in.p, *end = in.p + in.len;
    for (int i = 0; i < 3; i++) {
        const char *comma = memchr(p, ',', (size_t)(end - p));
        if ((i < 2) != (comma != NULL))
            return trace_fail(ctx, err, &tok, field, "expected x,y,z, found '%.*s'",
                              (int)(tok.len > 40 ? 40 : tok.len), tok.p);
        scan_token part = {p, comma ? (size_t)(comma - p) : (size_t)(end - p)};
        scan_result res = scan_dec_u64(part, &v[i]);
        if (res != SCAN_OK)
            return trace_fail(ctx, err, &tok, field, "%s in '%.*s'", scan_result_text(res, 0),
                              (int)(tok.len > 40 ? 40 : tok.len), tok.p);
        p = comma ? comma + 1 : end;
    }
    return HAMM_OK;
}

hamm_status gpu_trace_check_grid(const trace_line_ctx *ctx, hamm_error *err, scan_token tok,
                                 const uint64_t dim[3])
{
    /* CUDA's limits; they also keep the linear CTA index below 2^63. */
    const uint64_t max[3] = {(1ull << 31) - 1, 65535, 65535};
    for (int i = 0; i < 3; i++)
        if (dim[i] == 0 || dim[i] > max[i])
            return trace_fail(ctx, err, &tok, "grid size",
                              "dimension %d is %" PRIu64 ", outside 1..%" PRIu64, i, dim[i],
                              max[i]);
    return HAMM_OK;
}

hamm_status gpu_trace_cta_core(const trace_line_ctx *ctx, hamm_error *err, scan_token tok,
                               const gpu_grid *grid, const uint64_t cta[3], uint16_t *core)
{
    if (!grid->known) {
        if (cta[1] != 0 || cta[2] != 0)
            return trace_fail(ctx, err, &tok, "CTA",
                              "a 2-D or 3-D CTA id needs the grid size, which no earlier "
                              "line gave");
        *core = (uint16_t)(cta[0] & 0xFFFFu);
        return HAMM_OK;
    }
    for (int i = 0; i < 3; i++)
        if (cta[i] >= grid->dim[i])
            return trace_fail(ctx, err, &tok, "CTA",
                              "CTA %" PRIu64 ",%" PRIu64 ",%" PRIu64
                              " is outside the grid %" PRIu64 ",%" PRIu64 ",%" PRIu64,
                              cta[0], cta[1], cta[2], grid->dim[0], grid->dim[1], grid->dim[2]);
    uint64_t linear = cta[0] + grid->dim[0] * (cta[1] + grid->dim[1] * cta[2]);
    *core = (uint16_t)(linear & 0xFFFFu);
    return HAMM_OK;
}
