/* kernel_runs.c - the record of each kernel run (kernel_runs.h): the machine's counters
 * read when a kernel is launched and again when it ends; the record keeps the difference. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_internal.h"

uint64_t gpu_warp_insts_of(const gpu_core_stats *s)
{
    uint64_t n = 0;
    for (int op = 0; op < GPU_OP_COUNT; op++)
        n += s->warp_insts[op];
    return n;
}

static void add_cache(const gpu_cache_stats *s, uint64_t *accesses, uint64_t *misses)
{
    if (!s)
        return;
    *accesses += s->accesses[0] + s->accesses[1];
    *misses += s->misses[0] + s->misses[1];
}

/* Every counter as it stands (each only grows while the GPU runs). */
static void counts_now(const gpu *g, gpu_run_counts *c)
{
    memset(c, 0, sizeof *c);
    for (uint32_t i = 0; i < g->p.cores; i++) {
        const gpu_core_stats *s = gpu_core_stats_of(g->core[i]);
        c->warp_insts += gpu_warp_insts_of(s);
        c->thread_insts += s->thread_insts;
        add_cache(gpu_core_l1_stats(g->core[i]), &c->l1_accesses, &c->l1_misses);
    }
    for (uint32_t ch = 0; ch < g->channels; ch++) {
        const uint64_t *st = hamm_engine_channel(g->dram, ch)->stat;
        add_cache(gpu_partition_l2_stats(g->part[ch]), &c->l2_accesses, &c->l2_misses);
        c->dram_requests += st[HAMM_STAT_requests];
        c->dram_reads += st[HAMM_STAT_reads];
        c->dram_writes += st[HAMM_STAT_writes];
        c->dram_busy_cycles += st[HAMM_STAT_busy_cycles];
        c->dram_active_cycles += st[HAMM_STAT_active_cycles];
    }
}

hamm_status gpu_kernel_run_open(gpu *g, const char *name, hamm_error *err)
{
    gpu_kernel_runs *r = &g->runs;
    if (r->n == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 16;
        gpu_kernel_run *grown = realloc(r->run, cap * sizeof *grown);
        if (!grown)
            return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory for kernel %s's record",
                                  name);
        r->run = grown;
        r->cap = cap;
    }
    gpu_kernel_run *k = &r->run[r->n];
    memset(k, 0, sizeof *k);
    snprintf(k->name, sizeof k->name, "%s", name);
    k->launch_cycle = g->clk[CLK_CORE].cycle;
    counts_now(g, &k->counts);
    return HAMM_OK;
}

void gpu_kernel_run_close(gpu *g, uint64_t start_cycle)
{
    gpu_kernel_run *k = &g->runs.run[g->runs.n++];
    gpu_run_counts now, *c = &k->counts;
    counts_now(g, &now);
    k->end_cycle = g->clk[CLK_CORE].cycle;
    k->start_cycle = start_cycle < k->end_cycle ? start_cycle : k->end_cycle;
    *c = (gpu_run_counts){now.warp_insts - c->warp_insts, now.thread_insts - c->thread_insts,
                          now.l1_accesses - c->l1_accesses, now.l1_misses - c->l1_misses,
                          now.l2_accesses - c->l2_accesses, now.l2_misses - c->l2_misses,
                          now.dram_requests - c->dram_requests, now.dram_reads - c->dram_reads,
                          now.dram_writes - c->dram_writes,
                          now.dram_busy_cycles - c->dram_busy_cycles,
                          now.dram_active_cycles - c->dram_active_cycles};
}

size_t gpu_kernel_run_count(const gpu *g)
{
    return g->runs.n;
}

const gpu_kernel_run *gpu_kernel_run_at(const gpu *g, size_t i)
{
    return &g->runs.run[i];
}

void gpu_kernel_runs_free(gpu_kernel_runs *r)
{
    free(r->run);
    *r = (gpu_kernel_runs){0};
}
