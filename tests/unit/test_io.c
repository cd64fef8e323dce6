/* test_io.c - decompressing input and compressing output: zstd, gzip, xz; magic-byte
 * detection; concatenated frames; truncated and corrupt streams; byte-at-a-time feeding.
 * Compressed test inputs are made with the codecs' own one-shot APIs, independently of
 * hamm's streaming code. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include "hamm/io.h"
#include "trace_helpers.h"

/* Decode all of `data` through hamm_input; returns the status, output in *out. */
static hamm_status decode_all(const void *data, size_t size, size_t chunk, unsigned char **out,
                              size_t *out_len, hamm_error *err)
{
    th_src m = {data, size, 0, chunk};
    hamm_input *in = NULL;
    hamm_status st = hamm_input_from_callback(&in, th_read, &m, "mem", err);
    size_t cap = 1 << 16, len = 0;
    unsigned char *buf = malloc(cap);
    while (st == HAMM_OK) {
        if (cap - len < 4096)
            buf = realloc(buf, cap *= 2);
        size_t got = 0;
        st = hamm_input_read(in, buf + len, chunk ? 7 : cap - len, &got, err);
        if (got == 0)
            break;
        len += got;
    }
    hamm_input_free(in);
    *out = buf;
    *out_len = len;
    return st;
}

/* A text with some repetition, like a trace. */
static unsigned char *sample(size_t n)
{
    unsigned char *p = malloc(n);
    for (size_t i = 0; i < n; i++)
        p[i] = (unsigned char)("R 0x1000 64\nW 0x2040 64\n"[i % 24] + (i / 997) % 3);
    return p;
}

static void expect_roundtrip(const unsigned char *orig, size_t n, const void *enc, size_t enc_n,
                             hamm_compression kind, size_t chunk)
{
    hamm_error err;
    hamm_error_clear(&err);
    unsigned char *out;
    size_t len;
    assert_int_equal(decode_all(enc, enc_n, chunk, &out, &len, &err), HAMM_OK);
    assert_int_equal(len, n);
    assert_memory_equal(out, orig, n);
    free(out);
    th_src m = {enc, enc_n, 0, 0};
    hamm_input *in;
    assert_int_equal(hamm_input_from_callback(&in, th_read, &m, "mem", &err), HAMM_OK);
    assert_int_equal(hamm_input_compression(in), kind);
    hamm_input_free(in);
}

static void *zstd_encode(const void *src, size_t n, size_t *out_n)
{
    size_t cap = ZSTD_compressBound(n);
    void *dst = malloc(cap);
    *out_n = ZSTD_compress(dst, cap, src, n, 3);
    assert_false(ZSTD_isError(*out_n));
    return dst;
}

static void *gzip_encode(const void *src, size_t n, size_t *out_n)
{
    z_stream s = {0};
    assert_int_equal(deflateInit2(&s, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
    size_t cap = deflateBound(&s, (uLong)n) + 64;
    unsigned char *dst = malloc(cap);
    s.next_in = (unsigned char *)src;
    s.avail_in = (uInt)n;
    s.next_out = dst;
    s.avail_out = (uInt)cap;
    assert_int_equal(deflate(&s, Z_FINISH), Z_STREAM_END);
    *out_n = cap - s.avail_out;
    deflateEnd(&s);
    return dst;
}

static void *xz_encode(const void *src, size_t n, size_t *out_n)
{
    size_t cap = lzma_stream_buffer_bound(n);
    uint8_t *dst = malloc(cap);
    *out_n = 0;
    assert_int_equal(lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, NULL, src, n, dst, out_n, cap),
                     LZMA_OK);
    return dst;
}

typedef void *(*encoder_fn)(const void *, size_t, size_t *);

static void roundtrip_kind(encoder_fn enc, hamm_compression kind)
{
    size_t n = 300000;
    unsigned char *orig = sample(n);
    size_t enc_n;
    void *e = enc(orig, n, &enc_n);
    expect_roundtrip(orig, n, e, enc_n, kind, 0);
    expect_roundtrip(orig, n, e, enc_n, kind, 1); /* byte at a time */
    free(e);
    free(orig);
}

static void plain_passes_through(void **state)
{
    (void)state;
    size_t n = 300000;
    unsigned char *orig = sample(n);
    expect_roundtrip(orig, n, orig, n, HAMM_COMPRESSION_NONE, 0);
    expect_roundtrip(orig, n, orig, n, HAMM_COMPRESSION_NONE, 1);
    free(orig);
}

static void zstd_roundtrip(void **state)
{
    (void)state;
    roundtrip_kind(zstd_encode, HAMM_COMPRESSION_ZSTD);
}

static void gzip_roundtrip(void **state)
{
    (void)state;
    roundtrip_kind(gzip_encode, HAMM_COMPRESSION_GZIP);
}

static void xz_roundtrip(void **state)
{
    (void)state;
    roundtrip_kind(xz_encode, HAMM_COMPRESSION_XZ);
}

/* Two frames back to back read as one stream (cat a.zst b.zst). */
static void concatenated(encoder_fn enc, hamm_compression kind)
{
    unsigned char *a = sample(5000);
    size_t n1, n2;
    unsigned char *e1 = enc(a, 3000, &n1), *e2 = enc(a + 3000, 2000, &n2);
    unsigned char *both = malloc(n1 + n2);
    memcpy(both, e1, n1);
    memcpy(both + n1, e2, n2);
    expect_roundtrip(a, 5000, both, n1 + n2, kind, 0);
    free(a);
    free(e1);
    free(e2);
    free(both);
}

static void concatenated_frames(void **state)
{
    (void)state;
    concatenated(zstd_encode, HAMM_COMPRESSION_ZSTD);
    concatenated(gzip_encode, HAMM_COMPRESSION_GZIP);
    concatenated(xz_encode, HAMM_COMPRESSION_XZ);
}

static void expect_corrupt(const void *data, size_t n, size_t chunk)
{
    hamm_error err;
    hamm_error_clear(&err);
    unsigned char *out;
    size_t len;
    assert_int_equal(decode_all(data, n, chunk, &out, &len, &err), HAMM_ERR_CORRUPT);
    assert_string_equal(err.source, "mem");
    assert_true(err.offset != HAMM_NO_OFFSET && err.offset <= n);
    free(out);
}

static void truncated_streams_fail(void **state)
{
    (void)state;
    encoder_fn encs[] = {zstd_encode, gzip_encode, xz_encode};
    unsigned char *orig = sample(100000);
    for (size_t i = 0; i < 3; i++) {
        size_t n;
        unsigned char *e = encs[i](orig, 100000, &n);
        expect_corrupt(e, n / 2, 0);
        expect_corrupt(e, n - 1, 0);
        expect_corrupt(e, n - 1, 1);
        free(e);
    }
    free(orig);
}

static void corrupt_streams_fail(void **state)
{
    (void)state;
    encoder_fn encs[] = {zstd_encode, gzip_encode, xz_encode};
    unsigned char *orig = sample(100000);
    for (size_t i = 0; i < 3; i++) {
        size_t n;
        unsigned char *e = encs[i](orig, 100000, &n);
        for (size_t j = n / 3; j < n / 3 + 16; j++)
            e[j] ^= 0x5A;
        expect_corrupt(e, n, 0);
        free(e);
    }
    free(orig);
}

static void empty_input_reads_nothing(void **state)
{
    (void)state;
    hamm_error err;
    hamm_error_clear(&err);
    unsigned char *out;
    size_t len;
    assert_int_equal(decode_all("", 0, 0, &out, &len, &err), HAMM_OK);
    assert_int_equal(len, 0);
    free(out);
}

/* hamm_output's compressors, checked with the codecs' own one-shot decoders. */
static th_sink encode_with_hamm(hamm_compression kind, const unsigned char *src, size_t n)
{
    th_sink sink = {0};
    hamm_output *out;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_output_new(&out, th_write, &sink, "sink", kind, 0, &err), HAMM_OK);
    for (size_t i = 0; i < n; i += 1000)
        assert_int_equal(hamm_output_write(out, src + i, n - i < 1000 ? n - i : 1000, &err),
                         HAMM_OK);
    assert_int_equal(hamm_output_finish(out, &err), HAMM_OK);
    hamm_output_free(out);
    return sink;
}

static void output_zstd_and_gzip(void **state)
{
    (void)state;
    size_t n = 200000;
    unsigned char *orig = sample(n);
    unsigned char *back = malloc(n);

    th_sink z = encode_with_hamm(HAMM_COMPRESSION_ZSTD, orig, n);
    assert_int_equal(ZSTD_decompress(back, n, z.p, z.len), n);
    assert_memory_equal(back, orig, n);

    th_sink g = encode_with_hamm(HAMM_COMPRESSION_GZIP, orig, n);
    z_stream s = {0};
    assert_int_equal(inflateInit2(&s, 15 + 16), Z_OK);
    s.next_in = g.p;
    s.avail_in = (uInt)g.len;
    s.next_out = back;
    s.avail_out = (uInt)n;
    assert_int_equal(inflate(&s, Z_FINISH), Z_STREAM_END);
    assert_int_equal(s.total_out, n);
    inflateEnd(&s);
    assert_memory_equal(back, orig, n);

    th_sink p = encode_with_hamm(HAMM_COMPRESSION_NONE, orig, n);
    assert_int_equal(p.len, n);
    assert_memory_equal(p.p, orig, n);
    free(z.p);
    free(g.p);
    free(p.p);
    free(back);
    free(orig);
}

static void xz_output_is_refused(void **state)
{
    (void)state;
    th_sink sink = {0};
    hamm_output *out = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_output_new(&out, th_write, &sink, "x.xz", HAMM_COMPRESSION_XZ, 0, &err),
                     HAMM_ERR_UNSUPPORTED);
    assert_null(out);
}

static void compression_from_name(void **state)
{
    (void)state;
    assert_int_equal(hamm_compression_for_name("a.trace.zst"), HAMM_COMPRESSION_ZSTD);
    assert_int_equal(hamm_compression_for_name("a.gz"), HAMM_COMPRESSION_GZIP);
    assert_int_equal(hamm_compression_for_name("a.txt"), HAMM_COMPRESSION_NONE);
    assert_int_equal(hamm_compression_for_name("zst"), HAMM_COMPRESSION_NONE);
}

static void missing_file(void **state)
{
    (void)state;
    hamm_input *in = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_input_open(&in, "/nonexistent/trace.zst", &err), HAMM_ERR_IO);
    assert_null(in);
    assert_string_equal(err.source, "/nonexistent/trace.zst");
    assert_non_null(strstr(err.text, "cannot open"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plain_passes_through),
        cmocka_unit_test(zstd_roundtrip),
        cmocka_unit_test(gzip_roundtrip),
        cmocka_unit_test(xz_roundtrip),
        cmocka_unit_test(concatenated_frames),
        cmocka_unit_test(truncated_streams_fail),
        cmocka_unit_test(corrupt_streams_fail),
        cmocka_unit_test(empty_input_reads_nothing),
        cmocka_unit_test(output_zstd_and_gzip),
        cmocka_unit_test(xz_output_is_refused),
        cmocka_unit_test(compression_from_name),
        cmocka_unit_test(missing_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
