/* test_trace_native.c - the native text and binary encodings: parsing, every optional
 * field, comments, bad lines with their positions, --skip-bad, headers, truncation,
 * round trips (also through zstd), and independence from how input is chunked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "trace/binary.h"
#include "trace_helpers.h"

static hamm_status read_text(const char *text, const hamm_trace_options *o, hamm_request **reqs,
                             size_t *n, hamm_error *err)
{
    hamm_error_clear(err);
    return th_read_all(text, strlen(text), o, 0, 4096, reqs, n, err, NULL);
}

static void parses_all_fields(void **state)
{
    (void)state;
    const char *good = "# header comment\n"
                       "R 0x1000\n"
                       "   \n"
                       "w 2040 128\r\n"
                       "W 0xFFFFFFFFFFFFFFC0 64 77\n"
                       "R 0x40 32 - 3 9\n"
                       "R 0x80 64 5 - 2";
    hamm_request *r;
    size_t n;
    hamm_error err;
    assert_int_equal(read_text(good, NULL, &r, &n, &err), HAMM_OK);
    assert_int_equal(n, 5);
    assert_true(r[0].addr == 0x1000 && r[0].op == HAMM_OP_READ && r[0].size == 64);
    assert_int_equal(r[0].flags, 0);
    assert_true(r[1].addr == 0x2040 && r[1].op == HAMM_OP_WRITE && r[1].size == 128);
    assert_true(r[2].addr == 0xFFFFFFFFFFFFFFC0ull && r[2].cycle == 77);
    assert_int_equal(r[2].flags, HAMM_REQ_HAS_CYCLE);
    assert_true(r[3].size == 32 && r[3].core == 3 && r[3].warp == 9);
    assert_int_equal(r[3].flags, HAMM_REQ_HAS_CORE | HAMM_REQ_HAS_WARP);
    assert_true(r[4].cycle == 5 && r[4].warp == 2);
    assert_int_equal(r[4].flags, HAMM_REQ_HAS_CYCLE | HAMM_REQ_HAS_WARP);
    free(r);
}

static void default_size_from_options(void **state)
{
    (void)state;
    hamm_trace_options o = {.request_size = 128};
    hamm_request *r;
    size_t n;
    hamm_error err;
    assert_int_equal(read_text("R 0x0\nW 0x80 32\n", &o, &r, &n, &err), HAMM_OK);
    assert_int_equal(r[0].size, 128);
    assert_int_equal(r[1].size, 32);
    free(r);
}

typedef struct bad_case {
    const char *text;
    uint64_t line;
    uint64_t column;
    const char *field;
    const char *text_part;
} bad_case;

static void bad_lines_name_line_and_field(void **state)
{
    (void)state;
    const bad_case cases[] = {
        {"R 0x10\nX 0x20\n", 2, 1, "op", "expected R or W"},
        {"R 0x10\nRW 0x20\n", 2, 1, "op", "expected R or W"},
        {"R 0xZZ\n", 1, 3, "address", "not a hex number"},
        {"R 0x10000000000000000\n", 1, 3, "address", "overflows"},
        {"R\n", 1, 0, "address", "missing address"},
        {"R 0x10 0\n", 1, 8, "size", "at least 1 byte"},
        {"R 0x10 abc\n", 1, 8, "size", "not a decimal"},
        {"R 0x10 16777216\n", 1, 8, "size", "above the limit"},
        {"R 0x10 64 1 65536\n", 1, 13, "core", "above the limit"},
        {"R 0x10 64 1 2 3 4\n", 1, 17, "", "trailing"},
        {"# only\nR 0x10 64 x\n", 2, 11, "cycle", "not a decimal"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hamm_request *r;
        size_t n;
        hamm_error err;
        hamm_trace_options o = {.format = HAMM_FORMAT_TEXT};
        assert_int_equal(read_text(cases[i].text, &o, &r, &n, &err), HAMM_ERR_PARSE);
        assert_string_equal(err.source, "mem.trace");
        assert_int_equal(err.line, cases[i].line);
        assert_int_equal(err.column, cases[i].column);
        assert_string_equal(err.field, cases[i].field);
        if (!strstr(err.text, cases[i].text_part))
            fail_msg("case %zu: '%s' lacks '%s'", i, err.text, cases[i].text_part);
        free(r);
    }
}

static void skip_bad_counts(void **state)
{
    (void)state;
    const char *text = "R 0x10\nX 0x20\nW 0x30\nR zz\nR 0x40\n";
    hamm_trace_options o = {.skip_bad = 1};
    hamm_request *r;
    size_t n;
    uint64_t skipped;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(th_read_all(text, strlen(text), &o, 0, 4096, &r, &n, &err, &skipped),
                     HAMM_OK);
    assert_int_equal(n, 3);
    assert_int_equal(skipped, 2);
    assert_true(r[2].addr == 0x40);
    free(r);
}

static void empty_inputs(void **state)
{
    (void)state;
    hamm_request *r;
    size_t n;
    hamm_error err;
    assert_int_equal(read_text("", NULL, &r, &n, &err), HAMM_ERR_EMPTY);
    free(r);
    hamm_trace_options o = {.format = HAMM_FORMAT_TEXT};
    assert_int_equal(read_text("# nothing\n\n", &o, &r, &n, &err), HAMM_ERR_EMPTY);
    assert_non_null(strstr(err.text, "no requests"));
    free(r);
}

static void unknown_content_is_a_format_error(void **state)
{
    (void)state;
    hamm_request *r;
    size_t n;
    hamm_error err;
    assert_int_equal(read_text("hello world\nthis is not a trace\n", NULL, &r, &n, &err),
                     HAMM_ERR_FORMAT);
    assert_non_null(strstr(err.text, "--format"));
    free(r);
}

static void overlong_line(void **state)
{
    (void)state;
    size_t len = 300 * 1024;
    char *text = malloc(len + 8);
    memcpy(text, "R 0x10\nR ", 9);
    memset(text + 9, '1', len - 9);
    text[len] = '\n';
    text[len + 1] = '\0';
    hamm_request *r;
    size_t n;
    hamm_error err;
    hamm_trace_options o = {.format = HAMM_FORMAT_TEXT};
    assert_int_equal(read_text(text, &o, &r, &n, &err), HAMM_ERR_PARSE);
    assert_int_equal(err.line, 2);
    assert_non_null(strstr(err.text, "longer than"));
    free(r);
    free(text);
}

/* Requests with every combination of optional fields. */
static hamm_request *varied(size_t n)
{
    hamm_request *r = calloc(n, sizeof *r);
    uint64_t x = 88172645463325252ull;
    for (size_t i = 0; i < n; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        r[i].addr = x & ~63ull;
        r[i].op = (uint8_t)(x >> 61 & 1);
        r[i].size = (uint32_t)(1 + (x >> 40) % 256);
        r[i].flags = (uint8_t)(i % 8);
        r[i].cycle = (r[i].flags & HAMM_REQ_HAS_CYCLE) ? i * 3 : 0;
        r[i].core = (r[i].flags & HAMM_REQ_HAS_CORE) ? (uint16_t)(x >> 20) : 0;
        r[i].warp = (r[i].flags & HAMM_REQ_HAS_WARP) ? (uint16_t)(x >> 30) : 0;
    }
    return r;
}

static void roundtrip(hamm_trace_format f, hamm_compression c, size_t chunk, size_t batch)
{
    size_t n = 5000, got;
    hamm_request *orig = varied(n), *back;
    th_sink sink;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(th_write_all(orig, n, f, c, &sink, &err), HAMM_OK);
    assert_int_equal(th_read_all(sink.p, sink.len, NULL, chunk, batch, &back, &got, &err, NULL),
                     HAMM_OK);
    assert_int_equal(got, n);
    for (size_t i = 0; i < n; i++)
        th_assert_same(&back[i], &orig[i], i);
    free(sink.p);
    free(back);
    free(orig);
}

static void roundtrips(void **state)
{
    (void)state;
    roundtrip(HAMM_FORMAT_TEXT, HAMM_COMPRESSION_NONE, 0, 4096);
    roundtrip(HAMM_FORMAT_BINARY, HAMM_COMPRESSION_NONE, 0, 4096);
    roundtrip(HAMM_FORMAT_BINARY, HAMM_COMPRESSION_ZSTD, 0, 4096);
    roundtrip(HAMM_FORMAT_TEXT, HAMM_COMPRESSION_GZIP, 0, 4096);
}

/* The result must not depend on how the input arrives or how much is asked for. */
static void chunking_does_not_matter(void **state)
{
    (void)state;
    roundtrip(HAMM_FORMAT_TEXT, HAMM_COMPRESSION_NONE, 1, 1);
    roundtrip(HAMM_FORMAT_BINARY, HAMM_COMPRESSION_NONE, 1, 7);
    roundtrip(HAMM_FORMAT_BINARY, HAMM_COMPRESSION_ZSTD, 3, 1000);
    roundtrip(HAMM_FORMAT_TEXT, HAMM_COMPRESSION_ZSTD, 1, 129);
}

/* The binary layout, byte by byte, as traces/FORMAT.md documents it. */
static void binary_layout(void **state)
{
    (void)state;
    hamm_request r = {.addr = 0x0102030405060708ull, .cycle = 0x1122, .size = 64,
                      .core = 0x0304, .warp = 0x0506, .op = HAMM_OP_WRITE,
                      .flags = HAMM_REQ_HAS_CYCLE | HAMM_REQ_HAS_WARP};
    th_sink sink;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(th_write_all(&r, 1, HAMM_FORMAT_BINARY, HAMM_COMPRESSION_NONE, &sink, &err),
                     HAMM_OK);
    const unsigned char expect[40] = {
        0x89, 'H', 'A', 'M', 'M', 'T', 'R', '\n', 1, 0, 24, 0, 0, 0, 0, 0,
        8, 7, 6, 5, 4, 3, 2, 1,            /* addr */
        0x22, 0x11, 0, 0, 0, 0, 0, 0,      /* cycle */
        64, 0, 0, (1 << 0) | (1 << 1) | (1 << 3), /* size 64; write; has cycle; has warp */
        0, 0,                              /* core absent: written as 0 */
        6, 5,                              /* warp */
    };
    assert_int_equal(sink.len, 40);
    assert_memory_equal(sink.p, expect, 40);
    free(sink.p);
}

static unsigned char *binary_trace(size_t records, size_t *len)
{
    hamm_request *reqs = varied(records);
    th_sink sink;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(
        th_write_all(reqs, records, HAMM_FORMAT_BINARY, HAMM_COMPRESSION_NONE, &sink, &err),
        HAMM_OK);
    free(reqs);
    *len = sink.len;
    return sink.p;
}

static hamm_status read_bytes(const unsigned char *p, size_t len, hamm_trace_format f,
                              hamm_error *err)
{
    hamm_trace_options o = {.format = f};
    hamm_request *r;
    size_t n;
    hamm_error_clear(err);
    hamm_status st = th_read_all(p, len, &o, 0, 4096, &r, &n, err, NULL);
    free(r);
    return st;
}

static void binary_bad_headers(void **state)
{
    (void)state;
    size_t len;
    unsigned char *p = binary_trace(10, &len);
    hamm_error err;

    p[8] = 2; /* version 2 */
    assert_int_equal(read_bytes(p, len, HAMM_FORMAT_AUTO, &err), HAMM_ERR_FORMAT);
    assert_string_equal(err.field, "header.version");
    assert_non_null(strstr(err.text, "version 2"));
    p[8] = 1;

    p[10] = 32; /* record size */
    assert_int_equal(read_bytes(p, len, HAMM_FORMAT_AUTO, &err), HAMM_ERR_FORMAT);
    assert_string_equal(err.field, "header.record_size");
    p[10] = 24;

    p[13] = 1; /* reserved */
    assert_int_equal(read_bytes(p, len, HAMM_FORMAT_AUTO, &err), HAMM_ERR_FORMAT);
    p[13] = 0;

    p[1] = 'X'; /* bad magic, binary forced */
    assert_int_equal(read_bytes(p, len, HAMM_FORMAT_BINARY, &err), HAMM_ERR_FORMAT);
    assert_non_null(strstr(err.text, "magic"));
    p[1] = 'H';

    assert_int_equal(read_bytes(p, 11, HAMM_FORMAT_AUTO, &err), HAMM_ERR_FORMAT);
    assert_non_null(strstr(err.text, "truncated binary header"));

    assert_int_equal(read_bytes(p, 16, HAMM_FORMAT_AUTO, &err), HAMM_ERR_EMPTY);
    free(p);
}

static void binary_bad_records(void **state)
{
    (void)state;
    size_t len;
    unsigned char *p = binary_trace(10, &len);
    hamm_error err;

    assert_int_equal(read_bytes(p, len - 5, HAMM_FORMAT_AUTO, &err), HAMM_ERR_PARSE);
    assert_int_equal(err.offset, 16 + 9 * 24);
    assert_non_null(strstr(err.text, "truncated record"));

    unsigned char *meta = p + 16 + 4 * 24 + 16; /* record 4's meta word */
    unsigned char saved[4];
    memcpy(saved, meta, 4);
    memset(meta, 0, 3); /* size 0 */
    assert_int_equal(read_bytes(p, len, HAMM_FORMAT_AUTO, &err), HAMM_ERR_PARSE);
    assert_int_equal(err.offset, 16 + 4 * 24);
    assert_string_equal(err.field, "size");
    memcpy(meta, saved, 4);

    meta[3] |= 0x80; /* a reserved bit */
    assert_int_equal(read_bytes(p, len, HAMM_FORMAT_AUTO, &err), HAMM_ERR_PARSE);
    assert_string_equal(err.field, "meta");
    free(p);
}

/* Read-ahead on a second thread delivers the same requests, then the same error. */
static void prefetch_is_transparent(void **state)
{
    (void)state;
    size_t n = 30000, got;
    hamm_request *orig = varied(n), *back;
    th_sink sink;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(th_write_all(orig, n, HAMM_FORMAT_TEXT, HAMM_COMPRESSION_ZSTD, &sink, &err),
                     HAMM_OK);
    hamm_trace_options o = {.prefetch = 1};
    for (size_t batch = 1; batch <= 10000; batch *= 100) {
        assert_int_equal(th_read_all(sink.p, sink.len, &o, 0, batch, &back, &got, &err, NULL),
                         HAMM_OK);
        assert_int_equal(got, n);
        for (size_t i = 0; i < n; i++)
            th_assert_same(&back[i], &orig[i], i);
        free(back);
    }
    free(sink.p);
    free(orig);

    /* 20000 good lines, then a bad one: all 20000 arrive before the error. */
    size_t len = 0;
    char *text = malloc(20001 * 16);
    for (int i = 0; i < 20000; i++)
        len += (size_t)sprintf(text + len, "R 0x%x\n", i * 64);
    len += (size_t)sprintf(text + len, "R 0xzz\n");
    hamm_error_clear(&err);
    assert_int_equal(th_read_all(text, len, &o, 0, 333, &back, &got, &err, NULL), HAMM_ERR_PARSE);
    assert_int_equal(got, 20000);
    assert_int_equal(err.line, 20001);
    assert_string_equal(err.field, "address");
    free(back);
    free(text);
}

/* The good records before a bad one arrive before its error, whatever the batching and
 * with or without read-ahead. */
static void good_records_before_a_bad_one(void **state)
{
    (void)state;
    size_t len;
    unsigned char *p = binary_trace(1501, &len);
    memset(p + 16 + 1500 * 24 + 16, 0, 3); /* record 1500: size 0 */
    for (int prefetch = 0; prefetch < 2; prefetch++)
        for (size_t batch = 7; batch <= 1000; batch += 993) {
            hamm_trace_options o = {.prefetch = prefetch};
            hamm_request *r;
            size_t n;
            hamm_error err;
            hamm_error_clear(&err);
            assert_int_equal(th_read_all(p, len, &o, 0, batch, &r, &n, &err, NULL),
                             HAMM_ERR_PARSE);
            assert_int_equal(n, 1500);
            assert_int_equal(err.offset, 16 + 1500 * 24);
            free(r);
        }
    free(p);
}

static void format_names(void **state)
{
    (void)state;
    hamm_trace_format f;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_trace_format_from_name("binary", &f, &err), HAMM_OK);
    assert_int_equal(f, HAMM_FORMAT_BINARY);
    assert_string_equal(hamm_trace_format_name(HAMM_FORMAT_TEXT), "text");
    assert_int_equal(hamm_trace_format_from_name("nope", &f, &err), HAMM_ERR_ARG);
    assert_string_equal(err.field, "--format");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parses_all_fields),
        cmocka_unit_test(default_size_from_options),
        cmocka_unit_test(bad_lines_name_line_and_field),
        cmocka_unit_test(skip_bad_counts),
        cmocka_unit_test(empty_inputs),
        cmocka_unit_test(unknown_content_is_a_format_error),
        cmocka_unit_test(overlong_line),
        cmocka_unit_test(roundtrips),
        cmocka_unit_test(chunking_does_not_matter),
        cmocka_unit_test(binary_layout),
        cmocka_unit_test(binary_bad_headers),
        cmocka_unit_test(binary_bad_records),
        cmocka_unit_test(prefetch_is_transparent),
        cmocka_unit_test(good_records_before_a_bad_one),
        cmocka_unit_test(format_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
