/* import_emit.c - the three model files an imported GPGPU-Sim configuration becomes:
 * hamm-gpu-model/1, hamm-dram/1 and hamm-system/1, with every approximation and every
 * ignored option in the GPU model's notes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import_internal.h"


/* Cycles GPGPU-Sim's pipeline adds to a unit's latency before a dependent instruction
 * issues (operand collection, dispatch, writeback and the scoreboard's release): Accel-Sim
 * on the GTX480 runs a chain of dependent FFMA (latency 2) at 8 cycles each, MUFU (20) at
 * 26, LDS (-gpgpu_smem_latency 26) at 32 (docs/ACCELSIM.md).  hamm's load/store unit
 * takes one of a shared load's cycles itself. */
#define IMPORT_PIPE_CYCLES 6

/* Write policy letter -> hamm's policy; *note says what is approximated (or NULL). */
static const char *write_policy(char w, const char **note)
{
    *note = NULL;
    switch (w) {
    case 'B': return "write-back";
    case 'T': return "write-through";
    case 'E':
        *note = "write policy E (write-evict) as write-through: GPGPU-Sim also drops the line "
                "a write hits, hamm keeps it";
        return "write-through";
    case 'L':
        *note = "write policy L (local write-back, global write-through) as write-through, "
                "what global data sees";
        return "write-through";
    default:
        *note = "write policy R (read-only): writes pass through";
        return "write-through";
    }
}

/* GPGPU-Sim's set-index letter -> hamm's index of the same definition. */
static const char *set_index(char letter)
{
    switch (letter) {
    case 'H': return "fermi-hash";
    case 'P': return "ipoly";
    case 'X': return "xor";
    default: return "linear";
    }
}

/* The approximations of one cache string, as one note. */
static void cache_notes(const imp_cache *c, char *buf, size_t size)
{
    const char *wnote;
    write_policy(c->write, &wnote);
    const char *part[] = {
        wnote,
        c->write_alloc == 'W' ? "write allocation W (the line also fetched) as write_allocate "
                                "1: hamm allocates it without a fetch"
                              : NULL,
        c->write_alloc == 'F' ? "write allocation F (fetch-on-write) as write_allocate 1: "
                                "hamm allocates the line without a fetch"
                              : NULL,
        c->write_alloc == 'L' ? "write allocation L (lazy fetch-on-read) as write_allocate 1, "
                                "allocated without a fetch; hamm writes whole sectors, so a "
                                "read of a partly written sector hits where GPGPU-Sim "
                                "fetches it"
                              : NULL,
        c->replace == 'F' ? "FIFO replacement as hamm's LRU" : NULL,
        c->mshr_kind == 'T' || c->mshr_kind == 'F' ? "texture FIFO MSHRs as hamm's MSHRs"
                                                   : NULL,
    };
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof part / sizeof part[0] && used < size; i++)
        if (part[i])
            used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? "; " : "",
                                     part[i]);
}

static json_t *cache_json(imp_state *s, const imp_cache *c, uint32_t sets, uint32_t latency,
                          const char *option, hamm_error *err)
{
    const char *unused;
    char note[1024];
    cache_notes(c, note, sizeof note);
    if (note[0] && import_note(s, option, note, err) != HAMM_OK)
        return NULL;
    json_t *j = json_pack("{s:i, s:i, s:i, s:i, s:s, s:s, s:i, s:i, s:i, s:i, s:i}", "sets",
                          (int)sets, "ways", (int)c->ways, "line_bytes", (int)c->line_bytes,
                          "sector_bytes", c->sectored ? 32 : (int)c->line_bytes, "index",
                          set_index(c->set_index), "write_policy",
                          write_policy(c->write, &unused), "write_allocate",
                          c->write_alloc != 'N', "mshr_entries", (int)c->mshr_entries,
                          "mshr_max_merge", (int)c->mshr_merge, "miss_queue",
                          (int)c->miss_queue, "latency", (int)latency);
    /* GPGPU-Sim 4's L1 puts every access, misses and writes too, through its latency
     * queue before the tags (ldst_unit::L1_latency_queue_cycle) */
    if (j && c == &s->l1 && json_object_set_new(j, "miss_latency", json_integer(latency)))
        json_decref(j), j = NULL;
    /* GPGPU-Sim empties a cluster's L1 each cycle it holds no thread (gpu-sim.cc) */
    if (j && c == &s->l1 && s->flush_l1 &&
        json_object_set_new(j, "invalidate_when_idle", json_true()))
        json_decref(j), j = NULL;
    /* GPGPU-Sim's L2 is a cache per sub-partition, indexed within it (set_index.h) */
    if (j && c == &s->l2 &&
        json_object_set_new(j, "sub_partitions", json_integer(s->sub_partitions)))
        json_decref(j), j = NULL;
    if (j && import_cache_allocation(s, c, j) != 0)
        json_decref(j), j = NULL;
    if (!j)
        NOMEM(err);
    return j;
}

/* -gpgpu_l1_banks > 1: the banked L1 of docs/SMEM.md.  GPGPU-Sim's hashing function 1
 * (the bank bits XOR the next as many bits) is the banked library's xor with s = log2
 * banks; IPOLY and the Fermi hash are not in it: low-order, noted. */
static hamm_status l1_banks(imp_state *s, json_t *l1, hamm_error *err)
{
    if (s->l1_banks < 2)
        return HAMM_OK;
    const char *scheme = s->l1_bank_hash == 1 ? "xor" : "low-order";
    if (json_object_set_new(l1, "banks", json_integer(s->l1_banks)) ||
        json_object_set_new(l1, "bank_bytes", json_integer(s->l1_bank_bytes)) ||
        json_object_set_new(l1, "bank_scheme", json_string(scheme)))
        return NOMEM(err);
    if (s->l1_bank_hash < 2)
        return HAMM_OK;
    return import_note(s, "-gpgpu_l1_banks_hashing_function",
                       s->l1_bank_hash == 2 ? "2 (IPOLY) is not a scheme of hamm's banked "
                                              "library: low-order banks"
                                            : "3 (the Fermi set hash) is not a scheme of "
                                              "hamm's banked library: low-order banks",
                       err);
}

/* hamm's scheduler nearest to GPGPU-Sim's -gpgpu_scheduler. */
static const char *scheduler(imp_state *s, hamm_error *err, hamm_status *st)
{
    *st = HAMM_OK;
    if (strcmp(s->scheduler, "lrr") == 0 || strcmp(s->scheduler, "gto") == 0)
        return s->scheduler;
    char note[160];
    int two_level = strncmp(s->scheduler, "two_level_active", 16) == 0;
    snprintf(note, sizeof note, "%s is not in hamm: %s, the nearest", s->scheduler,
             two_level ? "lrr (round-robin over the active warps)" : "gto");
    *st = import_note(s, "-gpgpu_scheduler", note, err);
    return two_level ? "lrr" : "gto";
}

/* Lanes one unit retires a cycle: a warp every `initiation` cycles. */
static int unit_width(uint32_t initiation)
{
    uint32_t w = 32 / initiation;
    return w < 1 ? 1 : (int)w;
}

/* A trace-mode unit's width and result latency (the unit's own and the pipeline's). */
static int unit_keys(json_t *j, const char *width, const char *latency, const uint32_t lat[2])
{
    return json_object_set_new(j, width, json_integer(unit_width(lat[1]))) ||
           json_object_set_new(j, latency, json_integer((json_int_t)lat[0] + IMPORT_PIPE_CYCLES));
}

/* GPGPU-Sim's SP and SFU units as trace mode times them (latency, initiation interval):
 * a pool of units, each taking a warp every `initiation` cycles, shared by the core's
 * schedulers (shader.cc), or with -gpgpu_sub_core_model 1 sliced among them, each
 * scheduler issuing only to its own.  Without trace-mode timings, the widths above. */
static hamm_status unit_pool_keys(imp_state *s, json_t *j, hamm_error *err)
{
    if ((s->sp_lat[0] && (json_object_set_new(j, "alu_units", json_integer(s->sp_units)) ||
                          unit_keys(j, "simd_width", "alu_latency", s->sp_lat))) ||
        (s->sfu_lat[0] && (json_object_set_new(j, "sfu_units", json_integer(s->sfu_units)) ||
                           unit_keys(j, "sfu_width", "sfu_latency", s->sfu_lat))))
        return NOMEM(err);
    if (!s->sub_cores)
        return HAMM_OK;
    if (!s->sp_lat[0] || !s->sfu_lat[0] || s->sp_units % s->schedulers ||
        s->sfu_units % s->schedulers)
        return import_note(s, "-gpgpu_sub_core_model",
                           "1, but without trace-mode SP and SFU timings, or with units that "
                           "are not a multiple of the schedulers: not modelled (the units "
                           "shared by the schedulers)", err);
    if (json_object_set_new(j, "sub_cores", json_true()))
        return NOMEM(err);
    return import_note(s, "-gpgpu_sub_core_model",
                       "core.sub_cores: each scheduler issues to its slice of alu_units = SP "
                       "units and sfu_units = SFU units, each unit 32 / initiation lanes; the "
                       "sub-cores' operand collectors and register banks are not modelled "
                       "(nor are they without)", err);
}

static json_t *core_json(imp_state *s, hamm_error *err)
{
    hamm_status st;
    const char *policy = scheduler(s, err, &st);
    if (st != HAMM_OK)
        return NULL;
    uint32_t inflight = s->l1.given ? 2 * s->l1.mshr_entries : 64;
    int icache = s->il1.given && !s->perfect_icache;
    if (s->perfect_icache &&
        import_note(s, "-gpgpu_perfect_inst_const_cache",
                    "1: every instruction fetch hits, as in GPGPU-Sim (shader.cc), so no "
                    "core.icache_lines (code is free) and -gpgpu_cache:il1 is not used",
                    err) != HAMM_OK)
        return NULL;
    if (icache &&
        import_note(s, "-gpgpu_cache:il1",
                    "core.icache_lines = sets x ways, held fully associatively (LRU), a missing "
                    "line read from memory at 0xf0000000 + pc; its MSHRs, replacement and "
                    "the fetch stage's two instructions a cycle are not modelled",
                    err) != HAMM_OK)
        return NULL;
    json_t *j = json_pack(
        "{s:i, s:i, s:i, s:i, s:i, s:s, s:i, s:i, s:i, s:s, s:i, s:i}", "max_threads",
        (int)s->threads, "max_ctas", (int)s->ctas, "registers", (int)s->registers,
        "shared_memory_bytes", (int)s->shared_bytes, "warp_schedulers", (int)s->schedulers,
        "warp_scheduler", policy, "simd_width", 32, "ldst_width", 32, "max_inflight",
        (int)inflight, "coalescing", s->coalesce_arch < 20 ? "segments" : "sectors",
        "shared_banks", (int)s->shared_banks, "shared_latency",
        (int)(s->shared_latency + IMPORT_PIPE_CYCLES - 1));
    json_int_t ilines = (json_int_t)s->il1.sets * s->il1.ways;
    if (!j || (icache && (json_object_set_new(j, "icache_lines", json_integer(ilines)) ||
                          json_object_set_new(j, "icache_line_bytes",
                                              json_integer(s->il1.line_bytes)))) ||
        (s->l1.given && s->adaptive_l1 && s->unified_kib &&
         json_object_set_new(j, "shared_carveouts", json_string(s->carveouts)))) {
        json_decref(j);
        NOMEM(err);
        return NULL;
    }
    if (unit_pool_keys(s, j, err) != HAMM_OK) {
        json_decref(j);
        return NULL;
    }
    return j;
}

/* GPGPU-Sim counts both fixed delays in core cycles (gpu_sim_cycle); hamm's rings tick in
 * the L2 and DRAM clocks: `cycles` core cycles in the clock of `mhz`, to the nearest. */
static uint32_t in_clock(const imp_state *s, uint32_t cycles, double mhz)
{
    double v = floor((double)cycles * mhz / s->clock[0] + 0.5);
    return v > 65535 ? 65535 : (uint32_t)v;
}

/* The partition: GPGPU-Sim's ROP queue, DRAM latency queue and return queue. */
static json_t *partition_json(imp_state *s, hamm_error *err)
{
    char note[256];
    snprintf(note, sizeof note,
             "%u core cycles -> partition.rop_latency %u L2 cycles; the L2 answers a hit "
             "without a further delay (l2.latency 0), as GPGPU-Sim's does after its ROP queue",
             (unsigned)s->rop_latency, (unsigned)in_clock(s, s->rop_latency, s->clock[2]));
    if (import_note(s, "-gpgpu_l2_rop_latency", note, err) != HAMM_OK)
        return NULL;
    snprintf(note, sizeof note, "%u core cycles -> partition.dram_latency %u DRAM cycles",
             (unsigned)s->dram_latency, (unsigned)in_clock(s, s->dram_latency, s->clock[3]));
    if (import_note(s, "-dram_latency", note, err) != HAMM_OK)
        return NULL;
    /* hamm's partition is a channel's sub-partitions together: their L2-to-network
     * queues add up to its reply queue */
    uint32_t reply = s->partition_queues[3] * s->sub_partitions;
    snprintf(note, sizeof note,
             "L2_icnt %u x %u sub-partitions -> partition.reply_queue %u; icnt_L2 %u, "
             "L2_dram %u and dram_L2 %u: hamm's request network output, DRAM queue and "
             "return queue stand for them",
             (unsigned)s->partition_queues[3], (unsigned)s->sub_partitions, (unsigned)reply,
             (unsigned)s->partition_queues[0], (unsigned)s->partition_queues[1],
             (unsigned)s->partition_queues[2]);
    if (import_note(s, "-gpgpu_dram_partition_queues", note, err) != HAMM_OK)
        return NULL;
    json_t *j = json_pack("{s:i, s:i, s:i, s:i}", "rop_latency",
                          (int)in_clock(s, s->rop_latency, s->clock[2]), "dram_latency",
                          (int)in_clock(s, s->dram_latency, s->clock[3]), "return_queue",
                          s->return_queue ? (int)s->return_queue : 1024, "reply_queue",
                          (int)(reply > 4096 ? 4096 : reply));
    if (!j)
        NOMEM(err);
    return j;
}

static hamm_status gpu_sections(imp_state *s, json_t *gpu, hamm_error *err)
{
    json_t *core = core_json(s, err);
    if (!core || json_object_set_new(gpu, "core", core) != 0)
        return core ? NOMEM(err) : err->status;
    /* -gpgpu_gmem_skip_L1D 1: global accesses go around the L1D (shader.cc); hamm's
     * workloads are global accesses, so no L1 */
    if (s->l1.given && s->skip_l1 &&
        import_note(s, "-gpgpu_gmem_skip_L1D",
                    "1: global loads and stores bypass the L1D in GPGPU-Sim, so the model has "
                    "no l1 (-gpgpu_cache:dl1 unused; local memory, which GPGPU-Sim still caches, "
                    "bypasses it too)",
                    err) != HAMM_OK)
        return err->status;
    if (s->l1.given && !s->skip_l1) {
        json_t *l1 = cache_json(s, &s->l1, s->l1.sets, s->l1_latency, "-gpgpu_cache:dl1", err);
        if (!l1 || json_object_set_new(gpu, "l1", l1) != 0)
            return l1 ? NOMEM(err) : err->status;
        if (l1_banks(s, l1, err) != HAMM_OK)
            return err->status;
    }
    if (s->l2.given) {
        uint64_t sets = (uint64_t)s->l2.sets * s->sub_partitions;
        if ((s->sub_partitions & (s->sub_partitions - 1)) || sets > (1u << 20))
            return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_AT_LINE(s->source, s->l2_line),
                                 "-gpgpu_cache:dl2",
                                 "%u sub-partitions x %u sets: hamm's per-channel L2 needs a "
                                 "power of two up to 2^20",
                                 (unsigned)s->sub_partitions, (unsigned)s->l2.sets);
        json_t *l2 = cache_json(s, &s->l2, (uint32_t)sets, 0, "-gpgpu_cache:dl2", err);
        if (!l2 || json_object_set_new(gpu, "l2", l2) != 0)
            return l2 ? NOMEM(err) : err->status;
    }
    json_t *icnt = json_pack("{s:i}", "flit_bytes", (int)s->flit_bytes);
    if (!icnt || json_object_set_new(gpu, "interconnect", icnt) != 0)
        return NOMEM(err);
    json_t *part = partition_json(s, err);
    if (!part || json_object_set_new(gpu, "partition", part) != 0)
        return part ? NOMEM(err) : err->status;
    return HAMM_OK;
}

/* The notes every import carries: the ignored options, the absent ones, the fixed
 * choices.  The approximations are already in s->approx. */
static hamm_status gpu_notes(imp_state *s, hamm_error *err)
{
    char absent[2048];
    import_absent(s, absent, sizeof absent);
    size_t n = 1;
    for (size_t i = 0; i < s->nignored; i++)
        n += strlen(s->ignored[i]) + 1;
    char *ignored = malloc(n);
    if (!ignored)
        return NOMEM(err);
    ignored[0] = '\0';
    for (size_t i = 0; i < s->nignored; i++)
        strcat(strcat(ignored, i ? "\n" : ""), s->ignored[i]);
    char l2[160];
    snprintf(l2, sizeof l2,
             "per channel: %u sub-partitions (l2.sub_partitions) of the dl2 string's sets",
             (unsigned)s->sub_partitions);
    hamm_status st = import_note(s, "ignored", ignored, err);
    free(ignored);
    if (st == HAMM_OK && absent[0])
        st = import_note(s, "absent (import defaults)", absent, err);
    if (st == HAMM_OK && s->l2.given)
        st = import_note(s, "l2", l2, err);
    if (st == HAMM_OK)
        st = import_note(s, "simd_width",
                         "32: GPGPU-Sim issues a warp instruction per cycle at the core clock "
                         "it is given",
                         err);
    if (st == HAMM_OK)
        st = import_note(s, "max_inflight",
                         "twice the L1 MSHR entries (the misses and as many write-throughs); "
                         "64 without an L1",
                         err);
    if (st == HAMM_OK && s->network_mode != 2)
        st = import_note(s, "-network_mode",
                         "GPGPU-Sim's interconnection network (inter_config_file) as hamm's "
                         "crossbar of -icnt_flit_size flits",
                         err);
    return st;
}

static hamm_status gpu_json(imp_state *s, const char *name, json_t **out, hamm_error *err)
{
    char description[512];
    snprintf(description, sizeof description,
             "Imported by hamm import-gpgpusim from %s: %u cores, %u memory channels.",
             s->source, (unsigned)(s->clusters * s->per_cluster), (unsigned)s->channels);
    json_t *gpu = json_pack("{s:s, s:s, s:s, s:O, s:i, s:{s:f, s:f, s:f}}", "schema",
                            "hamm-gpu-model/1", "name", name, "description", description,
                            "notes", s->approx, "cores", (int)(s->clusters * s->per_cluster),
                            "clocks", "core_mhz", s->clock[0], "icnt_mhz", s->clock[1],
                            "l2_mhz", s->clock[2]);
    if (!gpu)
        return NOMEM(err);
    /* written only when set, as the model's key is (GPGPU-Sim's default is 0) */
    if (s->kernel_launch_latency &&
        json_object_set_new(gpu, "kernel_launch_latency",
                            json_integer(s->kernel_launch_latency))) {
        json_decref(gpu);
        return NOMEM(err);
    }
    hamm_status st = gpu_sections(s, gpu, err);
    if (st != HAMM_OK) {
        json_decref(gpu);
        return st;
    }
    *out = gpu;
    return HAMM_OK;
}

hamm_status import_emit(imp_state *s, const char *name, json_t **gpu, json_t **dram,
                        json_t **system, hamm_error *err)
{
    hamm_status st = import_required(s, err);
    uint64_t cores = (uint64_t)s->clusters * s->per_cluster;
    if (st == HAMM_OK && cores > 65535)
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(s->source), "-gpgpu_n_clusters",
                             "%llu cores: hamm takes at most 65535", (unsigned long long)cores);
    if (st == HAMM_OK && s->burst % s->data_ratio)
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(s->source),
                             "-gpgpu_dram_burst_length",
                             "a burst of %u beats is not whole command cycles at %u per cycle",
                             (unsigned)s->burst, (unsigned)s->data_ratio);
    if (st == HAMM_OK)
        st = import_dram_json(s, name, dram, err);
    if (st == HAMM_OK)
        st = import_system_json(s, name, system, err);
    if (st == HAMM_OK)
        st = gpu_notes(s, err);
    if (st == HAMM_OK)
        st = gpu_json(s, name, gpu, err);
    return st;
}
