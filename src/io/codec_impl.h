/* codec_impl.h - the interface each compression backend implements. */
#ifndef HAMM_IO_CODEC_IMPL_H
#define HAMM_IO_CODEC_IMPL_H

#include "io_codec.h"

typedef struct io_codec_ops {
    const char *name;
    hamm_status (*decoder_new)(void **state, const char *name, hamm_error *err);
    hamm_status (*decode)(void *state, io_span *src, io_span *dst, const char *name,
                          uint64_t offset, hamm_error *err);
    int (*decoder_at_boundary)(void *state);   /* no frame half-read */
    void (*decoder_free)(void *state);
    /* NULL when hamm does not write this compression. */
    hamm_status (*encoder_new)(void **state, int level, const char *name, hamm_error *err);
    hamm_status (*encode)(void *state, io_span *src, io_span *dst, int finish, int *done,
                          const char *name, hamm_error *err);
    void (*encoder_free)(void *state);
} io_codec_ops;

extern const io_codec_ops io_codec_zstd;
extern const io_codec_ops io_codec_gzip;
extern const io_codec_ops io_codec_xz;

#endif
