/* locality.c - requests per row activate of request streams (locality.h). */
#include <stdlib.h>

#include "common/alloc.h"
#include "locality.h"

#define NO_ROW UINT32_MAX

uint64_t gpu_locality_bytes(uint32_t streams, uint32_t banks)
{
    return (uint64_t)streams * banks * sizeof *((gpu_locality *)NULL)->last_row;
}

int gpu_locality_init(gpu_locality *l, uint32_t streams, uint32_t banks)
{
    *l = (gpu_locality){.streams = streams, .banks = banks};
    l->last_row = hamm_calloc_array((size_t)streams * banks, sizeof *l->last_row);
    if (!l->last_row)
        return 0;
    for (size_t i = 0; i < (size_t)streams * banks; i++)
        l->last_row[i] = NO_ROW;
    return 1;
}

void gpu_locality_free(gpu_locality *l)
{
    free(l->last_row);
    l->last_row = NULL;
}

void gpu_locality_see(gpu_locality *l, uint32_t stream, uint32_t bank, uint32_t row)
{
    uint32_t *last = &l->last_row[(size_t)stream * l->banks + bank];
    l->requests++;
    l->activates += *last != row;
    *last = row;
}

double gpu_locality_of(const gpu_locality *l)
{
    return l->activates ? (double)l->requests / (double)l->activates : -1.0;
}
