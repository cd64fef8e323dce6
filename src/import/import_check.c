/* import_check.c - the models an import made, loaded before anything is written by the
 * loaders hamm runs them with: the system model with its DRAM model (in memory, the DRAM
 * model inline where the system file names it), the GPU model, and a GPU built over that
 * memory system.  A value hamm refuses (a tRC below tRAS + tRP that GPGPU-Sim accepts, a
 * reply queue smaller than what the L2 merges) fails the import at the configuration
 * line and option it came from, so import-gpgpusim never exits 0 on models hamm refuses. */
#include <stdio.h>
#include <string.h>

#include "hamm/config.h"
#include "hamm/gpu.h"
#include "hamm/import.h"
#include "import_internal.h"

/* The option each model key comes from (import_emit.c), the first prefix that matches;
 * NULL: hamm's own default, which no option sets. */
static const struct origin {
    const char *key, *option;
} origins[] = {
    {"dram.organization.rows", "gpgpu_mem_addr_mapping"},
    {"dram.organization.columns", "gpgpu_mem_addr_mapping"},
    {"dram.organization.bus_width_bits", "gpgpu_dram_buswidth"},
    {"dram.organization.burst_length", "gpgpu_dram_burst_length"},
    {"dram.organization.data_rate", "dram_data_command_freq_ratio"},
    {"dram.clock_mhz", "gpgpu_clock_domains"},
    {"dram", "gpgpu_dram_timing_opt"},
    {"channels", "gpgpu_n_mem"},
    {"chips_per_channel", "gpgpu_n_mem_per_ctrlr"},
    {"queue_size", "gpgpu_frfcfs_dram_sched_queue_size"},
    {"write_queue_size", "dram_write_queue_size"},
    {"write_drain_high", "dram_write_queue_size"},
    {"write_drain_low", "dram_write_queue_size"},
    {"scheduler", "gpgpu_dram_scheduler"},
    {"request_size_bytes", "gpgpu_cache:dl2"},
    {"address_map", "gpgpu_mem_addr_mapping"},
    {"address_channel_scheme", "gpgpu_memory_partition_indexing"},
    {"cores", "gpgpu_n_clusters"},
    {"max_inflight_per_core", "gpgpu_cache:dl1"},
    {"clocks", "gpgpu_clock_domains"},
    {"core_mhz", "gpgpu_clock_domains"},
    {"icnt_mhz", "gpgpu_clock_domains"},
    {"l2_mhz", "gpgpu_clock_domains"},
    {"core.max_threads", "gpgpu_shader_core_pipeline"},
    {"core.max_ctas", "gpgpu_shader_cta"},
    {"core.registers", "gpgpu_shader_registers"},
    {"core.shared_memory_bytes", "gpgpu_shmem_size"},
    {"core.warp_schedulers", "gpgpu_num_sched_per_core"},
    {"core.warp_scheduler", "gpgpu_scheduler"},
    {"core.shared_banks", "gpgpu_shmem_num_banks"},
    {"core.shared_latency", "gpgpu_smem_latency"},
    {"core.max_inflight", "gpgpu_cache:dl1"},
    {"core.icache_lines", "gpgpu_cache:il1"},
    {"core.icache_line_bytes", "gpgpu_cache:il1"},
    {"core.simd_width", "trace_opcode_latency_initiation_sp"},
    {"core.alu_latency", "trace_opcode_latency_initiation_sp"},
    {"core.sfu_width", "trace_opcode_latency_initiation_sfu"},
    {"core.sfu_latency", "trace_opcode_latency_initiation_sfu"},
    {"core.coalescing", "gpgpu_coalesce_arch"},
    {"l1.latency", "gpgpu_l1_latency"},
    {"l1.miss_latency", "gpgpu_l1_latency"},
    {"l1.banks", "gpgpu_l1_banks"},
    {"l1.bank_bytes", "gpgpu_l1_banks_byte_interleaving"},
    {"l1.bank_scheme", "gpgpu_l1_banks_hashing_function"},
    {"l1.invalidate_when_idle", "gpgpu_flush_l1_cache"},
    {"l1.unified_bytes", "gpgpu_unified_l1d_size"},
    {"core.shared_carveouts", "gpgpu_shmem_option"},
    {"l1", "gpgpu_cache:dl1"},
    {"l2.sub_partitions", "gpgpu_n_sub_partition_per_mchannel"},
    {"l2", "gpgpu_cache:dl2"},
    {"interconnect", "icnt_flit_size"},
    {"partition.rop_latency", "gpgpu_l2_rop_latency"},
    {"partition.dram_latency", "dram_latency"},
    {"partition.return_queue", "gpgpu_dram_return_queue_size"},
    {"partition.reply_queue", "gpgpu_dram_partition_queues"},
    {"partition", NULL},
};

static const char *origin_of(const char *key)
{
    for (size_t i = 0; i < sizeof origins / sizeof origins[0]; i++) {
        size_t n = strlen(origins[i].key);
        if (strncmp(key, origins[i].key, n) == 0 && (key[n] == '\0' || key[n] == '.'))
            return origins[i].option;
    }
    return NULL;
}

/* The loader's error `e` as the import's: at the line of the option the key came from
 * (the file alone when the option is absent, or no option sets the key). */
static hamm_status blame(const imp_state *s, const char *what, const hamm_error *e,
                         hamm_error *err)
{
    const char *option = e->field[0] ? origin_of(e->field) : NULL;
    uint64_t line = option ? import_option_line(s, option) : 0;
    char field[160] = "";
    if (option)
        snprintf(field, sizeof field, "-%s", option);
    const char *why = !option ? " (a value of hamm's own, which no option sets)"
                      : !line ? " (the option is absent: its default)"
                              : "";
    hamm_pos at = line ? HAMM_AT_LINE(s->source, line) : HAMM_IN(s->source);
    return hamm_error_at(err, e->status == HAMM_ERR_NOMEM ? HAMM_ERR_NOMEM : HAMM_ERR_CONFIG,
                         at, option ? field : NULL, "%s%s, so nothing was written: %s%s%s",
                         what, why, e->field, e->field[0] ? ": " : "", e->text);
}

/* The system model with its DRAM model inline, where its file names the DRAM file. */
static hamm_status load_memory(const imp_state *s, json_t *const part[],
                               hamm_system_config *cfg, hamm_error *e)
{
    json_t *sys = json_deep_copy(part[HAMM_IMPORT_SYSTEM]);
    hamm_status st = sys && json_object_set(sys, "dram", part[HAMM_IMPORT_DRAM]) == 0
                         ? hamm_config_from_json(cfg, sys, s->source, e)
                         : hamm_error_set(e, HAMM_ERR_NOMEM, "out of memory");
    json_decref(sys);
    return st;
}

hamm_status import_check(const imp_state *s, json_t *const part[], hamm_error *err)
{
    hamm_system_config cfg;
    hamm_gpu_model *model = NULL;
    hamm_gpu *g = NULL;
    hamm_error e;
    hamm_error_clear(&e);
    if (load_memory(s, part, &cfg, &e) != HAMM_OK)
        return blame(s, "hamm would refuse the system and DRAM models made of it", &e, err);
    if (hamm_gpu_model_from_json(&model, part[HAMM_IMPORT_GPU], s->source, &e) != HAMM_OK)
        return blame(s, "hamm would refuse the GPU model made of it", &e, err);
    hamm_status st = hamm_gpu_new_with(&g, &cfg, model, 1, NULL, &e);
    hamm_gpu_free(g);
    hamm_gpu_model_free(model);
    return st == HAMM_OK ? HAMM_OK
                         : blame(s, "hamm would refuse a GPU of the models made of it", &e, err);
}
