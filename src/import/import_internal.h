/* import_internal.h - what the GPGPU-Sim configuration importer's files share: the
 * options as read (import_parse.c), their values (import_values.c) and the model files
 * written from them (import_emit.c).  docs/GPU.md, "Importing a GPGPU-Sim configuration". */
#ifndef HAMM_GPU_IMPORT_INTERNAL_H
#define HAMM_GPU_IMPORT_INTERNAL_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "hamm/error.h"

/* One -gpgpu_cache:dl1 or :dl2 string, as GPGPU-Sim spells it:
 * [N|S:]sets:line:assoc,rep:write:alloc:write_alloc[:set_index],mshr:entries:merge,mq[...] */
typedef struct imp_cache {
    int given;
    int sectored;                   /* 'S' prefix: 32-byte sectors */
    uint32_t sets, line_bytes, ways;
    char replace, write, alloc, write_alloc, set_index, mshr_kind;
    uint32_t mshr_entries, mshr_merge, miss_queue;
} imp_cache;

/* The DRAM timings of -gpgpu_dram_timing_opt, in DRAM command cycles. */
enum imp_timing {
    IT_NBK, IT_CCD, IT_RRD, IT_RCD, IT_RAS, IT_RP, IT_RC, IT_CL, IT_WL, IT_CDLR, IT_WR,
    IT_NBKGRP, IT_CCDL, IT_RTPL, IT_COUNT
};

/* Everything the honoured options said (GPGPU-Sim's defaults where the file is silent). */
typedef struct imp_state {
    const char *source;            /* the file's name, for errors */
    uint64_t line;                 /* the option being read */
    const char *option;
    uint32_t clusters, per_cluster, channels, sub_partitions;
    uint32_t threads, warp_size, ctas, registers, shared_bytes, schedulers, shared_banks;
    char scheduler[64];
    uint32_t coalesce_arch;
    imp_cache l1, l2, il1;         /* il1: the instruction cache */
    uint32_t perfect_icache;       /* -gpgpu_perfect_inst_const_cache: il1 always hits */
    uint32_t flush_l1;             /* -gpgpu_flush_l1_cache: the L1 emptied while idle */
    uint32_t skip_l1;              /* -gpgpu_gmem_skip_L1D: global accesses bypass the L1 */
    /* -dram_seperate_write_queue_enable and -dram_write_queue_size size:high:low */
    uint32_t write_queue_on, write_queue[3];
    uint32_t l1_latency, shared_latency;
    uint32_t l1_banks, l1_bank_bytes, l1_bank_hash; /* -gpgpu_l1_banks* (docs/SMEM.md) */
    /* The unified L1/shared array (docs/GPU.md, "Unified L1 and shared memory"):
     * -gpgpu_adaptive_cache_config, -gpgpu_unified_l1d_size (KiB) and
     * -gpgpu_shmem_option, its carveouts as core.shared_carveouts (bytes). */
    uint32_t adaptive_l1, unified_kib;
    char carveouts[128];
    /* Trace mode's -trace_opcode_latency_initiation_sp and _sfu (latency, initiation
     * interval; 0, 0 when absent) and the unit counts they are divided among. */
    uint32_t sp_lat[2], sfu_lat[2], sp_units, sfu_units;
    uint32_t sub_cores;            /* -gpgpu_sub_core_model (docs/GPU.md) */
    uint32_t rop_latency, dram_latency; /* core cycles, as GPGPU-Sim counts both */
    uint32_t return_queue;         /* 0: unlimited */
    /* -gpgpu_dram_partition_queues icnt_L2:L2_dram:dram_L2:L2_icnt, a sub-partition's */
    uint32_t partition_queues[4];
    uint32_t kernel_launch_latency; /* core cycles (GPGPU-Sim's default 0) */
    double clock[4];               /* core, icnt, l2, dram MHz */
    uint32_t timing[IT_COUNT];
    uint32_t chips, bus_bytes, burst, data_ratio, dram_scheduler, queue;
    char map[256];
    uint32_t bnkgrp_low;           /* -dram_bnkgrp_indexing_policy: 1, a bank's group is
                                      its low bits (0: its high bits, hamm's default) */
    uint32_t partition_indexing;   /* -gpgpu_memory_partition_indexing (0 .. 5) */
    uint64_t map_line, l2_line;    /* where the map and the dl2 string were read */
    uint32_t network_mode, flit_bytes;
    uint64_t seen;                 /* bit per honoured option given (import_values.c) */
    uint64_t given_at[64];         /* the line each honoured option was given at, by bit */
    json_t *approx;                /* notes: what is approximated, by option */
    char **ignored;                /* "option value: effect", one per ignored option */
    size_t nignored, cap;
} imp_state;

#define NOMEM(err) hamm_error_set((err), HAMM_ERR_NOMEM, "out of memory")

/* Errors at the option being read: "file:line: option: text". */
hamm_status import_fail(const imp_state *s, hamm_error *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Record an approximation under the option's name in the GPU model's notes. */
hamm_status import_note(imp_state *s, const char *key, const char *text, hamm_error *err);

/* Apply one option: 1 when honoured (or an error), 0 when hamm ignores it; *effect is
 * then the ignored option's likely effect, or NULL when unknown. */
int import_value(imp_state *s, const char *option, const char *value, const char **effect,
                 hamm_status *st, hamm_error *err);
/* The defaults before any option is read. */
void import_defaults(imp_state *s);
/* After the file: an error naming the first required option it lacks. */
hamm_status import_required(const imp_state *s, hamm_error *err);
/* The honoured options the file lacks, comma-separated, into buf ("" when none). */
void import_absent(const imp_state *s, char *buf, size_t size);

/* The line honoured option `option` (without its '-') was given at; 0 when the file
 * lacks it (GPGPU-Sim's default) or hamm honours no such option. */
uint64_t import_option_line(const imp_state *s, const char *option);

/* Load the three models import_emit made (system, DRAM, GPU) with the loaders hamm runs
 * them with, and build a GPU over them: a value hamm refuses is an error at the
 * configuration line (and option) it came from. */
hamm_status import_check(const imp_state *s, json_t *const part[], hamm_error *err);

/* Option values (import_cache.c): one cache string, the DRAM timing string, a count. */
hamm_status import_cache(imp_state *s, const char *value, imp_cache *c, hamm_error *err);
hamm_status import_timing(imp_state *s, const char *value, hamm_error *err);
/* A cache's allocation key (its letter; 'm', hamm's default, is not written) and, for the
 * L1 of an adaptive configuration, its unified array (the carveouts are the core's):
 * 0, or -1 out of memory. */
int import_cache_allocation(const imp_state *s, const imp_cache *c, json_t *j);
hamm_status import_u32(imp_state *s, const char *text, uint32_t lo, uint32_t hi,
                       const char *what, uint32_t *out, hamm_error *err);
/* The DRAM and system models' JSON (import_memory.c). */
hamm_status import_dram_json(const imp_state *s, const char *name, json_t **out,
                             hamm_error *err);
hamm_status import_system_json(imp_state *s, const char *name, json_t **out, hamm_error *err);
/* The system's address_channel_scheme for -gpgpu_memory_partition_indexing into buf
 * ("" for none), what hamm cannot follow noted (import_partition.c). */
hamm_status import_partition_scheme(imp_state *s, char *buf, size_t size, hamm_error *err);
/* The three files' JSON, from the state; checks the required options. */
hamm_status import_emit(imp_state *s, const char *name, json_t **gpu, json_t **dram,
                        json_t **system, hamm_error *err);

#endif
