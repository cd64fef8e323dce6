/* alloc_shim.c - the allocator of the allocation-failure sweep (test_alloc_fail_*.c),
 * jansson's way: for every operation, make the N-th allocation fail (N = 1, 2, ...) until a run passes every allocation
 * without an injected failure.  Each run must end cleanly: success with exactly the
 * result of an undisturbed run, or a non-OK status with the error record filled in;
 * every allocation freed; no crash; no hang.  Two modes: only the N-th allocation fails,
 * and the N-th and every later one fail (so cleanup paths that allocate are covered).
 *
 * How: this executable defines malloc, calloc, realloc and free, which glibc lets a
 * program do; libhamm, jansson, zstd, zlib and liblzma then allocate through them.  They
 * count and fail only while `armed` is set around the code under test, so cmocka and
 * stdio are never disturbed.  pthread_create is wrapped too and counts as an allocation
 * point (it fails with EAGAIN), so the read-ahead thread's start-up failure is swept;
 * jansson's decoders and json_dumps count as one point each (see json_load_file below).
 *  - plain build: forward to glibc's __libc_malloc and friends;
 *  - gcc with AddressSanitizer (shared libasan): forward to the sanitizer's allocator
 *    found by dlsym(RTLD_NEXT), so ASan still checks every access and LSan every leak;
 *  - clang with a sanitizer that owns malloc (static runtime), or no glibc 2.34 (dlsym in
 *    libc): every test is skipped, because interposing there would mix two allocators.
 * Besides LSan, the sweep keeps its own table of the blocks allocated while armed, so a
 * leak on an error path fails the plain build too.  Library bugs found and not yet fixed
 * are listed in known_bugs: reported on every run, not failed.  HAMM_SWEEP_VERBOSE=1
 * prints every run's status and error. */
#define _GNU_SOURCE /* RTLD_NEXT */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "alloc_shim.h"

#if AF_MODE != AF_NONE
#include <dlfcn.h>
#endif

/* ---- counting and failing -------------------------------------------------------- */

atomic_int armed;      /* count (and maybe fail) allocations */
atomic_long seen;      /* allocation points passed while armed */
atomic_long fail_at;   /* the allocation point that fails first; 0: none */
atomic_int fail_rest;  /* every point after fail_at fails too */
atomic_long injected;  /* failures injected in this run */
/* This thread runs code under test: the caller's thread while armed, and threads that
 * code started, from their start routine on (a sanitizer's own set-up of a new thread
 * allocates too, and must not fail). */
_Thread_local int under_test;

#if AF_MODE != AF_NONE
AF_EARLY static int inject(void)
{
    if (!under_test || !atomic_load_explicit(&armed, memory_order_relaxed))
        return 0;
    long n = atomic_fetch_add(&seen, 1) + 1;
    long at = atomic_load(&fail_at);
    if (at == 0 || n < at || (n > at && !atomic_load(&fail_rest)))
        return 0;
    atomic_fetch_add(&injected, 1);
    return 1;
}
#endif

/* ---- the table of live blocks allocated while armed (leak check) ---------------------- */

#define TRACK_SLOTS 16384u /* a power of two */
#define TOMB ((uintptr_t)1)

static uintptr_t track[TRACK_SLOTS]; /* 0 empty, TOMB deleted, else a live block */
atomic_long track_live;   /* live tracked blocks */
atomic_int track_overflow; /* the table filled up: the leak check is void */

#if AF_MODE != AF_NONE
static atomic_flag track_lock = ATOMIC_FLAG_INIT;

static size_t track_home(uintptr_t p)
{
    uint64_t h = (uint64_t)p * 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 40) & (TRACK_SLOTS - 1);
}

static void track_add(void *ptr)
{
    uintptr_t p = (uintptr_t)ptr;
    while (atomic_flag_test_and_set_explicit(&track_lock, memory_order_acquire))
        ;
    size_t i = track_home(p), probes = 0;
    while (track[i] > TOMB && probes < TRACK_SLOTS) {
        i = (i + 1) & (TRACK_SLOTS - 1);
        probes++;
    }
    if (probes < TRACK_SLOTS) {
        track[i] = p;
        atomic_fetch_add(&track_live, 1);
    } else {
        atomic_store(&track_overflow, 1);
    }
    atomic_flag_clear_explicit(&track_lock, memory_order_release);
}

AF_EARLY static void track_remove(void *ptr)
{
    uintptr_t p = (uintptr_t)ptr;
    if (!p || atomic_load_explicit(&track_live, memory_order_relaxed) == 0)
        return;
    while (atomic_flag_test_and_set_explicit(&track_lock, memory_order_acquire))
        ;
    size_t i = track_home(p);
    for (size_t probes = 0; track[i] != 0 && probes < TRACK_SLOTS; probes++) {
        if (track[i] == p) {
            track[i] = TOMB;
            atomic_fetch_sub(&track_live, 1);
            break;
        }
        i = (i + 1) & (TRACK_SLOTS - 1);
    }
    atomic_flag_clear_explicit(&track_lock, memory_order_release);
}

#endif

void track_reset(void)
{
    memset(track, 0, sizeof track);
    atomic_store(&track_live, 0);
    atomic_store(&track_overflow, 0);
}

/* ---- the real allocator ---------------------------------------------------------- */

#if AF_MODE == AF_LIBC
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t size);
extern void __libc_free(void *p);
#define real_malloc __libc_malloc
#define real_calloc __libc_calloc
#define real_realloc __libc_realloc
#define real_free __libc_free
#define is_boot(p) 0

#elif AF_MODE == AF_NEXT
typedef void *(*malloc_fn)(size_t);
typedef void *(*calloc_fn)(size_t, size_t);
typedef void *(*realloc_fn)(void *, size_t);
typedef void (*free_fn)(void *);

static malloc_fn next_malloc;
static calloc_fn next_calloc;
static realloc_fn next_realloc;
static free_fn next_free;

/* Blocks handed out while dlsym itself allocates, before the real functions are known;
 * never freed.  A 16-byte header holds the size, for realloc. */
static _Alignas(16) unsigned char boot[64 * 1024];
static size_t boot_used;
static _Thread_local int resolving;

AF_EARLY static int is_boot(const void *p)
{
    uintptr_t a = (uintptr_t)p, b = (uintptr_t)boot;
    return a >= b && a < b + sizeof boot;
}

AF_EARLY static void *boot_alloc(size_t size)
{
    size_t need = 16 + ((size + 15) & ~(size_t)15);
    if (size > sizeof boot || boot_used + need > sizeof boot)
        return NULL;
    unsigned char *p = boot + boot_used;
    boot_used += need;
    memcpy(p, &size, sizeof size);
    return p + 16; /* zeroed: boot is static and never reused */
}

AF_EARLY static void *next_symbol(const char *name)
{
    void *p = dlsym(RTLD_NEXT, name);
    if (!p) {
        static const char msg[] = "test_alloc_fail: dlsym(RTLD_NEXT) found no allocator\n";
        (void)!write(2, msg, sizeof msg - 1);
        _exit(99);
    }
    return p;
}

AF_EARLY static int resolve(void)
{
    if (next_free)
        return 1;
    if (resolving)
        return 0;
    resolving = 1;
    void *p;
    p = next_symbol("malloc");
    memcpy(&next_malloc, &p, sizeof p); /* ISO C has no object-to-function cast */
    p = next_symbol("calloc");
    memcpy(&next_calloc, &p, sizeof p);
    p = next_symbol("realloc");
    memcpy(&next_realloc, &p, sizeof p);
    p = next_symbol("free");
    memcpy(&next_free, &p, sizeof p);
    resolving = 0;
    return 1;
}

AF_EARLY static void *real_malloc(size_t size)
{
    return resolve() ? next_malloc(size) : boot_alloc(size);
}

AF_EARLY static void *real_calloc(size_t n, size_t size)
{
    if (resolve())
        return next_calloc(n, size);
    return size && n > SIZE_MAX / size ? NULL : boot_alloc(n * size);
}

AF_EARLY static void *real_realloc(void *p, size_t size)
{
    if (is_boot(p)) {
        size_t old;
        memcpy(&old, (unsigned char *)p - 16, sizeof old);
        void *q = real_malloc(size);
        if (q)
            memcpy(q, p, old < size ? old : size);
        return q;
    }
    return resolve() ? next_realloc(p, size) : NULL;
}

AF_EARLY static void real_free(void *p)
{
    if (!is_boot(p) && resolve())
        next_free(p);
}
#endif

#if AF_MODE != AF_NONE
AF_EARLY void *malloc(size_t size)
{
    if (inject()) {
        errno = ENOMEM;
        return NULL;
    }
    void *p = real_malloc(size);
    if (p && atomic_load_explicit(&armed, memory_order_relaxed))
        track_add(p);
    return p;
}

AF_EARLY void *calloc(size_t n, size_t size)
{
    if (inject()) {
        errno = ENOMEM;
        return NULL;
    }
    void *p = real_calloc(n, size);
    if (p && atomic_load_explicit(&armed, memory_order_relaxed))
        track_add(p);
    return p;
}

AF_EARLY void *realloc(void *old, size_t size)
{
    if (inject()) {
        errno = ENOMEM;
        return NULL; /* the old block stays, as the contract says */
    }
    if (is_boot(old)) /* never tracked, never freed */
        return real_realloc(old, size);
    void *p = real_realloc(old, size);
    if (p || size == 0) /* glibc's realloc(p, 0) frees p */
        track_remove(old);
    if (p && atomic_load_explicit(&armed, memory_order_relaxed))
        track_add(p);
    return p;
}

AF_EARLY void free(void *p)
{
    if (!p || is_boot(p))
        return;
    track_remove(p);
    real_free(p);
}
#endif

#if AF_MODE != AF_NONE
typedef int (*pthread_create_fn)(pthread_t *, const pthread_attr_t *, void *(*)(void *),
                                 void *);

typedef struct thread_start {
    void *(*start)(void *);
    void *arg;
} thread_start;

static void *start_under_test(void *p)
{
    thread_start ts = *(thread_start *)p;
    real_free(p);
    under_test = 1;
    return ts.start(ts.arg);
}

/* Starting a thread is an allocation point too: it fails as glibc does without memory.
 * A thread started by code under test runs under test itself. */
int pthread_create(pthread_t *restrict thread, const pthread_attr_t *restrict attr,
                   void *(*start)(void *), void *restrict arg)
{
    static pthread_create_fn next_create;
    if (!next_create) {
        void *p = dlsym(RTLD_NEXT, "pthread_create");
        memcpy(&next_create, &p, sizeof p);
    }
    if (!next_create || inject())
        return EAGAIN;
    if (!under_test)
        return next_create(thread, attr, start, arg);
    thread_start *ts = real_malloc(sizeof *ts);
    if (!ts)
        return EAGAIN;
    ts->start = start;
    ts->arg = arg;
    int rc = next_create(thread, attr, start_under_test, ts);
    if (rc != 0)
        real_free(ts);
    return rc;
}
#endif

#if AF_MODE != AF_NONE
/* Two places in jansson 2.14 are not safe against a failing allocation, and nothing in
 * hamm's calls can make them safe:
 *  - the decoder (akheron/jansson#362, open since 2017; PR #747): lex_save() drops
 *    strbuffer_append_byte()'s failure, so the lexer goes on with a saved text that lacks
 *    a byte, which silently shortens a string ("yuan09-baselin"), fails an assert, or
 *    runs past the string's buffer (a heap overflow this sweep hit);
 *  - the encoder (akheron/jansson#655, PR #649): do_dump() ignores dump_string()'s result
 *    for object keys, so json_dumps returns text with a key cut short ("dram" -> ").
 * So each of json_load_file, json_loads and json_dumps is one allocation point as a whole:
 * when it fails, it fails cleanly (the decoders as jansson 2.14 does when its first buffer
 * cannot be allocated: NULL and an error record with no text); otherwise it runs with no
 * failure injected inside.  Everything else of jansson's (json_object, json_pack, ...) is
 * swept allocation by allocation. */
typedef json_t *(*load_file_fn)(const char *, size_t, json_error_t *);
typedef json_t *(*loads_fn)(const char *, size_t, json_error_t *);
typedef char *(*dumps_fn)(const json_t *, size_t);

static void *jansson_symbol(const char *name)
{
    void *p = dlsym(RTLD_NEXT, name);
    if (!p) {
        static const char msg[] = "test_alloc_fail: jansson is not a shared library\n";
        (void)!write(2, msg, sizeof msg - 1);
        _exit(99);
    }
    return p;
}

static json_t *decode_failed(json_error_t *error, const char *source)
{
    if (error) {
        memset(error, 0, sizeof *error);
        error->line = error->column = -1;
        snprintf(error->source, sizeof error->source, "%s", source);
        error->text[JSON_ERROR_TEXT_LENGTH - 1] = (char)json_error_unknown;
    }
    return NULL;
}

json_t *json_load_file(const char *path, size_t flags, json_error_t *error)
{
    static load_file_fn next;
    if (!next) {
        void *p = jansson_symbol("json_load_file");
        memcpy(&next, &p, sizeof p);
    }
    if (inject())
        return decode_failed(error, path);
    int was = under_test;
    under_test = 0;
    json_t *v = next(path, flags, error);
    under_test = was;
    return v;
}

json_t *json_loads(const char *input, size_t flags, json_error_t *error)
{
    static loads_fn next;
    if (!next) {
        void *p = jansson_symbol("json_loads");
        memcpy(&next, &p, sizeof p);
    }
    if (inject())
        return decode_failed(error, "<string>");
    int was = under_test;
    under_test = 0;
    json_t *v = next(input, flags, error);
    under_test = was;
    return v;
}

char *json_dumps(const json_t *json, size_t flags)
{
    static dumps_fn next;
    if (!next) {
        void *p = jansson_symbol("json_dumps");
        memcpy(&next, &p, sizeof p);
    }
    if (inject())
        return NULL;
    int was = under_test;
    under_test = 0;
    char *text = next(json, flags);
    under_test = was;
    return text;
}
#endif

