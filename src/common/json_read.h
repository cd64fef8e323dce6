/* json_read.h - the one toolkit every loader of input JSON reads with (models, GPU models,
 * MWP files, kernel descriptions, suites): parsing a file or a text into a tree, a reader
 * that keeps the JSON path of what it reads so that every error names the file, the line
 * (when the reader holds the text) and the path, typed getters, and unknown keys refused.
 * The table-driven reader of model files is built on it (json_schema.h). */
#ifndef HAMM_JSON_READ_H
#define HAMM_JSON_READ_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "hamm/error.h"

#define JSON_READ_PATH 128 /* a JSON path ("kernels[2].body[4].index"); hamm_error.field */
#define JSON_READ_SET_SOURCE "--set" /* the source of a value set on the command line */

/* Where reading is, and where its errors go. */
typedef struct json_reader {
    const char *source;           /* the file, named by every error */
    const char *text;             /* its text, for the line of a path; NULL: no line */
    size_t len;
    const char *const *set_paths; /* paths set on the command line: an error at one of */
    size_t nset;                  /* them names JSON_READ_SET_SOURCE as its source */
    hamm_error *err;
    char path[JSON_READ_PATH];    /* where reading is: "kernels[0].body[3]"; "" at the top */
    size_t plen;
} json_reader;

/* A reader at the top of a tree from `source`, without text or set paths. */
void json_reader_init(json_reader *r, const char *source, hamm_error *err);

/* Descend into a key or an element; each returns the length to restore with
 * json_read_pop.  A key may itself be a dotted path ("timing.tRC"). */
size_t json_read_key(json_reader *r, const char *key);
size_t json_read_index(json_reader *r, size_t i);
void json_read_pop(json_reader *r, size_t len);
/* The same on a bare path buffer (for walks that keep no reader): append ".key", or
 * "[index]" when key is NULL, to path[size], cut at its end; returns the old length,
 * which path[len] = '\0' restores. */
size_t json_path_enter(char *path, size_t size, const char *key, size_t index);

/* A model error (HAMM_ERR_CONFIG) at the current path, or at its child `key` when key is
 * not NULL. */
hamm_status json_read_fail(json_reader *r, const char *key, const char *fmt, ...)
    HAMM_PRINTF(3, 4);
/* Out of memory (no path). */
hamm_status json_read_nomem(json_reader *r);
/* Whether the dotted path `path` was set on the command line. */
int json_read_was_set(const json_reader *r, const char *path);

/* "an object", "an integer", ... for "expects X, got Y". */
const char *json_read_kind(const json_t *v);

/* Unknown keys: the first key of `obj` that the NULL-terminated list `allowed` lacks is
 * an error at its path, "unknown key", then, when `lead` is not NULL, `lead` and the
 * allowed keys in parentheses ("unknown key (the keys here are a, b)"). */
hamm_status json_read_known(json_reader *r, json_t *obj, const char *const *allowed,
                            const char *lead);
/* `obj` must be an object ("expects an object, not an array") with keys among `allowed`,
 * named in the message of an unknown key: a kernel description's objects. */
hamm_status json_read_object(json_reader *r, json_t *obj, const char *const *allowed);

/* A string member, non-empty, borrowed from the tree (*out NULL when absent and not
 * required): "missing (required)", "expects a non-empty string". */
hamm_status json_read_str(json_reader *r, json_t *obj, const char *key, int required,
                          const char **out);
/* A boolean member; absent: `def`.  "expects true or false". */
hamm_status json_read_bool(json_reader *r, json_t *obj, const char *key, int def, int *out);
/* A string member of 1..size-1 characters copied into buf; absent: def when !required
 * (def may be NULL: "").  "is missing", "expects a string, not X". */
hamm_status json_read_strbuf(json_reader *r, json_t *obj, const char *key, int required,
                             char *buf, size_t size, const char *def);
/* An unsigned integer member (a JSON integer, or a string "0x..." / decimal) in
 * [min, max]; absent: def when !required.  "is missing", "is N; expects MIN..MAX". */
hamm_status json_read_u64(json_reader *r, json_t *obj, const char *key, int required,
                          uint64_t min, uint64_t max, uint64_t def, uint64_t *out);
/* The same of a value itself (the element or key the path already names). */
hamm_status json_read_u64_value(json_reader *r, json_t *v, uint64_t min, uint64_t max,
                                uint64_t *out);

/* Parse a file or a text (json_parse.c), duplicate keys refused.  Out of memory and a file
 * that cannot be opened have their own status; a syntax error is HAMM_ERR_CONFIG at
 * jansson's line and column (JSON_PARSE_LINE: the line alone). */
#define JSON_PARSE_LINE 1u
hamm_status json_parse_file(const char *path, unsigned flags, json_t **out, hamm_error *err);
hamm_status json_parse_text(const char *text, size_t len, const char *source, json_t **out,
                            hamm_error *err);

/* The line of the value at JSON path `path` in `text` (or of its deepest existing
 * parent); 0 when not found (json_locate.c).  jansson keeps no positions of values. */
uint64_t json_locate_line(const char *text, size_t len, const char *path);

#endif
