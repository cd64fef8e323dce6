/* lines.h - a decoded byte stream split into lines, with their numbers and offsets
 * (scan.h splits a line into tokens and numbers).
 * One fixed buffer (a line may not exceed it); the readers of traces and of command
 * logs share it.  Lines are not NUL-terminated: use [start, end). */
#ifndef HAMM_IO_LINES_H
#define HAMM_IO_LINES_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/io.h"

typedef struct line_reader {
    hamm_input *in;       /* not owned */
    const char *source;   /* the input's name, for errors (borrowed) */
    char *buf;            /* decoded bytes; buf[pos..len) not yet consumed */
    size_t cap, len, pos;
    uint64_t buf_offset;  /* decoded offset of buf[0] */
    int eof;
    uint64_t line;        /* the number of the last line returned (1-based) */
    uint64_t line_offset; /* its decoded byte offset */
    const char *start;    /* its first byte */
} line_reader;

/* A reader over `in` with a buffer of `cap` bytes. */
hamm_status lines_init(line_reader *lr, hamm_input *in, size_t cap, hamm_error *err);
void lines_free(line_reader *lr);
/* Move unread bytes to the front and read more (for look-ahead and binary records). */
hamm_status lines_fill(line_reader *lr, hamm_error *err);
/* The next line without its newline; *got 0 at the end of the input.  A line longer than
 * the buffer is an error naming its number. */
hamm_status lines_next(line_reader *lr, const char **start, const char **end, int *got,
                       hamm_error *err);

#endif
