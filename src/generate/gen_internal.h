/* gen_internal.h - the generator's state, shared by generate.c (options, batches) and
 * patterns.c (where the n-th request of each pattern goes). */
#ifndef HAMM_GEN_INTERNAL_H
#define HAMM_GEN_INTERNAL_H

#include "hamm/generate.h"
#include "rng.h"

#define GEN_ONE53 (UINT64_C(1) << 53) /* fractions are thresholds on 53 random bits */

struct gen_component {
    hamm_gen_pattern pattern;
    uint64_t below;      /* chosen when a 53-bit draw is below this and not the previous */
    uint64_t issued;     /* requests this component has made so far */
    uint64_t stride_off; /* stride: offset of its next request in the region */
};

struct hamm_gen {
    hamm_gen_options o;
    gen_rng rng;
    uint64_t done;            /* requests generated */
    uint64_t write_below;     /* a write when a 53-bit draw is below this */
    uint64_t blocks;          /* footprint / request_size */
    uint64_t stream_blocks;   /* blocks per stream */
    struct gen_component comp[HAMM_GEN_MAX_MIX];
    /* hot-rows and bank-conflict: rows placed by the address map from where base decodes */
    const hamm_addrmap *map;
    hamm_geometry geo;
    hamm_dram_coord origin;   /* decode(base) */
    uint32_t column_step;     /* columns one request spans (at least 1) */
    uint32_t slots;           /* requests per row: columns / column_step */
};

/* Check the pattern-specific options and derive what patterns.c needs. */
hamm_status gen_patterns_prepare(hamm_gen *g, hamm_error *err);
/* The address of component c's next request (advances its count). */
uint64_t gen_pattern_next(hamm_gen *g, struct gen_component *c);

#endif
