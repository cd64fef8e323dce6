/* streak.c - row streak breakers by origin (streak.h). */
#include "streak.h"

const char *const gpu_streak_class_names[GPU_STREAK_CLASSES] = {
    [GPU_STREAK_OTHER_CORE] = "different_core",
    [GPU_STREAK_OTHER_CTA] = "same_core_other_cta",
    [GPU_STREAK_SAME_CTA] = "same_cta",
    [GPU_STREAK_UNATTRIBUTED] = "unattributed",
};

gpu_streak_class gpu_streak_class_of(uint64_t breaker, uint64_t stranded)
{
    if (breaker == GPU_ORIGIN_NONE || stranded == GPU_ORIGIN_NONE)
        return GPU_STREAK_UNATTRIBUTED;
    if (breaker >> 32 != stranded >> 32)
        return GPU_STREAK_OTHER_CORE;
    uint32_t a = (uint32_t)breaker, b = (uint32_t)stranded;
    if (a == GPU_CTA_NONE || b == GPU_CTA_NONE)
        return GPU_STREAK_UNATTRIBUTED;
    return a == b ? GPU_STREAK_SAME_CTA : GPU_STREAK_OTHER_CTA;
}

void gpu_streaks_see(void *user, const uint64_t *origins, uint32_t n, int stranded)
{
    gpu_streaks *s = user;
    s->row_streaks++;
    if (!stranded)
        return;
    s->stranded++;
    s->breakers += n;
    int seen[GPU_STREAK_CLASSES] = {0};
    for (uint32_t i = 0; i < n; i++) {
        gpu_streak_class k = gpu_streak_class_of(origins[i], origins[n]);
        s->requests[k]++;
        seen[k] = 1;
    }
    for (int k = 0; k < GPU_STREAK_CLASSES; k++)
        s->credited[k] += (uint64_t)seen[k];
}

void gpu_streaks_add(gpu_streaks *a, const gpu_streaks *b)
{
    a->row_streaks += b->row_streaks;
    a->stranded += b->stranded;
    a->breakers += b->breakers;
    for (int k = 0; k < GPU_STREAK_CLASSES; k++) {
        a->requests[k] += b->requests[k];
        a->credited[k] += b->credited[k];
    }
}
