/* test_gpu_icnt_topo.c - the ring's and the mesh's geometry (icnt_topo.h) and a lone
 * packet's latency through them (icnt_router.h), every number derived by hand:
 * nodes are numbered round the ring, or row by row (node = y * width + x), the memory
 * partitions sit at floor((2k + 1) * endpoints / (2 * memories)), and a packet crossing
 * H links arrives (H + 1) * hop_latency + ceil(flits / flits_per_cycle) cycles after it
 * was pushed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gpu/icnt.h"
#include "gpu/icnt_topo.h"

/* 32 cores and 8 partitions on a ring of 40: 2 hops clockwise to node 2, 3 the other
 * way to node 37, and a tie (20 either way) goes clockwise. */
static void ring_routes(void **state)
{
    (void)state;
    icnt_topo t;
    icnt_topo_init(&t, GPU_TOPO_RING, 32, 8);
    assert_int_equal(t.nodes, 40);
    assert_int_equal(t.ports, 3);
    assert_int_equal(icnt_topo_hops(&t, 0, 2), 2);
    assert_int_equal(icnt_topo_route(&t, 0, 2), 1);
    assert_int_equal(icnt_topo_hops(&t, 0, 37), 3);
    assert_int_equal(icnt_topo_route(&t, 0, 37), 2);
    assert_int_equal(icnt_topo_next(&t, 0, 2), 39);
    assert_int_equal(icnt_topo_hops(&t, 0, 20), 20);
    assert_int_equal(icnt_topo_route(&t, 0, 20), 1);
    assert_int_equal(icnt_topo_route(&t, 5, 5), ICNT_PORT_LOCAL);
    assert_int_equal(icnt_topo_next(&t, 39, 1), 0);
    /* The dateline lies between node 39 and node 0, crossed either way. */
    assert_true(icnt_topo_dateline(&t, 39, 1));
    assert_true(icnt_topo_dateline(&t, 0, 2));
    assert_false(icnt_topo_dateline(&t, 0, 1));
    assert_false(icnt_topo_dateline(&t, 39, 2));
}

/* Follow the route from src to dst, writing the nodes after src. */
static uint32_t walk(const icnt_topo *t, uint32_t src, uint32_t dst, uint32_t *path)
{
    uint32_t n = 0, at = src, port;
    while ((port = icnt_topo_route(t, at, dst)) != ICNT_PORT_LOCAL && n < 64) {
        at = icnt_topo_next(t, at, port);
        path[n++] = at;
    }
    return n;
}

/* 40 endpoints on a mesh 7 wide and 6 high: X first, then Y. */
static void mesh_dimension_order(void **state)
{
    (void)state;
    icnt_topo t;
    icnt_topo_init(&t, GPU_TOPO_MESH, 32, 8);
    assert_int_equal(t.width, 7);
    assert_int_equal(t.height, 6);
    assert_int_equal(t.nodes, 42);
    assert_int_equal(t.ports, 5);
    uint32_t path[64];
    const uint32_t there[] = {1, 2, 3, 4, 5, 12, 19, 26, 33, 40}; /* (0,0) to (5,5) */
    assert_int_equal(walk(&t, 0, 40, path), 10);
    assert_memory_equal(path, there, sizeof there);
    const uint32_t back[] = {39, 38, 37, 36, 35, 28, 21, 14, 7, 0};
    assert_int_equal(walk(&t, 40, 0, path), 10);
    assert_memory_equal(path, back, sizeof back);
    assert_int_equal(icnt_topo_hops(&t, 0, 40), 10);
    assert_int_equal(icnt_topo_hops(&t, 9, 15), 1 + 1); /* (2,1) to (1,2) */
    assert_int_equal(icnt_topo_route(&t, 9, 15), 2);     /* west first */
    assert_int_equal(icnt_topo_entry_port(1), 2);
    assert_int_equal(icnt_topo_entry_port(4), 3);
    assert_false(icnt_topo_dateline(&t, 6, 1));
}

/* The thesis' 28 cores and 8 partitions fill a 6 x 6 mesh; 32 + 8 leave two nodes. */
static void placement(void **state)
{
    (void)state;
    icnt_topo t;
    icnt_topo_init(&t, GPU_TOPO_MESH, 28, 8);
    assert_int_equal(t.nodes, 36);
    const uint32_t mem36[] = {2, 6, 11, 15, 20, 24, 29, 33};
    for (uint32_t k = 0; k < 8; k++)
        assert_int_equal(icnt_topo_memory_node(&t, k), mem36[k]);
    assert_int_equal(icnt_topo_core_node(&t, 0), 0);
    assert_int_equal(icnt_topo_core_node(&t, 2), 3);
    assert_int_equal(icnt_topo_core_node(&t, 27), 35);
    icnt_topo_init(&t, GPU_TOPO_RING, 32, 8);
    for (uint32_t k = 0; k < 8; k++) /* every fifth node from 2 */
        assert_int_equal(icnt_topo_memory_node(&t, k), 2 + 5 * k);
    assert_int_equal(icnt_topo_core_node(&t, 31), 39);
}

static gpu_icnt *net(unsigned topology, uint32_t inputs, uint32_t outputs, unsigned memory_in,
                     uint32_t vcs, uint32_t hop)
{
    gpu_icnt_params p = {.inputs = inputs, .outputs = outputs, .flit_bytes = 32,
                         .flits_per_cycle = 1, .latency = 99, .input_flits = 16,
                         .output_flits = 16, .topology = topology, .vcs = vcs,
                         .hop_latency = hop, .memory_inputs = memory_in};
    gpu_icnt *n = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_icnt_new(&n, &p, &err), HAMM_OK);
    return n;
}

/* The cycle packet p (pushed at input `in` before cycle 0) can first be taken. */
static uint64_t arrival(gpu_icnt *n, uint32_t in, uint32_t out, uint32_t bytes)
{
    gpu_packet p = {.addr = 0x40, .bytes = bytes};
    assert_true(gpu_icnt_push(n, in, out, &p, bytes));
    for (uint64_t t = 0; t < 200; t++) {
        gpu_icnt_cycle(n, t);
        if (gpu_icnt_peek(n, out, t, &p)) {
            gpu_icnt_pop(n, out);
            assert_true(gpu_icnt_empty(n));
            return t;
        }
    }
    fail();
    return 0;
}

/* 4 cores and 1 partition: a 3 x 2 mesh, the partition at node 2 = (2,0), the cores at
 * nodes 0, 1, 3, 4.  Hop latency 3, 64-byte packets of 2 flits. */
static void mesh_latency(void **state)
{
    (void)state;
    const uint64_t want[4] = {(2 + 1) * 3 + 2,  /* node 0: 2 hops east */
                              (1 + 1) * 3 + 2,  /* node 1: 1 hop */
                              (3 + 1) * 3 + 2,  /* node 3 = (0,1): 2 east, 1 north */
                              (2 + 1) * 3 + 2}; /* node 4 = (1,1): 1 east, 1 north */
    for (uint32_t i = 0; i < 4; i++) {
        gpu_icnt *n = net(GPU_TOPO_MESH, 4, 1, 0, 1, 3);
        assert_int_equal(arrival(n, i, 0, 64), want[i]);
        assert_int_equal(gpu_icnt_stats_of(n)->hops, want[i] == 11 ? 2 : want[i] == 8 ? 1 : 3);
        gpu_icnt_free(n);
    }
}

/* 3 cores and 1 partition on a ring of 4: the partition at node 2, the cores at 0, 1, 3.
 * Hop latency 1, 1-flit packets; replies go the other way on the same nodes. */
static void ring_latency(void **state)
{
    (void)state;
    const uint64_t want[3] = {3 * 1 + 1, 2 * 1 + 1, 2 * 1 + 1}; /* 2, 1, 1 hops */
    for (uint32_t i = 0; i < 3; i++) {
        gpu_icnt *n = net(GPU_TOPO_RING, 3, 1, 0, 2, 1);
        assert_int_equal(arrival(n, i, 0, 32), want[i]);
        gpu_icnt_free(n);
        n = net(GPU_TOPO_RING, 1, 3, 1, 2, 1); /* reply: partition 0 to core i */
        assert_int_equal(arrival(n, 0, i, 32), want[i]);
        gpu_icnt_free(n);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ring_routes),  cmocka_unit_test(mesh_dimension_order),
        cmocka_unit_test(placement),    cmocka_unit_test(mesh_latency),
        cmocka_unit_test(ring_latency),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
