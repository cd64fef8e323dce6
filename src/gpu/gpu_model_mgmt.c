/* gpu_model_mgmt.c - the checks a GPU model file's set index and cache management options
 * need beyond their ranges (docs/CACHE-MGMT.md, docs/GPU.md "Caches"): a set index
 * defined for the sets of one sub-partition, sub-partitions for the L2 only, a pmod
 * index's polynomial irreducible and of degree log2(sets), so that the error names the
 * file and the key, not only the cache. */
#include <stdio.h>

#include "gpu_model.h"
#include "pric.h"

static hamm_status check_pmod(const gpu_cache_model *c, const char *key, const char *path,
                              hamm_error *err)
{
    if (!c->sets || c->index != GPU_INDEX_PMOD)
        return HAMM_OK;
    uint32_t degree = (uint32_t)__builtin_ctz(c->sets / c->sub_partitions);
    uint64_t poly = c->pmod_poly ? c->pmod_poly : gpu_pric_default_poly(degree);
    if (degree >= 1 && gpu_pric_degree(poly) == degree && gpu_pric_irreducible(poly))
        return HAMM_OK;
    return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(path), key,
                         "the pmod index of %u sets needs an irreducible polynomial of "
                         "degree %u (bit i for x^i; 37 = x^5 + x^2 + 1 for 32 sets); %llu is "
                         "not",
                         c->sets / c->sub_partitions, degree, (unsigned long long)poly);
}

/* `which` is "l1" or "l2". */
static hamm_status check_index(const gpu_cache_model *c, const char *which, const char *path,
                               hamm_error *err)
{
    if (!c->sets)
        return HAMM_OK;
    char key[32];
    if (c->sub_partitions > 1 && which[1] == '1') {
        snprintf(key, sizeof key, "%s.sub_partitions", which);
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(path), key,
                             "%u: sub-partitions are the L2's (a channel's address bits "
                             "choose them)", c->sub_partitions);
    }
    if (c->sub_partitions > c->sets) {
        snprintf(key, sizeof key, "%s.sub_partitions", which);
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(path), key,
                             "%u sub-partitions of %u sets: at most one a set",
                             c->sub_partitions, c->sets);
    }
    uint32_t sets = c->sets / c->sub_partitions;
    if (gpu_set_index_fits((gpu_set_index)c->index, sets))
        return HAMM_OK;
    snprintf(key, sizeof key, "%s.index", which);
    return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(path), key,
                         "this set index takes %s sets%s, not %u (GPGPU-Sim defines it for "
                         "those only)",
                         gpu_set_index_counts((gpu_set_index)c->index),
                         c->sub_partitions > 1 ? " a sub-partition" : "", sets);
}

hamm_status gpu_model_check_mgmt(const gpu_model *m, const char *path, hamm_error *err)
{
    hamm_status st = check_index(&m->l1, "l1", path, err);
    st = st ? st : check_index(&m->l2, "l2", path, err);
    st = st ? st : check_pmod(&m->l1, "l1.pmod_poly", path, err);
    return st ? st : check_pmod(&m->l2, "l2.pmod_poly", path, err);
}
