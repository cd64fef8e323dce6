/* accelsim_block.c - the structure of an Accel-Sim kernel file, line by line
 * (accelsim_block.h). */
#include <inttypes.h>
#include <string.h>

#include "accelsim_block.h"

/* ---- line shapes ------------------------------------------------------------------ */

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* [p, end) without blanks at either end. */
static scan_token trimmed(const char *p, const char *end)
{
    while (p < end && is_blank(*p))
        p++;
    while (end > p && is_blank(end[-1]))
        end--;
    return (scan_token){p, (size_t)(end - p)};
}

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

/* A "KEY = VALUE" line whose VALUE is its last token, into line->value; fails naming
 * `field`, with `shape` the line it expected. */
static hamm_status keyed_line(const trace_line_ctx *ctx, hamm_error *err, accelsim_line *line,
                              const char *const words[], const char *field, const char *shape)
{
    scan_line rest;
    if (!keyed(line->whole, words, &line->value, &rest))
        return trace_fail(ctx, err, &line->first, field, "expected '%s'", shape);
    if (line->value.len == 0)
        return trace_fail(ctx, err, NULL, field, "missing %s value", field);
    return trace_expect_end(ctx, err, &rest);
}

static accelsim_line_kind classify(scan_token first)
{
    if (first.p[0] == '-')
        return ACCELSIM_LINE_HEADER;
    if (scan_is(first, "#BEGIN_TB"))
        return ACCELSIM_LINE_BEGIN;
    if (scan_is(first, "#END_TB"))
        return ACCELSIM_LINE_END;
    if (first.p[0] == '#')
        return ACCELSIM_LINE_NONE;
    if (scan_is(first, "thread"))
        return ACCELSIM_LINE_BLOCK;
    if (scan_is(first, "cluster"))
        return ACCELSIM_LINE_CLUSTER;
    if (scan_is(first, "warp"))
        return ACCELSIM_LINE_WARP;
    if (scan_is(first, "insts"))
        return ACCELSIM_LINE_INSTS;
    return ACCELSIM_LINE_INST;
}

int accelsim_header_is(const accelsim_line *line, const char *key)
{
    scan_line have = {line->key.p, line->key.p + line->key.len};
    scan_line want = {key, key + strlen(key)};
    scan_token a, b;
    if (line->kind != ACCELSIM_LINE_HEADER || line->key.len == 0)
        return 0;
    for (;;) {
        int more_have = scan_next(&have, &a), more_want = scan_next(&want, &b);
        if (!more_have || !more_want)
            return more_have == more_want;
        if (a.len != b.len || memcmp(a.p, b.p, a.len) != 0)
            return 0;
    }
}

/* ---- the rules -------------------------------------------------------------------- */

/* A warp's instruction lines must number what its "insts =" line said: fewer mean a
 * truncated or spliced file. */
static hamm_status check_count(const trace_line_ctx *ctx, hamm_error *err,
                               const accelsim_block *b)
{
    if (!b->have_insts || b->seen == b->insts)
        return HAMM_OK;
    return trace_fail(ctx, err, NULL, "insts",
                      "warp %" PRIu64 " announced %" PRIu64 " instructions but %" PRIu64
                      " followed",
                      b->warp, b->insts, b->seen);
}

static hamm_status outside(const trace_line_ctx *ctx, hamm_error *err, const accelsim_block *b,
                           const accelsim_line *line)
{
    return trace_fail(ctx, err, &line->first, NULL,
                      "'%.*s' line outside #BEGIN_TB .. #END_TB: expected %s",
                      (int)(line->first.len > 20 ? 20 : line->first.len), line->first.p,
                      b->begun ? "#BEGIN_TB" : "a '-' header line or #BEGIN_TB");
}

static hamm_status header(const trace_line_ctx *ctx, hamm_error *err, const accelsim_block *b,
                          accelsim_line *line)
{
    if (b->in_tb)
        return trace_fail(ctx, err, &line->first, "header",
                          "a '-' header line inside a thread block");
    if (b->begun)
        return trace_fail(ctx, err, &line->first, "header",
                          "a '-' header line after the first thread block");
    const char *eq = memchr(line->whole.p, '=', (size_t)(line->whole.end - line->whole.p));
    if (eq) {
        line->key = trimmed(line->whole.p, eq);
        line->value = trimmed(eq + 1, line->whole.end);
    }
    return HAMM_OK;
}

/* #BEGIN_TB and #END_TB: the block opens or closes whatever came before. */
static hamm_status bound(accelsim_block *b, const trace_line_ctx *ctx, const accelsim_line *line,
                         hamm_error *err)
{
    accelsim_block old = *b;
    scan_line rest = {line->first.p + line->first.len, line->whole.end};
    if (line->kind == ACCELSIM_LINE_BEGIN) {
        b->begun = b->in_tb = 1;
        b->have_block = b->have_warp = b->have_insts = 0;
        if (old.in_tb)
            return trace_fail(ctx, err, &line->first, "#BEGIN_TB",
                              "a thread block begins before the last one ended");
        return trace_expect_end(ctx, err, &rest);
    }
    b->in_tb = 0;
    if (!old.in_tb)
        return trace_fail(ctx, err, &line->first, "#END_TB", "#END_TB without #BEGIN_TB");
    hamm_status st = check_count(ctx, err, &old);
    return st != HAMM_OK ? st : trace_expect_end(ctx, err, &rest);
}

static hamm_status block_id(accelsim_block *b, const trace_line_ctx *ctx, accelsim_line *line,
                            hamm_error *err)
{
    static const char *const words[] = {"thread", "block", NULL};
    hamm_status st;
    b->have_block = 0; /* until this line proves good: never the last block's id */
    if ((st = keyed_line(ctx, err, line, words, "thread block", "thread block = X,Y,Z")) ||
        (st = gpu_trace_dim3(ctx, err, line->value, "thread block", b->id)) ||
        (st = gpu_trace_cta_core(ctx, err, line->value, &b->grid, b->id, &b->core)))
        return st;
    b->have_block = 1;
    return HAMM_OK;
}

static hamm_status warp_line(accelsim_block *b, const trace_line_ctx *ctx, accelsim_line *line,
                             hamm_error *err)
{
    static const char *const words[] = {"warp", NULL};
    accelsim_block old = *b;
    uint64_t n;
    hamm_status st;
    b->have_warp = b->have_insts = 0; /* the last warp's lines end here */
    if ((st = keyed_line(ctx, err, line, words, "warp", "warp = N")) ||
        (st = trace_number(ctx, err, line->value, "warp", TRACE_DEC, &n)))
        return st;
    b->warp = n;
    b->have_warp = 1;
    return check_count(ctx, err, &old);
}

static hamm_status insts_line(accelsim_block *b, const trace_line_ctx *ctx, accelsim_line *line,
                              hamm_error *err)
{
    static const char *const words[] = {"insts", NULL};
    uint64_t n;
    hamm_status st;
    if ((st = keyed_line(ctx, err, line, words, "insts", "insts = N")) ||
        (st = trace_number(ctx, err, line->value, "insts", TRACE_DEC, &n)))
        return st;
    if (!b->have_warp)
        return trace_fail(ctx, err, &line->first, "insts", "'insts =' before 'warp ='");
    b->insts = n;
    b->seen = 0;
    b->have_insts = 1;
    return HAMM_OK;
}

static hamm_status instruction(accelsim_block *b, const trace_line_ctx *ctx,
                               const accelsim_line *line, hamm_error *err)
{
    if (!b->in_tb) {
        if (b->loose_insts)
            return HAMM_OK;
        return trace_fail(ctx, err, &line->first, NULL,
                          "instruction outside #BEGIN_TB .. #END_TB (a raw .trace file must "
                          "first be grouped into .traceg by Accel-Sim's "
                          "post-traces-processing)");
    }
    /* The line counts against its warp's "insts =" once: a line too many is reported
     * here (Accel-Sim has no room for it), not again at the warp's end. */
    int extra = b->have_insts && b->seen == b->insts;
    if (!extra)
        b->seen++;
    if (!b->have_block || !b->have_warp)
        return trace_fail(ctx, err, &line->first, NULL, "instruction before '%s ='",
                          b->have_block ? "warp" : "thread block");
    if (extra)
        return trace_fail(ctx, err, NULL, "insts",
                          "warp %" PRIu64 " announced %" PRIu64 " instructions, and more "
                          "follow",
                          b->warp, b->insts);
    return HAMM_OK;
}

/* ---- a line ----------------------------------------------------------------------- */

hamm_status accelsim_block_line(accelsim_block *b, const trace_line_ctx *ctx, scan_line l,
                                accelsim_line *line, hamm_error *err)
{
    scan_line rest = l;
    *line = (accelsim_line){.kind = ACCELSIM_LINE_NONE};
    if (!scan_next(&rest, &line->first))
        return HAMM_OK;
    line->whole = (scan_line){line->first.p, l.end};
    line->kind = classify(line->first);
    int inside = b->in_tb;
    switch (line->kind) {
    case ACCELSIM_LINE_NONE:
        return HAMM_OK;
    case ACCELSIM_LINE_HEADER:
        return header(ctx, err, b, line);
    case ACCELSIM_LINE_BEGIN:
    case ACCELSIM_LINE_END:
        return bound(b, ctx, line, err);
    case ACCELSIM_LINE_BLOCK:
        return inside ? block_id(b, ctx, line, err) : outside(ctx, err, b, line);
    case ACCELSIM_LINE_CLUSTER:
        return inside ? HAMM_OK : outside(ctx, err, b, line);
    case ACCELSIM_LINE_WARP:
        return inside ? warp_line(b, ctx, line, err) : outside(ctx, err, b, line);
    case ACCELSIM_LINE_INSTS:
        return inside ? insts_line(b, ctx, line, err) : outside(ctx, err, b, line);
    case ACCELSIM_LINE_INST:
        return instruction(b, ctx, line, err);
    }
    return HAMM_OK;
}
