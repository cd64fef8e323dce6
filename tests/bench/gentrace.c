/* gentrace.c - synthetic traces for benchmarks: native binary on stdout.
 *
 *   gentrace REQUESTS [SEED [PATTERN]]
 *
 * PATTERN mixed (default), a GPU-like mix: 64 streams walk 64-byte blocks through their
 * own arrays (most of a kernel's traffic), interleaved at random, and 1 request in 8 goes
 * to a random block; random: every request to a random block; stream: one stream of
 * consecutive blocks.  30% are writes.  Deterministic for a given seed.  Writes the
 * records itself (not through libhamm) so the benchmark measures hamm's reader against
 * zstd alone.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STREAMS 64
#define BATCH 8192

static uint64_t next(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

static void put_le(unsigned char *p, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: gentrace REQUESTS [SEED [mixed|random|stream]]\n");
        return 2;
    }
    const char *pattern = argc > 3 ? argv[3] : "mixed";
    int random_only = strcmp(pattern, "random") == 0, stream = strcmp(pattern, "stream") == 0;
    if (!random_only && !stream && strcmp(pattern, "mixed") != 0) {
        fprintf(stderr, "gentrace: unknown pattern '%s'\n", pattern);
        return 2;
    }
    uint64_t n = strtoull(argv[1], NULL, 10);
    uint64_t x = argc > 2 ? strtoull(argv[2], NULL, 10) * 2654435761u + 1 : 88172645463325252u;
    static const unsigned char header[16] = {0x89, 'H', 'A', 'M', 'M', 'T', 'R', '\n',
                                             1,    0,   24,  0,   0,   0,   0,   0};
    fwrite(header, 1, sizeof header, stdout);
    uint64_t stream_addr[STREAMS];
    for (int s = 0; s < STREAMS; s++)
        stream_addr[s] = ((uint64_t)s << 28) + (next(&x) & 0xFFFFFC0u);
    static unsigned char buf[BATCH * 24];
    for (uint64_t done = 0; done < n;) {
        size_t k = n - done < BATCH ? (size_t)(n - done) : BATCH;
        for (size_t i = 0; i < k; i++) {
            uint64_t r = next(&x);
            uint64_t addr;
            if (random_only || (!stream && (r & 7) == 0)) {
                addr = (r >> 8) & 0xFFFFFFFC0ull;
            } else {
                int s = stream ? 0 : (int)((r >> 3) % STREAMS);
                addr = stream_addr[s];
                stream_addr[s] += 64;
            }
            unsigned char *p = buf + i * 24;
            memset(p, 0, 24);
            put_le(p, addr, 8);
            uint32_t meta = 64u | ((r >> 32) % 10 < 3 ? 1u << 24 : 0);
            put_le(p + 16, meta, 4);
        }
        fwrite(buf, 24, k, stdout);
        done += k;
    }
    return ferror(stdout) ? 1 : 0;
}
