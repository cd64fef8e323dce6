/* gpu_model.h - a GPU model file (a file in models/gpu/, schema "hamm-gpu-model/1"): the
 * cores, caches, crossbar, memory partitions and clocks of the GPU engine; the memory
 * system (channels, DRAM, controller, address map) is a system model's.  Every key is in
 * models/README.md, "GPU models". */
#ifndef HAMM_GPU_GPU_MODEL_H
#define HAMM_GPU_GPU_MODEL_H

#include <jansson.h>
#include <stdint.h>

#include "gpu.h"

#define GPU_MODEL_SCHEMA "hamm-gpu-model/1"

typedef struct gpu_cache_model {
    uint32_t sets, ways, line_bytes, sector_bytes;
    unsigned index, write_policy; /* gpu_set_index, gpu_write_policy */
    uint32_t sub_partitions;      /* the L2's (1: one cache a channel; set_index.h) */
    uint32_t write_allocate;
    uint32_t mshr_entries, mshr_max_merge, miss_queue;
    uint32_t latency;             /* cycles from a hit to its data */
    uint32_t miss_latency;        /* the L1's: cycles before a miss or write leaves it */
    /* The Khairy thesis' chapter 5 (docs/CACHE-MGMT.md): PRIC's polynomial and extra
     * latency; DBSA's window, threshold and resampling. */
    uint32_t pmod_poly, index_latency;
    uint32_t bypass_period;
    int bypass_resample;
    double bypass_threshold;
    /* docs/SMEM.md, "L1 banks": banks (1: not banked), their interleave in bytes and
     * the module function over addr / bank_bytes (a docs/BANKED.md spec); L1 only. */
    uint32_t banks, bank_bytes;
    int invalidate_when_idle; /* the L1's: emptied while its core holds no CTA */
    char bank_scheme[128];
    /* docs/GPU.md, "Unified L1 and shared memory": when a read miss takes its line
     * (gpu_cache_alloc: on-miss, on-fill, streaming) and the unified L1/shared array
     * (the L1's; 0: none, the L1 keeps sets x ways). */
    unsigned alloc;
    uint32_t unified_bytes;
} gpu_cache_model;

/* gpu_cache_model.alloc */
typedef enum gpu_cache_alloc { GPU_CACHE_ON_MISS, GPU_CACHE_ON_FILL, GPU_CACHE_STREAMING }
    gpu_cache_alloc;

typedef struct gpu_model {
    char name[128];
    uint32_t cores;
    double core_mhz, icnt_mhz, l2_mhz;
    uint32_t kernel_launch_latency; /* core cycles (gpu.h, gpu_params) */
    struct {
        uint32_t max_threads, max_ctas, registers, shared_bytes;
        uint32_t schedulers, max_active_warps;
        unsigned policy, coalescing;  /* gpu_sched_policy, gpu_coalesce_rule */
        uint32_t simd_width, sfu_width, ldst_width;
        uint32_t alu_units, sfu_units; /* 0: the scheduler is the unit (docs/GPU.md) */
        int sub_cores;
        uint32_t alu_latency, sfu_latency, shared_latency;
        uint32_t max_inflight, max_merge, shared_banks, out_queue;
        uint32_t icache_lines, icache_line_bytes;
        char shared_scheme[128];  /* docs/SMEM.md: the scheme and the pipeline model */
        int inorder_pipeline, elastic_pipeline, conflict_aware;
        uint32_t premem_queue, nonmem_queue, chc_sets, chc_ways;
        char shared_carveouts[128]; /* with l1.unified_bytes: the shared-memory sizes
                                       the unified array offers, bytes, comma-separated */
    } core;
    gpu_cache_model l1, l2;       /* sets 0: no such cache */
    struct {
        uint32_t flit_bytes, flits_per_cycle, latency, input_flits, output_flits, ctrl_bytes;
        unsigned arbiter, hold;   /* the request network's: gpu_icnt_arbiter, gpu_icnt_hold */
        uint32_t hold_hash_bits;
        unsigned topology, vc_assign; /* gpu_icnt_topology, gpu_icnt_vc_assign */
        uint32_t vcs, hop_latency;    /* ring and mesh (docs/ICNT-HOLD.md) */
    } icnt;
    struct {
        uint32_t reply_queue, return_queue, held;
        uint32_t rop_latency, dram_latency; /* L2 cycles; DRAM cycles (0: none) */
    } partition;
    struct {
        uint32_t period, detect_periods, sample_periods;
        double mpki_threshold;
    } dwt;                        /* DWT-CS (docs/CACHE-MGMT.md); period 0: off */
    struct {
        int adaptive, any_cta_stride;
        uint32_t min_bytes, max_bytes; /* max 0: the address map's interleaving */
    } granularity;                /* the Gou thesis' chapter 6 (docs/GRANULARITY.md) */
} gpu_model;

/* The keys of a GPU model file (gpu_model.c): what a "gpu." override may set. */
struct schema_table;
extern const struct schema_table gpu_model_table;

/* Read a GPU model file.  Errors name the file and the JSON path. */
hamm_status gpu_model_load(gpu_model *m, const char *path, hamm_error *err);
/* Read a GPU model file's contents, already parsed (`doc` is not changed); errors name
 * `source` and the JSON path. */
hamm_status gpu_model_from_json(gpu_model *m, json_t *doc, const char *source, hamm_error *err);
/* The same after the overrides among sets[] that name GPU model keys ("gpu.l1.sets=64";
 * the others are the system model's) are applied to a copy of `doc`, in order, each
 * checked as a value of the file (gpu_model_set.c); an error about a value an override
 * set names "--set" and the override's path. */
hamm_status gpu_model_from_json_sets(gpu_model *m, json_t *doc, const char *source,
                                     const char *const *sets, size_t nsets, hamm_error *err);
/* The set index's and the cache management options' cross-checks (gpu_model_mgmt.c);
 * gpu_model_load runs them. */
hamm_status gpu_model_check_mgmt(const gpu_model *m, const char *path, hamm_error *err);
/* The allocation and carveout keys' cross-checks (gpu_model_carveout.c); gpu_model_load
 * runs them. */
hamm_status gpu_model_check_carveout(const gpu_model *m, const char *path, hamm_error *err);
/* The carveout of model m (no unified_bytes: none); its checks passed. */
void gpu_model_carveout(const gpu_model *m, gpu_carveout_params *p);
/* The engine's parameters for model m over the memory system `mem` (the DRAM pipeline
 * depth it needs for return slots comes from mem's timings; gpu_model_params.c). */
hamm_status gpu_model_params(const gpu_model *m, const hamm_system_config *mem, gpu_params *p,
                             hamm_error *err);

#endif
