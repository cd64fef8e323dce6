/* experiment.c - hamm_experiment_run: every run of one of a suite's experiments (each x
 * value x workload x configuration) on the GPU engine, on worker threads, keeping one
 * number per run (the measure), then the hamm-experiment/1 document (experiment_json.c).
 * Memory is the runs' numbers plus one GPU per worker. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "experiment_internal.h"
#include "hamm/gpu.h"
#include "hamm/report.h"
#include "hamm/workload.h"

/* What the workers share. */
typedef struct xpool {
    const hamm_suite *s;
    size_t index; /* the experiment's */
    const hamm_validate_options *o;
    hamm_gpu_model **gpu; /* per configuration (and x value, when the x axis is a GPU
                             model key): its GPU model, overlay and overrides applied */
    size_t gpu_points;    /* suite_experiment_gpu_points */
    double *values;    /* [nruns], run r = (k * workloads + w) * configs + c */
    size_t nruns, next, done, failed; /* failed: the first run that failed (nruns: none) */
    hamm_error err;                   /* its error */
    pthread_mutex_t lock;
} xpool;

/* The number at a dotted path ("total.ipc") of a hamm-gpu/1 document; NULL if none. */
static const json_t *at_path(const json_t *doc, const char *path)
{
    char key[128];
    while (doc && *path) {
        size_t n = strcspn(path, ".");
        snprintf(key, sizeof key, "%.*s", (int)(n < sizeof key ? n : sizeof key - 1), path);
        doc = json_object_get(doc, key);
        path += n + (path[n] == '.');
    }
    return json_is_number(doc) ? doc : NULL;
}

/* The measure of a finished GPU, read from its hamm-gpu/1 document as `hamm simulate
 * --workload --json` writes it, so the two always agree. */
static hamm_status measure(const xpool *p, const hamm_gpu *g, const hamm_system_config *cfg,
                           size_t w, size_t kernels, double *value, hamm_error *err)
{
    const suite_experiment *x = &p->s->experiments[p->index];
    /* only the measure is read: the inputs' identities are not needed */
    hamm_report_gpu_input in = {.workload = x->workload_paths[w], .kernels = kernels,
                                .system = cfg};
    char *text = hamm_report_gpu_json(g, &in);
    json_t *doc = text ? json_loads(text, 0, NULL) : NULL;
    free(text);
    if (!doc)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    const json_t *v = at_path(doc, x->measure);
    if (v)
        *value = json_number_value(v);
    json_decref(doc);
    if (v)
        return HAMM_OK;
    char field[96];
    snprintf(field, sizeof field, "experiments[%zu].measure", p->index);
    return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(p->s->path), field,
                         "the hamm-gpu/1 result has no number at '%s' (docs/JSON.md lists "
                         "its fields)", x->measure);
}

/* Which experiment, workload, configuration and x value an error belongs to. */
static void blame(const xpool *p, size_t r, hamm_error *err)
{
    const suite_experiment *x = &p->s->experiments[p->index];
    size_t c = r % x->nconfigs, w = r / x->nconfigs % x->nworkloads;
    size_t k = r / x->nconfigs / x->nworkloads;
    suite_hide_named(p->s, err);
    char text[2048], at[160] = "";
    if (x->x_key)
        snprintf(at, sizeof at, ", %.60s=%.60s", x->x_key, x->x_values[k]);
    int n = snprintf(text, sizeof text, "%s (suite %s, experiments[%zu] '%s', workload %s, "
                     "configuration '%s'%s)", err->text, p->s->path, p->index, x->name,
                     x->workload_names[w], x->configs[c].label, at);
    size_t len = n < 0 ? 0 : (size_t)n < sizeof err->text ? (size_t)n : sizeof err->text - 1;
    memcpy(err->text, text, len);
    err->text[len] = '\0';
}

static hamm_status run_one(const xpool *p, size_t r, double *value, hamm_error *err)
{
    const suite_experiment *x = &p->s->experiments[p->index];
    size_t c = r % x->nconfigs, w = r / x->nconfigs % x->nworkloads;
    size_t k = r / x->nconfigs / x->nworkloads, kernels = 0;
    hamm_system_config cfg;
    hamm_gpu *g = NULL;
    hamm_status st = suite_experiment_config(p->s, x, c, k, p->o->sets, p->o->nsets, &cfg, err);
    if (st == HAMM_OK)
        st = hamm_gpu_new_with(&g, &cfg, p->gpu[c * p->gpu_points + k % p->gpu_points], 1,
                               NULL, err);
    if (st == HAMM_OK)
        st = hamm_workload_run(g, x->workload_paths[w], &kernels, err);
    if (st == HAMM_OK) {
        hamm_gpu_finish(g);
        st = measure(p, g, &cfg, w, kernels, value, err);
    }
    hamm_gpu_free(g);
    if (st != HAMM_OK)
        blame(p, r, err);
    return st;
}

static void *worker(void *arg)
{
    xpool *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        size_t r = p->next < p->failed ? p->next++ : p->nruns;
        pthread_mutex_unlock(&p->lock);
        if (r >= p->nruns)
            return NULL;
        hamm_error err;
        hamm_error_clear(&err);
        hamm_status st = run_one(p, r, &p->values[r], &err);
        pthread_mutex_lock(&p->lock);
        p->done++;
        if (st != HAMM_OK && r < p->failed)
            p->failed = r, p->err = err;
        if (p->o->progress)
            p->o->progress(p->o->user, p->done, p->nruns);
        pthread_mutex_unlock(&p->lock);
    }
}

static void run_pool(xpool *p)
{
    size_t jobs = p->o->jobs ? p->o->jobs : 1;
    size_t extra = (jobs < p->nruns ? jobs : p->nruns) - 1, started = 0;
    pthread_t *t = extra ? hamm_calloc_array(extra, sizeof *t) : NULL;
    while (t && started < extra && pthread_create(&t[started], NULL, worker, p) == 0)
        started++;
    worker(p); /* fewer threads than asked for still finish every run */
    for (size_t i = 0; i < started; i++)
        pthread_join(t[i], NULL);
    free(t);
}

/* Each configuration's GPU model (at each x value, if they differ), read once for all its
 * runs, then the runs. */
static hamm_status run_all(xpool *p, hamm_error *err)
{
    const suite_experiment *x = &p->s->experiments[p->index];
    hamm_status st = HAMM_OK;
    for (size_t i = 0; st == HAMM_OK && i < x->nconfigs * p->gpu_points; i++)
        st = suite_experiment_gpu(x, i / p->gpu_points, i % p->gpu_points, p->o->sets,
                                  p->o->nsets, &p->gpu[i], err);
    if (st == HAMM_OK) {
        run_pool(p);
        if (p->failed < p->nruns) {
            if (err && err->status == HAMM_OK)
                *err = p->err;
            st = p->err.status;
        }
    }
    for (size_t i = 0; i < x->nconfigs * p->gpu_points; i++)
        hamm_gpu_model_free(p->gpu[i]);
    return st;
}

hamm_status hamm_experiment_run(const hamm_suite *s, size_t i, const hamm_validate_options *o,
                                json_t **result, hamm_error *err)
{
    *result = NULL;
    if (i >= s->nexperiments)
        return hamm_error_set(err, HAMM_ERR_ARG, "hamm_experiment_run: no experiment %zu", i);
    const suite_experiment *x = &s->experiments[i];
    xpool p = {.s = s, .index = i, .o = o, .gpu_points = suite_experiment_gpu_points(x)};
    p.nruns = (x->x_key ? x->nx : 1) * x->nworkloads * x->nconfigs;
    p.failed = p.nruns;
    hamm_error_clear(&p.err);
    p.values = hamm_calloc_array(p.nruns, sizeof *p.values);
    p.gpu = hamm_calloc_array(x->nconfigs * p.gpu_points, sizeof *p.gpu);
    hamm_status st = HAMM_OK;
    if (!p.values || !p.gpu || pthread_mutex_init(&p.lock, NULL) != 0)
        st = hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(s->path), NULL, "out of memory");
    else {
        st = run_all(&p, err);
        pthread_mutex_destroy(&p.lock);
    }
    if (st == HAMM_OK && !(*result = experiment_doc(s, i, o, p.values)))
        st = hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(s->path), NULL, "out of memory");
    free(p.values);
    free(p.gpu);
    return st;
}
