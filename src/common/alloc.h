/* alloc.h - allocation helpers that check size arithmetic for overflow.
 * Out of memory is reported as a status by the callers, never a crash. */
#ifndef HAMM_ALLOC_H
#define HAMM_ALLOC_H

#include <stdint.h>
#include <stdlib.h>

/* calloc(n, size) with the product checked; NULL on overflow or no memory. */
static inline void *hamm_calloc_array(size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        return NULL;
    return calloc(n ? n : 1, size ? size : 1);
}

/* Grow *buf (holding *cap elements of `size` bytes) to at least `need`
 * elements, doubling; returns 0 on success, -1 on overflow or no memory
 * (the old buffer is then left as it was). */
static inline int hamm_grow(void **buf, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    size_t ncap = *cap ? *cap : 16;
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2)
            return -1;
        ncap *= 2;
    }
    if (size && ncap > SIZE_MAX / size)
        return -1;
    void *nbuf = realloc(*buf, ncap * size);
    if (!nbuf)
        return -1;
    *buf = nbuf;
    *cap = ncap;
    return 0;
}

#endif
