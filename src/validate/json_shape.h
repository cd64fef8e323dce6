/* json_shape.h - a JSON document checked against a table of what each field must be (its
 * type, whether it may be null or absent, the range of a number), so a document hamm
 * reads back from a file (a sweep point's result, a sweep plan) is refused with the JSON
 * path of its first bad field instead of being copied on.  The tables are constant data
 * (sweep_shape.c holds those of the sweep documents). */
#ifndef HAMM_VALIDATE_JSON_SHAPE_H
#define HAMM_VALIDATE_JSON_SHAPE_H

#include <jansson.h>

#include "hamm/error.h"

typedef enum json_shape_kind {
    JSON_SHAPE_END,       /* ends a field list */
    JSON_SHAPE_STRING,
    JSON_SHAPE_BOOL,
    JSON_SHAPE_COUNT,     /* a whole number >= 0 */
    JSON_SHAPE_NUMBER,    /* any number in [min, max] */
    JSON_SHAPE_OBJECT,    /* an object with the fields `sub` lists (others are let be) */
    JSON_SHAPE_ARRAY,     /* an array whose every element is like sub[0] */
    JSON_SHAPE_MAP,       /* an object whose every member is like sub[0]; sub NULL: any */
    JSON_SHAPE_PER_NAME,  /* an object with a member like sub[0] for each of the walk's
                             names, and no other (a result's per-heuristic values) */
} json_shape_kind;

enum {
    JSON_SHAPE_NULL = 1,     /* null is allowed too */
    JSON_SHAPE_OPTIONAL = 2, /* the field may be absent */
};

typedef struct json_shape {
    const char *key;             /* the field's name in its object (NULL in sub[0] of an
                                    array, a map or a per-name object) */
    json_shape_kind kind;
    unsigned flags;              /* JSON_SHAPE_NULL, JSON_SHAPE_OPTIONAL */
    double min, max;             /* a NUMBER's range */
    const struct json_shape *sub; /* OBJECT: its fields, ended by JSON_SHAPE_END; ARRAY,
                                     MAP, PER_NAME: the shape of each element */
} json_shape;

/* Whether `doc` is shaped as `fields` (the fields of its top-level object) say.
 * `names_key`: the top-level field whose array of strings a PER_NAME object must have as
 * its keys (NULL: none; `fields` should check it before any PER_NAME).  The first bad field is
 * the error: HAMM_ERR_FORMAT in `source`, its JSON path as the field
 * (entries[2].measured.dram_efficiency), what it should be as the text. */
hamm_status json_shape_check(const json_t *doc, const json_shape *fields, const char *names_key,
                             const char *source, hamm_error *err);

#endif
