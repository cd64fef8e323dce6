/* traceg_write_inst.c - one warp instruction as an Accel-Sim instruction line
 * (traceg_write.h): `PC MASK NDEST DEST.. OPCODE NSRC SRC.. MEM_WIDTH [MODE ADDRESSES]`. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "traceg_write.h"

/* Append formatted text; -1 when out of memory (the buffer is left as it was). */
static int traceg_buf_printf(traceg_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static int traceg_buf_printf(traceg_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b->p ? b->p + b->len : NULL, b->p ? b->cap - b->len : 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return -1;
    if (b->p && (size_t)n < b->cap - b->len) {
        b->len += (size_t)n;
        return 0;
    }
    /* too small: grow (to hold the terminating NUL too) and format again */
    if (hamm_grow((void **)&b->p, &b->cap, b->len + (size_t)n + 1, 1) != 0)
        return -1;
    va_start(ap, fmt);
    vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
    return 0;
}

void traceg_buf_free(traceg_buf *b)
{
    free(b->p);
    *b = (traceg_buf){0};
}

/* Index of a width in the suffix tables: 1, 2, 4, 8, 16 bytes; -1 for another. */
static int width_index(uint32_t width)
{
    switch (width) {
    case 1: return 0;
    case 2: return 1;
    case 4: return 2;
    case 8: return 3;
    case 16: return 4;
    default: return -1;
    }
}

/* Accel-Sim takes a memory instruction's width from its opcode (a number among the
 * dot-separated parts is bits, "U<bits>" too, else 4 bytes), so the suffix must say it. */
const char *traceg_write_opcode(gpu_op op, uint32_t width)
{
    static const char *const ldg[] = {"LDG.E.U8", "LDG.E.U16", "LDG.E", "LDG.E.64", "LDG.E.128"};
    static const char *const stg[] = {"STG.E.U8", "STG.E.U16", "STG.E", "STG.E.64", "STG.E.128"};
    static const char *const lds[] = {"LDS.U8", "LDS.U16", "LDS", "LDS.64", "LDS.128"};
    static const char *const sts[] = {"STS.U8", "STS.U16", "STS", "STS.64", "STS.128"};
    int w = width_index(width);
    switch (op) {
    case GPU_OP_ALU: return "FFMA";
    case GPU_OP_SFU: return "MUFU.EX2";
    case GPU_OP_BARRIER: return "BAR.SYNC";
    case GPU_OP_EXIT: return "EXIT";
    case GPU_OP_LOAD: return w < 0 ? NULL : ldg[w];
    case GPU_OP_STORE: return w < 0 ? NULL : stg[w];
    case GPU_OP_SHARED_LOAD: return w < 0 ? NULL : lds[w];
    case GPU_OP_SHARED_STORE: return w < 0 ? NULL : sts[w];
    }
    return NULL;
}

static int is_memory(gpu_op op)
{
    return op == GPU_OP_LOAD || op == GPU_OP_STORE || op == GPU_OP_SHARED_LOAD ||
           op == GPU_OP_SHARED_STORE;
}

/* "NDEST [R..] OPCODE NSRC [R..] ": hamm's register r is R<r-1>; the sources once each,
 * in order (the reader keeps the first four distinct ones). */
static int registers(traceg_buf *b, const gpu_inst *in, const char *opcode)
{
    uint16_t src[GPU_MAX_SRC];
    int n = 0;
    for (int i = 0; i < GPU_MAX_SRC; i++) {
        int dup = in->src[i] == GPU_NO_REG;
        for (int j = 0; j < n; j++)
            dup |= src[j] == in->src[i];
        if (!dup)
            src[n++] = in->src[i];
    }
    int rc = in->dst != GPU_NO_REG ? traceg_buf_printf(b, "1 R%u ", in->dst - 1u)
                                   : traceg_buf_printf(b, "0 ");
    rc |= traceg_buf_printf(b, "%s %d", opcode, n);
    for (int j = 0; j < n; j++)
        rc |= traceg_buf_printf(b, " R%u", src[j] - 1u);
    return rc;
}

/* b - a as a signed 64-bit delta; 0 when it does not fit. */
static int delta(uint64_t a, uint64_t b, int64_t *d)
{
    if (b >= a ? b - a > (uint64_t)INT64_MAX : a - b > (uint64_t)INT64_MAX + 1)
        return 0;
    *d = b >= a ? (int64_t)(b - a) : (int64_t)(0 - (a - b));
    return 1;
}

/* Mode 1 (base, stride) when the active lanes are contiguous and equally spaced by a
 * stride Accel-Sim reads as an int; mode 2 (base, one delta per further lane) when each
 * delta fits 64 bits; else mode 0, every address. */
static int addresses(traceg_buf *b, const uint64_t *a, size_t n, uint32_t mask)
{
    uint32_t run = mask >> (mask ? __builtin_ctz(mask) : 0);
    int contiguous = (run & (run + 1)) == 0, stride_ok = contiguous, deltas_ok = 1;
    int64_t d = 0, stride = 0;
    for (size_t i = 1; i < n; i++) {
        deltas_ok &= delta(a[i - 1], a[i], &d);
        if (i == 1)
            stride = d;
        stride_ok &= deltas_ok && d == stride;
    }
    stride_ok &= stride >= INT32_MIN && stride <= INT32_MAX;
    if (n > 0 && stride_ok)
        return traceg_buf_printf(b, " 1 0x%" PRIx64 " %" PRId64, a[0], stride);
    if (n > 0 && deltas_ok) {
        int rc = traceg_buf_printf(b, " 2 0x%" PRIx64, a[0]);
        for (size_t i = 1; i < n; i++) {
            delta(a[i - 1], a[i], &d);
            rc |= traceg_buf_printf(b, " %" PRId64, d);
        }
        return rc;
    }
    int rc = traceg_buf_printf(b, " 0");
    for (size_t i = 0; i < n; i++)
        rc |= traceg_buf_printf(b, " 0x%" PRIx64, a[i]);
    return rc;
}

/* The active lanes' addresses, shared offsets moved into the header's shared window. */
static hamm_status lane_addresses(const gpu_inst *in, uint64_t *a, size_t *n,
                                  const char *where, hamm_error *err)
{
    int shared = in->op == GPU_OP_SHARED_LOAD || in->op == GPU_OP_SHARED_STORE;
    uint64_t window = TRACEG_LOCAL_BASE - TRACEG_SHMEM_BASE;
    *n = 0;
    for (int lane = 0; lane < GPU_WARP_SIZE; lane++) {
        if (!(in->active >> lane & 1u))
            continue;
        if (shared && in->addr[lane] >= window)
            return hamm_error_field(err, HAMM_ERR_CONFIG, "address",
                                    "%s: shared-memory offset 0x%" PRIx64 " of lane %d is "
                                    "beyond the 4 GiB shared window", where, in->addr[lane],
                                    lane);
        a[(*n)++] = in->addr[lane] + (shared ? TRACEG_SHMEM_BASE : 0);
    }
    return HAMM_OK;
}

hamm_status traceg_write_inst(traceg_buf *b, const gpu_inst *in, const char *where,
                              hamm_error *err)
{
    int mem = is_memory(in->op);
    const char *opcode = traceg_write_opcode(in->op, in->width);
    if (!opcode)
        return hamm_error_field(err, HAMM_ERR_CONFIG, "width",
                                "%s: %u bytes per lane; a memory instruction takes 1, 2, 4, "
                                "8 or 16", where, (unsigned)in->width);
    uint64_t a[GPU_WARP_SIZE];
    size_t n = 0;
    hamm_status st = mem ? lane_addresses(in, a, &n, where, err) : HAMM_OK;
    if (st != HAMM_OK)
        return st;
    int rc = traceg_buf_printf(b, "%04" PRIx64 " %08" PRIx32 " ", in->pc, in->active);
    rc |= registers(b, in, opcode);
    rc |= traceg_buf_printf(b, " %u", mem ? (unsigned)in->width : 0u);
    if (mem)
        rc |= addresses(b, a, n, in->active);
    rc |= traceg_buf_printf(b, "\n");
    return rc ? hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory") : HAMM_OK;
}
