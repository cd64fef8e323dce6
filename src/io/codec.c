/* codec.c - the compression kinds: their names, the kind a file name implies, and the
 * dispatch from a kind to its decoder or encoder. */
#include <stdlib.h>
#include <string.h>

#include "codec_impl.h"
#include "common/enum_table.h"
#include "hamm_build_config.h"

static const char *const compression_names[HAMM_COMPRESSION_COUNT] = {
    [HAMM_COMPRESSION_NONE] = "none",
    [HAMM_COMPRESSION_ZSTD] = "zstd",
    [HAMM_COMPRESSION_GZIP] = "gzip",
    [HAMM_COMPRESSION_XZ] = "xz",
};

static const struct enum_table compression_table = {
    .what = "compression", .field = "compression", .status = HAMM_ERR_ARG,
    .names = compression_names, .count = HAMM_COMPRESSION_COUNT, .unknown = "unknown",
    .lead = "", .all = NULL, .or_last = 1,
};

const char *hamm_compression_name(hamm_compression c)
{
    return enum_table_name(&compression_table, (unsigned)c);
}

hamm_compression hamm_compression_for_name(const char *path)
{
    size_t n = strlen(path);
    if (n > 4 && strcmp(path + n - 4, ".zst") == 0)
        return HAMM_COMPRESSION_ZSTD;
    if (n > 3 && strcmp(path + n - 3, ".gz") == 0)
        return HAMM_COMPRESSION_GZIP;
    if (n > 3 && strcmp(path + n - 3, ".xz") == 0)
        return HAMM_COMPRESSION_XZ;
    return HAMM_COMPRESSION_NONE;
}

static const io_codec_ops *codec_ops(hamm_compression c)
{
    switch (c) {
    case HAMM_COMPRESSION_ZSTD:
        return &io_codec_zstd;
    case HAMM_COMPRESSION_GZIP:
#if HAMM_HAVE_ZLIB
        return &io_codec_gzip;
#else
        return NULL;
#endif
    case HAMM_COMPRESSION_XZ:
#if HAMM_HAVE_LZMA
        return &io_codec_xz;
#else
        return NULL;
#endif
    case HAMM_COMPRESSION_NONE:
    case HAMM_COMPRESSION_COUNT:
        break;
    }
    return NULL;
}

static hamm_status unsupported(hamm_compression c, const char *name, hamm_error *err)
{
    const char *lib = c == HAMM_COMPRESSION_GZIP ? "zlib" : "liblzma";
    return hamm_error_at(err, HAMM_ERR_UNSUPPORTED, HAMM_IN(name), NULL,
                         "input is %s-compressed but hamm was built without %s",
                         hamm_compression_name(c), lib);
}

struct io_decoder {
    const io_codec_ops *ops;
    void *state;
    const char *name; /* borrowed from the owning input */
};

hamm_status io_decoder_new(io_decoder **out, hamm_compression c, const char *name,
                           hamm_error *err)
{
    *out = NULL;
    const io_codec_ops *ops = codec_ops(c);
    if (!ops)
        return unsupported(c, name, err);
    io_decoder *d = calloc(1, sizeof *d);
    if (!d)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(name), NULL, "out of memory");
    d->ops = ops;
    d->name = name;
    hamm_status st = ops->decoder_new(&d->state, name, err);
    if (st != HAMM_OK) {
        free(d);
        return st;
    }
    *out = d;
    return HAMM_OK;
}

hamm_status io_decoder_step(io_decoder *d, io_span *src, io_span *dst, uint64_t offset,
                            hamm_error *err)
{
    return d->ops->decode(d->state, src, dst, d->name, offset, err);
}

hamm_status io_decoder_end(io_decoder *d, uint64_t offset, hamm_error *err)
{
    if (d->ops->decoder_at_boundary(d->state))
        return HAMM_OK;
    return hamm_error_at(err, HAMM_ERR_CORRUPT, HAMM_AT_BYTE(d->name, offset), NULL,
                         "truncated %s stream: input ends inside a frame", d->ops->name);
}

void io_decoder_free(io_decoder *d)
{
    if (!d)
        return;
    d->ops->decoder_free(d->state);
    free(d);
}

struct io_encoder {
    const io_codec_ops *ops;
    void *state;
    const char *name;
};

hamm_status io_encoder_new(io_encoder **out, hamm_compression c, int level, const char *name,
                           hamm_error *err)
{
    *out = NULL;
    const io_codec_ops *ops = codec_ops(c);
    if (!ops)
        return unsupported(c, name, err);
    if (!ops->encoder_new)
        return hamm_error_at(err, HAMM_ERR_UNSUPPORTED, HAMM_IN(name), NULL,
                             "hamm does not write %s; use .zst or .gz", hamm_compression_name(c));
    io_encoder *e = calloc(1, sizeof *e);
    if (!e)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(name), NULL, "out of memory");
    e->ops = ops;
    e->name = name;
    hamm_status st = ops->encoder_new(&e->state, level, name, err);
    if (st != HAMM_OK) {
        free(e);
        return st;
    }
    *out = e;
    return HAMM_OK;
}

hamm_status io_encoder_step(io_encoder *e, io_span *src, io_span *dst, int finish, int *done,
                            hamm_error *err)
{
    return e->ops->encode(e->state, src, dst, finish, done, e->name, err);
}

void io_encoder_free(io_encoder *e)
{
    if (!e)
        return;
    e->ops->encoder_free(e->state);
    free(e);
}
