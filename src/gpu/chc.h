/* chc.h - the bank conflict history cache of Gou's thesis (Section 5.5.2): the conflict
 * degree a shared-memory instruction had when it last ran, by its PC, in a small
 * set-associative cache (LRU), cleared when a new kernel starts.  A miss predicts 0 (the
 * thesis' default: no conflict). */
#ifndef HAMM_GPU_CHC_H
#define HAMM_GPU_CHC_H

#include <stdint.h>

typedef struct gpu_chc_line {
    uint64_t pc, last_use;
    uint32_t degree;
    uint8_t valid;
} gpu_chc_line;

typedef struct gpu_chc {
    uint32_t sets, ways;
    uint64_t clock;
    gpu_chc_line *lines; /* sets * ways */
} gpu_chc;

int gpu_chc_init(gpu_chc *h, uint32_t sets, uint32_t ways); /* 0: out of memory */
void gpu_chc_free(gpu_chc *h);
void gpu_chc_clear(gpu_chc *h);
/* The degree last recorded for pc, *hit set; 0 on a miss. */
uint32_t gpu_chc_lookup(gpu_chc *h, uint64_t pc, int *hit);
void gpu_chc_update(gpu_chc *h, uint64_t pc, uint32_t degree);

#endif
