/* input.c - a byte stream with transparent decompression.
 *
 * Owns a raw source (a FILE or a caller's callback), a buffer of raw bytes and
 * one decoder chosen from the first bytes: none, zstd, gzip (zlib) or xz
 * (liblzma).  Concatenated frames/members are followed, so `cat a.zst b.zst`
 * reads as one stream.  A stream that ends inside a frame is reported as
 * truncated with the raw byte offset where input ran out.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zstd.h>

#include "hamm/io.h"
#include "io_codec.h"

#define RAW_BUF_SIZE (128u * 1024u)

struct hamm_input {
    char name[256];
    hamm_read_fn read;
    void *user;
    FILE *file;                /* owned when opened by path */
    unsigned char *raw;        /* raw (compressed) bytes */
    size_t raw_len, raw_pos;
    uint64_t raw_offset;       /* raw bytes consumed before raw[0] */
    int raw_eof;
    hamm_compression compression;
    io_decoder *decoder;       /* NULL for plain input */
};

static hamm_status file_read(void *user, void *buf, size_t cap, size_t *got, hamm_error *err)
{
    hamm_input *in = user;
    *got = fread(buf, 1, cap, in->file);
    if (*got == 0 && ferror(in->file))
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(in->name), NULL, "read failed: %s",
                             strerror(errno));
    return HAMM_OK;
}

/* Top the raw buffer up, moving unread bytes to the front first. */
static hamm_status fill_raw(hamm_input *in, hamm_error *err)
{
    if (in->raw_pos > 0) {
        memmove(in->raw, in->raw + in->raw_pos, in->raw_len - in->raw_pos);
        in->raw_offset += in->raw_pos;
        in->raw_len -= in->raw_pos;
        in->raw_pos = 0;
    }
    while (!in->raw_eof && in->raw_len < RAW_BUF_SIZE) {
        size_t got = 0;
        hamm_status st = in->read(in->user, in->raw + in->raw_len, RAW_BUF_SIZE - in->raw_len,
                                  &got, err);
        if (st != HAMM_OK)
            return st;
        if (got == 0)
            in->raw_eof = 1;
        in->raw_len += got;
        if (got > 0)
            break; /* a pipe may deliver little at a time; use what came */
    }
    return HAMM_OK;
}

static hamm_compression sniff(const unsigned char *p, size_t n)
{
    static const unsigned char zstd_magic[4] = {0x28, 0xB5, 0x2F, 0xFD};
    static const unsigned char xz_magic[6] = {0xFD, '7', 'z', 'X', 'Z', 0x00};
    if (n >= 4 && memcmp(p, zstd_magic, 4) == 0)
        return HAMM_COMPRESSION_ZSTD;
    if (n >= 2 && p[0] == 0x1F && p[1] == 0x8B)
        return HAMM_COMPRESSION_GZIP;
    if (n >= 6 && memcmp(p, xz_magic, 6) == 0)
        return HAMM_COMPRESSION_XZ;
    return HAMM_COMPRESSION_NONE;
}

static hamm_status start(hamm_input *in, hamm_error *err)
{
    in->raw = malloc(RAW_BUF_SIZE);
    if (!in->raw)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(in->name), NULL, "out of memory");
    /* Read until six bytes are there (or the input ends) so sniffing sees a whole magic. */
    while (!in->raw_eof && in->raw_len < 6) {
        hamm_status st = fill_raw(in, err);
        if (st != HAMM_OK)
            return st;
    }
    in->compression = sniff(in->raw, in->raw_len);
    if (in->compression == HAMM_COMPRESSION_NONE)
        return HAMM_OK;
    return io_decoder_new(&in->decoder, in->compression, in->name, err);
}

static hamm_input *input_alloc(const char *name)
{
    hamm_input *in = calloc(1, sizeof *in);
    if (in)
        snprintf(in->name, sizeof in->name, "%s", name ? name : "(input)");
    return in;
}

hamm_status hamm_input_from_callback(hamm_input **out, hamm_read_fn read, void *user,
                                     const char *name, hamm_error *err)
{
    *out = NULL;
    hamm_input *in = input_alloc(name);
    if (!in)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(name), NULL, "out of memory");
    in->read = read;
    in->user = user;
    hamm_status st = start(in, err);
    if (st != HAMM_OK) {
        hamm_input_free(in);
        return st;
    }
    *out = in;
    return HAMM_OK;
}

hamm_status hamm_input_open(hamm_input **out, const char *path, hamm_error *err)
{
    *out = NULL;
    int is_stdin = strcmp(path, "-") == 0;
    hamm_input *in = input_alloc(is_stdin ? "(stdin)" : path);
    if (!in)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(path), NULL, "out of memory");
    in->file = is_stdin ? stdin : fopen(path, "rb");
    if (!in->file) {
        hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(path), NULL, "cannot open: %s", strerror(errno));
        free(in);
        return HAMM_ERR_IO;
    }
    in->read = file_read;
    in->user = in;
    hamm_status st = start(in, err);
    if (st != HAMM_OK) {
        hamm_input_free(in);
        return st;
    }
    *out = in;
    return HAMM_OK;
}

static hamm_status read_plain(hamm_input *in, void *buf, size_t cap, size_t *got,
                              hamm_error *err)
{
    if (in->raw_pos == in->raw_len) {
        /* Large reads bypass the buffer: no copy for plain files. */
        if (in->raw_eof)
            return HAMM_OK;
        in->raw_offset += in->raw_len;
        in->raw_len = in->raw_pos = 0;
        if (cap >= RAW_BUF_SIZE) {
            hamm_status st = in->read(in->user, buf, cap, got, err);
            in->raw_offset += *got;
            if (*got == 0)
                in->raw_eof = 1;
            return st;
        }
        hamm_status st = fill_raw(in, err);
        if (st != HAMM_OK)
            return st;
    }
    size_t n = in->raw_len - in->raw_pos;
    if (n > cap)
        n = cap;
    memcpy(buf, in->raw + in->raw_pos, n);
    in->raw_pos += n;
    *got = n;
    return HAMM_OK;
}

hamm_status hamm_input_read(hamm_input *in, void *buf, size_t cap, size_t *got,
                            hamm_error *err)
{
    *got = 0;
    if (cap == 0)
        return HAMM_OK;
    if (!in->decoder)
        return read_plain(in, buf, cap, got, err);
    for (;;) {
        io_span src = {in->raw + in->raw_pos, in->raw_len - in->raw_pos, 0};
        io_span dst = {buf, cap, 0};
        uint64_t offset = in->raw_offset + in->raw_pos;
        hamm_status st = io_decoder_step(in->decoder, &src, &dst, offset, err);
        in->raw_pos += src.pos;
        if (st != HAMM_OK)
            return st;
        if (dst.pos > 0) {
            *got = dst.pos;
            return HAMM_OK;
        }
        if (src.pos > 0)
            continue; /* the decoder took input without output yet */
        if (in->raw_eof)
            return io_decoder_end(in->decoder, in->raw_offset + in->raw_pos, err);
        if (in->raw_len - in->raw_pos == RAW_BUF_SIZE)
            return hamm_error_at(err, HAMM_ERR_CORRUPT, HAMM_AT_BYTE(in->name, offset), NULL,
                                 "%s decoder made no progress",
                                 hamm_compression_name(in->compression));
        st = fill_raw(in, err);
        if (st != HAMM_OK)
            return st;
    }
}

const char *hamm_input_name(const hamm_input *in)
{
    return in->name;
}

hamm_compression hamm_input_compression(const hamm_input *in)
{
    return in->compression;
}

uint64_t hamm_input_raw_offset(const hamm_input *in)
{
    return in->raw_offset + in->raw_pos;
}

void hamm_input_free(hamm_input *in)
{
    if (!in)
        return;
    io_decoder_free(in->decoder);
    if (in->file && in->file != stdin)
        fclose(in->file);
    free(in->raw);
    free(in);
}
