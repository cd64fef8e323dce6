/* icnt_topo.c - the ring's and the mesh's shape and the placement of cores and memory
 * partitions on their nodes (icnt_topo.h). */
#include "icnt.h"
#include "icnt_topo.h"

void icnt_topo_init(icnt_topo *t, unsigned kind, uint32_t cores, uint32_t memories)
{
    uint32_t n = cores + memories, w = 1;
    while (w * w < n)
        w++;
    *t = (icnt_topo){.kind = kind, .endpoints = n, .memories = memories};
    if (kind == GPU_TOPO_MESH) {
        t->width = w;
        t->height = (n + w - 1) / w;
        t->nodes = t->width * t->height; /* the last row may have routers without endpoints */
        t->ports = 5;
    } else {
        t->width = t->nodes = n;
        t->height = 1;
        t->ports = 3;
    }
}

uint32_t icnt_topo_memory_node(const icnt_topo *t, uint32_t k)
{
    return (uint32_t)(((uint64_t)2 * k + 1) * t->endpoints / (2 * (uint64_t)t->memories));
}

uint32_t icnt_topo_core_node(const icnt_topo *t, uint32_t i)
{
    /* Partition nodes rise with k, so walk the nodes once, skipping them. */
    uint32_t k = 0;
    for (uint32_t node = 0; node < t->endpoints; node++) {
        if (k < t->memories && icnt_topo_memory_node(t, k) == node) {
            k++;
            continue;
        }
        if (i-- == 0)
            return node;
    }
    return t->endpoints; /* more cores than places: a caller's error */
}

uint32_t icnt_topo_route(const icnt_topo *t, uint32_t at, uint32_t dst)
{
    return t->kind == GPU_TOPO_MESH ? gpu_icnt_mesh_route(t->width, at, dst)
                                    : gpu_icnt_ring_route(t->nodes, at, dst);
}

uint32_t icnt_topo_next(const icnt_topo *t, uint32_t at, uint32_t port)
{
    return t->kind == GPU_TOPO_MESH ? gpu_icnt_mesh_next(t->width, at, port)
                                    : gpu_icnt_ring_next(t->nodes, at, port);
}

uint32_t icnt_topo_entry_port(uint32_t port)
{
    return port & 1u ? port + 1 : port - 1; /* 1 <-> 2, 3 <-> 4 */
}

uint32_t icnt_topo_hops(const icnt_topo *t, uint32_t src, uint32_t dst)
{
    return t->kind == GPU_TOPO_MESH ? gpu_icnt_mesh_hops(t->width, src, dst)
                                    : gpu_icnt_ring_hops(t->nodes, src, dst);
}

int icnt_topo_dateline(const icnt_topo *t, uint32_t at, uint32_t port)
{
    return t->kind == GPU_TOPO_RING && gpu_icnt_ring_dateline(t->nodes, at, port);
}
