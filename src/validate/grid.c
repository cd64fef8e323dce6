/* grid.c - a sweep's parameter grid: axes KEY=V1,V2,... and their cross product, the last
 * axis varying fastest (like nested loops written in command-line order). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "hamm/validate.h"
#include "report/json_util.h"

typedef struct grid_axis {
    char *key;
    char **sets;    /* "KEY=VALUE" per value */
    size_t nvalues;
} grid_axis;

struct hamm_grid {
    grid_axis *axes;
    size_t naxes, cap;
};

hamm_grid *hamm_grid_new(void)
{
    return calloc(1, sizeof(hamm_grid));
}

static void axis_free(grid_axis *a)
{
    for (size_t i = 0; i < a->nvalues; i++)
        free(a->sets[i]);
    free(a->sets);
    free(a->key);
}

void hamm_grid_free(hamm_grid *g)
{
    if (!g)
        return;
    for (size_t i = 0; i < g->naxes; i++)
        axis_free(&g->axes[i]);
    free(g->axes);
    free(g);
}

static hamm_status grid_fail(hamm_error *err, const char *spec, const char *text)
{
    return hamm_error_at(err, HAMM_ERR_ARG, HAMM_IN("--grid"), spec, "%s", text);
}

/* Split "V1,V2,..." after `eq` into "KEY=Vi" strings. */
static hamm_status split_values(grid_axis *a, const char *spec, const char *eq, hamm_error *err)
{
    size_t klen = (size_t)(eq - spec), n = 1;
    for (const char *c = eq + 1; *c; c++)
        n += *c == ',';
    if (!(a->sets = hamm_calloc_array(n, sizeof *a->sets)))
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    const char *v = eq + 1;
    for (size_t i = 0; i < n; i++) {
        const char *end = strchr(v, ',');
        size_t vlen = end ? (size_t)(end - v) : strlen(v);
        if (vlen == 0)
            return grid_fail(err, spec, "an empty value (write KEY=V1,V2,...)");
        if (!(a->sets[i] = malloc(klen + vlen + 2)))
            return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
        a->nvalues = i + 1;
        memcpy(a->sets[i], spec, klen + 1);
        memcpy(a->sets[i] + klen + 1, v, vlen);
        a->sets[i][klen + 1 + vlen] = '\0';
        v += vlen + 1;
    }
    return HAMM_OK;
}

hamm_status hamm_grid_add(hamm_grid *g, const char *spec, hamm_error *err)
{
    const char *eq = strchr(spec, '=');
    if (!eq || eq == spec)
        return grid_fail(err, spec, "expects KEY=V1,V2,... (e.g. queue_size=8,16,32)");
    for (size_t i = 0; i < g->naxes; i++)
        if (strlen(g->axes[i].key) == (size_t)(eq - spec) &&
            strncmp(g->axes[i].key, spec, (size_t)(eq - spec)) == 0)
            return grid_fail(err, spec, "the key has an axis already");
    if (hamm_grow((void **)&g->axes, &g->cap, g->naxes + 1, sizeof *g->axes) != 0)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    grid_axis a = {0};
    hamm_status st = (a.key = malloc((size_t)(eq - spec) + 1))
                         ? split_values(&a, spec, eq, err)
                         : hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    if (a.key) {
        memcpy(a.key, spec, (size_t)(eq - spec));
        a.key[eq - spec] = '\0';
    }
    if (st != HAMM_OK) {
        axis_free(&a);
        return st;
    }
    g->axes[g->naxes++] = a;
    return HAMM_OK;
}

size_t hamm_grid_axes(const hamm_grid *g)
{
    return g->naxes;
}

size_t hamm_grid_points(const hamm_grid *g)
{
    size_t n = g->naxes ? 1 : 0;
    for (size_t i = 0; i < g->naxes; i++) {
        if (n > SIZE_MAX / g->axes[i].nvalues)
            return SIZE_MAX;
        n *= g->axes[i].nvalues;
    }
    return n;
}

void hamm_grid_point(const hamm_grid *g, size_t index, const char **sets)
{
    for (size_t i = g->naxes; i-- > 0;) {
        sets[i] = g->axes[i].sets[index % g->axes[i].nvalues];
        index /= g->axes[i].nvalues;
    }
}

json_t *hamm_grid_json(const hamm_grid *g)
{
    json_t *a = json_array();
    int ok = a != NULL;
    for (size_t i = 0; ok && i < g->naxes; i++) {
        const grid_axis *x = &g->axes[i];
        json_t *values = json_array();
        int vok = values != NULL;
        for (size_t v = 0; vok && v < x->nvalues; v++)
            report_append(values, json_string(x->sets[v] + strlen(x->key) + 1), &vok);
        report_append(a, json_pack("{s:s, s:o}", "key", x->key, "values",
                                   report_checked(values, vok)), &ok);
    }
    return report_checked(a, ok);
}

json_t *hamm_grid_point_json(const hamm_grid *g, size_t index)
{
    json_t *o = json_object();
    int ok = o != NULL;
    for (size_t i = g->naxes; ok && i-- > 0;) {
        const grid_axis *x = &g->axes[i];
        const char *set = x->sets[index % x->nvalues];
        index /= x->nvalues;
        report_set(o, x->key, json_string(set + strlen(x->key) + 1), &ok);
    }
    if (!ok)
        return report_checked(o, ok);
    /* built last axis first; objects keep insertion order, so rebuild in axis order */
    json_t *ordered = json_object();
    ok = ordered != NULL;
    for (size_t i = 0; ok && i < g->naxes; i++)
        report_set(ordered, g->axes[i].key, json_incref(json_object_get(o, g->axes[i].key)),
                   &ok);
    json_decref(o);
    return report_checked(ordered, ok);
}
