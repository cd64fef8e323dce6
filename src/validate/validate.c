/* validate.c - run a suite's entries on worker threads (each runs whole entries), the
 * largest traces first, then assemble the results in suite order, so the document does
 * not depend on the workers or on the order they ran in. */
#include <pthread.h>
#include <stdlib.h>

#include "common/alloc.h"
#include "validate_internal.h"

/* An entry and what it is expected to cost: its trace file's size. */
typedef struct sized_entry {
    uint64_t bytes;
    size_t index;
} sized_entry;

/* What the workers share: the order to take entries in, the next to take, the results,
 * progress. */
typedef struct pool {
    const hamm_suite *suite;
    const hamm_validate_options *opts;
    entry_result *results;
    sized_entry *order;  /* [suite->n], the largest trace first */
    size_t next, done;
    size_t first_failed; /* the smallest suite index that failed (suite->n: none); later
                            entries are skipped, earlier ones still run, so the first
                            failure in suite order is found whatever the order and N */
    int prefetch;
    pthread_mutex_t lock;
} pool;

/* Largest first; equal sizes in suite order, so the order is the same on every run. */
static int larger_first(const void *a, const void *b)
{
    const sized_entry *x = a, *y = b;
    if (x->bytes != y->bytes)
        return x->bytes > y->bytes ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* Longest entries first, so that no long entry starts last and leaves the other workers
 * idle while it runs; the trace's size stands in for its running time. */
static void schedule(const hamm_suite *s, sized_entry *order)
{
    for (size_t i = 0; i < s->n; i++)
        order[i] = (sized_entry){s->entries[i].trace_bytes, i};
    qsort(order, s->n, sizeof *order, larger_first);
}

/* The next entry to run, or suite->n when none is left; called with the lock held. */
static size_t take(pool *p)
{
    while (p->next < p->suite->n) {
        size_t e = p->order[p->next++].index;
        if (e < p->first_failed)
            return e;
    }
    return p->suite->n;
}

static void *worker(void *arg)
{
    pool *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        size_t e = take(p);
        pthread_mutex_unlock(&p->lock);
        if (e == p->suite->n)
            return NULL;
        entry_run(p->suite, e, p->opts->sets, p->opts->nsets, p->prefetch, &p->results[e]);
        pthread_mutex_lock(&p->lock);
        p->done++;
        if (p->results[e].status != HAMM_OK && e < p->first_failed)
            p->first_failed = e;
        if (p->opts->progress)
            p->opts->progress(p->opts->user, p->done, p->suite->n);
        pthread_mutex_unlock(&p->lock);
    }
}

/* Start `workers` - 1 more threads and work on this one too; 0 when they all ran. */
static int run_pool(pool *p, size_t workers)
{
    size_t extra = workers - 1;
    pthread_t *t = hamm_calloc_array(extra, sizeof *t);
    if (!t)
        return -1;
    size_t started = 0;
    while (started < extra && pthread_create(&t[started], NULL, worker, p) == 0)
        started++;
    worker(p); /* fewer threads than asked for still finish every entry */
    for (size_t i = 0; i < started; i++)
        pthread_join(t[i], NULL);
    free(t);
    return 0;
}

/* The pool's arrays and lock; 0 when out of memory. */
static int pool_init(pool *p, const hamm_suite *s, const hamm_validate_options *o)
{
    *p = (pool){.suite = s, .opts = o, .first_failed = s->n};
    p->results = hamm_calloc_array(s->n, sizeof *p->results);
    p->order = hamm_calloc_array(s->n, sizeof *p->order);
    if (!p->results || !p->order || pthread_mutex_init(&p->lock, NULL) != 0) {
        free(p->results);
        free(p->order);
        return 0;
    }
    schedule(s, p->order);
    return 1;
}

hamm_status hamm_validate_run(const hamm_suite *s, const hamm_validate_options *o,
                              json_t **result, hamm_error *err)
{
    *result = NULL;
    if (s->n == 0) /* a suite of experiments alone */
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(s->path), "entries",
                             "the suite has no entries, only experiments (hamm report runs "
                             "them)");
    pool p;
    if (!pool_init(&p, s, o))
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(s->path), NULL, "out of memory");
    size_t jobs = o->jobs ? o->jobs : 1, workers = jobs < s->n ? jobs : s->n;
    /* One worker leaves a core to read ahead; more keep the cores busy with entries,
     * each single-threaded (entry.c runs the model without its worker thread). */
    p.prefetch = workers == 1;
    hamm_status st = run_pool(&p, workers) == 0
                         ? HAMM_OK
                         : hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(s->path), NULL,
                                         "out of memory");
    if (st == HAMM_OK && p.first_failed < s->n) {
        if (err && err->status == HAMM_OK)
            *err = p.results[p.first_failed].err;
        st = p.results[p.first_failed].status;
    }
    if (st == HAMM_OK && !(*result = validate_doc(s, o->sets, o->nsets, p.results)))
        st = hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(s->path), NULL, "out of memory");
    for (size_t i = 0; i < s->n; i++)
        entry_result_clear(&p.results[i]);
    free(p.results);
    free(p.order);
    pthread_mutex_destroy(&p.lock);
    return st;
}
