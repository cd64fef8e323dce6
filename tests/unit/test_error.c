/* test_error.c - the error record: first error kept, locating, formatting. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hamm/error.h"

static void first_error_is_kept(void **state)
{
    (void)state;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_error_set(&err, HAMM_ERR_PARSE, "a.trc", 3, 10, "op", "bad op"),
                     HAMM_ERR_PARSE);
    assert_int_equal(hamm_error_set(&err, HAMM_ERR_IO, "b.trc", 9, 0, NULL, "later"),
                     HAMM_ERR_IO);
    assert_int_equal(err.status, HAMM_ERR_PARSE);
    assert_string_equal(err.source, "a.trc");
    assert_int_equal(err.line, 3);
    assert_string_equal(err.text, "bad op");
}

static void null_record_is_allowed(void **state)
{
    (void)state;
    assert_int_equal(hamm_error_set(NULL, HAMM_ERR_NOMEM, NULL, 0, 0, NULL, "x"),
                     HAMM_ERR_NOMEM);
    hamm_error_locate(NULL, "a", 1, 2);
}

static void format_with_line_and_field(void **state)
{
    (void)state;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_error_set(&err, HAMM_ERR_PARSE, "t.txt", 12, HAMM_NO_OFFSET, "address",
                   "not a hex number: 'xyz'");
    char buf[256];
    hamm_error_format(&err, buf, sizeof buf);
    assert_string_equal(buf, "t.txt:12: address: not a hex number: 'xyz'");
    err.column = 3;
    hamm_error_format(&err, buf, sizeof buf);
    assert_string_equal(buf, "t.txt:12:3: address: not a hex number: 'xyz'");
}

static void format_with_offset_only(void **state)
{
    (void)state;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_error_set(&err, HAMM_ERR_CORRUPT, "t.zst", 0, 4096, NULL, "truncated");
    char buf[256];
    hamm_error_format(&err, buf, sizeof buf);
    assert_string_equal(buf, "t.zst: byte 4096: truncated");
}

static void format_without_text_uses_status(void **state)
{
    (void)state;
    hamm_error err;
    hamm_error_clear(&err);
    err.status = HAMM_ERR_NOMEM;
    char buf[64];
    hamm_error_format(&err, buf, sizeof buf);
    assert_string_equal(buf, "out of memory");
}

static void locate_fills_only_unknown_parts(void **state)
{
    (void)state;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_error_set(&err, HAMM_ERR_CONFIG, NULL, 7, HAMM_NO_OFFSET, "queue_size", "zero");
    hamm_error_locate(&err, "m.json", 99, 5);
    assert_string_equal(err.source, "m.json");
    assert_int_equal(err.line, 7);
    assert_int_equal(err.offset, 5);
}

static void long_source_keeps_its_tail(void **state)
{
    (void)state;
    char path[600];
    memset(path, 'd', sizeof path);
    memcpy(path + sizeof path - 12, "/trace.zst", 11);
    hamm_error err;
    hamm_error_clear(&err);
    hamm_error_set(&err, HAMM_ERR_IO, path, 0, HAMM_NO_OFFSET, NULL, "x");
    size_t n = strlen(err.source);
    assert_true(n < sizeof err.source);
    assert_string_equal(err.source + n - 10, "/trace.zst");
    assert_memory_equal(err.source, "...", 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(first_error_is_kept),
        cmocka_unit_test(null_record_is_allowed),
        cmocka_unit_test(format_with_line_and_field),
        cmocka_unit_test(format_with_offset_only),
        cmocka_unit_test(format_without_text_uses_status),
        cmocka_unit_test(locate_fills_only_unknown_parts),
        cmocka_unit_test(long_source_keeps_its_tail),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
