/* jread.h - reading a kernel description's JSON tree with a running JSON path, so every
 * error names the file, the line (found by locate.c) and the path of what is wrong. */
#ifndef HAMM_WORKLOAD_JREAD_H
#define HAMM_WORKLOAD_JREAD_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "hamm/error.h"
#include "workload_internal.h"

struct jctx {
    const char *source;  /* file name */
    const char *text;    /* its text, for the line of a path */
    size_t len;
    hamm_error *err;
    char path[WL_PATH];  /* where reading is: "kernels[0].body[3]" */
    size_t plen;
};

/* Descend into a key or an element; each returns the length to restore with jctx_pop. */
size_t jctx_key(struct jctx *c, const char *key);
size_t jctx_index(struct jctx *c, size_t i);
void jctx_pop(struct jctx *c, size_t len);

/* An error at the current path, or at its child `key` when key is not NULL. */
hamm_status jctx_fail(struct jctx *c, const char *key, const char *fmt, ...) HAMM_PRINTF(3, 4);

/* Out of memory (no path). */
hamm_status jctx_nomem(struct jctx *c);

/* `obj` must be an object with keys among `allowed` (a NULL-terminated list). */
hamm_status jctx_object(struct jctx *c, json_t *obj, const char *const *allowed);

/* An unsigned integer (a JSON integer, or a string "0x..." / decimal) in [min, max];
 * absent: the default when !required. */
hamm_status jctx_u64(struct jctx *c, json_t *obj, const char *key, int required,
                     uint64_t min, uint64_t max, uint64_t def, uint64_t *out);

/* An unsigned integer value itself (the element or key the path already names). */
hamm_status jctx_u64_value(struct jctx *c, json_t *v, uint64_t min, uint64_t max, uint64_t *out);

/* A string of 1..size-1 characters; absent: def when !required (def may be NULL: ""). */
hamm_status jctx_string(struct jctx *c, json_t *obj, const char *key, int required,
                        char *buf, size_t size, const char *def);

/* A name: letters, digits and '_', not starting with a digit. */
int jctx_is_name(const char *s);

/* The line of the value at JSON path `path` in text (or of its deepest existing
 * parent); 0 when not found (locate.c). */
uint64_t locate_line(const char *text, size_t len, const char *path);

#endif
