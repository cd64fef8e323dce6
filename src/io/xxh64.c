/* xxh64.c - XXH64 with seed 0 over a stream of bytes (see xxh64.h). */
#include <string.h>

#include "xxh64.h"

#define P1 0x9E3779B185EBCA87ULL
#define P2 0xC2B2AE3D27D4EB4FULL
#define P3 0x165667B19E3779F9ULL
#define P4 0x85EBCA77C2B2AE63ULL
#define P5 0x27D4EB2F165667C5ULL

static uint64_t rotl(uint64_t x, unsigned r)
{
    return (x << r) | (x >> (64 - r));
}

/* Little-endian reads whatever the host's byte order: the hash is of the bytes.  On a
 * little-endian host the load is one move (memcpy: no alignment needed). */
static uint64_t le64(const unsigned char *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
#else
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
#endif
}

static uint64_t le32(const unsigned char *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24;
}

static uint64_t round64(uint64_t acc, uint64_t lane)
{
    acc += lane * P2;
    return rotl(acc, 31) * P1;
}

static uint64_t merge(uint64_t h, uint64_t acc)
{
    h ^= round64(0, acc);
    return h * P1 + P4;
}

static void stripe(uint64_t *acc, const unsigned char *p)
{
    for (int i = 0; i < 4; i++)
        acc[i] = round64(acc[i], le64(p + 8 * i));
}

void xxh64_init(xxh64_state *s)
{
    memset(s, 0, sizeof *s);
    s->acc[0] = P1 + P2;
    s->acc[1] = P2;
    s->acc[2] = 0;
    s->acc[3] = 0 - P1;
}

void xxh64_update(xxh64_state *s, const void *data, size_t len)
{
    const unsigned char *p = data;
    s->total += len;
    if (s->buffered) {
        size_t take = 32 - s->buffered < len ? 32 - s->buffered : len;
        memcpy(s->buf + s->buffered, p, take);
        s->buffered += take;
        p += take;
        len -= take;
        if (s->buffered < 32)
            return;
        stripe(s->acc, s->buf);
        s->buffered = 0;
    }
    for (; len >= 32; p += 32, len -= 32)
        stripe(s->acc, p);
    memcpy(s->buf, p, len);
    s->buffered = len;
}

uint64_t xxh64_digest(const xxh64_state *s)
{
    const uint64_t *a = s->acc;
    uint64_t h;
    if (s->total >= 32) {
        h = rotl(a[0], 1) + rotl(a[1], 7) + rotl(a[2], 12) + rotl(a[3], 18);
        for (int i = 0; i < 4; i++)
            h = merge(h, a[i]);
    } else {
        h = P5; /* seed 0 + P5: the lanes never ran */
    }
    h += s->total;
    const unsigned char *p = s->buf;
    size_t left = s->buffered;
    for (; left >= 8; p += 8, left -= 8)
        h = rotl(h ^ round64(0, le64(p)), 27) * P1 + P4;
    if (left >= 4) {
        h = rotl(h ^ (le32(p) * P1), 23) * P2 + P3;
        p += 4;
        left -= 4;
    }
    for (; left > 0; p++, left--)
        h = rotl(h ^ (*p * P5), 11) * P1;
    h ^= h >> 33;
    h *= P2;
    h ^= h >> 29;
    h *= P3;
    h ^= h >> 32;
    return h;
}
