/* coalesce.c - per-warp coalescing of lane accesses into block-sized requests,
 * the way a GPU's load/store unit merges a warp instruction's accesses. */
#include "format.h"

static int is_pow2(uint32_t x)
{
    return x && (x & (x - 1)) == 0;
}

/* Insert block into the sorted set blocks[0..*n) unless present; 0 when full. */
static int add_block(uint64_t *blocks, size_t *n, uint64_t block)
{
    size_t i = *n;
    while (i > 0 && blocks[i - 1] > block)
        i--;
    if (i > 0 && blocks[i - 1] == block)
        return 1;
    if (*n == TRACE_MAX_PER_LINE)
        return 0;
    for (size_t j = *n; j > i; j--)
        blocks[j] = blocks[j - 1];
    blocks[i] = block;
    (*n)++;
    return 1;
}

hamm_status trace_coalesce(trace_line_ctx *ctx, hamm_error *err, const trace_lane_access *lanes,
                           size_t n, hamm_op op, const hamm_request *tmpl)
{
    uint32_t bs = ctx->request_size;
    if (!is_pow2(bs))
        return trace_fail(ctx, err, NULL, "request size",
                          "coalescing needs a power-of-two request size, not %u", bs);
    uint64_t blocks[TRACE_MAX_PER_LINE];
    size_t nb = 0;
    uint64_t mask = ~(uint64_t)(bs - 1);
    for (size_t i = 0; i < n; i++) {
        uint64_t width = lanes[i].width ? lanes[i].width : 1;
        if (lanes[i].addr > UINT64_MAX - (width - 1))
            return trace_fail(ctx, err, NULL, "address", "access runs past 2^64");
        uint64_t last = (lanes[i].addr + width - 1) & mask;
        for (uint64_t b = lanes[i].addr & mask;; b += bs) {
            if (!add_block(blocks, &nb, b))
                return trace_fail(ctx, err, NULL, "address",
                                  "one warp instruction touches more than %d blocks",
                                  TRACE_MAX_PER_LINE);
            if (b == last)
                break;
        }
    }
    for (size_t i = 0; i < nb; i++) {
        hamm_request *r = trace_emit(ctx);
        *r = *tmpl;
        r->addr = blocks[i];
        r->size = bs;
        r->op = (uint8_t)op;
    }
    return HAMM_OK;
}
