/* gpu.c - the GPU engine's wiring and its clocks (gpu.h). */
#include <math.h>
#include <stdlib.h>

#include "common/alloc.h"
#include "gpu_internal.h"

static hamm_status bad_clock(double mhz, const char *field, clock_domain *d, hamm_error *err)
{
    if (!(mhz >= 1e-3 && mhz <= 1e6))
        return hamm_error_field(err, HAMM_ERR_CONFIG, field,
                                "a clock of %g MHz; expected 0.001 to 1000000", mhz);
    d->period_fs = (uint64_t)llround(1e9 / mhz);
    return HAMM_OK;
}

static hamm_status init_clocks(gpu *g, hamm_error *err)
{
    hamm_status st;
    if ((st = bad_clock(g->p.core_mhz, "core_mhz", &g->clk[CLK_CORE], err)) ||
        (st = bad_clock(g->p.icnt_mhz, "icnt_mhz", &g->clk[CLK_ICNT], err)) ||
        (st = bad_clock(g->p.l2_mhz, "l2_mhz", &g->clk[CLK_L2], err)) ||
        (st = bad_clock(g->p.dram.cfg.dram.clock_mhz, "dram.clock_mhz", &g->clk[CLK_DRAM], err)))
        return st;
    return HAMM_OK;
}

/* The largest packet (a 128-byte line and its header) must fit every buffer, or it could
 * never be sent: a deadlock the watchdog would only find late. */
static hamm_status check_net(const gpu_icnt_params *n, uint32_t ctrl, const char *field,
                             hamm_error *err)
{
    uint32_t flits = n->flit_bytes ? gpu_flits(128 + ctrl, n->flit_bytes) : 0;
    if (flits && flits <= n->input_flits && flits <= n->output_flits)
        return HAMM_OK;
    return hamm_error_field(err, HAMM_ERR_CONFIG, field,
                            "a 128-byte packet and its %u-byte header take %u flits of %u "
                            "bytes: more than the buffers hold (input %u, output %u flits)",
                            ctrl, flits, n->flit_bytes, n->input_flits, n->output_flits);
}

static hamm_status make_nets(gpu *g, hamm_error *err)
{
    gpu_icnt_params rq = g->p.request_net, rp = g->p.reply_net;
    rq.inputs = rp.outputs = g->p.cores;
    rq.outputs = rp.inputs = g->channels;
    hamm_status st = check_net(&rq, g->p.ctrl_bytes, "interconnect", err);
    if (!st)
        st = check_net(&rp, g->p.ctrl_bytes, "interconnect", err);
    if (!st)
        st = gpu_icnt_new(&g->req, &rq, err);
    if (!st)
        st = gpu_icnt_new(&g->rep, &rp, err);
    return st;
}

/* The banks of one channel, over its ranks. */
static uint32_t channel_banks(const gpu_params *p)
{
    const hamm_dram_config *d = &p->dram.cfg.dram;
    return d->banks * (d->ranks ? d->ranks : 1);
}

/* Streams before the crossbar: each core's requests to each channel. */
static hamm_status make_locality(gpu *g, hamm_error *err)
{
    uint32_t banks = channel_banks(&g->p);
    if (!gpu_locality_init(&g->pre_icnt, g->p.cores * g->channels, banks) ||
        !gpu_locality_init(&g->post_icnt, g->channels, banks) ||
        !gpu_horizontal_init(&g->horizontal, g->channels, banks))
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory for the GPU");
    return HAMM_OK;
}

static hamm_status make_parts(gpu *g, hamm_error *err)
{
    g->part = hamm_calloc_array(g->channels, sizeof *g->part);
    if (!g->part)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory for the GPU");
    for (uint32_t c = 0; c < g->channels; c++) {
        gpu_partition_params pp = g->p.partition;
        pp.id = c;
        hamm_status st = gpu_partition_new(&g->part[c], &pp, engine_channel_of(g->dram, c),
                                           g->map, err);
        if (st)
            return st;
    }
    return HAMM_OK;
}

/* Adaptive granularity's largest hyper block: one row of one channel at most. */
static hamm_status gran_bound(gpu *g, hamm_error *err)
{
    gpu_gran_params *r = &g->p.core.gran;
    if (!r->adaptive)
        return HAMM_OK;
    uint32_t most = gpu_gran_interleave(g->map);
    if (r->max_bytes > most)
        return hamm_error_field(err, HAMM_ERR_CONFIG, "granularity.max_bytes",
                                "%u bytes: the address map keeps only %u contiguous bytes in "
                                "one row of one channel", r->max_bytes, most);
    r->max_bytes = r->max_bytes ? r->max_bytes : most;
    r->min_bytes = r->min_bytes > r->max_bytes ? r->max_bytes : r->min_bytes;
    return HAMM_OK;
}

static hamm_status make_cores(gpu *g, hamm_error *err)
{
    g->core = hamm_calloc_array(g->p.cores, sizeof *g->core);
    if (!g->core)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory for the GPU");
    for (uint32_t i = 0; i < g->p.cores; i++) {
        gpu_core_params cp = g->p.core;
        cp.id = i;
        hamm_status st = gpu_core_new(&g->core[i], &cp, err);
        if (st)
            return st;
    }
    return HAMM_OK;
}

hamm_status gpu_new(gpu **out, const gpu_params *p, const hamm_addrmap *map, hamm_error *err)
{
    *out = NULL;
    if (!p->cores || p->cores > UINT16_MAX)
        return hamm_error_field(err, HAMM_ERR_CONFIG, "cores", "1 to 65535 cores, not %u",
                                p->cores);
    if (p->dram.cfg.merge_same_address)
        return hamm_error_field(err, HAMM_ERR_CONFIG, "merge_same_address",
                                "the GPU engine does not merge requests in the DRAM queue (its "
                                "L2 and MSHRs do); set it false");
    hamm_status st = gpu_memory_check(p, p->dram.cfg.channels, channel_banks(p), err);
    if (st)
        return st;
    gpu *g = calloc(1, sizeof *g);
    if (!g)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory for the GPU");
    g->p = *p;
    g->map = map;
    g->channels = p->dram.cfg.channels;
    st = init_clocks(g, err);
    if (!st)
        st = hamm_engine_new(&g->dram, &p->dram, map, p->on_command, p->command_user, err);
    if (!st)
        st = make_nets(g, err);
    if (!st)
        st = make_locality(g, err);
    if (!st)
        st = make_parts(g, err);
    if (!st)
        st = gran_bound(g, err);
    if (!st)
        st = make_cores(g, err);
    if (!st && p->core.dwt.period)
        st = gpu_dwt_new(&g->dwt, &p->core.dwt, p->cores, p->core.schedulers,
                         p->core.max_active_warps, err);
    if (st) {
        gpu_free(g);
        return st;
    }
    *out = g;
    return HAMM_OK;
}

void gpu_free(gpu *g)
{
    if (!g)
        return;
    for (uint32_t i = 0; g->core && i < g->p.cores; i++)
        gpu_core_free(g->core[i]);
    for (uint32_t c = 0; g->part && c < g->channels; c++)
        gpu_partition_free(g->part[c]);
    free(g->core);
    free(g->part);
    gpu_dwt_free(g->dwt);
    gpu_icnt_free(g->req);
    gpu_icnt_free(g->rep);
    gpu_locality_free(&g->pre_icnt);
    gpu_locality_free(&g->post_icnt);
    gpu_horizontal_free(&g->horizontal);
    hamm_engine_free(g->dram);
    hamm_addrmap_free(g->own_map);
    gpu_kernel_runs_free(&g->runs);
    free(g);
}
