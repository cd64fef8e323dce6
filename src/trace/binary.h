/* binary.h - the native binary trace encoding (traces/FORMAT.md):
 * a 16-byte header, then 24-byte little-endian records. */
#ifndef HAMM_TRACE_BINARY_H
#define HAMM_TRACE_BINARY_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/trace.h"

#define BINARY_HEADER_SIZE 16u
#define BINARY_RECORD_SIZE 24u
#define BINARY_VERSION 1u

extern const unsigned char binary_magic[8];

/* 1 when the bytes start with the magic number (n may be shorter than 8: then 0). */
int binary_has_magic(const void *p, size_t n);
/* Check a header: magic, version, record size, reserved bytes. */
hamm_status binary_check_header(const void *p, size_t n, const char *source, hamm_error *err);
void binary_write_header(unsigned char out[BINARY_HEADER_SIZE]);

/* Decode n records; returns how many were valid before the first bad one (n if all). */
size_t binary_decode(const unsigned char *p, size_t n, hamm_request *out);
/* The error for the bad record at p (found by binary_decode). */
hamm_status binary_bad_record(const unsigned char *p, const char *source, uint64_t offset,
                              hamm_error *err);
void binary_encode(const hamm_request *req, unsigned char out[BINARY_RECORD_SIZE]);

#endif
