/* codec_xz.c - xz decoding through liblzma (Ramulator's and other public traces). */
#include "hamm_build_config.h"

#if HAMM_HAVE_LZMA
#include <stdlib.h>

#include <lzma.h>

#include "codec_impl.h"

#define XZ_MEMLIMIT (128u << 20) /* the same bound as the zstd window */

static hamm_status xz_decoder_new(void **state, const char *name, hamm_error *err)
{
    lzma_stream *s = calloc(1, sizeof *s);
    if (!s)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(name), NULL, "out of memory");
    lzma_stream init = LZMA_STREAM_INIT;
    *s = init;
    if (lzma_stream_decoder(s, XZ_MEMLIMIT, LZMA_CONCATENATED) != LZMA_OK) {
        free(s);
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(name), NULL,
                             "cannot start the xz decoder");
    }
    *state = s;
    return HAMM_OK;
}

/* An if-chain, not a switch: lzma_ret has many values that never reach here. */
static const char *xz_error_text(lzma_ret ret)
{
    if (ret == LZMA_MEMLIMIT_ERROR)
        return "the stream needs more than 128 MiB of dictionary";
    if (ret == LZMA_FORMAT_ERROR)
        return "not an xz stream";
    if (ret == LZMA_OPTIONS_ERROR)
        return "unsupported xz options";
    if (ret == LZMA_DATA_ERROR)
        return "corrupt xz data";
    if (ret == LZMA_BUF_ERROR)
        return "truncated xz stream";
    return "xz decoding failed";
}

static hamm_status xz_decode(void *state, io_span *src, io_span *dst, const char *name,
                             uint64_t offset, hamm_error *err)
{
    lzma_stream *s = state;
    s->next_in = (const uint8_t *)src->p + src->pos;
    s->avail_in = src->size - src->pos;
    s->next_out = (uint8_t *)dst->p + dst->pos;
    s->avail_out = dst->size - dst->pos;
    size_t in0 = s->avail_in, out0 = s->avail_out;
    lzma_ret ret = lzma_code(s, LZMA_RUN);
    src->pos += in0 - s->avail_in;
    dst->pos += out0 - s->avail_out;
    if (ret == LZMA_OK || ret == LZMA_STREAM_END || ret == LZMA_BUF_ERROR)
        return HAMM_OK;
    if (ret == LZMA_MEM_ERROR)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(name), NULL, "out of memory");
    return hamm_error_at(err, HAMM_ERR_CORRUPT, HAMM_AT_BYTE(name, offset + (in0 - s->avail_in)),
                         NULL, "%s", xz_error_text(ret));
}

/* With LZMA_CONCATENATED, only LZMA_FINISH tells a complete stream from a cut one. */
static int xz_at_boundary(void *state)
{
    lzma_stream *s = state;
    uint8_t sink[64];
    s->next_in = NULL;
    s->avail_in = 0;
    s->next_out = sink;
    s->avail_out = sizeof sink;
    return lzma_code(s, LZMA_FINISH) == LZMA_STREAM_END;
}

static void xz_decoder_free(void *state)
{
    lzma_stream *s = state;
    if (!s)
        return;
    lzma_end(s);
    free(s);
}

const io_codec_ops io_codec_xz = {
    "xz", xz_decoder_new, xz_decode, xz_at_boundary, xz_decoder_free, NULL, NULL, NULL,
};
#endif
