/* hyper.c - adaptive DRAM access granularity in a core without an L1 (the Gou thesis'
 * elastic MSHR, section 6.4.2; docs/GRANULARITY.md).  A load's granularity comes from
 * Alg. 6.1 over what the kernel source's analyzer knows of its addresses; a read request
 * that no request in flight covers goes out for its whole aligned hyper block, and a
 * later read that one covers (a neighbouring warp's, the same load's other half-warp)
 * merges with it instead of going out: the thesis' secondary load. */
#include "core_internal.h"

uint32_t hyper_granularity(const gpu_core *c, const warp *wp)
{
    gpu_kernel_source *src = c->ctas[wp->cta].src;
    gpu_access_pattern pat;
    int known = src->pattern && src->pattern(src->self, wp->inst.pc, &pat);
    return gpu_gran_schedule(known ? &pat : NULL, src->info(src->self)->block[0], &c->p.gran);
}

void hyper_count(gpu_core *c, uint32_t gran)
{
    uint32_t i = 0;
    while (i + 1 < GPU_GRAN_BUCKETS && (32u << i) < gran)
        i++;
    c->st.gran_loads[i]++;
}

/* Read request p of the LSU's load: merged, or sent for its hyper block; 0 when it must
 * wait (no merge room, no room to send). */
int hyper_send(gpu_core *c, gpu_packet p)
{
    lsu_state *u = &c->lsu;
    uint32_t e = inflight_find_covering(c, p.addr, p.bytes);
    if (e != CORE_NONE) {
        if (!inflight_merge(c, e, u->load))
            return 0;
        c->st.merged++;
        c->st.hyper_merged += c->inflight[e].bytes > p.bytes;
    } else {
        int hyper = u->gran > p.bytes;
        if (hyper) { /* a segment or sector is aligned to its size, so it lies inside */
            p.addr &= ~(uint64_t)(u->gran - 1);
            p.bytes = u->gran;
            p.sectors = 0xf;
        }
        if (!out_push(c, p))
            return 0;
        c->st.hyper_requests += hyper;
        inflight_add(c, p.addr, p.bytes, 0, u->load); /* never full: entries = max_inflight */
    }
    c->loads[u->load].outstanding++;
    return 1;
}

uint32_t hyper_reply_entry(const gpu_core *c, const gpu_packet *p)
{
    return inflight_find_sized(c, p->addr, p->bytes);
}
