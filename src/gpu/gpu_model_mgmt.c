/* gpu_model_mgmt.c - the checks a GPU model file's cache management options need beyond
 * their ranges (docs/CACHE-MGMT.md): a pmod index's polynomial must be irreducible and of
 * degree log2(sets), so that the error names the file and the key, not only the cache. */
#include "gpu_model.h"
#include "pric.h"

static hamm_status check_pmod(const gpu_cache_model *c, const char *key, const char *path,
                              hamm_error *err)
{
    if (!c->sets || c->index != GPU_INDEX_PMOD)
        return HAMM_OK;
    uint32_t degree = (uint32_t)__builtin_ctz(c->sets);
    uint64_t poly = c->pmod_poly ? c->pmod_poly : gpu_pric_default_poly(degree);
    if (degree >= 1 && gpu_pric_degree(poly) == degree && gpu_pric_irreducible(poly))
        return HAMM_OK;
    return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(path), key,
                         "the pmod index of %u sets needs an irreducible polynomial of "
                         "degree %u (bit i for x^i; 37 = x^5 + x^2 + 1 for 32 sets); %llu is "
                         "not",
                         c->sets, degree, (unsigned long long)poly);
}

hamm_status gpu_model_check_mgmt(const gpu_model *m, const char *path, hamm_error *err)
{
    hamm_status st = check_pmod(&m->l1, "l1.pmod_poly", path, err);
    return st ? st : check_pmod(&m->l2, "l2.pmod_poly", path, err);
}
