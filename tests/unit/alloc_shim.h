/* alloc_shim.h - the allocation-failure sweep's allocator (alloc_shim.c): which
 * allocator the shims forward to, and the counters the sweep (alloc_sweep.c) arms. */
#ifndef HAMM_TEST_ALLOC_SHIM_H
#define HAMM_TEST_ALLOC_SHIM_H

#include <stdatomic.h>

#define AF_NONE 0 /* no interposition: tests skip */
#define AF_LIBC 1 /* glibc's __libc_malloc family */
#define AF_NEXT 2 /* the next definition (a sanitizer's), found with dlsym(RTLD_NEXT) */

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define AF_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) ||                   \
    __has_feature(memory_sanitizer)
#define AF_SANITIZER 1
#endif
#endif
#ifndef AF_SANITIZER
#define AF_SANITIZER 0
#endif

/* The shims run while the sanitizer's runtime is still starting (ld.so allocates before
 * its shadow memory exists), so they must not be instrumented themselves. */
#if defined(__clang__)
#define AF_EARLY __attribute__((no_sanitize("address", "undefined")))
#elif defined(__GNUC__)
#define AF_EARLY __attribute__((no_sanitize_address, no_sanitize_undefined))
#else
#define AF_EARLY
#endif

/* glibc 2.34 and later: dlsym is in libc itself (before, it needs -ldl). */
#if !defined(__GLIBC__) || !defined(__linux__) ||                                           \
    !(__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
#define AF_MODE AF_NONE
#elif AF_SANITIZER && defined(__clang__)
#define AF_MODE AF_NONE /* clang links its sanitizer runtime statically: see above */
#elif AF_SANITIZER
#define AF_MODE AF_NEXT
#else
#define AF_MODE AF_LIBC
#endif

#if AF_MODE != AF_NONE
#include <dlfcn.h>
#endif


extern atomic_int armed;      /* count (and maybe fail) allocations */
extern atomic_long seen;      /* allocation points passed while armed */
extern atomic_long fail_at;   /* the allocation point that fails first; 0: none */
extern atomic_int fail_rest;  /* every point after fail_at fails too */
extern atomic_long injected;  /* failures injected in this run */
extern atomic_long track_live;   /* live blocks allocated while armed */
extern atomic_int track_overflow; /* the table filled up: the leak check is void */
/* This thread runs code under test (see alloc_shim.c). */
extern _Thread_local int under_test;

/* Forget every tracked block (before a run). */
void track_reset(void);

#endif
