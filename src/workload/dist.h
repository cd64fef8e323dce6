/* dist.h - the random distributions of indices: a per-thread draw ({"random": ...} as an
 * access's index) and the contents of an index array ("contents" of an array, read
 * through {"gather": ...}), one reader and one draw for both. */
#ifndef HAMM_WORKLOAD_DIST_H
#define HAMM_WORKLOAD_DIST_H

#include <jansson.h>
#include <stdint.h>

#include "common/json_read.h"
#include "workload_internal.h"

/* Read {"random": "uniform" | "near" | "hot", "min", "max", "spread", "hot", "fraction",
 * "seed"} at the current path into d.  `last` is the largest value allowed (and max's
 * default, unless max_required); `center` says whether a "center" key may appear (the
 * caller reads it). */
hamm_status dist_read(json_reader *c, json_t *obj, uint64_t last, int max_required,
                      int center, wl_dist *d);

/* The value of draw r (a hash) under d; `center` is the middle of a "near" draw.  Always
 * within d->lo..d->hi. */
int64_t dist_draw(const wl_dist *d, uint64_t r, int64_t center);

#endif
