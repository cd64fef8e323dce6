/* gpu_api.c - the GPU engine's public face (hamm/gpu.h): GPU models read from a file or
 * from parsed JSON, and a GPU built from one over a system model's memory, owning its
 * address map. */
#include <stdlib.h>

#include "common/json_read.h"

#include "gpu_internal.h"
#include "gpu_model.h"
#include "hamm/gpu.h"

static hamm_status new_model(hamm_gpu_model **out, hamm_error *err)
{
    *out = calloc(1, sizeof **out);
    return *out ? HAMM_OK : hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
}

/* *out built by gpu_model_from_json_sets, freed again when that fails. */
static hamm_status from_json(hamm_gpu_model **out, json_t *doc, const char *source,
                             const char *const *sets, size_t nsets, hamm_error *err)
{
    hamm_status st = new_model(out, err);
    if (st == HAMM_OK)
        st = gpu_model_from_json_sets(*out, doc, source, sets, nsets, err);
    if (st != HAMM_OK && *out) {
        free(*out);
        *out = NULL;
    }
    return st;
}

hamm_status hamm_gpu_model_load_with(hamm_gpu_model **out, const char *path,
                                     const char *const *sets, size_t nsets, hamm_error *err)
{
    *out = NULL;
    json_t *doc;
    hamm_status st = json_parse_file(path, JSON_PARSE_LINE, &doc, err);
    if (st == HAMM_OK)
        st = from_json(out, doc, path, sets, nsets, err);
    json_decref(doc);
    return st;
}

hamm_status hamm_gpu_model_load(hamm_gpu_model **out, const char *path, hamm_error *err)
{
    return hamm_gpu_model_load_with(out, path, NULL, 0, err);
}

hamm_status hamm_gpu_model_from_json_with(hamm_gpu_model **out, json_t *doc,
                                          const char *source, const char *const *sets,
                                          size_t nsets, hamm_error *err)
{
    return from_json(out, doc, source, sets, nsets, err);
}

hamm_status hamm_gpu_model_from_json(hamm_gpu_model **out, json_t *doc, const char *source,
                                     hamm_error *err)
{
    return from_json(out, doc, source, NULL, 0, err);
}

void hamm_gpu_model_free(hamm_gpu_model *m)
{
    free(m);
}

hamm_status hamm_gpu_new_with(hamm_gpu **out, const hamm_system_config *mem,
                              const hamm_gpu_model *model, int refresh, const hamm_gpu_hooks *hooks,
                              hamm_error *err)
{
    *out = NULL;
    gpu_params p;
    hamm_addrmap *map = NULL;
    hamm_status st = gpu_model_params(model, mem, &p, err);
    if (!st)
        st = hamm_config_addrmap(mem, &map, err);
    if (st)
        return st;
    p.dram.refresh = refresh;
    if (hooks) {
        p.partition.tap = hooks->tap;
        p.partition.tap_user = hooks->tap_user;
        p.on_command = hooks->command;
        p.command_user = hooks->command_user;
    }
    if ((st = gpu_new(out, &p, map, err))) {
        hamm_addrmap_free(map);
        return st;
    }
    (*out)->own_map = map;
    return HAMM_OK;
}

void hamm_gpu_finish(hamm_gpu *g)
{
    gpu_finish(g);
}

const hamm_engine *hamm_gpu_dram(const hamm_gpu *g)
{
    return g->dram;
}

void hamm_gpu_free(hamm_gpu *g)
{
    gpu_free(g);
}

const char *hamm_gpu_model_name(const hamm_gpu *g)
{
    return g->p.name;
}
