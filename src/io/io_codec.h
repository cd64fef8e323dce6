/* io_codec.h - the decoders and encoders behind hamm_input and hamm_output.
 * Each steps over caller-owned spans, zstd-style: it advances src.pos and dst.pos. */
#ifndef HAMM_IO_CODEC_H
#define HAMM_IO_CODEC_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/error.h"
#include "hamm/io.h"

typedef struct io_span {
    void *p;
    size_t size;
    size_t pos;
} io_span;

typedef struct io_decoder io_decoder;

hamm_status io_decoder_new(io_decoder **out, hamm_compression c, const char *name,
                           hamm_error *err);
/* Decode from src into dst; `offset` is the raw byte offset of src.p[0], for errors. */
hamm_status io_decoder_step(io_decoder *d, io_span *src, io_span *dst, uint64_t offset,
                            hamm_error *err);
/* The raw input has ended at `offset`: OK when the last frame was complete. */
hamm_status io_decoder_end(io_decoder *d, uint64_t offset, hamm_error *err);
void io_decoder_free(io_decoder *d);

typedef struct io_encoder io_encoder;

hamm_status io_encoder_new(io_encoder **out, hamm_compression c, int level, const char *name,
                           hamm_error *err);
/* Compress src into dst; with `finish`, also end the frame (call until *done). */
hamm_status io_encoder_step(io_encoder *e, io_span *src, io_span *dst, int finish, int *done,
                            hamm_error *err);
void io_encoder_free(io_encoder *e);

#endif
