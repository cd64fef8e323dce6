/* suite_config.c - an entry's system model with the entry's and the caller's overrides,
 * a workload entry's GPU model with those of them that name its keys ("gpu."), and the
 * check a sweep runs over its grid before it starts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "hamm/dram_model.h"
#include "suite.h"

hamm_status suite_blame(const hamm_suite *s, size_t e, hamm_error *err)
{
    suite_hide_named(s, err);
    char text[1024];
    int n = snprintf(text, sizeof text, "%s (suite %s, entries[%zu] '%s')", err->text,
                     s->path, e, s->entries[e].name);
    size_t len = n < 0 ? 0 : (size_t)n < sizeof err->text ? (size_t)n : sizeof err->text - 1;
    memcpy(err->text, text, len);
    err->text[len] = '\0';
    return err->status;
}

/* Whether `sets` has KEY=... for the key `field`. */
static int sets_key(char *const *sets, size_t n, const char *field)
{
    size_t len = strlen(field);
    for (size_t i = 0; i < n; i++)
        if (strncmp(sets[i], field, len) == 0 && sets[i][len] == '=')
            return 1;
    return 0;
}

/* An override from the entry's own "set" (and not replaced by the caller's) is a line
 * of the suite: name it there, entries[I].set.KEY, rather than as a command-line --set. */
static void locate_set(const hamm_suite *s, size_t e, const char *const *sets, size_t nsets,
                       hamm_error *err)
{
    const suite_entry *en = &s->entries[e];
    if (strcmp(err->source, "--set") != 0 || !sets_key(en->sets, en->nsets, err->field) ||
        sets_key((char *const *)sets, nsets, err->field))
        return;
    char field[sizeof err->field];
    snprintf(field, sizeof field, "entries[%zu].set.%.90s", e, err->field);
    memcpy(err->field, field, sizeof field);
    snprintf(err->source, sizeof err->source, "%s", s->path);
}

/* The entry's own overrides then `sets`, into a new array of *n; NULL: out of memory. */
static const char **entry_sets(const suite_entry *en, const char *const *sets, size_t nsets,
                               size_t *n)
{
    const char **all = hamm_calloc_array(en->nsets + nsets + 1, sizeof *all);
    for (size_t i = 0; all && i < en->nsets; i++)
        all[i] = en->sets[i];
    for (size_t i = 0; all && i < nsets; i++)
        all[en->nsets + i] = sets[i];
    *n = en->nsets + nsets;
    return all;
}

/* An error `sub` of entry e's models into *err, naming the suite's line that set what is
 * wrong, and the entry. */
static hamm_status entry_fail(const hamm_suite *s, size_t e, const char *const *sets,
                              size_t nsets, const hamm_error *sub, hamm_error *err)
{
    if (err && err->status == HAMM_OK) {
        *err = *sub;
        locate_set(s, e, sets, nsets, err);
        suite_blame(s, e, err);
    }
    return sub->status;
}

hamm_status suite_entry_config(const hamm_suite *s, size_t e, const char *const *sets,
                               size_t nsets, hamm_system_config *cfg, hamm_error *err)
{
    const suite_entry *en = &s->entries[e];
    size_t n;
    const char **all = entry_sets(en, sets, nsets, &n);
    if (!all)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(s->path), NULL, "out of memory");
    if (en->workload) /* the GPU model's keys are suite_entry_gpu's */
        n = hamm_sets_pick(all, n, 0, all);
    hamm_error sub;
    hamm_error_clear(&sub);
    hamm_model_params p;
    hamm_status st = hamm_config_load_with(cfg, en->model_path, all, n, s->models, &sub);
    if (st == HAMM_OK)
        st = hamm_model_params_from_config(cfg, &p, &sub);
    free(all);
    return st == HAMM_OK ? HAMM_OK : entry_fail(s, e, sets, nsets, &sub, err);
}

hamm_status suite_entry_gpu(const hamm_suite *s, size_t e, const char *const *sets,
                            size_t nsets, const hamm_system_config *cfg,
                            hamm_gpu_model **model, hamm_error *err)
{
    *model = NULL;
    char path[4096];
    size_t n;
    const char **all = entry_sets(&s->entries[e], sets, nsets, &n);
    hamm_error sub;
    hamm_error_clear(&sub);
    hamm_status st;
    if (!all)
        st = hamm_error_at(&sub, HAMM_ERR_NOMEM, HAMM_IN(s->path), NULL, "out of memory");
    else if (!cfg->gpu[0])
        st = hamm_error_set(&sub, HAMM_ERR_CONFIG, "the system model %s names no GPU model "
                            "(its \"gpu\" key), which a \"workload\" entry needs", cfg->name);
    else if (!hamm_config_gpu_path(cfg, path, sizeof path))
        st = hamm_error_set(&sub, HAMM_ERR_CONFIG, "the GPU model's path is too long");
    else
        st = hamm_gpu_model_load_with(model, path, all, n, &sub);
    free(all);
    return st == HAMM_OK ? HAMM_OK : entry_fail(s, e, sets, nsets, &sub, err);
}

hamm_status hamm_suite_check(const hamm_suite *s, const char *const *sets, size_t nsets,
                             hamm_error *err)
{
    hamm_system_config cfg;
    for (size_t e = 0; e < s->n; e++) {
        hamm_gpu_model *model = NULL;
        hamm_status st = suite_entry_config(s, e, sets, nsets, &cfg, err);
        if (st == HAMM_OK && s->entries[e].workload)
            st = suite_entry_gpu(s, e, sets, nsets, &cfg, &model, err);
        hamm_gpu_model_free(model);
        if (st != HAMM_OK)
            return st;
    }
    return HAMM_OK;
}
