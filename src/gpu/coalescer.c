/* coalescer.c - a warp instruction's lane addresses to memory transactions (coalescer.h;
 * the rules and their sources in docs/GPU.md, "Coalescer"). */
#include "coalescer.h"

/* A lane's access, cut at block boundaries: the first block it touches and, when it
 * crosses into the next, that one too.  `need` says which pieces still wait. */
typedef struct piece_set {
    uint64_t first[GPU_WARP_SIZE]; /* first byte of each lane's access */
    uint64_t last[GPU_WARP_SIZE];  /* last byte */
    uint32_t need_lo, need_hi;     /* lanes whose first / second block is unserved */
} piece_set;

static int width_ok(uint32_t width)
{
    return width == 1 || width == 2 || width == 4 || width == 8 || width == 16;
}

static uint64_t align_down(uint64_t a, uint64_t size)
{
    return a & ~(size - 1);
}

static void pieces_init(piece_set *p, const uint64_t *addr, uint32_t width, uint32_t lanes,
                        uint64_t block)
{
    p->need_lo = lanes;
    p->need_hi = 0;
    for (uint32_t i = 0; i < GPU_WARP_SIZE; i++) {
        if (!(lanes >> i & 1))
            continue;
        p->first[i] = addr[i];
        /* An access that would run past 2^64 is cut there. */
        p->last[i] = addr[i] > UINT64_MAX - (width - 1) ? UINT64_MAX : addr[i] + width - 1;
        if (align_down(p->first[i], block) != align_down(p->last[i], block))
            p->need_hi |= 1u << i;
    }
}

/* The lowest block some unserved piece lies in, taken from the lowest such lane. */
static uint64_t next_block(const piece_set *p, uint64_t block)
{
    uint32_t lo = p->need_lo ? (uint32_t)__builtin_ctz(p->need_lo) : GPU_WARP_SIZE;
    uint32_t hi = p->need_hi ? (uint32_t)__builtin_ctz(p->need_hi) : GPU_WARP_SIZE;
    if (lo <= hi)
        return align_down(p->first[lo], block);
    return align_down(p->last[hi], block);
}

/* Serve every piece in block b: clear it, and return the lanes served and the first and
 * last byte offsets used within b. */
static uint32_t take_block(piece_set *p, uint64_t b, uint64_t block, uint64_t *lo_off,
                           uint64_t *hi_off)
{
    uint32_t lanes = 0;
    *lo_off = block - 1;
    *hi_off = 0;
    for (uint32_t i = 0; i < GPU_WARP_SIZE; i++) {
        int lo = (p->need_lo >> i & 1) && align_down(p->first[i], block) == b;
        int hi = (p->need_hi >> i & 1) && align_down(p->last[i], block) == b;
        if (!lo && !hi)
            continue;
        uint64_t from = p->first[i] > b ? p->first[i] - b : 0;
        uint64_t to = p->last[i] - b < block ? p->last[i] - b : block - 1;
        *lo_off = from < *lo_off ? from : *lo_off;
        *hi_off = to > *hi_off ? to : *hi_off;
        p->need_lo &= lo ? ~(1u << i) : ~0u;
        p->need_hi &= hi ? ~(1u << i) : ~0u;
        lanes |= 1u << i;
    }
    return lanes;
}

static uint8_t sectors_of(uint64_t addr, uint64_t size)
{
    uint32_t first = (uint32_t)(addr % GPU_LINE_BYTES) / GPU_SECTOR_BYTES;
    uint32_t count = (uint32_t)(size + GPU_SECTOR_BYTES - 1) / GPU_SECTOR_BYTES;
    return (uint8_t)(((1u << count) - 1) << first);
}

/* Segment rule: shrink the segment to the half it uses, while it is over 32 bytes. */
static gpu_transaction shrink(uint64_t b, uint64_t size, uint64_t lo_off, uint64_t hi_off,
                              uint32_t lanes)
{
    while (size > 32) {
        uint64_t half = size / 2;
        if (hi_off < half) {
            /* lower half: base unchanged */
        } else if (lo_off >= half) {
            b += half;
            lo_off -= half;
            hi_off -= half;
        } else {
            break;
        }
        size = half;
    }
    return (gpu_transaction){b, (uint32_t)size, lanes, sectors_of(b, size)};
}

static uint8_t sector_mask(uint64_t lo_off, uint64_t hi_off)
{
    uint32_t first = (uint32_t)lo_off / GPU_SECTOR_BYTES, last = (uint32_t)hi_off / GPU_SECTOR_BYTES;
    return (uint8_t)(((1u << (last - first + 1)) - 1) << first);
}

/* Insertion sort by address: at most GPU_MAX_TRANSACTIONS entries. */
static void sort_by_addr(gpu_transaction *t, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        gpu_transaction x = t[i];
        size_t j = i;
        for (; j > 0 && t[j - 1].addr > x.addr; j--)
            t[j] = t[j - 1];
        t[j] = x;
    }
}

/* Coalesce the lanes in `lanes` with blocks of `block` bytes; the segment rule shrinks
 * each block, the sector rule keeps the line and records its sectors. */
static size_t coalesce_group(gpu_coalesce_rule rule, const uint64_t *addr, uint32_t width,
                             uint32_t lanes, uint64_t block, gpu_transaction *out)
{
    piece_set p;
    pieces_init(&p, addr, width, lanes, block);
    size_t n = 0;
    while (p.need_lo | p.need_hi) {
        uint64_t b = next_block(&p, block), lo_off, hi_off;
        uint32_t served = take_block(&p, b, block, &lo_off, &hi_off);
        switch (rule) {
        case GPU_COALESCE_SEGMENTS:
            out[n++] = shrink(b, block, lo_off, hi_off, served);
            break;
        case GPU_COALESCE_SECTORS:
            out[n++] = (gpu_transaction){b, (uint32_t)block, served, sector_mask(lo_off, hi_off)};
            break;
        }
    }
    sort_by_addr(out, n);
    return n;
}

/* The compute-1.x segment for a word size: 32 B for bytes, 64 B for 2-byte words, else
 * 128 B. */
static uint64_t segment_for(uint32_t width)
{
    return width == 1 ? 32 : width == 2 ? 64 : 128;
}

size_t gpu_coalesce(gpu_coalesce_rule rule, const uint64_t addr[GPU_WARP_SIZE], uint32_t width,
                    uint32_t active, gpu_transaction out[GPU_MAX_TRANSACTIONS])
{
    if (!active || !width_ok(width))
        return 0;
    switch (rule) {
    case GPU_COALESCE_SEGMENTS: {
        uint64_t seg = segment_for(width);
        size_t n = coalesce_group(rule, addr, width, active & 0xFFFFu, seg, out);
        return n + coalesce_group(rule, addr, width, active & 0xFFFF0000u, seg, out + n);
    }
    case GPU_COALESCE_SECTORS:
        return coalesce_group(rule, addr, width, active, GPU_LINE_BYTES, out);
    }
    return 0;
}

uint32_t gpu_transaction_requests(gpu_coalesce_rule rule, const gpu_transaction *t)
{
    switch (rule) {
    case GPU_COALESCE_SEGMENTS:
        return 1;
    case GPU_COALESCE_SECTORS:
        return (uint32_t)__builtin_popcount(t->sectors);
    }
    return 0;
}
