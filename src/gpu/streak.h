/* streak.h - row streak breakers classified by origin, as the Yuan thesis (seed 000,
 * section 6.3.2, Figure 6.19) counts them (docs/ICNT-HOLD.md, "Row streak breakers").
 *
 * A request's origin is its core and its CTA (the CTA's number in its kernel).  At a row
 * switch the DRAM channel hands over the breakers' origins and the stranded request's
 * (engine/channel.h, channel_observe_streaks); each breaker is classified relative to
 * the stranded request: another core, the same core but another CTA, the same CTA, or
 * unattributed when either origin is unknown (requests a cache sends on its own: the
 * L2's fetches and write-backs have no origin, the L1's no CTA). */
#ifndef HAMM_GPU_STREAK_H
#define HAMM_GPU_STREAK_H

#include <stdint.h>

#define GPU_CTA_NONE UINT32_MAX    /* a request no single CTA made */
#define GPU_ORIGIN_NONE UINT64_MAX /* a request no core made */

typedef enum gpu_streak_class {
    GPU_STREAK_OTHER_CORE,   /* "Diff. Core" */
    GPU_STREAK_OTHER_CTA,    /* "Same Core, Diff. CTA" */
    GPU_STREAK_SAME_CTA,     /* "Same CTA" */
    GPU_STREAK_UNATTRIBUTED, /* an origin (or, on the same core, a CTA) is unknown */
    GPU_STREAK_CLASSES
} gpu_streak_class;

extern const char *const gpu_streak_class_names[GPU_STREAK_CLASSES];

typedef struct gpu_streaks {
    uint64_t row_streaks; /* ACTs that opened a row other than the bank's previous one */
    uint64_t stranded;    /* of them, those that left a request to the old row queued */
    uint64_t breakers;    /* requests between the new row's and the stranded one, summed */
    uint64_t requests[GPU_STREAK_CLASSES]; /* the breakers by class: sums to breakers */
    uint64_t credited[GPU_STREAK_CLASSES]; /* stranded switches with at least one breaker of
                                              the class (the thesis' count: a switch may
                                              credit several classes) */
} gpu_streaks;

static inline uint64_t gpu_origin_of(uint16_t core, uint32_t cta)
{
    return (uint64_t)core << 32 | cta;
}

gpu_streak_class gpu_streak_class_of(uint64_t breaker, uint64_t stranded);
/* One row switch, as the channel's observer: origins[0..n) the breakers, origins[n] the
 * stranded request when `stranded`.  `user` is a gpu_streaks. */
void gpu_streaks_see(void *user, const uint64_t *origins, uint32_t n, int stranded);
/* a += b */
void gpu_streaks_add(gpu_streaks *a, const gpu_streaks *b);

#endif
