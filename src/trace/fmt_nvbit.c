/* fmt_nvbit.c - the output of NVBit's mem_trace tool (traces/FOREIGN.md), one line
 * per warp-level memory instruction:
 *   MEMTRACE: CTX 0x.. - grid_launch_id N - CTA x,y,z - warp W - OPCODE - 0xADDR x 32
 * (NVBit 1.5 and later, tools/mem_trace/mem_trace.cu), or without the "MEMTRACE:
 * CTX .. - grid_launch_id N -" part (NVBit 1.4).  Each of the 32 addresses is one
 * lane's; 0 marks a lane that did not access memory.  The lanes are coalesced into
 * request-size blocks (trace_coalesce).  The tool prints on the application's
 * standard output, so lines that are not the tool's (the NVBit banner, the program's
 * own output) are skipped, as are the tool's information lines (LAUNCH, Inspecting).
 * LAUNCH lines give the grid size that numbers CTAs.  The state keeps the grids of
 * recent launches, since a launch may be printed before the previous kernel's last
 * accesses. */
#include "gpu_trace.h"

#define LAUNCH_SLOTS 16

typedef struct launch_grid {
    uint64_t id; /* grid launch id */
    gpu_grid grid;
} launch_grid;

typedef struct nvbit_state {
    gpu_grid last;                     /* the latest launch's grid */
    launch_grid recent[LAUNCH_SLOTS];  /* a ring of recent launches */
    unsigned next;                     /* next ring slot */
} nvbit_state;

/* The fields of an access line before its addresses. */
typedef struct nvbit_access {
    uint64_t cta[3];
    scan_token cta_tok;
    uint64_t warp;
    uint64_t launch;
    int have_cta, have_warp, have_launch;
    scan_token opcode;
} nvbit_access;

/* ---- launch lines --------------------------------------------------------------- */

/* Find "grid size X,Y,Z" and "grid launch id N" among the line's tokens. */
static int find_launch_fields(scan_line l, scan_token *size, scan_token *id)
{
    scan_token t[4] = {{0}}; /* the last four tokens, newest last */
    int have_size = 0;
    id->len = 0;
    while (scan_next(&l, &t[3])) {
        if (scan_is(t[1], "grid") && scan_is(t[2], "size")) {
            *size = t[3];
            have_size = 1;
        }
        if (scan_is(t[0], "grid") && scan_is(t[1], "launch") && scan_is(t[2], "id"))
            *id = t[3];
        t[0] = t[1];
        t[1] = t[2];
        t[2] = t[3];
    }
    return have_size;
}

static hamm_status launch_line(trace_line_ctx *ctx, nvbit_state *s, scan_line l, hamm_error *err)
{
    scan_token size, id;
    gpu_grid g = {.known = 1};
    uint64_t launch;
    hamm_status st;
    if (!find_launch_fields(l, &size, &id))
        return trace_fail(ctx, err, NULL, "grid size", "LAUNCH line without 'grid size'");
    if ((st = gpu_trace_dim3(ctx, err, size, "grid size", g.dim)) != HAMM_OK ||
        (st = gpu_trace_check_grid(ctx, err, size, g.dim)) != HAMM_OK)
        return st;
    s->last = g;
    if (id.len == 0)
        return HAMM_OK;
    if ((st = trace_number(ctx, err, id, "grid launch id", TRACE_DEC, &launch)) != HAMM_OK)
        return st;
    s->recent[s->next++ % LAUNCH_SLOTS] = (launch_grid){launch, g};
    return HAMM_OK;
}

/* NVBit 1.4 announced a kernel with "Kernel NAME - grid size X,Y,Z - ...".  Such a line
 * may as well be the program's own output, so a grid that does not parse is ignored. */
static void old_launch_line(trace_line_ctx *ctx, nvbit_state *s, scan_line l)
{
    scan_token size, id;
    gpu_grid g = {.known = 1};
    hamm_error quiet;
    hamm_error_clear(&quiet);
    if (find_launch_fields(l, &size, &id) &&
        gpu_trace_dim3(ctx, &quiet, size, "grid size", g.dim) == HAMM_OK &&
        gpu_trace_check_grid(ctx, &quiet, size, g.dim) == HAMM_OK)
        s->last = g;
}

static const gpu_grid *grid_for(const nvbit_state *s, const nvbit_access *a)
{
    if (a->have_launch)
        for (unsigned i = 0; i < LAUNCH_SLOTS; i++)
            if (s->recent[i].grid.known && s->recent[i].id == a->launch)
                return &s->recent[i].grid;
    return &s->last;
}

/* ---- access lines --------------------------------------------------------------- */

static hamm_status need_dash(const trace_line_ctx *ctx, hamm_error *err, scan_line *l,
                             scan_token after)
{
    scan_token tok;
    if (scan_next(l, &tok) && scan_is(tok, "-"))
        return HAMM_OK;
    return trace_fail(ctx, err, tok.len ? &tok : NULL, "separator",
                      "expected ' - ' after '%.*s'", (int)(after.len > 20 ? 20 : after.len),
                      after.p);
}

/* One "KEY VALUE -" field; sets *opcode_seen when the key is the opcode instead. */
static hamm_status field(trace_line_ctx *ctx, hamm_error *err, scan_line *l, nvbit_access *a,
                         scan_token key, int *opcode_seen)
{
    scan_token v = key;
    hamm_status st = HAMM_OK;
    if (scan_is(key, "CTX")) {
        uint64_t ignored;
        if ((st = trace_need(ctx, err, l, "CTX", &v)) == HAMM_OK)
            st = trace_number(ctx, err, v, "CTX", TRACE_HEX, &ignored);
    } else if (scan_is(key, "grid_launch_id")) {
        if ((st = trace_need(ctx, err, l, "grid_launch_id", &v)) == HAMM_OK)
            st = trace_number(ctx, err, v, "grid_launch_id", TRACE_DEC, &a->launch);
        a->have_launch = 1;
    } else if (scan_is(key, "CTA")) {
        if ((st = trace_need(ctx, err, l, "CTA", &v)) == HAMM_OK)
            st = gpu_trace_dim3(ctx, err, v, "CTA", a->cta);
        a->cta_tok = v;
        a->have_cta = 1;
    } else if (scan_is(key, "warp")) {
        if ((st = trace_need(ctx, err, l, "warp", &v)) == HAMM_OK &&
            (st = trace_number(ctx, err, v, "warp", TRACE_DEC, &a->warp)) == HAMM_OK &&
            a->warp > HAMM_MAX_WARP)
            st = trace_fail(ctx, err, &v, "warp", "warp id above %u", HAMM_MAX_WARP);
        a->have_warp = 1;
    } else {
        a->opcode = key;
        *opcode_seen = 1;
    }
    if (st != HAMM_OK)
        return st;
    return need_dash(ctx, err, l, v);
}

/* Everything up to and including the " - " after the opcode. */
static hamm_status access_fields(trace_line_ctx *ctx, hamm_error *err, scan_line *l,
                                 nvbit_access *a)
{
    int opcode_seen = 0;
    while (!opcode_seen) {
        scan_token key;
        hamm_status st = trace_need(ctx, err, l, "opcode", &key);
        if (st == HAMM_OK)
            st = field(ctx, err, l, a, key, &opcode_seen);
        if (st != HAMM_OK)
            return st;
    }
    if (!a->have_cta)
        return trace_fail(ctx, err, &a->opcode, "CTA", "missing CTA before the opcode");
    if (!a->have_warp)
        return trace_fail(ctx, err, &a->opcode, "warp", "missing warp before the opcode");
    return HAMM_OK;
}

/* The lane addresses: up to 32, zeros are inactive lanes. */
static hamm_status lanes(trace_line_ctx *ctx, hamm_error *err, scan_line *l, uint32_t width,
                         trace_lane_access *out, size_t *n)
{
    scan_token tok;
    size_t seen = 0;
    *n = 0;
    while (scan_next(l, &tok)) {
        uint64_t addr;
        if (seen++ == GPU_WARP_SIZE)
            return trace_fail(ctx, err, &tok, "address", "more than %d lane addresses",
                              GPU_WARP_SIZE);
        hamm_status st = trace_number(ctx, err, tok, "address", TRACE_HEX, &addr);
        if (st != HAMM_OK)
            return st;
        if (addr != 0)
            out[(*n)++] = (trace_lane_access){addr, width};
    }
    if (seen == 0)
        return trace_fail(ctx, err, NULL, "address", "missing lane addresses");
    return HAMM_OK;
}

static hamm_status access_line(trace_line_ctx *ctx, nvbit_state *s, scan_line l,
                               hamm_error *err)
{
    nvbit_access a = {.have_cta = 0};
    trace_lane_access lane[GPU_WARP_SIZE];
    size_t n;
    hamm_op op = HAMM_OP_READ;
    hamm_request tmpl = {.flags = HAMM_REQ_HAS_CORE | HAMM_REQ_HAS_WARP};
    hamm_status st = access_fields(ctx, err, &l, &a);
    if (st == HAMM_OK)
        st = lanes(ctx, err, &l, gpu_trace_width(a.opcode), lane, &n);
    if (st != HAMM_OK)
        return st;
    int len = (int)(a.opcode.len > 30 ? 30 : a.opcode.len);
    switch (gpu_trace_classify(a.opcode, &op)) {
    case GPU_ACCESS_DRAM:
        break;
    case GPU_ACCESS_ONCHIP:
        return HAMM_OK; /* shared or constant memory: nothing reaches DRAM */
    case GPU_ACCESS_UNSUPPORTED:
        return trace_fail(ctx, err, &a.opcode, "opcode",
                          "'%.*s' is a TMA bulk copy, which hamm does not model", len,
                          a.opcode.p);
    case GPU_ACCESS_UNKNOWN:
        return trace_fail(ctx, err, &a.opcode, "opcode",
                          "'%.*s' is not a memory instruction hamm knows", len, a.opcode.p);
    }
    if ((st = gpu_trace_cta_core(ctx, err, a.cta_tok, grid_for(s, &a), a.cta, &tmpl.core)))
        return st;
    tmpl.warp = (uint16_t)a.warp;
    return trace_coalesce(ctx, err, lane, n, op, &tmpl);
}

/* ---- dispatch --------------------------------------------------------------------- */

/* After "MEMTRACE:": "CTX 0x.. - LAUNCH ..." announces a kernel. */
static int is_launch(scan_line l)
{
    scan_token t[4];
    return scan_next(&l, &t[0]) && scan_is(t[0], "CTX") && scan_next(&l, &t[1]) &&
           scan_next(&l, &t[2]) && scan_is(t[2], "-") && scan_next(&l, &t[3]) &&
           scan_is(t[3], "LAUNCH");
}

static int has_token(scan_line l, const char *word)
{
    scan_token t;
    while (scan_next(&l, &t))
        if (scan_is(t, word))
            return 1;
    return 0;
}

static hamm_status nvbit_parse(trace_line_ctx *ctx, scan_line l, hamm_error *err)
{
    nvbit_state *s = ctx->state;
    scan_line rest = l;
    scan_token first;
    if (!scan_next(&rest, &first))
        return HAMM_OK;
    if (scan_is(first, "MEMTRACE:")) {
        if (is_launch(rest))
            return launch_line(ctx, s, rest, err);
        if (!has_token(rest, "CTA"))
            return HAMM_OK; /* the tool's other information lines */
        return access_line(ctx, s, rest, err);
    }
    if (scan_is(first, "CTA"))
        return access_line(ctx, s, l, err);
    if (scan_is(first, "Kernel"))
        old_launch_line(ctx, s, rest);
    return HAMM_OK; /* the banner and the program's own output */
}

static int nvbit_sniff(scan_line l)
{
    scan_token first;
    if (!scan_next(&l, &first))
        return 0;
    if (scan_is(first, "MEMTRACE:"))
        return 1;
    return scan_is(first, "CTA") && has_token(l, "warp") && has_token(l, "-");
}

const trace_format trace_format_nvbit = {
    .id = HAMM_FORMAT_NVBIT,
    .name = "nvbit",
    .summary = "NVBit mem_trace output, coalesced per warp instruction",
    .state_size = sizeof(nvbit_state),
    .sniff = nvbit_sniff,
    .parse = nvbit_parse,
};
