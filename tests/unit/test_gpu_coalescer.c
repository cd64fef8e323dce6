/* test_gpu_coalescer.c - both coalescing rules on the classic patterns, each expected
 * transaction derived by hand from the rule (docs/GPU.md, "Coalescer"; the CUDA
 * Programming Guide's compute-1.2 examples for the segment rule). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gpu/coalescer.h"

#define ALL 0xFFFFFFFFu

typedef struct expect {
    uint64_t addr;
    uint32_t size;
    uint8_t sectors;
} expect;

static void strided(uint64_t *a, uint64_t base, uint64_t stride)
{
    for (int i = 0; i < GPU_WARP_SIZE; i++)
        a[i] = base + stride * (uint64_t)i;
}

static void check(gpu_coalesce_rule rule, const uint64_t *a, uint32_t width, uint32_t active,
                  const expect *e, size_t n)
{
    gpu_transaction t[GPU_MAX_TRANSACTIONS];
    size_t got = gpu_coalesce(rule, a, width, active, t);
    assert_int_equal(got, n);
    uint32_t lanes = 0;
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(t[i].addr, e[i].addr);
        assert_int_equal(t[i].size, e[i].size);
        assert_int_equal(t[i].sectors, e[i].sectors);
        lanes |= t[i].lanes;
    }
    assert_int_equal(lanes, active); /* every active lane served, no other */
}

/* 4-byte words, unit stride from 0x1000: each half-warp reads 64 bytes, the lower or
 * upper half of the 128-byte segment 0x1000: one 64-byte transaction each. */
static void segments_unit_stride(void **state)
{
    (void)state;
    uint64_t a[32];
    strided(a, 0x1000, 4);
    expect e[] = {{0x1000, 64, 0x3}, {0x1040, 64, 0xC}};
    check(GPU_COALESCE_SEGMENTS, a, 4, ALL, e, 2);
}

/* Stride 2 words: each half-warp spans 128 bytes (offsets 0..123): no shrinking. */
static void segments_stride2(void **state)
{
    (void)state;
    uint64_t a[32];
    strided(a, 0x1000, 8);
    expect e[] = {{0x1000, 128, 0xF}, {0x1080, 128, 0xF}};
    check(GPU_COALESCE_SEGMENTS, a, 4, ALL, e, 2);
}

/* Misaligned by one word: half 0 is 0x1004..0x1043, inside segment 0x1000 and using
 * both its 64-byte halves: 128 bytes.  Half 1 is 0x1044..0x1083: lanes 16-27 use
 * 0x1044..0x107F (upper 64 of 0x1000, both of its 32-byte halves: 64 at 0x1040), lanes
 * 28-31 use 0x1080..0x108F (lower 64, lower 32: 32 at 0x1080). */
static void segments_misaligned(void **state)
{
    (void)state;
    uint64_t a[32];
    strided(a, 0x1004, 4);
    expect e[] = {{0x1000, 128, 0xF}, {0x1040, 64, 0xC}, {0x1080, 32, 0x1}};
    check(GPU_COALESCE_SEGMENTS, a, 4, ALL, e, 3);
}

/* Every lane the same word: one 32-byte transaction per half-warp. */
static void segments_broadcast(void **state)
{
    (void)state;
    uint64_t a[32];
    strided(a, 0x2000, 0);
    expect e[] = {{0x2000, 32, 0x1}, {0x2000, 32, 0x1}};
    check(GPU_COALESCE_SEGMENTS, a, 4, ALL, e, 2);
}

/* Scattered (a page apart): each lane alone in its segment, shrunk to 32 bytes. */
static void segments_scattered(void **state)
{
    (void)state;
    uint64_t a[32];
    strided(a, 0x10060, 4096);
    expect e[32];
    for (int i = 0; i < 32; i++)
        e[i] = (expect){0x10060 + 4096u * (uint64_t)i, 32, 0x8};
    check(GPU_COALESCE_SEGMENTS, a, 4, ALL, e, 32);
}

/* Word size sets the segment: bytes use 32-byte segments (a half-warp's 16 bytes share
 * one), 16-byte words 128-byte ones (a half-warp's 256 bytes need two). */
static void segments_word_sizes(void **state)
{
    (void)state;
    uint64_t a[32];
    strided(a, 0x1000, 1);
    expect bytes[] = {{0x1000, 32, 0x1}, {0x1000, 32, 0x1}};
    check(GPU_COALESCE_SEGMENTS, a, 1, ALL, bytes, 2);
    strided(a, 0x1000, 16);
    expect quads[] = {{0x1000, 128, 0xF}, {0x1080, 128, 0xF}, {0x1100, 128, 0xF},
                      {0x1180, 128, 0xF}};
    check(GPU_COALESCE_SEGMENTS, a, 16, ALL, quads, 4);
}

/* Only the first half-warp active: only its transaction. */
static void segments_inactive_lanes(void **state)
{
    (void)state;
    uint64_t a[32];
    strided(a, 0x1000, 4);
    expect e[] = {{0x1000, 64, 0x3}};
    check(GPU_COALESCE_SEGMENTS, a, 4, 0x0000FFFFu, e, 1);
}

/* Sector rule, unit stride: one line, all four sectors (four requests). */
static void sectors_unit_stride(void **state)
{
    (void)state;
    uint64_t a[32];
    strided(a, 0x1000, 4);
    expect e[] = {{0x1000, 128, 0xF}};
    check(GPU_COALESCE_SECTORS, a, 4, ALL, e, 1);
    gpu_transaction t[GPU_MAX_TRANSACTIONS];
    gpu_coalesce(GPU_COALESCE_SECTORS, a, 4, ALL, t);
    assert_int_equal(gpu_transaction_requests(GPU_COALESCE_SECTORS, &t[0]), 4);
    assert_int_equal(gpu_transaction_requests(GPU_COALESCE_SEGMENTS, &t[0]), 1);
}

/* Stride 2 words: 256 bytes, two full lines.  Misaligned by one word: 0x1004..0x1083,
 * line 0x1000 whole and sector 0 of line 0x1080 (five requests). */
static void sectors_stride_and_misaligned(void **state)
{
    (void)state;
    uint64_t a[32];
    strided(a, 0x1000, 8);
    expect two[] = {{0x1000, 128, 0xF}, {0x1080, 128, 0xF}};
    check(GPU_COALESCE_SECTORS, a, 4, ALL, two, 2);
    strided(a, 0x1004, 4);
    expect mis[] = {{0x1000, 128, 0xF}, {0x1080, 128, 0x1}};
    check(GPU_COALESCE_SECTORS, a, 4, ALL, mis, 2);
}

/* Broadcast: one sector.  Scattered: a line per lane, one sector each, in address order
 * even when the lanes run downwards. */
static void sectors_broadcast_and_scattered(void **state)
{
    (void)state;
    uint64_t a[32];
    strided(a, 0x2040, 0);
    expect one[] = {{0x2000, 128, 0x4}};
    check(GPU_COALESCE_SECTORS, a, 4, ALL, one, 1);
    for (int i = 0; i < 32; i++)
        a[i] = 0x100000 - 4096u * (uint64_t)i;
    expect e[32];
    for (int i = 0; i < 32; i++)
        e[i] = (expect){0x100000 - 4096u * 31 + 4096u * (uint64_t)i, 128, 0x1};
    check(GPU_COALESCE_SECTORS, a, 4, ALL, e, 32);
}

/* One lane whose word crosses a line: both lines, the last sector of one and the first
 * of the next. */
static void sectors_word_crossing_line(void **state)
{
    (void)state;
    uint64_t a[32] = {0x107E};
    expect e[] = {{0x1000, 128, 0x8}, {0x1080, 128, 0x1}};
    check(GPU_COALESCE_SECTORS, a, 4, 0x1, e, 2);
}

static void bad_width_or_no_lanes(void **state)
{
    (void)state;
    uint64_t a[32] = {0};
    gpu_transaction t[GPU_MAX_TRANSACTIONS];
    assert_int_equal(gpu_coalesce(GPU_COALESCE_SECTORS, a, 3, ALL, t), 0);
    assert_int_equal(gpu_coalesce(GPU_COALESCE_SEGMENTS, a, 4, 0, t), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(segments_unit_stride),
        cmocka_unit_test(segments_stride2),
        cmocka_unit_test(segments_misaligned),
        cmocka_unit_test(segments_broadcast),
        cmocka_unit_test(segments_scattered),
        cmocka_unit_test(segments_word_sizes),
        cmocka_unit_test(segments_inactive_lanes),
        cmocka_unit_test(sectors_unit_stride),
        cmocka_unit_test(sectors_stride_and_misaligned),
        cmocka_unit_test(sectors_broadcast_and_scattered),
        cmocka_unit_test(sectors_word_crossing_line),
        cmocka_unit_test(bad_width_or_no_lanes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
