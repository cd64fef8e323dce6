/* alloc_sweep.h - what the allocation-failure sweeps (test_alloc_fail_*.c) share: an
 * operation, the digest of what it produced, the sweep that fails its allocations one by
 * one (alloc_sweep.c, over the allocator of alloc_shim.c), and in-memory streams. */
#ifndef HAMM_TEST_ALLOC_SWEEP_H
#define HAMM_TEST_ALLOC_SWEEP_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/error.h"
#include "hamm/trace.h"

/* What an operation produced, boiled down so a run needs no memory of its own. */
typedef struct digest {
    uint64_t count;
    uint64_t hash; /* FNV-1a */
} digest;

void digest_bytes(digest *d, const void *p, size_t n);
void digest_u64(digest *d, uint64_t v);
void digest_double(digest *d, double v);
void digest_requests(digest *d, const hamm_request *r, size_t n);

/* An operation: allocates and frees everything it uses; no cmocka calls inside. */
typedef hamm_status (*op_fn)(const void *arg, digest *out, hamm_error *err);

/* Sweep `op` in both modes (the N-th allocation fails; the N-th and every later one
 * fail); fails the cmocka test on a problem.  Returns the allocation points of an
 * undisturbed run. */
long sweep(const char *name, op_fn op, const void *arg);
/* Skip the test when this build cannot interpose malloc. */
void need_interposition(void);
/* Once, in a group set-up after the inputs are made: the hang alarm and glibc's thread
 * cache.  0 on success. */
int sweep_prepare(void);

/* A deterministic request stream of n 64-byte requests (malloc'd; NULL when out of
 * memory): mostly streaming with random jumps, so row hits and row switches. */
hamm_request *sweep_requests(size_t n);

#define SINK_CAP (4u << 20)

/* A byte sink with a fixed buffer: the sweep's own writes must not allocate. */
typedef struct sink {
    unsigned char *p;
    size_t len;
} sink;
hamm_status sink_write(void *user, const void *buf, size_t size, hamm_error *err);

/* A byte source over memory, for hamm_input_from_callback. */
typedef struct mem_src {
    const unsigned char *p;
    size_t size, pos;
} mem_src;
hamm_status mem_read(void *user, void *buf, size_t cap, size_t *got, hamm_error *err);

#endif
