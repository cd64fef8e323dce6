/* icnt_ring.c - a bidirectional ring's routes: the shorter way round (clockwise on a tie),
 * and the dateline between the last node and node 0 (icnt_topo.h). */
#include "icnt_topo.h"

/* Clockwise distance from a to b. */
static uint32_t clockwise(uint32_t nodes, uint32_t a, uint32_t b)
{
    return (b + nodes - a) % nodes;
}

uint32_t gpu_icnt_ring_route(uint32_t nodes, uint32_t at, uint32_t dst)
{
    uint32_t d = clockwise(nodes, at, dst);
    if (!d)
        return ICNT_PORT_LOCAL;
    /* A packet that goes clockwise keeps d <= nodes / 2 at every node after, one that goes
     * the other way keeps d > nodes / 2: it never turns back. */
    return d <= nodes / 2 ? 1u : 2u;
}

uint32_t gpu_icnt_ring_next(uint32_t nodes, uint32_t at, uint32_t port)
{
    return port == 1 ? (at + 1) % nodes : (at + nodes - 1) % nodes;
}

uint32_t gpu_icnt_ring_hops(uint32_t nodes, uint32_t src, uint32_t dst)
{
    uint32_t d = clockwise(nodes, src, dst);
    return d <= nodes / 2 ? d : nodes - d;
}

int gpu_icnt_ring_dateline(uint32_t nodes, uint32_t at, uint32_t port)
{
    return (port == 1 && at == nodes - 1) || (port == 2 && at == 0);
}
