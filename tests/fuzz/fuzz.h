/* fuzz.h - what every harness defines (libFuzzer's entry points), for the libFuzzer
 * builds and for the standalone driver (run_corpus.c) alike, and the check that turns a
 * broken invariant into a crash the fuzzer reports. */
#ifndef HAMM_FUZZ_H
#define HAMM_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Called once before the first input; may change argv (we do not). */
int LLVMFuzzerInitialize(int *argc, char ***argv);
/* One input; returns 0 (libFuzzer reserves other values). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A broken invariant: say which, then abort so the fuzzer keeps the input. */
#define FUZZ_CHECK(cond, ...)                                                                \
    do {                                                                                     \
        if (!(cond)) {                                                                       \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);         \
            fprintf(stderr, __VA_ARGS__);                                                    \
            fputc('\n', stderr);                                                             \
            abort();                                                                         \
        }                                                                                    \
    } while (0)

#endif
