/* mwp_print.h - what `hamm mwp` writes: the table for people, the JSON (hamm-mwp/1) and
 * the explanation in words. */
#ifndef HAMM_CLI_MWP_PRINT_H
#define HAMM_CLI_MWP_PRINT_H

#include <stddef.h>
#include <stdio.h>

#include "hamm/mwp.h"
#include "hamm/mwp_counts.h"

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
} mwp_run;

/* What bounds the kernel, and why, in a few sentences. */
void mwp_explain(const mwp_run *run, const hamm_mwp_result *r, char *buf, size_t size);
/* How the combined prediction differs from the plain one. */
void mwp_change(const mwp_run *run, char *buf, size_t size);

void mwp_print_table(FILE *out, const mwp_run *run);
/* The JSON text, ending in a newline; NULL when out of memory. */
char *mwp_json(const mwp_run *run);

#endif
