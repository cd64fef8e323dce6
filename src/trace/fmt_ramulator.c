/* fmt_ramulator.c - Ramulator's memory-request traces (traces/FOREIGN.md):
 *   Ramulator 1, DRAM mode:        0xADDR R|W
 *     (src/Processor.cpp, Trace::get_dramtrace_request: the address is read with
 *     stoul(..., 16), so the 0x is optional)
 *   Ramulator 2, LoadStoreTrace:   LD|ST ADDR
 *     (src/frontend/impl/memory_trace/loadstore_trace.cpp: exactly two tokens; the
 *     address is hex after 0x or 0X, else decimal, read with stoll, so below 2^63)
 * Neither carries a size or a time: each line is one request of the reader's request
 * size, and a replay sends them as fast as the memory accepts them. */
#include <inttypes.h>
#include <stdio.h>

#include "format.h"

#define RAMULATOR2_MAX_ADDR ((uint64_t)INT64_MAX)

static int rw_op(scan_token tok, hamm_op *op)
{
    if (scan_is(tok, "R"))
        *op = HAMM_OP_READ;
    else if (scan_is(tok, "W"))
        *op = HAMM_OP_WRITE;
    else
        return 0;
    return 1;
}

static int ldst_op(scan_token tok, hamm_op *op)
{
    if (scan_is(tok, "LD"))
        *op = HAMM_OP_READ;
    else if (scan_is(tok, "ST"))
        *op = HAMM_OP_WRITE;
    else
        return 0;
    return 1;
}

static void emit(trace_line_ctx *ctx, uint64_t addr, hamm_op op)
{
    hamm_request *r = trace_emit(ctx);
    r->addr = addr;
    r->size = ctx->request_size;
    r->op = (uint8_t)op;
}

/* Ramulator 1 takes a missing operation for a read; hamm asks for it, so that a
 * truncated line is not silently a read. */
static hamm_status ramulator_parse(trace_line_ctx *ctx, scan_line l, hamm_error *err)
{
    scan_token tok;
    uint64_t addr;
    hamm_op op;
    hamm_status st;
    if ((st = trace_need(ctx, err, &l, "address", &tok)) != HAMM_OK ||
        (st = trace_number(ctx, err, tok, "address", TRACE_HEX, &addr)) != HAMM_OK ||
        (st = trace_need(ctx, err, &l, "op", &tok)) != HAMM_OK)
        return st;
    if (!rw_op(tok, &op))
        return trace_fail(ctx, err, &tok, "op", "expected R or W, found '%.*s'",
                          (int)(tok.len > 20 ? 20 : tok.len), tok.p);
    if ((st = trace_expect_end(ctx, err, &l)) != HAMM_OK)
        return st;
    emit(ctx, addr, op);
    return HAMM_OK;
}

static hamm_status ramulator2_parse(trace_line_ctx *ctx, scan_line l, hamm_error *err)
{
    scan_token tok;
    uint64_t addr;
    hamm_op op;
    hamm_status st;
    if ((st = trace_need(ctx, err, &l, "op", &tok)) != HAMM_OK)
        return st;
    if (!ldst_op(tok, &op))
        return trace_fail(ctx, err, &tok, "op", "expected LD or ST, found '%.*s'",
                          (int)(tok.len > 20 ? 20 : tok.len), tok.p);
    if ((st = trace_need(ctx, err, &l, "address", &tok)) != HAMM_OK ||
        (st = trace_number(ctx, err, tok, "address", TRACE_AUTO, &addr)) != HAMM_OK)
        return st;
    if (addr > RAMULATOR2_MAX_ADDR)
        return trace_fail(ctx, err, &tok, "address",
                          "0x%" PRIx64 " is above 2^63-1, the largest address Ramulator 2 "
                          "reads", addr);
    if ((st = trace_expect_end(ctx, err, &l)) != HAMM_OK)
        return st;
    emit(ctx, addr, op);
    return HAMM_OK;
}

/* "0xADDR R|W": the 0x is required here, to tell the line from other formats'. */
static int ramulator_sniff(scan_line l)
{
    scan_token a, o;
    uint64_t v;
    hamm_op op;
    return scan_next(&l, &a) && scan_hex_u64_prefixed(a, &v) == SCAN_OK && scan_next(&l, &o) &&
           rw_op(o, &op) && scan_at_end(&l);
}

static int ramulator2_sniff(scan_line l)
{
    scan_token a, o;
    uint64_t v;
    hamm_op op;
    return scan_next(&l, &o) && ldst_op(o, &op) && scan_next(&l, &a) &&
           scan_auto_u64(a, &v) == SCAN_OK && scan_at_end(&l);
}

static size_t ramulator_write(const hamm_request *r, char *buf, size_t cap)
{
    int n = snprintf(buf, cap, "0x%" PRIx64 " %c", r->addr, r->op == HAMM_OP_WRITE ? 'W' : 'R');
    return n > 0 && (size_t)n < cap ? (size_t)n : 0;
}

/* Ramulator 2 parses addresses as signed 64-bit: larger ones cannot be written. */
static size_t ramulator2_write(const hamm_request *r, char *buf, size_t cap)
{
    if (r->addr > RAMULATOR2_MAX_ADDR)
        return 0;
    int n = snprintf(buf, cap, "%s 0x%" PRIx64, r->op == HAMM_OP_WRITE ? "ST" : "LD", r->addr);
    return n > 0 && (size_t)n < cap ? (size_t)n : 0;
}

const trace_format trace_format_ramulator = {
    .id = HAMM_FORMAT_RAMULATOR,
    .name = "ramulator",
    .summary = "Ramulator 1 DRAM trace: 0xADDR R|W",
    .sniff = ramulator_sniff,
    .parse = ramulator_parse,
    .write = ramulator_write,
};

const trace_format trace_format_ramulator2 = {
    .id = HAMM_FORMAT_RAMULATOR2,
    .name = "ramulator2",
    .summary = "Ramulator 2 LoadStoreTrace: LD|ST ADDR",
    .sniff = ramulator2_sniff,
    .parse = ramulator2_parse,
    .write = ramulator2_write,
    .write_limit = "Ramulator 2 reads addresses up to 2^63-1",
};
