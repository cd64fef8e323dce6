/* stream.c - a kernel description as a kernel source (gpu/kernel.h): each warp walks its
 * kernel's flat program with a program counter, its loops' counters and a stack of
 * branch masks, so its state is the same few words however long the kernel runs, and
 * addresses are computed per lane as the instruction is handed out. */
#include <stdlib.h>
#include <string.h>

#include "../common/alloc.h"
#include "common/json_read.h"
#include "dist.h"
#include "workload_internal.h"

struct wl_warp {
    uint32_t pc;                       /* the program node it is at */
    uint32_t rep;                      /* instructions of that node's group handed out */
    uint32_t mask[WL_MAX_IFS + 1];     /* lanes running at each branch depth; [0]: the
                                          lanes that hold threads */
    int64_t iter[EXPR_MAX_LOOPS];      /* each enclosing loop's counter */
    int64_t count[EXPR_MAX_LOOPS];     /* and its trip count */
};

struct gpu_cta {
    uint64_t id;
    uint32_t ctaid[3];
    uint32_t nwarps;
    struct wl_warp warp[];
};

static const gpu_kernel_info *info(void *self)
{
    return &((const wl_kernel *)self)->info;
}

static hamm_status open_cta(void *self, uint64_t id, gpu_cta **out, hamm_error *err)
{
    const wl_kernel *k = self;
    *out = NULL;
    if (id >= k->ctas)
        return hamm_error_at(err, HAMM_ERR_ARG, HAMM_IN(k->owner->source), k->path,
                             "CTA %llu asked of a kernel of %llu", (unsigned long long)id,
                             (unsigned long long)k->ctas);
    gpu_cta *c = hamm_calloc_array(1, sizeof *c + (size_t)k->warps * sizeof c->warp[0]);
    if (!c)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    c->id = id;
    c->ctaid[0] = (uint32_t)(id % k->info.grid[0]);
    c->ctaid[1] = (uint32_t)(id / k->info.grid[0] % k->info.grid[1]);
    c->ctaid[2] = (uint32_t)(id / k->info.grid[0] / k->info.grid[1]);
    c->nwarps = k->warps;
    for (uint32_t w = 0; w < k->warps; w++) {
        uint32_t first = w * GPU_WARP_SIZE, left = k->threads - first;
        c->warp[w].mask[0] = left >= GPU_WARP_SIZE ? UINT32_MAX : (1u << left) - 1;
    }
    *out = c;
    return HAMM_OK;
}

static void close_cta(void *self, gpu_cta *cta)
{
    (void)self;
    free(cta);
}

/* The variables of lane `lane` of warp w (the loop counters are already in env). */
static void set_thread(const wl_kernel *k, uint32_t w, uint32_t lane, int64_t *env)
{
    uint32_t t = w * GPU_WARP_SIZE + lane, bx = k->info.block[0], by = k->info.block[1];
    env[EXPR_TID_X] = t % bx;
    env[EXPR_TID_Y] = t / bx % by;
    env[EXPR_TID_Z] = t / bx / by;
}

/* Where statement n is, as an error position: the file and the statement's line. */
static hamm_pos where(const wl_kernel *k, const char *path)
{
    const hamm_workload *wl = k->owner;
    return HAMM_AT_LINE(wl->source, json_locate_line(wl->text, wl->len, path));
}

static hamm_status fail(const wl_kernel *k, const wl_node *n, const gpu_cta *c, uint32_t t,
                        hamm_error *err, const char *what, long long v, unsigned long long max)
{
    return hamm_error_at(err, HAMM_ERR_CONFIG, where(k, n->path), n->path,
                         "%s %lld is outside 0..%llu (CTA %llu, thread %u)", what, v, max,
                         (unsigned long long)c->id, t);
}

/* Lane's element index of a global access in *out; -1 when a gather's position (then in
 * *out) lies outside its index array. */
static int index_of(const wl_kernel *k, const wl_node *n, const gpu_cta *c,
                    const struct wl_warp *wp, uint32_t t, const int64_t *env, int64_t *out)
{
    int64_t v = expr_eval(&n->e, env);
    *out = v;
    switch (n->index) {
    case WL_INDEX_EXPR:
        return 0;
    case WL_INDEX_RANDOM:
        *out = dist_draw(&n->dist, workload_random(n->dist.seed, c->id * k->threads + t,
                                                   wp->iter, n->depth), v);
        return 0;
    case WL_INDEX_GATHER:
        if (v < 0 || (uint64_t)v >= n->via->count)
            return -1;
        /* the element an index array holds depends on its position alone */
        *out = dist_draw(&n->via->contents,
                         workload_random(n->via->contents.seed, (uint64_t)v, NULL, 0), v);
        return 0;
    }
    return 0;
}

/* The per-lane addresses of a memory instruction. */
static hamm_status addresses(const wl_kernel *k, const wl_node *n, const gpu_cta *c,
                             uint32_t w, const struct wl_warp *wp, int64_t *env, gpu_inst *out,
                             hamm_error *err)
{
    int global = n->op == GPU_OP_LOAD || n->op == GPU_OP_STORE;
    for (uint32_t lane = 0; lane < GPU_WARP_SIZE; lane++) {
        if (!(out->active >> lane & 1))
            continue;
        uint32_t t = w * GPU_WARP_SIZE + lane;
        set_thread(k, w, lane, env);
        if (global) {
            int64_t i;
            if (index_of(k, n, c, wp, t, env, &i) < 0)
                return fail(k, n, c, t, err, "gather position", i, n->via->count - 1);
            if (i < 0 || (uint64_t)i >= n->array->count)
                return fail(k, n, c, t, err, "index", i, n->array->count - 1);
            out->addr[lane] = n->array->base + (uint64_t)i * n->array->elem;
        } else {
            int64_t off = expr_eval(&n->e, env);
            uint64_t size = k->info.shared_per_cta;
            if (off < 0 || (uint64_t)off + n->width > size)
                return fail(k, n, c, t, err, "shared byte offset", off, size - n->width);
            out->addr[lane] = (uint64_t)off;
        }
    }
    return HAMM_OK;
}

static hamm_status emit(const wl_kernel *k, const wl_node *n, gpu_cta *c, uint32_t w,
                        int64_t *env, gpu_inst *out, hamm_error *err)
{
    struct wl_warp *wp = &c->warp[w];
    memset(out, 0, sizeof *out);
    out->op = n->op;
    out->active = wp->mask[n->ifdepth];
    out->pc = n->pc + 8u * wp->rep;
    /* a group's registers: the first reads its sources, the last writes its result */
    if (wp->rep == 0)
        memcpy(out->src, n->src, sizeof out->src);
    if (wp->rep + 1 == n->repeat)
        out->dst = n->dst;
    hamm_status st = HAMM_OK;
    switch (n->op) {
    case GPU_OP_LOAD: case GPU_OP_STORE: case GPU_OP_SHARED_LOAD: case GPU_OP_SHARED_STORE:
        out->width = n->width;
        st = addresses(k, n, c, w, wp, env, out, err);
        break;
    case GPU_OP_ALU: case GPU_OP_SFU: case GPU_OP_BARRIER: case GPU_OP_EXIT:
        break;
    }
    if (++wp->rep == n->repeat) {
        wp->rep = 0;
        wp->pc++;
    }
    return st;
}

/* Lanes of the current mask for which the branch condition holds. */
static uint32_t taken(const wl_kernel *k, const wl_node *n, const struct wl_warp *wp,
                      uint32_t w, int64_t *env)
{
    uint32_t in = wp->mask[n->ifdepth], m = 0;
    for (uint32_t lane = 0; lane < GPU_WARP_SIZE; lane++) {
        if (!(in >> lane & 1))
            continue;
        set_thread(k, w, lane, env);
        if (expr_eval(&n->e, env))
            m |= 1u << lane;
    }
    return m;
}

/* Control steps with no instruction between them before a warp is deemed stuck (a loop
 * of millions of iterations whose body no lane enters). */
#define MAX_IDLE_STEPS (1u << 24)

/* Step over control nodes until an instruction (or the end). */
static hamm_status control(const wl_kernel *k, struct wl_warp *wp, uint32_t w, int64_t *env,
                           hamm_error *err)
{
    for (uint32_t steps = 0; wp->pc < k->nprog; steps++) {
        if (steps == MAX_IDLE_STEPS)
            return hamm_error_at(err, HAMM_ERR_CONFIG, where(k, k->prog[wp->pc].path),
                                 k->prog[wp->pc].path, "%u loop and branch steps and no "
                                 "instruction: a loop whose body no thread runs?",
                                 MAX_IDLE_STEPS);
        const wl_node *n = &k->prog[wp->pc];
        uint32_t d = n->depth, m;
        switch (n->kind) {
        case WL_INST:
            return HAMM_OK;
        case WL_LOOP:
            wp->count[d] = expr_eval(&n->e, env); /* uses no tid: the parser saw to it */
            wp->iter[d] = 0;
            env[EXPR_LOOP0 + d] = 0;
            wp->pc = wp->count[d] > 0 ? wp->pc + 1 : n->jump + 1;
            break;
        case WL_LOOP_END:
            env[EXPR_LOOP0 + d] = ++wp->iter[d];
            wp->pc = wp->iter[d] < wp->count[d] ? n->jump + 1 : wp->pc + 1;
            break;
        case WL_IF:
            m = taken(k, n, wp, w, env);
            wp->mask[n->ifdepth + 1] = m;
            wp->pc = m ? wp->pc + 1 : n->jump + 1;
            break;
        case WL_IF_END:
            wp->pc++;
            break;
        }
    }
    return HAMM_OK;
}

static hamm_status next(void *self, gpu_cta *c, uint32_t w, gpu_inst *out, int *has,
                        hamm_error *err)
{
    const wl_kernel *k = self;
    *has = 0;
    if (!c || w >= c->nwarps)
        return hamm_error_set(err, HAMM_ERR_ARG, "warp %u asked of a CTA of %u warps", w,
                              c ? c->nwarps : 0);
    struct wl_warp *wp = &c->warp[w];
    int64_t env[EXPR_ENV_SIZE] = {0};
    for (int a = 0; a < 3; a++)
        env[EXPR_CTAID_X + a] = c->ctaid[a];
    for (uint32_t d = 0; d < EXPR_MAX_LOOPS; d++)
        env[EXPR_LOOP0 + d] = wp->iter[d];
    hamm_status st = control(k, wp, w, env, err);
    if (st != HAMM_OK || wp->pc >= k->nprog)
        return st;
    *has = 1;
    return emit(k, &k->prog[wp->pc], c, w, env, out, err);
}

void workload_source(const hamm_workload *wl, size_t k, gpu_kernel_source *out)
{
    out->self = (void *)&wl->kernels[k];
    out->info = info;
    out->open_cta = open_cta;
    out->next = next;
    out->close_cta = close_cta;
    out->pattern = pattern_of;
}
