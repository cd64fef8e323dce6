/* json_schema.h - table-driven reading of a JSON object into a C struct, and writing it
 * back: model files (system and DRAM models, GPU models, MWP machines and kernels).
 *
 * One table row per key: its JSON type, whether it is required, its range and default,
 * and where it lives in the struct (offsetof).  Reading rejects unknown keys, wrong types,
 * missing required keys and values out of range, each error naming the JSON path; it
 * never adjusts a value.  Cross-field rules (tRC >= tRAS + tRP, ...) are not here: they
 * run afterwards, in named stages (config_check.c). */
#ifndef HAMM_JSON_SCHEMA_H
#define HAMM_JSON_SCHEMA_H

#include <jansson.h>
#include <stddef.h>

#include "enum_table.h"
#include "hamm/error.h"
#include "json_read.h"

enum schema_type {
    SCHEMA_U32,       /* JSON integer -> uint32_t */
    SCHEMA_DOUBLE,    /* JSON number -> double */
    SCHEMA_BOOL,      /* JSON true or false -> int (1 or 0); `def` is the default */
    SCHEMA_STRING,    /* JSON string -> char[size]; size 0: checked, not stored */
    SCHEMA_TAG,       /* JSON string that must equal `text` ("hamm-dram/1"); not stored */
    SCHEMA_ENUM,      /* JSON string naming a value of `names` -> unsigned */
    SCHEMA_SET,       /* JSON string listing values of `names` ("a,b" or its "all") ->
                         unsigned set of (1u << value); length checked as a string's */
    SCHEMA_NOTES,     /* object whose values are strings; not stored */
    SCHEMA_OBJECT,    /* nested object described by `sub`, its offsets counted from the
                         row's offset (0: the same struct) */
    SCHEMA_EXTERNAL,  /* a key the caller reads itself (a system's "dram") */
};

#define SCHEMA_REQUIRED 1u /* missing is an error (else the default applies) */
#define SCHEMA_POW2 2u     /* the number must be a power of two */
#define SCHEMA_QUIET 4u    /* written only when it differs from its default (keys added
                              after a format was fixed: dumps of older models unchanged) */
#define SCHEMA_QUIET_EMPTY 8u /* a string written only when it is not empty (likewise) */

struct schema_table;

struct schema_field {
    const char *key;
    enum schema_type type;
    unsigned flags;
    double min, max;     /* numbers: inclusive range; strings: length range */
    double def;          /* default of an optional number */
    const char *text;    /* default of an optional string, enum or set; a tag's value */
    size_t offset, size; /* place in the struct; size of a string buffer */
    const char *unit;    /* "cycles", "MHz", "bytes", ... ("" when none) */
    const struct schema_table *sub;
    const char *doc;     /* one line for people (models/README.md says the same) */
    const struct enum_table *names; /* ENUM and SET: the enum's table */
};

struct schema_table {
    const struct schema_field *fields;
    size_t count;
};

/* Read object `obj` described by `t` into `dst`, the reader at obj's path (errors name
 * its source, or "--set" for the paths it was given as set).  Optional keys that are
 * absent get their defaults. */
hamm_status schema_read(const struct schema_table *t, json_t *obj, void *dst, json_reader *r);

/* Read `doc`, which must be one JSON object described by `t`, into `dst`: the contents of
 * a model file that is not a system or DRAM model (GPU models, MWP machines and kernels),
 * errors naming `source`; `what` names the kind of file in the message for a non-object. */
hamm_status schema_read_doc(const struct schema_table *t, void *dst, json_t *doc,
                            const char *source, const char *what, hamm_error *err);
/* The same of file `path`; syntax errors keep jansson's line. */
hamm_status schema_load_file(const struct schema_table *t, void *dst, const char *path,
                             const char *what, hamm_error *err);

/* `src` as a JSON object in table order (EXTERNAL keys hold null, for the caller to fill;
 * NOTES, unstored strings and QUIET keys at their defaults are left out); NULL when out
 * of memory. */
json_t *schema_write(const struct schema_table *t, const void *src);

/* The row a dotted path ("timing.tRCD") names, or NULL. */
const struct schema_field *schema_lookup(const struct schema_table *t, const char *path);

#endif
