/* suite_mwp.c - a suite entry's "mwp" object: a kernel description run on the GPU engine
 * and predicted by the MWP/CWP model on a machine file (docs/SUITES.md, "MWP entries"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "suite.h"
#include "workload/source.h"

static const char *const mwp_keys[] = {"workload", "machine", "issue_bound",
                                       "queueing", "group", NULL};

#define bad suite_bad

/* A machine given by name: mwp/NAME.json in each directory of the model path, first to
 * last; a path (a '/' or ".json") is relative to the suite. */
static char *find_machine(const hamm_suite *s, const char *machine)
{
    size_t n = strlen(machine);
    if (strchr(machine, '/') || (n > 5 && strcmp(machine + n - 5, ".json") == 0))
        return suite_resolve(s, machine);
    for (size_t i = 0; s->models && i < s->models->count; i++) {
        char path[4096];
        int w = snprintf(path, sizeof path, "%s/mwp/%s.json", s->models->dirs[i], machine);
        if (w > 0 && (size_t)w < sizeof path && access(path, R_OK) == 0)
            return suite_dup(path);
    }
    return NULL;
}

static hamm_status load_machine(const hamm_suite *s, suite_entry *e, const char *field,
                                hamm_error *err)
{
    char *path = find_machine(s, e->mwp_machine);
    if (!path)
        return bad(err, s, field, "no MWP/CWP machine '%s' (a name under models/mwp/, or a "
                                  "path relative to the suite)", e->mwp_machine);
    e->mwp_machine_path = path;
    hamm_error sub;
    hamm_error_clear(&sub);
    if (hamm_mwp_load_machine(&e->machine, path, &sub) == HAMM_OK)
        return HAMM_OK;
    return bad(err, s, field, "%s: %s%s%s", path, sub.field, sub.field[0] ? ": " : "",
               sub.text);
}

hamm_status suite_parse_mwp(const hamm_suite *s, suite_entry *e, json_t *mwp,
                            const char *prefix, const char **workload, hamm_error *err)
{
    char field[160], sub[96]; /* prefix is "entries[I]." */
    snprintf(field, sizeof field, "%.80smwp", prefix);
    if (!json_is_object(mwp))
        return bad(err, s, field,
                   "expects an object {\"workload\": FILE, \"machine\": NAME|FILE}");
    snprintf(sub, sizeof sub, "%.80smwp.", prefix);
    const char *machine, *group;
    if (suite_check_keys(s, mwp, mwp_keys, sub, err) != HAMM_OK ||
        suite_get_str(s, mwp, "workload", sub, 1, workload, err) != HAMM_OK ||
        suite_get_str(s, mwp, "machine", sub, 1, &machine, err) != HAMM_OK ||
        suite_get_str(s, mwp, "group", sub, 0, &group, err) != HAMM_OK)
        return err->status;
    json_t *ib = json_object_get(mwp, "issue_bound");
    snprintf(field, sizeof field, "%sissue_bound", sub);
    if (ib && !json_is_boolean(ib))
        return bad(err, s, field, "expects true or false");
    e->issue_bound = ib ? json_is_true(ib) : 1;
    json_t *q = json_object_get(mwp, "queueing");
    snprintf(field, sizeof field, "%squeueing", sub);
    if (q && !json_is_boolean(q))
        return bad(err, s, field, "expects true or false");
    e->queueing = q ? json_is_true(q) : 1;
    snprintf(field, sizeof field, "%sworkload", sub);
    char *resolved = suite_resolve(s, *workload);
    int recording = resolved && workload_is_recording(resolved);
    free(resolved);
    if (recording)
        return bad(err, s, field, "expects a kernel description (models/workloads/); an "
                                  "Accel-Sim recording is not run kernel by kernel here");
    if (!resolved || !(e->mwp_machine = suite_dup(machine)) ||
        !(e->mwp_group = suite_dup(group ? group : "all")))
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(s->path), NULL, "out of memory");
    e->workload = 1;
    snprintf(field, sizeof field, "%smachine", sub);
    return load_machine(s, e, field, err);
}
