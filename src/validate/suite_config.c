/* suite_config.c - an entry's system model with the entry's and the caller's overrides,
 * and the check a sweep runs over its grid before it starts. */
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

hamm_status suite_entry_config(const hamm_suite *s, size_t e, const char *const *sets,
                               size_t nsets, hamm_system_config *cfg, hamm_error *err)
{
    const suite_entry *en = &s->entries[e];
    const char **all = hamm_calloc_array(en->nsets + nsets, sizeof *all);
    if (!all)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(s->path), NULL, "out of memory");
    for (size_t i = 0; i < en->nsets; i++)
        all[i] = en->sets[i];
    for (size_t i = 0; i < nsets; i++)
        all[en->nsets + i] = sets[i];
    hamm_error sub;
    hamm_error_clear(&sub);
    hamm_model_params p;
    hamm_status st = hamm_config_load_with(cfg, en->model_path, all, en->nsets + nsets, s->models,
                                           &sub);
    if (st == HAMM_OK)
        st = hamm_model_params_from_config(cfg, &p, &sub);
    free(all);
    if (st == HAMM_OK)
        return HAMM_OK;
    if (err && err->status == HAMM_OK) {
        *err = sub;
        locate_set(s, e, sets, nsets, err);
        suite_blame(s, e, err);
    }
    return st;
}

hamm_status hamm_suite_check(const hamm_suite *s, const char *const *sets, size_t nsets,
                             hamm_error *err)
{
    hamm_system_config cfg;
    for (size_t e = 0; e < s->n; e++)
        if (suite_entry_config(s, e, sets, nsets, &cfg, err) != HAMM_OK)
            return err->status;
    return HAMM_OK;
}
