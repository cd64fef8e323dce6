/* enum_table.h - one table of names per project enum, and the one parser behind every
 * enum's name <-> value functions: the scheduler, the heuristics, the replay modes, the
 * DRAM commands, the compressions.  A table lives beside the code that owns its enum. */
#ifndef HAMM_ENUM_TABLE_H
#define HAMM_ENUM_TABLE_H

#include <stddef.h>

#include "hamm/error.h"

struct enum_table {
    const char *what;          /* the enum in messages: "unknown scheduler 'x'" */
    const char *field;         /* what an unknown name's error names ("--replay") */
    hamm_status status;        /* and its status */
    const char *const *names;  /* [count], indexed by value */
    unsigned count;
    const char *unknown;       /* the name of a value out of range */
    const char *lead;          /* before the list of names in messages ("expected ") */
    const char *all;           /* a set's name for every value ("all"), or NULL */
    int or_last;               /* 1: "a, b or c"; 0: "a, b, c" */
};

/* The name of value v, or t->unknown when v is out of range. */
const char *enum_table_name(const struct enum_table *t, unsigned v);

/* The value named `name`.  An unknown name is t->status naming t->field, with the names
 * the table knows. */
hamm_status enum_table_parse(const struct enum_table *t, const char *name, unsigned *out,
                             hamm_error *err);

/* A comma-separated list of names (or t->all) as a set of (1u << value); at least one. */
hamm_status enum_table_parse_set(const struct enum_table *t, const char *list, unsigned *out,
                                 hamm_error *err);

/* The set as the list enum_table_parse_set reads back: t->all for every value, else the
 * names in value order joined by ','.  Cut to fit `size`. */
void enum_table_set_text(const struct enum_table *t, unsigned set, char *buf, size_t size);

#endif
