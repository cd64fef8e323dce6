/* test_alloc_fail_trace.c - the allocation-failure sweep (alloc_sweep.h) over reading
 * traces (text, zstd binary, gzip and xz text, an Accel-Sim file, with read-ahead) and
 * writing them.  Each run must end cleanly: success with exactly the result of an
 * undisturbed run, or a non-OK status with the error record filled in; every allocation
 * freed; no crash; no hang. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "alloc_sweep.h"
#include "hamm/io.h"
#include "hamm/trace.h"
#include "hamm_build_config.h"

#if HAMM_HAVE_LZMA
#include <lzma.h>
#endif

#define ACCELSIM HAMM_TEST_DATA "/trace/valid/accelsim-list-and-deltas/input"

typedef struct fixture {
    hamm_request *reqs; /* a deterministic stream */
    size_t nreqs;
    unsigned char *sink_buf;
    unsigned char *zst_bin;  /* reqs as a zstd-compressed binary trace */
    size_t zst_bin_len;
    unsigned char *gz_text;  /* the first requests as gzip-compressed native text */
    size_t gz_text_len;
    unsigned char *xz_text;  /* the same as xz */
    size_t xz_text_len;
} fixture;

static fixture fx;

static const char text_trace[] = "# a small native text trace\n"
                                 "R 0x1000\n"
                                 "w 2040 128\r\n"
                                 "W 0xFFFFFFFFFFFFFFC0 64 77\n"
                                 "\n"
                                 "R 0x40 32 - 3 9\n"
                                 "R 0x80 64 5 - 2\n"
                                 "R 0x7fff0000 64 6 1 1";

static unsigned char *compress(const hamm_request *reqs, size_t n, hamm_trace_format f,
                               hamm_compression c, size_t *len)
{
    sink s = {malloc(SINK_CAP), 0};
    hamm_output *out = NULL;
    hamm_trace_writer *w = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    if (!s.p || hamm_output_new(&out, sink_write, &s, "sink", c, 0, &err) != HAMM_OK ||
        hamm_trace_writer_new(&w, f, out, &err) != HAMM_OK ||
        hamm_trace_write(w, reqs, n, &err) != HAMM_OK ||
        hamm_trace_writer_flush(w, &err) != HAMM_OK || hamm_output_finish(out, &err) != HAMM_OK)
        fail_msg("cannot make an input: %s", err.text);
    hamm_trace_writer_free(w);
    hamm_output_free(out);
    *len = s.len;
    return s.p;
}

static int setup(void **state)
{
    (void)state;
    fx.nreqs = 10000; /* more than two read-ahead batches */
    fx.reqs = sweep_requests(fx.nreqs);
    fx.sink_buf = malloc(SINK_CAP);
    if (!fx.reqs || !fx.sink_buf)
        return -1;
    fx.zst_bin = compress(fx.reqs, fx.nreqs, HAMM_FORMAT_BINARY, HAMM_COMPRESSION_ZSTD,
                          &fx.zst_bin_len);
#if HAMM_HAVE_ZLIB
    fx.gz_text = compress(fx.reqs, 200, HAMM_FORMAT_TEXT, HAMM_COMPRESSION_GZIP,
                          &fx.gz_text_len);
#endif
#if HAMM_HAVE_LZMA
    size_t text_len;
    unsigned char *text = compress(fx.reqs, 200, HAMM_FORMAT_TEXT, HAMM_COMPRESSION_NONE,
                                   &text_len);
    fx.xz_text = malloc(text_len + 4096);
    if (!fx.xz_text || lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, NULL, text, text_len,
                                               fx.xz_text, &fx.xz_text_len,
                                               text_len + 4096) != LZMA_OK)
        return -1;
    free(text);
#endif
    return sweep_prepare();
}

static int teardown(void **state)
{
    (void)state;
    free(fx.xz_text);
    free(fx.gz_text);
    free(fx.zst_bin);
    free(fx.sink_buf);
    free(fx.reqs);
    return 0;
}

/* ---- the operations -------------------------------------------------------------- */

typedef struct read_arg {
    const void *data; /* in memory, or */
    size_t size;
    const char *path; /* a file opened by path */
    hamm_trace_options opts;
    int next;         /* hamm_trace_next instead of hamm_trace_read */
} read_arg;

static hamm_status op_read(const void *varg, digest *d, hamm_error *err)
{
    const read_arg *a = varg;
    mem_src src = {a->data, a->size, 0};
    hamm_trace_reader *r = NULL;
    hamm_status st;
    if (a->path) {
        st = hamm_trace_reader_open(&r, a->path, &a->opts, err);
    } else {
        hamm_input *in = NULL;
        st = hamm_input_from_callback(&in, mem_read, &src, "mem", err);
        if (st == HAMM_OK)
            st = hamm_trace_reader_new(&r, in, &a->opts, err);
    }
    hamm_request buf[1000];
    for (long calls = 0; st == HAMM_OK; calls++) {
        const hamm_request *reqs = buf;
        size_t n = 0;
        if (a->next)
            st = hamm_trace_next(r, &reqs, &n, err);
        else
            st = hamm_trace_read(r, buf, sizeof buf / sizeof buf[0], &n, err);
        digest_requests(d, reqs, n);
        if (n == 0)
            break;
        if (calls > 1000000)
            st = hamm_error_at(err, HAMM_ERR_IO, HAMM_IN("sweep"), NULL,
                               "the reader never reaches the end");
    }
    if (st == HAMM_OK)
        digest_u64(d, hamm_trace_reader_format(r));
    hamm_trace_reader_free(r);
    return st;
}

static void read_text(void **state)
{
    (void)state;
    need_interposition();
    read_arg a = {text_trace, sizeof text_trace - 1, NULL, {0}, 0};
    sweep("read text", op_read, &a);
    a.opts.format = HAMM_FORMAT_TEXT;
    a.next = 1;
    sweep("read text (next)", op_read, &a);
}

static void read_zstd_binary(void **state)
{
    (void)state;
    need_interposition();
    read_arg a = {fx.zst_bin, fx.zst_bin_len, NULL, {0}, 0};
    sweep("read zstd binary", op_read, &a);
    a.next = 1;
    sweep("read zstd binary (next)", op_read, &a);
}

static void read_gzip_xz_text(void **state)
{
    (void)state;
    need_interposition();
#if HAMM_HAVE_ZLIB
    read_arg gz = {fx.gz_text, fx.gz_text_len, NULL, {0}, 0};
    sweep("read gzip text", op_read, &gz);
#endif
#if HAMM_HAVE_LZMA
    read_arg xz = {fx.xz_text, fx.xz_text_len, NULL, {0}, 0};
    sweep("read xz text", op_read, &xz);
#endif
}

static void read_accelsim_file(void **state)
{
    (void)state;
    need_interposition();
    read_arg a = {NULL, 0, ACCELSIM, {0}, 0};
    sweep("read accelsim file", op_read, &a);
}

static void read_with_prefetch(void **state)
{
    (void)state;
    need_interposition();
    read_arg a = {text_trace, sizeof text_trace - 1, NULL, {.prefetch = 1}, 0};
    sweep("read text (prefetch)", op_read, &a);
    read_arg z = {fx.zst_bin, fx.zst_bin_len, NULL, {.prefetch = 1}, 0};
    sweep("read zstd (prefetch)", op_read, &z);
    z.next = 1;
    sweep("read zstd (prefetch, next)", op_read, &z);
}

typedef struct write_arg {
    hamm_trace_format format;
    hamm_compression compression;
} write_arg;

static hamm_status op_write(const void *varg, digest *d, hamm_error *err)
{
    const write_arg *a = varg;
    sink s = {fx.sink_buf, 0};
    hamm_output *out = NULL;
    hamm_trace_writer *w = NULL;
    hamm_status st = hamm_output_new(&out, sink_write, &s, "sink", a->compression, 0, err);
    if (st == HAMM_OK)
        st = hamm_trace_writer_new(&w, a->format, out, err);
    for (size_t i = 0; st == HAMM_OK && i < fx.nreqs; i += 1000)
        st = hamm_trace_write(w, fx.reqs + i, fx.nreqs - i < 1000 ? fx.nreqs - i : 1000, err);
    if (st == HAMM_OK)
        st = hamm_trace_writer_flush(w, err);
    if (st == HAMM_OK)
        st = hamm_output_finish(out, err);
    hamm_trace_writer_free(w);
    hamm_output_free(out);
    digest_bytes(d, s.p, s.len);
    return st;
}

static void write_traces(void **state)
{
    (void)state;
    need_interposition();
    write_arg zst = {HAMM_FORMAT_BINARY, HAMM_COMPRESSION_ZSTD};
    sweep("write zstd binary", op_write, &zst);
#if HAMM_HAVE_ZLIB
    write_arg gz = {HAMM_FORMAT_TEXT, HAMM_COMPRESSION_GZIP};
    sweep("write gzip text", op_write, &gz);
#endif
}
int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(read_text),
        cmocka_unit_test(read_zstd_binary),
        cmocka_unit_test(read_gzip_xz_text),
        cmocka_unit_test(read_accelsim_file),
        cmocka_unit_test(read_with_prefetch),
        cmocka_unit_test(write_traces),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
