/* cache_internal.h - the cache's state, shared by the tag array (cache.c) and the MSHR
 * table and miss queue (mshr.c). */
#ifndef HAMM_GPU_CACHE_INTERNAL_H
#define HAMM_GPU_CACHE_INTERNAL_H

#include "cache.h"

#define MSHR_NONE UINT32_MAX

/* One way of a set.  A line with a reserved sector cannot be evicted: its MSHR entries
 * need it when the data comes back. */
typedef struct cache_line {
    uint64_t line;     /* line number (address >> log2(line_bytes)) */
    uint64_t last_use; /* LRU stamp */
    uint32_t valid, reserved, dirty; /* sector masks */
    uint8_t present;
} cache_line;

typedef struct mshr_entry {
    uint64_t sector_addr; /* first byte of the sector being fetched */
    uint32_t waiting;     /* ids held in the entry's slice of mshr_ids */
    uint8_t used;
    uint8_t unreserved;   /* fetched while bypassing or allocating on fill: no line holds
                             a reserved bit for it */
    uint8_t fill_allocates; /* allocating on fill: its data takes a line when it is back */
} mshr_entry;

struct gpu_cache {
    gpu_cache_params p;
    uint32_t line_log2, sector_log2;
    gpu_set_indexer ix;
    cache_line *lines; /* sets * ways */
    uint64_t clock;    /* accesses so far: the LRU clock */
    mshr_entry *mshr;
    uint32_t *mshr_ids; /* mshr_entries * mshr_max_merge */
    uint32_t mshr_used;
    gpu_mem_req *mq; /* ring of mq_cap: miss_queue_size, and room for one access's
                        requests beyond it (miss_queue_room) */
    uint32_t mq_head, mq_size, mq_cap;
    gpu_cache_stats st;
    gpu_cache_fail last_fail;
    uint32_t last_waits;
    uint8_t bypass;           /* DBSA: bypassing now */
    uint8_t sampling;         /* DBSA: windows still measured */
    uint8_t last_tag_miss;    /* the last read missed in the tags (DBSA's measure) */
    uint8_t used;             /* a sector became valid since gpu_cache_invalidate */
    uint32_t unreserved;      /* MSHR entries with `unreserved` set */
    uint64_t win_reads, win_misses; /* DBSA: the current window */
};

uint32_t mshr_find(const gpu_cache *c, uint64_t sector_addr);
uint32_t mshr_alloc(gpu_cache *c, uint64_t sector_addr, uint32_t id);
int mshr_can_merge(const gpu_cache *c, uint32_t e);
void mshr_merge(gpu_cache *c, uint32_t e, uint32_t id);
uint32_t mshr_release(gpu_cache *c, uint32_t e, uint32_t *ids, uint32_t max);

uint32_t miss_queue_room(const gpu_cache *c);

/* cache.c: the way a line would take (NULL when every way waits for a fetch), and the
 * line put in it (the old one written back when dirty). */
cache_line *cache_victim(gpu_cache *c, uint64_t line);
void cache_install(gpu_cache *c, cache_line *v, uint64_t line);
/* cache_alloc.c: the allocation and resizing rules' parameter checks, and an on-fill
 * cache's line for returning data (NULL when every way waits: the data passes by). */
hamm_status cache_check_alloc(const gpu_cache_params *p, hamm_error *err);
cache_line *cache_fill_line(gpu_cache *c, uint64_t line);
/* dbsa.c: count one read (tag miss or not) and decide at the end of its window. */
void dbsa_count(gpu_cache *c, int miss);
void miss_queue_push(gpu_cache *c, gpu_mem_req r);

#endif
