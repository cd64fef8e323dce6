/* grid.c - a sweep's parameter grid: axes KEY=V1,V2,... and their cross product, the last
 * axis varying fastest (like nested loops written in command-line order).  An axis may
 * carry linked keys that change with it, value for value (chips_per_channel with the
 * address_map each chip count needs), instead of multiplying the points. */
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
    struct grid_axis *links; /* keys set with this one, value for value (no links of their own) */
    size_t nlinks;
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
    for (size_t i = 0; i < a->nlinks; i++)
        axis_free(&a->links[i]);
    free(a->links);
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

/* Whether `key` (klen bytes) names an axis or a linked key already. */
static int key_used(const hamm_grid *g, const char *key, size_t klen)
{
    for (size_t i = 0; i < g->naxes; i++) {
        const grid_axis *a = &g->axes[i];
        if (strlen(a->key) == klen && strncmp(a->key, key, klen) == 0)
            return 1;
        for (size_t k = 0; k < a->nlinks; k++)
            if (strlen(a->links[k].key) == klen && strncmp(a->links[k].key, key, klen) == 0)
                return 1;
    }
    return 0;
}

/* Parse "KEY=V1,V2,..." into a fresh axis. */
static hamm_status parse_axis(const hamm_grid *g, const char *spec, grid_axis *a,
                              hamm_error *err)
{
    memset(a, 0, sizeof *a);
    const char *eq = strchr(spec, '=');
    if (!eq || eq == spec)
        return grid_fail(err, spec, "expects KEY=V1,V2,... (e.g. queue_size=8,16,32)");
    if (key_used(g, spec, (size_t)(eq - spec)))
        return grid_fail(err, spec, "the key has an axis already");
    hamm_status st = (a->key = malloc((size_t)(eq - spec) + 1))
                         ? split_values(a, spec, eq, err)
                         : hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    if (a->key) {
        memcpy(a->key, spec, (size_t)(eq - spec));
        a->key[eq - spec] = '\0';
    }
    if (st != HAMM_OK)
        axis_free(a);
    return st;
}

hamm_status hamm_grid_add(hamm_grid *g, const char *spec, hamm_error *err)
{
    if (g->naxes == HAMM_GRID_MAX_AXES)
        return grid_fail(err, spec, "too many axes");
    if (hamm_grow((void **)&g->axes, &g->cap, g->naxes + 1, sizeof *g->axes) != 0)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    grid_axis a;
    hamm_status st = parse_axis(g, spec, &a, err);
    if (st == HAMM_OK)
        g->axes[g->naxes++] = a;
    return st;
}

hamm_status hamm_grid_link(hamm_grid *g, const char *spec, hamm_error *err)
{
    if (g->naxes == 0)
        return grid_fail(err, spec, "a linked key follows the axis it goes with (--grid first)");
    grid_axis *axis = &g->axes[g->naxes - 1], a;
    if (axis->nlinks == 15)
        return grid_fail(err, spec, "too many keys linked to one axis");
    hamm_status st = parse_axis(g, spec, &a, err);
    if (st != HAMM_OK)
        return st;
    if (a.nvalues != axis->nvalues) {
        axis_free(&a);
        return hamm_error_at(err, HAMM_ERR_ARG, HAMM_IN("--with"), spec,
                             "has %zu values where its axis %s has %zu", a.nvalues, axis->key,
                             axis->nvalues);
    }
    grid_axis *links = realloc(axis->links, (axis->nlinks + 1) * sizeof *links);
    if (!links) {
        axis_free(&a);
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    }
    axis->links = links;
    axis->links[axis->nlinks++] = a;
    return HAMM_OK;
}

size_t hamm_grid_keys(const hamm_grid *g)
{
    size_t n = 0;
    for (size_t i = 0; i < g->naxes; i++)
        n += 1 + g->axes[i].nlinks;
    return n;
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

/* The value index of every axis at point `index`, into at[naxes]. */
static void point_values(const hamm_grid *g, size_t index, size_t *at)
{
    for (size_t i = g->naxes; i-- > 0;) {
        at[i] = index % g->axes[i].nvalues;
        index /= g->axes[i].nvalues;
    }
}

void hamm_grid_point(const hamm_grid *g, size_t index, const char **sets)
{
    size_t at[HAMM_GRID_MAX_AXES], n = 0;
    point_values(g, index, at);
    for (size_t i = 0; i < g->naxes; i++) {
        sets[n++] = g->axes[i].sets[at[i]];
        for (size_t k = 0; k < g->axes[i].nlinks; k++)
            sets[n++] = g->axes[i].links[k].sets[at[i]];
    }
}

static json_t *axis_json(const grid_axis *x)
{
    json_t *values = json_array();
    int ok = values != NULL;
    for (size_t v = 0; ok && v < x->nvalues; v++)
        report_append(values, json_string(x->sets[v] + strlen(x->key) + 1), &ok);
    json_t *o = json_pack("{s:s, s:o}", "key", x->key, "values", report_checked(values, ok));
    if (!o || x->nlinks == 0)
        return o;
    json_t *with = json_array();
    ok = with != NULL;
    for (size_t k = 0; ok && k < x->nlinks; k++)
        report_append(with, axis_json(&x->links[k]), &ok);
    int set_ok = 1;
    report_set(o, "with", report_checked(with, ok), &set_ok);
    return report_checked(o, ok && set_ok);
}

json_t *hamm_grid_json(const hamm_grid *g)
{
    json_t *a = json_array();
    int ok = a != NULL;
    for (size_t i = 0; ok && i < g->naxes; i++)
        report_append(a, axis_json(&g->axes[i]), &ok);
    return report_checked(a, ok);
}

json_t *hamm_grid_point_json(const hamm_grid *g, size_t index)
{
    size_t at[HAMM_GRID_MAX_AXES];
    point_values(g, index, at);
    json_t *o = json_object();
    int ok = o != NULL;
    for (size_t i = 0; ok && i < g->naxes; i++) {
        const grid_axis *x = &g->axes[i];
        report_set(o, x->key, json_string(x->sets[at[i]] + strlen(x->key) + 1), &ok);
        for (size_t k = 0; ok && k < x->nlinks; k++)
            report_set(o, x->links[k].key,
                       json_string(x->links[k].sets[at[i]] + strlen(x->links[k].key) + 1), &ok);
    }
    return report_checked(o, ok);
}
