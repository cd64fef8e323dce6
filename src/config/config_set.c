/* config_set.c - command-line overrides "path=value" (hamm ... --set queue_size=16) of the
 * system model: the path must name a key of the tables (DRAM keys under "dram."); the
 * value is read and applied as common/json_set.h says.  A GPU model's key ("gpu.") is the
 * GPU model loader's (hamm/gpu.h); here it means no GPU model runs. */
#include <string.h>

#include "config_internal.h"

#define GPU_PREFIX_LEN (sizeof HAMM_GPU_SET_PREFIX - 1)

int hamm_set_is_gpu(const char *set)
{
    return strncmp(set, HAMM_GPU_SET_PREFIX, GPU_PREFIX_LEN) == 0;
}

size_t hamm_sets_pick(const char *const *sets, size_t nsets, int gpu, const char **out)
{
    size_t n = 0;
    for (size_t i = 0; i < nsets; i++)
        if (hamm_set_is_gpu(sets[i]) == !!gpu)
            out[n++] = sets[i];
    return n;
}

static hamm_status check_path(const char *path, hamm_error *err)
{
    static const char dram[] = CONFIG_DRAM_PREFIX;
    if (hamm_set_is_gpu(path))
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(JSON_READ_SET_SOURCE), path,
                             "a GPU model key, but no GPU model runs here (only simulate "
                             "--workload, workload entries and experiments run one)");
    int is_dram = strncmp(path, dram, sizeof dram - 1) == 0;
    return json_set_check(is_dram ? &config_dram_table : &config_system_table,
                          is_dram ? path + sizeof dram - 1 : path, path, "models/README.md",
                          "dram.timing.tRCD", err);
}

hamm_status config_set_parse(const char *arg, json_set *out, hamm_error *err)
{
    hamm_status st = json_set_split(arg, "queue_size=16, dram.timing.tRCD=14", out, err);
    if (st == HAMM_OK)
        st = check_path(out->path, err);
    return st == HAMM_OK ? json_set_value(arg, out, err) : st;
}
