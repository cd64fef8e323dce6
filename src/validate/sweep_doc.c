/* sweep_doc.c - the hamm-sweep/1 document, built the same way by the sweep runner and by
 * merge, so the two agree byte for byte. */
#include <stdio.h>

#include "hamm/validate.h"
#include "hamm_build_config.h"
#include "sweep_internal.h"

void sweep_point_name(char *buf, size_t size, size_t index)
{
    snprintf(buf, size, "point-%04zu.json", index);
}

json_t *sweep_doc(const char *suite_path, const char *suite_name, json_t *grid, json_t *points)
{
    return json_pack("{s:s, s:s, s:{s:s, s:s}, s:o, s:o}", "schema", HAMM_SWEEP_SCHEMA,
                     "hamm_version", HAMM_VERSION, "suite", "path", suite_path, "name",
                     suite_name, "grid", grid, "points", points);
}

json_t *sweep_point(size_t index, json_t *set, json_t *result)
{
    return json_pack("{s:I, s:o, s:o}", "index", (json_int_t)index, "set", set, "result",
                     result);
}
