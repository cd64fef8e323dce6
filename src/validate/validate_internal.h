/* validate_internal.h - what the validate runner and its JSON writer share. */
#ifndef HAMM_VALIDATE_INTERNAL_H
#define HAMM_VALIDATE_INTERNAL_H

#include "entry.h"
#include "hamm/errstats.h"

/* The hamm-validate/1 document of finished entries (r[i] for entry i); NULL when out of
 * memory. */
json_t *validate_doc(const hamm_suite *s, const char *const *sets, size_t nsets,
                     const entry_result *r);
/* One STATS object (docs/JSON.md). */
json_t *validate_stats_json(const hamm_errstats *t);

/* The MWP/CWP parts (mwp_json.c): an "mwp" entry's "mwp" object; the kernels of every
 * entry; the summary's "mwp" object (relative errors per kernel and per workload). */
json_t *mwp_entry_json(const suite_entry *e, const entry_result *r);
size_t mwp_rows(const hamm_suite *s, const entry_result *r);
json_t *mwp_summary_json(const hamm_suite *s, const entry_result *r);

#endif
