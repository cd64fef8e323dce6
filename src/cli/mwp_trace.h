/* mwp_trace.h - `hamm mwp --trace`: the DRAM efficiency E of the combined MWP/CWP model
 * from the hybrid DRAM model run on traces of the kernel's memory requests. */
#ifndef HAMM_CLI_MWP_TRACE_H
#define HAMM_CLI_MWP_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "hamm/config.h"

enum { MWP_TRACE_MAX = 256 };

/* What --trace and the options beside it ask for. */
typedef struct mwp_trace_opts {
    cli_trace_opts in;                  /* -m, --model-path, --set, -f, -r, -k, -T */
    const char *given[MWP_TRACE_MAX];   /* --trace arguments: files or directories */
    size_t ngiven;
    const char *heuristic;              /* NULL: command-timed */
    int timed;                          /* --replay timed */
} mwp_trace_opts;

/* E and where it came from. */
typedef struct mwp_trace_result {
    double efficiency;        /* busy / active cycles summed over the channels */
    double request_weighted;  /* hamm predict's "weighted" row, for comparison */
    hamm_heuristic heuristic;
    int timed;
    char model[128];          /* the system model's name */
    char model_arg[4096];     /* as named: -m, or the machine's "system" */
    uint64_t requests;
    uint32_t channels, channels_used;
    char (*files)[4096];      /* the traces read, directories expanded, in order */
    size_t nfiles;
} mwp_trace_result;

/* Parse --heuristic NAME for mwp (one name): CLI_OK or a usage error. */
int mwp_trace_heuristic(const char *cmd, const char *name, mwp_trace_opts *o);
/* Expand the --trace arguments (a directory: its regular files whose names do not start
 * with '.', in natural order) into r->files; CLI_OK or CLI_FAIL after printing. */
int mwp_trace_expand(const mwp_trace_opts *o, mwp_trace_result *r);
/* Run the hybrid model on every file with the system model `model` (-m, else the
 * machine's); CLI_OK or the exit status after printing. */
int mwp_trace_run(const mwp_trace_opts *o, const char *model, mwp_trace_result *r);
void mwp_trace_free(mwp_trace_result *r);

#endif
