/* fmt_ramulator_cpu.c - Ramulator's CPU traces (traces/FOREIGN.md):
 *   BUBBLES READ_ADDR [WRITEBACK_ADDR]     (filtered: after the caches)
 *   BUBBLES ADDR R|W                       (unfiltered: before the caches)
 * BUBBLES counts the non-memory instructions before the access.  Ramulator 1
 * (src/Processor.cpp, Trace::get_filtered_request / get_unfiltered_request) reads it
 * with stoul(..., 10) and the addresses with stoul(..., 0): decimal, or hex after 0x;
 * Ramulator 2's SimpleO3 trace (src/frontend/impl/processor/simpleO3/trace.cpp) has
 * the filtered shape in decimal.  A filtered line is one read, plus one write when it
 * has a writeback address.  The bubble count is an instruction count, not a time, so
 * the requests carry no cycle; hamm does not write this format (a write cannot stand
 * alone in it: it rides on a read). */
#include "format.h"

/* stoul(..., 0) would read "0100" as octal and Ramulator 2 as decimal; refuse the
 * ambiguity rather than pick one. */
static hamm_status address(const trace_line_ctx *ctx, hamm_error *err, scan_token tok,
                           const char *field, uint64_t *addr)
{
    int hex = tok.len >= 2 && tok.p[0] == '0' && (tok.p[1] == 'x' || tok.p[1] == 'X');
    if (!hex && tok.len >= 2 && tok.p[0] == '0')
        return trace_fail(ctx, err, &tok, field,
                          "leading zero in '%.*s': Ramulator 1 reads it as octal, Ramulator 2 "
                          "as decimal; write it without the zero or with 0x",
                          (int)(tok.len > 40 ? 40 : tok.len), tok.p);
    return trace_number(ctx, err, tok, field, TRACE_AUTO, addr);
}

static void emit(trace_line_ctx *ctx, uint64_t addr, hamm_op op)
{
    hamm_request *r = trace_emit(ctx);
    r->addr = addr;
    r->size = ctx->request_size;
    r->op = (uint8_t)op;
}

static hamm_status cpu_parse(trace_line_ctx *ctx, scan_line l, hamm_error *err)
{
    scan_token tok;
    uint64_t bubbles, addr, wb;
    hamm_status st;
    if ((st = trace_need(ctx, err, &l, "bubbles", &tok)) != HAMM_OK ||
        (st = trace_number(ctx, err, tok, "bubbles", TRACE_DEC, &bubbles)) != HAMM_OK ||
        (st = trace_need(ctx, err, &l, "address", &tok)) != HAMM_OK ||
        (st = address(ctx, err, tok, "address", &addr)) != HAMM_OK)
        return st;
    if (!scan_next(&l, &tok)) {
        emit(ctx, addr, HAMM_OP_READ);
        return HAMM_OK;
    }
    if (scan_is(tok, "R") || scan_is(tok, "W")) {
        if ((st = trace_expect_end(ctx, err, &l)) != HAMM_OK)
            return st;
        emit(ctx, addr, tok.p[0] == 'W' ? HAMM_OP_WRITE : HAMM_OP_READ);
        return HAMM_OK;
    }
    if ((st = address(ctx, err, tok, "writeback address", &wb)) != HAMM_OK ||
        (st = trace_expect_end(ctx, err, &l)) != HAMM_OK)
        return st;
    emit(ctx, addr, HAMM_OP_READ);
    emit(ctx, wb, HAMM_OP_WRITE);
    return HAMM_OK;
}

static int cpu_sniff(scan_line l)
{
    scan_token b, a, w;
    uint64_t v;
    if (!scan_next(&l, &b) || scan_dec_u64(b, &v) != SCAN_OK || !scan_next(&l, &a) ||
        scan_auto_u64(a, &v) != SCAN_OK)
        return 0;
    if (!scan_next(&l, &w))
        return 1;
    return (scan_is(w, "R") || scan_is(w, "W") || scan_auto_u64(w, &v) == SCAN_OK) &&
           scan_at_end(&l);
}

const trace_format trace_format_ramulator_cpu = {
    .id = HAMM_FORMAT_RAMULATOR_CPU,
    .name = "ramulator-cpu",
    .summary = "Ramulator CPU trace: BUBBLES READ_ADDR [WRITEBACK_ADDR]",
    .sniff = cpu_sniff,
    .parse = cpu_parse,
};
