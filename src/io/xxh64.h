/* xxh64.h - XXH64 (seed 0), streamed: the content hash that names a trace file in the
 * JSON outputs.  Written from the algorithm's description (xxHash's xxhash_spec.md);
 * tests/unit/test_file_id.c checks it against the reference library's values, so it
 * agrees with `xxhsum -H64`. */
#ifndef HAMM_IO_XXH64_H
#define HAMM_IO_XXH64_H

#include <stddef.h>
#include <stdint.h>

typedef struct xxh64_state {
    uint64_t acc[4];       /* the four lanes' accumulators */
    uint64_t total;        /* bytes hashed so far */
    unsigned char buf[32]; /* a stripe not yet complete */
    size_t buffered;       /* bytes in buf */
} xxh64_state;

void xxh64_init(xxh64_state *s);
void xxh64_update(xxh64_state *s, const void *data, size_t len);
uint64_t xxh64_digest(const xxh64_state *s);

#endif
