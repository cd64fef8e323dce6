/* pattern.c - what the Gou thesis' compile-time and launch-time access pattern analyzer
 * (seed 001, section 6.3.2) would know of each global load of a kernel description: e,
 * the bytes between neighbouring threads along x, and d, between neighbouring CTAs along
 * x, when the load's index is affine in tid.x and ctaid.x with slopes that no other index
 * (tid.y, tid.z, ctaid.y, ctaid.z, loop counters) changes.  A random index, a gather, or
 * an index not affine along x is an analysis failure (the thesis' AF), and gets the
 * minimal granularity.  Found by evaluating the index over a whole CTA row of threads in
 * two settings of the other indices, once when the description is loaded. */
#include "workload_internal.h"

/* The index at thread x of CTA cx, the other indices all `other`. */
static int64_t at(const wl_node *n, int64_t x, int64_t cx, int64_t other)
{
    int64_t env[EXPR_ENV_SIZE];
    for (int i = 0; i < EXPR_ENV_SIZE; i++)
        env[i] = other;
    env[EXPR_TID_X] = x;
    env[EXPR_CTAID_X] = cx;
    return expr_eval(&n->e, env);
}

/* Differences and multiples through uint64_t: the points above may lie outside the
 * ranges the parse proved free of overflow (a CTA 2 of a grid of 1), where the index can
 * be any 64-bit value. */
static int64_t minus(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }
static int64_t times(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }

/* Slopes along x in one setting of the other indices; 0 when not affine. */
static int slopes(const wl_node *n, uint32_t block_x, int64_t other, int64_t *e, int64_t *d)
{
    int64_t f0 = at(n, 0, 0, other);
    *e = minus(at(n, 1, 0, other), f0);
    *d = minus(at(n, 0, 1, other), f0);
    if (minus(at(n, 0, 2, other), f0) != times(2, *d))
        return 0;
    for (uint32_t t = 2; t < block_x; t++)
        if (minus(at(n, t, 0, other), f0) != times(t, *e) ||
            minus(minus(at(n, t, 1, other), f0), *d) != times(t, *e))
            return 0;
    return 1;
}

static void analyze_node(wl_node *n, uint32_t block_x)
{
    int64_t e0, d0, e1, d1;
    n->has_pattern = 0;
    if (n->kind != WL_INST || n->op != GPU_OP_LOAD || n->index != WL_INDEX_EXPR)
        return;
    if (!slopes(n, block_x, 0, &e0, &d0) || !slopes(n, block_x, 1, &e1, &d1) || e0 != e1 ||
        d0 != d1)
        return;
    int64_t elem = (int64_t)n->array->elem, e_bytes, d_bytes;
    if (__builtin_mul_overflow(e0, elem, &e_bytes) || __builtin_mul_overflow(d0, elem, &d_bytes))
        return; /* no address moves that far: not an affine index the analyzer knows */
    n->pattern = (gpu_access_pattern){.e = e_bytes, .d = d_bytes, .data_size = n->array->elem};
    n->has_pattern = 1;
}

void pattern_analyze(wl_kernel *k)
{
    for (size_t i = 0; i < k->nprog; i++)
        analyze_node(&k->prog[i], k->info.block[0]);
}

int pattern_of(void *self, uint64_t pc, gpu_access_pattern *out)
{
    const wl_kernel *k = self;
    for (size_t i = 0; i < k->nprog; i++) {
        const wl_node *n = &k->prog[i];
        if (n->kind == WL_INST && n->pc == pc) {
            *out = n->pattern;
            return n->has_pattern;
        }
    }
    return 0;
}
