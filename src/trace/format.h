/* format.h - the table of trace formats and the interface each one implements.
 *
 * A text format is a line parser (plus an optional sniffer for detection and
 * an optional line formatter for writing).  The reader framework (reader.c)
 * owns the buffers and positions; a format only turns one line into zero or
 * more requests.  Adding a format is one file and one line in formats.c.
 */
#ifndef HAMM_TRACE_FORMAT_H
#define HAMM_TRACE_FORMAT_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/trace.h"
#include "io/scan.h"

/* Most requests one line may produce: a warp instruction of 32 lanes, each access
 * up to 16 bytes, can touch 64 blocks; twice that leaves room for odd widths. */
#define TRACE_MAX_PER_LINE 128

/* What a line parser sees and where it puts its requests. */
typedef struct trace_line_ctx {
    const char *source;    /* input name, for errors */
    uint64_t line;         /* 1-based line number */
    uint64_t offset;       /* byte offset of the line's first byte (decoded stream) */
    const char *start;     /* the line's first byte, for columns */
    uint32_t request_size; /* default request size; coalescing granularity */
    void *state;           /* the format's state: state_size bytes, zeroed at open */
    hamm_request *out;     /* room for TRACE_MAX_PER_LINE requests */
    size_t n;              /* requests emitted for this line */
} trace_line_ctx;

/* Parse one line (no newline; may hold a trailing CR).  Blank lines never reach it.
 * On a malformed line return trace_fail(...).  Emitted requests count only on HAMM_OK. */
typedef hamm_status (*trace_parse_fn)(trace_line_ctx *ctx, scan_line line, hamm_error *err);

/* How strongly a line says "this format": 0 no, 1 yes.  Used on the first lines. */
typedef int (*trace_sniff_fn)(scan_line line);

/* Write one request as one line into buf (no newline); returns the length, or 0 when
 * the request cannot be written in this format (the writer reports it). */
typedef size_t (*trace_format_fn)(const hamm_request *req, char *buf, size_t cap);

typedef struct trace_format {
    hamm_trace_format id;
    const char *name;
    const char *summary;
    int hash_comments;     /* lines starting with '#' are comments */
    size_t state_size;
    trace_sniff_fn sniff;  /* NULL: never detected, only chosen by name */
    trace_parse_fn parse;  /* NULL for the binary format */
    trace_format_fn write; /* NULL: not writable */
    const char *write_header; /* comment line written first, or NULL */
    const char *write_limit;  /* why `write` may refuse a request, for the error; or NULL */
} trace_format;

/* The table entry for a format (never NULL for a valid id other than AUTO). */
const trace_format *trace_format_get(hamm_trace_format id);

/* Report a malformed line: HAMM_ERR_PARSE at the ctx's file and line, naming the
 * field; `tok` (may be NULL) gives the column. */
hamm_status trace_fail(const trace_line_ctx *ctx, hamm_error *err, const scan_token *tok,
                       const char *field, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Emit one request (the caller keeps within TRACE_MAX_PER_LINE). */
static inline hamm_request *trace_emit(trace_line_ctx *ctx)
{
    hamm_request *r = &ctx->out[ctx->n++];
    *r = (hamm_request){0};
    return r;
}

/* The base a trace field is written in: an enum, so that a misspelt base does not
 * compile (a string compared at run time quietly meant "auto"). */
typedef enum trace_base {
    TRACE_HEX = 0, /* hex, 0x optional */
    TRACE_DEC,     /* decimal */
    TRACE_AUTO     /* 0x-prefixed hex, else decimal */
} trace_base;

/* Parse a number token into *out in `base`, or fail naming `field`. */
hamm_status trace_number(const trace_line_ctx *ctx, hamm_error *err, scan_token tok,
                         const char *field, trace_base base, uint64_t *out);
/* Take the next token, failing with "missing FIELD" at end of line. */
hamm_status trace_need(const trace_line_ctx *ctx, hamm_error *err, scan_line *line,
                       const char *field, scan_token *tok);
/* Fail when anything but blanks is left on the line. */
hamm_status trace_expect_end(const trace_line_ctx *ctx, hamm_error *err, scan_line *line);

/* Coalesce per-lane accesses of one warp instruction into aligned blocks of
 * `block` bytes (a power of two), emitting one request per block in ascending
 * address order.  Accesses spanning two blocks touch both. */
typedef struct trace_lane_access {
    uint64_t addr;
    uint32_t width; /* bytes */
} trace_lane_access;
hamm_status trace_coalesce(trace_line_ctx *ctx, hamm_error *err, const trace_lane_access *lanes,
                           size_t n, hamm_op op, const hamm_request *tmpl);

#endif
