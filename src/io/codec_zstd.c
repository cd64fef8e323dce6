/* codec_zstd.c - zstd streaming decoder and encoder (the native compression). */
#include <stdlib.h>

#include <zstd.h>
#include <zstd_errors.h>

#include "codec_impl.h"

typedef struct zstd_dec {
    ZSTD_DCtx *dctx;
    size_t hint; /* ZSTD_decompressStream's last return that moved data: 0 at a frame end */
} zstd_dec;

static hamm_status zstd_decoder_new(void **state, const char *name, hamm_error *err)
{
    zstd_dec *z = calloc(1, sizeof *z);
    if (z)
        z->dctx = ZSTD_createDCtx();
    if (!z || !z->dctx) {
        free(z);
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(name), NULL, "out of memory");
    }
    /* Bound the window so a hostile frame cannot demand gigabytes. */
    ZSTD_DCtx_setParameter(z->dctx, ZSTD_d_windowLogMax, HAMM_ZSTD_WINDOW_LOG_MAX);
    *state = z;
    return HAMM_OK;
}

static hamm_status zstd_decode(void *state, io_span *src, io_span *dst, const char *name,
                               uint64_t offset, hamm_error *err)
{
    zstd_dec *z = state;
    ZSTD_inBuffer in = {src->p, src->size, src->pos};
    ZSTD_outBuffer out = {dst->p, dst->size, dst->pos};
    size_t ret = ZSTD_decompressStream(z->dctx, &out, &in);
    int progress = in.pos > src->pos || out.pos > dst->pos;
    src->pos = in.pos;
    dst->pos = out.pos;
    if (ZSTD_isError(ret) && ZSTD_getErrorCode(ret) == ZSTD_error_memory_allocation)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(name), NULL, "out of memory");
    if (ZSTD_isError(ret))
        return hamm_error_at(err, HAMM_ERR_CORRUPT, HAMM_AT_BYTE(name, offset + in.pos), NULL,
                             "corrupt zstd data: %s", ZSTD_getErrorName(ret));
    /* Only a call that moved data says where the frame stands: an idle call
     * between frames returns the size of the next header, not 0. */
    if (progress)
        z->hint = ret;
    return HAMM_OK;
}

static int zstd_at_boundary(void *state)
{
    return ((zstd_dec *)state)->hint == 0;
}

static void zstd_decoder_free(void *state)
{
    zstd_dec *z = state;
    if (!z)
        return;
    ZSTD_freeDCtx(z->dctx);
    free(z);
}

static hamm_status zstd_encoder_new(void **state, int level, const char *name, hamm_error *err)
{
    ZSTD_CCtx *c = ZSTD_createCCtx();
    if (!c)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(name), NULL, "out of memory");
    ZSTD_CCtx_setParameter(c, ZSTD_c_compressionLevel, level ? level : ZSTD_CLEVEL_DEFAULT);
    ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, 1);
    *state = c;
    return HAMM_OK;
}

static hamm_status zstd_encode(void *state, io_span *src, io_span *dst, int finish, int *done,
                               const char *name, hamm_error *err)
{
    ZSTD_inBuffer in = {src->p, src->size, src->pos};
    ZSTD_outBuffer out = {dst->p, dst->size, dst->pos};
    size_t ret = ZSTD_compressStream2(state, &out, &in, finish ? ZSTD_e_end : ZSTD_e_continue);
    src->pos = in.pos;
    dst->pos = out.pos;
    if (ZSTD_isError(ret))
        return hamm_error_at(err,
                             ZSTD_getErrorCode(ret) == ZSTD_error_memory_allocation
                                 ? HAMM_ERR_NOMEM
                                 : HAMM_ERR_IO,
                             HAMM_IN(name), NULL, "zstd compression failed: %s",
                             ZSTD_getErrorName(ret));
    *done = finish && ret == 0;
    return HAMM_OK;
}

static void zstd_encoder_free(void *state)
{
    ZSTD_freeCCtx(state);
}

const io_codec_ops io_codec_zstd = {
    "zstd",           zstd_decoder_new, zstd_decode, zstd_at_boundary, zstd_decoder_free,
    zstd_encoder_new, zstd_encode,      zstd_encoder_free,
};
