/* icnt_router_internal.h - the ring and mesh networks' state, shared by the router
 * network's set-up (icnt_router.c) and its allocators (icnt_switch.c). */
#ifndef HAMM_GPU_ICNT_ROUTER_INTERNAL_H
#define HAMM_GPU_ICNT_ROUTER_INTERNAL_H

#include "icnt_router.h"
#include "icnt_topo.h"

typedef struct rflight {
    gpu_packet p;
    uint32_t flits;
    uint32_t dst, out;  /* destination node and output */
    uint32_t port;      /* the port it leaves its current router by */
    uint32_t cls;       /* ring: 1 once it crossed the dateline */
    uint64_t ready;     /* cycle its head is at its current router (or, in an output
                           buffer, its tail has arrived) */
} rflight;

/* A ring of packets holding at most `flit_cap` flits. */
typedef struct rqueue {
    rflight *q;
    uint32_t cap, head, size, flits, flit_cap;
} rqueue;

struct gpu_rnet {
    gpu_icnt_params p;
    icnt_topo t;
    uint32_t slots;        /* input slots per router: ports * vcs */
    uint32_t classes;      /* VC classes: 2 on the ring (dateline), 1 on the mesh */
    rqueue *vc;            /* [node * slots + port * vcs + vc]; the local port uses VC 0 */
    rqueue *eject;         /* per output: packets arrived */
    uint64_t *in_busy;     /* [node * ports + port]: first cycle the input port is free */
    uint64_t *out_busy;    /* [node * ports + port]: first cycle the link is free */
    uint32_t *last_grant;  /* [node * ports + port]: the slot it granted last */
    uint32_t *held;        /* ... the slot whose grant it holds (slots: none) */
    uint32_t *held_bank, *held_row; /* ... and the DRAM bank and row of that grant */
    uint32_t *in_node, *out_node;   /* placement of the inputs and the outputs */
    uint64_t packets_in;   /* in the network, output buffers included */
    uint64_t rng;          /* PIM's generator state */
    gpu_icnt_stats st;
};

static inline void rqueue_push(rqueue *q, rflight f)
{
    q->q[(q->head + q->size++) % q->cap] = f;
    q->flits += f.flits;
}

static inline rflight *rqueue_head(const rqueue *q)
{
    return q->size ? &q->q[q->head] : NULL;
}

static inline void rqueue_pop(rqueue *q)
{
    q->flits -= q->q[q->head].flits;
    q->head = (q->head + 1) % q->cap;
    q->size--;
}

static inline int rqueue_room(const rqueue *q, uint32_t flits)
{
    return q->flits + flits <= q->flit_cap;
}

#endif
