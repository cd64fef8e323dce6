/* suite_inputs.c - the files a suite names: recorded as the suite loads, so that a
 * command can refuse an output that would write over one of them (hamm_suite_inputs),
 * and kept out of the text of errors about them, since the user did not name them
 * (README, "What is confined"). */
#include <stdio.h>
#include <string.h>

#include "hamm/workload.h"
#include "suite.h"

void suite_hide_named(const hamm_suite *s, hamm_error *err)
{
    if (err->source[0] && !hamm_error_is_about(err, s->path) &&
        strcmp(err->source, JSON_READ_SET_SOURCE) != 0)
        hamm_error_hide_text(err);
}

/* `sub`, an error about a file the suite names, as an error of the suite at `key`. */
static hamm_status fail_named(const hamm_suite *s, const char *key, hamm_error *sub,
                              json_reader *r)
{
    if (sub->status == HAMM_ERR_NOMEM)
        return json_read_nomem(r);
    suite_hide_named(s, sub);
    char text[512];
    hamm_error_format(sub, text, sizeof text);
    return json_read_fail(r, key, "%s", text);
}

hamm_status suite_add_input(hamm_suite *s, const char *path, const char *what, json_reader *r)
{
    return hamm_input_set_add(s->inputs, path, what, NULL) == HAMM_OK ? HAMM_OK
                                                                      : json_read_nomem(r);
}

hamm_status suite_add_workload(hamm_suite *s, const char *path, const char *key,
                               json_reader *r)
{
    hamm_error sub;
    hamm_error_clear(&sub);
    if (hamm_workload_inputs(path, s->inputs, &sub) == HAMM_OK)
        return HAMM_OK;
    return fail_named(s, key, &sub, r);
}

hamm_status suite_add_model(hamm_suite *s, const hamm_system_config *cfg, int with_gpu,
                            json_reader *r)
{
    char gpu[4096];
    if (hamm_config_inputs(cfg, s->inputs, NULL) != HAMM_OK)
        return json_read_nomem(r);
    if (with_gpu && hamm_config_gpu_path(cfg, gpu, sizeof gpu))
        return suite_add_input(s, gpu, "the GPU model", r);
    return HAMM_OK;
}

/* Experiment x's system, DRAM and GPU models and its workloads, with the reader at it. */
static hamm_status add_experiment(hamm_suite *s, const suite_experiment *x, json_reader *r)
{
    hamm_system_config cfg;
    hamm_error sub;
    hamm_error_clear(&sub);
    if (hamm_config_load_with(&cfg, x->model_path, NULL, 0, s->models, &sub) != HAMM_OK)
        return fail_named(s, "model", &sub, r);
    hamm_status st = suite_add_model(s, &cfg, 0, r);
    if (st == HAMM_OK)
        st = suite_add_input(s, x->gpu_path, "the GPU model", r);
    for (size_t k = 0; st == HAMM_OK && k < x->nworkloads; k++) {
        char key[64];
        snprintf(key, sizeof key, "workloads[%zu]", k);
        st = suite_add_workload(s, x->workload_paths[k], key, r);
    }
    return st;
}

hamm_status suite_add_parts(hamm_suite *s, json_reader *r)
{
    hamm_status st = HAMM_OK;
    size_t top = json_read_key(r, "experiments");
    for (size_t i = 0; st == HAMM_OK && i < s->nexperiments; i++) {
        size_t at = json_read_index(r, i);
        st = add_experiment(s, &s->experiments[i], r);
        json_read_pop(r, at);
    }
    json_read_pop(r, top);
    for (size_t i = 0; st == HAMM_OK && i < s->nsweeps; i++)
        st = suite_add_input(s, s->sweeps[i].suite_path, "a sweep's suite", r);
    return st;
}

const hamm_input_set *hamm_suite_inputs(const hamm_suite *s)
{
    return s->inputs;
}
