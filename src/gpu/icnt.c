/* icnt.c - one direction of the crossbar: input buffers, a round-robin or PIM separable
 * allocator with optional grant holding, serialisation by flits, a fixed latency, and
 * output buffers reserved at the grant (icnt.h).  A ring or a mesh is handed to the
 * router network (icnt_router.c) whole. */
#include <stdlib.h>

#include "common/alloc.h"
#include "icnt.h"
#include "icnt_router.h"

const char *const gpu_icnt_arbiter_names[2] = {[GPU_ARB_ROUND_ROBIN] = "round-robin",
                                               [GPU_ARB_PIM] = "pim"};
const char *const gpu_icnt_hold_names[4] = {[GPU_HOLD_NONE] = "none", [GPU_HOLD_GRANT] = "hg",
                                            [GPU_HOLD_ROW] = "rmhg",
                                            [GPU_HOLD_ROW_HASH] = "hmhg"};
const char *const gpu_icnt_topology_names[3] = {
    [GPU_TOPO_CROSSBAR] = "crossbar", [GPU_TOPO_RING] = "ring", [GPU_TOPO_MESH] = "mesh"};
const char *const gpu_icnt_vc_assign_names[2] = {[GPU_VC_DYNAMIC] = "dynamic",
                                                 [GPU_VC_STATIC] = "static"};

typedef struct flight {
    gpu_packet p;
    uint32_t flits, out;
    uint64_t ready; /* cycle it arrives at its output */
} flight;

/* A ring of packets holding at most `flit_cap` flits. */
typedef struct port_queue {
    flight *q;
    uint32_t cap, head, size, flits, flit_cap;
} port_queue;

struct gpu_icnt {
    gpu_icnt_params p;
    port_queue *in, *out;
    uint64_t *in_busy, *out_busy; /* first cycle each port is free */
    uint32_t *last_grant;         /* per output: the input it granted last */
    uint32_t *heads_for;          /* per output: input queues whose head packet wants it */
    uint32_t *held;               /* per output: the input whose grant it holds (inputs: none) */
    uint32_t *held_bank, *held_row; /* ... and the DRAM bank and row of that grant */
    uint64_t rng;                 /* PIM's generator state */
    gpu_icnt_stats st;
    gpu_rnet *net;                /* a ring or a mesh: everything is there */
};

static int queue_init(port_queue *q, uint32_t flit_cap)
{
    q->q = hamm_calloc_array(flit_cap, sizeof *q->q);
    q->cap = q->flit_cap = flit_cap;
    return q->q != NULL;
}

static void queue_push(port_queue *q, flight f)
{
    q->q[(q->head + q->size++) % q->cap] = f;
    q->flits += f.flits;
}

static flight *queue_head(const port_queue *q)
{
    return q->size ? &q->q[q->head] : NULL;
}

static void queue_pop(port_queue *q)
{
    q->flits -= q->q[q->head].flits;
    q->head = (q->head + 1) % q->cap;
    q->size--;
}

hamm_status gpu_icnt_check_vcs(unsigned topology, uint32_t vcs, hamm_error *err)
{
    if (topology == GPU_TOPO_RING && vcs % 2)
        return hamm_error_field(err, HAMM_ERR_CONFIG, "interconnect.vcs",
                                "vcs %u: a ring needs an even number of virtual channels (2 or "
                                "more), half before its dateline and half after",
                                vcs);
    if (topology == GPU_TOPO_CROSSBAR && vcs > 1)
        return hamm_error_field(err, HAMM_ERR_CONFIG, "interconnect.vcs",
                                "vcs %u: the crossbar has no virtual channels (vcs applies to a "
                                "ring or a mesh; set 1)",
                                vcs);
    return HAMM_OK;
}

static hamm_status check_params(const gpu_icnt_params *p, hamm_error *err)
{
    const char *bad = !p->inputs            ? "inputs"
                      : !p->outputs         ? "outputs"
                      : !p->flit_bytes      ? "flit_bytes"
                      : !p->flits_per_cycle ? "flits_per_cycle"
                      : !p->input_flits     ? "input_flits"
                      : !p->output_flits    ? "output_flits"
                      : p->hold == GPU_HOLD_ROW_HASH && (!p->hash_bits || p->hash_bits > 32)
                          ? "hold_hash_bits"
                          : NULL;
    if (!bad)
        return gpu_icnt_check_vcs(p->topology, p->vcs, err);
    return hamm_error_field(err, HAMM_ERR_CONFIG, bad, "interconnect: every count must be at "
                                                       "least 1");
}

uint64_t gpu_icnt_bytes(const gpu_icnt_params *p)
{
    if (p->topology != GPU_TOPO_CROSSBAR)
        return gpu_rnet_bytes(p);
    const gpu_icnt *n = NULL; /* for the sizes of its arrays' elements */
    uint64_t per_output = sizeof *n->out + sizeof *n->out_busy + sizeof *n->last_grant +
                          sizeof *n->heads_for + sizeof *n->held + sizeof *n->held_bank +
                          sizeof *n->held_row + (uint64_t)p->output_flits * sizeof *n->out->q;
    return sizeof *n + p->inputs * (sizeof *n->in + sizeof *n->in_busy +
                                    (uint64_t)p->input_flits * sizeof *n->in->q) +
           p->outputs * per_output;
}

static int alloc_ports(gpu_icnt *n)
{
    n->in = hamm_calloc_array(n->p.inputs, sizeof *n->in);
    n->out = hamm_calloc_array(n->p.outputs, sizeof *n->out);
    n->in_busy = hamm_calloc_array(n->p.inputs, sizeof *n->in_busy);
    n->out_busy = hamm_calloc_array(n->p.outputs, sizeof *n->out_busy);
    n->last_grant = hamm_calloc_array(n->p.outputs, sizeof *n->last_grant);
    n->heads_for = hamm_calloc_array(n->p.outputs, sizeof *n->heads_for);
    n->held = hamm_calloc_array(n->p.outputs, sizeof *n->held);
    n->held_bank = hamm_calloc_array(n->p.outputs, sizeof *n->held_bank);
    n->held_row = hamm_calloc_array(n->p.outputs, sizeof *n->held_row);
    if (!n->in || !n->out || !n->in_busy || !n->out_busy || !n->last_grant || !n->heads_for ||
        !n->held || !n->held_bank || !n->held_row)
        return 0;
    for (uint32_t i = 0; i < n->p.inputs; i++)
        if (!queue_init(&n->in[i], n->p.input_flits))
            return 0;
    for (uint32_t o = 0; o < n->p.outputs; o++) {
        if (!queue_init(&n->out[o], n->p.output_flits))
            return 0;
        n->last_grant[o] = n->p.inputs - 1; /* input 0 first */
        n->held[o] = n->p.inputs;
    }
    n->rng = n->p.seed | 1; /* xorshift needs a non-zero state */
    return 1;
}

hamm_status gpu_icnt_new(gpu_icnt **out, const gpu_icnt_params *p, hamm_error *err)
{
    *out = NULL;
    hamm_status st = check_params(p, err);
    if (st)
        return st;
    gpu_icnt *n = calloc(1, sizeof *n);
    if (!n)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory for the interconnect");
    n->p = *p;
    if (p->topology != GPU_TOPO_CROSSBAR) {
        st = gpu_rnet_new(&n->net, p, err);
        if (st) {
            free(n);
            return st;
        }
        *out = n;
        return HAMM_OK;
    }
    if (!alloc_ports(n)) {
        gpu_icnt_free(n);
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory for the interconnect");
    }
    *out = n;
    return HAMM_OK;
}

void gpu_icnt_free(gpu_icnt *n)
{
    if (!n)
        return;
    gpu_rnet_free(n->net);
    for (uint32_t i = 0; n->in && i < n->p.inputs; i++)
        free(n->in[i].q);
    for (uint32_t o = 0; n->out && o < n->p.outputs; o++)
        free(n->out[o].q);
    free(n->in);
    free(n->out);
    free(n->in_busy);
    free(n->out_busy);
    free(n->last_grant);
    free(n->heads_for);
    free(n->held);
    free(n->held_bank);
    free(n->held_row);
    free(n);
}

uint32_t gpu_flits(uint32_t bytes, uint32_t flit_bytes)
{
    uint32_t f = (uint32_t)(((uint64_t)bytes + flit_bytes - 1) / flit_bytes);
    return f ? f : 1;
}

uint32_t gpu_icnt_flits(const gpu_icnt *n, uint32_t bytes)
{
    return gpu_flits(bytes, n->p.flit_bytes);
}

int gpu_icnt_push(gpu_icnt *n, uint32_t in, uint32_t out, const gpu_packet *p, uint32_t bytes)
{
    if (n->net)
        return gpu_rnet_push(n->net, in, out, p, gpu_icnt_flits(n, bytes));
    port_queue *q = &n->in[in];
    uint32_t flits = gpu_icnt_flits(n, bytes);
    if (q->flits + flits > q->flit_cap) {
        n->st.blocked_pushes++;
        return 0;
    }
    if (!q->size)
        n->heads_for[out]++;
    queue_push(q, (flight){*p, flits, out, 0});
    return 1;
}

/* Input i's head packet wants output o and i is free now. */
static int requests(const gpu_icnt *n, uint32_t i, uint32_t o, uint64_t now)
{
    const flight *h = queue_head(&n->in[i]);
    return h && h->out == o && n->in_busy[i] <= now;
}

/* The next input after the output's last grant that requests it; inputs when none. */
static uint32_t round_robin_input(const gpu_icnt *n, uint32_t o, uint64_t now)
{
    uint32_t I = n->p.inputs;
    for (uint32_t k = 1; k <= I; k++) {
        uint32_t i = (n->last_grant[o] + k) % I;
        if (requests(n, i, o, now))
            return i;
    }
    return I;
}

static uint64_t next_random(gpu_icnt *n)
{
    n->rng ^= n->rng << 13;
    n->rng ^= n->rng >> 7;
    n->rng ^= n->rng << 17;
    return n->rng;
}

/* PIM: one of the inputs that request output o, each as likely (an input requests only the
 * output of its head packet, so the inputs' accept step never has a choice to make). */
static uint32_t random_input(gpu_icnt *n, uint32_t o, uint64_t now)
{
    uint32_t I = n->p.inputs, count = 0;
    for (uint32_t i = 0; i < I; i++)
        count += (uint32_t)requests(n, i, o, now);
    if (!count)
        return I;
    uint32_t pick = (uint32_t)(next_random(n) % count);
    for (uint32_t i = 0; i < I; i++)
        if (requests(n, i, o, now) && pick-- == 0)
            return i;
    return I;
}

uint32_t gpu_icnt_row_hash(uint32_t row, uint32_t bits)
{
    if (bits >= 32)
        return row;
    uint32_t h = 0;
    for (; row; row >>= bits)
        h ^= row & ((1u << bits) - 1);
    return h;
}

/* The held input keeps output o when its next packet qualifies under the hold policy. */
static int keeps_grant(const gpu_icnt *n, uint32_t o, uint64_t now)
{
    uint32_t i = n->held[o];
    if (i == n->p.inputs || !requests(n, i, o, now))
        return 0;
    return gpu_icnt_hold_keeps(n->p.hold, n->p.hash_bits, &queue_head(&n->in[i])->p,
                               n->held_bank[o], n->held_row[o]);
}

int gpu_icnt_hold_keeps(uint32_t hold, uint32_t hash_bits, const gpu_packet *p,
                        uint32_t held_bank, uint32_t held_row)
{
    switch ((gpu_icnt_hold)hold) {
    case GPU_HOLD_NONE:
        return 0;
    case GPU_HOLD_GRANT:
        return 1;
    case GPU_HOLD_ROW:
        return p->bank == held_bank && p->row == held_row;
    case GPU_HOLD_ROW_HASH:
        return gpu_icnt_row_hash(p->row, hash_bits) == gpu_icnt_row_hash(held_row, hash_bits);
    }
    return 0;
}

/* The input output o grants this cycle; inputs when none.  A hold lasts from one
 * arbitration of the output to the next: an output that arbitrates without granting the
 * held input lets the hold go. */
static uint32_t granted_input(gpu_icnt *n, uint32_t o, uint64_t now)
{
    if (keeps_grant(n, o, now))
        return n->held[o];
    n->held[o] = n->p.inputs;
    return n->p.arbiter == GPU_ARB_PIM ? random_input(n, o, now)
                                       : round_robin_input(n, o, now);
}

void gpu_icnt_cycle(gpu_icnt *n, uint64_t now)
{
    if (n->net) {
        gpu_rnet_cycle(n->net, now);
        return;
    }
    uint32_t O = n->p.outputs;
    for (uint32_t k = 0; k < O; k++) {
        uint32_t o = (uint32_t)((now + k) % O); /* no output always chooses first */
        if (n->out_busy[o] > now || !n->heads_for[o])
            continue;
        uint32_t i = granted_input(n, o, now);
        if (i == n->p.inputs)
            continue;
        flight f = *queue_head(&n->in[i]);
        if (n->out[o].flits + f.flits > n->out[o].flit_cap) {
            n->st.output_full++;
            continue;
        }
        n->st.held_grants += i == n->held[o];
        queue_pop(&n->in[i]);
        n->heads_for[o]--;
        if (n->in[i].size)
            n->heads_for[queue_head(&n->in[i])->out]++;
        uint64_t serial = (f.flits + n->p.flits_per_cycle - 1) / n->p.flits_per_cycle;
        n->in_busy[i] = n->out_busy[o] = now + serial;
        f.ready = now + serial + n->p.latency;
        queue_push(&n->out[o], f);
        n->last_grant[o] = i;
        if (n->p.hold != GPU_HOLD_NONE) {
            n->held[o] = i;
            n->held_bank[o] = f.p.bank;
            n->held_row[o] = f.p.row;
        }
        n->st.packets++;
        n->st.flits += f.flits;
    }
}

int gpu_icnt_peek(const gpu_icnt *n, uint32_t out, uint64_t now, gpu_packet *p)
{
    if (n->net)
        return gpu_rnet_peek(n->net, out, now, p);
    const flight *h = queue_head(&n->out[out]);
    if (!h || h->ready > now)
        return 0;
    *p = h->p;
    return 1;
}

void gpu_icnt_pop(gpu_icnt *n, uint32_t out)
{
    if (n->net) {
        gpu_rnet_pop(n->net, out);
        return;
    }
    if (n->out[out].size)
        queue_pop(&n->out[out]);
}

int gpu_icnt_empty(const gpu_icnt *n)
{
    if (n->net)
        return gpu_rnet_empty(n->net);
    for (uint32_t i = 0; i < n->p.inputs; i++)
        if (n->in[i].size)
            return 0;
    for (uint32_t o = 0; o < n->p.outputs; o++)
        if (n->out[o].size)
            return 0;
    return 1;
}

const gpu_icnt_stats *gpu_icnt_stats_of(const gpu_icnt *n)
{
    return n->net ? gpu_rnet_stats(n->net) : &n->st;
}
