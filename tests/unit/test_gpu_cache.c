/* test_gpu_cache.c - hit, miss, merge, eviction and each reservation failure of the GPU
 * cache, on sequences whose outcomes are derived by hand from the rules in cache.h.
 *
 * The small cache: 2 sets x 2 ways of 128-byte lines in 32-byte sectors, linear index,
 * so lines 0, 2, 4 (addresses 0x000, 0x100, 0x200) share set 0. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gpu/cache.h"
#include "gpu_cache_helpers.h"

static gpu_cache_params small(void)
{
    return (gpu_cache_params){.sets = 2, .ways = 2, .line_bytes = 128, .sector_bytes = 32,
                              .index = GPU_INDEX_LINEAR, .write_policy = GPU_WRITE_BACK,
                              .write_allocate = 1, .mshr_entries = 4, .mshr_max_merge = 2,
                              .miss_queue_size = 8};
}

static gpu_cache_outcome rd(gpu_cache *c, uint64_t addr, uint32_t sectors, uint32_t id)
{
    return gpu_cache_access(c, addr, sectors, 0, id);
}

/* A miss fetches the sector; a second read merges (hit-reserved); a third finds the
 * entry full (merge limit 2); the fill names both waiting ids, oldest first. */
static void miss_merge_fill(void **state)
{
    (void)state;
    gpu_cache *c = make(small());
    assert_int_equal(rd(c, 0x20, 0x2, 1), GPU_CACHE_MISS);
    gpu_mem_req r;
    assert_true(gpu_cache_miss_peek(c, &r));
    assert_int_equal(r.addr, 0x20);
    assert_int_equal(r.bytes, 32);
    assert_int_equal(r.write, 0);
    assert_int_equal(rd(c, 0x24, 0x2, 2), GPU_CACHE_HIT_RESERVED);
    assert_int_equal(rd(c, 0x28, 0x2, 3), GPU_CACHE_FAIL);
    assert_int_equal(gpu_cache_last_fail(c), GPU_FAIL_MSHR_MERGE);
    uint32_t ids[4];
    assert_int_equal(gpu_cache_fill(c, 0x20, ids, 4), 2);
    assert_int_equal(ids[0], 1);
    assert_int_equal(ids[1], 2);
    assert_int_equal(gpu_cache_fill(c, 0x20, ids, 4), 0); /* nothing pending any more */
    assert_int_equal(rd(c, 0x20, 0x2, 4), GPU_CACHE_HIT);
    /* Sectors 0 and 1: the line is there, sector 0 is not: a sector miss. */
    assert_int_equal(rd(c, 0x0, 0x3, 5), GPU_CACHE_MISS);
    const gpu_cache_stats *s = gpu_cache_stats_of(c);
    assert_int_equal(s->accesses[0], 4); /* the failed attempt is not an access */
    assert_int_equal(s->hits[0], 1);
    assert_int_equal(s->hit_reserved, 1);
    assert_int_equal(s->misses[0], 2);
    assert_int_equal(s->sector_misses, 1);
    assert_int_equal(s->fetches, 2);
    assert_int_equal(s->fails[GPU_FAIL_MSHR_MERGE], 1);
    gpu_cache_free(c);
}

/* LRU: lines 0 and 2 fill set 0; touching 0 leaves 2 the LRU, so line 4 evicts 2; then
 * line 2 evicts 0 (last used before 4). */
static void lru_eviction(void **state)
{
    (void)state;
    gpu_cache *c = make(small());
    rd(c, 0x000, 0x1, 1);
    rd(c, 0x100, 0x1, 2);
    serve_all(c);
    assert_int_equal(rd(c, 0x000, 0x1, 3), GPU_CACHE_HIT);
    assert_int_equal(rd(c, 0x200, 0x1, 4), GPU_CACHE_MISS);
    serve_all(c);
    assert_int_equal(rd(c, 0x100, 0x1, 5), GPU_CACHE_MISS);
    serve_all(c);
    assert_int_equal(rd(c, 0x200, 0x1, 6), GPU_CACHE_HIT);
    assert_int_equal(rd(c, 0x000, 0x1, 7), GPU_CACHE_MISS);
    gpu_cache_free(c);
}

/* Write-back, allocate on write: a write miss allocates without a fetch (nothing
 * queued); evicting the dirty line writes back its dirty sector only. */
static void write_back_eviction(void **state)
{
    (void)state;
    gpu_cache *c = make(small());
    gpu_mem_req r;
    assert_int_equal(gpu_cache_access(c, 0x040, 0x4, 1, 1), GPU_CACHE_MISS);
    assert_false(gpu_cache_miss_peek(c, &r));
    assert_int_equal(rd(c, 0x040, 0x4, 2), GPU_CACHE_HIT); /* the written sector is valid */
    assert_int_equal(gpu_cache_access(c, 0x040, 0x4, 1, 3), GPU_CACHE_HIT);
    rd(c, 0x100, 0x1, 4);
    serve_all(c);
    rd(c, 0x100, 0x1, 5); /* line 0 is now the LRU */
    assert_int_equal(rd(c, 0x200, 0x1, 6), GPU_CACHE_MISS);
    assert_true(gpu_cache_miss_peek(c, &r)); /* the write-back goes first */
    assert_int_equal(r.write, 1);
    assert_int_equal(r.addr, 0x000);
    assert_int_equal(r.bytes, 32);
    assert_int_equal(r.sectors, 0x4);
    gpu_cache_miss_pop(c);
    assert_true(gpu_cache_miss_peek(c, &r));
    assert_int_equal(r.addr, 0x200);
    assert_int_equal(gpu_cache_stats_of(c)->writebacks, 1);
    gpu_cache_free(c);
}

/* Write-through without allocation: a write miss goes below and leaves no line; a write
 * hit updates the line and goes below too. */
static void write_through_no_allocate(void **state)
{
    (void)state;
    gpu_cache_params p = small();
    p.write_policy = GPU_WRITE_THROUGH;
    p.write_allocate = 0;
    gpu_cache *c = make(p);
    gpu_mem_req r;
    assert_int_equal(gpu_cache_access(c, 0x060, 0x8, 1, 1), GPU_CACHE_MISS);
    assert_true(gpu_cache_miss_peek(c, &r));
    assert_int_equal(r.write, 1);
    assert_int_equal(r.sectors, 0x8);
    serve_all(c);
    assert_int_equal(rd(c, 0x060, 0x8, 2), GPU_CACHE_MISS); /* not allocated */
    serve_all(c);
    assert_int_equal(gpu_cache_access(c, 0x060, 0x8, 1, 3), GPU_CACHE_HIT);
    assert_true(gpu_cache_miss_peek(c, &r));
    assert_int_equal(r.write, 1);
    assert_int_equal(gpu_cache_stats_of(c)->writebacks, 0);
    gpu_cache_free(c);
}

/* Each resource that can run out: both ways of set 0 waiting for fetches (no line to
 * allocate); a one-entry miss queue; a one-entry MSHR.  A failure changes nothing: the
 * retry after the resource frees succeeds. */
static void reservation_failures(void **state)
{
    (void)state;
    gpu_cache *c = make(small());
    rd(c, 0x000, 0x1, 1);
    rd(c, 0x100, 0x1, 2);
    assert_int_equal(rd(c, 0x200, 0x1, 3), GPU_CACHE_FAIL);
    assert_int_equal(gpu_cache_last_fail(c), GPU_FAIL_LINE_ALLOC);
    serve_all(c);
    assert_int_equal(rd(c, 0x200, 0x1, 3), GPU_CACHE_MISS);
    gpu_cache_free(c);

    gpu_cache_params p = small();
    p.miss_queue_size = 1;
    c = make(p);
    assert_int_equal(rd(c, 0x000, 0x1, 1), GPU_CACHE_MISS);
    assert_int_equal(rd(c, 0x080, 0x1, 2), GPU_CACHE_FAIL);
    assert_int_equal(gpu_cache_last_fail(c), GPU_FAIL_MISS_QUEUE);
    gpu_cache_miss_pop(c);
    assert_int_equal(rd(c, 0x080, 0x1, 2), GPU_CACHE_MISS);
    gpu_cache_free(c);

    /* 4 MSHR entries (the fewest a 4-sector line allows): 3 sectors take 3, so two more
     * do not fit; after the fills another 3 are taken and the two still do not. */
    c = make(small());
    assert_int_equal(rd(c, 0x000, 0x7, 1), GPU_CACHE_MISS);
    assert_int_equal(rd(c, 0x080, 0x3, 2), GPU_CACHE_FAIL);
    assert_int_equal(gpu_cache_last_fail(c), GPU_FAIL_MSHR_ENTRY);
    serve_all(c);
    assert_int_equal(rd(c, 0x100, 0x7, 3), GPU_CACHE_MISS);
    assert_int_equal(rd(c, 0x080, 0x3, 2), GPU_CACHE_FAIL);
    assert_int_equal(gpu_cache_stats_of(c)->fails[GPU_FAIL_MSHR_ENTRY], 2);
    serve_all(c);
    assert_int_equal(rd(c, 0x080, 0x3, 2), GPU_CACHE_MISS);
    gpu_cache_free(c);
}

/* XOR index: with 4 sets, line 4 (0x200) is in set (4 ^ 4>>2) & 3 = 1, not set 0 as
 * linear indexing puts it beside line 0; with one way, only XOR keeps both. */
static void xor_index(void **state)
{
    (void)state;
    for (int x = 0; x < 2; x++) {
        gpu_cache_params p = small();
        p.sets = 4;
        p.ways = 1;
        p.index = x ? GPU_INDEX_XOR : GPU_INDEX_LINEAR;
        gpu_cache *c = make(p);
        rd(c, 0x000, 0x1, 1);
        serve_all(c);
        rd(c, 0x200, 0x1, 2);
        serve_all(c);
        assert_int_equal(rd(c, 0x000, 0x1, 3), x ? GPU_CACHE_HIT : GPU_CACHE_MISS);
        gpu_cache_free(c);
    }
}

/* A whole-line read miss whose victim is dirty needs 4 fetches and a write-back: 5
 * entries of a 4-entry miss queue.  It goes when the queue is empty (else it never could:
 * the GPU stopped, found by the Accel-Sim referee on GPGPU-Sim's GTX480 L2), and waits
 * for an empty queue otherwise. */
static void whole_line_miss_beyond_the_miss_queue(void **state)
{
    (void)state;
    gpu_cache_params p = small();
    p.ways = 1;
    p.miss_queue_size = 4;
    gpu_cache *c = make(p);
    assert_int_equal(gpu_cache_access(c, 0x000, 0xF, 1, 0), GPU_CACHE_MISS); /* allocates */
    serve_all(c);
    assert_int_equal(rd(c, 0x180, 0x1, 1), GPU_CACHE_MISS); /* set 1: one queued fetch */
    assert_int_equal(rd(c, 0x100, 0xF, 2), GPU_CACHE_FAIL);   /* set 0, dirty victim */
    assert_int_equal(gpu_cache_last_fail(c), GPU_FAIL_MISS_QUEUE);
    serve_all(c);
    assert_int_equal(rd(c, 0x100, 0xF, 2), GPU_CACHE_MISS);
    uint32_t writes = 0, reads = 0;
    gpu_mem_req r;
    while (gpu_cache_miss_peek(c, &r)) {
        writes += r.write;
        reads += !r.write;
        gpu_cache_miss_pop(c);
    }
    assert_int_equal(writes, 1);
    assert_int_equal(reads, 4);
    gpu_cache_free(c);
}

/* A write-through L1 of whole 128-byte lines (one sector a line) passes a store on with
 * only the 32-byte chunks it writes (gpu_cache_write): chunk 2 of line 0x100 goes as
 * 32 bytes at 0x140 with chunk mask 0x4; chunks 0 and 3 as 64 bytes from 0x100 with mask
 * 0x9.  The L1 itself counts one sector an access, hit or not. */
static void write_through_carries_chunks(void **state)
{
    (void)state;
    gpu_cache_params p = small();
    p.sector_bytes = 128;
    p.write_policy = GPU_WRITE_THROUGH;
    p.write_allocate = 0;
    gpu_cache *c = make(p);
    gpu_mem_req r;
    assert_int_equal(gpu_cache_write(c, 0x100, 0x4), GPU_CACHE_MISS);
    assert_true(gpu_cache_miss_peek(c, &r));
    assert_int_equal(r.addr, 0x140);
    assert_int_equal(r.bytes, 32);
    assert_int_equal(r.chunks, 0x4);
    assert_int_equal(r.write, 1);
    gpu_cache_miss_pop(c);
    assert_int_equal(gpu_cache_write(c, 0x100, 0x9), GPU_CACHE_MISS);
    assert_true(gpu_cache_miss_peek(c, &r));
    assert_int_equal(r.addr, 0x100);
    assert_int_equal(r.bytes, 64);
    assert_int_equal(r.chunks, 0x9);
    gpu_cache_miss_pop(c);
    /* a fetch of the whole line carries all four chunks */
    assert_int_equal(rd(c, 0x100, 0x1, 1), GPU_CACHE_MISS);
    assert_true(gpu_cache_miss_peek(c, &r));
    assert_int_equal(r.addr, 0x100);
    assert_int_equal(r.chunks, 0xF);
    assert_int_equal(gpu_cache_stats_of(c)->sector_accesses, 3);
    gpu_cache_free(c);
}

/* The set index may read another address than the tag (an L2 slice: the address within
 * its channel).  Here the key halves the line number: lines 0 and 2 (0x000, 0x100),
 * set 0 by the line number, go to sets 0 and 1, so with one way both stay; lines 0 and 1
 * (0x000, 0x080) share set 0 and the second evicts the first. */
static uint64_t halve_line(const void *ctx, uint64_t addr)
{
    (void)ctx;
    return (addr >> 8) << 7;
}

static void set_key_indexes(void **state)
{
    (void)state;
    gpu_cache_params p = small();
    p.ways = 1;
    p.set_key = halve_line;
    gpu_cache *c = make(p);
    assert_int_equal(rd(c, 0x000, 0xF, 1), GPU_CACHE_MISS);
    serve_all(c); /* 4 MSHR entries: one line's fetches at a time */
    assert_int_equal(rd(c, 0x100, 0xF, 2), GPU_CACHE_MISS);
    serve_all(c);
    assert_int_equal(rd(c, 0x000, 0xF, 3), GPU_CACHE_HIT);
    assert_int_equal(rd(c, 0x100, 0xF, 4), GPU_CACHE_HIT);
    assert_int_equal(rd(c, 0x080, 0xF, 5), GPU_CACHE_MISS);
    serve_all(c);
    assert_int_equal(rd(c, 0x000, 0xF, 6), GPU_CACHE_MISS);
    gpu_cache_free(c);
}

/* Fewer MSHR entries than sectors in a line: a whole-line miss could never go. */
static void too_few_mshrs(void **state)
{
    (void)state;
    gpu_cache_params p = small();
    p.mshr_entries = 3;
    gpu_cache *c = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_cache_new(&c, &p, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "mshr_entries");
}

static void bad_geometry(void **state)
{
    (void)state;
    gpu_cache_params p = small();
    p.sets = 3;
    gpu_cache *c = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_cache_new(&c, &p, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "sets");
    assert_null(c);
    p = small();
    p.sector_bytes = 256;
    hamm_error err2 = {0};
    assert_int_equal(gpu_cache_new(&c, &p, &err2), HAMM_ERR_CONFIG);
    assert_string_equal(err2.field, "sector_bytes");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(miss_merge_fill),
        cmocka_unit_test(lru_eviction),
        cmocka_unit_test(write_back_eviction),
        cmocka_unit_test(write_through_no_allocate),
        cmocka_unit_test(reservation_failures),
        cmocka_unit_test(xor_index),
        cmocka_unit_test(whole_line_miss_beyond_the_miss_queue),
        cmocka_unit_test(too_few_mshrs),
        cmocka_unit_test(write_through_carries_chunks),
        cmocka_unit_test(set_key_indexes),
        cmocka_unit_test(bad_geometry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
