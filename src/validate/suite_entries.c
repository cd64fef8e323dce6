/* suite_entries.c - a suite's "entries" (docs/SUITES.md): each entry's source (a trace, a
 * workload run on the GPU engine, or an "mwp" object: a kernel description and an
 * MWP/CWP machine), its system model and overrides; every file opened and every model
 * loaded when the suite loads. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/alloc.h"
#include "hamm/dram_model.h"
#include "suite.h"
#include "workload/source.h"

static const char *const entry_keys[] = {"name", "trace", "workload", "format",
                                         "request_size", "model", "set", "replay",
                                         "generate", "description", "mwp", NULL};
static const char *const mwp_keys[] = {"workload", "machine", "issue_bound",
                                       "queueing", "group", NULL};

static hamm_status parse_sets(suite_entry *e, json_t *set, json_reader *r)
{
    if (!set)
        return HAMM_OK;
    if (!json_is_object(set))
        return json_read_fail(r, "set", "expects an object of \"KEY\": \"VALUE\"");
    e->sets = hamm_calloc_array(json_object_size(set), sizeof *e->sets);
    if (!e->sets)
        return json_read_nomem(r);
    size_t top = json_read_key(r, "set");
    hamm_status st = HAMM_OK;
    const char *key;
    json_t *v;
    json_object_foreach(set, key, v) {
        if (!json_is_string(v)) {
            st = json_read_fail(r, key, "expects a string value (e.g. \"16\")");
            break;
        }
        size_t n = strlen(key) + strlen(json_string_value(v)) + 2;
        if (!(e->sets[e->nsets] = malloc(n))) {
            st = json_read_nomem(r);
            break;
        }
        snprintf(e->sets[e->nsets++], n, "%s=%s", key, json_string_value(v));
    }
    json_read_pop(r, top);
    return st;
}

/* format, request_size and replay: the optional members with their own types. */
static hamm_status parse_options(suite_entry *e, json_t *obj, json_reader *r)
{
    const char *text;
    hamm_error sub;
    hamm_error_clear(&sub);
    hamm_status st = json_read_str(r, obj, "format", 0, &text);
    if (st != HAMM_OK)
        return st;
    if (text && hamm_trace_format_from_name(text, &e->format, &sub) != HAMM_OK)
        return json_read_fail(r, "format", "%s", sub.text);
    if ((st = json_read_str(r, obj, "replay", 0, &text)) != HAMM_OK)
        return st;
    e->replay = HAMM_REPLAY_SATURATED;
    if (text && (hamm_replay_from_name(text, &e->replay, &sub) != HAMM_OK ||
                 e->replay == HAMM_REPLAY_RATE))
        return json_read_fail(r, "replay", "expects \"saturated\" or \"timed\", not \"%s\"",
                              text);
    json_t *rs = json_object_get(obj, "request_size");
    if (rs && (!json_is_integer(rs) || json_integer_value(rs) < 1 ||
               json_integer_value(rs) > (json_int_t)HAMM_MAX_REQUEST_SIZE))
        return json_read_fail(r, "request_size",
                              "expects a whole number of bytes from 1 to 16777215");
    e->request_size = rs ? (uint32_t)json_integer_value(rs) : 0;
    return HAMM_OK;
}

/* The system model: a path relative to the suite, or a name in the model path. */
static hamm_status find_model(const hamm_suite *s, suite_entry *e, json_reader *r)
{
    hamm_status st = suite_find_model(s, HAMM_MODEL_SYSTEM, e->model, &e->model_path);
    if (st == HAMM_ERR_NOMEM)
        return json_read_nomem(r);
    if (st != HAMM_OK)
        return json_read_fail(r, "model", "no model '%s' (a name under models/, or a path "
                                          "relative to the suite)", e->model);
    return HAMM_OK;
}

static hamm_status check_trace(suite_entry *e, json_reader *r)
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
    char text[200];
    snprintf(text, sizeof text, "cannot open %.120s: %s", e->trace_path, strerror(errno));
    const char *key = e->mwp_machine ? "mwp.workload" : e->workload ? "workload" : "trace";
    return json_read_fail(r, key, "%s", text);
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

/* The MWP/CWP machine: a path relative to the suite (its loader names what is wrong with
 * it), or a name in mwp/ of the model path; loaded now, with the reader at "machine". */
static hamm_status load_machine(hamm_suite *s, suite_entry *e, json_reader *r)
{
    hamm_status st = suite_find_model(s, HAMM_MODEL_MWP_MACHINE, e->mwp_machine,
                                      &e->mwp_machine_path);
    if (st == HAMM_ERR_NOMEM)
        return json_read_nomem(r);
    if (!e->mwp_machine_path)
        return json_read_fail(r, NULL, "no MWP/CWP machine '%s' (a name under models/mwp/, or "
                                       "a path relative to the suite)", e->mwp_machine);
    hamm_error sub;
    hamm_error_clear(&sub);
    if (hamm_mwp_load_machine(&e->machine, e->mwp_machine_path, &sub) == HAMM_OK)
        return suite_add_input(s, e->mwp_machine_path, "the MWP machine", r);
    return json_read_fail(r, NULL, "%s: %s%s%s", e->mwp_machine_path, sub.field,
                          sub.field[0] ? ": " : "", sub.text);
}

/* The "mwp" object, {"workload", "machine", "issue_bound", "queueing", "group"}, with the
 * reader at it (docs/MWP.md, "Validation"); *workload is the workload as written. */
static hamm_status parse_mwp(hamm_suite *s, suite_entry *e, json_t *mwp,
                             const char **workload, json_reader *r)
{
    const char *machine, *group;
    hamm_status st = json_read_known(r, mwp, mwp_keys, NULL);
    if (st == HAMM_OK)
        st = json_read_str(r, mwp, "workload", 1, workload);
    if (st == HAMM_OK)
        st = json_read_str(r, mwp, "machine", 1, &machine);
    if (st == HAMM_OK)
        st = json_read_str(r, mwp, "group", 0, &group);
    if (st == HAMM_OK)
        st = json_read_bool(r, mwp, "issue_bound", 1, &e->issue_bound);
    if (st == HAMM_OK)
        st = json_read_bool(r, mwp, "queueing", 1, &e->queueing);
    if (st != HAMM_OK)
        return st;
    char *resolved = suite_resolve(s, *workload);
    int recording = resolved && workload_is_recording(resolved), nomem = !resolved;
    free(resolved);
    if (recording)
        return json_read_fail(r, "workload", "expects a kernel description "
                                             "(models/workloads/); an Accel-Sim recording is "
                                             "not run kernel by kernel here");
    if (nomem || !(e->mwp_machine = suite_dup(machine)) ||
        !(e->mwp_group = suite_dup(group ? group : "all")))
        return json_read_nomem(r);
    e->workload = 1;
    size_t top = json_read_key(r, "machine");
    st = load_machine(s, e, r);
    json_read_pop(r, top);
    return st;
}

/* "trace", "workload" (a kernel description or an Accel-Sim recording run on the GPU
 * engine) or "mwp": exactly one; *path is the trace or workload as written. */
static hamm_status parse_source(hamm_suite *s, suite_entry *e, json_t *obj,
                                const char **path, json_reader *r)
{
    const char *trace, *workload;
    json_t *mwp = json_object_get(obj, "mwp");
    *path = NULL;
    hamm_status st = json_read_str(r, obj, "trace", 0, &trace);
    if (st == HAMM_OK)
        st = json_read_str(r, obj, "workload", 0, &workload);
    if (st != HAMM_OK)
        return st;
    const char *at = mwp ? "mwp" : trace ? "workload" : "trace";
    if (mwp && (trace || workload))
        return json_read_fail(r, at, "give \"mwp\" alone, not with \"trace\" or \"workload\"");
    if (trace && workload)
        return json_read_fail(r, at, "give \"trace\" or \"workload\", not both");
    if (!trace && !workload && !mwp)
        return json_read_fail(r, at, "missing: give \"trace\" (a trace file) or \"workload\" "
                                     "(a kernel description or recording run on the GPU "
                                     "engine), or \"mwp\" (a kernel description and an "
                                     "MWP/CWP machine)");
    if (!trace && json_object_get(obj, "format"))
        return json_read_fail(r, "format", "applies to a \"trace\", not a \"workload\"");
    if (mwp && !json_is_object(mwp))
        return json_read_fail(r, "mwp",
                              "expects an object {\"workload\": FILE, \"machine\": NAME|FILE}");
    if (mwp) {
        size_t top = json_read_key(r, "mwp");
        st = parse_mwp(s, e, mwp, path, r);
        json_read_pop(r, top);
        return st;
    }
    e->workload = workload != NULL;
    *path = workload ? workload : trace;
    return HAMM_OK;
}

/* The entry's name: valid, and not an earlier entry's. */
static hamm_status check_name(const hamm_suite *s, size_t i, const char *name, json_reader *r)
{
    if (!suite_valid_name(name))
        return json_read_fail(r, "name", "'%s': use letters, digits, '.', '_' and '-'", name);
    for (size_t j = 0; j < i; j++)
        if (strcmp(s->entries[j].name, name) == 0)
            return json_read_fail(r, "name", "'%s' names an earlier entry too", name);
    return HAMM_OK;
}

/* Every member of the entry, in the order their errors are reported. */
static hamm_status parse_members(hamm_suite *s, size_t i, json_t *obj, json_reader *r)
{
    suite_entry *e = &s->entries[i];
    const char *name, *trace, *model, *skip;
    hamm_status st = json_read_known(r, obj, entry_keys, NULL);
    if (st == HAMM_OK)
        st = json_read_str(r, obj, "name", 1, &name);
    if (st == HAMM_OK)
        st = parse_source(s, e, obj, &trace, r);
    if (st == HAMM_OK)
        st = json_read_str(r, obj, "model", 1, &model);
    if (st == HAMM_OK)
        st = json_read_str(r, obj, "generate", 0, &skip);
    if (st == HAMM_OK)
        st = json_read_str(r, obj, "description", 0, &skip);
    if (st == HAMM_OK)
        st = parse_options(e, obj, r);
    if (st == HAMM_OK)
        st = parse_sets(e, json_object_get(obj, "set"), r);
    if (st == HAMM_OK)
        st = check_name(s, i, name, r);
    if (st != HAMM_OK)
        return st;
    if (!(e->name = suite_dup(name)) || !(e->trace = suite_dup(trace)) ||
        !(e->trace_path = suite_resolve(s, trace)) || !(e->model = suite_dup(model)))
        return json_read_nomem(r);
    return HAMM_OK;
}

/* The entry's trace, or its workload's files, into the suite's inputs. */
static hamm_status add_source(hamm_suite *s, const suite_entry *e, json_reader *r)
{
    if (!e->workload)
        return suite_add_input(s, e->trace_path, "the suite's trace", r);
    return suite_add_workload(s, e->trace_path, e->mwp_machine ? "mwp.workload" : "workload",
                              r);
}

/* A "workload" entry's own overrides of GPU model keys, checked now on its GPU model (an
 * entry without any reads its GPU model when it runs). */
static hamm_status check_gpu_sets(const hamm_suite *s, size_t i, const hamm_system_config *cfg,
                                  json_reader *r)
{
    const suite_entry *e = &s->entries[i];
    size_t k = 0;
    while (k < e->nsets && !hamm_set_is_gpu(e->sets[k]))
        k++;
    if (k == e->nsets)
        return HAMM_OK;
    hamm_gpu_model *model;
    hamm_status st = suite_entry_gpu(s, i, NULL, 0, cfg, &model, r->err);
    hamm_gpu_model_free(model);
    return st;
}

static hamm_status parse_entry(hamm_suite *s, size_t i, json_t *obj, json_reader *r)
{
    if (!json_is_object(obj))
        return json_read_fail(r, NULL, "expects an object");
    suite_entry *e = &s->entries[i];
    hamm_status st = parse_members(s, i, obj, r);
    if (st == HAMM_OK)
        st = check_trace(e, r);
    if (st == HAMM_OK)
        st = add_source(s, e, r);
    if (st == HAMM_OK)
        st = find_model(s, e, r);
    if (st != HAMM_OK || (!e->workload && model_checked(s, i)))
        return st; /* an earlier entry loaded this model, and recorded its files */
    hamm_system_config cfg;
    if (suite_entry_config(s, i, NULL, 0, &cfg, r->err) != HAMM_OK)
        return r->err->status;
    if (e->workload && !cfg.gpu[0]) /* its system model must name a GPU model */
        return json_read_fail(r, "model", "the system model '%s' names no GPU model (its "
                                          "\"gpu\" key), which a \"workload\" needs", e->model);
    if (e->workload && check_gpu_sets(s, i, &cfg, r) != HAMM_OK)
        return r->err->status;
    return suite_add_model(s, &cfg, e->workload, r);
}

hamm_status suite_parse_entries(hamm_suite *s, json_t *entries, json_reader *r)
{
    if (!json_is_array(entries) || json_array_size(entries) == 0)
        return json_read_fail(r, "entries", "expects a non-empty array of entries");
    s->entries = hamm_calloc_array(json_array_size(entries), sizeof *s->entries);
    if (!s->entries)
        return json_read_nomem(r);
    hamm_status st = HAMM_OK;
    size_t top = json_read_key(r, "entries");
    for (size_t i = 0; st == HAMM_OK && i < json_array_size(entries); i++) {
        s->n = i + 1; /* so hamm_suite_free frees what this entry got */
        size_t at = json_read_index(r, i);
        st = parse_entry(s, i, json_array_get(entries, i), r);
        json_read_pop(r, at);
    }
    json_read_pop(r, top);
    return st;
}
