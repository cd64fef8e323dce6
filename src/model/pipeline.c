/* pipeline.c - the task ring of pipeline.h: one mutex, one condition, two threads. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "pipeline.h"

#define MAX_PROFILERS 8

struct pipeline {
    pthread_mutex_t mu;
    pthread_cond_t changed;
    unsigned slots;
    unsigned profilers;              /* bit set */
    pipeline_task_fn run;
    void *ctx;
    uint64_t produced;               /* stages published */
    uint64_t next[MAX_PROFILERS];    /* the next stage each profiler runs */
    int busy[MAX_PROFILERS];
    int closed;
    int worker_running;
    pthread_t worker;
};

/* A profiler with a stage ready and nobody running it, or -1.  Called locked. */
static int ready_task(const pipeline *p)
{
    for (unsigned k = 0; k < MAX_PROFILERS; k++)
        if ((p->profilers >> k & 1u) && !p->busy[k] && p->next[k] < p->produced)
            return (int)k;
    return -1;
}

/* Stages some profiler has not finished: the ring slots still in use.  Called locked. */
static uint64_t in_use(const pipeline *p)
{
    uint64_t oldest = p->produced;
    for (unsigned k = 0; k < MAX_PROFILERS; k++)
        if ((p->profilers >> k & 1u) && p->next[k] < oldest)
            oldest = p->next[k];
    return p->produced - oldest;
}

/* Run task k outside the lock.  Called locked; returns locked. */
static void run_task(pipeline *p, unsigned k)
{
    uint64_t stage = p->next[k];
    p->busy[k] = 1;
    pthread_mutex_unlock(&p->mu);
    p->run(p->ctx, k, (unsigned)(stage % p->slots));
    pthread_mutex_lock(&p->mu);
    p->busy[k] = 0;
    p->next[k]++;
    pthread_cond_broadcast(&p->changed);
}

static void *worker_main(void *arg)
{
    pipeline *p = arg;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        int k = ready_task(p);
        if (k >= 0)
            run_task(p, (unsigned)k);
        else if (p->closed && in_use(p) == 0)
            break;
        else
            pthread_cond_wait(&p->changed, &p->mu);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

hamm_status pipeline_new(pipeline **out, unsigned slots, unsigned profilers,
                         pipeline_task_fn run, void *ctx, hamm_error *err)
{
    *out = NULL;
    pipeline *p = calloc(1, sizeof *p);
    if (!p)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    p->slots = slots;
    p->profilers = profilers & ((1u << MAX_PROFILERS) - 1);
    p->run = run;
    p->ctx = ctx;
    if (pthread_mutex_init(&p->mu, NULL) != 0) {
        free(p);
        return hamm_error_set(err, HAMM_ERR_NOMEM, "cannot make a mutex");
    }
    if (pthread_cond_init(&p->changed, NULL) != 0) {
        pthread_mutex_destroy(&p->mu);
        free(p);
        return hamm_error_set(err, HAMM_ERR_NOMEM, "cannot make a condition variable");
    }
    if (pthread_create(&p->worker, NULL, worker_main, p) != 0) {
        pthread_cond_destroy(&p->changed);
        pthread_mutex_destroy(&p->mu);
        free(p);
        return hamm_error_set(err, HAMM_ERR_IO, "cannot start the model's worker thread");
    }
    p->worker_running = 1;
    *out = p;
    return HAMM_OK;
}

unsigned pipeline_claim(pipeline *p)
{
    pthread_mutex_lock(&p->mu);
    while (in_use(p) == p->slots) {
        int k = ready_task(p);
        if (k >= 0)
            run_task(p, (unsigned)k); /* help rather than wait */
        else
            pthread_cond_wait(&p->changed, &p->mu);
    }
    unsigned slot = (unsigned)(p->produced % p->slots);
    pthread_mutex_unlock(&p->mu);
    return slot;
}

void pipeline_publish(pipeline *p)
{
    pthread_mutex_lock(&p->mu);
    p->produced++;
    pthread_cond_broadcast(&p->changed);
    pthread_mutex_unlock(&p->mu);
}

void pipeline_finish(pipeline *p)
{
    if (!p || !p->worker_running)
        return;
    pthread_mutex_lock(&p->mu);
    p->closed = 1;
    pthread_cond_broadcast(&p->changed);
    for (int k; (k = ready_task(p)) >= 0;)
        run_task(p, (unsigned)k);
    pthread_mutex_unlock(&p->mu);
    pthread_join(p->worker, NULL);
    p->worker_running = 0;
}

void pipeline_free(pipeline *p)
{
    if (!p)
        return;
    pipeline_finish(p);
    pthread_cond_destroy(&p->changed);
    pthread_mutex_destroy(&p->mu);
    free(p);
}
