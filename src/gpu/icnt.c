/* icnt.c - one direction of the crossbar: input buffers, a round-robin separable
 * allocator, serialisation by flits, a fixed latency, and output buffers reserved at the
 * grant (icnt.h). */
#include <stdlib.h>

#include "common/alloc.h"
#include "icnt.h"

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
    gpu_icnt_stats st;
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

static hamm_status check_params(const gpu_icnt_params *p, hamm_error *err)
{
    const char *bad = !p->inputs            ? "inputs"
                      : !p->outputs         ? "outputs"
                      : !p->flit_bytes      ? "flit_bytes"
                      : !p->flits_per_cycle ? "flits_per_cycle"
                      : !p->input_flits     ? "input_flits"
                      : !p->output_flits    ? "output_flits"
                                            : NULL;
    if (!bad)
        return HAMM_OK;
    return hamm_error_field(err, HAMM_ERR_CONFIG, bad, "interconnect: every count must be at "
                                                       "least 1");
}

static int alloc_ports(gpu_icnt *n)
{
    n->in = hamm_calloc_array(n->p.inputs, sizeof *n->in);
    n->out = hamm_calloc_array(n->p.outputs, sizeof *n->out);
    n->in_busy = hamm_calloc_array(n->p.inputs, sizeof *n->in_busy);
    n->out_busy = hamm_calloc_array(n->p.outputs, sizeof *n->out_busy);
    n->last_grant = hamm_calloc_array(n->p.outputs, sizeof *n->last_grant);
    n->heads_for = hamm_calloc_array(n->p.outputs, sizeof *n->heads_for);
    if (!n->in || !n->out || !n->in_busy || !n->out_busy || !n->last_grant || !n->heads_for)
        return 0;
    for (uint32_t i = 0; i < n->p.inputs; i++)
        if (!queue_init(&n->in[i], n->p.input_flits))
            return 0;
    for (uint32_t o = 0; o < n->p.outputs; o++) {
        if (!queue_init(&n->out[o], n->p.output_flits))
            return 0;
        n->last_grant[o] = n->p.inputs - 1; /* input 0 first */
    }
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
    free(n);
}

uint32_t gpu_icnt_flits(const gpu_icnt *n, uint32_t bytes)
{
    uint32_t f = (bytes + n->p.flit_bytes - 1) / n->p.flit_bytes;
    return f ? f : 1;
}

int gpu_icnt_push(gpu_icnt *n, uint32_t in, uint32_t out, const gpu_packet *p, uint32_t bytes)
{
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

/* The next input after the output's last grant whose head packet wants it and which is
 * free now; inputs.size when none. */
static uint32_t requesting_input(const gpu_icnt *n, uint32_t o, uint64_t now)
{
    uint32_t I = n->p.inputs;
    for (uint32_t k = 1; k <= I; k++) {
        uint32_t i = (n->last_grant[o] + k) % I;
        const flight *h = queue_head(&n->in[i]);
        if (h && h->out == o && n->in_busy[i] <= now)
            return i;
    }
    return I;
}

void gpu_icnt_cycle(gpu_icnt *n, uint64_t now)
{
    uint32_t O = n->p.outputs;
    for (uint32_t k = 0; k < O; k++) {
        uint32_t o = (uint32_t)((now + k) % O); /* no output always chooses first */
        if (n->out_busy[o] > now || !n->heads_for[o])
            continue;
        uint32_t i = requesting_input(n, o, now);
        if (i == n->p.inputs)
            continue;
        flight f = *queue_head(&n->in[i]);
        if (n->out[o].flits + f.flits > n->out[o].flit_cap) {
            n->st.output_full++;
            continue;
        }
        queue_pop(&n->in[i]);
        n->heads_for[o]--;
        if (n->in[i].size)
            n->heads_for[queue_head(&n->in[i])->out]++;
        uint64_t serial = (f.flits + n->p.flits_per_cycle - 1) / n->p.flits_per_cycle;
        n->in_busy[i] = n->out_busy[o] = now + serial;
        f.ready = now + serial + n->p.latency;
        queue_push(&n->out[o], f);
        n->last_grant[o] = i;
        n->st.packets++;
        n->st.flits += f.flits;
    }
}

int gpu_icnt_peek(const gpu_icnt *n, uint32_t out, uint64_t now, gpu_packet *p)
{
    const flight *h = queue_head(&n->out[out]);
    if (!h || h->ready > now)
        return 0;
    *p = h->p;
    return 1;
}

void gpu_icnt_pop(gpu_icnt *n, uint32_t out)
{
    if (n->out[out].size)
        queue_pop(&n->out[out]);
}

int gpu_icnt_empty(const gpu_icnt *n)
{
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
    return &n->st;
}
