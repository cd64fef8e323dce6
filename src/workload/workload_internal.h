/* workload_internal.h - a loaded kernel description: each kernel compiled into a flat
 * program (instructions, loop and branch markers) that warps walk with a program
 * counter, loop counters and a mask stack, computing addresses on the fly. */
#ifndef HAMM_WORKLOAD_INTERNAL_H
#define HAMM_WORKLOAD_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "common/json_read.h"
#include "expr.h"
#include "source.h"

#define WL_MAX_IFS 8           /* nesting of "if" */
#define WL_MAX_THREADS 1024    /* threads per CTA */
#define WL_PATH JSON_READ_PATH /* a JSON path ("kernels[2].body[4].body[0].index") */
#define WL_NAME 64

/* A random distribution of indices (dist.h). */
enum wl_dist_kind {
    WL_DIST_UNIFORM, /* lo + r mod (hi - lo + 1) */
    WL_DIST_NEAR,    /* center + r mod (2 spread + 1) - spread, clamped to lo..hi */
    WL_DIST_HOT      /* with probability `fraction` lo + r mod hot, else uniform */
};

typedef struct wl_dist {
    enum wl_dist_kind kind;
    int64_t lo, hi, spread, hot;
    uint64_t fraction; /* hot: probability scaled to 2^64 - 1 */
    uint64_t seed;     /* the file's own, then (once read) mixed into the stream's seed */
} wl_dist;

typedef struct wl_array {
    char name[WL_NAME];
    uint64_t base;     /* byte address of element 0 */
    uint32_t elem;     /* bytes per element: 1, 2, 4, 8 or 16 (the access width) */
    uint64_t count;    /* elements; an index outside 0..count-1 is an error */
    int has_contents;  /* an index array: element p holds a draw of `contents` */
    wl_dist contents;
} wl_array;

enum wl_kind {
    WL_INST,     /* one or `repeat` instructions */
    WL_LOOP,     /* loop head: `e` is the count, `jump` its WL_END */
    WL_LOOP_END, /* `jump` its head */
    WL_IF,       /* lanes where `e` != 0 run the body; `jump` its WL_IF_END */
    WL_IF_END
};

enum wl_index {
    WL_INDEX_EXPR,   /* index = e */
    WL_INDEX_RANDOM, /* a draw of `dist` per thread and iteration ("near": around e) */
    WL_INDEX_GATHER  /* the contents of index array `via` at position e */
};

typedef struct wl_node {
    enum wl_kind kind;
    gpu_op op;               /* WL_INST */
    uint32_t repeat;         /* WL_INST: alu and sfu groups */
    uint32_t width;          /* memory ops: bytes per lane */
    uint16_t dst, src[GPU_MAX_SRC];
    const wl_array *array;   /* global loads and stores */
    enum wl_index index;
    expr e;                  /* index, shared byte offset, loop count or condition */
    wl_dist dist;            /* WL_INDEX_RANDOM */
    const wl_array *via;     /* WL_INDEX_GATHER */
    uint32_t depth;          /* loops enclosing this node (a loop's own counter: depth) */
    uint32_t ifdepth;        /* ifs enclosing it */
    uint32_t jump;
    uint64_t pc;             /* first instruction's pc; a group's are pc, pc + 8, ... */
    int has_pattern;         /* global loads: the analyzer's skeleton (pattern.c) */
    gpu_access_pattern pattern;
    char path[WL_PATH];      /* where it is in the file, for errors while streaming */
} wl_node;

typedef struct wl_kernel {
    gpu_kernel_info info;
    const hamm_workload *owner;
    wl_node *prog;
    size_t nprog;
    uint32_t warps;          /* per CTA */
    uint32_t threads;        /* per CTA */
    uint64_t ctas;
    char path[WL_PATH];      /* "kernels[k]" */
} wl_kernel;

struct hamm_workload {
    char source[256];        /* the file, for errors */
    char *text;              /* its text, for the line of an error found while streaming */
    size_t len;
    char name[WL_NAME];
    uint64_t seed;
    wl_array *arrays;
    size_t narrays;
    wl_kernel *kernels;
    size_t nkernels;
};

/* The random number of one access by one thread in one iteration: a hash of the seed
 * and those, so streams do not depend on the order warps run in. */
uint64_t workload_random(uint64_t seed, uint64_t thread, const int64_t *iters, uint32_t depth);

/* bound.c: refuse, naming the largest kernel and the counts, a description whose recording
 * (export_traceg.c) could hold more than `most` warp instructions. */
hamm_status workload_check_recording_size(const hamm_workload *wl, uint64_t most,
                                          hamm_error *err);

/* pattern.c: each global load's address pattern along x, as the Gou thesis' analyzer
 * would find it (docs/GRANULARITY.md); and the kernel source's lookup of it. */
void pattern_analyze(wl_kernel *k);
int pattern_of(void *self, uint64_t pc, gpu_access_pattern *out);

#endif
