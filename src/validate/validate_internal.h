/* validate_internal.h - what the validate runner and its JSON writer share. */
#ifndef HAMM_VALIDATE_INTERNAL_H
#define HAMM_VALIDATE_INTERNAL_H

#include "entry.h"

/* The hamm-validate/1 document of finished entries (r[i] for entry i); NULL when out of
 * memory. */
json_t *validate_doc(const hamm_suite *s, const char *const *sets, size_t nsets,
                     const entry_result *r);

#endif
