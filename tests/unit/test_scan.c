/* test_scan.c - tokens and overflow-checked numbers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "io/scan.h"

static scan_token tok(const char *s)
{
    return (scan_token){s, strlen(s)};
}

static void tokens_split_on_blanks(void **state)
{
    (void)state;
    const char *text = "  R\t0x10  64 \r";
    scan_line l = {text, text + strlen(text)};
    scan_token t;
    assert_true(scan_next(&l, &t));
    assert_true(scan_is(t, "R"));
    assert_true(scan_next(&l, &t));
    assert_true(scan_is(t, "0x10"));
    assert_true(scan_next(&l, &t));
    assert_true(scan_is(t, "64"));
    assert_true(scan_at_end(&l));
    assert_false(scan_next(&l, &t));
}

static void tokens_stop_at_line_end(void **state)
{
    (void)state;
    const char *text = "AB CD";
    scan_line l = {text, text + 4}; /* "AB C": the line ends inside the buffer */
    scan_token t;
    scan_next(&l, &t);
    assert_true(scan_next(&l, &t));
    assert_int_equal(t.len, 1);
    assert_false(scan_next(&l, &t));
}

static void separators(void **state)
{
    (void)state;
    const char *text = "CTA 1,2,3 - warp";
    scan_line l = {text, text + strlen(text)};
    scan_token t;
    scan_next(&l, &t);
    assert_true(scan_next_sep(&l, ",", &t));
    assert_true(scan_is(t, "1"));
    assert_true(scan_next_sep(&l, ",", &t));
    assert_true(scan_is(t, "2"));
}

static void hex_numbers(void **state)
{
    (void)state;
    uint64_t v = 0;
    assert_int_equal(scan_hex_u64(tok("0x1F"), &v), SCAN_OK);
    assert_int_equal(v, 31);
    assert_int_equal(scan_hex_u64(tok("ff"), &v), SCAN_OK);
    assert_int_equal(v, 255);
    assert_int_equal(scan_hex_u64(tok("0xFFFFFFFFFFFFFFFF"), &v), SCAN_OK);
    assert_true(v == UINT64_MAX);
    assert_int_equal(scan_hex_u64(tok("0x10000000000000000"), &v), SCAN_OVERFLOW);
    assert_int_equal(scan_hex_u64(tok("0x"), &v), SCAN_EMPTY);
    assert_int_equal(scan_hex_u64(tok("0xG1"), &v), SCAN_BADCHAR);
    assert_int_equal(scan_hex_u64_prefixed(tok("10"), &v), SCAN_BADCHAR);
    /* leading zeros do not count towards overflow */
    assert_int_equal(scan_hex_u64(tok("0x0000000000000000001"), &v), SCAN_OK);
    assert_int_equal(v, 1);
}

static void decimal_numbers(void **state)
{
    (void)state;
    uint64_t v = 0;
    assert_int_equal(scan_dec_u64(tok("18446744073709551615"), &v), SCAN_OK);
    assert_true(v == UINT64_MAX);
    assert_int_equal(scan_dec_u64(tok("18446744073709551616"), &v), SCAN_OVERFLOW);
    assert_int_equal(scan_dec_u64(tok("12a"), &v), SCAN_BADCHAR);
    assert_int_equal(scan_dec_u64(tok("-1"), &v), SCAN_BADCHAR);
    assert_int_equal(scan_auto_u64(tok("0x20"), &v), SCAN_OK);
    assert_int_equal(v, 32);
    assert_int_equal(scan_auto_u64(tok("20"), &v), SCAN_OK);
    assert_int_equal(v, 20);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tokens_split_on_blanks), cmocka_unit_test(tokens_stop_at_line_end),
        cmocka_unit_test(separators),             cmocka_unit_test(hex_numbers),
        cmocka_unit_test(decimal_numbers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
