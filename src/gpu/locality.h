/* locality.h - row access locality of request streams, counted as the Yuan thesis (seed
 * 000, section 4.2) measures it before and after the interconnect: requests per row
 * activate, where a stream activates whenever a request goes to a bank whose previous
 * request in the same stream was to another row (or to none).  Before the crossbar the
 * streams are each core's requests to each channel, after it each channel's arrivals.
 * Memory: one row per stream and bank. */
#ifndef HAMM_GPU_LOCALITY_H
#define HAMM_GPU_LOCALITY_H

#include <stdint.h>

typedef struct gpu_locality {
    uint32_t *last_row;   /* [stream * banks + bank]; NO_ROW before the first request */
    uint32_t streams, banks;
    uint64_t requests, activates;
} gpu_locality;

/* 0 when out of memory. */
int gpu_locality_init(gpu_locality *l, uint32_t streams, uint32_t banks);
/* The bytes gpu_locality_init allocates. */
uint64_t gpu_locality_bytes(uint32_t streams, uint32_t banks);
void gpu_locality_free(gpu_locality *l);
void gpu_locality_see(gpu_locality *l, uint32_t stream, uint32_t bank, uint32_t row);
/* Requests per activate; -1 when nothing was seen. */
double gpu_locality_of(const gpu_locality *l);

#endif
