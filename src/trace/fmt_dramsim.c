/* fmt_dramsim.c - the trace formats of DRAMsim3 and DRAMSim2 (traces/FOREIGN.md):
 *   0xADDR OP CYCLE
 * DRAMsim3 (src/common.cc, operator>> for Transaction): hex address, READ or WRITE,
 * decimal arrival cycle.  DRAMSim2 (TraceBasedSim.cpp, parseTraceFileLine) has the
 * same shape with two operation vocabularies, chosen there by the file name: "mase"
 * (READ, WRITE, IFETCH) and "k6" (P_MEM_RD, P_MEM_WR, P_FETCH, ...); hamm accepts both
 * in one file.  Every line is one request of the reader's request size. */
#include <inttypes.h>
#include <stdio.h>

#include "format.h"

typedef struct op_word {
    const char *word;
    hamm_op op;
} op_word;

/* DRAMsim3 compares against "WRITE"/"write" and reads anything else as a read; hamm
 * takes the two spellings of each and refuses the rest. */
static const op_word dramsim3_ops[] = {
    {"READ", HAMM_OP_READ}, {"WRITE", HAMM_OP_WRITE},
    {"read", HAMM_OP_READ}, {"write", HAMM_OP_WRITE},
};

/* DRAMSim2's own mapping, including its quirk that a locked write (P_LOCK_WR) is
 * issued as a read and a back-off (BOFF) as a write. */
static const op_word dramsim2_ops[] = {
    {"READ", HAMM_OP_READ},      {"WRITE", HAMM_OP_WRITE},     {"IFETCH", HAMM_OP_READ},
    {"P_MEM_RD", HAMM_OP_READ},  {"P_MEM_WR", HAMM_OP_WRITE},  {"P_FETCH", HAMM_OP_READ},
    {"P_LOCK_RD", HAMM_OP_READ}, {"P_LOCK_WR", HAMM_OP_READ},  {"BOFF", HAMM_OP_WRITE},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static int find_op(scan_token tok, const op_word *ops, size_t n, hamm_op *op)
{
    for (size_t i = 0; i < n; i++)
        if (scan_is(tok, ops[i].word)) {
            *op = ops[i].op;
            return 1;
        }
    return 0;
}

static hamm_status bad_op(const trace_line_ctx *ctx, hamm_error *err, scan_token tok,
                          int dramsim3)
{
    hamm_op ignored;
    int len = (int)(tok.len > 20 ? 20 : tok.len);
    if (dramsim3 && find_op(tok, dramsim2_ops, COUNT(dramsim2_ops), &ignored))
        return trace_fail(ctx, err, &tok, "op",
                          "'%.*s' is a DRAMSim2 operation; read this trace with "
                          "--format dramsim2", len, tok.p);
    return trace_fail(ctx, err, &tok, "op", "expected %s, found '%.*s'",
                      dramsim3 ? "READ or WRITE"
                               : "READ, WRITE, IFETCH, P_MEM_RD, P_MEM_WR or P_FETCH",
                      len, tok.p);
}

/* DRAMSim2 drops the first two characters of the address unread, so they must be 0x. */
static hamm_status address(const trace_line_ctx *ctx, hamm_error *err, scan_token tok,
                           int dramsim3, uint64_t *addr)
{
    if (dramsim3)
        return trace_number(ctx, err, tok, "address", TRACE_HEX, addr);
    scan_result res = scan_hex_u64_prefixed(tok, addr);
    if (res == SCAN_OK)
        return HAMM_OK;
    int len = (int)(tok.len > 40 ? 40 : tok.len);
    if (res == SCAN_BADCHAR && tok.len >= 2 && tok.p[0] == '0' &&
        (tok.p[1] == 'x' || tok.p[1] == 'X'))
        return trace_fail(ctx, err, &tok, "address", "%s: '%.*s'", scan_result_text(res, 1),
                          len, tok.p);
    if (res == SCAN_BADCHAR)
        return trace_fail(ctx, err, &tok, "address",
                          "DRAMSim2 addresses start with 0x, found '%.*s'", len, tok.p);
    return trace_fail(ctx, err, &tok, "address", "%s: '%.*s'", scan_result_text(res, 1), len,
                      tok.p);
}

static hamm_status parse(trace_line_ctx *ctx, scan_line l, hamm_error *err, int dramsim3)
{
    scan_token tok;
    uint64_t addr, cycle;
    hamm_op op;
    hamm_status st;
    if ((st = trace_need(ctx, err, &l, "address", &tok)) != HAMM_OK ||
        (st = address(ctx, err, tok, dramsim3, &addr)) != HAMM_OK)
        return st;
    if ((st = trace_need(ctx, err, &l, "op", &tok)) != HAMM_OK)
        return st;
    int known = dramsim3 ? find_op(tok, dramsim3_ops, COUNT(dramsim3_ops), &op)
                         : find_op(tok, dramsim2_ops, COUNT(dramsim2_ops), &op);
    if (!known)
        return bad_op(ctx, err, tok, dramsim3);
    if ((st = trace_need(ctx, err, &l, "cycle", &tok)) != HAMM_OK ||
        (st = trace_number(ctx, err, tok, "cycle", TRACE_DEC, &cycle)) != HAMM_OK ||
        (st = trace_expect_end(ctx, err, &l)) != HAMM_OK)
        return st;
    hamm_request *r = trace_emit(ctx);
    r->addr = addr;
    r->cycle = cycle;
    r->size = ctx->request_size;
    r->op = (uint8_t)op;
    r->flags = HAMM_REQ_HAS_CYCLE;
    return HAMM_OK;
}

static hamm_status dramsim3_parse(trace_line_ctx *ctx, scan_line l, hamm_error *err)
{
    return parse(ctx, l, err, 1);
}

static hamm_status dramsim2_parse(trace_line_ctx *ctx, scan_line l, hamm_error *err)
{
    return parse(ctx, l, err, 0);
}

/* A line of three tokens: a 0x address, an operation from `ops`, a decimal cycle. */
static int sniff(scan_line l, const op_word *ops, size_t n)
{
    scan_token a, o, c;
    uint64_t v;
    hamm_op op;
    return scan_next(&l, &a) && scan_hex_u64_prefixed(a, &v) == SCAN_OK && scan_next(&l, &o) &&
           find_op(o, ops, n, &op) && scan_next(&l, &c) && scan_dec_u64(c, &v) == SCAN_OK &&
           scan_at_end(&l);
}

/* DRAMsim3 claims READ/WRITE lines; DRAMSim2 claims those too plus its own operations,
 * so it outscores DRAMsim3 (listed first, winning ties) only when IFETCH or a k6
 * operation shows up. */
static int dramsim3_sniff(scan_line l)
{
    return sniff(l, dramsim3_ops, COUNT(dramsim3_ops));
}

static int dramsim2_sniff(scan_line l)
{
    return sniff(l, dramsim2_ops, COUNT(dramsim2_ops));
}

/* A request without an arrival cycle is written at cycle 0: the replay then offers
 * every request at once (a saturated replay). */
static size_t write_line(const hamm_request *r, char *buf, size_t cap, int upper_hex)
{
    uint64_t cycle = (r->flags & HAMM_REQ_HAS_CYCLE) ? r->cycle : 0;
    const char *op = r->op == HAMM_OP_WRITE ? "WRITE" : "READ";
    int n = upper_hex ? snprintf(buf, cap, "0x%08" PRIX64 " %s %" PRIu64, r->addr, op, cycle)
                      : snprintf(buf, cap, "0x%" PRIx64 " %s %" PRIu64, r->addr, op, cycle);
    return n > 0 && (size_t)n < cap ? (size_t)n : 0;
}

static size_t dramsim3_write(const hamm_request *r, char *buf, size_t cap)
{
    return write_line(r, buf, cap, 0);
}

/* DRAMSim2's mase spelling (as in its traces/mase_*.trc); DRAMSim2 picks the parser
 * from the file name, so name the file mase_<something>.trc. */
static size_t dramsim2_write(const hamm_request *r, char *buf, size_t cap)
{
    return write_line(r, buf, cap, 1);
}

const trace_format trace_format_dramsim3 = {
    .id = HAMM_FORMAT_DRAMSIM3,
    .name = "dramsim3",
    .summary = "DRAMsim3: 0xADDR READ|WRITE CYCLE",
    .sniff = dramsim3_sniff,
    .parse = dramsim3_parse,
    .write = dramsim3_write,
};

const trace_format trace_format_dramsim2 = {
    .id = HAMM_FORMAT_DRAMSIM2,
    .name = "dramsim2",
    .summary = "DRAMSim2 mase/k6: 0xADDR READ|WRITE|IFETCH|P_MEM_RD|P_MEM_WR|P_FETCH CYCLE",
    .sniff = dramsim2_sniff,
    .parse = dramsim2_parse,
    .write = dramsim2_write,
};
