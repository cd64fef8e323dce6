/* accelsim_inst.c - the parser of one Accel-Sim instruction line (accelsim_inst.h). */
#include <inttypes.h>
#include <string.h>

#include "accelsim_inst.h"

/* A decimal with an optional sign, as the tracer prints strides, deltas, immediates. */
static hamm_status signed_number(const trace_line_ctx *ctx, hamm_error *err, scan_token tok,
                                 const char *field, int64_t *out)
{
    scan_token digits = tok;
    int neg = digits.len > 0 && digits.p[0] == '-';
    if (digits.len > 0 && (digits.p[0] == '-' || digits.p[0] == '+')) {
        digits.p++;
        digits.len--;
    }
    uint64_t mag;
    scan_result res = scan_dec_u64(digits, &mag);
    if (res == SCAN_OK && mag > (uint64_t)INT64_MAX + (uint64_t)neg)
        res = SCAN_OVERFLOW;
    if (res != SCAN_OK)
        return trace_fail(ctx, err, &tok, field, "%s: '%.*s'", scan_result_text(res, 0),
                          (int)(tok.len > 40 ? 40 : tok.len), tok.p);
    if (!neg)
        *out = (int64_t)mag;
    else
        *out = mag == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)mag;
    return HAMM_OK;
}

/* addr += delta, or 0 when the result leaves 0 .. 2^64-1. */
static int step(uint64_t *addr, int64_t delta)
{
    if (delta < 0) {
        uint64_t mag = (uint64_t)(-(delta + 1)) + 1;
        if (*addr < mag)
            return 0;
        *addr -= mag;
    } else {
        if (*addr > UINT64_MAX - (uint64_t)delta)
            return 0;
        *addr += (uint64_t)delta;
    }
    return 1;
}

hamm_status accelsim_inst_need_number(const trace_line_ctx *ctx, hamm_error *err, scan_line *l,
                                      const char *field, trace_base base, uint64_t max,
                                      uint64_t *v)
{
    scan_token tok;
    hamm_status st = trace_need(ctx, err, l, field, &tok);
    if (st == HAMM_OK)
        st = trace_number(ctx, err, tok, field, base, v);
    if (st == HAMM_OK && *v > max)
        st = trace_fail(ctx, err, &tok, field, "%" PRIu64 " is above the limit %" PRIu64, *v,
                        max);
    return st;
}

/* Whether tok is PREFIX followed by a decimal number or by `named` (NULL: none). */
static int register_of(scan_token tok, const char *prefix, const char *named)
{
    size_t k = strlen(prefix);
    uint64_t n;
    if (tok.len <= k || memcmp(tok.p, prefix, k) != 0)
        return 0;
    scan_token rest = {tok.p + k, tok.len - k};
    return scan_dec_u64(rest, &n) == SCAN_OK || (named && scan_is(rest, named));
}

/* A register operand.  The tracer writes R<n> only (RZ as R255), and Accel-Sim's reader
 * scans "R%d", so anything else is a damaged line, not a register; SASS's own names are
 * kept for hand-made lines: RZ, and the registers that carry no dependence here (a
 * predicate P<n> or PT, a uniform register UR<n> or URZ, a uniform predicate UP<n> or
 * UPT, a barrier register B<n>).  Above R255 there is no register. */
static hamm_status register_name(const trace_line_ctx *ctx, hamm_error *err, scan_token tok,
                                 const char *field)
{
    uint64_t n;
    int len = (int)(tok.len > 20 ? 20 : tok.len);
    scan_token digits = {tok.p + 1, tok.len - 1};
    if (tok.len > 1 && tok.p[0] == 'R' && scan_dec_u64(digits, &n) == SCAN_OK && n > 255)
        return trace_fail(ctx, err, &tok, field, "'%.*s' is above R255", len, tok.p);
    if (register_of(tok, "R", "Z") || register_of(tok, "P", "T") ||
        register_of(tok, "UR", "Z") || register_of(tok, "UP", "T") ||
        register_of(tok, "B", NULL))
        return HAMM_OK;
    return trace_fail(ctx, err, &tok, field, "'%.*s' is not a register (R0..R255 or RZ; P<n>, "
                      "PT, UR<n>, URZ, UP<n>, UPT, B<n>)", len, tok.p);
}

/* NREGS REG..: the count, then that many registers. */
static hamm_status registers(const trace_line_ctx *ctx, hamm_error *err, scan_line *l,
                             const char *count_field, const char *field, uint32_t *n,
                             scan_token reg[ACCELSIM_MAX_REGS])
{
    uint64_t count;
    hamm_status st = accelsim_inst_need_number(ctx, err, l, count_field, TRACE_DEC,
                                               ACCELSIM_MAX_REGS, &count);
    *n = 0;
    for (uint64_t i = 0; st == HAMM_OK && i < count; i++, (*n)++)
        if ((st = trace_need(ctx, err, l, field, &reg[i])) == HAMM_OK)
            st = register_name(ctx, err, reg[i], field);
    return st;
}

/* [LINE] PC MASK NDEST DEST.. OPCODE NSRC SRC.. MEM_WIDTH */
static hamm_status fields(const trace_line_ctx *ctx, int lineinfo, scan_line *l,
                          accelsim_inst *in, hamm_error *err)
{
    uint64_t v;
    hamm_status st;
    if (lineinfo && (st = accelsim_inst_need_number(ctx, err, l, "line number", TRACE_DEC,
                                                    UINT64_MAX, &v)) != HAMM_OK)
        return st;
    if ((st = accelsim_inst_need_number(ctx, err, l, "PC", TRACE_HEX, UINT64_MAX, &in->pc)) !=
            HAMM_OK ||
        (st = accelsim_inst_need_number(ctx, err, l, "mask", TRACE_HEX, UINT32_MAX, &v)) !=
            HAMM_OK)
        return st;
    in->mask = (uint32_t)v;
    if ((st = registers(ctx, err, l, "destination count", "destination", &in->ndst,
                        in->dst)) != HAMM_OK ||
        (st = trace_need(ctx, err, l, "opcode", &in->opcode)) != HAMM_OK ||
        (st = registers(ctx, err, l, "source count", "source", &in->nsrc, in->src)) != HAMM_OK)
        return st;
    return accelsim_inst_need_number(ctx, err, l, "mem_width", TRACE_DEC, ACCELSIM_MAX_WIDTH,
                                     &in->width);
}

/* MODE [BASE [STRIDE]]: the mode, and for modes 1 and 2 the base (and mode 1's stride). */
static hamm_status address_mode(const trace_line_ctx *ctx, scan_line *l, uint64_t *mode,
                                uint64_t *base, int64_t *stride, hamm_error *err)
{
    scan_token tok;
    hamm_status st;
    if ((st = accelsim_inst_need_number(ctx, err, l, "address mode", TRACE_DEC, UINT64_MAX,
                                        mode)) != HAMM_OK)
        return st;
    if (*mode > 2)
        return trace_fail(ctx, err, NULL, "address mode",
                          "%" PRIu64 " is not 0 (list), 1 (base-stride) or 2 (base-delta)",
                          *mode);
    if (*mode != 0 && (st = accelsim_inst_need_number(ctx, err, l, "base address", TRACE_HEX,
                                                      UINT64_MAX, base)) != HAMM_OK)
        return st;
    if (*mode == 1 && ((st = trace_need(ctx, err, l, "stride", &tok)) != HAMM_OK ||
                       (st = signed_number(ctx, err, tok, "stride", stride)) != HAMM_OK))
        return st;
    return HAMM_OK;
}

/* The addresses of the active lanes, in lane order, per the address mode. */
static hamm_status addresses(const trace_line_ctx *ctx, scan_line *l, accelsim_inst *in,
                             hamm_error *err)
{
    uint64_t mode, base = 0, *addr = in->addr;
    int64_t d = 0;
    scan_token tok;
    hamm_status st = address_mode(ctx, l, &mode, &base, &d, err);
    size_t *n = &in->naddr;
    int gap = 0;
    for (int lane = 0; st == HAMM_OK && lane < GPU_WARP_SIZE; lane++) {
        if (!(in->mask >> lane & 1u)) {
            gap = *n > 0;
            continue;
        }
        if (mode == 1 && gap)
            return trace_fail(ctx, err, NULL, "mask",
                              "base-stride addresses need contiguous active lanes");
        if (mode == 0) {
            st = accelsim_inst_need_number(ctx, err, l, "address", TRACE_HEX, UINT64_MAX,
                                           &addr[*n]);
        } else if (*n == 0) {
            addr[0] = base;
        } else {
            if (mode == 2 && ((st = trace_need(ctx, err, l, "delta", &tok)) != HAMM_OK ||
                              (st = signed_number(ctx, err, tok, "delta", &d)) != HAMM_OK))
                return st;
            addr[*n] = addr[*n - 1];
            if (!step(&addr[*n], d))
                st = trace_fail(ctx, err, NULL, "address", "lane %d's address leaves 0..2^64-1",
                                lane);
        }
        if (st == HAMM_OK)
            (*n)++;
    }
    return st;
}

/* Tracer version 5 ends every instruction with its immediate. */
static hamm_status line_end(const trace_line_ctx *ctx, scan_line *l, hamm_error *err)
{
    scan_token tok;
    int64_t imm;
    if (!scan_next(l, &tok))
        return HAMM_OK;
    hamm_status st = signed_number(ctx, err, tok, "immediate", &imm);
    return st != HAMM_OK ? st : trace_expect_end(ctx, err, l);
}

hamm_status accelsim_inst_parse(const trace_line_ctx *ctx, int lineinfo, scan_line *l,
                                accelsim_inst *in, hamm_error *err)
{
    in->naddr = 0;
    in->tma = 0;
    hamm_status st = fields(ctx, lineinfo, l, in, err);
    if (st != HAMM_OK)
        return st;
    if (in->width == 0)
        return line_end(ctx, l, err);
    hamm_op op;
    if (gpu_trace_classify(in->opcode, &op) == GPU_ACCESS_UNSUPPORTED) {
        in->tma = 1;
        return HAMM_OK;
    }
    if ((st = addresses(ctx, l, in, err)) != HAMM_OK)
        return st;
    return line_end(ctx, l, err);
}
