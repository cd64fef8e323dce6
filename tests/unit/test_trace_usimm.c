/* test_trace_usimm.c - USIMM (MSC 2012) traces: parsing, detection against the other
 * CPU-side formats, malformed lines with their position and field, byte-at-a-time
 * feeding, the hand-written sample under tests/data, and round trips through the writer. */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "foreign_samples.h"
#include "hamm_build_config.h"

#define U HAMM_FORMAT_USIMM

/* ---- parsing ----------------------------------------------------------------------- */

/* Each line is one request of the request size; the instruction count and the pc are
 * checked but carried nowhere; 0x is optional (USIMM reads with %Lx), blanks are any
 * mix of spaces and tabs, CRLF and blank lines are fine. */
static void parses_lines(void **state)
{
    (void)state;
    const char *text = "0 R 0x40 0x400000\n"
                       "\t7   W\t0x80  \r\n"
                       "\n"
                       "2147483647 R ffffffffffffffc0\n"
                       "1 R 0X1000 0XABC\n"
                       "1 W 0\n";
    const hamm_request want[] = {
        REQ(R_, 0x40, 0, 0, 0, 0),   REQ(W_, 0x80, 0, 0, 0, 0),
        REQ(R_, 0xffffffffffffffc0, 0, 0, 0, 0), REQ(R_, 0x1000, 0, 0, 0, 0),
        REQ(W_, 0, 0, 0, 0, 0),
    };
    run_result r = run(text, U);
    assert_reqs(&r, want, COUNT(want));
    free(r.reqs);
    /* Detected too, and --request-size sets every request's size. */
    hamm_trace_options o = {.request_size = 128};
    r = run_opts(text, strlen(text), &o, 0, 4096);
    assert_int_equal(r.status, HAMM_OK);
    assert_int_equal(r.format, U);
    assert_int_equal(r.n, COUNT(want));
    for (size_t i = 0; i < r.n; i++)
        assert_int_equal(r.reqs[i].size, 128);
    free(r.reqs);
}

static void name_and_summary(void **state)
{
    (void)state;
    hamm_trace_format f;
    assert_string_equal(hamm_trace_format_name(U), "usimm");
    assert_int_equal(hamm_trace_format_from_name("usimm", &f, NULL), HAMM_OK);
    assert_int_equal(f, U);
    assert_true(hamm_trace_format_writable(U));
    assert_non_null(strstr(hamm_trace_format_summary(U), "USIMM"));
    /* Added at the end: the existing formats keep their numbers (fuzz seeds use them). */
    assert_int_equal(HAMM_FORMAT_ACCELSIM, 9);
    assert_int_equal(U, 10);
    assert_int_equal(HAMM_FORMAT_COUNT, 11);
}

/* ---- detection ----------------------------------------------------------------------- */

static void detection(void **state)
{
    (void)state;
    const struct {
        const char *text;
        hamm_trace_format want;
    } t[] = {
        {"12 R 0x7f3a2c40 0x400b3c\n3 W 0x7f3a2c80\n", U},
        {"0 R 40\n", U},                     /* 0x is optional */
        {"3 0x40 R\n3 0x80 W\n", HAMM_FORMAT_RAMULATOR_CPU}, /* R|W third, not second */
        {"0 9618752\n13 140734746854976 89618496\n", HAMM_FORMAT_RAMULATOR_CPU},
        {"0x40 R\n0x80 W\n", HAMM_FORMAT_RAMULATOR},
        {"R 0x40\nW 0x80 64 5\n", HAMM_FORMAT_TEXT},
        {"0x40 READ 1\n", HAMM_FORMAT_DRAMSIM3},
        /* Most lines win: one odd line among USIMM lines does not change the format. */
        {"1 R 0x40\n2 W 0x80\n3 0x40 R\n4 R 0xc0 0x4\n", U},
    };
    for (size_t i = 0; i < COUNT(t); i++) {
        run_result r = run(t[i].text, HAMM_FORMAT_AUTO);
        print_message("case %zu\n", i);
        assert_int_equal(r.format, t[i].want);
        free(r.reqs);
    }
    /* Lines USIMM would not take are not claimed: nothing else claims them either. */
    const char *unclaimed[] = {"1 W 0x40 0x400\n", "1 r 0x40\n", "1 R 0x40 0x4 9\n",
                               "-1 R 0x40\n", "1 RW 0x40\n"};
    for (size_t i = 0; i < COUNT(unclaimed); i++) {
        run_result r = run(unclaimed[i], HAMM_FORMAT_AUTO);
        print_message("unclaimed %zu\n", i);
        assert_int_equal(r.status, HAMM_ERR_FORMAT);
        free(r.reqs);
    }
}

/* ---- bad input --------------------------------------------------------------------------- */

typedef struct bad_case {
    const char *text;
    uint64_t line, column;
    const char *field;
    const char *part; /* expected in the error text */
} bad_case;

static const bad_case bad_cases[] = {
    {"1 R 0x40\n2 R\n", 2, 0, "address", "missing address"},
    {"1\n", 1, 0, "op", "missing op"},
    {"1 X 0x40\n", 1, 3, "op", "expected R or W, found 'X'"},
    {"1 r 0x40\n", 1, 3, "op", "found 'r'"},
    {"1 READ 0x40\n", 1, 3, "op", "found 'READ'"},
    {"1 R 0xZZ\n", 1, 5, "address", "not a hex number"},
    {"1 R 0x\n", 1, 5, "address", "missing hex digits"},
    {"1 R 0x10000000000000000\n", 1, 5, "address", "overflows"},
    {"1 R 0x40 0xG\n", 1, 10, "pc", "not a hex number"},
    {"1 R 0x40 0x4 junk\n", 1, 14, "", "trailing text 'junk'"},
    {"1 W 0x40 0x4\n", 1, 10, "pc", "a USIMM write has no pc"},
    {"x R 0x40\n", 1, 1, "instructions", "not a decimal"},
    {"-1 R 0x40\n", 1, 1, "instructions", "not a decimal"},
    {"0x1 R 0x40\n", 1, 1, "instructions", "not a decimal"},
    {"2147483648 R 0x40\n", 1, 1, "instructions", "above 2^31-1"},
    {"99999999999999999999 R 0x40\n", 1, 1, "instructions", "overflows"},
    {"# a comment\n", 1, 1, "instructions", "not a decimal"},
    {"R 0x40\n", 1, 1, "instructions", "not a decimal"},
};

static void bad_lines(void **state)
{
    (void)state;
    for (size_t i = 0; i < COUNT(bad_cases); i++) {
        const bad_case *c = &bad_cases[i];
        run_result r = run(c->text, U);
        print_message("bad case %zu: %s", i, c->text);
        assert_int_equal(r.status, HAMM_ERR_PARSE);
        assert_int_equal(r.err.line, c->line);
        if (c->column)
            assert_int_equal(r.err.column, c->column);
        assert_string_equal(r.err.field, c->field);
        if (!strstr(r.err.text, c->part))
            fail_msg("'%s' not in '%s'", c->part, r.err.text);
        assert_string_equal(r.err.source, "mem.trace");
        free(r.reqs);
    }
}

/* The formatted message names file, line, column and field. */
static void error_message(void **state)
{
    (void)state;
    char msg[512];
    run_result r = run("0 R 0x40 0x1\n0 W 0xq0\n", U);
    hamm_error_format(&r.err, msg, sizeof msg);
    assert_non_null(strstr(msg, "mem.trace:2:5: address: not a hex number"));
    free(r.reqs);
}

static void skip_bad(void **state)
{
    (void)state;
    const char *text = "1 R 0x40\n1 Q 0x80\n1 W 0xc0\n1 W 0x100 0x5\n1 R 0x140\n";
    hamm_trace_options o = {.format = U, .skip_bad = 1};
    run_result r = run_opts(text, strlen(text), &o, 0, 4096);
    const hamm_request want[] = {REQ(R_, 0x40, 0, 0, 0, 0), REQ(W_, 0xc0, 0, 0, 0, 0),
                                 REQ(R_, 0x140, 0, 0, 0, 0)};
    assert_reqs(&r, want, COUNT(want));
    assert_int_equal(r.skipped, 2);
    assert_int_equal(r.first_skipped.line, 2);
    assert_string_equal(r.first_skipped.field, "op");
    free(r.reqs);
}

/* ---- the sample under tests/data, streamed ------------------------------------------- */

static char *slurp(const char *rel, size_t *len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", HAMM_TEST_DATA, rel);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *buf = malloc(65536);
    *len = fread(buf, 1, 65535, f);
    buf[*len] = '\0';
    fclose(f);
    return buf;
}

/* The hand-written sample (tests/data/trace/valid/usimm-msc): its requests, derived by
 * hand from its lines, whole and fed one byte per read with small batches. */
static void data_sample_streamed(void **state)
{
    (void)state;
    size_t len;
    char *text = slurp("trace/valid/usimm-msc/input", &len);
    const hamm_request want[] = {
        REQ(R_, 0x7f3a2c40, 0, 0, 0, 0), REQ(R_, 0x7f3a2c80, 0, 0, 0, 0),
        REQ(W_, 0x7f3a2c40, 0, 0, 0, 0), REQ(R_, 0x2a39e8c0, 0, 0, 0, 0),
        REQ(W_, 0x2a39e900, 0, 0, 0, 0), REQ(R_, 0x1000, 0, 0, 0, 0),
        REQ(R_, 0x7fff0040, 0, 0, 0, 0), REQ(W_, 0xffffffffffffffc0, 0, 0, 0, 0),
    };
    const size_t chunks[] = {0, 1, 3}, batches[] = {4096, 1, 2};
    for (size_t i = 0; i < COUNT(chunks); i++) {
        hamm_trace_options o = {.prefetch = (int)(i == 2)};
        run_result r = run_opts(text, len, &o, chunks[i], batches[i]);
        print_message("chunk %zu batch %zu\n", chunks[i], batches[i]);
        assert_int_equal(r.format, U);
        assert_reqs(&r, want, COUNT(want));
        free(r.reqs);
    }
    free(text);
}

/* ---- writing ------------------------------------------------------------------------- */

static void writer_output(void **state)
{
    (void)state;
    const hamm_request in[] = {
        {.addr = 0x7f3a2c40, .cycle = 30, .size = 64, .op = R_, .flags = CYC},
        {.addr = 0x40, .size = 64, .op = W_, .core = 3, .flags = HAMM_REQ_HAS_CORE},
        {.addr = UINT64_MAX, .size = 64, .op = R_},
    };
    const char *want = "0 R 0x7f3a2c40 0x0\n0 W 0x40\n0 R 0xffffffffffffffff 0x0\n";
    th_sink sink;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(th_write_all(in, COUNT(in), U, HAMM_COMPRESSION_NONE, &sink, &err), HAMM_OK);
    assert_int_equal(sink.len, strlen(want));
    assert_memory_equal(sink.p, want, sink.len);
    /* USIMM reads lines into a 64-byte buffer: the longest line hamm writes fits. */
    assert_true(strlen("0 R 0xffffffffffffffff 0x0\n") < 64);
    free(sink.p);
}

/* Native requests -> usimm -> requests keep op and address (and the request size the
 * reader is given); cycle, core and warp do not survive, as documented. */
static void roundtrip_requests(void **state)
{
    (void)state;
    const hamm_request in[] = {
        {.addr = 0x1000, .cycle = 5, .size = 64, .op = R_, .flags = CYC},
        {.addr = 0xdeadbeef40, .size = 64, .op = W_, .core = 2, .warp = 1,
         .flags = HAMM_REQ_HAS_CORE | HAMM_REQ_HAS_WARP},
        {.addr = 0, .size = 64, .op = W_},
        {.addr = 0xffffffffffffffc0, .size = 64, .op = R_},
    };
    th_sink sink;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(th_write_all(in, COUNT(in), U, HAMM_COMPRESSION_ZSTD, &sink, &err), HAMM_OK);
    hamm_trace_options o = {0};
    run_result r = run_opts(sink.p, sink.len, &o, 5, 3);
    assert_int_equal(r.format, U);
    assert_int_equal(r.n, COUNT(in));
    for (size_t i = 0; i < COUNT(in); i++) {
        hamm_request want = {.addr = in[i].addr, .size = 64, .op = in[i].op};
        th_assert_same(&r.reqs[i], &want, i);
    }
    free(r.reqs);
    free(sink.p);
}

/* usimm -> text -> usimm: the second USIMM text is what the writer makes of the first
 * one's requests (gaps 0, reads with pc 0x0). */
static void roundtrip_through_text(void **state)
{
    (void)state;
    const char *usimm = "9 R 0x7f3a2c40 0x400b3c\n2 W 0x7f3a2c80\n";
    run_result a = run(usimm, HAMM_FORMAT_AUTO);
    assert_int_equal(a.status, HAMM_OK);
    th_sink text, back;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(th_write_all(a.reqs, a.n, HAMM_FORMAT_TEXT, HAMM_COMPRESSION_NONE, &text,
                                  &err), HAMM_OK);
    hamm_trace_options o = {.format = HAMM_FORMAT_TEXT};
    run_result b = run_opts(text.p, text.len, &o, 0, 4096);
    assert_reqs(&b, a.reqs, a.n);
    assert_int_equal(th_write_all(b.reqs, b.n, U, HAMM_COMPRESSION_NONE, &back, &err), HAMM_OK);
    const char *want = "0 R 0x7f3a2c40 0x0\n0 W 0x7f3a2c80\n";
    assert_int_equal(back.len, strlen(want));
    assert_memory_equal(back.p, want, back.len);
    free(a.reqs);
    free(b.reqs);
    free(text.p);
    free(back.p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parses_lines),
        cmocka_unit_test(name_and_summary),
        cmocka_unit_test(detection),
        cmocka_unit_test(bad_lines),
        cmocka_unit_test(error_message),
        cmocka_unit_test(skip_bad),
        cmocka_unit_test(data_sample_streamed),
        cmocka_unit_test(writer_output),
        cmocka_unit_test(roundtrip_requests),
        cmocka_unit_test(roundtrip_through_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
