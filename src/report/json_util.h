/* json_util.h - small helpers shared by the JSON report writers. */
#ifndef HAMM_REPORT_JSON_UTIL_H
#define HAMM_REPORT_JSON_UTIL_H

#include <jansson.h>

#include "hamm/report.h"

/* The "input" object: trace path, format, compression, skipped lines, model. */
json_t *report_input_json(const hamm_report_input *in);
/* Serialise with a fixed layout and a final newline (malloc'd); NULL when out of memory.
 * Takes the reference to root. */
char *report_dump(json_t *root);
/* A fraction, or null when negative (not applicable). */
json_t *report_fraction(double v);

#endif
