/* mwp_skew.c - the busiest DRAM channel among the requests each memory period of a round
 * of resident CTAs sends (mwp_skew.h). */
#include <stdlib.h>
#include <string.h>

#include "mwp_skew.h"

/* Make room for rows 0..period (doubling), the new rows zero. */
static int reserve(mwp_skew *s, uint64_t period)
{
    if (period < s->periods)
        return 0;
    size_t n = s->periods ? s->periods : 64;
    while (n <= period)
        n *= 2;
    uint32_t *c = realloc(s->count, n * s->channels * sizeof *c);
    if (!c)
        return -1;
    memset(c + s->periods * s->channels, 0, (n - s->periods) * s->channels * sizeof *c);
    s->count = c;
    s->periods = n;
    return 0;
}

int mwp_skew_add(mwp_skew *s, uint64_t period, uint64_t addr)
{
    if (s->channels < 2 || s->chunk == 0 || (period + 1) * s->channels > MWP_SKEW_MAX_CELLS)
        return 0; /* periods beyond the table are left out of the skew */
    if (reserve(s, period) != 0)
        return -1;
    s->count[period * s->channels + (addr / s->chunk) % s->channels]++;
    return 0;
}

void mwp_skew_flush(mwp_skew *s)
{
    for (size_t p = 0; p < s->periods; p++) {
        uint32_t *row = s->count + p * s->channels, most = 0;
        for (uint32_t ch = 0; ch < s->channels; ch++) {
            most = row[ch] > most ? row[ch] : most;
            s->total += row[ch];
            row[ch] = 0;
        }
        s->busiest += most;
    }
}

void mwp_skew_free(mwp_skew *s)
{
    free(s->count);
    s->count = NULL;
    s->periods = 0;
}
