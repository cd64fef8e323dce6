/* experiment_internal.h - what the experiment runner and its JSON writer share. */
#ifndef HAMM_VALIDATE_EXPERIMENT_INTERNAL_H
#define HAMM_VALIDATE_EXPERIMENT_INTERNAL_H

#include "suite.h"

/* The hamm-experiment/1 document of experiment i from its runs' measures, values[r] for
 * run r = (k * workloads + w) * configurations + c (x value k, workload w, configuration
 * c); NULL when out of memory. */
json_t *experiment_doc(const hamm_suite *s, size_t i, const hamm_validate_options *o,
                       const double *values);

#endif
