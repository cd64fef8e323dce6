/* suite.h - a loaded suite's fields, shared by the loader and the runner. */
#ifndef HAMM_VALIDATE_SUITE_H
#define HAMM_VALIDATE_SUITE_H

#include "hamm/config.h"
#include "hamm/engine.h"
#include "hamm/trace.h"
#include "hamm/validate.h"

typedef struct suite_entry {
    char *name;
    char *trace;       /* as written in the suite */
    char *trace_path;  /* resolved against the suite's directory */
    uint64_t trace_bytes; /* its size when loaded: the runner starts the largest first */
    char *model;       /* as written in the suite */
    char *model_path;  /* the model file found */
    hamm_trace_format format;
    uint32_t request_size; /* 0: the reader's default (64) */
    char **sets;       /* "KEY=VALUE", in the suite's order */
    size_t nsets;
    hamm_replay replay;
} suite_entry;

struct hamm_suite {
    char *path;
    const hamm_model_path *models; /* the caller's, where model names are looked up */
    char *name;
    unsigned heuristics; /* bit set of (1u << hamm_heuristic) */
    suite_entry *entries;
    size_t n;
};

/* Load entry e's model with its own sets then `sets`; errors name the suite and entry. */
hamm_status suite_entry_config(const hamm_suite *s, size_t e, const char *const *sets,
                               size_t nsets, hamm_system_config *cfg, hamm_error *err);

/* Say which suite entry an error belongs to, after what the error already says. */
hamm_status suite_blame(const hamm_suite *s, size_t e, hamm_error *err);

#endif
