/* mwp_doc_internal.h - what the hamm-mwp/1 and hamm-mwp-sweep/1 writers share: the
 * words, the inputs as JSON and the lines above the tables. */
#ifndef HAMM_MWP_DOC_INTERNAL_H
#define HAMM_MWP_DOC_INTERNAL_H

#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

#include "hamm/mwp_doc.h"

/* In words for people (mwp_words.c): "memory bandwidth", "compute bound (MWP > CWP)". */
const char *mwp_limiter_words(hamm_mwp_limiter l);
const char *mwp_case_words(hamm_mwp_case c);
/* What bounds the kernel, and why, in a few sentences. */
void mwp_explain(const hamm_mwp_run *run, const hamm_mwp_result *r, char *buf, size_t size);
/* How the combined prediction differs from the plain one. */
void mwp_change(const hamm_mwp_run *run, char *buf, size_t size);

/* The inputs both documents carry (mwp_inputs_json.c): the machine, the kernel (with the
 * workload it was derived from); where E came from ("given", "trace", or null without
 * E) and the traces' inputs and result (null without). */
json_t *mwp_machine_json(const hamm_mwp_run *run);
json_t *mwp_kernel_json(const hamm_mwp_run *run);
json_t *mwp_source_json(const hamm_mwp_run *run);
json_t *mwp_trace_json(const hamm_mwp_run *run);

/* The lines above both tables (mwp_text.c): the machine, options, where E came from, the
 * counts' workload and, with r, the occupancy. */
void mwp_write_head(FILE *out, const hamm_mwp_run *run, const hamm_mwp_result *r);

#endif
