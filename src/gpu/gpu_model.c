/* gpu_model.c - reading a GPU model (a file, or its contents already parsed) with the
 * model files' schema tables (common/json_schema.h), and the checks across its keys
 * (gpu_model.h). */
#include <jansson.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "common/enum_table.h"
#include "common/json_schema.h"
#include "gpu_model.h"

#define ROWS(a) (a), (sizeof(a) / sizeof((a)[0]))
#define REQ SCHEMA_REQUIRED
#define POW2 SCHEMA_POW2
#define M(m) offsetof(gpu_model, m)
#define C(m) offsetof(gpu_cache_model, m)

/* A count: required, in [lo, hi]. */
#define COUNT(key, member, lo, hi, doc) \
    { key, SCHEMA_U32, REQ, lo, hi, 0, NULL, M(member), 0, "", NULL, doc, NULL }
/* An optional count with default `def`. */
#define COUNT_OPT(key, member, lo, hi, def, unit, doc) \
    { key, SCHEMA_U32, 0, lo, hi, def, NULL, M(member), 0, unit, NULL, doc, NULL }

static const char *const policy_names[] = {[GPU_SCHED_LRR] = "lrr", [GPU_SCHED_GTO] = "gto"};
static const struct enum_table policy_table = {
    .what = "warp scheduler", .field = "core.warp_scheduler", .status = HAMM_ERR_CONFIG,
    .names = policy_names, .count = 2, .unknown = "unknown", .lead = "expected ",
    .or_last = 1};
static const char *const rule_names[] = {[GPU_COALESCE_SEGMENTS] = "segments",
                                         [GPU_COALESCE_SECTORS] = "sectors"};
static const struct enum_table rule_table = {
    .what = "coalescing rule", .field = "core.coalescing", .status = HAMM_ERR_CONFIG,
    .names = rule_names, .count = 2, .unknown = "unknown", .lead = "expected ", .or_last = 1};
static const char *const index_names[] = {
    [GPU_INDEX_LINEAR] = "linear", [GPU_INDEX_XOR] = "xor", [GPU_INDEX_PMOD] = "pmod",
    [GPU_INDEX_FERMI_HASH] = "fermi-hash", [GPU_INDEX_IPOLY] = "ipoly"};
static const struct enum_table index_table = {
    .what = "set index", .field = "index", .status = HAMM_ERR_CONFIG, .names = index_names,
    .count = 5, .unknown = "unknown", .lead = "expected ", .or_last = 1};
static const char *const write_names[] = {[GPU_WRITE_BACK] = "write-back",
                                          [GPU_WRITE_THROUGH] = "write-through"};
static const struct enum_table write_table = {
    .what = "write policy", .field = "write_policy", .status = HAMM_ERR_CONFIG,
    .names = write_names, .count = 2, .unknown = "unknown", .lead = "expected ", .or_last = 1};

static const char *const alloc_names[] = {[GPU_CACHE_ON_MISS] = "on-miss",
                                          [GPU_CACHE_ON_FILL] = "on-fill",
                                          [GPU_CACHE_STREAMING] = "streaming"};
static const struct enum_table alloc_table = {
    .what = "allocation", .field = "allocate", .status = HAMM_ERR_CONFIG, .names = alloc_names,
    .count = 3, .unknown = "unknown", .lead = "expected ", .or_last = 1};

static const struct schema_field cache_rows[] = {
    {"sets", SCHEMA_U32, POW2, 1, 1 << 20, 0, NULL, C(sets), 0, "", NULL,
     "sets (absent: no cache)", NULL},
    {"ways", SCHEMA_U32, 0, 1, 1024, 4, NULL, C(ways), 0, "", NULL, "associativity", NULL},
    {"line_bytes", SCHEMA_U32, POW2, 128, 4096, 128, NULL, C(line_bytes), 0, "bytes", NULL,
     "line size", NULL},
    {"sector_bytes", SCHEMA_U32, POW2, 1, 4096, 32, NULL, C(sector_bytes), 0, "bytes", NULL,
     "sector size (the line size: not sectored)", NULL},
    {"index", SCHEMA_ENUM, 0, 0, 0, 0, "linear", C(index), 0, "", NULL,
     "set index: linear, xor, fermi-hash, ipoly (GPGPU-Sim's L, X, H, P) or pmod (PRIC)",
     &index_table},
    {"sub_partitions", SCHEMA_U32, SCHEMA_QUIET | POW2, 1, 64, 1, NULL, C(sub_partitions), 0,
     "", NULL, "the L2's: GPGPU-Sim's sub-partitions a channel, each sets / sub_partitions "
     "sets chosen by the lowest bank bits", NULL},
    {"write_policy", SCHEMA_ENUM, 0, 0, 0, 0, "write-back", C(write_policy), 0, "", NULL,
     "write-back or write-through", &write_table},
    {"write_allocate", SCHEMA_U32, 0, 0, 1, 1, NULL, C(write_allocate), 0, "", NULL,
     "1: a write miss allocates the line", NULL},
    {"mshr_entries", SCHEMA_U32, 0, 1, 4096, 32, NULL, C(mshr_entries), 0, "", NULL,
     "sectors fetched at once", NULL},
    {"mshr_max_merge", SCHEMA_U32, 0, 1, 64, 8, NULL, C(mshr_max_merge), 0, "", NULL,
     "requests one MSHR entry holds", NULL},
    {"miss_queue", SCHEMA_U32, 0, 1, 4096, 8, NULL, C(miss_queue), 0, "", NULL,
     "requests waiting for the level below", NULL},
    {"latency", SCHEMA_U32, 0, 0, 10000, 0, NULL, C(latency), 0, "cycles", NULL,
     "hit latency in the cache's clock", NULL},
    {"miss_latency", SCHEMA_U32, SCHEMA_QUIET, 0, 10000, 0, NULL, C(miss_latency), 0, "cycles",
     NULL, "the L1's: cycles a miss or a write waits before it leaves (GPGPU-Sim's L1 latency "
     "queue)", NULL},
    /* The Khairy thesis' chapter 5 (docs/CACHE-MGMT.md); QUIET: off, they are not dumped. */
    {"pmod_poly", SCHEMA_U32, SCHEMA_QUIET, 0, 0x7fffffff, 0, NULL, C(pmod_poly), 0, "", NULL,
     "pmod's irreducible polynomial, bit i for x^i (0: built in for the set count)", NULL},
    {"index_latency", SCHEMA_U32, SCHEMA_QUIET, 0, 100, 0, NULL, C(index_latency), 0,
     "cycles", NULL, "added to the hit latency by the pmod index", NULL},
    {"bypass_period", SCHEMA_U32, SCHEMA_QUIET, 0, 1 << 30, 0, NULL, C(bypass_period), 0,
     "reads", NULL, "DBSA: reads a sampling window (0: off)", NULL},
    {"bypass_threshold", SCHEMA_DOUBLE, SCHEMA_QUIET, 0, 1, 0.9, NULL, C(bypass_threshold), 0,
     "", NULL, "DBSA: a window's miss rate above which the cache is bypassed", NULL},
    {"bypass_resample", SCHEMA_BOOL, SCHEMA_QUIET, 0, 0, 1, NULL, C(bypass_resample), 0, "",
     NULL, "DBSA: keep measuring while bypassed and turn the cache back on", NULL},
    /* docs/SMEM.md, "L1 banks" (GPGPU-Sim's -gpgpu_l1_banks*); the L1's only */
    {"banks", SCHEMA_U32, SCHEMA_QUIET, 1, GPU_L1BANK_MAX_MODULES, 1, NULL, C(banks), 0, "",
     NULL, "L1 banks (1: one access a cycle, not banked)", NULL},
    {"bank_bytes", SCHEMA_U32, SCHEMA_QUIET | POW2, 4, 4096, 32, NULL, C(bank_bytes), 0,
     "bytes", NULL, "consecutive bytes in one bank (the line size: line interleaving)", NULL},
    {"bank_scheme", SCHEMA_STRING, SCHEMA_QUIET, 1, 127, 0, "low-order", C(bank_scheme),
     sizeof(((gpu_cache_model *)0)->bank_scheme), "", NULL,
     "banks' address scheme over addr / bank_bytes (docs/BANKED.md): low-order, xor, ...",
     NULL},
    {"invalidate_when_idle", SCHEMA_BOOL, SCHEMA_QUIET, 0, 0, 0, NULL, C(invalidate_when_idle),
     0, "", NULL, "the L1's: emptied whenever its core holds no CTA (GPGPU-Sim's "
     "-gpgpu_flush_l1_cache)", NULL},
    /* docs/GPU.md, "Unified L1 and shared memory" */
    {"allocate", SCHEMA_ENUM, SCHEMA_QUIET, 0, 0, 0, "on-miss", C(alloc), 0, "", NULL,
     "when a read miss takes its line: on-miss, on-fill or streaming (on fill; on miss in a "
     "kernel without shared memory under a carveout)", &alloc_table},
    {"unified_bytes", SCHEMA_U32, SCHEMA_QUIET, 0, 1 << 24, 0, NULL, C(unified_bytes), 0,
     "bytes", NULL, "the L1's: one array for L1 and shared memory, its ways set per kernel "
     "by core.shared_carveouts (0: none)", NULL},
};
static const struct schema_table cache_table = {ROWS(cache_rows)};

static const struct schema_field clock_rows[] = {
    {"core_mhz", SCHEMA_DOUBLE, REQ, 1, 100000, 0, NULL, M(core_mhz), 0, "MHz", NULL,
     "core clock", NULL},
    {"icnt_mhz", SCHEMA_DOUBLE, REQ, 1, 100000, 0, NULL, M(icnt_mhz), 0, "MHz", NULL,
     "interconnect clock", NULL},
    {"l2_mhz", SCHEMA_DOUBLE, REQ, 1, 100000, 0, NULL, M(l2_mhz), 0, "MHz", NULL,
     "L2 and memory partition clock", NULL},
};
static const struct schema_table clock_table = {ROWS(clock_rows)};

static const struct schema_field core_rows[] = {
    COUNT("max_threads", core.max_threads, 32, 65536, "resident threads"),
    COUNT("max_ctas", core.max_ctas, 1, 1024, "resident CTAs"),
    COUNT("registers", core.registers, 1, 1 << 24, "32-bit registers"),
    COUNT("shared_memory_bytes", core.shared_bytes, 0, 1 << 24, "shared memory"),
    COUNT_OPT("warp_schedulers", core.schedulers, 1, 64, 1, "", "issue one instruction each"),
    {"warp_scheduler", SCHEMA_ENUM, 0, 0, 0, 0, "lrr", M(core.policy), 0, "", NULL,
     "lrr (loose round-robin) or gto (greedy-then-oldest)", &policy_table},
    COUNT_OPT("max_active_warps", core.max_active_warps, 0, 65536, 0, "",
              "only the oldest this many warps issue (0: all)"),
    COUNT("simd_width", core.simd_width, 1, 32, "lanes of the ALU: 32 / width cycles a warp"),
    COUNT_OPT("sfu_width", core.sfu_width, 1, 32, 2, "", "lanes of the special-function unit"),
    COUNT_OPT("ldst_width", core.ldst_width, 1, 32, 8, "", "lanes of the load/store issue"),
    /* Execution units and GPGPU-Sim's sub-cores (docs/GPU.md); QUIET: off, not dumped */
    {"alu_units", SCHEMA_U32, SCHEMA_QUIET, 0, 64, 0, NULL, M(core.alu_units), 0, "", NULL,
     "ALU units, each simd_width lanes (0: the scheduler is charged the issue cost)", NULL},
    {"sfu_units", SCHEMA_U32, SCHEMA_QUIET, 0, 64, 0, NULL, M(core.sfu_units), 0, "", NULL,
     "SFU units, each sfu_width lanes (0: the scheduler is charged the issue cost)", NULL},
    {"sub_cores", SCHEMA_BOOL, SCHEMA_QUIET, 0, 0, 0, NULL, M(core.sub_cores), 0, "", NULL,
     "each scheduler issues only to its own units / warp_schedulers of each class", NULL},
    COUNT_OPT("alu_latency", core.alu_latency, 0, 10000, 0, "cycles", "ALU result latency"),
    COUNT_OPT("sfu_latency", core.sfu_latency, 0, 10000, 0, "cycles", "SFU result latency"),
    COUNT_OPT("shared_latency", core.shared_latency, 0, 10000, 0, "cycles",
              "shared-memory load latency after its conflict passes"),
    COUNT("max_inflight", core.max_inflight, 1, 65536, "requests waiting for memory"),
    COUNT_OPT("max_merge", core.max_merge, 1, 1024, 8, "",
              "loads one in-flight request serves (no L1)"),
    {"coalescing", SCHEMA_ENUM, 0, 0, 0, 0, "sectors", M(core.coalescing), 0, "", NULL,
     "segments (compute 1.x) or sectors (sm_20 and later)", &rule_table},
    COUNT_OPT("shared_banks", core.shared_banks, 1, 1024, 32, "", "4-byte shared banks"),
    COUNT_OPT("out_queue", core.out_queue, 1, 4096, 8, "", "packets waiting for the crossbar"),
    COUNT_OPT("icache_lines", core.icache_lines, 0, 4096, 0, "",
              "instruction cache lines, read from memory at a miss (0: code is free)"),
    {"icache_line_bytes", SCHEMA_U32, POW2, 32, 4096, 128, NULL, M(core.icache_line_bytes), 0,
     "bytes", NULL, "instruction cache line", NULL},
    /* Gou's thesis, chapter 5 (docs/SMEM.md) */
    {"shared_scheme", SCHEMA_STRING, 0, 1, 127, 0, "low-order", M(core.shared_scheme),
     sizeof(((gpu_model *)0)->core.shared_scheme), "", NULL,
     "shared banks' address scheme (docs/BANKED.md): low-order, xor:s=S, sams:q=Q,s=S, prime...",
     NULL},
    {"inorder_pipeline", SCHEMA_BOOL, SCHEMA_QUIET, 0, 0, 0, NULL, M(core.inorder_pipeline), 0,
     "", NULL, "the thesis' baseline: conflicts and writeback conflicts stall the issue", NULL},
    {"elastic_pipeline", SCHEMA_BOOL, SCHEMA_QUIET, 0, 0, 0, NULL, M(core.elastic_pipeline), 0,
     "", NULL, "the thesis' elastic pipeline (PREMEM and NONMEM queues)", NULL},
    {"conflict_aware", SCHEMA_BOOL, SCHEMA_QUIET, 0, 0, 0, NULL, M(core.conflict_aware), 0, "",
     NULL, "bank-conflict-aware warp scheduling (needs a pipeline model)", NULL},
    {"premem_queue", SCHEMA_U32, SCHEMA_QUIET, 0, 64, 3, NULL, M(core.premem_queue), 0, "",
     NULL, "elastic: memory instructions waiting for the LSU (N = 32 / simd width - 1)", NULL},
    {"nonmem_queue", SCHEMA_U32, SCHEMA_QUIET, 0, 64, 4, NULL, M(core.nonmem_queue), 0, "",
     NULL, "elastic: results waiting for the writeback port (M = memory stages)", NULL},
    {"chc_sets", SCHEMA_U32, SCHEMA_QUIET, 1, 65536, 256, NULL, M(core.chc_sets), 0, "", NULL,
     "conflict history cache sets", NULL},
    {"chc_ways", SCHEMA_U32, SCHEMA_QUIET, 1, 64, 2, NULL, M(core.chc_ways), 0, "", NULL,
     "conflict history cache ways", NULL},
    {"shared_carveouts", SCHEMA_STRING, SCHEMA_QUIET_EMPTY, 0, 127, 0, "",
     M(core.shared_carveouts), sizeof(((gpu_model *)0)->core.shared_carveouts), "", NULL,
     "with l1.unified_bytes: the shared-memory bytes the array offers, comma-separated",
     NULL},
};
static const struct schema_table core_table = {ROWS(core_rows)};

static const struct enum_table arbiter_table = {
    .what = "allocator", .field = "interconnect.arbiter", .status = HAMM_ERR_CONFIG,
    .names = gpu_icnt_arbiter_names, .count = 2, .unknown = "unknown", .lead = "expected ",
    .or_last = 1};
static const struct enum_table hold_table = {
    .what = "grant hold", .field = "interconnect.hold", .status = HAMM_ERR_CONFIG,
    .names = gpu_icnt_hold_names, .count = 4, .unknown = "unknown", .lead = "expected ", .or_last = 1};
static const struct enum_table topology_table = {
    .what = "topology", .field = "interconnect.topology", .status = HAMM_ERR_CONFIG,
    .names = gpu_icnt_topology_names, .count = 3, .unknown = "unknown", .lead = "expected ",
    .or_last = 1};
static const struct enum_table vc_assign_table = {
    .what = "VC assignment", .field = "interconnect.vc_assign", .status = HAMM_ERR_CONFIG,
    .names = gpu_icnt_vc_assign_names, .count = 2, .unknown = "unknown", .lead = "expected ",
    .or_last = 1};

static const struct schema_field icnt_rows[] = {
    COUNT_OPT("flit_bytes", icnt.flit_bytes, 1, 4096, 32, "bytes", "flit size"),
    COUNT_OPT("flits_per_cycle", icnt.flits_per_cycle, 1, 64, 1, "", "per port"),
    COUNT_OPT("latency", icnt.latency, 0, 10000, 2, "cycles", "after the last flit"),
    COUNT_OPT("input_flits", icnt.input_flits, 1, 65536, 64, "", "buffer per input"),
    COUNT_OPT("output_flits", icnt.output_flits, 1, 65536, 64, "", "buffer per output"),
    COUNT_OPT("ctrl_bytes", icnt.ctrl_bytes, 1, 4096, 8, "bytes",
              "a read request or write acknowledgement"),
    {"arbiter", SCHEMA_ENUM, SCHEMA_QUIET, 0, 0, 0, "round-robin", M(icnt.arbiter), 0, "", NULL,
     "request allocator: round-robin or pim", &arbiter_table},
    {"hold", SCHEMA_ENUM, SCHEMA_QUIET, 0, 0, 0, "none", M(icnt.hold), 0, "", NULL,
     "request grant holding (Yuan thesis 4.3): none, hg, rmhg or hmhg", &hold_table},
    {"hold_hash_bits", SCHEMA_U32, SCHEMA_QUIET, 1, 32, 4, NULL, M(icnt.hold_hash_bits), 0,
     "bits", NULL, "hmhg's row hash width", NULL},
    {"topology", SCHEMA_ENUM, SCHEMA_QUIET, 0, 0, 0, "crossbar", M(icnt.topology), 0, "", NULL,
     "crossbar, ring or mesh (docs/ICNT-HOLD.md)", &topology_table},
    {"vcs", SCHEMA_U32, SCHEMA_QUIET, 1, 64, 1, NULL, M(icnt.vcs), 0, "", NULL,
     "virtual channels per router input (ring: even; crossbar: 1)", NULL},
    {"vc_assign", SCHEMA_ENUM, SCHEMA_QUIET, 0, 0, 0, "dynamic", M(icnt.vc_assign), 0, "", NULL,
     "ring and mesh VC choice: dynamic or static (by destination)", &vc_assign_table},
    {"hop_latency", SCHEMA_U32, SCHEMA_QUIET, 1, 1000, 2, NULL, M(icnt.hop_latency), 0,
     "cycles", NULL, "ring and mesh: one router and its link", NULL},
};
static const struct schema_table icnt_table = {ROWS(icnt_rows)};

static const struct schema_field partition_rows[] = {
    COUNT_OPT("reply_queue", partition.reply_queue, 1, 4096, 8, "", "replies waiting"),
    COUNT_OPT("return_queue", partition.return_queue, 1, 4096, 8, "",
              "DRAM reads whose data waits for the L2 or the reply queue"),
    COUNT_OPT("held", partition.held, 1, 65536, 256, "", "requests waiting for DRAM data"),
    COUNT_OPT("rop_latency", partition.rop_latency, 0, 65535, 0, "L2 cycles",
              "from the network's output to the L2 (GPGPU-Sim's ROP queue)"),
    COUNT_OPT("dram_latency", partition.dram_latency, 0, 65535, 0, "DRAM cycles",
              "from the L2 to the DRAM queue (GPGPU-Sim's DRAM latency queue)"),
};
static const struct schema_table partition_table = {ROWS(partition_rows)};

/* DWT-CS, the Khairy thesis' section 5.2 (docs/CACHE-MGMT.md). */
static const struct schema_field dwt_rows[] = {
    COUNT_OPT("period", dwt.period, 0, 1 << 30, 0, "cycles",
              "core cycles a sampling period (0: off)"),
    {"mpki_threshold", SCHEMA_DOUBLE, 0, 0, 1e6, 10, NULL, M(dwt.mpki_threshold), 0, "", NULL,
     "L1 read misses per thousand thread instructions that start sampling", NULL},
    COUNT_OPT("detect_periods", dwt.detect_periods, 1, 1000, 1, "",
              "periods in a row above the threshold"),
    COUNT_OPT("sample_periods", dwt.sample_periods, 1, 1000, 1, "",
              "periods the cores run with their sample limits"),
};
static const struct schema_table dwt_table = {ROWS(dwt_rows)};

/* Adaptive DRAM access granularity, the Gou thesis' chapter 6 (docs/GRANULARITY.md). */
static const struct schema_field gran_rows[] = {
    {"adaptive", SCHEMA_BOOL, SCHEMA_QUIET, 0, 0, 0, NULL, M(granularity.adaptive), 0, "", NULL,
     "a load's misses fetch its hyper block (Alg. 6.1; needs no L1 and no L2)", NULL},
    {"min_bytes", SCHEMA_U32, SCHEMA_QUIET | POW2, 32, 4096, 32, NULL, M(granularity.min_bytes),
     0, "bytes", NULL, "the DRAM's minimal access", NULL},
    {"max_bytes", SCHEMA_U32, SCHEMA_QUIET, 0, 1 << 20, 0, NULL, M(granularity.max_bytes), 0,
     "bytes", NULL, "the largest hyper block (0: the address map's channel interleaving)",
     NULL},
    {"any_cta_stride", SCHEMA_BOOL, SCHEMA_QUIET, 0, 0, 0, NULL, M(granularity.any_cta_stride),
     0, "", NULL, "Alg. 6.1 line 6 without d = blockDim.x * e: the CTA's own row suffices",
     NULL},
};
static const struct schema_table gran_table = {ROWS(gran_rows)};

static const struct schema_field model_rows[] = {
    {"schema", SCHEMA_TAG, REQ, 0, 0, 0, GPU_MODEL_SCHEMA, 0, 0, "", NULL, "file kind", NULL},
    {"name", SCHEMA_STRING, REQ, 1, 127, 0, NULL, M(name), sizeof(((gpu_model *)0)->name), "",
     NULL, "model name", NULL},
    {"description", SCHEMA_STRING, 0, 0, 4096, 0, NULL, 0, 0, "", NULL, "for people", NULL},
    {"notes", SCHEMA_NOTES, 0, 0, 0, 0, NULL, 0, 0, "", NULL, "sources", NULL},
    COUNT("cores", cores, 1, 65535, "SIMT cores"),
    /* GPGPU-Sim's -gpgpu_kernel_launch_latency (docs/GPU.md, "Kernels one after another") */
    {"kernel_launch_latency", SCHEMA_U32, SCHEMA_QUIET, 0, 100000000, 0, NULL,
     M(kernel_launch_latency), 0, "core cycles", NULL,
     "from a kernel's launch (the previous kernel's end) to its first CTA", NULL},
    {"clocks", SCHEMA_OBJECT, REQ, 0, 0, 0, NULL, 0, 0, "", &clock_table, "clocks", NULL},
    {"core", SCHEMA_OBJECT, REQ, 0, 0, 0, NULL, 0, 0, "", &core_table, "one core", NULL},
    {"l1", SCHEMA_OBJECT, 0, 0, 0, 0, NULL, M(l1), 0, "", &cache_table, "per core", NULL},
    {"l2", SCHEMA_OBJECT, 0, 0, 0, 0, NULL, M(l2), 0, "", &cache_table, "per channel", NULL},
    {"interconnect", SCHEMA_OBJECT, 0, 0, 0, 0, NULL, 0, 0, "", &icnt_table, "crossbar", NULL},
    {"partition", SCHEMA_OBJECT, 0, 0, 0, 0, NULL, 0, 0, "", &partition_table, "per channel",
     NULL},
    {"dwt", SCHEMA_OBJECT, 0, 0, 0, 0, NULL, 0, 0, "", &dwt_table, "warp throttling", NULL},
    {"granularity", SCHEMA_OBJECT, 0, 0, 0, 0, NULL, 0, 0, "", &gran_table,
     "adaptive DRAM access granularity", NULL},
};
const struct schema_table gpu_model_table = {ROWS(model_rows)};

/* The shared scheme must parse for the model's banks; one pipeline model at a time. */
static hamm_status check_smem(const gpu_model *m, const char *path, hamm_error *err)
{
    hamm_banked_scheme s;
    hamm_error e = {0};
    if (hamm_banked_parse(m->core.shared_scheme, m->core.shared_banks, &s, &e))
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(path), "core.shared_scheme",
                             "'%s' for %u banks: %s%s%s", m->core.shared_scheme,
                             m->core.shared_banks, e.field[0] ? e.field : "",
                             e.field[0] ? ": " : "", e.text);
    if (m->core.inorder_pipeline && m->core.elastic_pipeline)
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(path), "core.elastic_pipeline",
                             "the in-order and the elastic pipeline exclude each other");
    if (m->core.conflict_aware && !m->core.inorder_pipeline && !m->core.elastic_pipeline)
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(path), "core.conflict_aware",
                             "needs a pipeline model (core.elastic_pipeline or "
                             "core.inorder_pipeline)");
    return HAMM_OK;
}

/* The hyper block lives in the core's in-flight table and goes to the DRAM queue as one
 * request: no L1 (its MSHRs would take the table's place) and no L2 (its lines would cut
 * the block up). */
static hamm_status check_gran(const gpu_model *m, const char *path, hamm_error *err)
{
    const char *cache = m->l1.sets ? "an L1" : m->l2.sets ? "an L2" : NULL;
    if (m->granularity.adaptive && cache)
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(path), "granularity.adaptive",
                             "needs a GPU without data caches (the thesis' GPU); this one has "
                             "%s", cache);
    if (m->granularity.max_bytes &&
        (m->granularity.max_bytes & (m->granularity.max_bytes - 1) ||
         m->granularity.max_bytes < m->granularity.min_bytes))
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(path), "granularity.max_bytes",
                             "%u: expected 0 (the address map's interleaving) or a power of two "
                             "of at least min_bytes (%u)", m->granularity.max_bytes,
                             m->granularity.min_bytes);
    return HAMM_OK;
}

/* The L1's bank scheme must parse for its banks and give at most 64 modules; the L2 is
 * not banked. */
static hamm_status check_l1_banks(const gpu_model *m, const char *path, hamm_error *err)
{
    hamm_banked_scheme s;
    hamm_error e = {0};
    if (m->l2.sets && m->l2.banks > 1)
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(path), "l2.banks",
                             "%u: banks are modelled for the L1 only", m->l2.banks);
    if (!m->l1.sets)
        return HAMM_OK;
    if (hamm_banked_parse(m->l1.bank_scheme, m->l1.banks, &s, &e))
        /* a module count the scheme cannot take is the bank count's fault */
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(path),
                             strcmp(e.field, "modules") ? "l1.bank_scheme" : "l1.banks",
                             "'%s' for %u banks: %s%s%s", m->l1.bank_scheme, m->l1.banks,
                             e.field[0] ? e.field : "", e.field[0] ? ": " : "", e.text);
    if (s.modules > GPU_L1BANK_MAX_MODULES)
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(path), "l1.bank_scheme",
                             "'%s' for %u banks has %u modules: at most %u", s.spec,
                             m->l1.banks, s.modules, GPU_L1BANK_MAX_MODULES);
    return HAMM_OK;
}

/* The latency queue is the L1's (GPGPU-Sim's L2 has none: its ROP queue is the
 * partition's rop_latency). */
static hamm_status check_l2(const gpu_model *m, const char *path, hamm_error *err)
{
    if (!m->l2.miss_latency)
        return HAMM_OK;
    return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(path), "l2.miss_latency",
                         "only an L1 has a miss latency; the L2's delay before its tags is "
                         "partition.rop_latency");
}

/* Sub-cores divide each class's units among the schedulers: both classes need units, a
 * multiple of the schedulers (GPGPU-Sim gives each sub-core its own slot of every unit's
 * issue register). */
static hamm_status check_sub_cores(const gpu_model *m, const char *path, hamm_error *err)
{
    if (!m->core.sub_cores)
        return HAMM_OK;
    uint32_t s = m->core.schedulers;
    const char *bad = !m->core.alu_units || m->core.alu_units % s   ? "core.alu_units"
                      : !m->core.sfu_units || m->core.sfu_units % s ? "core.sfu_units"
                                                                     : NULL;
    if (!bad)
        return HAMM_OK;
    return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(path), bad,
                         "core.sub_cores needs alu_units (%u) and sfu_units (%u) to be "
                         "multiples of warp_schedulers (%u), at least one each",
                         m->core.alu_units, m->core.sfu_units, s);
}

/* The virtual channels the topology allows (icnt.c), named with the file. */
static hamm_status check_icnt(const gpu_model *m, const char *path, hamm_error *err)
{
    hamm_status st = gpu_icnt_check_vcs(m->icnt.topology, m->icnt.vcs, err);
    if (st)
        hamm_error_locate(err, HAMM_IN(path));
    return st;
}

hamm_status gpu_model_from_json(gpu_model *m, json_t *doc, const char *source, hamm_error *err)
{
    *m = (gpu_model){0};
    hamm_status st = schema_read_doc(&gpu_model_table, m, doc, source, "a model file", err);
    st = st ? st : check_smem(m, source, err);
    st = st ? st : check_gran(m, source, err);
    st = st ? st : check_l1_banks(m, source, err);
    st = st ? st : check_l2(m, source, err);
    st = st ? st : check_icnt(m, source, err);
    st = st ? st : check_sub_cores(m, source, err);
    st = st ? st : gpu_model_check_carveout(m, source, err);
    return st ? st : gpu_model_check_mgmt(m, source, err);
}

hamm_status gpu_model_load(gpu_model *m, const char *path, hamm_error *err)
{
    json_t *doc;
    hamm_status st = json_parse_file(path, JSON_PARSE_LINE, &doc, err);
    if (st == HAMM_OK)
        st = gpu_model_from_json(m, doc, path, err);
    json_decref(doc);
    return st;
}
