/* codec_gzip.c - gzip/zlib decoding and gzip encoding through zlib.  The field's
 * public traces (DRAMSim2, Ramulator) come gzip-compressed. */
#include "hamm_build_config.h"

#if HAMM_HAVE_ZLIB
#include <stdlib.h>

#include <zlib.h>

#include "codec_impl.h"

/* zlib counts bytes in uInt: at most this many go in or come out in one call (1 GiB). */
#define GZ_MAX_CALL_BYTES (1u << 30)

/* `avail` bytes, clipped to what one zlib call takes. */
static uInt gz_call_bytes(size_t avail)
{
    return (uInt)(avail > GZ_MAX_CALL_BYTES ? GZ_MAX_CALL_BYTES : avail);
}

typedef struct gz_dec {
    z_stream s;
    int at_boundary; /* the last member ended and no byte of a new one was read */
} gz_dec;

static hamm_status nomem(const char *name, hamm_error *err)
{
    return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(name), NULL, "out of memory");
}

static hamm_status gz_decoder_new(void **state, const char *name, hamm_error *err)
{
    gz_dec *g = calloc(1, sizeof *g);
    if (!g)
        return nomem(name, err);
    /* 15 + 32: any window size, gzip or zlib header detected automatically. */
    if (inflateInit2(&g->s, 15 + 32) != Z_OK) {
        free(g);
        return nomem(name, err);
    }
    *state = g;
    return HAMM_OK;
}

static hamm_status gz_decode(void *state, io_span *src, io_span *dst, const char *name,
                             uint64_t offset, hamm_error *err)
{
    gz_dec *g = state;
    size_t in_start = src->pos;
    size_t avail_in = src->size - src->pos, avail_out = dst->size - dst->pos;
    g->s.next_in = (unsigned char *)src->p + src->pos;
    g->s.avail_in = gz_call_bytes(avail_in);
    g->s.next_out = (unsigned char *)dst->p + dst->pos;
    g->s.avail_out = gz_call_bytes(avail_out);
    uInt in0 = g->s.avail_in, out0 = g->s.avail_out;
    int ret = inflate(&g->s, Z_NO_FLUSH);
    src->pos += in0 - g->s.avail_in;
    dst->pos += out0 - g->s.avail_out;
    if (src->pos > in_start)
        g->at_boundary = 0;
    if (ret == Z_STREAM_END) {
        g->at_boundary = 1;
        inflateReset(&g->s); /* a concatenated member may follow */
        return HAMM_OK;
    }
    if (ret == Z_OK || ret == Z_BUF_ERROR)
        return HAMM_OK;
    if (ret == Z_MEM_ERROR)
        return nomem(name, err);
    return hamm_error_at(err, HAMM_ERR_CORRUPT, HAMM_AT_BYTE(name, offset + (src->pos - in_start)),
                         NULL, "corrupt gzip data: %s", g->s.msg ? g->s.msg : "inflate failed");
}

static int gz_at_boundary(void *state)
{
    return ((gz_dec *)state)->at_boundary;
}

static void gz_decoder_free(void *state)
{
    gz_dec *g = state;
    if (!g)
        return;
    inflateEnd(&g->s);
    free(g);
}

static hamm_status gz_encoder_new(void **state, int level, const char *name, hamm_error *err)
{
    z_stream *s = calloc(1, sizeof *s);
    if (!s)
        return nomem(name, err);
    /* 15 + 16: a gzip wrapper, so `zcat` reads the result. */
    if (deflateInit2(s, level ? level : Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8,
                     Z_DEFAULT_STRATEGY) != Z_OK) {
        free(s);
        return nomem(name, err);
    }
    *state = s;
    return HAMM_OK;
}

static hamm_status gz_encode(void *state, io_span *src, io_span *dst, int finish, int *done,
                             const char *name, hamm_error *err)
{
    z_stream *s = state;
    size_t avail_in = src->size - src->pos, avail_out = dst->size - dst->pos;
    s->next_in = (unsigned char *)src->p + src->pos;
    s->avail_in = gz_call_bytes(avail_in);
    s->next_out = (unsigned char *)dst->p + dst->pos;
    s->avail_out = gz_call_bytes(avail_out);
    uInt in0 = s->avail_in, out0 = s->avail_out;
    int ret = deflate(s, finish && avail_in == s->avail_in ? Z_FINISH : Z_NO_FLUSH);
    src->pos += in0 - s->avail_in;
    dst->pos += out0 - s->avail_out;
    *done = ret == Z_STREAM_END;
    if (ret == Z_OK || ret == Z_STREAM_END || ret == Z_BUF_ERROR)
        return HAMM_OK;
    return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(name), NULL, "gzip compression failed");
}

static void gz_encoder_free(void *state)
{
    z_stream *s = state;
    if (!s)
        return;
    deflateEnd(s);
    free(s);
}

const io_codec_ops io_codec_gzip = {
    "gzip",         gz_decoder_new, gz_decode,       gz_at_boundary, gz_decoder_free,
    gz_encoder_new, gz_encode,      gz_encoder_free,
};
#endif
