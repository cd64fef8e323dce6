/* body.c - compiling a kernel's statements into its flat program: instruction groups,
 * memory accesses with their index expressions or random distributions, registers,
 * loops and branches (the format: docs/WORKLOADS.md). */
#include <stdio.h>
#include <string.h>

#include "../common/alloc.h"
#include "compile.h"
#include "dist.h"

enum stmt { S_ALU, S_SFU, S_LOAD, S_STORE, S_SLOAD, S_SSTORE, S_BARRIER, S_LOOP, S_IF,
            S_COUNT };
static const char *const stmt_keys[S_COUNT] = {"alu", "sfu", "load", "store", "shared_load",
                                               "shared_store", "barrier", "loop", "if"};

static hamm_status statement(struct kctx *kc, json_t *s);

static hamm_status new_node(struct kctx *kc, enum wl_kind kind, wl_node **out)
{
    wl_kernel *k = kc->k;
    if (k->nprog >= WL_MAX_NODES)
        return json_read_fail(kc->c, NULL, "a kernel has at most %d statements", WL_MAX_NODES);
    if (hamm_grow((void **)&k->prog, &kc->cap, k->nprog + 1, sizeof *k->prog) < 0)
        return json_read_nomem(kc->c);
    wl_node *n = &k->prog[k->nprog++];
    memset(n, 0, sizeof *n);
    n->kind = kind;
    n->depth = (uint32_t)kc->scope.nloops;
    n->ifdepth = kc->ifdepth;
    n->pc = kc->pc;
    snprintf(n->path, sizeof n->path, "%s", kc->c->path);
    *out = n;
    return HAMM_OK;
}

/* A register by name (created on first use); *reg = its number. */
static hamm_status reg(struct kctx *kc, json_t *v, int write, uint16_t *out)
{
    if (!json_is_string(v) || !workload_is_name(json_string_value(v)) ||
        json_string_length(v) >= WL_NAME)
        return json_read_fail(kc->c, NULL, "a register is a name (letters, digits, _)");
    const char *name = json_string_value(v);
    size_t r;
    for (r = 1; r < kc->nregs && strcmp(kc->regs[r], name) != 0; r++)
        ;
    if (r == kc->nregs) {
        if (r == GPU_MAX_REGS)
            return json_read_fail(kc->c, NULL, "a kernel names at most %d registers",
                                  GPU_MAX_REGS - 1);
        snprintf(kc->regs[r], WL_NAME, "%s", name);
        kc->nregs++;
    }
    if (write)
        kc->written[r] = 1;
    else if (!kc->first_read[r][0])
        snprintf(kc->first_read[r], WL_PATH, "%s", kc->c->path);
    *out = (uint16_t)r;
    return HAMM_OK;
}

/* "dst": one register; "src": one or a list of up to GPU_MAX_SRC. */
static hamm_status regs(struct kctx *kc, json_t *s, wl_node *n)
{
    hamm_status st = HAMM_OK;
    json_t *dst = json_object_get(s, "dst"), *src = json_object_get(s, "src");
    if (dst) {
        size_t o = json_read_key(kc->c, "dst");
        st = reg(kc, dst, 1, &n->dst);
        json_read_pop(kc->c, o);
    }
    if (!src || st != HAMM_OK)
        return st;
    size_t o = json_read_key(kc->c, "src");
    size_t count = json_is_array(src) ? json_array_size(src) : 1;
    if (count == 0 || count > GPU_MAX_SRC)
        st = json_read_fail(kc->c, NULL, "names 1 to %d registers", GPU_MAX_SRC);
    for (size_t i = 0; st == HAMM_OK && i < count; i++) {
        size_t oi = json_is_array(src) ? json_read_index(kc->c, i) : kc->c->plen;
        st = reg(kc, json_is_array(src) ? json_array_get(src, i) : src, 0, &n->src[i]);
        json_read_pop(kc->c, oi);
    }
    json_read_pop(kc->c, o);
    return st;
}

/* An expression: a string, or a non-negative integer. */
static hamm_status expression(struct kctx *kc, json_t *v, const char *key, int allow_tid,
                              expr *out)
{
    size_t o = json_read_key(kc->c, key);
    hamm_status st = HAMM_OK;
    char msg[320];
    kc->scope.allow_tid = allow_tid;
    if (json_is_integer(v))
        expr_const(out, json_integer_value(v));
    else if (!json_is_string(v))
        st = json_read_fail(kc->c, NULL, "expects an expression (a string) or an integer");
    else if (expr_parse(json_string_value(v), &kc->scope, out, msg, sizeof msg) < 0)
        st = json_read_fail(kc->c, NULL, "%s", msg);
    json_read_pop(kc->c, o);
    return st;
}

/* The array named by key `key` of s (v is its value). */
static hamm_status find_array(struct kctx *kc, json_t *v, const char *key, const wl_array **out)
{
    const hamm_workload *wl = kc->wl;
    const char *name = json_string_value(v);
    for (size_t i = 0; name && i < wl->narrays; i++)
        if (strcmp(wl->arrays[i].name, name) == 0) {
            *out = &wl->arrays[i];
            return HAMM_OK;
        }
    char list[160] = "";
    size_t used = 0;
    for (size_t i = 0; i < wl->narrays && used < sizeof list; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "",
                                 wl->arrays[i].name);
    if (!name)
        return json_read_fail(kc->c, key, "expects an array's name (one of %s)", list);
    return json_read_fail(kc->c, key, "unknown array '%.60s' (the arrays are %s)", name, list);
}

/* {"gather": "IDX", "at": POSITION}: the element index array IDX holds at POSITION. */
static hamm_status gather(struct kctx *kc, json_t *idx, wl_node *n)
{
    static const char *const keys[] = {"gather", "at", "note", NULL};
    hamm_status st = json_read_object(kc->c, idx, keys);
    if (st == HAMM_OK)
        st = find_array(kc, json_object_get(idx, "gather"), "gather", &n->via);
    if (st != HAMM_OK)
        return st;
    const wl_array *via = n->via;
    if (!via->has_contents)
        return json_read_fail(kc->c, "gather", "array '%s' has no \"contents\" saying what "
                              "indices it holds", via->name);
    if ((uint64_t)via->contents.hi >= n->array->count)
        return json_read_fail(kc->c, "gather", "index array '%s' holds indices up to %lld, "
                              "beyond the %llu elements of '%s'", via->name,
                              (long long)via->contents.hi, (unsigned long long)n->array->count,
                              n->array->name);
    json_t *at = json_object_get(idx, "at");
    n->index = WL_INDEX_GATHER;
    return at ? expression(kc, at, "at", 1, &n->e) : json_read_fail(kc->c, "at", "is missing");
}

/* {"random": ...}: a draw per thread and iteration, or a gather through an index array. */
static hamm_status index_object(struct kctx *kc, json_t *idx, wl_node *n)
{
    if (json_object_get(idx, "gather"))
        return gather(kc, idx, n);
    n->index = WL_INDEX_RANDOM;
    hamm_status st = dist_read(kc->c, idx, n->array->count - 1, 0, 1, &n->dist);
    json_t *center = json_object_get(idx, "center");
    if (st == HAMM_OK && n->dist.kind == WL_DIST_NEAR)
        st = center ? expression(kc, center, "center", 1, &n->e)
                    : json_read_fail(kc->c, "center", "is missing");
    else if (st == HAMM_OK && center)
        st = json_read_fail(kc->c, "center", "belongs to a \"near\" draw only");
    /* each random access its own stream: the file's seed, its own, where it is */
    int64_t own = (int64_t)n->dist.seed;
    n->dist.seed = workload_random(kc->wl->seed, (uint64_t)kc->kidx << 32 | (kc->k->nprog - 1),
                                   &own, 1);
    return st;
}

static hamm_status global_access(struct kctx *kc, json_t *s, enum stmt kind)
{
    static const char *const keys[] = {"load", "store", "index", "dst", "src", "note", NULL};
    const char *key = stmt_keys[kind];
    wl_node *n;
    hamm_status st = json_read_object(kc->c, s, keys);
    if (st == HAMM_OK)
        st = new_node(kc, WL_INST, &n);
    if (st != HAMM_OK)
        return st;
    n->op = kind == S_LOAD ? GPU_OP_LOAD : GPU_OP_STORE;
    n->repeat = 1;
    kc->pc += 8;
    st = find_array(kc, json_object_get(s, key), key, &n->array);
    if (st == HAMM_OK)
        n->width = n->array->elem;
    json_t *idx = json_object_get(s, "index");
    if (st == HAMM_OK && !idx)
        st = json_read_fail(kc->c, "index", "is missing");
    if (st == HAMM_OK && json_is_object(idx)) {
        size_t o = json_read_key(kc->c, "index");
        st = index_object(kc, idx, n);
        json_read_pop(kc->c, o);
    } else if (st == HAMM_OK) {
        st = expression(kc, idx, "index", 1, &n->e);
    }
    if (st == HAMM_OK && kind == S_STORE && json_object_get(s, "dst"))
        st = json_read_fail(kc->c, "dst", "a store writes no register");
    return st == HAMM_OK ? regs(kc, s, n) : st;
}

static hamm_status shared_access(struct kctx *kc, json_t *s, enum stmt kind)
{
    static const char *const keys[] = {"shared_load", "shared_store", "width", "dst", "src",
                                       "note", NULL};
    wl_node *n;
    uint64_t width = 0;
    hamm_status st = json_read_object(kc->c, s, keys);
    if (st == HAMM_OK)
        st = new_node(kc, WL_INST, &n);
    if (st != HAMM_OK)
        return st;
    n->op = kind == S_SLOAD ? GPU_OP_SHARED_LOAD : GPU_OP_SHARED_STORE;
    n->repeat = 1;
    kc->pc += 8;
    st = json_read_u64(kc->c, s, "width", 0, 1, 16, 4, &width);
    if (st == HAMM_OK && (width & (width - 1)))
        st = json_read_fail(kc->c, "width", "is %llu; expects 1, 2, 4, 8 or 16",
                            (unsigned long long)width);
    n->width = (uint32_t)width;
    if (st == HAMM_OK && kc->k->info.shared_per_cta == 0)
        st = json_read_fail(kc->c, NULL, "the kernel's shared_bytes is 0: set it to the bytes "
                            "of shared memory a CTA uses");
    if (st == HAMM_OK)
        st = expression(kc, json_object_get(s, stmt_keys[kind]), stmt_keys[kind], 1, &n->e);
    if (st == HAMM_OK && kind == S_SSTORE && json_object_get(s, "dst"))
        st = json_read_fail(kc->c, "dst", "a store writes no register");
    return st == HAMM_OK ? regs(kc, s, n) : st;
}

static hamm_status compute(struct kctx *kc, json_t *s, enum stmt kind)
{
    static const char *const keys[] = {"alu", "sfu", "dst", "src", "note", NULL};
    uint64_t count = 0;
    wl_node *n;
    hamm_status st = json_read_object(kc->c, s, keys);
    if (st == HAMM_OK)
        st = json_read_u64(kc->c, s, stmt_keys[kind], 1, 1, WL_MAX_GROUP, 0, &count);
    if (st == HAMM_OK)
        st = new_node(kc, WL_INST, &n);
    if (st != HAMM_OK)
        return st;
    n->op = kind == S_ALU ? GPU_OP_ALU : GPU_OP_SFU;
    n->repeat = (uint32_t)count;
    kc->pc += 8 * count;
    return regs(kc, s, n);
}

static hamm_status barrier(struct kctx *kc, json_t *s)
{
    static const char *const keys[] = {"barrier", "note", NULL};
    wl_node *n;
    hamm_status st = json_read_object(kc->c, s, keys);
    if (st == HAMM_OK && !json_is_true(json_object_get(s, "barrier")))
        st = json_read_fail(kc->c, "barrier", "expects true");
    if (st == HAMM_OK && kc->ifdepth)
        st = json_read_fail(kc->c, "barrier", "a barrier inside an \"if\" would wait for threads "
                            "that never reach it");
    if (st == HAMM_OK)
        st = new_node(kc, WL_INST, &n);
    if (st != HAMM_OK)
        return st;
    n->op = GPU_OP_BARRIER;
    n->repeat = 1;
    kc->pc += 8;
    return HAMM_OK;
}

static hamm_status block(struct kctx *kc, json_t *body, const char *key)
{
    size_t o = key ? json_read_key(kc->c, key) : kc->c->plen;
    hamm_status st = HAMM_OK;
    if (!json_is_array(body) || json_array_size(body) == 0)
        st = json_read_fail(kc->c, NULL, "expects a non-empty array of statements");
    for (size_t i = 0; st == HAMM_OK && i < json_array_size(body); i++) {
        size_t oi = json_read_index(kc->c, i);
        st = statement(kc, json_array_get(body, i));
        json_read_pop(kc->c, oi);
    }
    json_read_pop(kc->c, o);
    return st;
}

/* The head and end markers around a body; the head jumps past the end, the end back. */
static hamm_status wrap(struct kctx *kc, json_t *s, enum wl_kind head, enum wl_kind end,
                        const expr *e)
{
    wl_node *n;
    hamm_status st = new_node(kc, head, &n);
    if (st != HAMM_OK)
        return st;
    size_t at = kc->k->nprog - 1;
    n->e = *e;
    if (head == WL_LOOP) {
        /* the counter runs 0..count-1 (the count is never negative: loop() saw to it) */
        int64_t last = e->range.hi > 0 ? e->range.hi - 1 : 0;
        kc->scope.loop_range[kc->scope.nloops] = (struct expr_range){0, last};
        kc->loops[kc->scope.nloops++] = json_string_value(json_object_get(s, "loop"));
    }
    else
        kc->ifdepth++;
    st = block(kc, json_object_get(s, "body"), "body");
    if (head == WL_LOOP)
        kc->scope.nloops--;
    else
        kc->ifdepth--;
    if (st == HAMM_OK)
        st = new_node(kc, end, &n);
    if (st != HAMM_OK)
        return st;
    n->jump = (uint32_t)at;
    kc->k->prog[at].jump = (uint32_t)(kc->k->nprog - 1);
    return HAMM_OK;
}

static hamm_status loop_name(struct kctx *kc, json_t *v)
{
    const char *name = json_string_value(v);
    if (!name || !workload_is_name(name) || compile_reserved(name))
        return json_read_fail(kc->c, "loop", "names the loop's variable (letters, digits, _; not "
                              "a built-in)");
    for (size_t i = 0; i < kc->scope.nparams; i++)
        if (strcmp(kc->scope.param_names[i], name) == 0)
            return json_read_fail(kc->c, "loop", "'%s' is a param's name", name);
    for (size_t i = 0; i < kc->scope.nloops; i++)
        if (strcmp(kc->loops[i], name) == 0)
            return json_read_fail(kc->c, "loop", "'%s' is an enclosing loop's variable", name);
    if (kc->scope.nloops == EXPR_MAX_LOOPS)
        return json_read_fail(kc->c, "loop", "loops nest at most %d deep", EXPR_MAX_LOOPS);
    return HAMM_OK;
}

/* A loop runs its body 0 or more times: a count that may be negative is a mistake (a
 * bound the wrong way round, a param too small), not a silent "never". */
static hamm_status count_negative(struct kctx *kc, const expr *count)
{
    if (count->range.lo == count->range.hi)
        return json_read_fail(kc->c, "count", "is %lld; a loop runs its body 0 or more times",
                         (long long)count->range.lo);
    return json_read_fail(kc->c, "count", "may be negative: it ranges over %lld..%lld (from the "
                     "ranges of its variables); a loop runs its body 0 or more times (max(..., "
                     "0) says so)", (long long)count->range.lo, (long long)count->range.hi);
}

static hamm_status loop(struct kctx *kc, json_t *s)
{
    static const char *const keys[] = {"loop", "count", "body", "note", NULL};
    expr count;
    hamm_status st = json_read_object(kc->c, s, keys);
    if (st == HAMM_OK)
        st = loop_name(kc, json_object_get(s, "loop"));
    if (st == HAMM_OK && !json_object_get(s, "count"))
        st = json_read_fail(kc->c, "count", "is missing");
    if (st == HAMM_OK)
        st = expression(kc, json_object_get(s, "count"), "count", 0, &count);
    if (st == HAMM_OK && count.range.lo < 0)
        st = count_negative(kc, &count);
    if (st == HAMM_OK && !json_object_get(s, "body"))
        st = json_read_fail(kc->c, "body", "is missing");
    return st == HAMM_OK ? wrap(kc, s, WL_LOOP, WL_LOOP_END, &count) : st;
}

static hamm_status branch(struct kctx *kc, json_t *s)
{
    static const char *const keys[] = {"if", "body", "note", NULL};
    expr cond;
    hamm_status st = json_read_object(kc->c, s, keys);
    if (st == HAMM_OK && kc->ifdepth == WL_MAX_IFS)
        st = json_read_fail(kc->c, "if", "ifs nest at most %d deep", WL_MAX_IFS);
    if (st == HAMM_OK)
        st = expression(kc, json_object_get(s, "if"), "if", 1, &cond);
    if (st == HAMM_OK && !json_object_get(s, "body"))
        st = json_read_fail(kc->c, "body", "is missing");
    return st == HAMM_OK ? wrap(kc, s, WL_IF, WL_IF_END, &cond) : st;
}

static hamm_status statement(struct kctx *kc, json_t *s)
{
    if (!json_is_object(s))
        return json_read_fail(kc->c, NULL, "a statement is an object such as {\"alu\": 4} or "
                              "{\"load\": \"a\", \"index\": \"tid.x\"}");
    int which = -1;
    for (int i = 0; i < S_COUNT; i++) {
        if (!json_object_get(s, stmt_keys[i]))
            continue;
        if (which >= 0)
            return json_read_fail(kc->c, stmt_keys[i], "a statement has one of alu, sfu, load, "
                                  "store, shared_load, shared_store, barrier, loop, if: this one "
                                  "also has \"%s\"", stmt_keys[which]);
        which = i;
    }
    switch (which) {
    case S_ALU: case S_SFU: return compute(kc, s, (enum stmt)which);
    case S_LOAD: case S_STORE: return global_access(kc, s, (enum stmt)which);
    case S_SLOAD: case S_SSTORE: return shared_access(kc, s, (enum stmt)which);
    case S_BARRIER: return barrier(kc, s);
    case S_LOOP: return loop(kc, s);
    case S_IF: return branch(kc, s);
    default:
        return json_read_fail(kc->c, NULL, "a statement has one of alu, sfu, load, store, "
                              "shared_load, shared_store, barrier, loop, if");
    }
}

hamm_status body_compile(struct kctx *kc, json_t *body)
{
    return block(kc, body, "body");
}

hamm_status body_check_regs(struct kctx *kc)
{
    for (size_t r = 1; r < kc->nregs; r++) {
        if (kc->written[r])
            continue;
        json_reader at = *kc->c; /* the error's path is where the register was first read */
        memcpy(at.path, kc->first_read[r], sizeof at.path);
        at.plen = strlen(at.path);
        return json_read_fail(&at, NULL, "register '%s' is read but no instruction of the "
                              "kernel writes it", kc->regs[r]);
    }
    return HAMM_OK;
}
