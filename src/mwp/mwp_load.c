/* mwp_load.c - reading MWP/CWP machine and kernel files (hamm-mwp-machine/1,
 * hamm-mwp-kernel/1) with the model files' schema tables (common/json_schema.h). */
#include <jansson.h>
#include <stddef.h>
#include <stdio.h>

#include "common/enum_table.h"
#include "common/json_schema.h"
#include "hamm/mwp.h"

#define ROWS(a) (a), (sizeof(a) / sizeof((a)[0]))
#define REQ SCHEMA_REQUIRED
#define MM(x) offsetof(hamm_mwp_machine, x)
#define KM(x) offsetof(hamm_mwp_kernel, x)

/* A required real in [lo, hi] of the machine or the kernel. */
#define MREAL(key, lo, hi, unit, doc) \
    { #key, SCHEMA_DOUBLE, REQ, lo, hi, 0, NULL, MM(key), 0, unit, NULL, doc, NULL }
#define MCOUNT(key, lo, hi, unit, doc) \
    { #key, SCHEMA_U32, REQ, lo, hi, 0, NULL, MM(key), 0, unit, NULL, doc, NULL }
#define KREAL(key, flags, lo, hi, doc) \
    { #key, SCHEMA_DOUBLE, flags, lo, hi, 0, NULL, KM(key), 0, "", NULL, doc, NULL }
#define KCOUNT(key, flags, lo, hi, unit, doc) \
    { #key, SCHEMA_U32, flags, lo, hi, 0, NULL, KM(key), 0, unit, NULL, doc, NULL }

static const char *const coalescing_names[HAMM_MWP_COAL_COUNT] = {
    [HAMM_MWP_COAL_SEGMENTS] = "segments",
    [HAMM_MWP_COAL_SECTORS] = "sectors",
};

static const struct enum_table coalescing_table = {
    .what = "coalescing rule", .field = "coalescing", .status = HAMM_ERR_CONFIG,
    .names = coalescing_names, .count = HAMM_MWP_COAL_COUNT, .unknown = "unknown",
    .lead = "expected ", .all = NULL, .or_last = 1,
};

const char *hamm_mwp_coalescing_name(hamm_mwp_coalescing c)
{
    return enum_table_name(&coalescing_table, (unsigned)c);
}

static const struct schema_field machine_rows[] = {
    {"schema", SCHEMA_TAG, REQ, 0, 0, 0, HAMM_MWP_MACHINE_SCHEMA, 0, 0, "", NULL, "file kind",
     NULL},
    {"name", SCHEMA_STRING, REQ, 1, 127, 0, NULL, MM(name), sizeof(((hamm_mwp_machine *)0)->name),
     "", NULL, "machine name", NULL},
    {"description", SCHEMA_STRING, 0, 0, 4096, 0, NULL, 0, 0, "", NULL, "for people", NULL},
    {"notes", SCHEMA_NOTES, 0, 0, 0, 0, NULL, 0, 0, "", NULL, "sources", NULL},
    MCOUNT(sms, 1, 65535, "", "#Active_SMs"),
    MREAL(freq_ghz, 0.001, 100, "GHz", "Freq: core clock"),
    MREAL(mem_bandwidth_gbps, 0.001, 1e6, "GB/s", "Mem_Bandwidth: peak DRAM bandwidth"),
    MREAL(mem_ld_cycles, 1, 1e6, "cycles", "Mem_LD: DRAM access latency"),
    MREAL(departure_del_coal, 0.001, 1e6, "cycles", "Departure_del_coal"),
    MREAL(departure_del_uncoal, 0.001, 1e6, "cycles", "Departure_del_uncoal"),
    MREAL(issue_cycles, 0.001, 1e6, "cycles", "Issue_cycles: one warp instruction"),
    MCOUNT(max_threads_per_sm, 32, 1u << 20, "", "resident threads per SM"),
    MCOUNT(max_blocks_per_sm, 1, 1u << 20, "", "resident blocks per SM"),
    MCOUNT(registers_per_sm, 1, 1u << 30, "", "32-bit registers per SM"),
    MCOUNT(shared_per_sm, 0, 1u << 30, "bytes", "shared memory per SM"),
    {"coalescing", SCHEMA_ENUM, 0, 0, 0, 0, "segments", MM(coalescing), 0, "", NULL,
     "the coalescing rule counts derived from a workload use (segments: compute 1.x; "
     "sectors: 2.0 and later)", &coalescing_table},
    {"system", SCHEMA_STRING, 0, 1, 127, 0, NULL, MM(system),
     sizeof(((hamm_mwp_machine *)0)->system), "", NULL,
     "the system model (models/system/) of this GPU's memory: hamm mwp --trace's default",
     NULL},
    {"memory_line_bytes", SCHEMA_U32, 0, 0, 1u << 16, 0, NULL, MM(memory_line_bytes), 0,
     "bytes", NULL, "bytes the memory moves for a transaction that misses the caches (0: "
     "the transaction's own)", NULL},
    {"sfu_issue_cycles", SCHEMA_DOUBLE, 0, 0, 1e6, 0, NULL, MM(sfu_issue_cycles), 0, "cycles",
     NULL, "an SM's cycles to issue an SFU warp instruction (issue bound; 0: issue_cycles)",
     NULL},
    {"mem_issue_cycles", SCHEMA_DOUBLE, 0, 0, 1e6, 0, NULL, MM(mem_issue_cycles), 0, "cycles",
     NULL, "an SM's cycles to issue a global or shared memory warp instruction (issue bound; "
     "0: issue_cycles)", NULL},
    {"shared_banks", SCHEMA_U32, 0, 0, 1024, 0, NULL, MM(shared_banks), 0, "", NULL,
     "shared-memory banks, for derived counts' bank-conflict passes (0: none counted)", NULL},
    {"channels", SCHEMA_U32, 0, 0, 4096, 0, NULL, MM(channels), 0, "", NULL,
     "DRAM channels, each serving a request at 1/channels of the bandwidth (queueing; 0: "
     "one server)", NULL},
    {"write_l_cycles", SCHEMA_DOUBLE, 0, 0, 1e6, 0, NULL, MM(write_l_cycles), 0, "cycles", NULL,
     "Write_L: a store's trip until the DRAM has written it (queueing; 0: no store tail)",
     NULL},
    {"channel_bytes", SCHEMA_U32, 0, 0, 1u << 30, 0, NULL, MM(channel_bytes), 0, "bytes", NULL,
     "bytes of a channel's chunk in the address map, for derived counts' channel skew (0: "
     "none)", NULL},
    {"icnt_flit_bytes", SCHEMA_U32, 0, 0, 1u << 16, 0, NULL, MM(icnt_flit_bytes), 0, "bytes",
     NULL, "the crossbar's flit (queueing; 0: no crossbar stations)", NULL},
    {"icnt_ctrl_bytes", SCHEMA_U32, 0, 0, 1u << 16, 0, NULL, MM(icnt_ctrl_bytes), 0, "bytes",
     NULL, "a packet's header on the crossbar", NULL},
    {"icnt_flits_per_cycle", SCHEMA_DOUBLE, 0, 0, 1e6, 0, NULL, MM(icnt_flits_per_cycle), 0, "",
     NULL, "flits a crossbar port moves a cycle (0: 1)", NULL},
    {"icnt_freq_ghz", SCHEMA_DOUBLE, 0, 0, 1e3, 0, NULL, MM(icnt_freq_ghz), 0, "GHz", NULL,
     "the crossbar's clock (0: the core's)", NULL},
    {"max_merge", SCHEMA_U32, 0, 0, 1u << 16, 0, NULL, MM(max_merge), 0, "", NULL,
     "loads one read request in flight serves, for derived counts (0: no limit)", NULL},
};
static const struct schema_table machine_table = {ROWS(machine_rows)};

static const struct schema_field kernel_rows[] = {
    {"schema", SCHEMA_TAG, REQ, 0, 0, 0, HAMM_MWP_KERNEL_SCHEMA, 0, 0, "", NULL, "file kind",
     NULL},
    {"name", SCHEMA_STRING, REQ, 1, 127, 0, NULL, KM(name), sizeof(((hamm_mwp_kernel *)0)->name),
     "", NULL, "kernel name", NULL},
    {"description", SCHEMA_STRING, 0, 0, 4096, 0, NULL, 0, 0, "", NULL, "for people", NULL},
    {"notes", SCHEMA_NOTES, 0, 0, 0, 0, NULL, 0, 0, "", NULL, "sources", NULL},
    KREAL(comp_insts, REQ, 0, 1e15, "#Comp_insts per thread"),
    KREAL(coal_mem_insts, REQ, 0, 1e15, "#Coal_Mem_insts per thread"),
    KREAL(uncoal_mem_insts, REQ, 0, 1e15, "#Uncoal_Mem_insts per thread"),
    KREAL(synch_insts, REQ, 0, 1e15, "#Synch_insts per thread"),
    KREAL(uncoal_per_mw, 0, 0, 1e6, "#Uncoal_per_mw (0 when no uncoalesced instruction)"),
    KREAL(load_bytes_per_warp, REQ, 0.001, 1e9, "Load_bytes_per_warp"),
    KCOUNT(threads_per_block, REQ, 1, 1u << 20, "", "#Threads_per_block"),
    KCOUNT(blocks, REQ, 1, UINT32_MAX, "", "#Blocks"),
    KCOUNT(active_blocks_per_sm, 0, 1, 1u << 20, "",
           "#Active_blocks_per_SM (absent: from the resources and the machine's limits)"),
    KCOUNT(regs_per_thread, 0, 0, 1u << 20, "", "registers per thread"),
    KCOUNT(shared_per_block, 0, 0, 1u << 30, "bytes", "shared memory per block"),
    KREAL(sfu_insts, 0, 0, 1e15, "of comp_insts, SFU ones per thread (issue bound)"),
    KREAL(shared_insts, 0, 0, 1e15, "of comp_insts, shared-memory ones per thread (issue bound)"),
    KREAL(lsu_cycles, 0, 0, 1e15, "load/store unit cycles per warp (issue bound)"),
    KREAL(mem_waits, 0, 0, 1e15, "times a warp waits for memory (queueing)"),
    KREAL(merged_load_bytes, 0, 0, 1e15, "bytes per warp of loads merged in flight (queueing)"),
    KREAL(store_tail, 0, 0, 1, "1: warps end with stores after their last wait (queueing)"),
    KREAL(channel_skew, 0, 0, 1e6, "the busiest channel's share of a period's requests x the "
                                   "channels (queueing)"),
    KREAL(request_flits, 0, 0, 1e15, "crossbar flits of a warp's requests (queueing)"),
    KREAL(reply_flits, 0, 0, 1e15, "crossbar flits of their replies (queueing)"),
    KREAL(inlet_skew, 0, 0, 1e6, "the in-step inlet schedule's cycles over the fewest any "
                                 "schedule could take (queueing)"),
    KREAL(barrier_waits, 0, 0, 1e15, "of mem_waits, those followed by a barrier before the "
                                     "next (queueing)"),
    KREAL(barrier_issue_share, 0, 0, 1, "the share of a warp's issue cycles in those periods "
                                        "(queueing)"),
};
static const struct schema_table kernel_table = {ROWS(kernel_rows)};

static hamm_status load(const struct schema_table *t, void *dst, const char *path,
                        const char *what, hamm_error *err)
{
    char kind[64];
    snprintf(kind, sizeof kind, "%s file", what);
    return schema_load_file(t, dst, path, kind, err);
}

hamm_status hamm_mwp_load_machine(hamm_mwp_machine *m, const char *path, hamm_error *err)
{
    *m = (hamm_mwp_machine){0};
    return load(&machine_table, m, path, "an MWP/CWP machine", err);
}

hamm_status hamm_mwp_load_kernel(hamm_mwp_kernel *k, const char *path, hamm_error *err)
{
    *k = (hamm_mwp_kernel){0};
    hamm_status st = load(&kernel_table, k, path, "an MWP/CWP kernel", err);
    if (st == HAMM_OK && k->uncoal_mem_insts > 0 && k->uncoal_per_mw < 1)
        st = hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(path), "uncoal_per_mw",
                           "must be at least 1 when uncoal_mem_insts is above 0");
    return st;
}
