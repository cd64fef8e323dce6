/* test_addrmap_request.c - maps with a channel, bank group or bank bit inside a request
 * are refused when a model loads (the message names the field, its bits and the request
 * size), the same bits above the request load, and address_map_allow_split lets them
 * through.  Bit positions are worked out by hand above each case. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hamm/addrmap.h"
#include "hamm/config.h"

#define DDR4 HAMM_SOURCE_ROOT "/models/system/ddr4-2400-2ch.json"
#define YUAN09 HAMM_SOURCE_ROOT "/models/system/yuan09-baseline.json"

/* The tail every refusal of a 64-byte request ends with. */
#define AT64 ", inside a 64-byte request (bits 0-5), where aligned requests are all 0"
#define PUT6 "; put it at bit 6 or above (or set address_map_allow_split)"

static hamm_status load(const char *path, const char *const *sets, size_t n, hamm_error *err)
{
    hamm_system_config cfg;
    hamm_error_clear(err);
    return hamm_config_load(&cfg, path, sets, n, err);
}

static void refused(const char *path, const char *const *sets, size_t n, const char *text)
{
    hamm_error err;
    assert_int_equal(load(path, sets, n, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "address_map");
    assert_string_equal(err.text, text);
}

static void accepted(const char *path, const char *const *sets, size_t n)
{
    hamm_error err;
    if (load(path, sets, n, &err) != HAMM_OK)
        fail_msg("%s: %s", err.field, err.text);
}

/* ddr4-2400-2ch: 8 chips x 8 bits make 8-byte columns (bits 0-2 the byte), 1024 columns
 * (10 bits), 2 channels (1 bit), 4 bank groups (2 bits), 4 banks per group (2 bits);
 * 64-byte requests, so bits 0-5 lie inside one.  Fields are laid out from the right,
 * from bit 3 up. */
static void channel_inside(void **state)
{
    (void)state;
    /* channel 3; column 4-13; bankgroup 14-15; bank 16-17: the map */
    const char *const sets[] = {"address_map=row:bank:bankgroup:column:channel"};
    refused(DDR4, sets, 1, "the channel field takes address bit 3" AT64 PUT6);
}

static void bankgroup_inside(void **state)
{
    (void)state;
    /* column (10 - 8 = 2 bits) 3-4; bankgroup 5-6: bit 5 inside; channel 7 */
    const char *const sets[] = {"address_map=row:bank:column/8:channel:bankgroup:column"};
    refused(DDR4, sets, 1, "the bankgroup field takes address bit 5" AT64 PUT6);
}

static void bank_inside(void **state)
{
    (void)state;
    /* column (1 bit) 3; bank 4-5, both inside; bankgroup 6-7; channel 8 (without the
     * model's bank^row, which would add the XOR note) */
    const char *const sets[] = {"address_map=row:column/9:channel:bankgroup:bank:column",
                                "address_xor="};
    refused(DDR4, sets, 2, "the bank field takes address bits 4-5" AT64 PUT6);
}

/* XOR with a row bit makes the channel bit vary again, but the map still places the
 * channel inside the request: refused, and the message says the XOR does not help. */
static void xor_does_not_excuse(void **state)
{
    (void)state;
    const char *const sets[] = {"address_map=row:bank:bankgroup:column:channel",
                                "address_xor=channel^row"};
    refused(DDR4, sets, 2,
            "the channel field takes address bit 3" AT64 " (address_xor does not change that)"
            PUT6);
}

static void same_bits_above_the_request(void **state)
{
    (void)state;
    /* column (3 bits) 3-5; bankgroup 6-7 (the lowest place allowed); channel 8 */
    const char *const fields[] = {"address_map=row:bank:column/7:channel:bankgroup:column"};
    accepted(DDR4, fields, 1);
    /* "bank^column": bank bit i ^= column bit i, and column bits 0-2 are address bits 3-5,
     * inside the request: they are 0 in an aligned request, so they leave the bank bits
     * they fold into as they were; nothing collapses. */
    const char *const xor_low[] = {"address_xor=bank^column"};
    accepted(DDR4, xor_low, 1);
    /* the shipped map (column 3-7, channel 8, bankgroup 9-10) with its bank^row */
    accepted(DDR4, NULL, 0);
}

/* The model dump names the key only when it is not at its default (false). */
static void dump_names_split(const char *const *sets, size_t n, int expected)
{
    hamm_system_config cfg;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_config_load(&cfg, DDR4, sets, n, &err), HAMM_OK);
    char *text = hamm_config_to_json(&cfg);
    assert_non_null(text);
    assert_int_equal(strstr(text, "\"address_map_allow_split\": true") != NULL, expected);
    assert_int_equal(strstr(text, "address_map_allow_split") != NULL, expected);
    free(text);
}

static void allow_split(void **state)
{
    (void)state;
    const char *const sets[] = {"address_map=row:bank:bankgroup:column:channel",
                                "address_map_allow_split=true"};
    accepted(DDR4, sets, 2);
    dump_names_split(sets, 2, 1);
    dump_names_split(NULL, 0, 0);
    const char *const not_bool[] = {"address_map_allow_split=1"};
    hamm_error err;
    assert_int_equal(load(DDR4, not_bool, 1, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "address_map_allow_split");
    assert_string_equal(err.text, "expects true or false, got an integer");
}

/* yuan09-baseline, GPGPU-Sim's spelling: 8 channels by dramid@N (3 bits from bit N up);
 * S bits 0-4, C bits 5-11, B bits 12-13 of the address with the channel taken out. */
static void gpgpusim_spelling(void **state)
{
    (void)state;
    /* dramid@5: the channel is address bits 5-7; bit 5 is inside a 64-byte request */
    const char *const low_channel[] = {
        "address_map=dramid@5;00000000.00000000.00000000.00000000.000000RR.RRRRRRRR.RRBBCCCC"
        ".CCCSSSSS"};
    refused(YUAN09, low_channel, 1, "the channel field takes address bit 5" AT64 PUT6);
    /* one B moved to bit 5 (below dramid@8, so address bit 5): R 12, B 13 and 5, C 12-6 */
    const char *const low_bank[] = {
        "address_map=dramid@8;00000000.00000000.00000000.00000000.000000RR.RRRRRRRR.RRBCCCCC"
        ".CCBSSSSS"};
    refused(YUAN09, low_bank, 1, "the bank field takes address bit 5" AT64 PUT6);
    /* the shipped map with 512-byte requests: the channel (bits 8-10) is inside bits 0-8 */
    const char *const big[] = {"request_size_bytes=512"};
    refused(YUAN09, big, 1,
            "the channel field takes address bit 8, inside a 512-byte request (bits 0-8), "
            "where aligned requests are all 0; put it at bit 9 or above (or set "
            "address_map_allow_split)");
    const char *const fits[] = {"request_size_bytes=256"}; /* bits 0-7: the channel is above */
    accepted(YUAN09, fits, 1);
}

/* Every shipped system model loads, none refused. */
static void shipped_models(void **state)
{
    (void)state;
    static const char *const names[] = {"yuan09-baseline", "gtx480", "ddr4-2400-2ch",
                                        "hbm2-4stack"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/models/system/%s.json", HAMM_SOURCE_ROOT, names[i]);
        accepted(path, NULL, 0);
    }
}

/* The library call on its own: a one-channel map has no channel bits to misplace. */
static void direct_call(void **state)
{
    (void)state;
    hamm_geometry g = {1, 1, 4, 16, 64, 8, 1};
    hamm_addrmap *m = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    /* bank bits 3-4, inside a 64-byte request; 2^3 = 8-byte requests hold bits 0-2 only */
    assert_int_equal(hamm_addrmap_new(&m, "row:column:bank", NULL, &g, &err), HAMM_OK);
    assert_int_equal(hamm_addrmap_check_request(m, 8, &err), HAMM_OK);
    assert_int_equal(hamm_addrmap_check_request(m, 16, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.text, "the bank field takes address bit 3, inside a 16-byte request "
                                  "(bits 0-3), where aligned requests are all 0; put it at bit 4 "
                                  "or above (or set address_map_allow_split)");
    hamm_error_clear(&err);
    assert_int_equal(hamm_addrmap_check_request(m, 24, &err), HAMM_ERR_ARG);
    hamm_addrmap_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(channel_inside),
        cmocka_unit_test(bankgroup_inside),
        cmocka_unit_test(bank_inside),
        cmocka_unit_test(xor_does_not_excuse),
        cmocka_unit_test(same_bits_above_the_request),
        cmocka_unit_test(allow_split),
        cmocka_unit_test(gpgpusim_spelling),
        cmocka_unit_test(shipped_models),
        cmocka_unit_test(direct_call),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
