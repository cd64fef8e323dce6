/* chc.c - the conflict history cache (chc.h). */
#include <stdlib.h>
#include <string.h>

#include "chc.h"
#include "common/alloc.h"

int gpu_chc_init(gpu_chc *h, uint32_t sets, uint32_t ways)
{
    *h = (gpu_chc){.sets = sets, .ways = ways};
    h->lines = hamm_calloc_array((size_t)sets * ways, sizeof *h->lines);
    return h->lines != NULL;
}

void gpu_chc_free(gpu_chc *h)
{
    free(h->lines);
    h->lines = NULL;
}

void gpu_chc_clear(gpu_chc *h)
{
    memset(h->lines, 0, (size_t)h->sets * h->ways * sizeof *h->lines);
    h->clock = 0;
}

/* PCs of one kernel are consecutive statement numbers: the low bits spread them. */
static gpu_chc_line *set_of(gpu_chc *h, uint64_t pc)
{
    return &h->lines[(size_t)(pc % h->sets) * h->ways];
}

uint32_t gpu_chc_lookup(gpu_chc *h, uint64_t pc, int *hit)
{
    gpu_chc_line *l = set_of(h, pc);
    for (uint32_t i = 0; i < h->ways; i++) {
        if (l[i].valid && l[i].pc == pc) {
            l[i].last_use = ++h->clock;
            *hit = 1;
            return l[i].degree;
        }
    }
    *hit = 0;
    return 0;
}

void gpu_chc_update(gpu_chc *h, uint64_t pc, uint32_t degree)
{
    gpu_chc_line *l = set_of(h, pc), *victim = &l[0];
    for (uint32_t i = 0; i < h->ways; i++) {
        if (l[i].valid && l[i].pc == pc) {
            victim = &l[i];
            break;
        }
        if (!l[i].valid || (victim->valid && l[i].last_use < victim->last_use))
            victim = &l[i];
    }
    *victim = (gpu_chc_line){.pc = pc, .last_use = ++h->clock, .degree = degree, .valid = 1};
}
