/* gpu_run.c - running kernels on the GPU: CTA dispatch, the four clock domains, and the
 * packets moved between cores, crossbars and memory partitions (gpu.h). */
#include "gpu_internal.h"

typedef struct kernel_run {
    gpu_kernel_source *src;
    const gpu_kernel_info *info;
    uint64_t ctas, next_cta;
    uint64_t may_start; /* the first core cycle its CTAs may go out (the launch latency on) */
    uint64_t started;   /* the core cycle its first CTA went out; UINT64_MAX before */
} kernel_run;

/* One CTA per core per cycle, starting at a different core each cycle, once the launch
 * latency has passed.  GPGPU-Sim counts the latency down at the end of each core cycle
 * and issues CTAs only when it is 0: a kernel launched at cycle t with latency L issues
 * its first CTA at cycle t + L. */
static hamm_status dispatch(gpu *g, kernel_run *k, uint64_t now, hamm_error *err)
{
    for (uint32_t n = 0; n < g->p.cores && k->next_cta < k->ctas && now >= k->may_start; n++) {
        gpu_core *c = g->core[(g->dispatch_from + n) % g->p.cores];
        if (!gpu_core_has_room(c, k->info))
            continue;
        hamm_status st = gpu_core_launch(c, k->src, k->next_cta++, err);
        if (st)
            return st;
        k->started = k->started < now ? k->started : now;
    }
    g->dispatch_from = (g->dispatch_from + 1) % g->p.cores;
    return HAMM_OK;
}

/* What a packet weighs on the network: requests carry data only for writes, replies
 * only for reads (GPGPU-Sim's packet sizes). */
static uint32_t net_bytes(const gpu *g, const gpu_packet *p)
{
    int data = p->reply ? !p->write : p->write;
    return data ? p->bytes + g->p.ctrl_bytes : g->p.ctrl_bytes;
}

static hamm_status core_tick(gpu *g, kernel_run *k, hamm_error *err)
{
    uint64_t now = g->clk[CLK_CORE].cycle;
    hamm_status st = dispatch(g, k, now, err);
    for (uint32_t i = 0; i < g->p.cores && !st; i++) {
        gpu_core *c = g->core[i];
        /* after dispatch, as GPGPU-Sim checks after issuing CTAs */
        gpu_core_invalidate_l1_if_empty(c);
        st = gpu_core_cycle(c, now, err);
        gpu_packet p;
        while (!st && gpu_core_out_peek(c, &p)) {
            hamm_dram_coord at;
            hamm_addrmap_decode(g->map, p.addr, &at);
            p.bank = hamm_dram_coord_channel_bank(&at, g->p.dram.cfg.dram.banks);
            p.row = at.row;
            if (!gpu_icnt_push(g->req, i, at.channel, &p, net_bytes(g, &p)))
                break;
            gpu_core_out_pop(c);
            gpu_locality_see(&g->pre_icnt, i * g->channels + at.channel, p.bank, p.row);
        }
    }
    if (g->dwt && !st)
        gpu_dwt_tick(g->dwt, g->core);
    return st;
}

static void icnt_tick(gpu *g)
{
    uint64_t now = g->clk[CLK_ICNT].cycle, core_now = g->clk[CLK_CORE].cycle;
    uint64_t l2_now = g->clk[CLK_L2].cycle;
    for (uint32_t c = 0; c < g->channels; c++) {
        gpu_packet p;
        while (gpu_partition_reply_peek(g->part[c], l2_now, &p) &&
               gpu_icnt_push(g->rep, c, p.core, &p, net_bytes(g, &p)))
            gpu_partition_reply_pop(g->part[c]);
    }
    gpu_icnt_cycle(g->req, now);
    gpu_icnt_cycle(g->rep, now);
    for (uint32_t i = 0; i < g->p.cores; i++) {
        gpu_packet p;
        while (gpu_icnt_peek(g->rep, i, now, &p)) {
            gpu_core_reply(g->core[i], &p, core_now);
            gpu_icnt_pop(g->rep, i);
        }
    }
}

static void l2_tick(gpu *g)
{
    uint64_t now = g->clk[CLK_L2].cycle, icnt_now = g->clk[CLK_ICNT].cycle;
    for (uint32_t c = 0; c < g->channels; c++) {
        gpu_packet p;
        if (gpu_icnt_peek(g->req, c, icnt_now, &p) && gpu_partition_accept(g->part[c], &p, now)) {
            gpu_icnt_pop(g->req, c);
            gpu_locality_see(&g->post_icnt, c, p.bank, p.row);
            gpu_horizontal_see(&g->horizontal, c, p.bank, p.row, p.core, p.bytes);
        }
        gpu_partition_l2_cycle(g->part[c], now, g->clk[CLK_DRAM].cycle);
    }
}

static void dram_tick(gpu *g)
{
    for (uint32_t c = 0; c < g->channels; c++)
        gpu_partition_dram_cycle(g->part[c], g->clk[CLK_DRAM].cycle);
}

/* Everything that counts as the machine moving on. */
static uint64_t progress_mark(const gpu *g)
{
    uint64_t m = gpu_icnt_stats_of(g->req)->packets + gpu_icnt_stats_of(g->rep)->packets;
    for (uint32_t i = 0; i < g->p.cores; i++) {
        const gpu_core_stats *s = gpu_core_stats_of(g->core[i]);
        m += s->thread_insts + s->requests + s->loads_returned + s->ctas_done +
             s->warp_insts[GPU_OP_BARRIER];
    }
    for (uint32_t c = 0; c < g->channels; c++)
        m += hamm_engine_channel(g->dram, c)->stat[HAMM_STAT_read_bursts] +
             hamm_engine_channel(g->dram, c)->stat[HAMM_STAT_write_bursts];
    return m;
}

static int all_done(const gpu *g, const kernel_run *k)
{
    if (k->next_cta < k->ctas || !gpu_icnt_empty(g->req) || !gpu_icnt_empty(g->rep))
        return 0;
    for (uint32_t i = 0; i < g->p.cores; i++)
        if (!gpu_core_idle(g->core[i]))
            return 0;
    for (uint32_t c = 0; c < g->channels; c++)
        if (!gpu_partition_quiet(g->part[c]))
            return 0;
    return 1;
}

/* Tick every domain due at the earliest next instant, in core, icnt, L2, DRAM order. */
static hamm_status step(gpu *g, kernel_run *k, hamm_error *err)
{
    uint64_t t = UINT64_MAX;
    for (int d = 0; d < CLOCKS; d++)
        t = g->clk[d].next_fs < t ? g->clk[d].next_fs : t;
    hamm_status st = HAMM_OK;
    if (g->clk[CLK_CORE].next_fs == t)
        st = core_tick(g, k, err);
    if (g->clk[CLK_ICNT].next_fs == t)
        icnt_tick(g);
    if (g->clk[CLK_L2].next_fs == t)
        l2_tick(g);
    if (g->clk[CLK_DRAM].next_fs == t)
        dram_tick(g);
    for (int d = 0; d < CLOCKS; d++) {
        if (g->clk[d].next_fs != t)
            continue;
        g->clk[d].cycle++;
        g->clk[d].next_fs += g->clk[d].period_fs;
    }
    return st;
}

static hamm_status check_fits(const gpu *g, const gpu_kernel_info *k, hamm_error *err)
{
    if (gpu_core_cta_fits_at_all(&g->p.core, k))
        return HAMM_OK;
    return hamm_error_field(err, HAMM_ERR_CONFIG, "block",
                            "kernel %s: a CTA of %u threads, %u registers a thread and %u bytes "
                            "of shared memory does not fit on one core",
                            k->name, gpu_kernel_threads_per_cta(k), k->regs_per_thread,
                            k->shared_per_cta);
}

/* The stall watchdog: an error when nothing has moved for stall_limit core cycles since
 * *since (the kernel's first CTA may go out no earlier than k->may_start: its launch
 * latency is no stall). */
static hamm_status watchdog(gpu *g, const kernel_run *k, uint64_t *mark, uint64_t *since,
                            hamm_error *err)
{
    uint64_t now = g->clk[CLK_CORE].cycle;
    if (now % 1024)
        return HAMM_OK; /* it looks now and then: the mark is a sum over all */
    uint64_t m = progress_mark(g);
    if (m != *mark) {
        *mark = m;
        *since = now;
    } else if (now > *since && now - *since > g->p.stall_limit) {
        return hamm_error_set(err, HAMM_ERR_ARG,
                              "kernel %s: nothing moved for %llu core cycles (at cycle %llu)",
                              k->info->name, (unsigned long long)g->p.stall_limit,
                              (unsigned long long)now);
    }
    return HAMM_OK;
}

hamm_status gpu_run_kernel(gpu *g, gpu_kernel_source *src, hamm_error *err)
{
    uint64_t launch = g->clk[CLK_CORE].cycle;
    kernel_run k = {src, src->info(src->self), 0, 0, launch + g->p.kernel_launch_latency,
                    UINT64_MAX};
    k.ctas = gpu_kernel_ctas(k.info);
    hamm_status st = check_fits(g, k.info, err);
    if (!st)
        gpu_carveout_kernel(g, k.info);
    if (!st)
        st = gpu_kernel_run_open(g, k.info->name, err);
    uint64_t mark = progress_mark(g), since = k.may_start;
    if (g->dwt && !st)
        gpu_dwt_kernel(g->dwt, g->core, k.info->name);
    while (!st && !all_done(g, &k)) {
        st = step(g, &k, err);
        if (!st)
            st = watchdog(g, &k, &mark, &since, err);
    }
    for (uint32_t i = 0; st && i < g->p.cores; i++)
        gpu_core_drop_ctas(g->core[i]); /* the source may go before the GPU */
    /* the kernel's last cycle: GPGPU-Sim empties the L1s of the cores its last CTAs left */
    for (uint32_t i = 0; !st && i < g->p.cores; i++)
        gpu_core_invalidate_l1_if_empty(g->core[i]);
    if (!st)
        gpu_kernel_run_close(g, k.started);
    return st;
}

void gpu_finish(gpu *g)
{
    hamm_engine_finish(g->dram);
}

uint64_t gpu_core_cycles(const gpu *g)
{
    return g->clk[CLK_CORE].cycle;
}

uint32_t gpu_cores(const gpu *g)
{
    return g->p.cores;
}

const gpu_core *gpu_core_at(const gpu *g, uint32_t i)
{
    return g->core[i];
}

uint32_t gpu_partitions(const gpu *g)
{
    return g->channels;
}

const gpu_partition *gpu_partition_at(const gpu *g, uint32_t i)
{
    return g->part[i];
}

const hamm_engine *gpu_dram(const gpu *g)
{
    return g->dram;
}

const gpu_icnt *gpu_request_net(const gpu *g)
{
    return g->req;
}

const gpu_params *gpu_params_of(const gpu *g)
{
    return &g->p;
}

double gpu_locality_before_icnt(const gpu *g)
{
    return gpu_locality_of(&g->pre_icnt);
}

double gpu_locality_after_icnt(const gpu *g)
{
    return gpu_locality_of(&g->post_icnt);
}

const gpu_horizontal_stats *gpu_horizontal_stats_of(const gpu *g)
{
    return &g->horizontal.st;
}
