/* traceg_cta.c - a .traceg's thread blocks, one at a time in file order (traceg.h):
 *   #BEGIN_TB / thread block = X,Y,Z / [cluster ...] / warp = W / insts = N /
 *   N instruction lines / warp = ... / #END_TB
 * The lines' order is checked by accelsim_block.c (src/trace), which the trace reader
 * shares.  A block is read whole when the engine opens its CTA, and held (instructions
 * without their lane addresses, which go to one pool per CTA) until the engine closes
 * it. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "traceg_internal.h"

typedef struct traceg_warp {
    traceg_inst *inst;
    size_t n, cap, next;
    int listed;            /* its "warp =" line was seen */
    int counted;           /* its "insts =" line was seen */
} traceg_warp;

struct gpu_cta {
    uint64_t index;        /* its place in the file, 0 .. ctas - 1 */
    uint32_t nwarps;
    traceg_warp *warp;
    uint64_t *addr;        /* the memory instructions' lane addresses, in order */
    size_t naddr, addr_cap;
};

/* ---- structure lines -------------------------------------------------------------- */

/* The lines' order is checked by accelsim_block.c; what the engine adds: a warp is one of
 * the block's warps and its lines come in one run, so that its instructions are those
 * Accel-Sim would hold (where a warp listed again, or counted again, starts over). */
static hamm_status warp_line(const trace_line_ctx *ctx, gpu_cta *c, const accelsim_block *b,
                             const accelsim_line *line, hamm_error *err)
{
    uint64_t w = b->warp;
    if (w >= c->nwarps)
        return trace_fail(ctx, err, &line->value, "warp", "warp %" PRIu64 " in a block of %"
                          PRIu32 " warps", w, c->nwarps);
    if (c->warp[w].listed)
        return trace_fail(ctx, err, &line->value, "warp", "warp %" PRIu64 " listed twice", w);
    c->warp[w].listed = 1;
    return HAMM_OK;
}

static hamm_status insts_line(const trace_line_ctx *ctx, gpu_cta *c, const accelsim_block *b,
                              const accelsim_line *line, hamm_error *err)
{
    traceg_warp *wp = &c->warp[b->warp];
    if (wp->counted)
        return trace_fail(ctx, err, &line->first, "insts", "a second 'insts =' for one warp");
    wp->counted = 1;
    return HAMM_OK;
}

/* ---- instruction lines ------------------------------------------------------------ */

/* Hold a converted instruction (and its lane addresses) in warp w's stream. */
static hamm_status hold(gpu_cta *c, uint32_t w, traceg_inst *ti, const accelsim_inst *in,
                        const trace_line_ctx *ctx, hamm_error *err)
{
    traceg_warp *wp = &c->warp[w];
    size_t k = traceg_inst_is_memory((gpu_op)ti->op) ? in->naddr : 0;
    if (c->naddr + k > UINT32_MAX)
        return trace_fail(ctx, err, NULL, NULL, "thread block holds more than 2^32 addresses");
    if (hamm_grow((void **)&wp->inst, &wp->cap, wp->n + 1, sizeof *wp->inst) != 0 ||
        hamm_grow((void **)&c->addr, &c->addr_cap, c->naddr + k, sizeof *c->addr) != 0)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    ti->addr = (uint32_t)c->naddr;
    if (k > 0)
        memcpy(c->addr + c->naddr, in->addr, k * sizeof *in->addr);
    c->naddr += k;
    wp->inst[wp->n++] = *ti;
    return HAMM_OK;
}

static hamm_status inst_line(const gpu_traceg *t, const trace_line_ctx *ctx, gpu_cta *c,
                             scan_line whole, hamm_error *err)
{
    accelsim_inst in;
    traceg_inst ti;
    uint64_t v;
    hamm_status st = HAMM_OK;
    /* Tracer versions below 3 start each line with the block and warp, which the block
     * structure already gave. */
    int prefix = t->version > 0 && t->version < 3 ? 4 : 0;
    for (int i = 0; st == HAMM_OK && i < prefix; i++)
        st = accelsim_inst_need_number(ctx, err, &whole, i < 3 ? "thread block" : "warp",
                                       TRACE_DEC, UINT64_MAX, &v);
    if (st == HAMM_OK)
        st = accelsim_inst_parse(ctx, t->lineinfo, &whole, &in, err);
    if (st == HAMM_OK)
        st = traceg_inst_convert(ctx, &in, &t->windows, &ti, err);
    return st != HAMM_OK ? st : hold(c, (uint32_t)t->block.warp, &ti, &in, ctx, err);
}

/* ---- a block ---------------------------------------------------------------------- */

static hamm_status block_line(const gpu_traceg *t, const trace_line_ctx *ctx, gpu_cta *c,
                              const accelsim_line *line, hamm_error *err)
{
    switch (line->kind) {
    case ACCELSIM_LINE_WARP:
        return warp_line(ctx, c, &t->block, line, err);
    case ACCELSIM_LINE_INSTS:
        return insts_line(ctx, c, &t->block, line, err);
    case ACCELSIM_LINE_INST:
        return inst_line(t, ctx, c, line->whole, err);
    case ACCELSIM_LINE_END:
        if (!t->block.have_block)
            return trace_fail(ctx, err, &line->first, "thread block",
                              "a thread block without 'thread block ='");
        return HAMM_OK;
    case ACCELSIM_LINE_NONE:
    case ACCELSIM_LINE_HEADER: /* not inside a block: the structure refused it */
    case ACCELSIM_LINE_BEGIN:
    case ACCELSIM_LINE_BLOCK:  /* its id is checked against the grid, and not needed */
    case ACCELSIM_LINE_CLUSTER:
        break;
    }
    return HAMM_OK;
}

/* The next thread block, #BEGIN_TB (which the header may have read already) to #END_TB.
 * Outside a block the structure lets nothing but #BEGIN_TB through. */
static hamm_status read_block(gpu_traceg *t, gpu_cta *c, hamm_error *err)
{
    trace_line_ctx ctx;
    accelsim_line line;
    int got;
    for (;;) {
        hamm_status st = traceg_next_line(t, &ctx, &line, &got, err);
        if (st != HAMM_OK)
            return st;
        if (!got && t->block.in_tb)
            return hamm_error_at(err, HAMM_ERR_PARSE, HAMM_AT_LINE(t->path, t->lr.line),
                                 "#END_TB", "the file ends inside thread block %" PRIu64
                                 " (no #END_TB)", c->index);
        if (!got)
            return hamm_error_at(err, HAMM_ERR_PARSE, HAMM_AT_LINE(t->path, t->lr.line),
                                 "#BEGIN_TB", "the file ends after %" PRIu64 " thread blocks; "
                                 "the grid has %" PRIu64, c->index, t->ctas);
        if ((st = block_line(t, &ctx, c, &line, err)) != HAMM_OK ||
            line.kind == ACCELSIM_LINE_END)
            return st;
    }
}

/* After the grid's last block, the file must end: a further block is not the kernel's. */
static hamm_status check_end(gpu_traceg *t, hamm_error *err)
{
    trace_line_ctx ctx;
    accelsim_line line;
    int got;
    hamm_status st = traceg_next_line(t, &ctx, &line, &got, err);
    if (st != HAMM_OK || !got)
        return st;
    return trace_fail(&ctx, err, &line.first, "#BEGIN_TB",
                      "more thread blocks than the grid's %" PRIu64, t->ctas);
}

/* ---- the source's functions ------------------------------------------------------- */

void traceg_close_cta(void *self, gpu_cta *c)
{
    (void)self;
    if (!c)
        return;
    for (uint32_t w = 0; c->warp && w < c->nwarps; w++)
        free(c->warp[w].inst);
    free(c->warp);
    free(c->addr);
    free(c);
}

static hamm_status refuse(gpu_traceg *t, uint64_t cta, hamm_error *err)
{
    if (t->broken.status != HAMM_OK) {
        if (err && err->status == HAMM_OK)
            *err = t->broken;
        return t->broken.status;
    }
    if (cta >= t->ctas)
        return hamm_error_at(err, HAMM_ERR_ARG, HAMM_IN(t->path), "CTA",
                             "CTA %" PRIu64 " asked for; the grid has %" PRIu64, cta, t->ctas);
    return hamm_error_at(err, HAMM_ERR_ARG, HAMM_IN(t->path), "CTA",
                         "CTA %" PRIu64 " asked for out of order: a recording is read front "
                         "to back, and its next thread block is CTA %" PRIu64, cta,
                         t->next_cta);
}

hamm_status traceg_open_cta(void *self, uint64_t cta, gpu_cta **out, hamm_error *err)
{
    gpu_traceg *t = self;
    *out = NULL;
    if (t->broken.status != HAMM_OK || cta != t->next_cta || cta >= t->ctas)
        return refuse(t, cta, err);
    gpu_cta *c = calloc(1, sizeof *c);
    if (c) {
        c->index = cta;
        c->nwarps = t->warps;
        c->warp = hamm_calloc_array(t->warps, sizeof *c->warp);
    }
    if (!c || !c->warp) {
        traceg_close_cta(t, c);
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    }
    hamm_error local = {0};
    hamm_status st = read_block(t, c, &local);
    if (st == HAMM_OK && cta + 1 == t->ctas)
        st = check_end(t, &local);
    if (st != HAMM_OK) {
        t->broken = local; /* the file's position is lost: every later call fails so */
        traceg_close_cta(t, c);
        if (err && err->status == HAMM_OK)
            *err = local;
        return st;
    }
    t->next_cta++;
    *out = c;
    return HAMM_OK;
}

hamm_status traceg_next(void *self, gpu_cta *c, uint32_t warp, gpu_inst *out, int *has,
                        hamm_error *err)
{
    gpu_traceg *t = self;
    *has = 0;
    if (warp >= c->nwarps)
        return hamm_error_at(err, HAMM_ERR_ARG, HAMM_IN(t->path), "warp",
                             "warp %" PRIu32 " asked for; a CTA has %" PRIu32, warp, c->nwarps);
    traceg_warp *w = &c->warp[warp];
    if (w->next == w->n)
        return HAMM_OK;
    const traceg_inst *ti = &w->inst[w->next++];
    gpu_op op = (gpu_op)ti->op;
    if (op == GPU_OP_EXIT && w->next < w->n)
        op = GPU_OP_ALU; /* an exit with lanes still running (or none, predicated off) */
    *out = (gpu_inst){.op = op, .active = ti->active, .width = ti->width, .dst = ti->dst,
                      .pc = ti->pc};
    memcpy(out->src, ti->src, sizeof out->src);
    if (traceg_inst_is_memory(op)) {
        const uint64_t *a = c->addr + ti->addr;
        for (int lane = 0; lane < GPU_WARP_SIZE; lane++)
            if (ti->active >> lane & 1u)
                out->addr[lane] = *a++;
    }
    *has = 1;
    return HAMM_OK;
}
