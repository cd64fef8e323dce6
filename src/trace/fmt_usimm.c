/* fmt_usimm.c - USIMM traces, the Memory Scheduling Championship 2012 format
 * (traces/FOREIGN.md):
 *   NONMEMOPS R ADDR [PC]
 *   NONMEMOPS W ADDR
 * NONMEMOPS counts the non-memory instructions the core retires before the access.
 * USIMM 1.3 (src/main.c) reads a line with sscanf: "%d %c", then "%Lx" for the
 * address and, on reads, "%Lx" for the pc: decimal count, an upper-case R or W,
 * hexadecimal addresses with or without 0x.  One file is one core's trace.  As for
 * Ramulator's CPU traces, the count is instructions, not time, so the requests carry
 * no cycle; the pc is checked and dropped. */
#include <inttypes.h>
#include <stdio.h>

#include "format.h"

/* USIMM keeps the count in an int. */
#define USIMM_MAX_NONMEMOPS ((uint64_t)INT32_MAX)

static int usimm_op(scan_token tok, hamm_op *op)
{
    if (scan_is(tok, "R"))
        *op = HAMM_OP_READ;
    else if (scan_is(tok, "W"))
        *op = HAMM_OP_WRITE;
    else
        return 0;
    return 1;
}

static hamm_status nonmemops(const trace_line_ctx *ctx, hamm_error *err, scan_line *l)
{
    scan_token tok;
    uint64_t v;
    hamm_status st;
    if ((st = trace_need(ctx, err, l, "instructions", &tok)) != HAMM_OK ||
        (st = trace_number(ctx, err, tok, "instructions", TRACE_DEC, &v)) != HAMM_OK)
        return st;
    if (v > USIMM_MAX_NONMEMOPS)
        return trace_fail(ctx, err, &tok, "instructions",
                          "%" PRIu64 " is above 2^31-1, the largest count USIMM reads", v);
    return HAMM_OK;
}

/* USIMM ignores whatever follows a write's address; hamm refuses it, so that a line
 * of another shape is not read as a write by accident. */
static hamm_status pc_and_end(const trace_line_ctx *ctx, hamm_error *err, scan_line *l,
                              hamm_op op)
{
    scan_token tok;
    uint64_t pc;
    if (!scan_next(l, &tok))
        return HAMM_OK;
    if (op == HAMM_OP_WRITE)
        return trace_fail(ctx, err, &tok, "pc",
                          "a USIMM write has no pc; found '%.*s' after the address",
                          (int)(tok.len > 20 ? 20 : tok.len), tok.p);
    hamm_status st = trace_number(ctx, err, tok, "pc", TRACE_HEX, &pc);
    if (st != HAMM_OK)
        return st;
    return trace_expect_end(ctx, err, l);
}

static hamm_status usimm_parse(trace_line_ctx *ctx, scan_line l, hamm_error *err)
{
    scan_token tok;
    uint64_t addr;
    hamm_op op;
    hamm_status st;
    if ((st = nonmemops(ctx, err, &l)) != HAMM_OK ||
        (st = trace_need(ctx, err, &l, "op", &tok)) != HAMM_OK)
        return st;
    if (!usimm_op(tok, &op))
        return trace_fail(ctx, err, &tok, "op", "expected R or W, found '%.*s'",
                          (int)(tok.len > 20 ? 20 : tok.len), tok.p);
    if ((st = trace_need(ctx, err, &l, "address", &tok)) != HAMM_OK ||
        (st = trace_number(ctx, err, tok, "address", TRACE_HEX, &addr)) != HAMM_OK ||
        (st = pc_and_end(ctx, err, &l, op)) != HAMM_OK)
        return st;
    hamm_request *r = trace_emit(ctx);
    r->addr = addr;
    r->size = ctx->request_size;
    r->op = (uint8_t)op;
    return HAMM_OK;
}

/* A decimal, R or W, a hex address, and a hex pc on reads only.  No other format
 * has R or W second (Ramulator's CPU traces put it third). */
static int usimm_sniff(scan_line l)
{
    scan_token n, o, a, pc;
    uint64_t v;
    hamm_op op;
    if (!scan_next(&l, &n) || scan_dec_u64(n, &v) != SCAN_OK || !scan_next(&l, &o) ||
        !usimm_op(o, &op) || !scan_next(&l, &a) || scan_hex_u64(a, &v) != SCAN_OK)
        return 0;
    if (!scan_next(&l, &pc))
        return 1;
    return op == HAMM_OP_READ && scan_hex_u64(pc, &v) == SCAN_OK && scan_at_end(&l);
}

/* hamm has no instruction counts or pcs: every request follows the previous one with
 * no instructions between, and reads get pc 0, because USIMM leaves a read's pc
 * unset (the previous line's, or garbage on the first) when the line has none. */
static size_t usimm_write(const hamm_request *r, char *buf, size_t cap)
{
    int n = r->op == HAMM_OP_WRITE ? snprintf(buf, cap, "0 W 0x%" PRIx64, r->addr)
                                   : snprintf(buf, cap, "0 R 0x%" PRIx64 " 0x0", r->addr);
    return n > 0 && (size_t)n < cap ? (size_t)n : 0;
}

const trace_format trace_format_usimm = {
    .id = HAMM_FORMAT_USIMM,
    .name = "usimm",
    .summary = "USIMM (MSC 2012) trace: NONMEMOPS R ADDR [PC] | NONMEMOPS W ADDR",
    .sniff = usimm_sniff,
    .parse = usimm_parse,
    .write = usimm_write,
};
