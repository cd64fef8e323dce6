/* hamm/io.h - byte streams: decompressing input and compressing output.
 *
 * The library never decides how bytes arrive: a caller gives a read (or
 * write) callback, or a file path for convenience.  Input compression is
 * recognised from magic bytes (zstd, gzip, xz), never from the file name;
 * concatenated frames are followed.  Memory is bounded: fixed buffers plus
 * the decoder's window (zstd windows above HAMM_ZSTD_WINDOW_LOG_MAX are
 * refused).
 */
#ifndef HAMM_IO_H
#define HAMM_IO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hamm/error.h"
#include "hamm/export.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HAMM_ZSTD_WINDOW_LOG_MAX 27 /* 128 MiB, zstd's own default limit */

typedef enum hamm_compression {
    HAMM_COMPRESSION_NONE = 0,
    HAMM_COMPRESSION_ZSTD,
    HAMM_COMPRESSION_GZIP,
    HAMM_COMPRESSION_XZ,
    HAMM_COMPRESSION_COUNT
} hamm_compression;

/* Reads up to `cap` bytes into buf; sets *got (0 at end of input).
 * Returns HAMM_OK or an error status (and fills err). */
typedef hamm_status (*hamm_read_fn)(void *user, void *buf, size_t cap, size_t *got,
                                    hamm_error *err);
/* Writes all `size` bytes or fails. */
typedef hamm_status (*hamm_write_fn)(void *user, const void *buf, size_t size,
                                     hamm_error *err);

typedef struct hamm_input hamm_input;
typedef struct hamm_output hamm_output;

/* Open `path` ("-" is standard input) for reading, decompressing as its
 * magic bytes say.  On success *out owns the file. */
HAMM_API hamm_status hamm_input_open(hamm_input **out, const char *path, hamm_error *err);

/* Read through a callback; `name` is used in error messages (copied). */
HAMM_API hamm_status hamm_input_from_callback(hamm_input **out, hamm_read_fn read, void *user,
                                              const char *name, hamm_error *err);

/* Read decoded bytes; *got is 0 only at the end of the input. */
HAMM_API hamm_status hamm_input_read(hamm_input *in, void *buf, size_t cap, size_t *got,
                                     hamm_error *err);

HAMM_API const char *hamm_input_name(const hamm_input *in);
HAMM_API hamm_compression hamm_input_compression(const hamm_input *in);
/* Compressed bytes consumed so far (for progress reports). */
HAMM_API uint64_t hamm_input_raw_offset(const hamm_input *in);
HAMM_API void hamm_input_free(hamm_input *in);

/* Write through a callback, compressing with `compression` (NONE, ZSTD or
 * GZIP) at `level` (0: the codec's default). */
HAMM_API hamm_status hamm_output_new(hamm_output **out, hamm_write_fn write, void *user,
                                     const char *name, hamm_compression compression, int level,
                                     hamm_error *err);
/* Write to a stdio stream the caller owns. */
HAMM_API hamm_status hamm_output_to_file(hamm_output **out, FILE *file, const char *name,
                                         hamm_compression compression, int level,
                                         hamm_error *err);
HAMM_API hamm_status hamm_output_write(hamm_output *out, const void *buf, size_t size,
                                       hamm_error *err);
/* Flush and end the compressed frame; the output is complete only after this. */
HAMM_API hamm_status hamm_output_finish(hamm_output *out, hamm_error *err);
HAMM_API void hamm_output_free(hamm_output *out);

HAMM_API const char *hamm_compression_name(hamm_compression c);
/* Compression suggested by a file name's ending (".zst", ".gz"); NONE otherwise. */
HAMM_API hamm_compression hamm_compression_for_name(const char *path);

/* What names an input file in a result: its size and a hash of its raw (still
 * compressed) bytes, XXH64 with seed 0 (what `xxhsum -H64` prints).  Known only for a
 * regular file: standard input ("-"), a pipe or a device leave `known` 0. */
typedef struct hamm_file_id {
    int known;
    uint64_t size_bytes;
    uint64_t xxh64;
} hamm_file_id;
/* Read `path` once more to fill *id; an error only when a regular file cannot be read. */
HAMM_API hamm_status hamm_file_identify(const char *path, hamm_file_id *id, hamm_error *err);

/* The files a load read, each with what it was to the load ("the DRAM model"), so that a
 * command can refuse, before any work, an output that would write over one of them:
 * hamm_config_inputs, hamm_workload_inputs, hamm_suite_inputs and
 * hamm_sweep_merge_inputs fill one.  Paths are kept as the loader opened them (one read
 * twice may be there twice). */
typedef struct hamm_input_set hamm_input_set;
HAMM_API hamm_input_set *hamm_input_set_new(void); /* NULL when out of memory */
HAMM_API void hamm_input_set_free(hamm_input_set *set); /* NULL: a no-op */
HAMM_API hamm_status hamm_input_set_add(hamm_input_set *set, const char *path,
                                        const char *what, hamm_error *err);
/* Every file of `from` (NULL: none) into `set`. */
HAMM_API hamm_status hamm_input_set_add_all(hamm_input_set *set, const hamm_input_set *from,
                                            hamm_error *err);
HAMM_API size_t hamm_input_set_count(const hamm_input_set *set);
HAMM_API const char *hamm_input_set_path(const hamm_input_set *set, size_t i);
HAMM_API const char *hamm_input_set_what(const hamm_input_set *set, size_t i);

#ifdef __cplusplus
}
#endif

#endif
