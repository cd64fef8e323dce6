/* suite.c - loading a validation suite (hamm-suite/1, docs/SUITES.md) with the JSON
 * reader (common/json_read.h): strict keys, paths resolved against the suite's directory,
 * models found in the model path; its entries (suite_entries.c), sweeps and experiments
 * are read and checked up front. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suite.h"

static const char *const top_keys[] = {"schema", "name", "description", "heuristics",
                                       "entries", "sweeps", "experiments", NULL};

char *suite_dup(const char *t)
{
    size_t n = strlen(t) + 1;
    char *p = malloc(n);
    return p ? memcpy(p, t, n) : NULL;
}

/* `rel` against the directory of the suite file (absolute paths stay). */
char *suite_resolve(const hamm_suite *s, const char *rel)
{
    const char *slash = strrchr(s->path, '/');
    size_t dir = rel[0] == '/' || !slash ? 0 : (size_t)(slash - s->path) + 1;
    char *p = malloc(dir + strlen(rel) + 1);
    if (p) {
        memcpy(p, s->path, dir);
        strcpy(p + dir, rel);
    }
    return p;
}

int suite_valid_name(const char *n)
{
    for (; *n; n++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-", *n))
            return 0;
    return 1;
}

hamm_status suite_find_model(const hamm_suite *s, hamm_model_kind kind, const char *name,
                             char **path)
{
    int file = hamm_model_names_file(name);
    char *want = file ? suite_resolve(s, name) : suite_dup(name);
    char found[4096];
    hamm_error sub;
    hamm_error_clear(&sub);
    hamm_status st = want ? hamm_model_find(kind, want, s->models, found, sizeof found, &sub)
                          : HAMM_ERR_NOMEM;
    *path = st == HAMM_OK ? suite_dup(found) : file ? want : NULL;
    if (st == HAMM_OK || !file)
        free(want);
    if (st == HAMM_ERR_NOMEM || (st == HAMM_OK && !*path))
        return HAMM_ERR_NOMEM;
    return st == HAMM_OK ? HAMM_OK : HAMM_ERR_IO;
}

static hamm_status parse_heuristics(hamm_suite *s, json_t *list, json_reader *r)
{
    s->heuristics = HAMM_HEUR_ALL;
    if (!list)
        return HAMM_OK;
    if (!json_is_array(list) || json_array_size(list) == 0)
        return json_read_fail(r, "heuristics", "expects a non-empty array of heuristic names");
    s->heuristics = 0;
    size_t i;
    json_t *v;
    json_array_foreach(list, i, v) {
        hamm_heuristic h;
        hamm_error sub;
        hamm_error_clear(&sub);
        if (json_is_string(v) && !hamm_heuristic_from_name(json_string_value(v), &h, &sub)) {
            s->heuristics |= 1u << h;
            continue;
        }
        size_t top = json_read_key(r, "heuristics");
        json_read_index(r, i);
        hamm_status st = json_read_fail(r, NULL, "expects one of no-overlap, full-overlap, "
                                                 "average, locality-switch");
        json_read_pop(r, top);
        return st;
    }
    return HAMM_OK;
}

static hamm_status parse_top(hamm_suite *s, json_t *root, json_reader *r)
{
    if (!json_is_object(root))
        return json_read_fail(r, NULL, "a suite is a JSON object");
    const char *schema, *name, *skip;
    hamm_status st = json_read_known(r, root, top_keys, NULL);
    if (st == HAMM_OK)
        st = json_read_str(r, root, "schema", 1, &schema);
    if (st == HAMM_OK)
        st = json_read_str(r, root, "name", 1, &name);
    if (st == HAMM_OK)
        st = json_read_str(r, root, "description", 0, &skip);
    if (st == HAMM_OK)
        st = parse_heuristics(s, json_object_get(root, "heuristics"), r);
    if (st != HAMM_OK)
        return st;
    if (strcmp(schema, HAMM_SUITE_SCHEMA) != 0)
        return json_read_fail(r, "schema", "expects \"" HAMM_SUITE_SCHEMA "\", not \"%s\"",
                              schema);
    if (!(s->name = suite_dup(name)))
        return json_read_nomem(r);
    json_t *entries = json_object_get(root, "entries");
    json_t *experiments = json_object_get(root, "experiments");
    /* a suite of experiments alone needs no entries: `hamm report` draws them */
    if ((entries || !experiments) && (st = suite_parse_entries(s, entries, r)) != HAMM_OK)
        return st;
    if ((st = suite_parse_sweeps(s, json_object_get(root, "sweeps"), r)) != HAMM_OK ||
        (st = suite_parse_experiments(s, experiments, r)) != HAMM_OK)
        return st;
    return suite_add_parts(s, r);
}

hamm_status hamm_suite_load(const char *path, const hamm_model_path *models, hamm_suite **out,
                            hamm_error *err)
{
    *out = NULL;
    hamm_suite *s = calloc(1, sizeof *s);
    if (s)
        s->models = models;
    if (!s || !(s->path = suite_dup(path)) || !(s->inputs = hamm_input_set_new()) ||
        hamm_input_set_add(s->inputs, path, "the suite", NULL) != HAMM_OK) {
        hamm_suite_free(s);
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(path), NULL, "out of memory");
    }
    json_t *root = NULL;
    hamm_status st = json_parse_file(path, 0, &root, err);
    if (st == HAMM_OK) {
        json_reader r;
        json_reader_init(&r, s->path, err);
        st = parse_top(s, root, &r);
    }
    json_decref(root);
    if (st != HAMM_OK) {
        hamm_suite_free(s);
        return st;
    }
    *out = s;
    return HAMM_OK;
}

void hamm_suite_free(hamm_suite *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->n; i++) {
        suite_entry *e = &s->entries[i];
        for (size_t j = 0; j < e->nsets; j++)
            free(e->sets[j]);
        free(e->sets);
        free(e->name);
        free(e->trace);
        free(e->trace_path);
        free(e->model);
        free(e->model_path);
        free(e->mwp_machine);
        free(e->mwp_machine_path);
        free(e->mwp_group);
    }
    free(s->entries);
    suite_free_sweeps(s);
    suite_free_experiments(s);
    free(s->name);
    free(s->path);
    hamm_input_set_free(s->inputs);
    free(s);
}

const char *hamm_suite_path(const hamm_suite *s)
{
    return s->path;
}

const char *hamm_suite_name(const hamm_suite *s)
{
    return s->name;
}

size_t hamm_suite_size(const hamm_suite *s)
{
    return s->n;
}
