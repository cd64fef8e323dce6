/* icnt_topo.h - the geometry of the ring and mesh networks: which node each core and
 * memory partition sits on, each router's ports, and the route a packet takes
 * (docs/ICNT-HOLD.md, "Ring and mesh").
 *
 * Nodes are numbered 0 to nodes - 1: round the ring, or row by row on a mesh of `width`
 * columns (node = y * width + x).  Port 0 of every router is its local port (injection
 * from and ejection to the endpoint on that node).  Ring: port 1 leads to node + 1
 * (clockwise), port 2 to node - 1.  Mesh: port 1 to x + 1 (east), 2 to x - 1 (west),
 * 3 to y + 1 (south), 4 to y - 1 (north).  A link leaves by port p and enters the next
 * router by the opposite port (1 <-> 2, 3 <-> 4). */
#ifndef HAMM_GPU_ICNT_TOPO_H
#define HAMM_GPU_ICNT_TOPO_H

#include <stdint.h>

#define ICNT_PORT_LOCAL 0u

typedef struct icnt_topo {
    unsigned kind;          /* gpu_icnt_topology: ring or mesh */
    uint32_t nodes, ports;  /* routers, and ports per router (local included) */
    uint32_t width, height; /* mesh columns and rows (ring: nodes x 1) */
    uint32_t endpoints, memories; /* cores + memory partitions; memory partitions */
} icnt_topo;

/* Lay out `cores` cores and `memories` partitions: a ring of cores + memories nodes, or
 * the smallest mesh at least as wide as tall that holds them (width ceil(sqrt(n))). */
void icnt_topo_init(icnt_topo *t, unsigned kind, uint32_t cores, uint32_t memories);
/* The node of memory partition k, and of core i: the partitions spread evenly over the
 * endpoints' nodes in node order (k at floor((2k + 1) * endpoints / (2 * memories))), the
 * cores on the other nodes in order. */
uint32_t icnt_topo_memory_node(const icnt_topo *t, uint32_t k);
uint32_t icnt_topo_core_node(const icnt_topo *t, uint32_t i);
/* The port a packet at node `at` bound for node `dst` leaves by (ICNT_PORT_LOCAL there). */
uint32_t icnt_topo_route(const icnt_topo *t, uint32_t at, uint32_t dst);
/* The node port `port` of node `at` leads to. */
uint32_t icnt_topo_next(const icnt_topo *t, uint32_t at, uint32_t port);
/* The port a link leaving by `port` enters the next router by. */
uint32_t icnt_topo_entry_port(uint32_t port);
/* Router-to-router links from src to dst along the route. */
uint32_t icnt_topo_hops(const icnt_topo *t, uint32_t src, uint32_t dst);
/* 1 when the link leaving `at` by `port` crosses the ring's dateline (between node
 * nodes - 1 and node 0, either way): packets switch to the second VC class there. */
int icnt_topo_dateline(const icnt_topo *t, uint32_t at, uint32_t port);

/* The two shapes (icnt_ring.c, icnt_mesh.c). */
uint32_t gpu_icnt_ring_route(uint32_t nodes, uint32_t at, uint32_t dst);
uint32_t gpu_icnt_ring_next(uint32_t nodes, uint32_t at, uint32_t port);
uint32_t gpu_icnt_ring_hops(uint32_t nodes, uint32_t src, uint32_t dst);
int gpu_icnt_ring_dateline(uint32_t nodes, uint32_t at, uint32_t port);
uint32_t gpu_icnt_mesh_route(uint32_t width, uint32_t at, uint32_t dst);
uint32_t gpu_icnt_mesh_next(uint32_t width, uint32_t at, uint32_t port);
uint32_t gpu_icnt_mesh_hops(uint32_t width, uint32_t src, uint32_t dst);

#endif
