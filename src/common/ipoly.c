/* ipoly.c - the IPOLY fold (ipoly.h): the high bits times x^n, reduced modulo the bucket
 * count's polynomial over GF(2). */
#include "ipoly.h"

static const struct {
    uint32_t poly;       /* P(x), bit k the coefficient of x^k */
    unsigned high_bits;  /* w: the high bits GPGPU-Sim's H-matrix reads */
} polys[IPOLY_MAX_LOG2_BUCKETS - IPOLY_MIN_LOG2_BUCKETS + 1] = {
    {0x13, 13}, /* x^4 + x + 1 */
    {0x25, 15}, /* x^5 + x^2 + 1 */
    {0x43, 19}, /* x^6 + x + 1 */
};

uint32_t ipoly_fold(uint64_t high, unsigned log2_buckets)
{
    unsigned n = log2_buckets;
    uint64_t poly = polys[n - IPOLY_MIN_LOG2_BUCKETS].poly;
    unsigned w = polys[n - IPOLY_MIN_LOG2_BUCKETS].high_bits;
    uint64_t v = (high & ((UINT64_C(1) << w) - 1)) << n;
    /* long division from the top term down: each set bit b >= n is cancelled by
     * P(x) * x^(b-n), which leaves only terms below it */
    for (unsigned b = n + w; b-- > n;)
        if ((v >> b) & 1)
            v ^= poly << (b - n);
    return (uint32_t)v;
}
