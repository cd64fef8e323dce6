/* json_util.h - small helpers shared by the JSON report writers. */
#ifndef HAMM_REPORT_JSON_UTIL_H
#define HAMM_REPORT_JSON_UTIL_H

#include <jansson.h>

#include "hamm/report.h"

/* The "input" object: the trace's path, size and hash, how it was read, the model. */
json_t *report_input_json(const hamm_report_input *in);
/* {"capacity_bytes", "requests", "first_address"}: the requests beyond the model's
 * capacity (hamm/stream.h), the first address as a "0x..." string; null when not counted. */
json_t *report_capacity_json(const hamm_capacity *c);
/* The "KEY=VALUE" overrides as given, an array in their order; NULL when out of memory. */
json_t *report_sets_json(const char *const *sets, size_t nsets);
/* "KEY=VALUE" overrides as one object {"KEY": "VALUE"} in their order (a key without a
 * value: ""); NULL when out of memory. */
json_t *report_overrides_json(const char *const *sets, size_t nsets);
/* A file's size in bytes and its hash ("xxh64:" and 16 hex digits); null when unknown. */
json_t *report_file_size(const hamm_file_id *id);
json_t *report_file_hash(const hamm_file_id *id);
/* Serialise with a fixed layout and a final newline (malloc'd); NULL when out of memory.
 * Takes the reference to root. */
char *report_dump(json_t *root);
/* num / den, or null when den is 0 (not applicable). */
json_t *report_ratio(uint64_t num, uint64_t den);
/* A measure (a fraction, an average), or null when negative (not applicable). */
json_t *report_measure(double v);
/* Add v (a new reference, may be NULL) to an object or an array; any failure, out of
 * memory included, clears *ok so the caller returns NULL instead of a partial report. */
void report_set(json_t *obj, const char *key, json_t *v, int *ok);
void report_append(json_t *arr, json_t *v, int *ok);
/* `v`, or NULL (after freeing it) when !ok: the end of a builder. */
json_t *report_checked(json_t *v, int ok);

#endif
