/* load.c - reading a kernel description: the file, its header (format, name, seed,
 * params, arrays) and each kernel's launch shape; body.c compiles the statements. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/alloc.h"
#include "compile.h"
#include "dist.h"

#define MAX_FILE (16u << 20)
#define MAX_ARRAYS 256
#define MAX_KERNELS 256

struct load {
    json_reader c;
    hamm_workload *wl;
    const char *pnames[EXPR_MAX_PARAMS];
    int64_t pvalues[EXPR_MAX_PARAMS];
    size_t nparams;
};

int compile_reserved(const char *name)
{
    static const char *const reserved[] = {"tid", "ctaid", "ntid", "nctaid", "min", "max"};
    for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
        if (strcmp(name, reserved[i]) == 0)
            return 1;
    return 0;
}

int workload_is_name(const char *s)
{
    if (!isalpha((unsigned char)s[0]) && s[0] != '_')
        return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return 0;
    return 1;
}

static hamm_status read_params(struct load *ld, json_t *params)
{
    static const char *const none[] = {NULL};
    json_reader *c = &ld->c;
    if (!params)
        return HAMM_OK;
    size_t old = json_read_key(c, "params");
    hamm_status st = json_is_object(params) ? HAMM_OK : json_read_object(c, params, none);
    const char *key;
    json_t *v;
    json_object_foreach(params, key, v) {
        if (st != HAMM_OK)
            break;
        if (!workload_is_name(key) || compile_reserved(key))
            st = json_read_fail(c, key, "a param's name is letters, digits and _, not a built-in");
        else if (!json_is_integer(v))
            st = json_read_fail(c, key, "a param is an integer");
        else if (ld->nparams == EXPR_MAX_PARAMS)
            st = json_read_fail(c, key, "at most %d params", EXPR_MAX_PARAMS);
        else {
            ld->pnames[ld->nparams] = key;
            ld->pvalues[ld->nparams++] = json_integer_value(v);
        }
    }
    json_read_pop(c, old);
    return st;
}

/* "contents": what an index array holds, a draw per element (dist.h). */
static hamm_status read_contents(json_reader *c, json_t *obj, const hamm_workload *wl,
                                 wl_array *a)
{
    json_t *v = json_object_get(obj, "contents");
    if (!v)
        return HAMM_OK;
    size_t old = json_read_key(c, "contents");
    hamm_status st = dist_read(c, v, INT64_MAX / 4, 1, 0, &a->contents);
    json_read_pop(c, old);
    int64_t own = (int64_t)a->contents.seed;
    a->contents.seed = workload_random(wl->seed, UINT64_MAX - wl->narrays, &own, 1);
    a->has_contents = 1;
    return st;
}

static hamm_status read_array(json_reader *c, json_t *obj, const char *name, wl_array *a)
{
    static const char *const keys[] = {"base", "elem", "count", "contents", "note", NULL};
    hamm_status st = json_read_object(c, obj, keys);
    uint64_t elem = 0;
    if (!workload_is_name(name) || strlen(name) >= sizeof a->name)
        return json_read_fail(c, NULL, "an array's name is letters, digits and _ (at most %zu)",
                              sizeof a->name - 1);
    snprintf(a->name, sizeof a->name, "%s", name);
    if (st == HAMM_OK)
        st = json_read_u64(c, obj, "base", 1, 0, UINT64_MAX / 2, 0, &a->base);
    if (st == HAMM_OK)
        st = json_read_u64(c, obj, "elem", 1, 1, 16, 0, &elem);
    if (st == HAMM_OK && (elem & (elem - 1)))
        st = json_read_fail(c, "elem", "is %llu; an element is 1, 2, 4, 8 or 16 bytes",
                            (unsigned long long)elem);
    if (st == HAMM_OK)
        st = json_read_u64(c, obj, "count", 1, 1, (UINT64_MAX / 2 - a->base) / (elem ? elem : 1),
                           0, &a->count);
    a->elem = (uint32_t)elem;
    return st;
}

static hamm_status read_arrays(struct load *ld, json_t *arrays)
{
    static const char *const none[] = {NULL};
    json_reader *c = &ld->c;
    size_t old = json_read_key(c, "arrays");
    hamm_status st = json_is_object(arrays) ? HAMM_OK : json_read_object(c, arrays, none);
    if (st == HAMM_OK && json_object_size(arrays) > MAX_ARRAYS)
        st = json_read_fail(c, NULL, "at most %d arrays", MAX_ARRAYS);
    if (st == HAMM_OK) {
        ld->wl->arrays = hamm_calloc_array(json_object_size(arrays), sizeof(wl_array));
        if (!ld->wl->arrays)
            st = json_read_nomem(c);
    }
    const char *key;
    json_t *v;
    json_object_foreach(arrays, key, v) {
        if (st != HAMM_OK)
            break;
        size_t o = json_read_key(c, key);
        wl_array *a = &ld->wl->arrays[ld->wl->narrays];
        st = read_array(c, v, key, a);
        if (st == HAMM_OK)
            st = read_contents(c, v, ld->wl, a);
        ld->wl->narrays++;
        json_read_pop(c, o);
    }
    json_read_pop(c, old);
    return st;
}

/* A count fixed before any thread runs: an integer, or a string holding a number or an
 * expression of numbers and params ("DIGITS", "N / 256"). */
static hamm_status read_const(struct load *ld, json_t *v, uint64_t min, uint64_t max,
                              uint64_t *out)
{
    struct expr_scope scope = {{0, 0, 0}, {0, 0, 0}, ld->pnames, ld->pvalues, ld->nparams,
                               NULL, 0, 0, 1, {{0, 0}}};
    const char *s = json_string_value(v);
    if (!s || (*s >= '0' && *s <= '9' && !strpbrk(s, " +-*/%()<>&|^")))
        return json_read_u64_value(&ld->c, v, min, max, out);
    expr e;
    char msg[200];
    int64_t x = 0;
    if (expr_parse(s, &scope, &e, msg, sizeof msg) < 0)
        return json_read_fail(&ld->c, NULL, "%s", msg);
    if (!expr_is_const(&e, &x) || x < 0 || (uint64_t)x < min || (uint64_t)x > max)
        return json_read_fail(&ld->c, NULL, "\"%.40s\" is %lld; expects %llu..%llu", s,
                              (long long)x, (unsigned long long)min, (unsigned long long)max);
    *out = (uint64_t)x;
    return HAMM_OK;
}

/* "grid" and "block": a count (x) or [x], [x, y], [x, y, z]. */
static hamm_status read_dims(struct load *ld, json_t *k, const char *key, uint64_t max_each,
                             uint32_t dims[3])
{
    json_reader *c = &ld->c;
    json_t *v = json_object_get(k, key);
    if (!v)
        return json_read_fail(c, key, "is missing");
    size_t old = json_read_key(c, key);
    hamm_status st = HAMM_OK;
    dims[0] = dims[1] = dims[2] = 1;
    if (json_is_array(v) && (json_array_size(v) < 1 || json_array_size(v) > 3))
        st = json_read_fail(c, NULL, "expects [x], [x, y] or [x, y, z]");
    for (size_t i = 0; st == HAMM_OK && i < (json_is_array(v) ? json_array_size(v) : 1); i++) {
        uint64_t d = 0;
        size_t o = json_is_array(v) ? json_read_index(c, i) : c->plen;
        st = read_const(ld, json_is_array(v) ? json_array_get(v, i) : v, 1, max_each, &d);
        json_read_pop(c, o);
        dims[i] = (uint32_t)d;
    }
    json_read_pop(c, old);
    return st;
}

static hamm_status read_shape(struct load *ld, json_t *obj, wl_kernel *k)
{
    json_reader *c = &ld->c;
    static const char *const keys[] = {"name", "grid", "block", "regs_per_thread",
                                       "shared_bytes", "body", "note", NULL};
    gpu_kernel_info *in = &k->info;
    uint64_t regs = 0, shared = 0;
    hamm_status st = json_read_object(c, obj, keys);
    if (st == HAMM_OK)
        st = json_read_strbuf(c, obj, "name", 1, in->name, sizeof in->name, NULL);
    if (st == HAMM_OK)
        st = read_dims(ld, obj, "grid", INT32_MAX, in->grid);
    if (st == HAMM_OK)
        st = read_dims(ld, obj, "block", WL_MAX_THREADS, in->block);
    k->threads = in->block[0] * in->block[1] * in->block[2]; /* each <= 1024: no overflow */
    if (st == HAMM_OK && k->threads > WL_MAX_THREADS)
        st = json_read_fail(c, "block", "is %u threads; a CTA has at most %d", k->threads,
                            WL_MAX_THREADS);
    if (st == HAMM_OK)
        st = json_read_u64(c, obj, "regs_per_thread", 0, 1, GPU_MAX_REGS - 1, 16, &regs);
    if (st == HAMM_OK)
        st = json_read_u64(c, obj, "shared_bytes", 0, 0, 1u << 20, 0, &shared);
    in->regs_per_thread = (uint32_t)regs;
    in->shared_per_cta = (uint32_t)shared;
    k->ctas = gpu_kernel_ctas(in);
    k->warps = gpu_kernel_warps_per_cta(in);
    if (st == HAMM_OK && k->ctas > UINT32_MAX)
        st = json_read_fail(c, "grid", "is %llu CTAs; at most %u", (unsigned long long)k->ctas,
                            UINT32_MAX);
    return st;
}

static hamm_status read_kernel(struct load *ld, json_t *obj, size_t i)
{
    json_reader *c = &ld->c;
    wl_kernel *k = &ld->wl->kernels[i];
    k->owner = ld->wl;
    snprintf(k->path, sizeof k->path, "%s", c->path);
    hamm_status st = read_shape(ld, obj, k);
    if (st != HAMM_OK)
        return st;
    struct kctx *kc = hamm_calloc_array(1, sizeof *kc);
    if (!kc)
        return json_read_nomem(c);
    *kc = (struct kctx){.c = c, .wl = ld->wl, .k = k, .kidx = i, .nregs = 1};
    kc->scope = (struct expr_scope){{k->info.block[0], k->info.block[1], k->info.block[2]},
                                    {k->info.grid[0], k->info.grid[1], k->info.grid[2]},
                                    ld->pnames, ld->pvalues, ld->nparams, kc->loops, 0, 1, 0,
                                    {{0, 0}}};
    json_t *body = json_object_get(obj, "body");
    st = body ? body_compile(kc, body) : json_read_fail(c, "body", "is missing");
    if (st == HAMM_OK)
        st = body_check_regs(kc);
    if (st == HAMM_OK)
        pattern_analyze(k);
    free(kc);
    return st;
}

static hamm_status read_kernels(struct load *ld, json_t *kernels)
{
    json_reader *c = &ld->c;
    size_t old = json_read_key(c, "kernels");
    size_t n = json_array_size(kernels);
    hamm_status st = HAMM_OK;
    if (!json_is_array(kernels) || n == 0 || n > MAX_KERNELS)
        st = json_read_fail(c, NULL, "expects an array of 1 to %d kernels", MAX_KERNELS);
    if (st == HAMM_OK && !(ld->wl->kernels = hamm_calloc_array(n, sizeof(wl_kernel))))
        st = json_read_nomem(c);
    for (size_t i = 0; st == HAMM_OK && i < n; i++) {
        size_t o = json_read_index(c, i);
        ld->wl->nkernels = i + 1; /* so free releases what was compiled */
        st = read_kernel(ld, json_array_get(kernels, i), i);
        json_read_pop(c, o);
    }
    json_read_pop(c, old);
    return st;
}

static hamm_status read_root(struct load *ld, json_t *root)
{
    static const char *const keys[] = {"format", "name", "description", "seed", "params",
                                       "arrays", "kernels", "note", NULL};
    json_reader *c = &ld->c;
    char format[32], desc[4096];
    hamm_status st = json_read_object(c, root, keys);
    if (st == HAMM_OK)
        st = json_read_strbuf(c, root, "format", 1, format, sizeof format, NULL);
    if (st == HAMM_OK && strcmp(format, HAMM_WORKLOAD_FORMAT) != 0)
        st = json_read_fail(c, "format", "is \"%s\"; this reader knows \"%s\"", format,
                            HAMM_WORKLOAD_FORMAT);
    if (st == HAMM_OK)
        st = json_read_strbuf(c, root, "name", 1, ld->wl->name, sizeof ld->wl->name, NULL);
    if (st == HAMM_OK)
        st = json_read_strbuf(c, root, "description", 0, desc, sizeof desc, NULL);
    if (st == HAMM_OK)
        st = json_read_u64(c, root, "seed", 0, 0, UINT64_MAX, 1, &ld->wl->seed);
    if (st == HAMM_OK)
        st = read_params(ld, json_object_get(root, "params"));
    if (st == HAMM_OK && !json_object_get(root, "arrays"))
        st = json_read_fail(c, "arrays", "is missing");
    if (st == HAMM_OK)
        st = read_arrays(ld, json_object_get(root, "arrays"));
    if (st == HAMM_OK && !json_object_get(root, "kernels"))
        st = json_read_fail(c, "kernels", "is missing");
    if (st == HAMM_OK)
        st = read_kernels(ld, json_object_get(root, "kernels"));
    return st;
}

hamm_status hamm_workload_parse(const char *text, size_t len, const char *source,
                                hamm_workload **out, hamm_error *err)
{
    if (!text || !out)
        return hamm_error_set(err, HAMM_ERR_ARG, "hamm_workload_parse: NULL argument");
    *out = NULL;
    source = source ? source : "-";
    json_t *root = NULL;
    hamm_status st = json_parse_text(text, len, source, &root, err);
    struct load ld = {.wl = NULL};
    json_reader_init(&ld.c, source, err);
    ld.c.text = text;
    ld.c.len = len;
    if (st == HAMM_OK && !(ld.wl = hamm_calloc_array(1, sizeof *ld.wl)))
        st = hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(source), NULL, "out of memory");
    if (st == HAMM_OK) {
        snprintf(ld.wl->source, sizeof ld.wl->source, "%s", source);
        st = read_root(&ld, root);
    }
    if (st == HAMM_OK && !(ld.wl->text = malloc(len ? len : 1)))
        st = hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(source), NULL, "out of memory");
    if (st == HAMM_OK) {
        memcpy(ld.wl->text, text, len);
        ld.wl->len = len;
    }
    json_decref(root);
    if (st != HAMM_OK) {
        hamm_workload_free(ld.wl);
        return st;
    }
    *out = ld.wl;
    return HAMM_OK;
}

hamm_status hamm_workload_open(const char *path, hamm_workload **out, hamm_error *err)
{
    if (!path || !out)
        return hamm_error_set(err, HAMM_ERR_ARG, "hamm_workload_open: NULL argument");
    *out = NULL;
    FILE *f = fopen(path, "rb");
    if (!f)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(path), NULL, "cannot open: %s",
                             strerror(errno));
    char *text = malloc(MAX_FILE + 1);
    size_t len = text ? fread(text, 1, MAX_FILE + 1, f) : 0;
    int bad = ferror(f);
    fclose(f);
    hamm_status st;
    if (!text)
        st = hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(path), NULL, "out of memory");
    else if (bad)
        st = hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(path), NULL, "read error");
    else if (len > MAX_FILE)
        st = hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(path), NULL,
                           "larger than %u MiB: not a hand-written kernel description",
                           MAX_FILE >> 20);
    else
        st = hamm_workload_parse(text, len, path, out, err);
    free(text);
    return st;
}

void hamm_workload_free(hamm_workload *wl)
{
    if (!wl)
        return;
    for (size_t i = 0; i < wl->nkernels; i++)
        free(wl->kernels[i].prog);
    free(wl->kernels);
    free(wl->arrays);
    free(wl->text);
    free(wl);
}

const char *hamm_workload_name(const hamm_workload *wl)
{
    return wl->name;
}

size_t hamm_workload_kernels(const hamm_workload *wl)
{
    return wl->nkernels;
}

const char *hamm_workload_kernel_name(const hamm_workload *wl, size_t k)
{
    return k < wl->nkernels ? wl->kernels[k].info.name : NULL;
}
