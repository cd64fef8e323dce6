/* fmt_text.c - the native text encoding (traces/FORMAT.md):
 *   OP ADDR [SIZE [CYCLE [CORE [WARP]]]]
 * OP is R or W; ADDR hex (0x optional); SIZE bytes (default: the reader's request size);
 * CYCLE, CORE, WARP decimal; '-' stands for an absent optional field; '#' starts a comment. */
#include <inttypes.h>
#include <stdio.h>

#include "format.h"

static int parse_op(scan_token tok, hamm_op *op)
{
    if (tok.len != 1)
        return 0;
    switch (tok.p[0]) {
    case 'R':
    case 'r':
        *op = HAMM_OP_READ;
        return 1;
    case 'W':
    case 'w':
        *op = HAMM_OP_WRITE;
        return 1;
    default:
        return 0;
    }
}

static int is_absent(scan_token tok)
{
    return tok.len == 1 && tok.p[0] == '-';
}

/* An optional field: absent at end of line or as '-'; else a number <= max. */
static hamm_status optional_field(trace_line_ctx *ctx, hamm_error *err, scan_line *l,
                                  const char *field, uint64_t max, uint64_t *v, int *present)
{
    scan_token tok;
    *present = 0;
    *v = 0;
    if (!scan_next(l, &tok) || is_absent(tok))
        return HAMM_OK;
    hamm_status st = trace_number(ctx, err, tok, field, TRACE_AUTO, v);
    if (st != HAMM_OK)
        return st;
    if (*v > max)
        return trace_fail(ctx, err, &tok, field, "%" PRIu64 " is above the limit %" PRIu64,
                          *v, max);
    *present = 1;
    return HAMM_OK;
}

static hamm_status text_parse(trace_line_ctx *ctx, scan_line l, hamm_error *err)
{
    scan_token tok;
    hamm_op op;
    uint64_t addr, v;
    int present;
    hamm_status st = trace_need(ctx, err, &l, "op", &tok);
    if (st != HAMM_OK)
        return st;
    if (!parse_op(tok, &op))
        return trace_fail(ctx, err, &tok, "op", "expected R or W, found '%.*s'",
                          (int)(tok.len > 20 ? 20 : tok.len), tok.p);
    if ((st = trace_need(ctx, err, &l, "address", &tok)) != HAMM_OK ||
        (st = trace_number(ctx, err, tok, "address", TRACE_HEX, &addr)) != HAMM_OK)
        return st;
    hamm_request req = {.addr = addr, .op = (uint8_t)op, .size = ctx->request_size};
    scan_line before_size = l;
    if ((st = optional_field(ctx, err, &l, "size", HAMM_MAX_REQUEST_SIZE, &v, &present)))
        return st;
    if (present && v == 0) {
        scan_next(&before_size, &tok);
        return trace_fail(ctx, err, &tok, "size", "request size must be at least 1 byte");
    }
    if (present)
        req.size = (uint32_t)v;
    if ((st = optional_field(ctx, err, &l, "cycle", UINT64_MAX, &req.cycle, &present)))
        return st;
    req.flags |= present ? HAMM_REQ_HAS_CYCLE : 0;
    if ((st = optional_field(ctx, err, &l, "core", HAMM_MAX_CORE, &v, &present)))
        return st;
    req.core = (uint16_t)v;
    req.flags |= present ? HAMM_REQ_HAS_CORE : 0;
    if ((st = optional_field(ctx, err, &l, "warp", HAMM_MAX_WARP, &v, &present)))
        return st;
    req.warp = (uint16_t)v;
    req.flags |= present ? HAMM_REQ_HAS_WARP : 0;
    if ((st = trace_expect_end(ctx, err, &l)) != HAMM_OK)
        return st;
    *trace_emit(ctx) = req;
    return HAMM_OK;
}

static int text_sniff(scan_line l)
{
    scan_token op, addr;
    hamm_op o;
    uint64_t a;
    return scan_next(&l, &op) && parse_op(op, &o) && scan_next(&l, &addr) &&
           scan_hex_u64(addr, &a) == SCAN_OK;
}

static size_t text_write(const hamm_request *r, char *buf, size_t cap)
{
    int n = snprintf(buf, cap, "%c 0x%" PRIx64 " %" PRIu32, r->op == HAMM_OP_WRITE ? 'W' : 'R',
                     r->addr, r->size);
    int last = (r->flags & HAMM_REQ_HAS_WARP) ? 3 : (r->flags & HAMM_REQ_HAS_CORE) ? 2
               : (r->flags & HAMM_REQ_HAS_CYCLE) ? 1 : 0;
    const uint8_t bits[3] = {HAMM_REQ_HAS_CYCLE, HAMM_REQ_HAS_CORE, HAMM_REQ_HAS_WARP};
    const uint64_t vals[3] = {r->cycle, r->core, r->warp};
    for (int i = 0; i < last && n > 0 && (size_t)n < cap; i++) {
        if (r->flags & bits[i])
            n += snprintf(buf + n, cap - (size_t)n, " %" PRIu64, vals[i]);
        else
            n += snprintf(buf + n, cap - (size_t)n, " -");
    }
    return n > 0 && (size_t)n < cap ? (size_t)n : 0;
}

const trace_format trace_format_text = {
    .id = HAMM_FORMAT_TEXT,
    .name = "text",
    .summary = "native text: OP ADDR [SIZE [CYCLE [CORE [WARP]]]]",
    .hash_comments = 1,
    .sniff = text_sniff,
    .parse = text_parse,
    .write = text_write,
    .write_header = "# hamm trace v1: OP ADDR SIZE [CYCLE [CORE [WARP]]]",
};
