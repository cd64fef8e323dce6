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

/* Fill the record unless it already holds an error; returns `status` so a
 * caller can write `return hamm_error_set(err, ...)`.  Any of source and
 * field may be NULL; line 0 and offset HAMM_NO_OFFSET mean "unknown". */
HAMM_API hamm_status hamm_error_set(hamm_error *err, hamm_status status, const char *source,
                                    uint64_t line, uint64_t offset, const char *field,
                                    const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;

/* Fill in the position of an error raised without one (a parser deep in a
 * stack knows the field, the caller knows the file and line). */
HAMM_API void hamm_error_locate(hamm_error *err, const char *source, uint64_t line,
                                uint64_t offset);

/* One line of text for people: "source:line: field: text" (parts that are
 * unknown are left out; "source: byte N:" when only the offset is known).
 * Returns the length it wanted, like snprintf. */
HAMM_API size_t hamm_error_format(const hamm_error *err, char *buf, size_t size);

/* A short name for a status ("out of memory", "parse error", ...). */
HAMM_API const char *hamm_status_text(hamm_status status);

#ifdef __cplusplus
}
#endif

#endif
