/* gpu_model_params.c - a GPU model (gpu_model.h) as the engine's parameters: the issue
 * cycles of each operation, the caches' and crossbars' settings, the partitions' return
 * slots from the memory system's DRAM timings. */
#include <stdio.h>

#include "gpu_model.h"

static uint32_t ceil_div(uint32_t a, uint32_t b)
{
    return (a + b - 1) / b;
}

/* The Khairy thesis' chapter 5 options of a cache (docs/CACHE-MGMT.md). */
static void cache_mgmt_params(const gpu_cache_model *m, gpu_cache_params *p)
{
    p->poly = m->pmod_poly;
    p->bypass_period = m->bypass_period;
    p->bypass_threshold = m->bypass_threshold;
    p->bypass_resample = (int)m->bypass_resample;
}

/* A hit's latency, with the pmod index's gates on the way. */
static uint32_t hit_latency(const gpu_cache_model *m)
{
    return m->latency + (m->index == GPU_INDEX_PMOD ? m->index_latency : 0);
}

static void cache_params(const gpu_cache_model *m, gpu_cache_params *p)
{
    *p = (gpu_cache_params){.sets = m->sets, .ways = m->ways, .line_bytes = m->line_bytes,
                            .sector_bytes = m->sector_bytes,
                            .index = (gpu_set_index)m->index,
                            .sub_partitions = m->sub_partitions,
                            .write_policy = (gpu_write_policy)m->write_policy,
                            .write_allocate = (int)m->write_allocate,
                            .mshr_entries = m->mshr_entries, .mshr_max_merge = m->mshr_max_merge,
                            .miss_queue_size = m->miss_queue,
                            .alloc = m->alloc == GPU_CACHE_ON_MISS ? GPU_ALLOC_ON_MISS
                                                                   : GPU_ALLOC_ON_FILL};
    /* a unified L1 holds as many ways as its whole array (carveout.h) */
    if (m->unified_bytes)
        p->max_ways = m->unified_bytes / (m->sets * m->line_bytes);
    cache_mgmt_params(m, p);
}

/* check_smem made sure the scheme parses. */
static void smem_params(const gpu_model *m, gpu_smem_params *p)
{
    hamm_error e = {0};
    *p = (gpu_smem_params){
        .pipeline = m->core.elastic_pipeline   ? GPU_PIPE_ELASTIC
                    : m->core.inorder_pipeline ? GPU_PIPE_IN_ORDER
                                               : GPU_PIPE_DECOUPLED,
        .conflict_aware = m->core.conflict_aware, .premem_queue = m->core.premem_queue,
        .nonmem_queue = m->core.nonmem_queue, .chc_sets = m->core.chc_sets,
        .chc_ways = m->core.chc_ways};
    if (m->core.shared_scheme[0] &&
        hamm_banked_parse(m->core.shared_scheme, m->core.shared_banks, &p->scheme, &e) == HAMM_OK)
        p->custom = p->scheme.kind != HAMM_BANKED_LOW_ORDER;
}

static void l1_bank_params(const gpu_cache_model *m, gpu_l1bank_params *p)
{
    hamm_error e = {0};
    *p = (gpu_l1bank_params){.banks = m->banks, .bank_bytes = m->bank_bytes};
    if (hamm_banked_parse(m->bank_scheme, m->banks, &p->scheme, &e) != HAMM_OK)
        p->banks = 1;
}

static void core_params(const gpu_model *m, gpu_core_params *c)
{
    *c = (gpu_core_params){
        .max_threads = m->core.max_threads, .max_ctas = m->core.max_ctas,
        .registers = m->core.registers, .shared_bytes = m->core.shared_bytes,
        .schedulers = m->core.schedulers, .policy = (gpu_sched_policy)m->core.policy,
        .max_active_warps = m->core.max_active_warps, .max_inflight = m->core.max_inflight,
        .max_merge = m->core.max_merge, .coalesce = (gpu_coalesce_rule)m->core.coalescing,
        .has_l1 = m->l1.sets != 0, .l1_latency = hit_latency(&m->l1),
        .l1_miss_latency = m->l1.miss_latency, .l1_invalidate_when_idle = m->l1.invalidate_when_idle,
        .shared_banks = m->core.shared_banks, .out_queue = m->core.out_queue,
        .icache_lines = m->core.icache_lines, .icache_line_bytes = m->core.icache_line_bytes};
    uint32_t alu = ceil_div(GPU_WARP_SIZE, m->core.simd_width);
    uint32_t sfu = ceil_div(GPU_WARP_SIZE, m->core.sfu_width);
    uint32_t mem = ceil_div(GPU_WARP_SIZE, m->core.ldst_width);
    const uint32_t issue[GPU_OP_COUNT] = {
        [GPU_OP_ALU] = alu, [GPU_OP_SFU] = sfu, [GPU_OP_LOAD] = mem, [GPU_OP_STORE] = mem,
        [GPU_OP_SHARED_LOAD] = mem, [GPU_OP_SHARED_STORE] = mem, [GPU_OP_BARRIER] = alu,
        [GPU_OP_EXIT] = alu};
    for (int op = 0; op < GPU_OP_COUNT; op++)
        c->issue_cycles[op] = issue[op];
    c->units[GPU_OP_ALU] = m->core.alu_units;
    c->units[GPU_OP_SFU] = m->core.sfu_units;
    c->sub_cores = m->core.sub_cores;
    c->latency[GPU_OP_ALU] = m->core.alu_latency;
    c->latency[GPU_OP_SFU] = m->core.sfu_latency;
    c->latency[GPU_OP_SHARED_LOAD] = m->core.shared_latency;
    smem_params(m, &c->smem);
    c->gran = (gpu_gran_params){(int)m->granularity.adaptive, m->granularity.min_bytes,
                                m->granularity.max_bytes, (int)m->granularity.any_cta_stride};
    c->dwt = (gpu_dwt_params){m->dwt.period, m->dwt.mpki_threshold, m->dwt.detect_periods,
                              m->dwt.sample_periods};
    if (c->has_l1)
        cache_params(&m->l1, &c->l1);
    if (c->has_l1 && m->l1.banks > 1) /* check_l1_banks made sure the scheme parses */
        l1_bank_params(&m->l1, &c->l1_banks);
}

/* Reads between their RD and their data's end: the DRAM's pipeline, at one read a
 * max(tCCD, burst) cycles, on top of the return queue proper. */
static uint32_t return_slots(const gpu_model *m, const hamm_system_config *mem)
{
    const hamm_dram_config *d = &mem->dram;
    uint32_t burst = d->burst_length / d->data_rate, gap = d->timing.tCCD;
    gap = gap > burst ? gap : burst;
    return m->partition.return_queue + ceil_div(d->timing.CL + burst, gap ? gap : 1);
}

hamm_status gpu_model_params(const gpu_model *m, const hamm_system_config *mem, gpu_params *p,
                             hamm_error *err)
{
    *p = (gpu_params){.cores = m->cores, .core_mhz = m->core_mhz, .icnt_mhz = m->icnt_mhz,
                      .l2_mhz = m->l2_mhz, .ctrl_bytes = m->icnt.ctrl_bytes,
                      .stall_limit = 1000000, /* a million core cycles without a move */
                      .kernel_launch_latency = m->kernel_launch_latency};
    snprintf(p->name, sizeof p->name, "%s", m->name);
    core_params(m, &p->core);
    gpu_model_carveout(m, &p->carveout);
    p->request_net = (gpu_icnt_params){.flit_bytes = m->icnt.flit_bytes,
                                       .flits_per_cycle = m->icnt.flits_per_cycle,
                                       .latency = m->icnt.latency,
                                       .input_flits = m->icnt.input_flits,
                                       .output_flits = m->icnt.output_flits,
                                       .topology = m->icnt.topology,
                                       .vc_assign = m->icnt.vc_assign,
                                       .vcs = m->icnt.vcs,
                                       .hop_latency = m->icnt.hop_latency};
    p->reply_net = p->request_net; /* replies go to cores: no rows to keep together */
    p->request_net.arbiter = m->icnt.arbiter;
    p->request_net.hold = m->icnt.hold;
    p->request_net.hash_bits = m->icnt.hold_hash_bits;
    p->reply_net.memory_inputs = 1; /* the same nodes as the requests' */
    p->request_net.seed = 0x9e3779b97f4a7c15u;
    p->reply_net.seed = 0xc2b2ae3d27d4eb4fu;
    p->partition = (gpu_partition_params){.has_l2 = m->l2.sets != 0,
                                          .l2_latency = hit_latency(&m->l2),
                                          .reply_queue = m->partition.reply_queue,
                                          .return_slots = return_slots(m, mem),
                                          .held = m->partition.held,
                                          .rop_latency = m->partition.rop_latency,
                                          .dram_latency = m->partition.dram_latency};
    if (p->partition.has_l2)
        cache_params(&m->l2, &p->partition.l2);
    p->dram.cfg = *mem;
    p->dram.replay = HAMM_REPLAY_SATURATED;
    p->dram.refresh = 1;
    if (m->cores > UINT16_MAX)
        return hamm_error_field(err, HAMM_ERR_CONFIG, "cores", "at most 65535 cores");
    return HAMM_OK;
}
