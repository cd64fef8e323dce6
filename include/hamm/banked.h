/* hamm/banked.h - banked (parallel) on-chip memories: the address-to-module schemes of
 * Gou's thesis (2011), chapter 2 (low-order, high-order, skewed, prime, XOR) and 3 (SAMS,
 * 2DSMM), Rau's IPOLY as GPGPU-Sim hashes with it, and a streaming bank-conflict analysis
 * of a trace under one of them.
 *
 * Addresses here are word addresses (a trace's byte address / the word size).  A scheme
 * puts word a in module m(a) and, inside it, in line l(a): what a module delivers in one
 * cycle (one word; SAMS' lines are two words wide).  A group of accesses served by one
 * parallel access costs, per module, one cycle per distinct line it needs; its conflict
 * degree is the most any module needs (1: conflict-free).  docs/BANKED.md has the
 * definitions and the thesis' figures next to what hamm computes.
 */
#ifndef HAMM_BANKED_H
#define HAMM_BANKED_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/error.h"
#include "hamm/export.h"
#include "hamm/trace.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HAMM_BANKED_MAX_LANES 1024u   /* accesses one parallel access serves (--modules) */
#define HAMM_BANKED_MAX_GROUP 4096u   /* accesses in one group; a longer one is split */
#define HAMM_BANKED_STRIDE_BASES 1024u /* base addresses the stride table tries */

typedef enum hamm_banked_kind {
    HAMM_BANKED_LOW_ORDER = 0, /* m = a mod M */
    HAMM_BANKED_HIGH_ORDER,    /* m = (a / rows) mod M */
    HAMM_BANKED_SKEWED,        /* m = (a + skew * (a / M)) mod M */
    HAMM_BANKED_PRIME,         /* m = a mod P, P prime (P >= M modules, M accesses) */
    HAMM_BANKED_XOR,           /* Harper's XOR scheme for stride family s */
    HAMM_BANKED_SAMS,          /* single-affiliation multiple-stride, 2^q modules */
    HAMM_BANKED_2DSMM,         /* 2D strided multiaccess memory, 2^p x 2^q modules */
    HAMM_BANKED_IPOLY,         /* m = a mod M XOR the IPOLY fold of the bits above (Rau) */
    HAMM_BANKED_KIND_COUNT
} hamm_banked_kind;

/* A scheme and its parameters (hamm_banked_parse fills every field the kind uses). */
typedef struct hamm_banked_scheme {
    hamm_banked_kind kind;
    uint32_t lanes;   /* M: accesses a conflict-free parallel access serves per cycle */
    uint32_t modules; /* memory modules: M, or P for prime */
    uint64_t rows;    /* high-order: words per module */
    uint32_t skew;    /* skewed: rotation per row of M words */
    uint32_t s;       /* xor, sams: the stride family (strides sigma * 2^s, sigma odd) */
    uint32_t q;       /* sams: log2 modules; 2dsmm: log2 of the horizontal module count */
    uint32_t p;       /* 2dsmm: log2 of the vertical module count */
    uint32_t vs, hs;  /* 2dsmm: the vertical and horizontal stride families */
    uint64_t width;   /* 2dsmm: N, words per row of the 2D array (a = i * N + j) */
    uint32_t sub;     /* ipoly: the fold is over M * 2^sub buckets, the top log2 M bits
                         kept (GPGPU-Sim's 2^sub sub-partitions per channel) */
    char spec[128];   /* the scheme written out whole, e.g. "sams:q=5,s=5" */
} hamm_banked_scheme;

/* Parse "NAME[:KEY=VALUE,...]" (docs/BANKED.md) for parallel accesses of `lanes` words:
 * low-order, high-order[:rows=R], skewed[:skew=K], prime[:p=P], xor[:s=S],
 * sams[:q=Q,s=S], 2dsmm[:p=P,q=Q,vs=V,hs=H,width=N], ipoly[:sub=K].  Errors
 * (HAMM_ERR_ARG) name the field that is wrong: an unknown scheme or key, a value out of
 * range, a module count the scheme cannot take. */
HAMM_API hamm_status hamm_banked_parse(const char *spec, uint32_t lanes, hamm_banked_scheme *out,
                                       hamm_error *err);
HAMM_API const char *hamm_banked_kind_name(hamm_banked_kind k);

/* Where word `a` lives: its module, its line (unique within the module) and its offset
 * in the line (0 but for SAMS). */
typedef struct hamm_banked_place {
    uint32_t module;
    uint32_t offset;
    uint64_t line;
} hamm_banked_place;
HAMM_API hamm_banked_place hamm_banked_locate(const hamm_banked_scheme *s, uint64_t a);

/* Whether the module of word hi * M + b, b = 0 .. M - 1 (M = s->lanes), is a permutation
 * of the modules for every hi: the condition for using `s` as a bank or channel function
 * of a DRAM address map (hamm/addrmap.h) without losing addresses.  HAMM_OK when it is
 * (low-order, skewed, xor, prime with P = M, sams with s = 0 or s > q, 2dsmm with
 * 2^(p+q) dividing the width, high-order with rows = 1, ipoly); else HAMM_ERR_ARG
 * naming the field that rules it out. */
HAMM_API hamm_status hamm_banked_check_permutation(const hamm_banked_scheme *s, hamm_error *err);

/* How a trace's accesses are grouped into parallel accesses. */
typedef struct hamm_conflicts_options {
    uint32_t word_bytes; /* a word address is the byte address / this (0: 4) */
    uint32_t group;      /* 0: one group per warp instruction where the records say which
                            (core, warp and cycle change), else windows of `lanes`;
                            k > 0: windows of k accesses */
} hamm_conflicts_options;

typedef struct hamm_conflict_stats {
    uint64_t accesses, groups;
    uint64_t warp_groups;   /* groups that were one warp instruction */
    uint64_t window_groups; /* groups that were a window of consecutive accesses */
    uint64_t cycles;        /* sum over groups of max(degree, ceil(size / lanes)) */
    uint64_t conflict_free_cycles; /* sum over groups of ceil(size / lanes) */
    uint32_t max_degree;
    const uint64_t *degree_groups; /* [0 .. max_degree]: groups of that degree ([0]: 0) */
} hamm_conflict_stats;

typedef struct hamm_conflicts hamm_conflicts;

/* An analysis under `s` (copied).  Memory is fixed: nothing grows with the trace. */
HAMM_API hamm_status hamm_conflicts_new(hamm_conflicts **out, const hamm_banked_scheme *s,
                                        const hamm_conflicts_options *o, hamm_error *err);
/* Count the next requests of the trace, in order. */
HAMM_API void hamm_conflicts_add(hamm_conflicts *c, const hamm_request *reqs, size_t n);
/* The totals, the open group closed; valid until the next add or free. */
HAMM_API const hamm_conflict_stats *hamm_conflicts_result(hamm_conflicts *c);
HAMM_API const hamm_banked_scheme *hamm_conflicts_scheme(const hamm_conflicts *c);
HAMM_API const hamm_conflicts_options *hamm_conflicts_options_of(const hamm_conflicts *c);
/* The accesses of a window group: the options' group, else the lanes; at most
 * HAMM_BANKED_MAX_GROUP. */
HAMM_API uint32_t hamm_conflicts_window(const hamm_conflicts *c);
/* The conflict degree of one group of n word addresses (n <= HAMM_BANKED_MAX_GROUP). */
HAMM_API uint32_t hamm_conflicts_degree(hamm_conflicts *c, const uint64_t *words, size_t n);
/* The degree of `lanes` accesses base, base + stride, ...: at base 0, and the worst over
 * the bases 0 .. HAMM_BANKED_STRIDE_BASES - 1. */
HAMM_API uint32_t hamm_conflicts_stride_degree(hamm_conflicts *c, uint64_t base, uint64_t stride);
HAMM_API uint32_t hamm_conflicts_stride_worst(hamm_conflicts *c, uint64_t stride);
HAMM_API void hamm_conflicts_free(hamm_conflicts *c);

#ifdef __cplusplus
}
#endif

#endif
