/* sweep_internal.h - what the sweep runner, its jobs and merge share: the hamm-sweep/1
 * document, built the same way by each (so a sweep run here and one merged from jobs
 * agree byte for byte), and the name of a point's result. */
#ifndef HAMM_SWEEP_INTERNAL_H
#define HAMM_SWEEP_INTERNAL_H

#include <stddef.h>

#include <jansson.h>

#include "hamm/error.h"

/* "point-NNNN.json" of point `index`. */
void sweep_point_name(char *buf, size_t size, size_t index);
/* {"schema": hamm-sweep/1, "hamm_version", "suite": {path, name}, "grid", "points"} (takes
 * the references to grid and points); NULL when out of memory. */
json_t *sweep_doc(const char *suite_path, const char *suite_name, json_t *grid, json_t *points);
/* One element of "points": {"index", "set", "result"} (takes the references). */
json_t *sweep_point(size_t index, json_t *set, json_t *result);
/* Why point result `doc` is not a part of the sweep `plan` plans (sweep_merge_check.c), or
 * NULL: hamm's version, the overrides (the sweep's sets and point `pt`'s set, exactly),
 * and, against `first` (the first result, NULL: none yet), the heuristics and every
 * entry's suite fields, trace hash and model config beside the grid's keys.  `field`
 * gets the JSON path. */
const char *sweep_merge_mismatch(const json_t *plan, const json_t *pt, const json_t *doc,
                                 const json_t *first, char *field, size_t size);

/* Whether a point's result and the plan are shaped as docs/JSON.md defines
 * hamm-validate/1 and hamm-sweep-plan/1, before merge copies from them (sweep_shape.c):
 * every field there with its type, the numbers in their range.  The error names `path`
 * and the JSON path of the first bad field. */
hamm_status sweep_result_shape(const json_t *doc, const char *path, hamm_error *err);
hamm_status sweep_plan_shape(const json_t *plan, const char *path, hamm_error *err);

#endif
