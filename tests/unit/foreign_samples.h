/* foreign_samples.h - what the foreign-format tests (test_trace_foreign_*.c) share: a
 * full read of a text with its result, request comparison, and one hand-checked sample
 * trace per foreign format (foreign_samples.c). */
#ifndef HAMM_TEST_FOREIGN_SAMPLES_H
#define HAMM_TEST_FOREIGN_SAMPLES_H

#include <stddef.h>
#include <stdint.h>

#include "trace_helpers.h"

#define REQ(o, a, fl, cy, co, wa)                                                           \
    {                                                                                    \
        .addr = (a), .cycle = (cy), .size = 64, .core = (co), .warp = (wa), .op = (o),   \
        .flags = (fl)                                                                    \
    }
#define R_ HAMM_OP_READ
#define W_ HAMM_OP_WRITE
#define CYC HAMM_REQ_HAS_CYCLE
#define GPU (HAMM_REQ_HAS_CORE | HAMM_REQ_HAS_WARP)
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* What one full read of a text gave. */
typedef struct run_result {
    hamm_status status;
    hamm_error err;
    hamm_trace_format format; /* detected or named */
    hamm_request *reqs;       /* malloc'd */
    size_t n;
    uint64_t skipped;
    hamm_error first_skipped;
} run_result;

/* Read all of `data` through a callback input; chunk bytes per input read (0: any),
 * batch requests per hamm_trace_read. */
run_result run_opts(const void *data, size_t size, const hamm_trace_options *o, size_t chunk,
                    size_t batch);
/* Read a whole text in format f (AUTO: detect). */
run_result run(const char *text, hamm_trace_format f);
/* The read succeeded and gave exactly `want` (a cmocka failure otherwise). */
void assert_reqs(const run_result *got, const hamm_request *want, size_t n);
/* The 32 lane addresses of an NVBit line: lane i at base + stride * i for i < active,
 * 0 (inactive) for the others, as mem_trace prints them. */
void nvbit_line(char *buf, size_t cap, const char *head, uint64_t base, uint64_t stride,
                int active);

/* One sample trace per foreign format, with its hand-checked requests. */
typedef struct sample {
    const char *name;
    hamm_trace_format format;
    const char *text;
    const hamm_request *want;
    size_t n;
} sample;

#define NSAMPLES 8
extern const sample samples[NSAMPLES];
/* Build the NVBit sample's text (once, before the samples are used). */
void foreign_samples_init(void);

#endif
