/* import_partition.c - GPGPU-Sim's -gpgpu_memory_partition_indexing (addrdec.cc,
 * addrdec_tlx) as the system model's address_channel_scheme, and what hamm cannot follow
 * of it, noted under the option's name.
 *
 * With dramid@S, M channels (n = log2 M) and 2^k sub-partitions per channel, GPGPU-Sim
 * reads the channel at bit S and hashes it with high = addr >> (S + n + k), the bits
 * above the channel and the sub-partition bit:
 *   1 (bitwise):  channel ^ (high mod M): hamm's xor:s=n+k, whose unit address is
 *                 addr >> S (bit j of the channel XOR bit j + n + k of the unit address);
 *   2 (IPOLY):    sub-partition (channel * 2^k + bank mod 2^k) ^ fold(high), over M * 2^k
 *                 buckets; the channel, its top n bits, is channel ^ (fold >> k): hamm's
 *                 ipoly:sub=k (docs/BANKED.md);
 *   0, 5:         the channel as the map gives it (5, custom, has no code in GPGPU-Sim). */
#include <stdio.h>
#include <string.h>

#include "common/ipoly.h"
#include "import_internal.h"

#define OPTION "-gpgpu_memory_partition_indexing"

static unsigned log2_floor(uint32_t v)
{
    unsigned n = 0;
    while (v >> (n + 1))
        n++;
    return n;
}

static int is_pow2(uint32_t v)
{
    return v && !(v & (v - 1));
}

/* Indexing 2 on a channel count that is not a power of two (TITAN V's 24): GPGPU-Sim
 * takes the channel (addr >> S) mod M and high (addr >> S) / M, hashes into the next
 * power of two P times 2^k buckets and takes the sub-partition modulo M * 2^k, so the
 * channel is (channel ^ g) mod M with g = fold >> k uniform on 0 .. P-1: channels below
 * P - M get two of every P values of channel ^ g, the others one. */
static hamm_status ipoly_divided(imp_state *s, unsigned k, hamm_error *err)
{
    uint32_t m = s->channels, p = 1u << (log2_floor(m) + 1);
    char note[640];
    if (!ipoly_has_buckets(log2_floor(p) + k)) {
        snprintf(note, sizeof note,
                 "2 (IPOLY): %u channels x %u sub-partitions hash into %u buckets, for which "
                 "GPGPU-Sim has no polynomial: it stops at its first memory access (hashing.cc "
                 "asserts); consecutive channels (indexing 0), as the referee's build runs it",
                 (unsigned)m, 1u << k, (unsigned)p << k);
        return import_note(s, OPTION, note, err);
    }
    snprintf(note, sizeof note,
             "2 (IPOLY) on %u channels, not a power of two: GPGPU-Sim hashes (addr >> S) / %u "
             "into %u buckets and takes the sub-partition modulo %u, which is not one-to-one "
             "(with addresses spread evenly, channels 0-%u take %.3g times the mean traffic, "
             "channels %u-%u %.3g times); hamm's address map must be one-to-one: consecutive "
             "channels (dramid@S by division)",
             (unsigned)m, (unsigned)m, (unsigned)p << k, (unsigned)m << k,
             (unsigned)(p - m - 1), 2.0 * m / p, (unsigned)(p - m), (unsigned)(m - 1),
             (double)m / p);
    return import_note(s, OPTION, note, err);
}

/* What GPGPU-Sim does for the values hamm takes as consecutive channels, and why. */
static const char *consecutive_why(uint32_t indexing)
{
    switch (indexing) {
    case 3:
        return "3 (PAE): GPGPU-Sim's addrdec.cc has no case for it and stops at its first "
               "memory access (undefined set index function); consecutive channels";
    case 4:
        return "4 (random): GPGPU-Sim gives each block of addr >> (S - k) a sub-partition drawn "
               "by the C library's rand() (seeded 1) when the run first touches it, so the "
               "channel depends on the order of first touches, and two blocks may share one "
               "(not one-to-one); hamm's address map is a fixed one-to-one function of the "
               "address: consecutive channels, spread evenly, where GPGPU-Sim's are spread at "
               "random";
    case 5:
        return "5 (custom): GPGPU-Sim has no code for it; consecutive channels, as 0";
    default:
        return NULL;
    }
}

hamm_status import_partition_scheme(imp_state *s, char *buf, size_t size, hamm_error *err)
{
    buf[0] = '\0';
    uint32_t v = s->partition_indexing;
    if (v == 0)
        return HAMM_OK;
    if (v >= 3)
        return import_note(s, OPTION, consecutive_why(v), err);
    if (strncmp(s->map, "dramid@", 7) != 0 || !is_pow2(s->sub_partitions))
        return import_note(s, OPTION,
                           "1 and 2 as consecutive channels: without dramid@S in the address "
                           "map GPGPU-Sim hashes from address bit log2 channels + log2 "
                           "sub-partitions - 1 up, over its own D bits, and with a "
                           "sub-partition count that is not a power of two it stops",
                           err);
    unsigned n = log2_floor(s->channels), k = log2_floor(s->sub_partitions);
    if (v == 2 && !is_pow2(s->channels))
        return ipoly_divided(s, k, err);
    if (v == 1 && !is_pow2(s->channels))
        return import_note(s, OPTION,
                           "1 (bitwise): GPGPU-Sim asserts a power-of-two channel count and "
                           "stops at its first memory access; consecutive channels",
                           err);
    if (v == 2 && !ipoly_has_buckets(n + k)) {
        char note[320];
        snprintf(note, sizeof note,
                 "2 (IPOLY): %u channels x %u sub-partitions are %u buckets, for which "
                 "GPGPU-Sim has no polynomial (16, 32 or 64): it stops at its first memory "
                 "access; consecutive channels",
                 (unsigned)s->channels, (unsigned)s->sub_partitions,
                 (unsigned)(s->channels * s->sub_partitions));
        return import_note(s, OPTION, note, err);
    }
    if (s->channels < 2) /* one channel: the hash has nothing to choose */
        return HAMM_OK;
    if (v == 1)
        snprintf(buf, size, "xor:s=%u", n + k);
    else
        snprintf(buf, size, "ipoly:sub=%u", k);
    return HAMM_OK;
}
