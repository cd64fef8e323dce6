/* gpu_api.c - the GPU engine's public face (hamm/gpu.h): a GPU built from a GPU model
 * file over a system model's memory, owning its address map. */
#include "gpu_internal.h"
#include "gpu_model.h"
#include "hamm/gpu.h"

hamm_status hamm_gpu_new(hamm_gpu **out, const hamm_system_config *mem, const char *model_path,
                         int refresh, const hamm_gpu_hooks *hooks, hamm_error *err)
{
    *out = NULL;
    gpu_model m;
    gpu_params p;
    hamm_addrmap *map = NULL;
    hamm_status st = gpu_model_load(&m, model_path, err);
    if (!st)
        st = gpu_model_params(&m, mem, &p, err);
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
