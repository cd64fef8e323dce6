/* banked_conflicts.h - the conflict analysis' state, shared by the stream (conflicts.c)
 * and the probes of single groups and strides (strides.c). */
#ifndef HAMM_BANKED_CONFLICTS_H
#define HAMM_BANKED_CONFLICTS_H

#include "banked_internal.h"

/* The distinct (module, line) pairs of one group and the most lines one module needs. */
typedef struct banked_counter {
    uint64_t *line;   /* hash slots: the line, */
    uint32_t *mod;    /* its module, */
    uint32_t *stamp;  /* and the group that filled the slot (gen) */
    uint32_t *mcount; /* [modules]: lines the module delivers in this group */
    uint32_t *mstamp; /* [modules]: the group mcount is of */
    uint32_t modules, gen, size, degree;
} banked_counter;

void banked_counter_begin(banked_counter *k);
void banked_counter_add(banked_counter *k, hamm_banked_place p);

struct hamm_conflicts {
    hamm_banked_scheme scheme;
    hamm_conflicts_options opt;
    banked_counter stream, probe; /* the trace's open group; single-group questions */
    uint32_t window;              /* accesses in a window group */
    int open, open_warp;          /* a group is open; it is a warp instruction */
    uint16_t key_core, key_warp;  /* the open warp instruction */
    uint64_t key_cycle;
    uint64_t *hist;               /* [HAMM_BANKED_MAX_GROUP + 1]: groups per degree */
    hamm_conflict_stats stats;
};

#endif
