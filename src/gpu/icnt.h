/* icnt.h - one direction of the GPU's crossbar: requests from cores to memory partitions,
 * or replies back (docs/GPU.md, "Interconnect").
 *
 * Each input has a buffer of input_flits flits; a source that finds it full must hold
 * its packet (back-pressure).  Each cycle a round-robin separable allocator (one
 * iteration: every free output grants the next requesting input after its last grant;
 * an input sends one packet at a time) connects inputs to outputs; a packet of n flits
 * then holds its input and output for ceil(n / flits_per_cycle) cycles and arrives
 * `latency` cycles after its last flit left, in the output's buffer of output_flits,
 * which is reserved at the grant: a destination that does not take its packets stops
 * the grants to it, which fills the inputs behind it (back-pressure the other way).
 *
 * The allocator is round-robin (the default) or Parallel Iterative Matching (each output
 * picks one of its requesting inputs at random).  Either may hold grants as the Yuan
 * thesis (seed 000, section 4.3) proposes, to keep one core's stream to a DRAM channel
 * together: HG gives the input an output granted last time the highest priority again;
 * RMHG only while the input's next packet goes to the same DRAM bank and row as the
 * packet granted last; HMHG only while a hash of its row (hash_bits wide) matches.
 *
 * The topology may instead be a ring or a 2-D mesh of routers with virtual channels
 * (icnt_router.h, docs/ICNT-HOLD.md); the calls below are the same for every topology. */
#ifndef HAMM_GPU_ICNT_H
#define HAMM_GPU_ICNT_H

#include <stdint.h>

#include "core.h"

typedef enum gpu_icnt_arbiter {
    GPU_ARB_ROUND_ROBIN,
    GPU_ARB_PIM
} gpu_icnt_arbiter;

typedef enum gpu_icnt_hold {
    GPU_HOLD_NONE,
    GPU_HOLD_GRANT,    /* HG */
    GPU_HOLD_ROW,      /* RMHG */
    GPU_HOLD_ROW_HASH  /* HMHG-k */
} gpu_icnt_hold;

typedef enum gpu_icnt_topology {
    GPU_TOPO_CROSSBAR,
    GPU_TOPO_RING,   /* bidirectional, shortest way round, two dateline VC classes */
    GPU_TOPO_MESH    /* 2-D, dimension-order (X then Y) routing */
} gpu_icnt_topology;

typedef enum gpu_icnt_vc_assign {
    GPU_VC_DYNAMIC,  /* the least occupied VC with room (the thesis' DVCA) */
    GPU_VC_STATIC    /* VC = destination mod VCs per class (the thesis' SVCA) */
} gpu_icnt_vc_assign;

/* Their names in model files and reports. */
extern const char *const gpu_icnt_arbiter_names[2];
extern const char *const gpu_icnt_hold_names[4];
extern const char *const gpu_icnt_topology_names[3];
extern const char *const gpu_icnt_vc_assign_names[2];

typedef struct gpu_icnt_params {
    uint32_t inputs, outputs;
    uint32_t flit_bytes;
    uint32_t flits_per_cycle; /* per port */
    uint32_t latency;         /* cycles from a packet's last flit leaving to its arrival */
    uint32_t input_flits;     /* buffer per input */
    uint32_t output_flits;    /* buffer per output */
    unsigned arbiter, hold;   /* gpu_icnt_arbiter, gpu_icnt_hold */
    uint32_t hash_bits;       /* HMHG's row hash width, 1 to 32 */
    uint64_t seed;            /* PIM's random choices (deterministic for a seed) */
    /* Ring and mesh only (the crossbar needs vcs 1 and ignores the rest): */
    unsigned topology, vc_assign; /* gpu_icnt_topology, gpu_icnt_vc_assign */
    uint32_t vcs;             /* virtual channels per router input port (ring: even) */
    uint32_t hop_latency;     /* cycles a packet's head takes through one router and link */
    unsigned memory_inputs;   /* 1: the inputs are memory partitions (the reply network):
                                 which endpoints sit on which nodes (icnt_topo.h) */
} gpu_icnt_params;

typedef struct gpu_icnt_stats {
    uint64_t packets, flits;
    uint64_t blocked_pushes;  /* a source found its input buffer full */
    uint64_t output_full;     /* cycles an output had a waiting input but no buffer room */
    uint64_t held_grants;     /* grants the hold policy kept on the previous input (ring and
                                 mesh: at every router on the way) */
    uint64_t hops;            /* ring and mesh: router-to-router links the packets crossed */
} gpu_icnt_stats;

typedef struct gpu_icnt gpu_icnt;

hamm_status gpu_icnt_new(gpu_icnt **out, const gpu_icnt_params *p, hamm_error *err);
/* The bytes gpu_icnt_new allocates for p (of any topology). */
uint64_t gpu_icnt_bytes(const gpu_icnt_params *p);
void gpu_icnt_free(gpu_icnt *n);

/* Flits a packet of `bytes` takes in flits of `flit_bytes` (> 0): at least one. */
uint32_t gpu_flits(uint32_t bytes, uint32_t flit_bytes);
/* Flits a packet of `bytes` takes on network n. */
uint32_t gpu_icnt_flits(const gpu_icnt *n, uint32_t bytes);
/* Queue packet p of `bytes` at input `in` for output `out`; 0 (and counted) when the
 * input's buffer has no room for it. */
int gpu_icnt_push(gpu_icnt *n, uint32_t in, uint32_t out, const gpu_packet *p, uint32_t bytes);
void gpu_icnt_cycle(gpu_icnt *n, uint64_t now);
/* The oldest packet arrived at output `out` by `now`, if any. */
int gpu_icnt_peek(const gpu_icnt *n, uint32_t out, uint64_t now, gpu_packet *p);
void gpu_icnt_pop(gpu_icnt *n, uint32_t out);
/* The virtual channels a topology (gpu_icnt_topology) allows: a ring needs two equal
 * dateline halves, the crossbar has none.  gpu_icnt_new checks them, and so does the
 * model loader, which adds the file's name. */
hamm_status gpu_icnt_check_vcs(unsigned topology, uint32_t vcs, hamm_error *err);
/* HMHG's hash of a row: its bits folded by XOR into `bits` bits. */
uint32_t gpu_icnt_row_hash(uint32_t row, uint32_t bits);
/* Whether packet p, at the head of the input holding an output's grant, keeps it under
 * policy `hold` (a gpu_icnt_hold) when the packet granted last went to held_bank and
 * held_row: every network's arbiter asks this. */
int gpu_icnt_hold_keeps(uint32_t hold, uint32_t hash_bits, const gpu_packet *p,
                        uint32_t held_bank, uint32_t held_row);
/* Nothing buffered or in transit. */
int gpu_icnt_empty(const gpu_icnt *n);
const gpu_icnt_stats *gpu_icnt_stats_of(const gpu_icnt *n);

#endif
