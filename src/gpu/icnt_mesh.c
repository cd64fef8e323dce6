/* icnt_mesh.c - a 2-D mesh's dimension-order routes: along X to the destination's
 * column, then along Y (icnt_topo.h).  With every packet turning only from X to Y, no
 * cycle of links can wait on itself, so the mesh needs no extra VC classes. */
#include "icnt_topo.h"

uint32_t gpu_icnt_mesh_route(uint32_t width, uint32_t at, uint32_t dst)
{
    uint32_t x = at % width, y = at / width, dx = dst % width, dy = dst / width;
    if (dx != x)
        return dx > x ? 1u : 2u;
    if (dy != y)
        return dy > y ? 3u : 4u;
    return ICNT_PORT_LOCAL;
}

uint32_t gpu_icnt_mesh_next(uint32_t width, uint32_t at, uint32_t port)
{
    switch (port) {
    case 1:
        return at + 1;
    case 2:
        return at - 1;
    case 3:
        return at + width;
    case 4:
        return at - width;
    }
    return at;
}

static uint32_t distance(uint32_t a, uint32_t b)
{
    return a > b ? a - b : b - a;
}

uint32_t gpu_icnt_mesh_hops(uint32_t width, uint32_t src, uint32_t dst)
{
    return distance(src % width, dst % width) + distance(src / width, dst / width);
}
