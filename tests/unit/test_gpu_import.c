/* test_gpu_import.c - the GPGPU-Sim configuration importer on small inline files: every
 * expected value derived by hand from the option strings (comments say how), errors with
 * their line and option, and the ignored options listed. */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hamm/import.h"

/* 4 clusters x 2 cores; 2 channels of 2 sub-partitions; a sectored write-back L2; the
 * timing string quoted over two lines; two options hamm ignores. */
static const char small[] =
    "# a small GPU\n"
    "-gpgpu_n_clusters 4\n"
    "-gpgpu_n_cores_per_cluster 2   # eight cores\n"
    "-gpgpu_n_mem 2\n"
    "-gpgpu_n_sub_partition_per_mchannel 2\n"
    "-gpgpu_shader_core_pipeline 2048:32\n"
    "-gpgpu_shader_cta 16\n"
    "-gpgpu_num_sched_per_core 4\n"
    "-gpgpu_scheduler lrr\n"
    "-gpgpu_cache:dl1 N:64:128:4,L:E:m:N:L,A:32:4,16\n"
    "-gpgpu_cache:dl2 S:32:128:16,L:B:m:W:X,A:128:4,8:0,32\n"
    "-gpgpu_max_insn_issue_per_warp 2\n"
    "-gpgpu_clock_domains 1000.0:1200.0:900.0:1750.5\n"
    "-gpgpu_dram_timing_opt \"nbk=8:CCD=4:RRD=5:RCD=14:RAS=33:RP=14:RC=47:\n"
    "                         CL=14:WL=5:CDLR=6:WR=15\"\n"
    "-gpgpu_n_mem_per_ctrlr 1\n"
    "-gpgpu_dram_buswidth 8\n"
    "-gpgpu_dram_burst_length 8\n"
    "-dram_data_command_freq_ratio 2\n"
    "-gpgpu_dram_scheduler 0\n"
    "-gpgpu_frfcfs_dram_sched_queue_size 0\n"
    "-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.000RRRRR.RRRRRRRR.RBBBCCCC.CCCSSSSS\n"
    "-foo_unknown_option 7\n";

static json_t *part(const hamm_gpu_import *im, hamm_gpu_import_part p)
{
    char *text = hamm_gpu_import_json(im, p);
    assert_non_null(text);
    json_t *j = json_loads(text, 0, NULL);
    free(text);
    assert_non_null(j);
    return j;
}

static long long num(json_t *root, const char *a, const char *b)
{
    json_t *v = json_object_get(root, a);
    if (b)
        v = json_object_get(v, b);
    assert_true(json_is_integer(v));
    return json_integer_value(v);
}

static const char *str(json_t *root, const char *a, const char *b)
{
    json_t *v = json_object_get(root, a);
    if (b)
        v = json_object_get(v, b);
    assert_true(json_is_string(v));
    return json_string_value(v);
}

static hamm_gpu_import *import_ok(const char *text)
{
    hamm_gpu_import *im = NULL;
    hamm_error err = {0};
    hamm_status st = hamm_gpu_import_gpgpusim(&im, text, strlen(text), "t.config", "t", &err);
    if (st != HAMM_OK)
        fail_msg("%s: %s", err.field, err.text);
    return im;
}

static void gpu_model(void **state)
{
    (void)state;
    hamm_gpu_import *im = import_ok(small);
    json_t *g = part(im, HAMM_IMPORT_GPU);
    assert_int_equal(num(g, "cores", NULL), 8); /* 4 x 2 */
    assert_int_equal(num(g, "core", "max_threads"), 2048);
    assert_int_equal(num(g, "core", "max_ctas"), 16);
    assert_int_equal(num(g, "core", "warp_schedulers"), 4);
    assert_string_equal(str(g, "core", "warp_scheduler"), "lrr");
    /* dl1 64 sets x 4 ways x 128 B = 32 KB; E: write-through, N: no allocation */
    assert_int_equal(num(g, "l1", "sets"), 64);
    assert_int_equal(num(g, "l1", "ways"), 4);
    assert_int_equal(num(g, "l1", "sector_bytes"), 128);
    assert_string_equal(str(g, "l1", "write_policy"), "write-through");
    assert_int_equal(num(g, "l1", "write_allocate"), 0);
    assert_int_equal(num(g, "l1", "mshr_entries"), 32);
    assert_int_equal(num(g, "l1", "mshr_max_merge"), 4);
    assert_int_equal(num(g, "l1", "miss_queue"), 16);
    assert_int_equal(num(g, "core", "max_inflight"), 64); /* 2 x 32 MSHRs */
    /* dl2: 32 sets per sub-partition x 2 = 64 sets per channel; S: 32-byte sectors */
    assert_int_equal(num(g, "l2", "sets"), 64);
    assert_int_equal(num(g, "l2", "ways"), 16);
    assert_int_equal(num(g, "l2", "sector_bytes"), 32);
    assert_string_equal(str(g, "l2", "index"), "xor");
    assert_int_equal(num(g, "l2", "sub_partitions"), 2);
    assert_string_equal(str(g, "l2", "write_policy"), "write-back");
    assert_int_equal(num(g, "l2", "write_allocate"), 1);
    assert_int_equal(num(g, "l2", "miss_queue"), 8);
    assert_true(json_real_value(json_object_get(json_object_get(g, "clocks"), "icnt_mhz")) ==
                1200.0);
    /* the file is silent on the partition's delays: GPGPU-Sim's defaults, 85 and 30 core
     * cycles, in the L2 clock (85 x 900 / 1000 = 76.5, to the nearest 77) and the DRAM
     * clock (30 x 1750.5 / 1000 = 52.5, to 53); no return queue size: unlimited, 1024 */
    assert_int_equal(num(g, "partition", "rop_latency"), 77);
    assert_int_equal(num(g, "partition", "dram_latency"), 53);
    assert_int_equal(num(g, "partition", "return_queue"), 1024);
    assert_int_equal(num(g, "l2", "latency"), 0);
    assert_int_equal(num(g, "l1", "latency"), 1); /* -gpgpu_l1_latency absent: 1 */
    /* the E policy is an approximation, and the notes say so */
    assert_non_null(strstr(str(g, "notes", "-gpgpu_cache:dl1"), "write-evict"));
    json_decref(g);
    hamm_gpu_import_free(im);
}

static void dram_and_system(void **state)
{
    (void)state;
    hamm_gpu_import *im = import_ok(small);
    json_t *d = part(im, HAMM_IMPORT_DRAM);
    assert_int_equal(num(d, "organization", "banks"), 8);
    assert_int_equal(num(d, "organization", "bank_groups"), 1); /* no nbkgrp: one group */
    /* 5 + 8 + 1 = 14 R bits: 16384 rows; 7 C + 5 S bits: a 4096-byte row of 8-byte
     * beats = 512 columns */
    assert_int_equal(num(d, "organization", "rows"), 16384);
    assert_int_equal(num(d, "organization", "columns"), 512);
    assert_int_equal(num(d, "organization", "bus_width_bits"), 64);
    assert_int_equal(num(d, "organization", "data_rate"), 2);
    assert_int_equal(num(d, "timing", "tRCD"), 14);
    assert_int_equal(num(d, "timing", "tRC"), 47);
    assert_int_equal(num(d, "timing", "tWTR"), 6);  /* CDLR */
    assert_int_equal(num(d, "timing", "tCCD_L"), 0);
    assert_int_equal(num(d, "timing", "tRTP"), 4);  /* no RTPL: a burst, 8 / 2 */
    assert_int_equal(num(d, "timing", "tRTW"), 15); /* CL 14 + 4 + 2 - WL 5 */
    assert_true(json_real_value(json_object_get(d, "clock_mhz")) == 1750.5);
    json_decref(d);
    json_t *s = part(im, HAMM_IMPORT_SYSTEM);
    assert_string_equal(str(s, "gpu", NULL), "../gpu/t.json");
    assert_string_equal(str(s, "dram", NULL), "../dram/t.json");
    assert_int_equal(num(s, "channels", NULL), 2);
    assert_int_equal(num(s, "chips_per_channel", NULL), 1);
    assert_string_equal(str(s, "scheduler", NULL), "fcfs");
    assert_int_equal(num(s, "queue_size", NULL), 1024); /* 0: unbounded */
    assert_int_equal(num(s, "request_size_bytes", NULL), 128);
    assert_int_equal(num(s, "max_inflight_per_core", NULL), 32);
    assert_non_null(strstr(str(s, "address_map", NULL), "dramid@8;"));
    json_decref(s);
    hamm_gpu_import_free(im);
}

static void ignored_listed(void **state)
{
    (void)state;
    hamm_gpu_import *im = import_ok(small);
    assert_int_equal(hamm_gpu_import_ignored_count(im), 2);
    assert_string_equal(hamm_gpu_import_ignored(im, 0),
                        "-gpgpu_max_insn_issue_per_warp 2: instructions a warp issues per "
                        "cycle: hamm issues one");
    assert_string_equal(hamm_gpu_import_ignored(im, 1), "-foo_unknown_option 7");
    assert_null(hamm_gpu_import_ignored(im, 2));
    json_t *g = part(im, HAMM_IMPORT_GPU);
    assert_non_null(strstr(str(g, "notes", "ignored"), "-foo_unknown_option 7"));
    json_decref(g);
    hamm_gpu_import_free(im);
}

/* `small` with the line starting `key` replaced by `line` (or `line` appended). */
static char *variant(const char *key, const char *line)
{
    size_t n = strlen(small) + strlen(line) + 2;
    char *out = malloc(n), *at = strstr(small, key);
    assert_non_null(out);
    if (!at) {
        snprintf(out, n, "%s%s\n", small, line);
        return out;
    }
    const char *eol = strchr(at, '\n');
    snprintf(out, n, "%.*s%s%s", (int)(at - small), small, line, eol);
    return out;
}

static void expect_error(const char *key, const char *line, uint64_t at, const char *field,
                         const char *text)
{
    char *cfg = variant(key, line);
    hamm_gpu_import *im = NULL;
    hamm_error err = {0};
    assert_int_equal(hamm_gpu_import_gpgpusim(&im, cfg, strlen(cfg), "t.config", "t", &err),
                     HAMM_ERR_CONFIG);
    assert_null(im);
    assert_string_equal(err.source, "t.config");
    assert_int_equal(err.line, at);
    assert_string_equal(err.field, field);
    if (!strstr(err.text, text))
        fail_msg("'%s' lacks '%s'", err.text, text);
    free(cfg);
}

static void errors(void **state)
{
    (void)state;
    expect_error("-gpgpu_cache:dl1", "-gpgpu_cache:dl1 N:64:128:4,L:Q:m:N:L,A:32:4,16", 10,
                 "-gpgpu_cache:dl1", "write policy 'Q'");
    expect_error("-gpgpu_cache:dl1", "-gpgpu_cache:dl1 N:48:128:4,L:E:m:N:L,A:32:4,16", 10,
                 "-gpgpu_cache:dl1", "power-of-two");
    expect_error("-gpgpu_cache:dl2", "-gpgpu_cache:dl2 S:32:128:16", 11, "-gpgpu_cache:dl2",
                 "4 to 7");
    expect_error("-gpgpu_n_mem ", "-gpgpu_n_mem two", 4, "-gpgpu_n_mem", "whole number");
    expect_error("-gpgpu_shader_core_pipeline", "-gpgpu_shader_core_pipeline 2048:64", 6,
                 "-gpgpu_shader_core_pipeline", "32 threads");
    expect_error("-gpgpu_clock_domains", "-gpgpu_clock_domains 1000:1200:900", 13,
                 "-gpgpu_clock_domains", "core:icnt:l2:dram");
    expect_error("-gpgpu_dram_timing_opt", "-gpgpu_dram_timing_opt \"nbk=8:tXX=2:", 14,
                 "-gpgpu_dram_timing_opt", "'tXX' is not one of");
    /* appended after the 23 lines of `small`: the quote runs to the end of the file */
    expect_error("#none", "-gpgpu_l1_latency \"12", 24, "-gpgpu_l1_latency",
                 "no closing quote");
    expect_error("-gpgpu_n_mem_per_ctrlr", "gpgpu_n_mem_per_ctrlr 1", 16, "",
                 "expected an option");
    expect_error("-gpgpu_mem_addr_mapping",
                 "-gpgpu_mem_addr_mapping dramid@8;0000RRRR.RRRRRRRR.RRBBBBCC.CCCCSSSS", 22,
                 "-gpgpu_mem_addr_mapping", "4 bank bits");
    expect_error("-gpgpu_n_mem ", "# no channels", 0, "", "lacks -gpgpu_n_mem");
}

/* Values GPGPU-Sim takes and hamm's loaders refuse: the import fails at the line of the
 * option the value came from, naming the model key (issue 29 R5). */
static void refused_models(void **state)
{
    (void)state;
    expect_error("-gpgpu_dram_timing_opt",
                 "-gpgpu_dram_timing_opt \"nbk=8:CCD=2:RRD=5:RCD=14:RAS=33:RP=14:RC=47:", 14,
                 "-gpgpu_dram_timing_opt",
                 "dram.timing.tCCD: tCCD (2) is shorter than one burst (8 beats at 2 per "
                 "cycle = 4 cycles)");
    expect_error("-gpgpu_mem_addr_mapping",
                 "-gpgpu_mem_addr_mapping dramid@99;00000000.00000000.00000000.00000000."
                 "000RRRRR.RRRRRRRR.RBBBCCCC.CCCSSSSS",
                 22, "-gpgpu_mem_addr_mapping", "address_map: 'dramid@N;' needs a bit number");
    /* an L2 MSHR entry merging 32 requests, more than the partition's reply queue: two
     * sub-partitions' L2-to-network queues of GPGPU-Sim's default 8 entries, 16 */
    expect_error("-gpgpu_cache:dl2", "-gpgpu_cache:dl2 S:32:128:16,L:B:m:W:X,A:128:32,8:0,32",
                 11, "-gpgpu_cache:dl2",
                 "hamm would refuse a GPU of the models made of it, so nothing was written: "
                 "l2.mshr_max_merge: memory partition");
}

/* GPGPU-Sim's bank activates once both RP and RC have run out after RAS (dram.cc), so a
 * tRC of 46 below tRAS + tRP = 33 + 14 never binds there: the import writes 47, the
 * activate-to-activate time GPGPU-Sim keeps, which hamm's loader accepts. */
static void trc_below_ras_rp(void **state)
{
    (void)state;
    char *cfg = variant("-gpgpu_dram_timing_opt",
                        "-gpgpu_dram_timing_opt \"nbk=8:CCD=4:RRD=5:RCD=14:RAS=33:RP=14:RC=46:");
    hamm_gpu_import *im = import_ok(cfg);
    json_t *d = part(im, HAMM_IMPORT_DRAM);
    assert_int_equal(num(d, "timing", "tRC"), 47);
    assert_int_equal(num(d, "timing", "tRAS"), 33);
    assert_int_equal(num(d, "timing", "tRP"), 14);
    assert_non_null(strstr(str(d, "notes", "timing"), "tRC the larger of RC and RAS + RP"));
    json_decref(d);
    hamm_gpu_import_free(im);
    free(cfg);
}

/* -gpgpu_dram_partition_queues icnt_L2:L2_dram:dram_L2:L2_icnt is a sub-partition's;
 * hamm's partition holds a channel's two: reply queue 2 x 24 = 48.  Malformed values are
 * errors at their line. */
static void partition_queues(void **state)
{
    (void)state;
    char *cfg = variant("-gpgpu_n_mem_per_ctrlr", "-gpgpu_dram_partition_queues 32:28:20:24\n"
                                                  "-gpgpu_n_mem_per_ctrlr 1");
    hamm_gpu_import *im = import_ok(cfg);
    json_t *g = part(im, HAMM_IMPORT_GPU);
    assert_int_equal(num(g, "partition", "reply_queue"), 48);
    assert_non_null(strstr(str(g, "notes", "-gpgpu_dram_partition_queues"), "L2_icnt 24 x 2"));
    json_decref(g);
    hamm_gpu_import_free(im);
    free(cfg);
    expect_error("-gpgpu_n_mem_per_ctrlr", "-gpgpu_dram_partition_queues 8:8:8", 16,
                 "-gpgpu_dram_partition_queues", "icnt_L2:L2_dram:dram_L2:L2_icnt");
    expect_error("-gpgpu_n_mem_per_ctrlr", "-gpgpu_dram_partition_queues 8:8:8:0", 16,
                 "-gpgpu_dram_partition_queues", "partition queue entries");
}

/* -dram_seperate_write_queue_enable 1 with -dram_write_queue_size 128:108:32: GPGPU-Sim
 * serves writes from 108 pending until fewer than 32 are left, hamm's drain to at most 31;
 * -gpgpu_perfect_inst_const_cache 1: fetches always hit, so no instruction cache. */
static void write_queue_and_perfect_icache(void **state)
{
    (void)state;
    char *cfg = variant("-gpgpu_n_mem_per_ctrlr",
                        "-dram_seperate_write_queue_enable 1\n-dram_write_queue_size 128:108:32\n"
                        "-gpgpu_cache:il1 N:8:128:4,L:R:f:N:L,S:2:48,4\n"
                        "-gpgpu_perfect_inst_const_cache 1\n-gpgpu_n_mem_per_ctrlr 1");
    hamm_gpu_import *im = import_ok(cfg);
    json_t *sys = part(im, HAMM_IMPORT_SYSTEM), *g = part(im, HAMM_IMPORT_GPU);
    assert_int_equal(num(sys, "write_queue_size", NULL), 128);
    assert_int_equal(num(sys, "write_drain_high", NULL), 108);
    assert_int_equal(num(sys, "write_drain_low", NULL), 31);
    assert_null(json_object_get(json_object_get(g, "core"), "icache_lines"));
    assert_non_null(strstr(str(g, "notes", "-gpgpu_perfect_inst_const_cache"), "fetch hits"));
    json_decref(sys);
    json_decref(g);
    hamm_gpu_import_free(im);
    free(cfg);
    /* without the perfect cache the same il1 is 8 x 4 = 32 lines */
    cfg = variant("-gpgpu_n_mem_per_ctrlr", "-gpgpu_cache:il1 N:8:128:4,L:R:f:N:L,S:2:48,4\n"
                                            "-gpgpu_n_mem_per_ctrlr 1");
    im = import_ok(cfg);
    g = part(im, HAMM_IMPORT_GPU);
    assert_int_equal(num(g, "core", "icache_lines"), 32);
    json_decref(g);
    hamm_gpu_import_free(im);
    free(cfg);
    expect_error("-gpgpu_n_mem_per_ctrlr", "-dram_write_queue_size 128:16:32", 16,
                 "-dram_write_queue_size", "1 <= low <= high <= size");
}

/* -gpgpu_gmem_skip_L1D 1: GPGPU-Sim's global accesses go around the L1D, so the model has
 * no l1 (and says why); -gpgpu_flush_l1_cache 1: the L1 emptied while its core is idle. */
static void l1_skipped_or_flushed(void **state)
{
    (void)state;
    char *cfg = variant("-gpgpu_n_mem_per_ctrlr", "-gpgpu_gmem_skip_L1D 1\n-gpgpu_n_mem_per_ctrlr 1");
    hamm_gpu_import *im = import_ok(cfg);
    json_t *g = part(im, HAMM_IMPORT_GPU);
    assert_null(json_object_get(g, "l1"));
    assert_non_null(strstr(str(g, "notes", "-gpgpu_gmem_skip_L1D"), "no l1"));
    json_decref(g);
    hamm_gpu_import_free(im);
    free(cfg);
    cfg = variant("-gpgpu_n_mem_per_ctrlr", "-gpgpu_flush_l1_cache 1\n-gpgpu_n_mem_per_ctrlr 1");
    im = import_ok(cfg);
    g = part(im, HAMM_IMPORT_GPU);
    assert_true(json_is_true(json_object_get(json_object_get(g, "l1"), "invalidate_when_idle")));
    json_decref(g);
    hamm_gpu_import_free(im);
    free(cfg);
}

static void nearest_scheduler(void **state)
{
    (void)state;
    char *cfg = variant("-gpgpu_scheduler", "-gpgpu_scheduler two_level_active:6:0:1");
    hamm_gpu_import *im = import_ok(cfg);
    json_t *g = part(im, HAMM_IMPORT_GPU);
    assert_string_equal(str(g, "core", "warp_scheduler"), "lrr");
    assert_non_null(strstr(str(g, "notes", "-gpgpu_scheduler"), "two_level_active"));
    json_decref(g);
    hamm_gpu_import_free(im);
    free(cfg);
}

/* Trace mode's unit timings (Accel-Sim's trace.config appended to the file): 2 SP units
 * taking a warp every 2 cycles retire 32 lanes a cycle, latency 2 + 6 pipeline cycles = 8;
 * 1 SFU every 8 cycles: 32 / 8 = 4 lanes, 20 + 6 = 26.  A pair without its comma fails. */
static void trace_units(void **state)
{
    (void)state;
    char *cfg = variant("-foo_unknown_option", "-gpgpu_num_sp_units 2\n"
                                               "-trace_opcode_latency_initiation_sp 2,2\n"
                                               "-trace_opcode_latency_initiation_sfu 20,8");
    hamm_gpu_import *im = import_ok(cfg);
    json_t *g = part(im, HAMM_IMPORT_GPU);
    /* 2 SP units each taking a warp every 2 cycles, shared by the schedulers: 2 units of
     * 32 / 2 = 16 lanes; 1 SFU every 8 cycles: 1 unit of 4 lanes */
    assert_int_equal(num(g, "core", "alu_units"), 2);
    assert_int_equal(num(g, "core", "simd_width"), 16);
    assert_int_equal(num(g, "core", "alu_latency"), 8);
    assert_int_equal(num(g, "core", "sfu_units"), 1);
    assert_int_equal(num(g, "core", "sfu_width"), 4);
    assert_int_equal(num(g, "core", "sfu_latency"), 26);
    assert_int_equal(num(g, "core", "ldst_width"), 32);
    assert_int_equal(num(g, "l1", "miss_latency"), 1); /* -gpgpu_l1_latency absent: 1 */
    json_decref(g);
    hamm_gpu_import_free(im);
    free(cfg);
    expect_error("-foo_unknown_option", "-trace_opcode_latency_initiation_sfu 20", 23,
                 "-trace_opcode_latency_initiation_sfu", "latency,initiation");
}

/* -gpgpu_sub_core_model 1 with `small`'s 4 schedulers: 4 SP units, each taking a warp
 * every 2 cycles, are 4 ALU units of 32 / 2 = 16 lanes; 4 SFUs every 8 cycles, 4 units of
 * 32 / 8 = 4 lanes; core.sub_cores on.  6 SP units do not divide among 4 sub-cores: no
 * sub-cores, a note, and the 6 units of 16 lanes shared by the schedulers, as without the
 * option. */
static char *sub_core_config(unsigned sp_units)
{
    char line[256];
    snprintf(line, sizeof line,
             "-gpgpu_sub_core_model 1\n-gpgpu_num_sp_units %u\n-gpgpu_num_sfu_units 4\n"
             "-trace_opcode_latency_initiation_sp 2,2\n"
             "-trace_opcode_latency_initiation_sfu 20,8",
             sp_units);
    return variant("-foo_unknown_option", line);
}

static void sub_core_units(void **state)
{
    (void)state;
    char *cfg = sub_core_config(4);
    hamm_gpu_import *im = import_ok(cfg);
    json_t *g = part(im, HAMM_IMPORT_GPU);
    assert_true(json_is_true(json_object_get(json_object_get(g, "core"), "sub_cores")));
    assert_int_equal(num(g, "core", "alu_units"), 4);
    assert_int_equal(num(g, "core", "sfu_units"), 4);
    assert_int_equal(num(g, "core", "simd_width"), 16);
    assert_int_equal(num(g, "core", "sfu_width"), 4);
    assert_int_equal(num(g, "core", "alu_latency"), 8);
    assert_non_null(strstr(str(g, "notes", "-gpgpu_sub_core_model"), "core.sub_cores"));
    json_decref(g);
    hamm_gpu_import_free(im);
    free(cfg);
    cfg = sub_core_config(6);
    im = import_ok(cfg);
    g = part(im, HAMM_IMPORT_GPU);
    assert_null(json_object_get(json_object_get(g, "core"), "sub_cores"));
    assert_int_equal(num(g, "core", "alu_units"), 6); /* shared by the schedulers */
    assert_int_equal(num(g, "core", "simd_width"), 16);
    assert_non_null(strstr(str(g, "notes", "-gpgpu_sub_core_model"), "not modelled"));
    json_decref(g);
    hamm_gpu_import_free(im);
    free(cfg);
}

/* Each set-index letter becomes hamm's index of the same definition, not an approximation
 * (no note): the GTX480's dl1 (H, 32 sets) the Fermi hash, an L2's P IPOLY over each
 * sub-partition's 32 sets.  A set count GPGPU-Sim's function does not define is refused
 * at the cache's line. */
static void set_indices(void **state)
{
    (void)state;
    char *cfg = variant("-gpgpu_cache:dl1", "-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,S:64:8,8");
    hamm_gpu_import *im = import_ok(cfg);
    json_t *g = part(im, HAMM_IMPORT_GPU);
    assert_string_equal(str(g, "l1", "index"), "fermi-hash");
    assert_null(strstr(str(g, "notes", "-gpgpu_cache:dl1"), "index"));
    json_decref(g);
    hamm_gpu_import_free(im);
    free(cfg);
    cfg = variant("-gpgpu_cache:dl2", "-gpgpu_cache:dl2 S:32:128:16,L:B:m:W:P,A:128:4,8:0,32");
    im = import_ok(cfg);
    g = part(im, HAMM_IMPORT_GPU);
    assert_string_equal(str(g, "l2", "index"), "ipoly");
    assert_int_equal(num(g, "l2", "sets"), 64);
    assert_int_equal(num(g, "l2", "sub_partitions"), 2);
    assert_null(strstr(str(g, "notes", "-gpgpu_cache:dl2"), "index")); /* W's note only */
    json_decref(g);
    hamm_gpu_import_free(im);
    free(cfg);
    expect_error("-gpgpu_cache:dl1", "-gpgpu_cache:dl1 N:16:128:4,L:E:m:N:H,A:32:4,16", 10,
                 "-gpgpu_cache:dl1", "l1.index: this set index takes 32 or 64 sets, not 16");
    expect_error("-gpgpu_cache:dl2", "-gpgpu_cache:dl2 S:8:128:16,L:B:m:W:P,A:128:4,8:0,32",
                 11, "-gpgpu_cache:dl2",
                 "l2.index: this set index takes 16, 32 or 64 sets a sub-partition, not 8");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gpu_model),         cmocka_unit_test(dram_and_system),
        cmocka_unit_test(ignored_listed),    cmocka_unit_test(errors),
        cmocka_unit_test(nearest_scheduler), cmocka_unit_test(trace_units),
        cmocka_unit_test(refused_models),    cmocka_unit_test(trc_below_ras_rp),
        cmocka_unit_test(partition_queues),  cmocka_unit_test(write_queue_and_perfect_icache),
        cmocka_unit_test(sub_core_units),    cmocka_unit_test(set_indices),
        cmocka_unit_test(l1_skipped_or_flushed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
