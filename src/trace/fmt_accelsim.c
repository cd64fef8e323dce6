/* fmt_accelsim.c - Accel-Sim's per-kernel traces, kernel-N.traceg (traces/FOREIGN.md).
 * Header lines "-key = value" (the grid size among them), then per thread block:
 *   #BEGIN_TB / thread block = X,Y,Z / warp = W / insts = N / instruction lines / #END_TB
 * An instruction line is parsed by accelsim_inst.c (shared with the GPU engine's .traceg
 * source), with "X Y Z W" in front for tracer versions below 3.  The lanes of a memory
 * instruction that reaches DRAM are coalesced into request-size blocks; the block's CTA
 * index goes into `core`, its warp into `warp`.  The state carries the current block and
 * warp from line to line. */
#include <inttypes.h>

#include "accelsim_inst.h"

typedef struct accelsim_state {
    gpu_grid grid;
    uint64_t version;  /* "-accelsim tracer version"; 0 when not given */
    uint64_t lineinfo; /* "-enable lineinfo": lines start with a source line number */
    int in_tb;         /* between #BEGIN_TB and #END_TB */
    int have_block, have_warp, have_insts;
    uint16_t core;     /* the block's CTA index, modulo 65536 */
    uint64_t warp;     /* warp within the block */
    uint64_t insts;    /* instructions the "insts =" line announced */
    uint64_t seen;     /* instruction lines since it */
} accelsim_state;

/* ---- small parsers ------------------------------------------------------------- */

/* "W1 W2 .. = VALUE": 1 when the words match; *value is the token after '=' (empty
 * when none) and *rest what follows it. */
static int keyed(scan_line l, const char *const words[], scan_token *value, scan_line *rest)
{
    scan_token t;
    for (size_t i = 0; words[i]; i++)
        if (!scan_next(&l, &t) || !scan_is(t, words[i]))
            return 0;
    if (!scan_next(&l, &t) || !scan_is(t, "="))
        return 0;
    scan_next(&l, value);
    *rest = l;
    return 1;
}

/* The value of a "KEY = VALUE" line that must be the last token. */
static hamm_status keyed_value(const trace_line_ctx *ctx, hamm_error *err, scan_token value,
                               scan_line rest, const char *field)
{
    if (value.len == 0)
        return trace_fail(ctx, err, NULL, field, "missing %s value", field);
    return trace_expect_end(ctx, err, &rest);
}

/* ---- structure lines ------------------------------------------------------------ */

static hamm_status header_line(trace_line_ctx *ctx, accelsim_state *s, scan_line l,
                               hamm_error *err)
{
    static const char *const grid[] = {"-grid", "dim", NULL};
    static const char *const version[] = {"-accelsim", "tracer", "version", NULL};
    static const char *const lineinfo[] = {"-enable", "lineinfo", NULL};
    scan_token v;
    scan_line rest;
    hamm_status st;
    if (s->in_tb)
        return trace_fail(ctx, err, NULL, "header", "a '-' header line inside a thread block");
    if (keyed(l, grid, &v, &rest)) {
        gpu_grid g = {.known = 1};
        if ((st = keyed_value(ctx, err, v, rest, "grid dim")) != HAMM_OK ||
            (st = gpu_trace_dim3(ctx, err, v, "grid dim", g.dim)) != HAMM_OK ||
            (st = gpu_trace_check_grid(ctx, err, v, g.dim)) != HAMM_OK)
            return st;
        s->grid = g;
    } else if (keyed(l, version, &v, &rest)) {
        if ((st = keyed_value(ctx, err, v, rest, "tracer version")) != HAMM_OK)
            return st;
        return trace_number(ctx, err, v, "tracer version", TRACE_DEC, &s->version);
    } else if (keyed(l, lineinfo, &v, &rest)) {
        if ((st = keyed_value(ctx, err, v, rest, "lineinfo")) != HAMM_OK)
            return st;
        return trace_number(ctx, err, v, "lineinfo", TRACE_DEC, &s->lineinfo);
    }
    return HAMM_OK; /* kernel name, block size, shared memory, ...: not needed */
}

/* A warp's instruction lines must number what its "insts =" line said: fewer mean a
 * truncated or spliced trace. */
static hamm_status check_count(const trace_line_ctx *ctx, hamm_error *err,
                               const accelsim_state *s)
{
    if (!s->have_insts || s->seen == s->insts)
        return HAMM_OK;
    return trace_fail(ctx, err, NULL, "insts",
                      "warp %" PRIu64 " announced %" PRIu64 " instructions but %" PRIu64
                      " followed",
                      s->warp, s->insts, s->seen);
}

/* "#BEGIN_TB", "#END_TB": a block's bounds; other '#' lines are comments. */
static hamm_status hash_line(trace_line_ctx *ctx, accelsim_state *s, scan_token first,
                             scan_line rest, hamm_error *err)
{
    accelsim_state old = *s;
    if (scan_is(first, "#BEGIN_TB")) {
        s->in_tb = 1;
        s->have_block = s->have_warp = s->have_insts = 0;
        if (old.in_tb)
            return trace_fail(ctx, err, &first, "#BEGIN_TB",
                              "a thread block begins before the last one ended");
        return trace_expect_end(ctx, err, &rest);
    }
    if (scan_is(first, "#END_TB")) {
        s->in_tb = 0;
        if (!old.in_tb)
            return trace_fail(ctx, err, &first, "#END_TB", "#END_TB without #BEGIN_TB");
        hamm_status st = check_count(ctx, err, &old);
        return st != HAMM_OK ? st : trace_expect_end(ctx, err, &rest);
    }
    return HAMM_OK;
}

static hamm_status need_tb(const trace_line_ctx *ctx, hamm_error *err, const accelsim_state *s,
                           scan_token first)
{
    if (s->in_tb)
        return HAMM_OK;
    return trace_fail(ctx, err, &first, NULL, "'%.*s' line outside #BEGIN_TB .. #END_TB",
                      (int)(first.len > 20 ? 20 : first.len), first.p);
}

static hamm_status block_line(trace_line_ctx *ctx, accelsim_state *s, scan_line l,
                              scan_token first, hamm_error *err)
{
    static const char *const words[] = {"thread", "block", NULL};
    scan_token v;
    scan_line rest;
    uint64_t cta[3];
    hamm_status st = need_tb(ctx, err, s, first);
    if (st != HAMM_OK)
        return st;
    s->have_block = 0; /* until this line proves good: never the last block's id */
    if (!keyed(l, words, &v, &rest))
        return trace_fail(ctx, err, &first, "thread block", "expected 'thread block = X,Y,Z'");
    if ((st = keyed_value(ctx, err, v, rest, "thread block")) != HAMM_OK ||
        (st = gpu_trace_dim3(ctx, err, v, "thread block", cta)) != HAMM_OK ||
        (st = gpu_trace_cta_core(ctx, err, v, &s->grid, cta, &s->core)) != HAMM_OK)
        return st;
    s->have_block = 1;
    return HAMM_OK;
}

/* "warp = W" and "insts = N". */
static hamm_status count_line(trace_line_ctx *ctx, accelsim_state *s, scan_line l,
                              scan_token first, hamm_error *err)
{
    const char *const words[] = {scan_is(first, "warp") ? "warp" : "insts", NULL};
    scan_token v;
    scan_line rest;
    uint64_t n;
    hamm_status st = need_tb(ctx, err, s, first);
    if (st != HAMM_OK)
        return st;
    if (!keyed(l, words, &v, &rest))
        return trace_fail(ctx, err, &first, words[0], "expected '%s = N'", words[0]);
    if ((st = keyed_value(ctx, err, v, rest, words[0])) != HAMM_OK ||
        (st = trace_number(ctx, err, v, words[0], TRACE_DEC, &n)) != HAMM_OK)
        return st;
    if (words[0][0] == 'i') {
        if (!s->have_warp)
            return trace_fail(ctx, err, &first, "insts", "'insts =' before 'warp ='");
        s->insts = n;
        s->seen = 0;
        s->have_insts = 1;
        return HAMM_OK;
    }
    /* The new warp's lines follow whatever this line says; a bad warp id leaves them
     * without a warp, so they fail too rather than land on the wrong one. */
    accelsim_state old = *s;
    s->warp = n;
    s->have_warp = n <= HAMM_MAX_WARP;
    s->have_insts = 0;
    if (!s->have_warp)
        return trace_fail(ctx, err, &v, "warp", "warp id above %u", HAMM_MAX_WARP);
    return check_count(ctx, err, &old);
}

/* ---- instruction lines ----------------------------------------------------------- */

static hamm_status prefix_number(const trace_line_ctx *ctx, hamm_error *err, scan_line *l,
                                 const char *field, uint64_t max, uint64_t *v)
{
    return accelsim_inst_need_number(ctx, err, l, field, TRACE_DEC, max, v);
}

/* Where the instruction comes from: the block and warp lines, or (tracer versions
 * below 3) four numbers in front of it. */
static hamm_status inst_source(trace_line_ctx *ctx, accelsim_state *s, scan_line *l,
                               scan_token first, hamm_request *tmpl, hamm_error *err)
{
    tmpl->flags = HAMM_REQ_HAS_CORE | HAMM_REQ_HAS_WARP;
    if (s->version == 0 || s->version >= 3) {
        if (!s->in_tb)
            return trace_fail(ctx, err, &first, NULL,
                              "instruction outside #BEGIN_TB .. #END_TB (a raw .trace file "
                              "must first be grouped into .traceg by Accel-Sim's "
                              "post-traces-processing)");
        s->seen++;
        if (!s->have_block || !s->have_warp)
            return trace_fail(ctx, err, &first, NULL, "instruction before '%s ='",
                              s->have_block ? "warp" : "thread block");
        tmpl->core = s->core;
        tmpl->warp = (uint16_t)s->warp;
        return HAMM_OK;
    }
    uint64_t cta[3], warp;
    hamm_status st;
    if ((st = prefix_number(ctx, err, l, "thread block x", UINT64_MAX, &cta[0])) ||
        (st = prefix_number(ctx, err, l, "thread block y", UINT64_MAX, &cta[1])) ||
        (st = prefix_number(ctx, err, l, "thread block z", UINT64_MAX, &cta[2])) ||
        (st = prefix_number(ctx, err, l, "warp", HAMM_MAX_WARP, &warp)) ||
        (st = gpu_trace_cta_core(ctx, err, first, &s->grid, cta, &tmpl->core)))
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
    scan_line rest = l;
    scan_token first;
    if (!scan_next(&rest, &first))
        return HAMM_OK;
    switch (first.p[0]) {
    case '-':
        return header_line(ctx, s, l, err);
    case '#':
        return hash_line(ctx, s, first, rest, err);
    default:
        break;
    }
    if (scan_is(first, "thread"))
        return block_line(ctx, s, l, first, err);
    if (scan_is(first, "cluster")) /* Hopper cluster ids: not needed */
        return need_tb(ctx, err, s, first);
    if (scan_is(first, "warp") || scan_is(first, "insts"))
        return count_line(ctx, s, l, first, err);
    return instruction(ctx, s, l, first, err);
}

/* The lines only a .traceg has: its headers and block structure. */
static int accelsim_sniff(scan_line l)
{
    static const char *const words[][3] = {
        {"-kernel", "name", NULL}, {"-grid", "dim", NULL}, {"-accelsim", "tracer", NULL},
        {"thread", "block", NULL}, {"warp", NULL, NULL},   {"insts", NULL, NULL},
    };
    scan_token first, second, v;
    scan_line rest;
    scan_line l2 = l;
    if (!scan_next(&l2, &first))
        return 0;
    if (scan_is(first, "#BEGIN_TB") || scan_is(first, "#END_TB"))
        return scan_at_end(&l2);
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        if (!scan_is(first, words[i][0]))
            continue;
        if (words[i][1] == NULL) {
            const char *const one[] = {words[i][0], NULL};
            return keyed(l, one, &v, &rest);
        }
        return scan_next(&l2, &second) && scan_is(second, words[i][1]);
    }
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
