/* hamm/trace.h - memory-request traces: the request record, streaming
 * readers for the native and foreign formats, and writers.
 *
 * A reader pulls requests in batches into a caller-owned array; it holds
 * fixed buffers only, so memory does not grow with the trace length.  The
 * format is detected from the content unless the caller names one.
 */
#ifndef HAMM_TRACE_H
#define HAMM_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/error.h"
#include "hamm/export.h"
#include "hamm/io.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hamm_op { HAMM_OP_READ = 0, HAMM_OP_WRITE = 1 } hamm_op;

/* Which optional fields of a request are present. */
enum {
    HAMM_REQ_HAS_CYCLE = 1u << 0,
    HAMM_REQ_HAS_CORE = 1u << 1,
    HAMM_REQ_HAS_WARP = 1u << 2,
};

#define HAMM_DEFAULT_REQUEST_SIZE 64u
#define HAMM_MAX_REQUEST_SIZE ((1u << 24) - 1) /* what the binary record holds */
#define HAMM_MAX_CORE 0xFFFFu
#define HAMM_MAX_WARP 0xFFFFu

/* One memory transaction as it reaches a memory controller. */
typedef struct hamm_request {
    uint64_t addr;  /* byte address */
    uint64_t cycle; /* arrival cycle, when flags has HAMM_REQ_HAS_CYCLE */
    uint32_t size;  /* bytes, 1 .. HAMM_MAX_REQUEST_SIZE */
    uint16_t core;  /* source core (GPU traces: see traces/FORMAT.md) */
    uint16_t warp;  /* source warp */
    uint8_t op;     /* hamm_op */
    uint8_t flags;  /* HAMM_REQ_HAS_* */
} hamm_request;

typedef enum hamm_trace_format {
    HAMM_FORMAT_AUTO = 0,
    HAMM_FORMAT_TEXT,         /* native text: "R|W ADDR [size [cycle [core [warp]]]]" */
    HAMM_FORMAT_BINARY,       /* native binary: header + 24-byte LE records */
    HAMM_FORMAT_DRAMSIM3,     /* "0xADDR READ|WRITE cycle" */
    HAMM_FORMAT_DRAMSIM2,     /* "0xADDR P_MEM_RD|P_MEM_WR|P_FETCH|READ|WRITE|IFETCH cycle" */
    HAMM_FORMAT_RAMULATOR,    /* Ramulator 1 DRAM mode: "0xADDR R|W" */
    HAMM_FORMAT_RAMULATOR2,   /* Ramulator 2 load/store: "LD|ST ADDR" */
    HAMM_FORMAT_RAMULATOR_CPU,/* "<bubbles> <read addr> [<writeback addr>]" */
    HAMM_FORMAT_NVBIT,        /* NVBit mem_trace tool output, coalesced per warp instruction */
    HAMM_FORMAT_ACCELSIM,     /* Accel-Sim .traceg, coalesced per warp instruction */
    HAMM_FORMAT_USIMM,        /* USIMM (MSC 2012): "<nonmemops> R|W <addr> [<pc>]", one core */
    HAMM_FORMAT_COUNT
} hamm_trace_format;

/* Name <-> format ("text", "binary", "dramsim3", ...); AUTO is "auto". */
HAMM_API const char *hamm_trace_format_name(hamm_trace_format f);
HAMM_API hamm_status hamm_trace_format_from_name(const char *name, hamm_trace_format *out,
                                                 hamm_error *err);
/* A one-line description for --help listings. */
HAMM_API const char *hamm_trace_format_summary(hamm_trace_format f);
/* Whether hamm can write the format. */
HAMM_API int hamm_trace_format_writable(hamm_trace_format f);

typedef struct hamm_trace_options {
    hamm_trace_format format; /* HAMM_FORMAT_AUTO: detect */
    int skip_bad;             /* count and skip malformed lines instead of failing */
    uint32_t request_size;    /* default size where the format has none, and the
                                 coalescing granularity of GPU formats; 0: 64 */
    int prefetch;             /* decompress and parse ahead on a second thread; the
                                 requests and errors delivered are the same either way */
    int hide_text;            /* 1: the file was named by an input (a suite), not by the
                                 user: errors give the line, column and field but quote
                                 none of its text (hamm_error_hide_text) */
} hamm_trace_options;

typedef struct hamm_trace_reader hamm_trace_reader;

/* Open a reader on `in` (the reader takes ownership of `in`, also on failure).
 * Detection reads ahead; an input with no bytes at all is HAMM_ERR_EMPTY. */
HAMM_API hamm_status hamm_trace_reader_new(hamm_trace_reader **out, hamm_input *in,
                                           const hamm_trace_options *opts, hamm_error *err);
/* Convenience: open a file ("-": stdin) and a reader on it. */
HAMM_API hamm_status hamm_trace_reader_open(hamm_trace_reader **out, const char *path,
                                            const hamm_trace_options *opts, hamm_error *err);

/* Fill up to `cap` requests; *n is 0 only at the end of the trace.  Errors
 * name the file and line (text) or byte offset (binary). */
HAMM_API hamm_status hamm_trace_read(hamm_trace_reader *r, hamm_request *reqs, size_t cap,
                                     size_t *n, hamm_error *err);

/* The next batch of requests without copying: *reqs points into the reader and stays
 * valid until the next call on it; *n is 0 only at the end.  The fastest way to stream. */
HAMM_API hamm_status hamm_trace_next(hamm_trace_reader *r, const hamm_request **reqs,
                                     size_t *n, hamm_error *err);

/* Where request `number` (1-based, in reading order) of the trace at `path` comes from:
 * its line (text formats; 0 for binary) and the decoded byte offset of that line or
 * record.  Reads the trace again from the start, so `path` must not be standard input;
 * for reporting a request found wrong after it was read (e.g. by a writer). */
HAMM_API hamm_status hamm_trace_locate(const char *path, const hamm_trace_options *opts,
                                       uint64_t number, uint64_t *line, uint64_t *offset,
                                       hamm_error *err);

HAMM_API hamm_trace_format hamm_trace_reader_format(const hamm_trace_reader *r);
HAMM_API const hamm_input *hamm_trace_reader_input(const hamm_trace_reader *r);
/* Compressed bytes consumed so far, for progress reports (safe with prefetch). */
HAMM_API uint64_t hamm_trace_reader_raw_offset(const hamm_trace_reader *r);
/* Malformed lines skipped so far (with skip_bad), and the first one's error; with
 * prefetch, final once hamm_trace_read has returned the end of the trace. */
HAMM_API uint64_t hamm_trace_reader_skipped(const hamm_trace_reader *r);
HAMM_API const hamm_error *hamm_trace_reader_first_skipped(const hamm_trace_reader *r);
HAMM_API void hamm_trace_reader_free(hamm_trace_reader *r);

typedef struct hamm_trace_writer hamm_trace_writer;

/* A writer in `format` onto `out` (not owned). */
HAMM_API hamm_status hamm_trace_writer_new(hamm_trace_writer **w, hamm_trace_format format,
                                           hamm_output *out, hamm_error *err);
HAMM_API hamm_status hamm_trace_write(hamm_trace_writer *w, const hamm_request *reqs, size_t n,
                                      hamm_error *err);
/* Flush buffered records into the output (hamm_output_finish ends it). */
HAMM_API hamm_status hamm_trace_writer_flush(hamm_trace_writer *w, hamm_error *err);
/* Requests written so far.  When hamm_trace_write fails with HAMM_ERR_ARG, request
 * number hamm_trace_writer_written() + 1 is one the format cannot hold. */
HAMM_API uint64_t hamm_trace_writer_written(const hamm_trace_writer *w);
HAMM_API void hamm_trace_writer_free(hamm_trace_writer *w);

#ifdef __cplusplus
}
#endif

#endif
