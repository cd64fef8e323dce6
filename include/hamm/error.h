/* hamm/error.h - the caller-owned error record every fallible call fills in.
 *
 * Contract: a function that can fail returns a hamm_status and takes a
 * hamm_error * last (which may be NULL).  The first error is kept: once
 * err->status is not HAMM_OK, later setters leave the record alone, so the
 * most precise report (the one nearest the cause) survives.
 */
#ifndef HAMM_ERROR_H
#define HAMM_ERROR_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/export.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hamm_status {
    HAMM_OK = 0,
    HAMM_ERR_NOMEM,       /* an allocation failed */
    HAMM_ERR_IO,          /* reading or writing failed */
    HAMM_ERR_PARSE,       /* a trace line or record is malformed */
    HAMM_ERR_FORMAT,      /* the input is not in a format hamm reads */
    HAMM_ERR_CORRUPT,     /* compressed data is truncated or corrupt */
    HAMM_ERR_CONFIG,      /* a model file or override is invalid */
    HAMM_ERR_UNSUPPORTED, /* a feature hamm was built without */
    HAMM_ERR_ARG,         /* a caller passed an invalid argument */
    HAMM_ERR_EMPTY,       /* the input holds no requests */
    HAMM_ERR_VIOLATION,   /* a command log breaks a timing or protocol rule */
    HAMM_STATUS_COUNT
} hamm_status;

#define HAMM_NO_OFFSET UINT64_MAX

typedef struct hamm_error {
    hamm_status status;
    char source[256]; /* file name ("-" for stdin); shortened from the left */
    uint64_t line;    /* 1-based line, 0 when not applicable */
    uint64_t column;  /* 1-based column, 0 when not applicable */
    uint64_t offset;  /* byte offset, HAMM_NO_OFFSET when not applicable */
    char field[128];  /* field name or JSON path, "" when not applicable */
    char text[256];   /* what is wrong */
} hamm_error;

/* Reset the record to "no error". */
HAMM_API void hamm_error_clear(hamm_error *err);

/* Where in an input an error lies.  Build one with the HAMM_IN / HAMM_AT_*
 * macros, so that a part that is not known is never mistaken for line 0 or
 * byte 0. */
typedef struct hamm_pos {
    const char *source; /* file name, NULL when unknown */
    uint64_t line;      /* 1-based, 0 when unknown */
    uint64_t column;    /* 1-based, 0 when unknown */
    uint64_t offset;    /* byte offset, HAMM_NO_OFFSET when unknown */
} hamm_pos;

#define HAMM_IN(src) ((hamm_pos){(src), 0, 0, HAMM_NO_OFFSET})
#define HAMM_AT_LINE(src, line) ((hamm_pos){(src), (line), 0, HAMM_NO_OFFSET})
#define HAMM_AT_BYTE(src, offset) ((hamm_pos){(src), 0, 0, (offset)})
#define HAMM_AT(src, line, column, offset) ((hamm_pos){(src), (line), (column), (offset)})

#if defined(__GNUC__)
#define HAMM_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define HAMM_PRINTF(f, a)
#endif

/* The three setters fill the record unless it already holds an error, and
 * return `status` so a caller can write `return hamm_error_set(err, ...)`.
 * hamm_error_set: an error with no position and no field (an argument, memory);
 * hamm_error_field: an error about a named field (a JSON path, an option);
 * hamm_error_at: an error at a position in an input; field may be NULL. */
HAMM_API hamm_status hamm_error_set(hamm_error *err, hamm_status status, const char *fmt, ...)
    HAMM_PRINTF(3, 4);
HAMM_API hamm_status hamm_error_field(hamm_error *err, hamm_status status, const char *field,
                                      const char *fmt, ...) HAMM_PRINTF(4, 5);
HAMM_API hamm_status hamm_error_at(hamm_error *err, hamm_status status, hamm_pos pos,
                                   const char *field, const char *fmt, ...) HAMM_PRINTF(5, 6);

/* Fill in the parts of the position of an error raised without them (a
 * parser deep in a stack knows the field, the caller knows the file and
 * line); parts already known are kept. */
HAMM_API void hamm_error_locate(hamm_error *err, hamm_pos pos);

/* One line of text for people: "source:line: field: text" (parts that are
 * unknown are left out; "source: byte N:" when only the offset is known).
 * Returns the length it wanted, like snprintf. */
HAMM_API size_t hamm_error_format(const hamm_error *err, char *buf, size_t size);

/* Whether the error is about the file `path` (its source, which keeps a long name's tail). */
HAMM_API int hamm_error_is_about(const hamm_error *err, const char *path);

/* Leave the file's text out of an error at a line of a trace or a recording, for a file
 * that an input named (a suite's trace or workload) rather than the user: such an error
 * puts what it quotes of the line in quotes (' or "), so its text is cut before the first
 * quote and says so; the position and the field stay.  Other errors are left as they are:
 * those of a JSON file (HAMM_ERR_CONFIG) quote no text of it (a syntax error gives its
 * line and column, not jansson's excerpt), the others are at no line; so is an error
 * hidden already. */
HAMM_API void hamm_error_hide_text(hamm_error *err);

/* A short name for a status ("out of memory", "parse error", ...). */
HAMM_API const char *hamm_status_text(hamm_status status);

#ifdef __cplusplus
}
#endif

#endif
