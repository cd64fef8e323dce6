/* import_values.c - the GPGPU-Sim options hamm honours (one table: name, reader, whether
 * required) and the known effects of those it ignores. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import_internal.h"

typedef hamm_status (*reader_fn)(imp_state *s, const char *v, hamm_error *err);

#define U32(fn, member, lo, hi, what)                                             \
    static hamm_status fn(imp_state *s, const char *v, hamm_error *err)          \
    {                                                                             \
        return import_u32(s, v, lo, hi, what, &s->member, err);                   \
    }
U32(rd_clusters, clusters, 1, 65535, "clusters")
U32(rd_per_cluster, per_cluster, 1, 65535, "cores per cluster")
U32(rd_channels, channels, 1, 1024, "memory channels")
U32(rd_subpart, sub_partitions, 1, 64, "sub-partitions per channel")
U32(rd_ctas, ctas, 1, 1024, "CTAs per core")
U32(rd_registers, registers, 1, 1u << 24, "registers per core")
U32(rd_shmem, shared_bytes, 0, 1u << 24, "shared memory bytes")
U32(rd_sched_count, schedulers, 1, 64, "schedulers per core")
U32(rd_banks, shared_banks, 1, 1024, "shared-memory banks")
U32(rd_l1_lat, l1_latency, 0, 10000, "L1 latency")
U32(rd_rop_lat, rop_latency, 0, 10000, "ROP latency (core cycles)")
U32(rd_dram_lat, dram_latency, 0, 10000, "DRAM latency (core cycles)")
U32(rd_return_queue, return_queue, 0, 4096, "DRAM return queue entries")
U32(rd_smem_lat, shared_latency, 0, 10000, "shared-memory latency")
U32(rd_chips, chips, 1, 64, "chips per channel")
U32(rd_buswidth, bus_bytes, 1, 128, "bytes per chip")
U32(rd_burst, burst, 1, 64, "burst length")
U32(rd_ratio, data_ratio, 1, 8, "data beats per command cycle")
U32(rd_dram_sched, dram_scheduler, 0, 1, "0 (FIFO) or 1 (FR-FCFS)")
U32(rd_queue, queue, 0, 65536, "scheduler queue entries")
U32(rd_coalesce, coalesce_arch, 0, 1000, "compute capability")
U32(rd_network, network_mode, 0, 100, "network mode")
U32(rd_flit, flit_bytes, 1, 4096, "flit bytes")
U32(rd_bnkgrp, bnkgrp_low, 0, 1, "0 (higher bits) or 1 (lower bits)")
U32(rd_l1_hash, l1_bank_hash, 0, 3, "0 (linear), 1 (XOR), 2 (IPOLY) or 3 (Fermi hash)")
U32(rd_part_index, partition_indexing, 0, 5,
    "0 (consecutive), 1 (bitwise), 2 (IPOLY), 3 (PAE), 4 (random) or 5 (custom)")

/* L1 banks and their interleave: powers of two, as GPGPU-Sim's bit masks take them. */
static hamm_status rd_pow2(imp_state *s, const char *v, uint32_t lo, uint32_t hi,
                           const char *what, uint32_t *out, hamm_error *err)
{
    hamm_status st = import_u32(s, v, lo, hi, what, out, err);
    if (st == HAMM_OK && (*out & (*out - 1)))
        return import_fail(s, err, "%s: %u is not a power of two", what, (unsigned)*out);
    return st;
}

static hamm_status rd_l1_banks(imp_state *s, const char *v, hamm_error *err)
{
    return rd_pow2(s, v, 1, 64, "L1 banks", &s->l1_banks, err);
}

static hamm_status rd_l1_bank_bytes(imp_state *s, const char *v, hamm_error *err)
{
    return rd_pow2(s, v, 4, 4096, "L1 bank interleave bytes", &s->l1_bank_bytes, err);
}

U32(rd_adaptive, adaptive_l1, 0, 1, "0 or 1")
U32(rd_unified, unified_kib, 0, 16384, "unified L1 and shared memory KiB")

/* "0,8,16" KiB -> "0,8192,16384" bytes (core.shared_carveouts) */
static hamm_status rd_shmem_option(imp_state *s, const char *v, hamm_error *err)
{
    char buf[128], *save = NULL;
    size_t used = 0, n = 0;
    snprintf(buf, sizeof buf, "%s", v);
    for (char *kib = strtok_r(buf, ",", &save); kib; kib = strtok_r(NULL, ",", &save)) {
        uint32_t k;
        hamm_status st = import_u32(s, kib, 0, 16384, "shared-memory carveout KiB", &k, err);
        if (st != HAMM_OK)
            return st;
        used += (size_t)snprintf(s->carveouts + used, sizeof s->carveouts - used, "%s%u",
                                 n++ ? "," : "", (unsigned)k * 1024);
        if (used >= sizeof s->carveouts || n > 16)
            return import_fail(s, err, "at most 16 carveouts");
    }
    return n ? HAMM_OK : import_fail(s, err, "expected carveouts in KiB, comma-separated");
}

U32(rd_sp_units, sp_units, 1, 64, "SP units")
U32(rd_perfect_icache, perfect_icache, 0, 1, "0 or 1")
U32(rd_flush_l1, flush_l1, 0, 1, "0 or 1")
U32(rd_skip_l1, skip_l1, 0, 1, "0 or 1")
U32(rd_write_queue_on, write_queue_on, 0, 1, "0 or 1")
U32(rd_sfu_units, sfu_units, 1, 64, "SFU units")
U32(rd_sub_cores, sub_cores, 0, 1, "0 or 1 (the sub-core model)")
U32(rd_launch_latency, kernel_launch_latency, 0, 100000000, "kernel launch latency (core cycles)")

/* "latency,initiation" (trace mode's per-unit timing) */
static hamm_status latency_pair(imp_state *s, const char *v, uint32_t out[2], hamm_error *err)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s", v);
    char *comma = strchr(buf, ',');
    if (!comma)
        return import_fail(s, err, "expected latency,initiation, got '%s'", v);
    *comma = '\0';
    hamm_status st = import_u32(s, buf, 1, 10000, "latency", &out[0], err);
    return st ? st : import_u32(s, comma + 1, 1, 10000, "initiation interval", &out[1], err);
}

static hamm_status rd_sp_lat(imp_state *s, const char *v, hamm_error *err)
{
    return latency_pair(s, v, s->sp_lat, err);
}

static hamm_status rd_sfu_lat(imp_state *s, const char *v, hamm_error *err)
{
    return latency_pair(s, v, s->sfu_lat, err);
}

/* n counts separated by ':' ("a:b:c"), each lo to hi; `spelling` names them for errors. */
static hamm_status counts(imp_state *s, const char *v, uint32_t *out, int n, uint32_t lo,
                          uint32_t hi, const char *spelling, const char *what,
                          hamm_error *err)
{
    char buf[64];
    if (snprintf(buf, sizeof buf, "%s", v) >= (int)sizeof buf)
        return import_fail(s, err, "expected %s, got '%s'", spelling, v);
    char *p = buf;
    for (int i = 0; i < n; i++) {
        char *colon = strchr(p, ':');
        if ((colon == NULL) != (i == n - 1))
            return import_fail(s, err, "expected %s, got '%s'", spelling, v);
        if (colon)
            *colon = '\0';
        hamm_status st = import_u32(s, p, lo, hi, what, &out[i], err);
        if (st != HAMM_OK)
            return st;
        p = colon + 1;
    }
    return HAMM_OK;
}

/* A sub-partition's four queues (GPGPU-Sim's memory_sub_partition; 0 is unbounded
 * there, so hamm asks for at least one entry). */
static hamm_status rd_partition_queues(imp_state *s, const char *v, hamm_error *err)
{
    return counts(s, v, s->partition_queues, 4, 1, 4096, "icnt_L2:L2_dram:dram_L2:L2_icnt",
                  "partition queue entries", err);
}

/* The separate write queue's size and its watermarks (dram_sched.cc: write mode from
 * `high` pending writes, read mode again below `low`). */
static hamm_status rd_write_queue(imp_state *s, const char *v, hamm_error *err)
{
    hamm_status st = counts(s, v, s->write_queue, 3, 0, 65536, "size:high:low",
                            "write queue entries", err);
    if (st == HAMM_OK && !(s->write_queue[2] >= 1 && s->write_queue[2] <= s->write_queue[1] &&
                           s->write_queue[1] <= s->write_queue[0]))
        return import_fail(s, err, "expected 1 <= low <= high <= size, got '%s'", v);
    return st;
}

/* "threads:warp_size[:...]" */
static hamm_status rd_pipeline(imp_state *s, const char *v, hamm_error *err)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s", v);
    char *colon = strchr(buf, ':');
    if (!colon)
        return import_fail(s, err, "expected threads:warp_size, got '%s'", v);
    *colon = '\0';
    char *rest = strchr(colon + 1, ':'); /* 3.x files add the SIMD width: hamm's own */
    if (rest)
        *rest = '\0';
    hamm_status st = import_u32(s, buf, 32, 65536, "threads per core", &s->threads, err);
    if (st == HAMM_OK)
        st = import_u32(s, colon + 1, 1, 1024, "warp size", &s->warp_size, err);
    if (st == HAMM_OK && s->warp_size != 32)
        return import_fail(s, err, "hamm's warps are 32 threads, not %u",
                           (unsigned)s->warp_size);
    return st;
}

static hamm_status rd_scheduler(imp_state *s, const char *v, hamm_error *err)
{
    snprintf(s->scheduler, sizeof s->scheduler, "%s", v);
    if (v[0] == '\0')
        return import_fail(s, err, "expected a scheduler name (lrr, gto, ...)");
    return HAMM_OK;
}

static hamm_status rd_dl1(imp_state *s, const char *v, hamm_error *err)
{
    return import_cache(s, v, &s->l1, err);
}

static hamm_status rd_il1(imp_state *s, const char *v, hamm_error *err)
{
    return import_cache(s, v, &s->il1, err);
}

static hamm_status rd_dl2(imp_state *s, const char *v, hamm_error *err)
{
    s->l2_line = s->line;
    return import_cache(s, v, &s->l2, err);
}

/* "core:icnt:l2:dram" in MHz */
static hamm_status rd_clocks(imp_state *s, const char *v, hamm_error *err)
{
    const char *p = v;
    for (int i = 0; i < 4; i++) {
        char *end;
        double mhz = strtod(p, &end);
        if (end == p || !(mhz >= 1 && mhz <= 100000) || *end != (i < 3 ? ':' : '\0'))
            return import_fail(s, err, "expected core:icnt:l2:dram clocks in MHz (1 to "
                                       "100000), got '%s'",
                               v);
        s->clock[i] = mhz;
        p = end + 1;
    }
    return HAMM_OK;
}

static hamm_status rd_timing(imp_state *s, const char *v, hamm_error *err)
{
    return import_timing(s, v, err);
}

static hamm_status rd_map(imp_state *s, const char *v, hamm_error *err)
{
    if (v[0] == '\0' || strlen(v) >= sizeof s->map)
        return import_fail(s, err, "expected an address map of 1 to %zu characters",
                           sizeof s->map - 1);
    strcpy(s->map, v);
    s->map_line = s->line;
    return HAMM_OK;
}

static const struct honoured {
    const char *name;
    reader_fn read;
    int required;
} honoured[] = {
    {"gpgpu_n_clusters", rd_clusters, 1},
    {"gpgpu_n_cores_per_cluster", rd_per_cluster, 0},
    {"gpgpu_n_mem", rd_channels, 1},
    {"gpgpu_n_sub_partition_per_mchannel", rd_subpart, 0},
    {"gpgpu_shader_core_pipeline", rd_pipeline, 1},
    {"gpgpu_shader_cta", rd_ctas, 0},
    {"gpgpu_shader_registers", rd_registers, 0},
    {"gpgpu_shmem_size", rd_shmem, 0},
    {"gpgpu_shmem_num_banks", rd_banks, 0},
    {"gpgpu_num_sched_per_core", rd_sched_count, 0},
    {"gpgpu_scheduler", rd_scheduler, 0},
    {"gpgpu_cache:dl1", rd_dl1, 0},
    {"gpgpu_cache:dl2", rd_dl2, 0},
    {"gpgpu_l1_latency", rd_l1_lat, 0},
    {"gpgpu_l1_banks", rd_l1_banks, 0},
    {"gpgpu_l1_banks_byte_interleaving", rd_l1_bank_bytes, 0},
    {"gpgpu_l1_banks_hashing_function", rd_l1_hash, 0},
    {"gpgpu_adaptive_cache_config", rd_adaptive, 0},
    {"gpgpu_unified_l1d_size", rd_unified, 0},
    {"gpgpu_shmem_option", rd_shmem_option, 0},
    {"gpgpu_l2_rop_latency", rd_rop_lat, 0},
    {"dram_latency", rd_dram_lat, 0},
    {"gpgpu_smem_latency", rd_smem_lat, 0},
    {"gpgpu_clock_domains", rd_clocks, 1},
    {"gpgpu_dram_timing_opt", rd_timing, 1},
    {"gpgpu_n_mem_per_ctrlr", rd_chips, 0},
    {"gpgpu_dram_buswidth", rd_buswidth, 0},
    {"gpgpu_dram_burst_length", rd_burst, 0},
    {"dram_data_command_freq_ratio", rd_ratio, 0},
    {"gpgpu_dram_scheduler", rd_dram_sched, 0},
    {"gpgpu_frfcfs_dram_sched_queue_size", rd_queue, 0},
    {"gpgpu_dram_return_queue_size", rd_return_queue, 0},
    {"gpgpu_dram_partition_queues", rd_partition_queues, 0},
    {"gpgpu_perfect_inst_const_cache", rd_perfect_icache, 0},
    {"gpgpu_flush_l1_cache", rd_flush_l1, 0},
    {"gpgpu_gmem_skip_L1D", rd_skip_l1, 0},
    {"dram_seperate_write_queue_enable", rd_write_queue_on, 0},
    {"dram_write_queue_size", rd_write_queue, 0},
    {"gpgpu_mem_addr_mapping", rd_map, 1},
    {"dram_bnkgrp_indexing_policy", rd_bnkgrp, 0},
    {"gpgpu_memory_partition_indexing", rd_part_index, 0},
    {"gpgpu_coalesce_arch", rd_coalesce, 0},
    {"network_mode", rd_network, 0},
    {"icnt_flit_size", rd_flit, 0},
    {"gpgpu_cache:il1", rd_il1, 0},
    {"gpgpu_num_sp_units", rd_sp_units, 0},
    {"gpgpu_num_sfu_units", rd_sfu_units, 0},
    {"gpgpu_sub_core_model", rd_sub_cores, 0},
    {"trace_opcode_latency_initiation_sp", rd_sp_lat, 0},
    {"trace_opcode_latency_initiation_sfu", rd_sfu_lat, 0},
    {"gpgpu_kernel_launch_latency", rd_launch_latency, 0},
};
#define NHONOURED (sizeof honoured / sizeof honoured[0])

/* Ignored options whose effect is known; a name ending in '*' is a prefix. */
static const struct ignored {
    const char *name, *effect;
} known[] = {
    {"gpgpu_max_insn_issue_per_warp", "instructions a warp issues per cycle: hamm issues one"},
    {"gpgpu_pipeline_widths", "pipeline register widths: hamm models issue, not the stages"},
    {"gpgpu_num_dp_units", "double-precision units: not modelled"},
    {"gpgpu_num_int_units", "integer units: hamm runs integer work on the ALU"},
    {"gpgpu_num_tensor_core_units", "tensor cores: not modelled"},
    {"ptx_opcode_*", "per-opcode latency: hamm has one ALU and one SFU latency"},
    {"gpgpu_tex_cache:l1", "texture cache: no texture path in hamm"},
    {"gpgpu_const_cache:l1", "constant cache: constant loads are not modelled"},
    {"gpgpu_operand_collector_*", "operand collectors: register-read conflicts not modelled"},
    {"gpgpu_num_reg_banks", "register banks: register-read conflicts not modelled"},
    {"gpgpu_reg_bank_use_warp_id", "register bank mapping: not modelled"},
    {"gpgpu_shmem_limited_broadcast", "shared-memory broadcast limits: not modelled"},
    {"gpgpu_shmem_warp_parts", "shared-memory warp parts: hamm serves a warp at once"},
    {"gpgpu_l1_cache_write_ratio", "L1 write-ratio adaptation: not modelled"},
    {"gpgpu_n_cluster_ejection_buffer_size", "cluster ejection buffer: hamm's icnt queues"},
    {"dram_bnk_indexing_policy", "bank index hashing: hamm takes the map's bank bits"},
    {"gpgpu_mem_address_mask", "address mask: hamm uses the map as written"},
    {"inter_config_file", "network topology: hamm models one crossbar each way"},
    {"gpgpu_cache:dl2_texture_only", "L2 for texture only: hamm's L2 serves all data"},
    {"gpgpu_runtime_sync_depth_limit", "dynamic parallelism limit: no timing effect"},
    {"gpgpu_runtime_pending_launch_count_limit", "dynamic parallelism limit: no timing effect"},
    {"gpgpu_reg_file_port_throughput", "register file ports: register-read bandwidth not "
                                       "modelled (hamm reads operands at once)"},
    {"gpgpu_enable_specialized_operand_collector", "operand collectors: not modelled"},
    {"gpgpu_dual_issue_diff_exec_units", "1 lets a scheduler issue two instructions to "
                                         "different units a cycle: hamm issues one"},
    {"specialized_unit_*", "branch, texture, tensor and uniform units: hamm runs their "
                           "instructions on the ALU"},
    {"gpgpu_tensor_core_avail", "tensor cores: not modelled"},
    {"icnt_subnets", "separate request and reply networks: hamm's crossbar has one each way"},
    {"icnt_in_buffer_limit", "router buffers: hamm's crossbar queues keep their defaults "
                             "(interconnect.input_flits)"},
    {"icnt_out_buffer_limit", "router buffers: hamm's crossbar queues keep their defaults "
                              "(interconnect.output_flits)"},
    {"icnt_arbiter_algo", "router arbitration: hamm's crossbar arbiter (interconnect.arbiter)"},
    {"gpgpu_registers_per_block", "per-CTA register limit: hamm checks the core's registers"},
    {"gpgpu_ignore_resources_limitation", "resource checks: hamm always checks a CTA fits"},
    {"gpgpu_inst_fetch_throughput", "instructions fetched a cycle: hamm has no fetch stage "
                                    "(a warp issues once its code line is present)"},
    {"gpgpu_clock_gated_lanes", "power model: no timing effect"},
    {"dram_dual_bus_interface", "1: separate row and column command buses (HBM): hamm "
                                "issues one DRAM command a cycle"},
    {"smem_latency", "not an option GPGPU-Sim registers (-gpgpu_smem_latency is): it has no "
                     "effect there either"},
    {"gpgpu_ptx_*", "functional simulation: no timing effect"},
    {"gpgpu_compute_capability_*", "functional simulation: no timing effect"},
    {"gpgpu_stack_size_limit", "device limit: no timing effect"},
    {"gpgpu_heap_size_limit", "device limit: no timing effect"},
    {"gpgpu_occupancy_sm_number", "occupancy report: no timing effect"},
    {"gpgpu_simd_model", "divergence model: hamm's workloads give active lanes"},
    {"gpgpu_shmem_sizeDefault", "shared-memory carve-out: gpgpu_shmem_size is honoured"},
    {"gpgpu_shmem_size_Pref*", "the shared memory of a kernel that asks for a cache "
                               "preference: recordings ask none"},
    {"gpgpu_cache:dl1Pref*", "the L1 of a kernel that asks for a cache preference: "
                             "recordings ask none"},
    {"gpgpu_shmem_per_block", "the shared memory a CTA may ask: a launch check, no timing "
                              "effect"},
    {"gpgpu_perf_sim_memcpy", "copies into the L2 before kernels: not modelled"},
    {"gpgpu_TB_launch_latency", "the grid's CTAs x this added to the launch latency: not "
                                "modelled"},
    {"gpgpu_max_concurrent_kernel", "kernels run one at a time, as in Accel-Sim without "
                                    "-gpgpu_concurrent_kernel_sm"},
    {"gpgpu_memlatency_stat", "statistics: no timing effect"},
    {"gpgpu_runtime_stat", "statistics: no timing effect"},
    {"enable_ptx_file_line_stats", "statistics: no timing effect"},
    {"visualizer_*", "statistics: no timing effect"},
    {"power_*", "power model: no timing effect"},
    {"gpuwattch_xml_file", "power model: no timing effect"},
    {"trace_opcode_latency_initiation_*", "unit latency: hamm's ALU is the SP unit's"},
    {"trace_*", "tracing: no timing effect"},
};
#define NKNOWN (sizeof known / sizeof known[0])

static const char *known_effect(const char *option)
{
    for (size_t i = 0; i < NKNOWN; i++) {
        size_t n = strlen(known[i].name);
        if (known[i].name[n - 1] == '*' ? strncmp(option, known[i].name, n - 1) == 0
                                        : strcmp(option, known[i].name) == 0)
            return known[i].effect;
    }
    return NULL;
}

int import_value(imp_state *s, const char *option, const char *value, const char **effect,
                 hamm_status *st, hamm_error *err)
{
    for (size_t i = 0; i < NHONOURED; i++)
        if (strcmp(option, honoured[i].name) == 0) {
            *st = honoured[i].read(s, value, err);
            s->seen |= (uint64_t)1 << i;
            s->given_at[i] = s->line;
            return 1;
        }
    *effect = known_effect(option);
    *st = HAMM_OK;
    return 0;
}

uint64_t import_option_line(const imp_state *s, const char *option)
{
    for (size_t i = 0; i < NHONOURED; i++)
        if (strcmp(option, honoured[i].name) == 0)
            return s->seen & ((uint64_t)1 << i) ? s->given_at[i] : 0;
    return 0;
}

hamm_status import_required(const imp_state *s, hamm_error *err)
{
    for (size_t i = 0; i < NHONOURED; i++)
        if (honoured[i].required && !(s->seen & ((uint64_t)1 << i)))
            return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(s->source), NULL,
                                 "the configuration lacks -%s, which hamm needs",
                                 honoured[i].name);
    return HAMM_OK;
}

void import_absent(const imp_state *s, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < NHONOURED && used < size; i++)
        if (!(s->seen & ((uint64_t)1 << i)))
            used += (size_t)snprintf(buf + used, size - used, "%s-%s", used ? ", " : "",
                                     honoured[i].name);
}

/* The values of the options a file may leave out (the model's notes list which were). */
void import_defaults(imp_state *s)
{
    *s = (imp_state){.per_cluster = 1, .sub_partitions = 1, .warp_size = 32, .ctas = 8,
                     .registers = 8192, .shared_bytes = 16384, .schedulers = 1,
                     .shared_banks = 32, .scheduler = "lrr", .coalesce_arch = 13,
                     .chips = 2, .bus_bytes = 4, .burst = 4, .data_ratio = 2,
                     .dram_scheduler = 1, .queue = 0, .network_mode = 1, .flit_bytes = 32,
                     .l1_latency = 1, .l1_banks = 1, .l1_bank_bytes = 32, .rop_latency = 85,
                     .dram_latency = 30, .return_queue = 0, .partition_queues = {8, 8, 8, 8},
                     .write_queue = {32, 28, 16}, .sp_units = 1, .sfu_units = 1,
                     .carveouts = "0"};
}
