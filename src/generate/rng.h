/* rng.h - the generator's own random numbers: xoshiro256** (Blackman and Vigna, 2018)
 * with its state filled by splitmix64 from the seed, as its authors recommend.  Pure
 * 64-bit integer arithmetic, so a seed gives the same sequence on every platform;
 * docs/GENERATE.md states the algorithm so others can reproduce a trace. */
#ifndef HAMM_GEN_RNG_H
#define HAMM_GEN_RNG_H

#include <stdint.h>

typedef struct gen_rng {
    uint64_t s[4];
} gen_rng;

/* splitmix64: advances *x by the golden-ratio increment and mixes it. */
static inline uint64_t gen_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static inline void gen_rng_seed(gen_rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = gen_splitmix64(&x);
}

static inline uint64_t gen_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t gen_rng_next(gen_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = gen_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = gen_rotl(s[3], 45);
    return result;
}

/* 53 random bits: compared with a threshold of fraction * 2^53, exact in a double. */
static inline uint64_t gen_rng_u53(gen_rng *r)
{
    return gen_rng_next(r) >> 11;
}

/* Uniform in [0, n), n >= 1, without modulo bias: draws below 2^64 mod n are rejected,
 * leaving a whole number of copies of [0, n). */
static inline uint64_t gen_rng_below(gen_rng *r, uint64_t n)
{
    uint64_t reject = (0 - n) % n;
    for (;;) {
        uint64_t x = gen_rng_next(r);
        if (x >= reject)
            return x % n;
    }
}

#endif
