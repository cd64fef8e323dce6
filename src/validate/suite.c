/* suite.c - loading a validation suite (hamm-suite/1, docs/SUITES.md): strict keys,
 * paths resolved against the suite's directory, every trace and model checked up front. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/alloc.h"
#include "hamm/dram_model.h"
#include "suite.h"

static const char *const top_keys[] = {"schema", "name", "description", "heuristics",
                                       "entries", "sweeps", "experiments", NULL};
static const char *const entry_keys[] = {"name", "trace", "workload", "format", "request_size", "model",
                                         "set", "replay", "generate", "description", "mwp", NULL};

#define bad suite_bad /* an error at a JSON path of the suite */

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

hamm_status suite_check_keys(const hamm_suite *s, json_t *obj, const char *const *allowed,
                             const char *prefix, hamm_error *err)
{
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        size_t i = 0;
        while (allowed[i] && strcmp(allowed[i], key) != 0)
            i++;
        if (!allowed[i]) {
            char field[128];
            snprintf(field, sizeof field, "%s%s", prefix, key);
            return bad(err, s, field, "unknown key");
        }
    }
    return HAMM_OK;
}

/* A string member: required or not; *out stays NULL when absent. */
hamm_status suite_get_str(const hamm_suite *s, json_t *obj, const char *key, const char *prefix,
                          int required, const char **out, hamm_error *err)
{
    char field[128];
    snprintf(field, sizeof field, "%s%s", prefix, key);
    json_t *v = json_object_get(obj, key);
    *out = NULL;
    if (!v)
        return required ? bad(err, s, field, "missing (required)") : HAMM_OK;
    if (!json_is_string(v) || !*json_string_value(v))
        return bad(err, s, field, "expects a non-empty string");
    *out = json_string_value(v);
    return HAMM_OK;
}

int suite_valid_name(const char *n)
{
    for (; *n; n++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-", *n))
            return 0;
    return 1;
}

static hamm_status parse_sets(const hamm_suite *s, suite_entry *e, json_t *set,
                              const char *prefix, hamm_error *err)
{
    char field[160];
    snprintf(field, sizeof field, "%sset", prefix);
    if (!set)
        return HAMM_OK;
    if (!json_is_object(set))
        return bad(err, s, field, "expects an object of \"KEY\": \"VALUE\"");
    e->sets = hamm_calloc_array(json_object_size(set), sizeof *e->sets);
    if (!e->sets)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(s->path), NULL, "out of memory");
    const char *key;
    json_t *v;
    json_object_foreach(set, key, v) {
        snprintf(field, sizeof field, "%sset.%s", prefix, key);
        if (!json_is_string(v))
            return bad(err, s, field, "expects a string value (e.g. \"16\")");
        size_t n = strlen(key) + strlen(json_string_value(v)) + 2;
        if (!(e->sets[e->nsets] = malloc(n)))
            return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(s->path), NULL, "out of memory");
        snprintf(e->sets[e->nsets++], n, "%s=%s", key, json_string_value(v));
    }
    return HAMM_OK;
}

/* format, request_size and replay: the optional members with their own types. */
static hamm_status parse_options(const hamm_suite *s, suite_entry *e, json_t *obj,
                                 const char *prefix, hamm_error *err)
{
    char field[160];
    const char *text;
    hamm_error sub;
    hamm_error_clear(&sub);
    if (suite_get_str(s, obj, "format", prefix, 0, &text, err) != HAMM_OK)
        return err->status;
    snprintf(field, sizeof field, "%sformat", prefix);
    if (text && hamm_trace_format_from_name(text, &e->format, &sub) != HAMM_OK)
        return bad(err, s, field, "%s", sub.text);
    if (suite_get_str(s, obj, "replay", prefix, 0, &text, err) != HAMM_OK)
        return err->status;
    snprintf(field, sizeof field, "%sreplay", prefix);
    e->replay = HAMM_REPLAY_SATURATED;
    if (text && (hamm_replay_from_name(text, &e->replay, &sub) != HAMM_OK ||
                 e->replay == HAMM_REPLAY_RATE))
        return bad(err, s, field, "expects \"saturated\" or \"timed\", not \"%s\"", text);
    json_t *rs = json_object_get(obj, "request_size");
    snprintf(field, sizeof field, "%srequest_size", prefix);
    if (rs && (!json_is_integer(rs) || json_integer_value(rs) < 1 ||
               json_integer_value(rs) > (json_int_t)HAMM_MAX_REQUEST_SIZE))
        return bad(err, s, field, "expects a whole number of bytes from 1 to 16777215");
    e->request_size = rs ? (uint32_t)json_integer_value(rs) : 0;
    return HAMM_OK;
}

/* The model: a path (it has a '/' or ends in .json) relative to the suite, else a name. */
static hamm_status find_model(const hamm_suite *s, suite_entry *e, const char *prefix,
                              hamm_error *err)
{
    size_t n = strlen(e->model);
    int is_path = strchr(e->model, '/') || (n > 5 && strcmp(e->model + n - 5, ".json") == 0);
    char *want = is_path ? suite_resolve(s, e->model) : suite_dup(e->model);
    char found[4096];
    hamm_error sub;
    hamm_error_clear(&sub);
    hamm_status st =
        want ? hamm_config_find(want, s->models, found, sizeof found, &sub) : HAMM_ERR_NOMEM;
    free(want);
    char field[160];
    snprintf(field, sizeof field, "%smodel", prefix);
    if (st == HAMM_ERR_NOMEM)
        return hamm_error_at(err, st, HAMM_IN(s->path), NULL, "out of memory");
    if (st != HAMM_OK)
        return bad(err, s, field, "no model '%s' (a name under models/, or a path relative "
                                  "to the suite)", e->model);
    return (e->model_path = suite_dup(found)) ? HAMM_OK
                                            : hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(s->path),
                                                            NULL, "out of memory");
}

static hamm_status check_trace(const hamm_suite *s, suite_entry *e, const char *prefix,
                               hamm_error *err)
{
    struct stat sb;
    if (e->workload && stat(e->trace_path, &sb) == 0) {
        e->trace_bytes = (uint64_t)sb.st_size; /* a workload's run time is not its size */
        return HAMM_OK;
    }
    FILE *fp = e->workload ? NULL : fopen(e->trace_path, "rb");
    if (fp) {
        struct stat st;
        e->trace_bytes = fstat(fileno(fp), &st) == 0 && st.st_size > 0 ? (uint64_t)st.st_size : 0;
        fclose(fp);
        return HAMM_OK;
    }
    char field[160], text[200];
    snprintf(field, sizeof field, "%s%s", prefix,
             e->mwp_machine ? "mwp.workload" : e->workload ? "workload" : "trace");
    snprintf(text, sizeof text, "cannot open %.120s: %s", e->trace_path, strerror(errno));
    return bad(err, s, field, "%s", text);
}

/* Whether an earlier entry has the same model file and overrides: it loaded, so this
 * entry's model loads too, and the suite loads once per model rather than per entry. */
static int model_checked(const hamm_suite *s, size_t i)
{
    const suite_entry *e = &s->entries[i];
    for (size_t j = 0; j < i; j++) {
        const suite_entry *o = &s->entries[j];
        if (o->nsets != e->nsets || strcmp(o->model_path, e->model_path) != 0)
            continue;
        size_t k = 0;
        while (k < e->nsets && strcmp(o->sets[k], e->sets[k]) == 0)
            k++;
        if (k == e->nsets)
            return 1;
    }
    return 0;
}

/* "trace" or "workload" (a kernel description or an Accel-Sim recording run on the GPU
 * engine): exactly one; *path is what was written. */
static hamm_status parse_source(const hamm_suite *s, suite_entry *e, json_t *obj,
                                const char *prefix, const char **path, hamm_error *err)
{
    const char *trace, *workload;
    json_t *mwp = json_object_get(obj, "mwp");
    *path = NULL;
    if (suite_get_str(s, obj, "trace", prefix, 0, &trace, err) != HAMM_OK ||
        suite_get_str(s, obj, "workload", prefix, 0, &workload, err) != HAMM_OK)
        return err->status;
    char field[160];
    snprintf(field, sizeof field, "%s%s", prefix, mwp ? "mwp" : trace ? "workload" : "trace");
    if (mwp && (trace || workload))
        return bad(err, s, field, "give \"mwp\" alone, not with \"trace\" or \"workload\"");
    if (trace && workload)
        return bad(err, s, field, "give \"trace\" or \"workload\", not both");
    if (!trace && !workload && !mwp)
        return bad(err, s, field, "missing: give \"trace\" (a trace file) or \"workload\" "
                                  "(a kernel description or recording run on the GPU engine), "
                                  "or \"mwp\" (a kernel description and an MWP/CWP machine)");
    snprintf(field, sizeof field, "%sformat", prefix);
    if (!trace && json_object_get(obj, "format"))
        return bad(err, s, field, "applies to a \"trace\", not a \"workload\"");
    if (mwp)
        return suite_parse_mwp(s, e, mwp, prefix, path, err);
    e->workload = workload != NULL;
    *path = workload ? workload : trace;
    return HAMM_OK;
}

static hamm_status parse_entry(hamm_suite *s, size_t i, json_t *obj, hamm_error *err)
{
    char prefix[64];
    snprintf(prefix, sizeof prefix, "entries[%zu]", i);
    if (!json_is_object(obj))
        return bad(err, s, prefix, "expects an object");
    strcat(prefix, ".");
    suite_entry *e = &s->entries[i];
    const char *name, *trace, *model, *skip;
    if (suite_check_keys(s, obj, entry_keys, prefix, err) != HAMM_OK ||
        suite_get_str(s, obj, "name", prefix, 1, &name, err) != HAMM_OK ||
        parse_source(s, e, obj, prefix, &trace, err) != HAMM_OK ||
        suite_get_str(s, obj, "model", prefix, 1, &model, err) != HAMM_OK ||
        suite_get_str(s, obj, "generate", prefix, 0, &skip, err) != HAMM_OK ||
        suite_get_str(s, obj, "description", prefix, 0, &skip, err) != HAMM_OK ||
        parse_options(s, e, obj, prefix, err) != HAMM_OK ||
        parse_sets(s, e, json_object_get(obj, "set"), prefix, err) != HAMM_OK)
        return err->status;
    char field[96];
    snprintf(field, sizeof field, "%sname", prefix);
    if (!suite_valid_name(name))
        return bad(err, s, field, "'%s': use letters, digits, '.', '_' and '-'", name);
    for (size_t j = 0; j < i; j++)
        if (strcmp(s->entries[j].name, name) == 0)
            return bad(err, s, field, "'%s' names an earlier entry too", name);
    if (!(e->name = suite_dup(name)) || !(e->trace = suite_dup(trace)) ||
        !(e->trace_path = suite_resolve(s, trace)) || !(e->model = suite_dup(model)))
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(s->path), NULL, "out of memory");
    if (check_trace(s, e, prefix, err) != HAMM_OK || find_model(s, e, prefix, err) != HAMM_OK)
        return err->status;
    hamm_system_config cfg;
    if (e->workload) /* its system model must name a GPU model */
        return suite_entry_config(s, i, NULL, 0, &cfg, err) != HAMM_OK ? err->status
               : cfg.gpu[0] ? HAMM_OK
                            : bad(err, s, strcat(prefix, "model"), "the system model '%s' names "
                                  "no GPU model (its \"gpu\" key), which a \"workload\" needs",
                                  e->model);
    return model_checked(s, i) ? HAMM_OK : suite_entry_config(s, i, NULL, 0, &cfg, err);
}

static hamm_status parse_heuristics(hamm_suite *s, json_t *list, hamm_error *err)
{
    s->heuristics = HAMM_HEUR_ALL;
    if (!list)
        return HAMM_OK;
    if (!json_is_array(list) || json_array_size(list) == 0)
        return bad(err, s, "heuristics", "expects a non-empty array of heuristic names");
    s->heuristics = 0;
    size_t i;
    json_t *v;
    json_array_foreach(list, i, v) {
        char field[64];
        snprintf(field, sizeof field, "heuristics[%zu]", i);
        hamm_heuristic h;
        hamm_error sub;
        hamm_error_clear(&sub);
        if (!json_is_string(v) || hamm_heuristic_from_name(json_string_value(v), &h, &sub))
            return bad(err, s, field, "expects one of no-overlap, full-overlap, average, "
                                      "locality-switch");
        s->heuristics |= 1u << h;
    }
    return HAMM_OK;
}

static hamm_status parse_entries(hamm_suite *s, json_t *entries, hamm_error *err)
{
    if (!json_is_array(entries) || json_array_size(entries) == 0)
        return bad(err, s, "entries", "expects a non-empty array of entries");
    s->entries = hamm_calloc_array(json_array_size(entries), sizeof *s->entries);
    if (!s->entries)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(s->path), NULL, "out of memory");
    for (size_t i = 0; i < json_array_size(entries); i++) {
        s->n = i + 1; /* so hamm_suite_free frees what this entry got */
        if (parse_entry(s, i, json_array_get(entries, i), err) != HAMM_OK)
            return err->status;
    }
    return HAMM_OK;
}

static hamm_status parse_top(hamm_suite *s, json_t *root, hamm_error *err)
{
    if (!json_is_object(root))
        return bad(err, s, NULL, "a suite is a JSON object");
    const char *schema, *name, *skip;
    if (suite_check_keys(s, root, top_keys, "", err) != HAMM_OK ||
        suite_get_str(s, root, "schema", "", 1, &schema, err) != HAMM_OK ||
        suite_get_str(s, root, "name", "", 1, &name, err) != HAMM_OK ||
        suite_get_str(s, root, "description", "", 0, &skip, err) != HAMM_OK ||
        parse_heuristics(s, json_object_get(root, "heuristics"), err) != HAMM_OK)
        return err->status;
    if (strcmp(schema, HAMM_SUITE_SCHEMA) != 0)
        return bad(err, s, "schema", "expects \"" HAMM_SUITE_SCHEMA "\", not \"%s\"", schema);
    if (!(s->name = suite_dup(name)))
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(s->path), NULL, "out of memory");
    json_t *entries = json_object_get(root, "entries");
    json_t *experiments = json_object_get(root, "experiments");
    /* a suite of experiments alone needs no entries: `hamm report` draws them */
    if ((entries || !experiments) && parse_entries(s, entries, err) != HAMM_OK)
        return err->status;
    if (suite_parse_sweeps(s, json_object_get(root, "sweeps"), err) != HAMM_OK)
        return err->status;
    return suite_parse_experiments(s, experiments, err);
}

/* Parse the file; syntax errors keep jansson's line and column.  jansson out of memory
 * says so, or (its first buffer) leaves the text empty: not a syntax error. */
static hamm_status read_suite(const char *path, json_t **root, hamm_error *err)
{
    json_error_t jerr;
    *root = json_load_file(path, JSON_REJECT_DUPLICATES, &jerr);
    if (*root)
        return HAMM_OK;
    if (!jerr.text[0] || json_error_code(&jerr) == json_error_out_of_memory)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(path), NULL, "out of memory");
    if (json_error_code(&jerr) == json_error_cannot_open_file)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(path), NULL, "%s", jerr.text);
    return hamm_error_at(err, HAMM_ERR_CONFIG,
                         HAMM_AT(path, jerr.line > 0 ? (uint64_t)jerr.line : 0,
                                 jerr.column > 0 ? (uint64_t)jerr.column : 0, HAMM_NO_OFFSET),
                         NULL, "%s", jerr.text);
}

hamm_status hamm_suite_load(const char *path, const hamm_model_path *models, hamm_suite **out,
                            hamm_error *err)
{
    *out = NULL;
    hamm_suite *s = calloc(1, sizeof *s);
    if (s)
        s->models = models;
    if (!s || !(s->path = suite_dup(path))) {
        free(s);
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(path), NULL, "out of memory");
    }
    json_t *root = NULL;
    hamm_status st = read_suite(path, &root, err);
    if (st == HAMM_OK)
        st = parse_top(s, root, err);
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
