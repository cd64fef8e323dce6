/* test_addrmap_local.c - the address with the channel taken out
 * (hamm_addrmap_channel_local): values worked out by hand from each map's layout, and
 * sweeps proving that within every channel it numbers the channel's addresses one to
 * one from 0, whatever takes the channel out (dramid@N by bits or by division, channel
 * bits of the bit map, XOR terms, a channel scheme). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "hamm/addrmap.h"

static hamm_addrmap *build(const char *spec, const char *xor_spec, hamm_geometry g,
                           const char *channel_scheme)
{
    hamm_addrmap *m = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    if (hamm_addrmap_new(&m, spec, xor_spec, &g, &err) != HAMM_OK ||
        hamm_addrmap_set_scheme(m, HAMM_ADDRMAP_CHANNEL, channel_scheme, &err) != HAMM_OK)
        fail_msg("'%s': %s: %s", spec, err.field, err.text);
    return m;
}

static void local_is(const char *spec, hamm_geometry g, uint64_t addr, uint64_t want)
{
    hamm_addrmap *m = build(spec, NULL, g, NULL);
    uint64_t got = hamm_addrmap_channel_local(m, addr);
    if (got != want)
        fail_msg("'%s' 0x%llx: local 0x%llx, want 0x%llx", spec, (unsigned long long)addr,
                 (unsigned long long)got, (unsigned long long)want);
    hamm_addrmap_free(m);
}

static void test_by_hand(void **state)
{
    (void)state;
    /* dramid@8, 8 channels: 3 bits at 8 out: (0x12345678 >> 11) << 8 | 0x78 = 0x2468A78 */
    local_is("dramid@8;00000000.00000000.00000000.00000000.000000RR.RRRRRRRR.RRBBCCCC.CCCSSSSS",
             (hamm_geometry){8, 1, 4, 4096, 512, 8, 1}, 0x12345678, 0x2468A78);
    /* dramid@8, 6 channels (the GTX480): 0x123456 = 6 * 198841 + 0, 198841 = 0x308B9:
     * 0x308B9 << 8 | 0x78 = 0x308B978; the next channel's 256 bytes have the same. */
    const char *gtx = "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR."
                      "BBBCCCCB.CCSSSSSS";
    hamm_geometry g480 = {6, 4, 16, 4096, 512, 8, 1};
    local_is(gtx, g480, 0x12345678, 0x308B978);
    local_is(gtx, g480, 0x12345778, 0x308B978);
    local_is(gtx, g480, 0x600, 0x100); /* 6 / 6 = 1 */
    /* D letters at bits 5..4 of "RRRR.BBDD.CCCS": (0xABC >> 6) << 4 | 0xC = 0x2AC */
    local_is("RRRR.BBDD.CCCS", (hamm_geometry){4, 1, 4, 16, 8, 2, 1}, 0xABC, 0x2AC);
    /* field order, channel at bits 11..10: (0x12345678 >> 12) << 10 | 0x278 = 0x48D1678 */
    local_is("row:bank:channel:column", (hamm_geometry){4, 1, 8, 1024, 256, 4, 1}, 0x12345678,
             0x48D1678);
    /* one channel: nothing to take out */
    local_is("row:bank:channel:column", (hamm_geometry){1, 1, 8, 1024, 256, 4, 1}, 0x12345678,
             0x12345678);
}

/* Addresses 0 .. n-1 in steps of `step` (n a multiple of the map's channel period): each
 * channel gets n / channels of them, numbered 0 .. n / channels - 1 in steps of `step`,
 * each once. */
static void sweep(const char *spec, const char *xor_spec, hamm_geometry g, const char *scheme,
                  uint64_t n, uint64_t step)
{
    hamm_addrmap *m = build(spec, xor_spec, g, scheme);
    uint64_t per = n / g.channels / step;
    uint8_t *seen = calloc(g.channels * per, 1);
    assert_non_null(seen);
    for (uint64_t a = 0; a < n; a += step) {
        hamm_dram_coord c;
        hamm_addrmap_decode(m, a, &c);
        uint64_t l = hamm_addrmap_channel_local(m, a);
        if (l % step || l / step >= per || seen[c.channel * per + l / step]++)
            fail_msg("'%s' ^ '%s' scheme '%s': 0x%llx -> channel %u local 0x%llx (again or "
                     "beyond)", spec, xor_spec ? xor_spec : "", scheme ? scheme : "",
                     (unsigned long long)a, c.channel, (unsigned long long)l);
    }
    free(seen);
    hamm_addrmap_free(m);
}

static void test_one_to_one_in_each_channel(void **state)
{
    (void)state;
    hamm_geometry g4 = {4, 1, 8, 16, 4, 4, 1}, g5 = {5, 1, 8, 16, 4, 4, 1};
    sweep("row:bank:channel:column", NULL, g4, NULL, 1u << 11, 4);
    sweep("row:bank:channel:column", "channel^row", g4, NULL, 1u << 11, 4);
    sweep("row:bank:channel:column", NULL, g4, "xor", 1u << 11, 4);
    sweep("row:bank:channel:column", NULL, g4, "skewed", 1u << 11, 4);
    sweep("row:bank:channel:column", NULL, g5, NULL, 5u << 9, 4);  /* divided */
    sweep("row:bank:channel:column", NULL, g5, "prime", 5u << 9, 4);
    sweep("RRRR.BBDD.CCCS", NULL, (hamm_geometry){4, 1, 4, 16, 8, 2, 1}, NULL, 1u << 12, 1);
    sweep("dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS",
          NULL, (hamm_geometry){6, 4, 16, 4096, 512, 8, 1}, NULL, 6u << 20, 32);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_by_hand),
        cmocka_unit_test(test_one_to_one_in_each_channel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
