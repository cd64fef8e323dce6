/* mwp_print.h - what `hamm mwp` writes: the table for people, the JSON (hamm-mwp/1) and
 * the explanation in words. */
#ifndef HAMM_CLI_MWP_PRINT_H
#define HAMM_CLI_MWP_PRINT_H

#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

#include "hamm/mwp.h"
#include "hamm/mwp_counts.h"
#include "mwp_trace.h"

/* One run: the inputs, the plain prediction and, with --dram-efficiency, the combined. */
typedef struct mwp_run {
    const char *machine_path, *kernel_path;
    hamm_mwp_machine machine;
    hamm_mwp_kernel kernel;
    hamm_mwp_options options; /* dram_efficiency: the combined model's E */
    int combined;             /* --dram-efficiency given */
    hamm_mwp_result plain, with_e;
    int derived;              /* the counts came from --workload (kernel_path) */
    hamm_mwp_derived counts;  /* and these are its totals */
    const mwp_trace_result *trace; /* E from --trace; NULL: given, or none */
} mwp_run;

/* What bounds the kernel, and why, in a few sentences. */
void mwp_explain(const mwp_run *run, const hamm_mwp_result *r, char *buf, size_t size);
/* How the combined prediction differs from the plain one. */
void mwp_change(const mwp_run *run, char *buf, size_t size);

void mwp_print_table(FILE *out, const mwp_run *run);
/* The JSON text, ending in a newline; NULL when out of memory. */
char *mwp_json(const mwp_run *run);
/* Text of a JSON document as mwp_json writes it (consumes root); NULL when out of memory. */
char *mwp_json_text(json_t *root);

/* Parts of the JSON the sweep's document shares (hamm-mwp-sweep/1). */
json_t *mwp_machine_json(const mwp_run *run);
json_t *mwp_kernel_json(const mwp_run *run);
/* "given", "trace", or null without E; and --trace's inputs and result, or null. */
json_t *mwp_source_json(const mwp_run *run);
json_t *mwp_trace_json(const mwp_run *run);
/* The lines above the table: the machine, options, where E came from, the occupancy. */
void mwp_print_head(FILE *out, const mwp_run *run, const hamm_mwp_result *r);
/* Words for people, broken into lines of at most 88 columns. */
void mwp_print_wrapped(FILE *out, const char *text);

#endif
