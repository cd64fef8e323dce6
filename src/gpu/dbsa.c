/* dbsa.c - dynamically bypassing streaming applications (DBSA, Khairy thesis section 5.1):
 * a cache counts its reads and their tag misses in windows of bypass_period reads; at the
 * end of each it decides whether the next window bypasses the cache.  The tags keep
 * following the accesses while bypassed, so the miss rate stays measured (cache.c). */
#include "cache_internal.h"

int gpu_dbsa_decide(int bypassing, uint64_t reads, uint64_t misses, double threshold,
                    int resample)
{
    if (bypassing && !resample)
        return 1;
    /* misses / reads > threshold, without dividing */
    return (double)misses > threshold * (double)reads;
}

void dbsa_count(gpu_cache *c, int miss)
{
    c->win_reads++;
    c->win_misses += miss != 0;
    if (c->win_reads < c->p.bypass_period)
        return;
    c->bypass = (uint8_t)gpu_dbsa_decide(c->bypass, c->win_reads, c->win_misses,
                                         c->p.bypass_threshold, c->p.bypass_resample);
    c->st.bypass_windows += c->bypass;
    /* Bypassed for good: nothing left to measure. */
    c->sampling = !(c->bypass && !c->p.bypass_resample);
    c->win_reads = c->win_misses = 0;
}
