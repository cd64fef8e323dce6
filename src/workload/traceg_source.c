/* traceg_source.c - a kernel-N.traceg as a gpu_kernel_source (traceg.h): opening the
 * file, its header ("-key = value" lines up to the first #BEGIN_TB), and the source's
 * table.  The thread blocks are read by traceg_cta.c. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "traceg_internal.h"

#define LINE_MAX_BYTES (256u * 1024u) /* as the trace reader: far above a 32-lane line */

typedef enum header_key {
    KEY_NAME,
    KEY_GRID,
    KEY_BLOCK,
    KEY_SHMEM,
    KEY_NREGS,
    KEY_VERSION,
    KEY_LINEINFO,
    KEY_SHMEM_BASE,
    KEY_LOCAL_BASE,
    KEY_COUNT
} header_key;

/* The header lines hamm uses, as the tracer writes them; the others are skipped. */
static const char *const key_text[KEY_COUNT] = {
    "-kernel name", "-grid dim", "-block dim", "-shmem", "-nregs",
    "-accelsim tracer version", "-enable lineinfo", "-shmem base_addr",
    "-local mem base_addr",
};

typedef struct header_seen {
    int grid, block;
} header_seen;

hamm_status traceg_next_line(gpu_traceg *t, trace_line_ctx *ctx, accelsim_line *line, int *got,
                             hamm_error *err)
{
    const char *start, *end;
    for (;;) {
        hamm_status st = lines_next(&t->lr, &start, &end, got, err);
        if (st != HAMM_OK || !*got)
            return st;
        *ctx = (trace_line_ctx){.source = t->path, .line = t->lr.line,
                                .offset = t->lr.line_offset, .start = start};
        st = accelsim_block_line(&t->block, ctx, (scan_line){start, end}, line, err);
        if (st != HAMM_OK || line->kind != ACCELSIM_LINE_NONE)
            return st;
    }
}

/* A value that is one number no greater than `max`. */
static hamm_status number(const trace_line_ctx *ctx, scan_token value, const char *field,
                          trace_base base, uint64_t max, uint64_t *v, hamm_error *err)
{
    scan_line l = {value.p, value.p + value.len};
    scan_token tok;
    hamm_status st = trace_need(ctx, err, &l, field, &tok);
    if (st == HAMM_OK)
        st = trace_number(ctx, err, tok, field, base, v);
    if (st == HAMM_OK && *v > max)
        st = trace_fail(ctx, err, &tok, field, "%" PRIu64 " is above the limit %" PRIu64, *v,
                        max);
    return st != HAMM_OK ? st : trace_expect_end(ctx, err, &l);
}

/* "(x,y,z)" threads per block: each at least 1, CUDA's 1024 threads at most. */
static hamm_status block_dim(gpu_traceg *t, const trace_line_ctx *ctx, scan_token value,
                             hamm_error *err)
{
    uint64_t d[3];
    hamm_status st = gpu_trace_dim3(ctx, err, value, "-block dim", d);
    if (st != HAMM_OK)
        return st;
    if (d[0] == 0 || d[1] == 0 || d[2] == 0 || d[0] > 1024 || d[1] > 1024 || d[2] > 1024 ||
        d[0] * d[1] * d[2] > 1024)
        return trace_fail(ctx, err, &value, "-block dim",
                          "%" PRIu64 "x%" PRIu64 "x%" PRIu64 " threads: a block has 1 to 1024",
                          d[0], d[1], d[2]);
    for (int i = 0; i < 3; i++)
        t->info.block[i] = (uint32_t)d[i];
    return HAMM_OK;
}

static hamm_status grid_dim(gpu_traceg *t, const trace_line_ctx *ctx, scan_token value,
                            hamm_error *err)
{
    uint64_t d[3];
    hamm_status st = gpu_trace_dim3(ctx, err, value, "-grid dim", d);
    if (st == HAMM_OK)
        st = gpu_trace_check_grid(ctx, err, value, d); /* x < 2^31, y, z < 2^16 */
    for (int i = 0; st == HAMM_OK && i < 3; i++)
        t->info.grid[i] = (uint32_t)d[i];
    if (st == HAMM_OK) /* thread block ids are checked against it */
        t->block.grid = (gpu_grid){{d[0], d[1], d[2]}, 1};
    return st;
}

static hamm_status header_value(gpu_traceg *t, const trace_line_ctx *ctx, header_key key,
                                scan_token value, header_seen *seen, hamm_error *err)
{
    const char *field = key_text[key];
    uint64_t v = 0;
    hamm_status st = HAMM_OK;
    switch (key) {
    case KEY_NAME: {
        size_t n = value.len < sizeof t->info.name ? value.len : sizeof t->info.name - 1;
        memcpy(t->info.name, value.p, n);
        t->info.name[n] = '\0';
        return HAMM_OK;
    }
    case KEY_GRID:
        seen->grid = 1;
        return grid_dim(t, ctx, value, err);
    case KEY_BLOCK:
        seen->block = 1;
        return block_dim(t, ctx, value, err);
    case KEY_SHMEM:
        st = number(ctx, value, field, TRACE_DEC, UINT32_MAX, &v, err);
        t->info.shared_per_cta = (uint32_t)v;
        return st;
    case KEY_NREGS:
        st = number(ctx, value, field, TRACE_DEC, GPU_MAX_REGS - 1, &v, err);
        t->info.regs_per_thread = (uint32_t)v;
        return st;
    case KEY_VERSION:
        return number(ctx, value, field, TRACE_DEC, UINT64_MAX, &t->version, err);
    case KEY_LINEINFO:
        st = number(ctx, value, field, TRACE_DEC, 1, &v, err);
        t->lineinfo = v != 0;
        return st;
    case KEY_SHMEM_BASE:
        t->windows.shared_known = 1;
        return number(ctx, value, field, TRACE_HEX, UINT64_MAX, &t->windows.shared_base, err);
    case KEY_LOCAL_BASE:
        t->windows.local_known = 1;
        return number(ctx, value, field, TRACE_HEX, UINT64_MAX, &t->windows.local_base, err);
    case KEY_COUNT:
        break;
    }
    return HAMM_OK;
}

/* "-key = value"; a line without '=' or with a key hamm does not use is skipped. */
static hamm_status header_line(gpu_traceg *t, const trace_line_ctx *ctx,
                               const accelsim_line *line, header_seen *seen, hamm_error *err)
{
    for (int k = 0; k < KEY_COUNT; k++)
        if (accelsim_header_is(line, key_text[k]))
            return header_value(t, ctx, (header_key)k, line->value, seen, err);
    return HAMM_OK;
}

/* The header lines up to the first #BEGIN_TB: before it the structure lets nothing else
 * through. */
static hamm_status read_header(gpu_traceg *t, hamm_error *err)
{
    header_seen seen = {0};
    trace_line_ctx ctx;
    accelsim_line line;
    int got;
    hamm_status st;
    while ((st = traceg_next_line(t, &ctx, &line, &got, err)) == HAMM_OK && got &&
           line.kind == ACCELSIM_LINE_HEADER)
        if ((st = header_line(t, &ctx, &line, &seen, err)) != HAMM_OK)
            return st;
    if (st == HAMM_OK && (!seen.grid || !seen.block))
        st = hamm_error_at(err, HAMM_ERR_PARSE, HAMM_IN(t->path),
                           !seen.grid ? "-grid dim" : "-block dim",
                           "the header gives no %s size", !seen.grid ? "grid" : "block");
    return st;
}

hamm_status gpu_traceg_open(const char *path, gpu_traceg **out, hamm_error *err)
{
    gpu_traceg *t = calloc(1, sizeof *t);
    size_t len = strlen(path);
    hamm_status st = HAMM_OK;
    *out = NULL;
    if (!t || !(t->path = malloc(len + 1))) {
        free(t);
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    }
    memcpy(t->path, path, len + 1);
    if ((st = hamm_input_open(&t->in, path, err)) == HAMM_OK &&
        (st = lines_init(&t->lr, t->in, LINE_MAX_BYTES, err)) == HAMM_OK)
        st = read_header(t, err);
    if (st != HAMM_OK) {
        gpu_traceg_free(t);
        return st;
    }
    t->ctas = gpu_kernel_ctas(&t->info);
    t->warps = gpu_kernel_warps_per_cta(&t->info);
    *out = t;
    return HAMM_OK;
}

static const gpu_kernel_info *traceg_info(void *self)
{
    return &((gpu_traceg *)self)->info;
}

gpu_kernel_source gpu_traceg_source(gpu_traceg *t)
{
    return (gpu_kernel_source){.self = t,
                               .info = traceg_info,
                               .open_cta = traceg_open_cta,
                               .next = traceg_next,
                               .close_cta = traceg_close_cta};
}

void gpu_traceg_free(gpu_traceg *t)
{
    if (!t)
        return;
    lines_free(&t->lr);
    hamm_input_free(t->in);
    free(t->path);
    free(t);
}
