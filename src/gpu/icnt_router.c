/* icnt_router.c - the ring and mesh networks' buffers, placement and endpoints: set-up,
 * injection and ejection (icnt_router.h; the allocators are in icnt_switch.c). */
#include <stdlib.h>

#include "common/alloc.h"
#include "icnt_router_internal.h"

/* What a ring or mesh needs beyond gpu_icnt_new's checks (gpu_icnt_check_vcs among them). */
static hamm_status check_router_params(const gpu_icnt_params *p, hamm_error *err)
{
    if (!p->vcs)
        return hamm_error_field(err, HAMM_ERR_CONFIG, "interconnect.vcs",
                                "at least 1 virtual channel");
    if (!p->hop_latency)
        return hamm_error_field(err, HAMM_ERR_CONFIG, "interconnect.hop_latency",
                                "a router takes at least 1 cycle");
    return HAMM_OK;
}

static int queue_init(rqueue *q, uint32_t flit_cap)
{
    q->q = hamm_calloc_array(flit_cap, sizeof *q->q);
    q->cap = q->flit_cap = flit_cap;
    return q->q != NULL;
}

/* Where each input and output sits: cores and partitions as icnt_topo.h places them. */
static void place(gpu_rnet *n)
{
    const gpu_icnt_params *p = &n->p;
    for (uint32_t i = 0; i < p->inputs; i++)
        n->in_node[i] = p->memory_inputs ? icnt_topo_memory_node(&n->t, i)
                                         : icnt_topo_core_node(&n->t, i);
    for (uint32_t o = 0; o < p->outputs; o++)
        n->out_node[o] = p->memory_inputs ? icnt_topo_core_node(&n->t, o)
                                          : icnt_topo_memory_node(&n->t, o);
}

static int alloc_routers(gpu_rnet *n)
{
    size_t nodes = n->t.nodes, ports = nodes * n->t.ports;
    n->vc = hamm_calloc_array(nodes * n->slots, sizeof *n->vc);
    n->eject = hamm_calloc_array(n->p.outputs, sizeof *n->eject);
    n->in_busy = hamm_calloc_array(ports, sizeof *n->in_busy);
    n->out_busy = hamm_calloc_array(ports, sizeof *n->out_busy);
    n->last_grant = hamm_calloc_array(ports, sizeof *n->last_grant);
    n->held = hamm_calloc_array(ports, sizeof *n->held);
    n->held_bank = hamm_calloc_array(ports, sizeof *n->held_bank);
    n->held_row = hamm_calloc_array(ports, sizeof *n->held_row);
    n->in_node = hamm_calloc_array(n->p.inputs, sizeof *n->in_node);
    n->out_node = hamm_calloc_array(n->p.outputs, sizeof *n->out_node);
    if (!n->vc || !n->eject || !n->in_busy || !n->out_busy || !n->last_grant || !n->held ||
        !n->held_bank || !n->held_row || !n->in_node || !n->out_node)
        return 0;
    for (size_t s = 0; s < nodes * n->slots; s++)
        if (!queue_init(&n->vc[s], n->p.input_flits))
            return 0;
    for (uint32_t o = 0; o < n->p.outputs; o++)
        if (!queue_init(&n->eject[o], n->p.output_flits))
            return 0;
    for (size_t k = 0; k < ports; k++) {
        n->last_grant[k] = n->slots - 1; /* slot 0 first */
        n->held[k] = n->slots;
    }
    return 1;
}

uint64_t gpu_rnet_bytes(const gpu_icnt_params *p)
{
    const gpu_rnet *n = NULL; /* for the sizes of its arrays' elements */
    icnt_topo t;
    uint32_t memories = p->memory_inputs ? p->inputs : p->outputs;
    icnt_topo_init(&t, p->topology, p->inputs + p->outputs - memories, memories);
    uint64_t ports = (uint64_t)t.nodes * t.ports, slots = ports * p->vcs;
    return sizeof *n + slots * (sizeof *n->vc + (uint64_t)p->input_flits * sizeof *n->vc->q) +
           p->outputs * (sizeof *n->eject + (uint64_t)p->output_flits * sizeof *n->eject->q) +
           ports * (sizeof *n->in_busy + sizeof *n->out_busy + sizeof *n->last_grant +
                    sizeof *n->held + sizeof *n->held_bank + sizeof *n->held_row) +
           (uint64_t)p->inputs * sizeof *n->in_node + (uint64_t)p->outputs * sizeof *n->out_node;
}

hamm_status gpu_rnet_new(gpu_rnet **out, const gpu_icnt_params *p, hamm_error *err)
{
    *out = NULL;
    hamm_status st = check_router_params(p, err);
    if (st)
        return st;
    gpu_rnet *n = calloc(1, sizeof *n);
    if (!n)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory for the interconnect");
    n->p = *p;
    uint32_t memories = p->memory_inputs ? p->inputs : p->outputs;
    icnt_topo_init(&n->t, p->topology, p->inputs + p->outputs - memories, memories);
    n->slots = n->t.ports * p->vcs;
    n->classes = p->topology == GPU_TOPO_RING ? 2 : 1;
    n->rng = p->seed | 1; /* xorshift needs a non-zero state */
    if (!alloc_routers(n)) {
        gpu_rnet_free(n);
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory for the interconnect");
    }
    place(n);
    *out = n;
    return HAMM_OK;
}

void gpu_rnet_free(gpu_rnet *n)
{
    if (!n)
        return;
    for (size_t s = 0; n->vc && s < (size_t)n->t.nodes * n->slots; s++)
        free(n->vc[s].q);
    for (uint32_t o = 0; n->eject && o < n->p.outputs; o++)
        free(n->eject[o].q);
    free(n->vc);
    free(n->eject);
    free(n->in_busy);
    free(n->out_busy);
    free(n->last_grant);
    free(n->held);
    free(n->held_bank);
    free(n->held_row);
    free(n->in_node);
    free(n->out_node);
    free(n);
}

int gpu_rnet_push(gpu_rnet *n, uint32_t in, uint32_t out, const gpu_packet *p, uint32_t flits)
{
    uint32_t node = n->in_node[in];
    rqueue *q = &n->vc[(size_t)node * n->slots]; /* the local port's VC 0 */
    if (!rqueue_room(q, flits)) {
        n->st.blocked_pushes++;
        return 0;
    }
    uint32_t dst = n->out_node[out];
    rqueue_push(q, (rflight){.p = *p, .flits = flits, .dst = dst, .out = out,
                             .port = icnt_topo_route(&n->t, node, dst)});
    n->packets_in++;
    return 1;
}

int gpu_rnet_peek(const gpu_rnet *n, uint32_t out, uint64_t now, gpu_packet *p)
{
    const rflight *h = rqueue_head(&n->eject[out]);
    if (!h || h->ready > now)
        return 0;
    *p = h->p;
    return 1;
}

void gpu_rnet_pop(gpu_rnet *n, uint32_t out)
{
    if (!n->eject[out].size)
        return;
    rqueue_pop(&n->eject[out]);
    n->packets_in--;
}

int gpu_rnet_empty(const gpu_rnet *n)
{
    return n->packets_in == 0;
}

const gpu_icnt_stats *gpu_rnet_stats(const gpu_rnet *n)
{
    return &n->st;
}
