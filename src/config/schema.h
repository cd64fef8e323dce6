/* schema.h - table-driven reading of a JSON object into a C struct, and writing it back.
 *
 * One table row per key: its JSON type, whether it is required, its range and default,
 * and where it lives in the struct (offsetof).  Reading rejects unknown keys, wrong types,
 * missing required keys and values out of range, each error naming the JSON path; it
 * never adjusts a value.  Cross-field rules (tRC >= tRAS + tRP, ...) are not here: they
 * run afterwards, in named stages (config_check.c). */
#ifndef HAMM_CONFIG_SCHEMA_H
#define HAMM_CONFIG_SCHEMA_H

#include <jansson.h>
#include <stddef.h>

#include "common/enum_table.h"
#include "hamm/error.h"

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

/* Where values come from, for error messages: the model file, and the paths set on the
 * command line (an error at one of those names the source "--set" instead). */
struct schema_source {
    const char *file;
    const char *const *set_paths;
    size_t nset;
};

#define SCHEMA_SET_SOURCE "--set"

/* Read object `obj` described by `t` into `dst`; `prefix` is prepended to key paths in
 * messages ("dram.").  Optional keys that are absent get their defaults. */
hamm_status schema_read(const struct schema_table *t, json_t *obj, void *dst,
                        const char *prefix, const struct schema_source *src, hamm_error *err);

/* Read file `path`, one JSON object described by `t`, into `dst` (a model file that is
 * not a system or DRAM model: GPU models, MWP machines and kernels).  Syntax errors keep
 * jansson's line; `what` names the kind of file in the message for a non-object. */
hamm_status schema_load_file(const struct schema_table *t, void *dst, const char *path,
                             const char *what, hamm_error *err);

/* `src` as a JSON object in table order (EXTERNAL keys hold null, for the caller to fill;
 * NOTES, unstored strings and QUIET keys at their defaults are left out); NULL when out
 * of memory. */
json_t *schema_write(const struct schema_table *t, const void *src);

/* The row a dotted path ("timing.tRCD") names, or NULL. */
const struct schema_field *schema_lookup(const struct schema_table *t, const char *path);

/* Record an error at `path`, naming "--set" as its source when the path was set there. */
hamm_status schema_fail(const struct schema_source *src, const char *path, hamm_error *err,
                        const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Is `path` one of the paths set on the command line? */
int schema_was_set(const struct schema_source *src, const char *path);

#endif
