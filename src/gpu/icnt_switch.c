/* icnt_switch.c - the ring and mesh routers' allocators: the VC a packet takes at the
 * next router (static by destination or dynamic), and per output port a round-robin or
 * PIM switch allocator that may hold its grant as the crossbar does (icnt_router.h). */
#include "icnt_router_internal.h"

/* The VC of the next router a packet at `node` leaving by `port` takes, vcs when none of
 * its class has room for it; *cls its class there (the ring's dateline moves it to the
 * second half of the VCs, which it keeps).  Static: destination mod VCs per class, so a
 * stream from one source to one destination stays in one FIFO, in order; dynamic: the
 * least occupied VC with room, so consecutive packets of a stream may take different
 * VCs and be overtaken or interleaved (the thesis, section 4.4). */
static uint32_t next_vc(const gpu_rnet *n, uint32_t node, uint32_t port, const rflight *f,
                        uint32_t *cls)
{
    uint32_t V = n->p.vcs, per = V / n->classes;
    *cls = f->cls | (uint32_t)icnt_topo_dateline(&n->t, node, port);
    uint32_t next = icnt_topo_next(&n->t, node, port), first = *cls * per;
    const rqueue *q = &n->vc[(size_t)next * n->slots + icnt_topo_entry_port(port) * V + first];
    uint32_t best = per;
    switch ((gpu_icnt_vc_assign)n->p.vc_assign) {
    case GPU_VC_STATIC:
        best = f->out % per;
        return rqueue_room(&q[best], f->flits) ? first + best : V;
    case GPU_VC_DYNAMIC:
        for (uint32_t v = 0; v < per; v++)
            if (rqueue_room(&q[v], f->flits) && (best == per || q[v].flits < q[best].flits))
                best = v;
        return best < per ? first + best : V;
    }
    return V;
}

/* Slot s of router `node` has a ready head packet for output o, its input port is free,
 * and there is room for it beyond o (a VC of the next router, or the output buffer). */
static int requests(const gpu_rnet *n, uint32_t node, uint32_t s, uint32_t o, uint64_t now)
{
    const rflight *h = rqueue_head(&n->vc[(size_t)node * n->slots + s]);
    if (!h || h->port != o || h->ready > now ||
        n->in_busy[(size_t)node * n->t.ports + s / n->p.vcs] > now)
        return 0;
    if (o == ICNT_PORT_LOCAL)
        return rqueue_room(&n->eject[h->out], h->flits);
    uint32_t cls;
    return next_vc(n, node, o, h, &cls) < n->p.vcs;
}

static uint32_t round_robin_slot(const gpu_rnet *n, uint32_t node, uint32_t o, uint64_t now)
{
    uint32_t S = n->slots, last = n->last_grant[(size_t)node * n->t.ports + o];
    for (uint32_t k = 1; k <= S; k++) {
        uint32_t s = (last + k) % S;
        if (requests(n, node, s, o, now))
            return s;
    }
    return S;
}

static uint64_t next_random(gpu_rnet *n)
{
    n->rng ^= n->rng << 13;
    n->rng ^= n->rng >> 7;
    n->rng ^= n->rng << 17;
    return n->rng;
}

/* PIM: one of the requesting slots, each as likely. */
static uint32_t random_slot(gpu_rnet *n, uint32_t node, uint32_t o, uint64_t now)
{
    uint32_t S = n->slots, count = 0;
    for (uint32_t s = 0; s < S; s++)
        count += (uint32_t)requests(n, node, s, o, now);
    if (!count)
        return S;
    uint32_t pick = (uint32_t)(next_random(n) % count);
    for (uint32_t s = 0; s < S; s++)
        if (requests(n, node, s, o, now) && pick-- == 0)
            return s;
    return S;
}

/* The held slot keeps output o when its head packet qualifies under the hold policy. */
static int keeps_grant(const gpu_rnet *n, uint32_t node, uint32_t o, uint64_t now)
{
    size_t k = (size_t)node * n->t.ports + o;
    uint32_t s = n->held[k];
    if (s == n->slots || !requests(n, node, s, o, now))
        return 0;
    return gpu_icnt_hold_keeps(n->p.hold, n->p.hash_bits,
                               &rqueue_head(&n->vc[(size_t)node * n->slots + s])->p,
                               n->held_bank[k], n->held_row[k]);
}

/* As the crossbar: a hold lasts from one arbitration of the output to the next. */
static uint32_t granted_slot(gpu_rnet *n, uint32_t node, uint32_t o, uint64_t now)
{
    size_t k = (size_t)node * n->t.ports + o;
    if (keeps_grant(n, node, o, now)) {
        n->st.held_grants++;
        return n->held[k];
    }
    n->held[k] = n->slots;
    return n->p.arbiter == GPU_ARB_PIM ? random_slot(n, node, o, now)
                                       : round_robin_slot(n, node, o, now);
}

/* Move the head packet of slot s through output o: into a VC of the next router, or
 * into the output buffer at its destination. */
static void send(gpu_rnet *n, uint32_t node, uint32_t o, uint32_t s, uint64_t now)
{
    rqueue *q = &n->vc[(size_t)node * n->slots + s];
    rflight f = *rqueue_head(q);
    rqueue_pop(q);
    uint64_t serial = (f.flits + n->p.flits_per_cycle - 1) / n->p.flits_per_cycle;
    size_t k = (size_t)node * n->t.ports;
    n->in_busy[k + s / n->p.vcs] = n->out_busy[k + o] = now + serial;
    if (o == ICNT_PORT_LOCAL) {
        f.ready = now + serial + n->p.hop_latency; /* its tail in the output buffer */
        rqueue_push(&n->eject[f.out], f);
        n->st.packets++;
        n->st.flits += f.flits;
        return;
    }
    uint32_t cls, v = next_vc(n, node, o, &f, &cls);
    uint32_t next = icnt_topo_next(&n->t, node, o);
    f.cls = cls;
    f.ready = now + n->p.hop_latency; /* its head at the next router */
    f.port = icnt_topo_route(&n->t, next, f.dst);
    rqueue_push(&n->vc[(size_t)next * n->slots + icnt_topo_entry_port(o) * n->p.vcs + v], f);
    n->st.hops++;
}

static void switch_output(gpu_rnet *n, uint32_t node, uint32_t o, uint64_t now)
{
    size_t k = (size_t)node * n->t.ports + o;
    if (n->out_busy[k] > now)
        return;
    uint32_t s = granted_slot(n, node, o, now);
    if (s == n->slots)
        return;
    const gpu_packet *p = &rqueue_head(&n->vc[(size_t)node * n->slots + s])->p;
    n->last_grant[k] = s;
    if (n->p.hold != GPU_HOLD_NONE) {
        n->held[k] = s;
        n->held_bank[k] = p->bank;
        n->held_row[k] = p->row;
    }
    send(n, node, o, s, now);
}

void gpu_rnet_cycle(gpu_rnet *n, uint64_t now)
{
    if (!n->packets_in)
        return;
    uint32_t P = n->t.ports;
    for (uint32_t node = 0; node < n->t.nodes; node++)
        for (uint32_t k = 0; k < P; k++)
            switch_output(n, node, (uint32_t)((now + k) % P), now); /* no port always first */
}
