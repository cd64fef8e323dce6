/* test_gpu_icnt_router.c - the ring and mesh routers (icnt_router.h): grant holding on a
 * mesh router's output, no packet lost, duplicated or stuck under a saturating
 * all-to-all load, streams kept in order by static VC assignment, and bad parameters
 * refused naming the field.  Expectations derived by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gpu/icnt.h"

static gpu_icnt_params mesh_params(unsigned hold)
{
    /* 4 cores and 1 partition: a 3 x 2 mesh, the partition at node 2 = (2,0), cores 0
     * and 1 at nodes 0 and 1, both on the way east to it. */
    return (gpu_icnt_params){.inputs = 4, .outputs = 1, .flit_bytes = 32,
                             .flits_per_cycle = 1, .input_flits = 16, .output_flits = 16,
                             .hold = hold, .hash_bits = 4, .topology = GPU_TOPO_MESH,
                             .vcs = 1, .hop_latency = 1};
}

static void push(gpu_icnt *n, uint32_t in, uint64_t addr, uint32_t row)
{
    gpu_packet p = {.addr = addr, .bytes = 32, .row = row};
    assert_true(gpu_icnt_push(n, in, 0, &p, 32));
}

/* Core 0 sends A0, A1, A2 (one row) before cycle 0; core 1 sends B0 (another row) before
 * cycle 2.  Node 1's east output grants A0 at cycle 1 (from its west input); at cycle 2
 * A1 (arrived from node 0 at 2) and B0 (local) both want it.  Round-robin after the west
 * input (slot 2) tries slots 3, 4, 0: B0.  HG keeps the west input: A1, then A2, then B0.
 * Holds under HG: node 0 east at cycles 1 and 2 (A1, A2), node 1 east at 2 and 3 (A1,
 * A2), node 2's local output at 3, 4 and 5 (A1, A2, B0 all from its west input): 7.
 * RMHG does not keep B0 at node 2 (another row): 6. */
static void check_hold(unsigned hold, const uint64_t *want, uint64_t held)
{
    gpu_icnt_params p = mesh_params(hold);
    gpu_icnt *n = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_icnt_new(&n, &p, &err), HAMM_OK);
    push(n, 0, 0xA0, 7);
    push(n, 0, 0xA1, 7);
    push(n, 0, 0xA2, 7);
    for (uint64_t t = 0; t < 20; t++) {
        if (t == 2)
            push(n, 1, 0xB0, 9);
        gpu_icnt_cycle(n, t);
    }
    for (uint32_t k = 0; k < 4; k++) {
        gpu_packet got;
        assert_true(gpu_icnt_peek(n, 0, 20, &got));
        assert_int_equal(got.addr, want[k]);
        gpu_icnt_pop(n, 0);
    }
    assert_true(gpu_icnt_empty(n));
    assert_int_equal(gpu_icnt_stats_of(n)->held_grants, held);
    gpu_icnt_free(n);
}

static void mesh_hold(void **state)
{
    (void)state;
    const uint64_t none[] = {0xA0, 0xB0, 0xA1, 0xA2};
    const uint64_t kept[] = {0xA0, 0xA1, 0xA2, 0xB0};
    check_hold(GPU_HOLD_NONE, none, 0);
    check_hold(GPU_HOLD_GRANT, kept, 7);
    check_hold(GPU_HOLD_ROW, kept, 6);
}

/* Every input sends to every output in turn, as fast as its buffer takes, packets of 1
 * or 5 flits; every output takes at most one packet a cycle.  After `inject` cycles the
 * sources stop; the network must then drain within `drain` cycles with every packet
 * delivered exactly once, and with static VCs each source's packets to one destination
 * in the order sent. */
static void saturate(gpu_icnt_params p, uint32_t inject, uint32_t drain)
{
    gpu_icnt *n = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_icnt_new(&n, &p, &err), HAMM_OK);
    uint32_t I = p.inputs, O = p.outputs, sent = 0, got = 0;
    uint32_t *next = calloc(I, sizeof *next), *seq = calloc((size_t)I * O, sizeof *seq);
    uint32_t *last = calloc((size_t)I * O, sizeof *last);
    uint8_t *seen = calloc((size_t)inject * I + 1, 1);
    assert_non_null(next && seq && last && seen);
    uint64_t t = 0;
    for (; t < (uint64_t)inject + drain && (t < inject || !gpu_icnt_empty(n)); t++) {
        for (uint32_t i = 0; t < inject && i < I; i++) {
            uint32_t o = next[i] % O, bytes = next[i] % 3 ? 8 : 136;
            gpu_packet pk = {.addr = sent, .bytes = bytes, .core = (uint16_t)i,
                             .row = ++seq[(size_t)i * O + o]};
            if (gpu_icnt_push(n, i, o, &pk, bytes)) {
                sent++;
                next[i]++;
            }
        }
        gpu_icnt_cycle(n, t);
        for (uint32_t o = 0; o < O; o++) {
            gpu_packet pk;
            if (!gpu_icnt_peek(n, o, t, &pk))
                continue;
            gpu_icnt_pop(n, o);
            assert_true(pk.addr < sent);
            assert_int_equal(seen[pk.addr], 0); /* (cmocka may evaluate it twice) */
            seen[pk.addr] = 1;
            uint32_t *l = &last[(size_t)pk.core * O + o];
            if (p.vc_assign == GPU_VC_STATIC)
                assert_true(pk.row > *l);
            *l = pk.row;
            got++;
        }
    }
    assert_true(gpu_icnt_empty(n)); /* drained within the bound: no deadlock */
    assert_int_equal(got, sent);
    assert_true(sent > inject); /* the load was real */
    assert_int_equal(gpu_icnt_stats_of(n)->packets, sent);
    free(next);
    free(seq);
    free(last);
    free(seen);
    gpu_icnt_free(n);
}

static gpu_icnt_params all_to_all(unsigned topology, uint32_t vcs, unsigned assign,
                                  unsigned memory_in)
{
    /* 28 cores and 8 partitions: a 6 x 6 mesh or a ring of 36; small buffers (a 5-flit
     * packet fits a VC once) so back-pressure reaches the sources. */
    uint32_t cores = 28, mems = 8;
    return (gpu_icnt_params){.inputs = memory_in ? mems : cores,
                             .outputs = memory_in ? cores : mems, .flit_bytes = 32,
                             .flits_per_cycle = 1, .input_flits = 6, .output_flits = 6,
                             .hold = GPU_HOLD_GRANT, .topology = topology, .vcs = vcs,
                             .vc_assign = assign, .hop_latency = 2,
                             .memory_inputs = memory_in};
}

static void no_deadlock(void **state)
{
    (void)state;
    for (unsigned memory_in = 0; memory_in < 2; memory_in++) {
        saturate(all_to_all(GPU_TOPO_MESH, 1, GPU_VC_STATIC, memory_in), 3000, 20000);
        saturate(all_to_all(GPU_TOPO_MESH, 4, GPU_VC_DYNAMIC, memory_in), 3000, 20000);
        saturate(all_to_all(GPU_TOPO_MESH, 4, GPU_VC_STATIC, memory_in), 3000, 20000);
        saturate(all_to_all(GPU_TOPO_RING, 2, GPU_VC_STATIC, memory_in), 3000, 20000);
        saturate(all_to_all(GPU_TOPO_RING, 4, GPU_VC_DYNAMIC, memory_in), 3000, 20000);
        saturate(all_to_all(GPU_TOPO_RING, 4, GPU_VC_STATIC, memory_in), 3000, 20000);
    }
    gpu_icnt_params pim = all_to_all(GPU_TOPO_MESH, 2, GPU_VC_DYNAMIC, 0);
    pim.arbiter = GPU_ARB_PIM;
    pim.hold = GPU_HOLD_ROW_HASH;
    pim.hash_bits = 4;
    saturate(pim, 3000, 20000);
}

static void refused(gpu_icnt_params p, const char *field)
{
    gpu_icnt *n = NULL;
    hamm_error err = {0};
    assert_int_equal(gpu_icnt_new(&n, &p, &err), HAMM_ERR_CONFIG);
    assert_null(n);
    assert_string_equal(err.field, field);
}

static void bad_params(void **state)
{
    (void)state;
    gpu_icnt_params p = mesh_params(GPU_HOLD_NONE);
    p.vcs = 0;
    refused(p, "interconnect.vcs");
    p.topology = GPU_TOPO_RING;
    p.vcs = 3; /* the dateline needs two equal halves */
    refused(p, "interconnect.vcs");
    p.vcs = 2;
    p.hop_latency = 0;
    refused(p, "interconnect.hop_latency");
    p.topology = GPU_TOPO_CROSSBAR;
    p.hop_latency = 1; /* the crossbar has no virtual channels */
    refused(p, "interconnect.vcs");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mesh_hold),
        cmocka_unit_test(no_deadlock),
        cmocka_unit_test(bad_params),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
