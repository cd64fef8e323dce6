/* hamm/generate.h - synthetic traces, deterministic from a seed: streams, uniform random
 * blocks, strides, a few hot rows, bank conflicts, and weighted mixes of them.
 *
 * A generator fills caller-owned request batches, so memory stays constant whatever the
 * count.  Its random numbers come from its own xoshiro256** seeded by splitmix64 and its
 * arithmetic is integer (or exactly rounded IEEE-754), so a seed gives the same requests
 * on every platform.  Nothing depends on the request count: the first N requests of a
 * longer trace are the N requests of a shorter one.  docs/GENERATE.md defines each pattern.
 */
#ifndef HAMM_GENERATE_H
#define HAMM_GENERATE_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/addrmap.h"
#include "hamm/error.h"
#include "hamm/export.h"
#include "hamm/trace.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hamm_gen_pattern {
    HAMM_GEN_STREAM = 0,   /* "stream": K streams of consecutive blocks, round robin */
    HAMM_GEN_RANDOM,       /* "random": a uniformly random block of the footprint */
    HAMM_GEN_STRIDE,       /* "stride": base + (i * stride mod footprint) */
    HAMM_GEN_HOT_ROWS,     /* "hot-rows": a random column of one of K rows */
    HAMM_GEN_BANK_CONFLICT,/* "bank-conflict": R rows of one bank, in turn */
    HAMM_GEN_PATTERN_COUNT
} hamm_gen_pattern;

#define HAMM_GEN_MAX_MIX 8

typedef struct hamm_gen_component {
    hamm_gen_pattern pattern;
    double weight; /* > 0; weights need not sum to 1 */
} hamm_gen_component;

typedef struct hamm_gen_options {
    uint64_t seed;
    uint64_t requests;        /* how many in all */
    size_t ncomponents;       /* 1 .. HAMM_GEN_MAX_MIX; one: a plain pattern */
    hamm_gen_component mix[HAMM_GEN_MAX_MIX];
    double write_fraction;    /* probability that a request is a write, 0 .. 1 */
    uint32_t request_size;    /* bytes per request; every address is a multiple of it */
    uint64_t base;            /* first byte of the region (a multiple of request_size) */
    uint64_t footprint;       /* bytes of the region (a multiple of request_size) */
    uint32_t streams;         /* stream: interleaved streams, >= 1 */
    uint64_t stride;          /* stride: bytes between requests (a multiple of request_size) */
    uint32_t hot_rows;        /* hot-rows: distinct rows, >= 1 */
    uint32_t conflict_rows;   /* bank-conflict: rows taken in turn, >= 2 */
    double rate;              /* > 0: request i arrives at cycle floor(i / rate); 0: no cycles */
} hamm_gen_options;

/* The defaults: seed 1, 1000 requests of 64 bytes, a single stream over 256 MiB from
 * address 0, reads only, stride 4096, 4 hot rows, 2 conflict rows, no arrival cycles. */
HAMM_API void hamm_gen_options_init(hamm_gen_options *o);

/* "stream", "random", "stride", "hot-rows", "bank-conflict". */
HAMM_API const char *hamm_gen_pattern_name(hamm_gen_pattern p);
HAMM_API hamm_status hamm_gen_pattern_from_name(const char *name, hamm_gen_pattern *out,
                                                hamm_error *err);

typedef struct hamm_gen hamm_gen;

/* A generator for `o` (copied).  `map` (borrowed; it must outlive the generator) places
 * hot rows and conflict rows; it may be NULL when the mix has neither.  Bad options are
 * HAMM_ERR_ARG naming the option ("--write-fraction", ...). */
HAMM_API hamm_status hamm_gen_new(hamm_gen **out, const hamm_gen_options *o,
                                  const hamm_addrmap *map, hamm_error *err);
/* Fill up to `cap` requests; returns how many, 0 only when all have been generated. */
HAMM_API size_t hamm_gen_fill(hamm_gen *g, hamm_request *reqs, size_t cap);
HAMM_API void hamm_gen_free(hamm_gen *g);

#ifdef __cplusplus
}
#endif

#endif
