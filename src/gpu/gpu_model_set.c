/* gpu_model_set.c - a GPU model with the command line's overrides of its keys
 * ("--set gpu.l1.sets=64", hamm/config.h's HAMM_GPU_SET_PREFIX) applied to its JSON
 * before the JSON is read: each path must be a key of the model's table, each value is
 * checked as a value of the file would be, and an error about a value an override set
 * names "--set" and the override's path ("--set: gpu.l1.sets: ..."), as the system
 * model's loader does for its own keys. */
#include <stdio.h>
#include <string.h>

#include "common/json_set.h"
#include "gpu_model.h"
#include "hamm/config.h"

#define PREFIX_LEN (sizeof HAMM_GPU_SET_PREFIX - 1)

/* The GPU overrides of sets[], in order, onto `doc`, each path checked first. */
static hamm_status apply_sets(json_t *doc, const char *const *sets, size_t nsets,
                              hamm_error *err)
{
    for (size_t i = 0; i < nsets; i++) {
        if (!hamm_set_is_gpu(sets[i]))
            continue;
        json_set s;
        hamm_status st = json_set_split(sets[i], "gpu.l1.sets=64", &s, err);
        if (st == HAMM_OK)
            st = json_set_check(&gpu_model_table, s.path + PREFIX_LEN, s.path,
                                "docs/GPU.md, \"GPU models\",", "gpu.l1.sets", err);
        if (st == HAMM_OK)
            st = json_set_value(sets[i], &s, err);
        if (st == HAMM_OK)
            st = json_set_apply(doc, s.path + PREFIX_LEN, s.value, err);
        json_decref(s.value);
        if (st != HAMM_OK)
            return st;
    }
    return HAMM_OK;
}

/* Whether the GPU override `set` has the model path `field` ("l1.sets"). */
static int sets_field(const char *set, const char *field)
{
    size_t len = strcspn(set, "=");
    return hamm_set_is_gpu(set) && len - PREFIX_LEN == strlen(field) &&
           strncmp(set + PREFIX_LEN, field, len - PREFIX_LEN) == 0;
}

/* An error of the model file `source` at a path an override set is about the override's
 * value: name "--set" and the override's path instead. */
static void blame_set(hamm_error *err, const char *source, const char *const *sets,
                      size_t nsets)
{
    if (!err || err->status != HAMM_ERR_CONFIG || !err->field[0] ||
        !hamm_error_is_about(err, source))
        return;
    for (size_t i = 0; i < nsets; i++) {
        if (!sets_field(sets[i], err->field))
            continue;
        char field[sizeof err->field + PREFIX_LEN];
        snprintf(field, sizeof field, "%s%s", HAMM_GPU_SET_PREFIX, err->field);
        snprintf(err->field, sizeof err->field, "%.*s", (int)sizeof err->field - 1, field);
        snprintf(err->source, sizeof err->source, "%s", JSON_READ_SET_SOURCE);
        err->line = err->column = 0;
        err->offset = HAMM_NO_OFFSET;
        return;
    }
}

hamm_status gpu_model_from_json_sets(gpu_model *m, json_t *doc, const char *source,
                                     const char *const *sets, size_t nsets, hamm_error *err)
{
    size_t n = 0;
    for (size_t i = 0; i < nsets; i++)
        n += hamm_set_is_gpu(sets[i]) != 0;
    if (!n || !json_is_object(doc)) /* nothing to set, or a document the reader refuses */
        return gpu_model_from_json(m, doc, source, err);
    json_t *copy = json_deep_copy(doc);
    if (!copy)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    hamm_status st = apply_sets(copy, sets, nsets, err);
    if (st == HAMM_OK && (st = gpu_model_from_json(m, copy, source, err)) != HAMM_OK)
        blame_set(err, source, sets, nsets);
    json_decref(copy);
    return st;
}
