/* icache.c - a core's instruction cache, when the model has one (core.icache_lines): a
 * warp issues an instruction only once the code line holding its pc is in the cache; the
 * first warp to need a missing line sends a read for it through the crossbar, the L2 and
 * the DRAM like any load (GPGPU-Sim fetches its code from memory, at pc + 0xf0000000),
 * and every warp waiting for it goes on when the line is back.  Lines are kept fully
 * associatively, least recently used out, and stay from kernel to kernel. */
#include "core_internal.h"

static uint64_t line_of(const gpu_core *c, uint64_t pc)
{
    return GPU_CODE_BASE + (pc & ~(uint64_t)(c->p.icache_line_bytes - 1));
}

static icache_line *find(gpu_core *c, uint64_t line)
{
    for (uint32_t i = 0; i < c->p.icache_lines; i++)
        if (c->icache[i].state != ICACHE_EMPTY && c->icache[i].line == line)
            return &c->icache[i];
    return NULL;
}

/* An empty entry, else the least recently used present one; NULL when all wait. */
static icache_line *victim(gpu_core *c)
{
    icache_line *v = NULL;
    for (uint32_t i = 0; i < c->p.icache_lines; i++) {
        icache_line *e = &c->icache[i];
        if (e->state == ICACHE_EMPTY)
            return e;
        if (e->state == ICACHE_PRESENT && (!v || e->used < v->used))
            v = e;
    }
    return v;
}

int icache_ready(gpu_core *c, uint64_t pc, uint64_t now, uint64_t *wake)
{
    uint64_t line = line_of(c, pc);
    icache_line *e = find(c, line);
    if (e && e->state == ICACHE_PRESENT) {
        e->used = now;
        return 1;
    }
    if (e)
        return 0; /* on its way: the fill is an event */
    e = victim(c);
    gpu_packet p = {.addr = line, .bytes = c->p.icache_line_bytes,
                    .sectors = (uint32_t)((1ull << (c->p.icache_line_bytes / 32)) - 1),
                    .core = (uint16_t)c->p.id, .born = now, .inst = 1};
    if (e && out_push(c, p)) {
        *e = (icache_line){.line = line, .state = ICACHE_PENDING, .used = now};
        c->st.icache_misses++;
        return 0;
    }
    *wake = now + 1 < *wake ? now + 1 : *wake; /* no room to ask: try again next cycle */
    return 0;
}

void icache_fill(gpu_core *c, uint64_t addr)
{
    icache_line *e = find(c, addr);
    if (e && e->state == ICACHE_PENDING) {
        e->state = ICACHE_PRESENT;
        c->events++;
    }
}
