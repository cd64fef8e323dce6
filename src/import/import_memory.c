/* import_memory.c - the memory side of an imported GPGPU-Sim configuration: the DRAM
 * model (organization and timings of -gpgpu_dram_timing_opt, rows and columns from the
 * address map) and the system model (channels, controller, address map, the separate write
 * queue).  docs/GPU.md, "Importing a GPGPU-Sim configuration". */
#include <stdio.h>
#include <string.h>

#include "import_internal.h"

/* Rows and columns from the address map's R, B, C and S letters (after any "dramid@N;"):
 * 2^R rows; the C and S bits address the bytes of a row, which hamm counts in columns of
 * one beat of every chip. */
static hamm_status map_geometry(const imp_state *s, uint32_t *rows, uint32_t *columns,
                                hamm_error *err)
{
    const char *semi = strchr(s->map, ';');
    unsigned r = 0, b = 0, cs = 0;
    for (const char *p = semi ? semi + 1 : s->map; *p; p++) {
        r += *p == 'R' || *p == 'r';
        b += *p == 'B' || *p == 'b' || *p == 'G' || *p == 'g';
        cs += *p == 'C' || *p == 'c' || *p == 'S' || *p == 's';
    }
    uint64_t beat = (uint64_t)s->chips * s->bus_bytes;
    hamm_pos at = HAMM_AT_LINE(s->source, s->map_line);
    if (r == 0 || r > 24 || cs > 40 || ((uint64_t)1 << cs) < beat)
        return hamm_error_at(err, HAMM_ERR_CONFIG, at, "-gpgpu_mem_addr_mapping",
                             "%u row bits and %u column/burst bits do not make a row of "
                             "%llu-byte beats",
                             r, cs, (unsigned long long)beat);
    if (((uint64_t)1 << b) != s->timing[IT_NBK])
        return hamm_error_at(err, HAMM_ERR_CONFIG, at, "-gpgpu_mem_addr_mapping",
                             "%u bank bits address %llu banks; nbk in -gpgpu_dram_timing_opt "
                             "is %u",
                             b, 1ULL << b, (unsigned)s->timing[IT_NBK]);
    *rows = (uint32_t)1 << r;
    uint64_t cols = ((uint64_t)1 << cs) / beat;
    if (cols > 65536)
        return hamm_error_at(err, HAMM_ERR_CONFIG, at, "-gpgpu_mem_addr_mapping",
                             "%llu columns per row: hamm takes at most 65536",
                             (unsigned long long)cols);
    *columns = (uint32_t)cols;
    return HAMM_OK;
}

/* The timings hamm needs that GPGPU-Sim derives: read to precharge is at least a burst,
 * and read to write is CL + burst + 2 - WL (two cycles of bus turnaround).  tRC is at
 * least tRAS + tRP: GPGPU-Sim's bank (dram.cc) precharges only once RAS has run out and
 * activates only once both RP and RC have, so a smaller RC (SM3_KEPLER_TITAN's 52 against
 * 37 + 16) never binds there, and hamm, which refuses such a DRAM model, is given the
 * activate-to-activate time GPGPU-Sim keeps. */
static json_t *timing_json(const imp_state *s)
{
    const uint32_t *t = s->timing;
    uint32_t burst = s->burst / s->data_ratio ? s->burst / s->data_ratio : 1;
    uint32_t rtp = t[IT_RTPL] > burst ? t[IT_RTPL] : burst;
    int64_t rtw = (int64_t)t[IT_CL] + burst + 2 - t[IT_WL];
    int groups = t[IT_NBKGRP] > 1;
    uint32_t ccd_l = groups && t[IT_CCDL] >= t[IT_CCD] ? t[IT_CCDL] : 0;
    uint32_t rc = t[IT_RC] > t[IT_RAS] + t[IT_RP] ? t[IT_RC] : t[IT_RAS] + t[IT_RP];
    return json_pack("{s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, "
                     "s:i, s:i, s:i, s:i}",
                     "tCCD", (int)t[IT_CCD], "tCCD_L", (int)ccd_l, "tRRD", (int)t[IT_RRD],
                     "tRRD_L", 0, "tFAW", 0, "tRAS", (int)t[IT_RAS], "tRCD", (int)t[IT_RCD],
                     "tRP", (int)t[IT_RP], "tRC", (int)rc, "CL", (int)t[IT_CL], "WL",
                     (int)t[IT_WL], "tWTR", (int)t[IT_CDLR], "tWTR_L", 0, "tRTW",
                     (int)(rtw > 0 ? rtw : 0), "tRTP", (int)rtp, "tWR", (int)t[IT_WR], "tRFC",
                     0, "tREFI", 0);
}

/* The map as hamm writes it: with -dram_bnkgrp_indexing_policy 1 (a bank's group is its
 * low bits, GPGPU-Sim's dram.cc get_bankgrp_number) the lowest log2(groups) bank letters
 * become hamm's G (bank-group) letters, so hamm's engine groups the banks alike. */
static void hamm_map(const imp_state *s, char *out, size_t size)
{
    snprintf(out, size, "%s", s->map);
    uint32_t groups = s->timing[IT_NBKGRP];
    if (!s->bnkgrp_low || groups < 2)
        return;
    unsigned left = 0;
    while ((1u << left) < groups)
        left++;
    for (size_t i = strlen(out); i-- > 0 && left;)
        if (out[i] == 'B' || out[i] == 'b') {
            out[i] = 'G';
            left--;
        }
}

hamm_status import_dram_json(const imp_state *s, const char *name, json_t **out,
                             hamm_error *err)
{
    uint32_t rows = 0, columns = 0;
    hamm_status st = map_geometry(s, &rows, &columns, err);
    if (st != HAMM_OK)
        return st;
    json_t *timing = timing_json(s);
    *out = json_pack(
        "{s:s, s:s, s:s, s:{s:s, s:s, s:s}, s:{s:i, s:i, s:i, s:i, s:i, s:i, s:i}, s:f, s:o}",
        "schema", "hamm-dram/1", "name", name, "description",
        "DRAM of a GPGPU-Sim configuration, imported by hamm import-gpgpusim.", "notes",
        "timing", "-gpgpu_dram_timing_opt: CCD, CCDL, RRD, RAS, RCD, RP, CL, WL, WR as "
                  "tCCD, tCCD_L, tRRD, tRAS, tRCD, tRP, CL, WL, tWR; CDLR as tWTR; tRC the "
                  "larger of RC and RAS + RP (GPGPU-Sim's bank waits for both); tRTP the "
                  "larger of RTPL and a burst; tRTW = CL + burst + 2 - WL",
        "rows, columns", "from the address map's R bits and its C and S bits (bytes per "
                         "row over chips x bus bytes)",
        "tFAW, refresh, same-group tRRD and tWTR", "GPGPU-Sim has none: 0",
        "organization", "banks", (int)s->timing[IT_NBK], "bank_groups",
        (int)s->timing[IT_NBKGRP], "rows", (int)rows, "columns", (int)columns,
        "bus_width_bits", (int)(s->bus_bytes * 8), "burst_length", (int)s->burst, "data_rate",
        (int)s->data_ratio, "clock_mhz", s->clock[3], "timing", timing);
    return *out ? HAMM_OK : NOMEM(err);
}

/* GPGPU-Sim's separate write queue (dram_sched.cc): writes wait apart, served from `high`
 * pending until fewer than `low` are left, which is hamm's drain to at most low - 1. */
static hamm_status write_queue(imp_state *s, json_t *system, hamm_error *err)
{
    const uint32_t *q = s->write_queue;
    char note[256];
    snprintf(note, sizeof note,
             "%u:%u:%u -> write_queue_size %u, write_drain_high %u, write_drain_low %u "
             "(GPGPU-Sim leaves write mode below low); hamm also switches when the queue it "
             "serves is empty, GPGPU-Sim only at the watermarks",
             (unsigned)q[0], (unsigned)q[1], (unsigned)q[2], (unsigned)q[0], (unsigned)q[1],
             (unsigned)q[2] - 1);
    if (import_note(s, "-dram_write_queue_size", note, err) != HAMM_OK)
        return err->status;
    if (json_object_set_new(system, "write_queue_size", json_integer(q[0])) ||
        json_object_set_new(system, "write_drain_high", json_integer(q[1])) ||
        json_object_set_new(system, "write_drain_low", json_integer((json_int_t)q[2] - 1)))
        return NOMEM(err);
    return HAMM_OK;
}

hamm_status import_system_json(imp_state *s, const char *name, json_t **out, hamm_error *err)
{
    char gpu[300], dram[300], map[sizeof s->map];
    hamm_map(s, map, sizeof map);
    snprintf(gpu, sizeof gpu, "../gpu/%s.json", name);
    snprintf(dram, sizeof dram, "../dram/%s.json", name);
    uint32_t request = s->l2.given ? s->l2.line_bytes : s->l1.given ? s->l1.line_bytes : 128;
    uint32_t queue = s->queue ? s->queue : 1024;
    *out = json_pack(
        "{s:s, s:s, s:s, s:{s:s, s:s}, s:s, s:s, s:i, s:i, s:i, s:s, s:i, s:i, s:i, s:s}",
        "schema", "hamm-system/1", "name", name, "description",
        "Memory system of a GPGPU-Sim configuration, imported by hamm import-gpgpusim.",
        "notes", "request_size_bytes", "the L2 line (the L1's without an L2; 128 without "
                                       "either)",
        "queue_size", "-gpgpu_frfcfs_dram_sched_queue_size; 0 (unbounded in GPGPU-Sim) as 1024",
        "gpu", gpu, "dram", dram, "channels", (int)s->channels, "chips_per_channel",
        (int)s->chips, "queue_size", (int)queue, "scheduler",
        s->dram_scheduler ? "fr-fcfs" : "fcfs", "request_size_bytes", (int)request, "cores",
        (int)(s->clusters * s->per_cluster), "max_inflight_per_core",
        (int)(s->l1.given ? s->l1.mshr_entries : 32), "address_map", map);
    if (!*out)
        return NOMEM(err);
    hamm_status st = s->write_queue_on ? write_queue(s, *out, err) : HAMM_OK;
    char scheme[64];
    if (st == HAMM_OK)
        st = import_partition_scheme(s, scheme, sizeof scheme, err);
    if (st == HAMM_OK && scheme[0] &&
        (json_object_set_new(*out, "address_channel_scheme", json_string(scheme)) ||
         json_object_set_new(json_object_get(*out, "notes"), "address_channel_scheme",
                             json_string(s->partition_indexing == 2
                                             ? "-gpgpu_memory_partition_indexing 2: "
                                               "GPGPU-Sim's IPOLY channel hash"
                                             : "-gpgpu_memory_partition_indexing 1: "
                                               "GPGPU-Sim's bitwise XOR channel hash"))))
        st = NOMEM(err);
    return st;
}
