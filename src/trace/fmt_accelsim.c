/* fmt_accelsim.c - Accel-Sim's per-kernel traces, kernel-N.traceg (traces/FOREIGN.md).
 * The file's structure (its "-key = value" header, then per thread block #BEGIN_TB /
 * thread block = X,Y,Z / warp = W / insts = N / instruction lines / #END_TB) is read by
 * accelsim_block.c and an instruction line by accelsim_inst.c, both shared with the GPU
 * engine's .traceg source; tracer versions below 3 put "X Y Z W" in front of each
 * instruction.  The lanes of a memory instruction that reaches DRAM are coalesced into
 * request-size blocks; the block's CTA index goes into `core`, its warp into `warp`. */
#include <inttypes.h>

#include "accelsim_block.h"
#include "accelsim_inst.h"

typedef struct accelsim_state {
    accelsim_block block; /* the structure so far: the grid, the current block and warp */
    uint64_t version;     /* "-accelsim tracer version"; 0 when not given */
    uint64_t lineinfo;    /* "-enable lineinfo": lines start with a source line number */
} accelsim_state;

/* ---- header lines ----------------------------------------------------------------- */

/* A header line's value, which must be one token. */
static hamm_status header_token(const trace_line_ctx *ctx, hamm_error *err,
                                const accelsim_line *line, const char *field, scan_token *tok)
{
    scan_line l = {line->value.p, line->value.p + line->value.len};
    if (!scan_next(&l, tok))
        return trace_fail(ctx, err, NULL, field, "missing %s value", field);
    return trace_expect_end(ctx, err, &l);
}

static hamm_status header_number(const trace_line_ctx *ctx, hamm_error *err,
                                 const accelsim_line *line, const char *field, uint64_t *v)
{
    scan_token tok;
    hamm_status st = header_token(ctx, err, line, field, &tok);
    return st != HAMM_OK ? st : trace_number(ctx, err, tok, field, TRACE_DEC, v);
}

/* The grid, the tracer version and lineinfo; the kernel name, block size, shared
 * memory, ... are not needed. */
static hamm_status header_line(trace_line_ctx *ctx, accelsim_state *s, const accelsim_line *line,
                               hamm_error *err)
{
    if (accelsim_header_is(line, "-grid dim")) {
        gpu_grid g = {.known = 1};
        scan_token v;
        hamm_status st;
        if ((st = header_token(ctx, err, line, "grid dim", &v)) != HAMM_OK ||
            (st = gpu_trace_dim3(ctx, err, v, "grid dim", g.dim)) != HAMM_OK ||
            (st = gpu_trace_check_grid(ctx, err, v, g.dim)) != HAMM_OK)
            return st;
        s->block.grid = g;
        return HAMM_OK;
    }
    if (accelsim_header_is(line, "-accelsim tracer version")) {
        hamm_status st = header_number(ctx, err, line, "tracer version", &s->version);
        /* Below 3 each instruction line names its block and warp, so a raw .trace file
         * (no blocks) can be read too. */
        s->block.loose_insts = s->version > 0 && s->version < 3;
        return st;
    }
    if (accelsim_header_is(line, "-enable lineinfo"))
        return header_number(ctx, err, line, "lineinfo", &s->lineinfo);
    return HAMM_OK;
}

/* "warp = W": the warp goes into a request's 16-bit field. */
static hamm_status check_warp(const trace_line_ctx *ctx, accelsim_state *s,
                              const accelsim_line *line, hamm_status st, hamm_error *err)
{
    if (!s->block.have_warp || s->block.warp <= HAMM_MAX_WARP)
        return st;
    s->block.have_warp = 0; /* its lines fail too rather than land on another warp */
    if (st != HAMM_OK)
        return st;
    return trace_fail(ctx, err, &line->value, "warp", "warp id above %u", HAMM_MAX_WARP);
}

/* ---- instruction lines ----------------------------------------------------------- */

static hamm_status prefix_number(const trace_line_ctx *ctx, hamm_error *err, scan_line *l,
                                 const char *field, uint64_t max, uint64_t *v)
{
    return accelsim_inst_need_number(ctx, err, l, field, TRACE_DEC, max, v);
}

/* Where the instruction comes from: the block and warp lines (accelsim_block.c has
 * checked that they came), or (tracer versions below 3) four numbers in front of it. */
static hamm_status inst_source(trace_line_ctx *ctx, accelsim_state *s, scan_line *l,
                               scan_token first, hamm_request *tmpl, hamm_error *err)
{
    tmpl->flags = HAMM_REQ_HAS_CORE | HAMM_REQ_HAS_WARP;
    if (s->version == 0 || s->version >= 3) {
        tmpl->core = s->block.core;
        tmpl->warp = (uint16_t)s->block.warp;
        return HAMM_OK;
    }
    uint64_t cta[3], warp;
    hamm_status st;
    if ((st = prefix_number(ctx, err, l, "thread block x", UINT64_MAX, &cta[0])) ||
        (st = prefix_number(ctx, err, l, "thread block y", UINT64_MAX, &cta[1])) ||
        (st = prefix_number(ctx, err, l, "thread block z", UINT64_MAX, &cta[2])) ||
        (st = prefix_number(ctx, err, l, "warp", HAMM_MAX_WARP, &warp)) ||
        (st = gpu_trace_cta_core(ctx, err, first, &s->block.grid, cta, &tmpl->core)))
        return st;
    tmpl->warp = (uint16_t)warp;
    return HAMM_OK;
}

static hamm_status inst_emit(trace_line_ctx *ctx, const accelsim_inst *in,
                             const hamm_request *tmpl, hamm_error *err)
{
    trace_lane_access lane[GPU_WARP_SIZE];
    hamm_op op = HAMM_OP_READ;
    int len = (int)(in->opcode.len > 30 ? 30 : in->opcode.len);
    switch (gpu_trace_classify(in->opcode, &op)) {
    case GPU_ACCESS_DRAM:
        break;
    case GPU_ACCESS_ONCHIP:
        return HAMM_OK; /* shared or constant memory: nothing reaches DRAM */
    case GPU_ACCESS_UNSUPPORTED:
        return trace_fail(ctx, err, &in->opcode, "opcode",
                          "'%.*s' is a TMA bulk copy, which hamm does not model", len,
                          in->opcode.p);
    case GPU_ACCESS_UNKNOWN:
        return trace_fail(ctx, err, &in->opcode, "opcode",
                          "'%.*s' has a memory width but is not a memory instruction hamm "
                          "knows", len, in->opcode.p);
    }
    /* The mask says which lanes accessed memory, as in Accel-Sim: an active lane's
     * address counts even when it is 0. */
    for (size_t i = 0; i < in->naddr; i++)
        lane[i] = (trace_lane_access){in->addr[i], (uint32_t)in->width};
    return trace_coalesce(ctx, err, lane, in->naddr, op, tmpl);
}

static hamm_status instruction(trace_line_ctx *ctx, accelsim_state *s, scan_line l,
                               scan_token first, hamm_error *err)
{
    hamm_request tmpl = {0};
    accelsim_inst in;
    hamm_status st = inst_source(ctx, s, &l, first, &tmpl, err);
    if (st == HAMM_OK)
        st = accelsim_inst_parse(ctx, s->lineinfo != 0, &l, &in, err);
    if (st != HAMM_OK || in.width == 0)
        return st;
    return inst_emit(ctx, &in, &tmpl, err); /* a TMA copy fails there */
}

/* ---- dispatch --------------------------------------------------------------------- */

static hamm_status accelsim_parse(trace_line_ctx *ctx, scan_line l, hamm_error *err)
{
    accelsim_state *s = ctx->state;
    accelsim_line line;
    hamm_status st = accelsim_block_line(&s->block, ctx, l, &line, err);
    if (line.kind == ACCELSIM_LINE_WARP)
        return check_warp(ctx, s, &line, st, err);
    if (st != HAMM_OK)
        return st;
    if (line.kind == ACCELSIM_LINE_HEADER)
        return header_line(ctx, s, &line, err);
    if (line.kind == ACCELSIM_LINE_INST)
        return instruction(ctx, s, line.whole, line.first, err);
    return HAMM_OK; /* the structure's other lines hold nothing more */
}

/* The lines only a .traceg has: its headers and block structure. */
static int accelsim_sniff(scan_line l)
{
    static const char *const words[][2] = {
        {"-kernel", "name"}, {"-grid", "dim"}, {"-accelsim", "tracer"},
        {"thread", "block"}, {"warp", "="},    {"insts", "="},
    };
    scan_token first, second;
    if (!scan_next(&l, &first))
        return 0;
    if (scan_is(first, "#BEGIN_TB") || scan_is(first, "#END_TB"))
        return scan_at_end(&l);
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (scan_is(first, words[i][0]))
            return scan_next(&l, &second) && scan_is(second, words[i][1]);
    return 0;
}

const trace_format trace_format_accelsim = {
    .id = HAMM_FORMAT_ACCELSIM,
    .name = "accelsim",
    .summary = "Accel-Sim .traceg, coalesced per warp instruction",
    .hash_comments = 0, /* #BEGIN_TB and #END_TB are structure, not comments */
    .state_size = sizeof(accelsim_state),
    .sniff = accelsim_sniff,
    .parse = accelsim_parse,
};
