/* hamm/config.h - model files: DRAM devices and memory systems, loaded from JSON,
 * validated (unknown keys, wrong types, missing fields, impossible values are errors
 * naming the file and the JSON path), with command-line overrides. */
#ifndef HAMM_CONFIG_H
#define HAMM_CONFIG_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "hamm/addrmap.h"
#include "hamm/error.h"
#include "hamm/export.h"
#include "hamm/io.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hamm_scheduler {
    HAMM_SCHED_FRFCFS = 0,    /* row hits first, then oldest ("fr-fcfs") */
    HAMM_SCHED_FCFS,          /* in order ("fcfs") */
    HAMM_SCHED_MOST_PENDING,  /* row with most pending requests ("most-pending") */
    HAMM_SCHED_BANKED_FIFO,   /* per-bank FIFOs ("banked-fifo") */
    HAMM_SCHED_COUNT
} hamm_scheduler;

/* When the engine closes a row that no queued request hits (docs/ENGINE.md). */
typedef enum hamm_page_policy {
    HAMM_PAGE_OPEN = 0,  /* until a request needs another row ("open") */
    HAMM_PAGE_CLOSED,    /* as soon as no queued request hits it ("closed") */
    HAMM_PAGE_TIMEOUT,   /* after page_timeout cycles unused ("timeout") */
    HAMM_PAGE_COUNT
} hamm_page_policy;

/* How fr-fcfs orders the commands that are legal now (docs/ENGINE.md). */
typedef enum hamm_ready_order {
    HAMM_ORDER_COLUMN_FIRST = 0, /* any row hit before any row command ("column-first") */
    HAMM_ORDER_OLDEST_READY,     /* the oldest request whose next command is legal
                                    ("oldest-ready": Ramulator's FRFCFS) */
    HAMM_ORDER_QUEUE_HEAD,       /* activated requests first, then the oldest ready; only
                                    that head may issue ("queue-head": Ramulator 1's
                                    controller with FRFCFS_Cap) */
    HAMM_ORDER_FIRST_READY,      /* oldest-ready, but a PRE only for the bank's oldest
                                    request and only when no queued request hits the
                                    open row or past row_hit_cap ("first-ready":
                                    DRAMsim3's command queue) */
    HAMM_ORDER_COUNT
} hamm_ready_order;

/* The activate heuristics of the hybrid model (hamm/dram_model.h). */
typedef enum hamm_heuristic {
    HAMM_HEUR_NO_OVERLAP = 0, /* "no-overlap": switch one bank per period (lower bound) */
    HAMM_HEUR_FULL_OVERLAP,   /* "full-overlap": switch every bank at once (upper bound) */
    HAMM_HEUR_AVERAGE,        /* "average": mean of the two (Yuan's thesis) */
    HAMM_HEUR_LOCALITY_SWITCH,/* "locality-switch": full-overlap below a locality threshold */
    HAMM_HEUR_COMMAND_TIMED,  /* "command-timed": the queue served in order, each command
                                 priced with the DRAM's constraints (not the paper's) */
    HAMM_HEUR_COUNT
} hamm_heuristic;

#define HAMM_HEUR_ALL ((1u << HAMM_HEUR_COUNT) - 1)

/* DRAM timing in command-clock cycles (datasheet names).  Zero means "not part of this
 * standard" for the optional ones (tFAW, tCCD_L, tRRD_L, tWTR_L, tRFC, tREFI, tRTRS). */
typedef struct hamm_dram_timing {
    uint32_t tCCD, tCCD_L;  /* column to column, any bank / same bank group */
    uint32_t tRRD, tRRD_L;  /* activate to activate, other bank / same bank group */
    uint32_t tFAW;          /* four-activate window */
    uint32_t tRAS, tRCD, tRP, tRC;
    uint32_t CL, WL;        /* read and write latency */
    uint32_t tWTR, tWTR_L;  /* end of write data to read */
    uint32_t tRTW;          /* read to write (bus turnaround) */
    uint32_t tRTP, tWR;     /* read to precharge, write recovery */
    uint32_t tRFC, tREFI;   /* refresh; tREFI 0: refresh not modelled */
    uint32_t tRTRS;         /* bus idle between data bursts of two ranks (0: not modelled) */
} hamm_dram_timing;

typedef struct hamm_dram_config {
    char name[128];
    uint32_t banks;          /* per chip, all groups together */
    uint32_t bank_groups;    /* 1 when the device has none */
    uint32_t rows;           /* per bank */
    uint32_t columns;        /* column addresses per row */
    uint32_t bus_width_bits; /* data pins per chip */
    uint32_t burst_length;   /* beats per RD/WR command (BL) */
    uint32_t data_rate;      /* beats per command-clock cycle (2: DDR) */
    double clock_mhz;        /* command clock */
    hamm_dram_timing timing;
    uint32_t ranks;          /* per channel, sharing its buses (the system model's
                                ranks_per_channel; a power of two, 1 by default) */
} hamm_dram_config;

typedef struct hamm_system_config {
    char source[512];           /* the system model file */
    char dram_source[4096];     /* the DRAM model file it names, as resolved; "" when the
                                   DRAM model is inline */
    char name[128];
    hamm_dram_config dram;
    uint32_t channels;          /* memory controllers */
    uint32_t chips_per_channel; /* chips in lockstep on one controller */
    uint32_t queue_size;        /* MC request queue entries (Q) */
    uint32_t request_size;      /* bytes per request */
    uint32_t cores;
    uint32_t max_inflight_per_core;
    hamm_scheduler scheduler;
    /* Engine-only controller options (hamm simulate; the analytical model ignores them).
     * Their defaults are the single shared queue, open page, no cap, column-first. */
    uint32_t write_queue_size;  /* 0: writes share queue_size with reads; else their own
                                   queue of this many entries, drained in bursts */
    uint32_t write_drain_high;  /* drain writes once this many wait (0: when it is full) */
    uint32_t write_drain_low;   /* ... until at most this many wait (while reads wait) */
    hamm_page_policy page_policy;
    uint32_t page_timeout;      /* cycles an unused open row stays open ("timeout") */
    uint32_t row_hit_cap;       /* 0: none; else at most this many row hits while the
                                   bank's oldest request wants another row */
    hamm_ready_order ready_order;
    int merge_same_address;     /* 1: a read joins a queued read to its address or is
                                   served by a queued write to it; a write joins a queued
                                   write (DRAMsim3's controller); 0: each request alone */
    int activate_queue;         /* 1 (queue-head only): a request whose ACT has issued
                                   leaves its queue's count and goes first in either
                                   drain mode (Ramulator 1's activate queue) */
    char address_map[512];      /* see hamm/addrmap.h */
    char address_xor[256];      /* "" for none */
    int address_map_allow_split; /* 1: accept channel or bank bits inside a request */
    char address_bank_scheme[128];    /* hamm/banked.h spelling ("xor:s=2"); "" for none */
    char address_channel_scheme[128]; /* likewise for the channel */
    unsigned predict_heuristics; /* hamm predict's default heuristics, a set of
                                    (1u << hamm_heuristic) (HAMM_HEUR_ALL) */
    double locality_threshold;  /* locality-switch threshold, requests per activate (2.0) */
    char gpu[512];              /* the GPU model file, as written (relative to `source`);
                                   "" when the system has no GPU model */
} hamm_system_config;

/* Where model names are looked up: directories in order, each holding system/, dram/,
 * gpu/ and mwp/.  The library has no directory of its own; the caller says where models
 * are (the hamm command: --model-path, HAMM_MODEL_PATH, then its installed or build-tree
 * models). */
typedef struct hamm_model_path {
    const char *const *dirs; /* count directories, searched first to last */
    size_t count;
} hamm_model_path;

/* The kinds of model a name is looked up for, each in its own folders of a directory. */
typedef enum hamm_model_kind {
    HAMM_MODEL_SYSTEM,      /* system/, then dram/: a system model, or a DRAM model */
    HAMM_MODEL_GPU,         /* gpu/: a GPU model (hamm_gpu_model_load) */
    HAMM_MODEL_MWP_MACHINE, /* mwp/: an MWP/CWP machine (hamm_mwp_load_machine) */
} hamm_model_kind;

/* Load a system model (JSON; its "dram" names a DRAM model file relative to it, or holds
 * one inline), apply `nsets` overrides "path=value" (e.g. "queue_size=16",
 * "dram.timing.tRCD=14"), then validate.  An override "dram=NAME" is looked up with
 * hamm_config_find in `models` (NULL: no directories, so NAME must be a file). */
HAMM_API hamm_status hamm_config_load_with(hamm_system_config *cfg, const char *path,
                                           const char *const *sets, size_t nsets,
                                           const hamm_model_path *models, hamm_error *err);
/* A system model from its contents, already parsed (`doc` is not changed), as if read
 * from the file `source`: its "dram" inline, or a DRAM model file named relative to
 * `source`; errors name `source` and the JSON path.  No other file is read. */
HAMM_API hamm_status hamm_config_from_json(hamm_system_config *cfg, json_t *doc,
                                           const char *source, hamm_error *err);
/* hamm_config_load_with(cfg, path, sets, nsets, NULL, err). */
HAMM_API hamm_status hamm_config_load(hamm_system_config *cfg, const char *path,
                                      const char *const *sets, size_t nsets, hamm_error *err);

/* An override whose path starts "gpu." ("gpu.l1.sets=64") names a key of the GPU model
 * (hamm_gpu_model_load_with applies it), not of the system model: the system model's
 * loader refuses it, so that it is never ignored where no GPU model runs.  A caller that
 * runs a GPU model passes the system model the others (hamm_sets_pick). */
#define HAMM_GPU_SET_PREFIX "gpu."
/* Whether the override "PATH=VALUE" (or a bare PATH) names a GPU model's key. */
HAMM_API int hamm_set_is_gpu(const char *set);
/* The overrides of sets[] that name GPU model keys (gpu != 0) or the others (gpu == 0),
 * in order, into out[] (room for nsets); returns how many. */
HAMM_API size_t hamm_sets_pick(const char *const *sets, size_t nsets, int gpu,
                               const char **out);

/* Find a model of `kind`: `name` as given when it is a file, else NAME or NAME.json in
 * the kind's folders of each directory of `models` in turn (NULL or empty: files only).
 * Writes the file name into path[size]; an error names the directories searched. */
HAMM_API hamm_status hamm_model_find(hamm_model_kind kind, const char *name,
                                     const hamm_model_path *models, char *path, size_t size,
                                     hamm_error *err);
/* hamm_model_find for a system or DRAM model (HAMM_MODEL_SYSTEM). */
HAMM_API hamm_status hamm_config_find(const char *name, const hamm_model_path *models,
                                      char *path, size_t size, hamm_error *err);
/* Whether a model is written as a file name (it holds a '/' or ends in .json) rather than
 * a name to look up: a suite reads such a file relative to itself, `hamm mwp --machine`
 * as given. */
HAMM_API int hamm_model_names_file(const char *name);

/* The files the load of `cfg` read, into `set`: the system model ("the system model")
 * and the DRAM model file it named ("the DRAM model"), if any. */
HAMM_API hamm_status hamm_config_inputs(const hamm_system_config *cfg, hamm_input_set *set,
                                        hamm_error *err);

/* The GPU model file the system names ("gpu"), relative to the system model's file as
 * "dram" is, into out[size]; 0 when it names none or the path does not fit. */
HAMM_API int hamm_config_gpu_path(const hamm_system_config *cfg, char *out, size_t size);

/* The geometry and the address map the system describes. */
HAMM_API void hamm_config_geometry(const hamm_system_config *cfg, hamm_geometry *g);
HAMM_API hamm_status hamm_config_addrmap(const hamm_system_config *cfg, hamm_addrmap **out,
                                         hamm_error *err);

/* Every parameter as JSON text (malloc'd; caller frees); NULL when out of memory. */
HAMM_API char *hamm_config_to_json(const hamm_system_config *cfg);

/* Names of the enums a model holds; "unknown" for a value out of range.  A name the
 * table lacks is an error naming the field ("scheduler", "--heuristic") and the names. */
HAMM_API const char *hamm_scheduler_name(hamm_scheduler s);
HAMM_API hamm_status hamm_scheduler_from_name(const char *name, hamm_scheduler *out,
                                              hamm_error *err);
HAMM_API const char *hamm_page_policy_name(hamm_page_policy p);
HAMM_API const char *hamm_ready_order_name(hamm_ready_order o);
HAMM_API const char *hamm_heuristic_name(hamm_heuristic h);
HAMM_API hamm_status hamm_heuristic_from_name(const char *name, hamm_heuristic *out,
                                              hamm_error *err);
/* A comma-separated list of names (or "all") as a bit set of (1u << hamm_heuristic). */
HAMM_API hamm_status hamm_heuristics_parse(const char *list, unsigned *out, hamm_error *err);

#ifdef __cplusplus
}
#endif

#endif
