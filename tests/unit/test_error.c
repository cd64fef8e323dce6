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
    assert_int_equal(
        hamm_error_at(&err, HAMM_ERR_PARSE, HAMM_AT("a.trc", 3, 0, 10), "op", "bad op"),
        HAMM_ERR_PARSE);
    assert_int_equal(hamm_error_at(&err, HAMM_ERR_IO, HAMM_AT_LINE("b.trc", 9), NULL, "later"),
                     HAMM_ERR_IO);
    assert_int_equal(err.status, HAMM_ERR_PARSE);
    assert_string_equal(err.source, "a.trc");
    assert_int_equal(err.line, 3);
    assert_string_equal(err.text, "bad op");
}

static void null_record_is_allowed(void **state)
{
    (void)state;
    assert_int_equal(hamm_error_set(NULL, HAMM_ERR_NOMEM, "x"),
                     HAMM_ERR_NOMEM);
    hamm_error_locate(NULL, HAMM_AT("a", 1, 0, 2));
}

static void format_with_line_and_field(void **state)
{
    (void)state;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_error_at(&err, HAMM_ERR_PARSE, HAMM_AT_LINE("t.txt", 12), "address",
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
    hamm_error_at(&err, HAMM_ERR_CORRUPT, HAMM_AT_BYTE("t.zst", 4096), NULL, "truncated");
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
    hamm_error_at(&err, HAMM_ERR_CONFIG, HAMM_AT_LINE(NULL, 7), "queue_size", "zero");
    hamm_error_locate(&err, HAMM_AT("m.json", 99, 0, 5));
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
    hamm_error_at(&err, HAMM_ERR_IO, HAMM_IN(path), NULL, "x");
    size_t n = strlen(err.source);
    assert_true(n < sizeof err.source);
    assert_string_equal(err.source + n - 10, "/trace.zst");
    assert_memory_equal(err.source, "...", 3);
}

/* The setters without a position leave every part of it unknown: no "line 0"
 * and no "byte 0" can appear in the message. */
static void setters_without_position_say_none(void **state)
{
    (void)state;
    hamm_error err;
    char buf[256];
    hamm_error_clear(&err);
    assert_int_equal(hamm_error_set(&err, HAMM_ERR_ARG, "no %s", "trace"), HAMM_ERR_ARG);
    assert_int_equal(err.offset, HAMM_NO_OFFSET);
    hamm_error_format(&err, buf, sizeof buf);
    assert_string_equal(buf, "no trace");
    hamm_error_clear(&err);
    hamm_error_field(&err, HAMM_ERR_CONFIG, "dram.timing.tRCD", "must be %d or more", 1);
    assert_int_equal(err.line, 0);
    assert_int_equal(err.offset, HAMM_NO_OFFSET);
    hamm_error_format(&err, buf, sizeof buf);
    assert_string_equal(buf, "dram.timing.tRCD: must be 1 or more");
    hamm_error_clear(&err);
    hamm_error_at(&err, HAMM_ERR_UNSUPPORTED, HAMM_IN("t.gz"), NULL, "built without zlib");
    hamm_error_format(&err, buf, sizeof buf);
    assert_string_equal(buf, "t.gz: built without zlib");
}

static void column_comes_from_the_position(void **state)
{
    (void)state;
    hamm_error err;
    char buf[256];
    hamm_error_clear(&err);
    hamm_error_at(&err, HAMM_ERR_PARSE, HAMM_AT("t.txt", 4, 3, 17), "size", "not a number");
    hamm_error_format(&err, buf, sizeof buf);
    assert_string_equal(buf, "t.txt:4:3: size: not a number");
    hamm_error_clear(&err);
    hamm_error_field(&err, HAMM_ERR_PARSE, "size", "not a number");
    hamm_error_locate(&err, HAMM_AT("t.txt", 4, 3, 17));
    hamm_error_format(&err, buf, sizeof buf);
    assert_string_equal(buf, "t.txt:4:3: size: not a number");
}

static void every_status_has_a_text(void **state)
{
    (void)state;
    for (int s = 0; s < HAMM_STATUS_COUNT; s++)
        assert_non_null(hamm_status_text((hamm_status)s));
    assert_string_equal(hamm_status_text(HAMM_ERR_VIOLATION), "timing violation");
    assert_string_equal(hamm_status_text(HAMM_STATUS_COUNT), "unknown status");
}

/* An error at a line of a trace quotes the line: hidden, it keeps what precedes the quote,
 * its position and field, and says why. */
static void hide_text_cuts_a_line_error(void **state)
{
    (void)state;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_error_at(&err, HAMM_ERR_PARSE, HAMM_AT("t.txt", 1, 1, 0), "op",
                  "expected R or W, found 'root:x:0:0'");
    hamm_error_hide_text(&err);
    assert_null(strstr(err.text, "root"));
    assert_non_null(strstr(err.text, "expected R or W, found [not shown"));
    assert_string_equal(err.field, "op");
    assert_int_equal(err.line, 1);
    char once[sizeof err.text];
    memcpy(once, err.text, sizeof once);
    hamm_error_hide_text(&err); /* twice: no change */
    assert_string_equal(err.text, once);
    hamm_error_clear(&err); /* a missing kernel file named on a line of a list */
    hamm_error_at(&err, HAMM_ERR_IO, HAMM_AT_LINE("kernelslist.g", 2), "kernel file",
                  "'secret' is missing");
    hamm_error_hide_text(&err);
    assert_null(strstr(err.text, "secret"));
    assert_int_equal(strncmp(err.text, "[not shown", 10), 0);
}

/* A model's errors (HAMM_ERR_CONFIG) and errors at no line quote no line: left alone; the
 * note of a long text stays whole. */
static void hide_text_leaves_other_errors(void **state)
{
    (void)state;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_error_at(&err, HAMM_ERR_CONFIG, HAMM_AT_LINE("m.json", 3), "scheduler",
                  "expects one of 'fr-fcfs', 'fcfs'");
    hamm_error_hide_text(&err);
    assert_string_equal(err.text, "expects one of 'fr-fcfs', 'fcfs'");
    hamm_error_clear(&err);
    hamm_error_at(&err, HAMM_ERR_FORMAT, HAMM_IN("t"), NULL, "see 'hamm help formats'");
    hamm_error_hide_text(&err);
    assert_string_equal(err.text, "see 'hamm help formats'");
    hamm_error_clear(&err);
    char text[245]; /* a quote late in a text that fills the record */
    memset(text, 'a', sizeof text - 4);
    memcpy(text + sizeof text - 4, "'x'", 4);
    hamm_error_at(&err, HAMM_ERR_PARSE, HAMM_AT_LINE("t", 1), NULL, "%s", text);
    hamm_error_hide_text(&err);
    size_t n = strlen(err.text);
    assert_true(n > 10 && strcmp(err.text + n - 13, "command line]") == 0);
}

static void is_about_compares_the_kept_tail(void **state)
{
    (void)state;
    char path[600];
    memset(path, 'd', sizeof path - 1);
    path[sizeof path - 1] = '\0';
    hamm_error err;
    hamm_error_clear(&err);
    hamm_error_at(&err, HAMM_ERR_IO, HAMM_IN(path), NULL, "x");
    assert_true(hamm_error_is_about(&err, path));
    assert_false(hamm_error_is_about(&err, "other"));
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
        cmocka_unit_test(setters_without_position_say_none),
        cmocka_unit_test(column_comes_from_the_position),
        cmocka_unit_test(every_status_has_a_text),
        cmocka_unit_test(hide_text_cuts_a_line_error),
        cmocka_unit_test(hide_text_leaves_other_errors),
        cmocka_unit_test(is_about_compares_the_kept_tail),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
