/* output.c - a buffered byte sink with optional compression (zstd or gzip). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hamm/io.h"
#include "io_codec.h"

#define OUT_BUF_SIZE (128u * 1024u)

struct hamm_output {
    char name[256];
    hamm_write_fn write;
    void *user;
    FILE *file; /* borrowed, for hamm_output_to_file */
    io_encoder *encoder; /* NULL: plain */
    unsigned char *buf;  /* compressed bytes waiting for write() */
};

static hamm_status file_write(void *user, const void *buf, size_t size, hamm_error *err)
{
    hamm_output *out = user;
    if (fwrite(buf, 1, size, out->file) != size)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(out->name), NULL, "write failed: %s",
                             strerror(errno));
    return HAMM_OK;
}

hamm_status hamm_output_new(hamm_output **res, hamm_write_fn write, void *user,
                            const char *name, hamm_compression compression, int level,
                            hamm_error *err)
{
    *res = NULL;
    hamm_output *out = calloc(1, sizeof *out);
    if (!out)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(name), NULL, "out of memory");
    snprintf(out->name, sizeof out->name, "%s", name ? name : "(output)");
    out->write = write;
    out->user = user;
    if (compression != HAMM_COMPRESSION_NONE) {
        out->buf = malloc(OUT_BUF_SIZE);
        hamm_status st = out->buf ? io_encoder_new(&out->encoder, compression, level,
                                                   out->name, err)
                                  : hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(name), NULL,
                                                  "out of memory");
        if (st != HAMM_OK) {
            hamm_output_free(out);
            return st;
        }
    }
    *res = out;
    return HAMM_OK;
}

hamm_status hamm_output_to_file(hamm_output **res, FILE *file, const char *name,
                                hamm_compression compression, int level, hamm_error *err)
{
    hamm_status st = hamm_output_new(res, file_write, NULL, name, compression, level, err);
    if (st == HAMM_OK) {
        (*res)->user = *res;
        (*res)->file = file;
    }
    return st;
}

/* Run the encoder over src (possibly empty), writing each full buffer out. */
static hamm_status encode(hamm_output *out, const void *src, size_t size, int finish,
                          hamm_error *err)
{
    io_span in = {(void *)src, size, 0};
    int done = 0;
    do {
        io_span dst = {out->buf, OUT_BUF_SIZE, 0};
        hamm_status st = io_encoder_step(out->encoder, &in, &dst, finish, &done, err);
        if (st == HAMM_OK && dst.pos > 0)
            st = out->write(out->user, out->buf, dst.pos, err);
        if (st != HAMM_OK)
            return st;
    } while (in.pos < in.size || (finish && !done));
    return HAMM_OK;
}

hamm_status hamm_output_write(hamm_output *out, const void *buf, size_t size, hamm_error *err)
{
    if (size == 0)
        return HAMM_OK;
    if (!out->encoder)
        return out->write(out->user, buf, size, err);
    return encode(out, buf, size, 0, err);
}

hamm_status hamm_output_finish(hamm_output *out, hamm_error *err)
{
    hamm_status st = out->encoder ? encode(out, NULL, 0, 1, err) : HAMM_OK;
    if (st == HAMM_OK && out->file && fflush(out->file) != 0)
        st = hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(out->name), NULL, "write failed: %s",
                           strerror(errno));
    return st;
}

void hamm_output_free(hamm_output *out)
{
    if (!out)
        return;
    io_encoder_free(out->encoder);
    free(out->buf);
    free(out);
}
