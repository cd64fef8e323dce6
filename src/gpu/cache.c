/* cache.c - a GPU cache's tag array and its access and fill rules (cache.h).  An access
 * checks every resource it needs before it changes anything, so a failed one leaves the
 * cache as it was; the checks come in GPGPU-Sim's order (a line to allocate, room in the
 * miss queue, then an MSHR entry or room to merge). */
#include <stdlib.h>

#include "cache_internal.h"
#include "common/alloc.h"

static int pow2(uint32_t x)
{
    return x && !(x & (x - 1));
}

static uint32_t log2u(uint32_t x)
{
    return (uint32_t)__builtin_ctz(x);
}

/* DBSA's threshold (the Khairy thesis' chapter 5); the set index checks its own. */
static hamm_status check_options(const gpu_cache_params *p, hamm_error *err)
{
    if (p->bypass_period && !(p->bypass_threshold >= 0 && p->bypass_threshold <= 1))
        return hamm_error_field(err, HAMM_ERR_CONFIG, "bypass_threshold",
                                "cache: a miss rate from 0 to 1");
    return HAMM_OK;
}

static hamm_status check_params(const gpu_cache_params *p, hamm_error *err)
{
    const char *bad = !pow2(p->sets)                ? "sets"
                      : !p->ways                    ? "ways"
                      : !pow2(p->line_bytes)        ? "line_bytes"
                      : !pow2(p->sector_bytes) || p->sector_bytes > p->line_bytes ||
                              p->line_bytes / p->sector_bytes > 32
                          ? "sector_bytes"
                      : !p->mshr_entries            ? "mshr_entries"
                      : !p->mshr_max_merge          ? "mshr_max_merge"
                      : !p->miss_queue_size         ? "miss_queue_size"
                                                    : NULL;
    if (bad)
        return hamm_error_field(err, HAMM_ERR_CONFIG, bad,
                                "cache: sets, line and sector bytes must be powers of two (at "
                                "most 32 sectors a line); ways, MSHRs, merges and miss queue at "
                                "least 1");
    /* a whole-line miss takes an entry per sector at once: with fewer it could never go */
    if (p->mshr_entries < p->line_bytes / p->sector_bytes)
        return hamm_error_field(err, HAMM_ERR_CONFIG, "mshr_entries",
                                "cache: %u MSHR entries cannot hold the %u sector fetches of "
                                "one line's miss", p->mshr_entries,
                                p->line_bytes / p->sector_bytes);
    hamm_status st = check_options(p, err);
    return st ? st : cache_check_alloc(p, err);
}

uint64_t gpu_cache_bytes(const gpu_cache_params *p)
{
    const gpu_cache *c = NULL; /* for the sizes of its arrays' elements */
    uint64_t sectors = p->sector_bytes ? p->line_bytes / p->sector_bytes : 0;
    uint32_t ways = p->max_ways > p->ways ? p->max_ways : p->ways;
    return sizeof *c + (uint64_t)p->sets * ways * sizeof *c->lines +
           (uint64_t)p->mshr_entries * (sizeof *c->mshr + p->mshr_max_merge * sizeof *c->mshr_ids) +
           ((uint64_t)p->miss_queue_size + sectors + 1) * sizeof *c->mq;
}

hamm_status gpu_cache_new(gpu_cache **out, const gpu_cache_params *p, hamm_error *err)
{
    *out = NULL;
    gpu_set_indexer ix;
    hamm_status st = check_params(p, err);
    if (st == HAMM_OK)
        st = gpu_set_indexer_init(&ix, p->index, p->sets, log2u(p->line_bytes),
                                  p->sub_partitions, p->part_mask, p->poly, err);
    if (st)
        return st;
    gpu_cache *c = calloc(1, sizeof *c);
    if (!c)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory for a cache");
    c->p = *p;
    c->line_log2 = log2u(p->line_bytes);
    c->sector_log2 = log2u(p->sector_bytes);
    c->ix = ix;
    c->sampling = p->bypass_period != 0;
    /* a unified L1 holds the most ways its carveout can leave it (gpu_cache_set_ways) */
    c->lines = hamm_calloc_array((size_t)p->sets * (p->max_ways ? p->max_ways : p->ways),
                                 sizeof *c->lines);
    c->mshr = hamm_calloc_array(p->mshr_entries, sizeof *c->mshr);
    c->mshr_ids = hamm_calloc_array((size_t)p->mshr_entries * p->mshr_max_merge,
                                    sizeof *c->mshr_ids);
    /* one access pushes at most a fetch per sector and a write-back */
    c->mq_cap = p->miss_queue_size + (p->line_bytes >> c->sector_log2) + 1;
    c->mq = hamm_calloc_array(c->mq_cap, sizeof *c->mq);
    if (!c->lines || !c->mshr || !c->mshr_ids || !c->mq) {
        gpu_cache_free(c);
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory for a cache");
    }
    *out = c;
    return HAMM_OK;
}

void gpu_cache_free(gpu_cache *c)
{
    if (!c)
        return;
    free(c->lines);
    free(c->mshr);
    free(c->mshr_ids);
    free(c->mq);
    free(c);
}

static uint32_t set_of(const gpu_cache *c, uint64_t line)
{
    uint64_t addr = line << c->line_log2;
    if (c->p.set_key)
        addr = c->p.set_key(c->p.set_key_ctx, addr);
    return gpu_set_index_of(&c->ix, addr);
}

static cache_line *find(gpu_cache *c, uint64_t line)
{
    cache_line *set = &c->lines[(size_t)set_of(c, line) * c->p.ways];
    for (uint32_t w = 0; w < c->p.ways; w++)
        if (set[w].present && set[w].line == line)
            return &set[w];
    return NULL;
}

/* An empty way, else the least recently used line with no fetch pending; NULL when every
 * way waits for a fetch. */
cache_line *cache_victim(gpu_cache *c, uint64_t line)
{
    cache_line *set = &c->lines[(size_t)set_of(c, line) * c->p.ways], *best = NULL;
    for (uint32_t w = 0; w < c->p.ways; w++) {
        if (!set[w].present)
            return &set[w];
        if (!set[w].reserved && (!best || set[w].last_use < best->last_use))
            best = &set[w];
    }
    return best;
}

/* The 32-byte chunks of its 128-byte block that [addr, addr + bytes) covers, up to the
 * block's end (a write-back of scattered dirty sectors is sent as their span from the
 * line's start). */
static uint32_t span_chunks(uint64_t addr, uint32_t bytes)
{
    uint32_t first = (uint32_t)(addr & 127) / 32, n = (bytes + 31) / 32;
    n = n > 4 - first ? 4 - first : n;
    return ((1u << n) - 1) << first;
}

/* The 32-byte chunks of the line's first 128-byte block that `sectors` cover (lines are
 * at least 128 bytes). */
static uint32_t chunks_of_sectors(const gpu_cache *c, uint32_t sectors)
{
    uint32_t chunks = 0;
    for (uint32_t m = sectors; m; m &= m - 1) {
        uint32_t first = (uint32_t)__builtin_ctz(m) << c->sector_log2;
        for (uint32_t b = first; b < first + c->p.sector_bytes && b < 128; b += 32)
            chunks |= 1u << (b / 32);
    }
    return chunks;
}

static int needs_writeback(const gpu_cache *c, const cache_line *v)
{
    return v->present && v->dirty && c->p.write_policy == GPU_WRITE_BACK;
}

/* Put `line` in way v, writing the old line back when it is dirty. */
void cache_install(gpu_cache *c, cache_line *v, uint64_t line)
{
    if (needs_writeback(c, v)) {
        uint32_t n = (uint32_t)__builtin_popcount(v->dirty);
        uint64_t a = v->line << c->line_log2;
        miss_queue_push(c, (gpu_mem_req){a, n << c->sector_log2, v->dirty,
                                         span_chunks(a, n << c->sector_log2), 1});
        c->st.writebacks++;
    }
    *v = (cache_line){.line = line, .present = 1};
}

static void touch(gpu_cache *c, cache_line *l)
{
    l->last_use = ++c->clock;
}

static gpu_cache_outcome fail(gpu_cache *c, gpu_cache_fail why)
{
    c->last_fail = why;
    c->st.fails[why]++;
    return GPU_CACHE_FAIL;
}

static uint64_t sector_addr(const gpu_cache *c, uint64_t line, uint32_t s)
{
    return (line << c->line_log2) + ((uint64_t)s << c->sector_log2);
}

/* Can every pending sector in `pending` take one more waiting request? */
static int merges_fit(const gpu_cache *c, uint64_t line, uint32_t pending)
{
    for (uint32_t m = pending; m; m &= m - 1) {
        uint32_t e = mshr_find(c, sector_addr(c, line, (uint32_t)__builtin_ctz(m)));
        if (e == MSHR_NONE || !mshr_can_merge(c, e))
            return 0;
    }
    return 1;
}

/* The sectors of `missing` being fetched: a line's reserved bits, unless fetches made
 * while bypassing (which reserve nothing) are out; then the MSHRs say. */
static uint32_t pending_of(const gpu_cache *c, const cache_line *l, uint64_t line,
                           uint32_t missing)
{
    if (!c->unreserved)
        return l ? missing & l->reserved : 0;
    uint32_t pending = 0;
    for (uint32_t m = missing; m; m &= m - 1) {
        uint32_t s = (uint32_t)__builtin_ctz(m);
        pending |= (mshr_find(c, sector_addr(c, line, s)) != MSHR_NONE) << s;
    }
    return pending;
}

/* What a read miss lacks to go (GPU_FAIL_COUNT: nothing): room in the miss queue for
 * its nfresh fetches and victim v's write-back, MSHR entries for the fetches, and room in
 * the entries it merges into for the pending sectors. */
static gpu_cache_fail lacking(const gpu_cache *c, const cache_line *v, uint64_t line,
                              uint32_t pending, uint32_t nfresh)
{
    if (miss_queue_room(c) < nfresh + (v && needs_writeback(c, v)))
        return GPU_FAIL_MISS_QUEUE;
    if (c->p.mshr_entries - c->mshr_used < nfresh)
        return GPU_FAIL_MSHR_ENTRY;
    if (!merges_fit(c, line, pending))
        return GPU_FAIL_MSHR_MERGE;
    return GPU_FAIL_COUNT;
}

/* Merge into the pending sectors and fetch the fresh ones; the checks are done. */
static void reserve(gpu_cache *c, cache_line *l, uint64_t line, uint32_t pending, uint32_t fresh,
                    uint32_t id)
{
    for (uint32_t m = pending; m; m &= m - 1)
        mshr_merge(c, mshr_find(c, sector_addr(c, line, (uint32_t)__builtin_ctz(m))), id);
    for (uint32_t m = fresh; m; m &= m - 1) {
        uint32_t s = (uint32_t)__builtin_ctz(m);
        uint64_t a = sector_addr(c, line, s);
        uint32_t e = mshr_alloc(c, a, id);
        miss_queue_push(c, (gpu_mem_req){a, c->p.sector_bytes, 1u << s,
                                         span_chunks(a, c->p.sector_bytes), 0});
        c->st.fetches++;
        c->mshr[e].unreserved = !l;
        c->mshr[e].fill_allocates = !l && c->p.alloc == GPU_ALLOC_ON_FILL && !c->bypass;
        c->unreserved += !l;
    }
    if (l)
        l->reserved |= fresh;
}

/* A read miss allocating on miss takes (and reserves) its line now; allocating on fill
 * it leaves the tags alone: the fetches alone (and their MSHR entries) are its. */
static gpu_cache_outcome read_access(gpu_cache *c, uint64_t line, uint32_t sectors, uint32_t id)
{
    cache_line *l = find(c, line), *v = NULL;
    c->last_waits = 0;
    if (l && (l->valid & sectors) == sectors) {
        touch(c, l);
        c->st.hits[0]++;
        return GPU_CACHE_HIT;
    }
    int on_fill = c->p.alloc == GPU_ALLOC_ON_FILL, present = l != NULL;
    uint32_t missing = l ? sectors & ~l->valid : sectors;
    uint32_t pending = pending_of(c, l, line, missing), fresh = missing & ~pending;
    uint32_t nfresh = (uint32_t)__builtin_popcount(fresh);
    if (!l && !on_fill && !(v = cache_victim(c, line)))
        return fail(c, GPU_FAIL_LINE_ALLOC);
    gpu_cache_fail why = lacking(c, v, line, pending, nfresh);
    if (why != GPU_FAIL_COUNT)
        return fail(c, why);
    if (v) {
        cache_install(c, v, line);
        l = v;
    }
    reserve(c, on_fill ? NULL : l, line, pending, fresh, id);
    c->last_waits = (uint32_t)__builtin_popcount(missing);
    if (!on_fill)
        touch(c, l);
    if (!fresh && !on_fill) {
        c->st.hit_reserved++;
        return GPU_CACHE_HIT_RESERVED;
    }
    c->st.misses[0]++;
    c->st.sector_misses += present;
    c->st.missed_sectors += nfresh;
    return fresh ? GPU_CACHE_MISS : GPU_CACHE_HIT_RESERVED;
}

/* DBSA's bypass: every sector asked for comes from below (merged with a fetch already
 * pending), nothing is allocated or reserved; the tags alone follow the access as if it
 * were cached (a line they make room for is written back when dirty; the fill marks its
 * sectors valid), so the miss rate is still measured. */
static gpu_cache_outcome bypass_read(gpu_cache *c, uint64_t line, uint32_t sectors, uint32_t id)
{
    cache_line *l = find(c, line), *v = l ? NULL : cache_victim(c, line);
    uint32_t pending = pending_of(c, l, line, sectors), fresh = sectors & ~pending;
    uint32_t nfresh = (uint32_t)__builtin_popcount(fresh);
    c->last_waits = 0;
    gpu_cache_fail why = lacking(c, v, line, pending, nfresh);
    if (why != GPU_FAIL_COUNT)
        return fail(c, why);
    c->last_tag_miss = !l || (l->valid & sectors) != sectors;
    if (v) {
        cache_install(c, v, line);
        l = v;
    }
    if (l)
        touch(c, l); /* its sectors turn valid when the fetches come back */
    reserve(c, NULL, line, pending, fresh, id);
    c->last_waits = (uint32_t)__builtin_popcount(sectors);
    c->st.bypassed++;
    if (!fresh) {
        c->st.hit_reserved++;
        return GPU_CACHE_HIT_RESERVED;
    }
    c->st.misses[0]++;
    return GPU_CACHE_MISS;
}

/* The write the level below sees when only the line's sectors are known: the written
 * sectors of the line. */
static gpu_mem_req write_on(const gpu_cache *c, uint64_t line, uint32_t sectors)
{
    uint32_t n = (uint32_t)__builtin_popcount(sectors);
    return (gpu_mem_req){line << c->line_log2, n << c->sector_log2, sectors,
                         chunks_of_sectors(c, sectors), 1};
}

/* A write of `sectors` of `line`; `on` is what the level below sees if it is sent on. */
static gpu_cache_outcome write_access(gpu_cache *c, uint64_t line, uint32_t sectors,
                                      gpu_mem_req on)
{
    /* bypassed (DBSA): written through, not allocated */
    int through = c->p.write_policy == GPU_WRITE_THROUGH || c->bypass;
    int allocate = c->p.write_allocate && !c->bypass;
    cache_line *l = find(c, line), *v = NULL;
    if (!l && allocate && !(v = cache_victim(c, line)))
        return fail(c, GPU_FAIL_LINE_ALLOC);
    int sent = through || (!l && !allocate);
    if (miss_queue_room(c) < (uint32_t)sent + (v && needs_writeback(c, v)))
        return fail(c, GPU_FAIL_MISS_QUEUE);
    if (v) {
        cache_install(c, v, line);
        l = v;
    }
    if (sent)
        miss_queue_push(c, on);
    uint32_t valid_before = l ? l->valid : 0;
    if (l) {
        l->valid |= sectors;
        c->used = 1;
        l->dirty = through ? l->dirty & ~sectors : l->dirty | sectors;
        touch(c, l);
    }
    c->st.missed_sectors += (uint64_t)__builtin_popcount(sectors & ~valid_before);
    int hit = v == NULL && l != NULL;
    c->st.hits[1] += hit;
    c->st.misses[1] += !hit;
    c->st.bypassed += c->bypass;
    return hit ? GPU_CACHE_HIT : GPU_CACHE_MISS;
}

static uint32_t line_sectors(const gpu_cache *c, uint32_t sectors)
{
    uint32_t all = c->p.line_bytes >> c->sector_log2;
    return sectors & (all == 32 ? UINT32_MAX : (1u << all) - 1);
}

/* Count an access (failed ones are retried: counted by cause, not as accesses). */
static gpu_cache_outcome counted(gpu_cache *c, gpu_cache_outcome o, int write, uint32_t sectors)
{
    c->st.accesses[write != 0] += o != GPU_CACHE_FAIL;
    c->st.sector_accesses += o != GPU_CACHE_FAIL ? (uint64_t)__builtin_popcount(sectors) : 0;
    if (c->sampling && !write && o != GPU_CACHE_FAIL)
        dbsa_count(c, c->bypass ? c->last_tag_miss : o != GPU_CACHE_HIT);
    return o;
}

gpu_cache_outcome gpu_cache_write(gpu_cache *c, uint64_t addr, uint32_t chunks)
{
    uint64_t line = addr >> c->line_log2;
    uint32_t sectors = line_sectors(c, gpu_cache_sectors_of(c, addr, chunks));
    chunks &= 0xF;
    uint32_t n = (uint32_t)__builtin_popcount(chunks), first = chunks ? __builtin_ctz(chunks) : 0;
    gpu_mem_req on = {(addr & ~(uint64_t)127) + 32u * first, n * 32, sectors, chunks, 1};
    return counted(c, write_access(c, line, sectors, on), 1, sectors);
}

gpu_cache_outcome gpu_cache_access(gpu_cache *c, uint64_t addr, uint32_t sectors, int write,
                                   uint32_t id)
{
    uint64_t line = addr >> c->line_log2;
    sectors = line_sectors(c, sectors);
    gpu_cache_outcome o = write      ? write_access(c, line, sectors, write_on(c, line, sectors))
                          : c->bypass ? bypass_read(c, line, sectors, id)
                                      : read_access(c, line, sectors, id);
    return counted(c, o, write, sectors);
}

uint32_t gpu_cache_sectors_of(const gpu_cache *c, uint64_t addr, uint32_t chunks)
{
    uint64_t block = (addr & ~(uint64_t)127) & (c->p.line_bytes - 1); /* offset in the line */
    uint32_t mask = 0;
    for (uint32_t i = 0; i < 4; i++)
        if (chunks >> i & 1)
            mask |= 1u << ((block + 32u * i) >> c->sector_log2);
    return mask;
}

gpu_cache_fail gpu_cache_last_fail(const gpu_cache *c)
{
    return c->last_fail;
}

uint32_t gpu_cache_last_waits(const gpu_cache *c)
{
    return c->last_waits;
}

uint32_t gpu_cache_fill(gpu_cache *c, uint64_t addr, uint32_t *ids, uint32_t max)
{
    uint64_t sa = addr >> c->sector_log2 << c->sector_log2;
    uint32_t e = mshr_find(c, sa);
    if (e == MSHR_NONE)
        return 0;
    cache_line *l = find(c, addr >> c->line_log2);
    uint32_t bit = 1u << ((sa >> c->sector_log2) & ((c->p.line_bytes >> c->sector_log2) - 1));
    int allocates = c->mshr[e].fill_allocates;
    if (!l && allocates)
        l = cache_fill_line(c, addr >> c->line_log2);
    if (l) { /* a line with a reserved sector is never evicted; one fetched around the
                cache (DBSA) may have gone */
        l->valid |= bit;
        c->used = 1;
        l->reserved &= ~bit;
        if (allocates)
            touch(c, l); /* allocated (the line, or its sector) now */
    }
    return mshr_release(c, e, ids, max);
}

const gpu_cache_stats *gpu_cache_stats_of(const gpu_cache *c)
{
    return &c->st;
}

int gpu_cache_bypassing(const gpu_cache *c)
{
    return c->bypass;
}
