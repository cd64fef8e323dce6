/* icnt_router.h - the ring and mesh networks: one router per node, virtual channels on
 * every router input, and a separable switch allocator with grant holding per output
 * port (docs/ICNT-HOLD.md, "Ring and mesh").  gpu_icnt's calls land here when the
 * topology is not the crossbar.
 *
 * A packet moves whole from router to router (virtual cut-through): it may leave a
 * router only when a VC of the next router's input has room for all its flits, which it
 * reserves at the grant (credits, returned when it leaves that VC), so nothing is ever
 * dropped.  Granted at cycle t, its head reaches the next router at t + hop_latency; the
 * link and the router's input port stay busy ceil(flits / flits_per_cycle) cycles; at
 * its destination its tail is in the output buffer at t + serialisation + hop_latency.
 * A packet that crosses H links, uncontended, thus arrives (H + 1) * hop_latency +
 * serialisation cycles after it was pushed.  Sources inject into their router's local
 * port (input_flits); each VC holds input_flits flits; outputs hold output_flits. */
#ifndef HAMM_GPU_ICNT_ROUTER_H
#define HAMM_GPU_ICNT_ROUTER_H

#include "icnt.h"

typedef struct gpu_rnet gpu_rnet;

hamm_status gpu_rnet_new(gpu_rnet **out, const gpu_icnt_params *p, hamm_error *err);
/* The bytes gpu_rnet_new allocates for p. */
uint64_t gpu_rnet_bytes(const gpu_icnt_params *p);
void gpu_rnet_free(gpu_rnet *n);
int gpu_rnet_push(gpu_rnet *n, uint32_t in, uint32_t out, const gpu_packet *p, uint32_t flits);
void gpu_rnet_cycle(gpu_rnet *n, uint64_t now);
int gpu_rnet_peek(const gpu_rnet *n, uint32_t out, uint64_t now, gpu_packet *p);
void gpu_rnet_pop(gpu_rnet *n, uint32_t out);
int gpu_rnet_empty(const gpu_rnet *n);
const gpu_icnt_stats *gpu_rnet_stats(const gpu_rnet *n);

#endif
