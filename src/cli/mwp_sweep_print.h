/* mwp_sweep_print.h - `hamm mwp --sweep PARAM=LIST`: one prediction per value, as a table
 * or as JSON (hamm-mwp-sweep/1, docs/MWP.md "Curves"). */
#ifndef HAMM_CLI_MWP_SWEEP_PRINT_H
#define HAMM_CLI_MWP_SWEEP_PRINT_H

#include "hamm/mwp_sweep.h"
#include "mwp_print.h"

/* Run the sweep over run's inputs and write it to out_path (NULL: standard output). */
int mwp_sweep_output(const hamm_mwp_sweep *s, const mwp_run *run, int json,
                     const char *out_path);

#endif
