/* cache.h - one GPU cache (an L1 of a core or an L2 slice of a memory channel): a
 * set-associative, optionally sectored tag array with LRU replacement, write-back or
 * write-through, allocate-on-write or not, MSHRs that merge misses to a pending sector
 * up to a limit, and a miss queue towards the level below (docs/GPU.md, "Caches").
 *
 * It follows GPGPU-Sim's cache in what it counts and when it refuses: an access either
 * hits, hits a sector already being fetched (merged into its MSHR), misses (fetches
 * sent), or fails for want of a resource (a line to allocate, an MSHR, room to merge, room
 * in the miss queue), and then changes nothing, so the core retries it later.  Data
 * comes back through gpu_cache_fill, which names the requests waiting for it. */
#ifndef HAMM_GPU_CACHE_H
#define HAMM_GPU_CACHE_H

#include <stdint.h>

#include "hamm/error.h"
#include "set_index.h"

typedef enum gpu_write_policy {
    GPU_WRITE_BACK,   /* a write marks its sectors dirty; eviction writes them back */
    GPU_WRITE_THROUGH /* every write goes to the level below too */
} gpu_write_policy;

/* When a read miss takes its line (GPGPU-Sim's allocation letter). */
typedef enum gpu_alloc_policy {
    GPU_ALLOC_ON_MISS, /* 'm': at the miss; the line is reserved until its data is back,
                          and a set whose every way waits fails the access (line_alloc) */
    GPU_ALLOC_ON_FILL  /* 'f', and the streaming 's': a miss takes no line and evicts
                          nothing (only an MSHR entry); the line is taken, the least
                          recently used way evicted, when the data comes back */
} gpu_alloc_policy;

typedef struct gpu_cache_params {
    uint32_t sets, ways;
    uint32_t line_bytes;   /* power of two */
    uint32_t sector_bytes; /* power of two dividing line_bytes, at most 32 per line;
                              line_bytes: not sectored */
    gpu_set_index index;
    gpu_write_policy write_policy;
    int write_allocate;       /* a write miss allocates the line (without fetching: the
                                 written sectors are whole) */
    uint32_t mshr_entries;    /* sectors that can be fetched at once */
    uint32_t mshr_max_merge;  /* requests one MSHR entry can hold, the first included */
    uint32_t miss_queue_size; /* requests waiting to go to the level below */
    gpu_alloc_policy alloc;   /* on fill: write-through and no write-allocate only, as
                                 GPGPU-Sim requires (a fill has no room to write back) */
    uint32_t max_ways;        /* the ways gpu_cache_set_ways may grow to (a unified L1's
                                 array, carveout.h); 0: ways, fixed */
    uint32_t poly;            /* GPU_INDEX_PMOD's polynomial (bit i: x^i); 0: the built-in
                                 one of degree log2(sets) */
    /* The address the set index reads (NULL: the address itself): an L2 slice takes the
     * address with its channel taken out (GPGPU-Sim's partition address), so that one
     * channel's lines spread over all its sets.  Tags are still whole addresses. */
    uint64_t (*set_key)(const void *ctx, uint64_t addr);
    const void *set_key_ctx;
    /* GPGPU-Sim's memory sub-partitions (0 or 1: none): the sets are sub_partitions
     * caches of sets / sub_partitions sets each, the one an address goes to chosen by
     * the bits part_mask of its set key, which the index reads with those bits taken out
     * (set_index.h; the L2's partition.c takes them from the address map). */
    uint32_t sub_partitions;
    uint64_t part_mask;
    /* DBSA (streaming bypass, Khairy thesis 5.1): every bypass_period reads (0: off) the
     * window's miss rate, measured on the tags, is compared with bypass_threshold; above
     * it the cache is bypassed (reads fetch every sector, nothing is allocated, writes go
     * through) while its tags keep measuring; with bypass_resample a window at or below
     * the threshold turns the cache back on, else the bypass stays. */
    uint32_t bypass_period;
    double bypass_threshold;
    int bypass_resample;
} gpu_cache_params;

typedef enum gpu_cache_outcome {
    GPU_CACHE_HIT,
    GPU_CACHE_HIT_RESERVED, /* every missing sector is already being fetched: merged (an
                               on-fill cache counts it a miss, as GPGPU-Sim does: no
                               line of its tags holds the sectors yet) */
    GPU_CACHE_MISS,         /* fetched (or, for a write, sent on or allocated) */
    GPU_CACHE_FAIL          /* reservation failure: nothing changed; retry later */
} gpu_cache_outcome;

/* Why an access failed, as GPGPU-Sim counts reservation failures. */
typedef enum gpu_cache_fail {
    GPU_FAIL_LINE_ALLOC, /* every way of the set is waiting for a fetch */
    GPU_FAIL_MSHR_ENTRY, /* no free MSHR entry */
    GPU_FAIL_MSHR_MERGE, /* the pending sector's entry holds mshr_max_merge requests */
    GPU_FAIL_MISS_QUEUE, /* no room in the miss queue */
    GPU_FAIL_COUNT
} gpu_cache_fail;

typedef struct gpu_cache_stats {
    uint64_t accesses[2];     /* [0] reads, [1] writes; failed attempts not included */
    uint64_t hits[2];
    uint64_t hit_reserved;    /* reads merged into a pending fetch */
    uint64_t misses[2];       /* accesses that needed the level below (sector misses too) */
    uint64_t sector_misses;   /* read misses whose line was present */
    /* Sector by sector, as GPGPU-Sim counts a sectored cache (each sector an access): the
     * sectors accessed, and those neither valid nor on their way (a read's fetches; a
     * write's sectors not yet valid). */
    uint64_t sector_accesses, missed_sectors;
    uint64_t fails[GPU_FAIL_COUNT];
    uint64_t fetches;         /* sector fetches sent */
    uint64_t writebacks;      /* dirty lines written back on eviction */
    uint64_t bypassed;        /* accesses served around the cache (DBSA) */
    uint64_t bypass_windows;  /* DBSA sampling windows that turned (or kept) it bypassed */
} gpu_cache_stats;

/* A request for the level below. */
typedef struct gpu_mem_req {
    uint64_t addr;    /* first byte (a sector for fetches; the line for write-backs; the
                         first chunk for a write passed on by gpu_cache_write) */
    uint32_t bytes;
    uint32_t sectors; /* the line's sectors it carries */
    uint32_t chunks;  /* the 32-byte chunks it carries of the 128-byte block holding addr
                         (bit i = bytes 32i..32i+31): what the level below accesses */
    uint8_t write;    /* 0: fetch; 1: write (write-through, no-allocate, write-back) */
} gpu_mem_req;

typedef struct gpu_cache gpu_cache;

/* HAMM_ERR_CONFIG (field named) when the geometry is not as gpu_cache_params says. */
hamm_status gpu_cache_new(gpu_cache **out, const gpu_cache_params *p, hamm_error *err);
/* The bytes gpu_cache_new allocates for p (gpu_memory.c adds them up beforehand). */
uint64_t gpu_cache_bytes(const gpu_cache_params *p);
void gpu_cache_free(gpu_cache *c);

/* Access the sectors `sectors` (bit i = sector i of the line) of the line holding `addr`
 * for request `id` (the caller's; fills return it).  Writes write whole sectors. */
gpu_cache_outcome gpu_cache_access(gpu_cache *c, uint64_t addr, uint32_t sectors, int write,
                                   uint32_t id);
/* A write of the 32-byte chunks `chunks` of the 128-byte block holding `addr` (bit i =
 * bytes 32i..32i+31): gpu_cache_access of their sectors, except that a write passed on
 * to the level below (write-through, no write-allocate, bypass) carries only those chunks,
 * as GPGPU-Sim sends the store's own request on, not its whole line. */
gpu_cache_outcome gpu_cache_write(gpu_cache *c, uint64_t addr, uint32_t chunks);
/* The cache's sector mask for the 32-byte chunks `chunks` (bit i = bytes 32i..32i+31) of
 * the 128-byte block holding `addr`; lines are at least 128 bytes (the model file's rule). */
uint32_t gpu_cache_sectors_of(const gpu_cache *c, uint64_t addr, uint32_t chunks);
/* The cause of the last GPU_CACHE_FAIL. */
gpu_cache_fail gpu_cache_last_fail(const gpu_cache *c);
/* How many fills the last read's id waits for (its missing sectors, pending or fresh):
 * gpu_cache_fill returns the id once per sector. */
uint32_t gpu_cache_last_waits(const gpu_cache *c);

/* A unified L1 between kernels (carveout.h): each set keeps its `ways` (1..max_ways) most
 * recently used lines, or gains empty ways.  No fetch may be pending (the GPU is quiet
 * between kernels); a resizable cache is write-through, so a dropped line owes nothing. */
void gpu_cache_set_ways(gpu_cache *c, uint32_t ways);
/* Drop every sector not waiting for a fetch (valid and dirty cleared: a write-through
 * L1's sectors are clean); nothing to do when no sector became valid since the last. */
void gpu_cache_invalidate(gpu_cache *c);
uint32_t gpu_cache_ways(const gpu_cache *c);
/* The allocation policy from now on (a streaming L1's, per kernel); between kernels. */
void gpu_cache_set_alloc(gpu_cache *c, gpu_alloc_policy alloc);

/* The oldest request for the level below, if any (1), without taking it. */
int gpu_cache_miss_peek(const gpu_cache *c, gpu_mem_req *out);
void gpu_cache_miss_pop(gpu_cache *c);

/* The fetch of the sector at `addr` came back: the sector becomes valid and its MSHR
 * entry free.  Writes up to `max` waiting ids into ids (oldest first) and returns how
 * many waited (0 when no fetch of that sector was pending). */
uint32_t gpu_cache_fill(gpu_cache *c, uint64_t addr, uint32_t *ids, uint32_t max);

const gpu_cache_stats *gpu_cache_stats_of(const gpu_cache *c);
/* Whether DBSA has the cache bypassed now. */
int gpu_cache_bypassing(const gpu_cache *c);
/* DBSA's decision at the end of a window of `reads` reads with `misses` tag misses:
 * whether the cache is bypassed in the next window (dbsa.c). */
int gpu_dbsa_decide(int bypassing, uint64_t reads, uint64_t misses, double threshold,
                    int resample);

#endif
