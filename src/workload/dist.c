/* dist.c - reading and drawing from the random index distributions (dist.h). */
#include <math.h>
#include <string.h>

#include "dist.h"

/* splitmix64's finaliser: a bijection that spreads every input bit over the output. */
static uint64_t dist_mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15u;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

uint64_t workload_random(uint64_t seed, uint64_t thread, const int64_t *iters, uint32_t depth)
{
    uint64_t h = dist_mix(seed ^ dist_mix(thread));
    for (uint32_t d = 0; d < depth; d++)
        h = dist_mix(h ^ dist_mix((uint64_t)iters[d] + d));
    return h;
}

int64_t dist_draw(const wl_dist *d, uint64_t r, int64_t center)
{
    int64_t v;
    switch (d->kind) {
    case WL_DIST_UNIFORM:
        return d->lo + (int64_t)(r % (uint64_t)(d->hi - d->lo + 1));
    case WL_DIST_NEAR:
        /* a center near the ends of 64 bits would overflow: the sum is beyond lo..hi */
        v = (int64_t)(r % (uint64_t)(2 * d->spread + 1)) - d->spread;
        if (__builtin_add_overflow(center, v, &v))
            return v < 0 ? d->hi : d->lo; /* wrapped past the top: above hi */
        return v < d->lo ? d->lo : v > d->hi ? d->hi : v;
    case WL_DIST_HOT:
        if (r <= d->fraction && d->fraction)
            return d->lo + (int64_t)(dist_mix(r) % (uint64_t)d->hot);
        return d->lo + (int64_t)(dist_mix(r) % (uint64_t)(d->hi - d->lo + 1));
    }
    return d->lo;
}

static hamm_status fraction(json_reader *c, json_t *obj, wl_dist *d)
{
    json_t *f = json_object_get(obj, "fraction");
    if (!f)
        return json_read_fail(c, "fraction", "is missing");
    double x = json_is_number(f) ? json_number_value(f) : -1;
    if (!(x >= 0 && x <= 1))
        return json_read_fail(c, "fraction", "expects a number from 0 to 1");
    d->fraction = x >= 1 ? UINT64_MAX : (uint64_t)ldexp(x, 64);
    return HAMM_OK;
}

static hamm_status kind(json_reader *c, json_t *obj, wl_dist *d)
{
    const char *k = json_string_value(json_object_get(obj, "random"));
    if (k && strcmp(k, "uniform") == 0)
        d->kind = WL_DIST_UNIFORM;
    else if (k && strcmp(k, "near") == 0)
        d->kind = WL_DIST_NEAR;
    else if (k && strcmp(k, "hot") == 0)
        d->kind = WL_DIST_HOT;
    else
        return json_read_fail(c, "random", "expects \"uniform\", \"near\" or \"hot\"");
    return HAMM_OK;
}

hamm_status dist_read(json_reader *c, json_t *obj, uint64_t last, int max_required,
                      int center, wl_dist *d)
{
    static const char *const keys[] = {"random", "min", "max", "spread", "hot", "fraction",
                                       "seed", "note", "center", NULL};
    static const char *const no_center[] = {"random", "min", "max", "spread", "hot",
                                            "fraction", "seed", "note", NULL};
    uint64_t lo = 0, hi = last, v = 0;
    memset(d, 0, sizeof *d);
    hamm_status st = json_read_object(c, obj, center ? keys : no_center);
    if (st == HAMM_OK)
        st = kind(c, obj, d);
    if (st == HAMM_OK)
        st = json_read_u64(c, obj, "seed", 0, 0, UINT64_MAX, 0, &d->seed);
    if (st == HAMM_OK)
        st = json_read_u64(c, obj, "min", 0, 0, last, 0, &lo);
    if (st == HAMM_OK)
        st = json_read_u64(c, obj, "max", max_required, lo, last, last, &hi);
    d->lo = (int64_t)lo;
    d->hi = (int64_t)hi;
    if (st == HAMM_OK && d->kind == WL_DIST_NEAR)
        st = json_read_u64(c, obj, "spread", 1, 0, INT32_MAX, 0, &v);
    d->spread = (int64_t)v;
    if (st == HAMM_OK && d->kind == WL_DIST_HOT)
        st = json_read_u64(c, obj, "hot", 1, 1, hi - lo + 1, 0, &v);
    d->hot = (int64_t)v;
    if (st == HAMM_OK && d->kind == WL_DIST_HOT)
        st = fraction(c, obj, d);
    return st;
}
