/* config_tables.c - every key of the two model-file kinds, in one place: type, range,
 * required or default, unit, and where it lands in the structs of hamm/config.h.
 * models/README.md documents the same keys; keep the two in step. */
#include <stddef.h>

#include "config_internal.h"

#define ROWS(a) (a), (sizeof(a) / sizeof((a)[0]))
#define REQ SCHEMA_REQUIRED
#define POW2 SCHEMA_POW2
#define QUIET SCHEMA_QUIET
#define MAXLEN 4096.0

/* Offsets into hamm_dram_config. */
#define D(m) offsetof(hamm_dram_config, m)
#define T(m) offsetof(hamm_dram_config, timing.m)

/* A timing parameter in command-clock cycles: required, at least `lo` cycles. */
#define CYCLES(name, lo, doc) \
    { #name, SCHEMA_U32, REQ, lo, 65535, 0, NULL, T(name), 0, "cycles", NULL, doc, NULL }
/* An optional one; 0 means the standard does not have it. */
#define CYCLES_OPT(name, hi, doc) \
    { #name, SCHEMA_U32, 0, 0, hi, 0, NULL, T(name), 0, "cycles", NULL, doc, NULL }

static const struct schema_field organization[] = {
    {"banks", SCHEMA_U32, REQ | POW2, 1, 1024, 0, NULL, D(banks), 0, "", NULL,
     "banks per chip, all groups together", NULL},
    {"bank_groups", SCHEMA_U32, POW2, 1, 64, 1, NULL, D(bank_groups), 0, "", NULL,
     "bank groups per chip (1: none)", NULL},
    {"rows", SCHEMA_U32, REQ | POW2, 1, 16777216, 0, NULL, D(rows), 0, "", NULL,
     "rows per bank", NULL},
    {"columns", SCHEMA_U32, REQ | POW2, 1, 65536, 0, NULL, D(columns), 0, "", NULL,
     "column addresses per row; one column is one beat of one chip (bus_width_bits)", NULL},
    {"bus_width_bits", SCHEMA_U32, REQ | POW2, 1, 1024, 0, NULL, D(bus_width_bits), 0, "bits",
     NULL, "data pins per chip", NULL},
    {"burst_length", SCHEMA_U32, REQ | POW2, 1, 64, 0, NULL, D(burst_length), 0, "beats", NULL,
     "beats per RD/WR command (BL)", NULL},
    {"data_rate", SCHEMA_U32, POW2, 1, 8, 2, NULL, D(data_rate), 0, "beats per cycle", NULL,
     "beats per command-clock cycle: 1 SDR, 2 DDR, 4 GDDR5 (QDR)", NULL},
};
static const struct schema_table organization_table = {ROWS(organization)};

static const struct schema_field timing[] = {
    CYCLES(tCCD, 1, "RD to RD or WR to WR, any bank (other bank group)"),
    CYCLES_OPT(tCCD_L, 65535, "RD to RD or WR to WR in the same bank group"),
    CYCLES(tRRD, 1, "ACT to ACT, other bank (other bank group)"),
    CYCLES_OPT(tRRD_L, 65535, "ACT to ACT in the same bank group"),
    CYCLES_OPT(tFAW, 65535, "window holding at most four ACTs"),
    CYCLES(tRAS, 1, "ACT to PRE, same bank"),
    CYCLES(tRCD, 1, "ACT to RD/WR, same bank"),
    CYCLES(tRP, 1, "PRE to ACT, same bank"),
    CYCLES(tRC, 1, "ACT to ACT, same bank"),
    CYCLES(CL, 1, "RD to first read data"),
    CYCLES(WL, 1, "WR to first write data"),
    CYCLES(tWTR, 1, "end of write data to RD (other bank group)"),
    CYCLES_OPT(tWTR_L, 65535, "end of write data to RD in the same bank group"),
    CYCLES(tRTW, 1, "RD to WR (bus turnaround)"),
    CYCLES(tRTP, 1, "RD to PRE, same bank"),
    CYCLES(tWR, 1, "end of write data to PRE, same bank (write recovery)"),
    CYCLES_OPT(tRFC, 65535, "REF to ACT (0: refresh not modelled)"),
    CYCLES_OPT(tREFI, 1000000, "average REF interval (0: refresh not modelled)"),
    /* quiet: a model dump leaves it out at 0, as before ranks existed */
    { "tRTRS", SCHEMA_U32, QUIET, 0, 65535, 0, NULL, T(tRTRS), 0, "cycles", NULL,
      "bus idle between data bursts of two ranks (0: not modelled)", NULL },
};
static const struct schema_table timing_table = {ROWS(timing)};

static const struct schema_field dram[] = {
    {"schema", SCHEMA_TAG, REQ, 0, 0, 0, CONFIG_DRAM_SCHEMA, 0, 0, "", NULL,
     "file kind and version", NULL},
    {"name", SCHEMA_STRING, REQ, 1, MAXLEN, 0, NULL, D(name), sizeof(((hamm_dram_config *)0)->name),
     "", NULL, "short name of the device", NULL},
    {"description", SCHEMA_STRING, 0, 0, MAXLEN, 0, NULL, 0, 0, "", NULL, "free text", NULL},
    {"notes", SCHEMA_NOTES, 0, 0, 0, 0, NULL, 0, 0, "", NULL,
     "where each value comes from (object of strings)", NULL},
    {"organization", SCHEMA_OBJECT, REQ, 0, 0, 0, NULL, 0, 0, "", &organization_table,
     "geometry of one chip", NULL},
    {"clock_mhz", SCHEMA_DOUBLE, REQ, 1, 100000, 0, NULL, D(clock_mhz), 0, "MHz", NULL,
     "command clock", NULL},
    {"timing", SCHEMA_OBJECT, REQ, 0, 0, 0, NULL, 0, 0, "", &timing_table,
     "timing in command-clock cycles", NULL},
};
const struct schema_table config_dram_table = {ROWS(dram)};

/* ENUM and SET rows store an unsigned. */
_Static_assert(sizeof(hamm_scheduler) == sizeof(unsigned), "a scheduler is stored as unsigned");
_Static_assert(sizeof(hamm_page_policy) == sizeof(unsigned), "a policy is stored as unsigned");
_Static_assert(sizeof(hamm_ready_order) == sizeof(unsigned), "an order is stored as unsigned");

/* Offsets into hamm_system_config. */
#define S(m) offsetof(hamm_system_config, m)
#define SIZE(m) sizeof(((hamm_system_config *)0)->m)

static const struct schema_field predict_fields[] = {
    /* at most 127 characters, as when the list was kept as text */
    {"heuristics", SCHEMA_SET, 0, 1, 127, 0, "all", S(predict_heuristics), 0, "", NULL,
     "heuristics hamm predict reports: comma-separated no-overlap, full-overlap, average, "
     "locality-switch, or all", &config_heuristic_names},
    {"locality_threshold", SCHEMA_DOUBLE, 0, 0, 1e9, 2.0, NULL, S(locality_threshold), 0,
     "requests per activate", NULL,
     "locality-switch uses full-overlap below this average row access locality", NULL},
};
static const struct schema_table predict_table = {ROWS(predict_fields)};

static const struct schema_field system_fields[] = {
    {"schema", SCHEMA_TAG, REQ, 0, 0, 0, CONFIG_SYSTEM_SCHEMA, 0, 0, "", NULL,
     "file kind and version", NULL},
    {"name", SCHEMA_STRING, REQ, 1, MAXLEN, 0, NULL, S(name), SIZE(name), "", NULL,
     "short name of the system", NULL},
    {"description", SCHEMA_STRING, 0, 0, MAXLEN, 0, NULL, 0, 0, "", NULL, "free text", NULL},
    {"notes", SCHEMA_NOTES, 0, 0, 0, 0, NULL, 0, 0, "", NULL,
     "where each value comes from (object of strings)", NULL},
    {"dram", SCHEMA_EXTERNAL, REQ, 0, 0, 0, NULL, 0, 0, "", NULL,
     "DRAM model: a file name relative to this file, or an inline DRAM object", NULL},
    {"channels", SCHEMA_U32, REQ, 1, 1024, 0, NULL, S(channels), 0, "", NULL,
     "memory controllers (channels)", NULL},
    {"chips_per_channel", SCHEMA_U32, REQ | POW2, 1, 64, 0, NULL, S(chips_per_channel), 0, "",
     NULL, "chips in lockstep on one controller", NULL},
    /* Lands in dram.ranks: the engine, the checker and the command log take the device as
     * a hamm_dram_config. */
    {"ranks_per_channel", SCHEMA_U32, QUIET | POW2, 1, 16, 1, NULL, S(dram.ranks), 0, "", NULL,
     "ranks sharing a channel's command and data buses", NULL},
    {"queue_size", SCHEMA_U32, REQ, 1, 65536, 0, NULL, S(queue_size), 0, "requests", NULL,
     "controller request queue entries", NULL},
    {"scheduler", SCHEMA_ENUM, 0, 0, 0, 0, "fr-fcfs", S(scheduler), 0, "", NULL,
     "fr-fcfs, fcfs, most-pending or banked-fifo", &config_scheduler_names},
    {"write_queue_size", SCHEMA_U32, QUIET, 0, 65536, 0, NULL, S(write_queue_size), 0, "requests",
     NULL, "0: writes share queue_size; else a write queue of this many entries", NULL},
    {"write_drain_high", SCHEMA_U32, QUIET, 0, 65536, 0, NULL, S(write_drain_high), 0, "requests",
     NULL, "drain writes once this many wait (0: when the write queue is full)", NULL},
    {"write_drain_low", SCHEMA_U32, QUIET, 0, 65536, 0, NULL, S(write_drain_low), 0, "requests",
     NULL, "drain until at most this many writes wait", NULL},
    {"page_policy", SCHEMA_ENUM, QUIET, 0, 0, 0, "open", S(page_policy), 0, "", NULL,
     "open, closed or timeout (hamm simulate)", &config_page_policy_names},
    {"page_timeout", SCHEMA_U32, QUIET, 0, 1000000, 0, NULL, S(page_timeout), 0, "cycles", NULL,
     "timeout: close a row unused for this many cycles", NULL},
    {"row_hit_cap", SCHEMA_U32, QUIET, 0, 65536, 0, NULL, S(row_hit_cap), 0, "requests", NULL,
     "0: none; else at most this many row hits while an older request wants another row",
     NULL},
    {"ready_order", SCHEMA_ENUM, QUIET, 0, 0, 0, "column-first", S(ready_order), 0, "", NULL,
     "column-first, oldest-ready, queue-head or first-ready (fr-fcfs only)", &config_ready_order_names},
    {"merge_same_address", SCHEMA_BOOL, QUIET, 0, 1, 0, NULL, S(merge_same_address), 0, "",
     NULL, "merge a read with a queued read and serve it from a queued write to the same "
     "address; merge a write with a queued write (DRAMsim3's controller)", NULL},
    {"activate_queue", SCHEMA_BOOL, QUIET, 0, 1, 0, NULL, S(activate_queue), 0, "", NULL,
     "queue-head: a request leaves its queue's count when its ACT issues, and activated "
     "requests go first in either drain mode (Ramulator 1's activate queue)", NULL},
    {"request_size_bytes", SCHEMA_U32, REQ | POW2, 1, 4096, 0, NULL, S(request_size), 0,
     "bytes", NULL, "bytes per request", NULL},
    {"cores", SCHEMA_U32, REQ, 1, 65536, 0, NULL, S(cores), 0, "", NULL,
     "cores issuing requests", NULL},
    {"max_inflight_per_core", SCHEMA_U32, REQ, 1, 65536, 0, NULL, S(max_inflight_per_core), 0,
     "requests", NULL, "outstanding requests per core", NULL},
    {"address_map", SCHEMA_STRING, REQ, 1, MAXLEN, 0, NULL, S(address_map), SIZE(address_map),
     "", NULL, "address -> channel, bank, row, column (see hamm/addrmap.h)", NULL},
    {"address_xor", SCHEMA_STRING, 0, 0, MAXLEN, 0, "", S(address_xor), SIZE(address_xor), "",
     NULL, "XOR hashing terms, e.g. \"bank^row\" (\"\": none)", NULL},
    {"address_map_allow_split", SCHEMA_BOOL, QUIET, 0, 1, 0, NULL, S(address_map_allow_split),
     0, "", NULL, "accept a channel, bank group or bank bit inside a request (below "
     "log2(request_size_bytes)); false: such a map is refused", NULL},
    {"address_bank_scheme", SCHEMA_STRING, SCHEMA_QUIET_EMPTY, 0, 127, 0, "",
     S(address_bank_scheme), SIZE(address_bank_scheme), "", NULL,
     "parallel-memory scheme computing the bank, e.g. \"xor\" or \"skewed:skew=1\" "
     "(docs/BANKED.md; \"\": the map's bank bits)", NULL},
    {"address_channel_scheme", SCHEMA_STRING, SCHEMA_QUIET_EMPTY, 0, 127, 0, "",
     S(address_channel_scheme), SIZE(address_channel_scheme), "", NULL,
     "parallel-memory scheme computing the channel (\"\": the map's channel)", NULL},
    {"predict", SCHEMA_OBJECT, 0, 0, 0, 0, NULL, 0, 0, "", &predict_table,
     "defaults of hamm predict (the hybrid analytical model)", NULL},
    {"gpu", SCHEMA_STRING, QUIET, 0, MAXLEN, 0, "", S(gpu), SIZE(gpu), "", NULL,
     "the GPU model file (models/gpu/), relative to this file, that hamm simulate "
     "--workload runs on (\"\": none)", NULL},
};
const struct schema_table config_system_table = {ROWS(system_fields)};
