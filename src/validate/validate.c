/* validate.c - run a suite's entries on worker threads (each runs whole entries), then
 * assemble the results in suite order, so the document does not depend on the workers. */
#include <pthread.h>
#include <stdlib.h>

#include "common/alloc.h"
#include "validate_internal.h"

/* What the workers share: the next entry to take, the results, progress. */
typedef struct pool {
    const hamm_suite *suite;
    const hamm_validate_options *opts;
    entry_result *results;
    size_t next, done;
    int prefetch;
    int failed; /* stop taking entries: every earlier one has been taken already, so the
                   first failure in suite order is still found */
    pthread_mutex_t lock;
} pool;

static void *worker(void *arg)
{
    pool *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        size_t e = p->next < p->suite->n && !p->failed ? p->next++ : p->suite->n;
        pthread_mutex_unlock(&p->lock);
        if (e == p->suite->n)
            return NULL;
        entry_run(p->suite, e, p->opts->sets, p->opts->nsets, p->prefetch, &p->results[e]);
        pthread_mutex_lock(&p->lock);
        p->done++;
        p->failed |= p->results[e].status != HAMM_OK;
        if (p->opts->progress)
            p->opts->progress(p->opts->user, p->done, p->suite->n);
        pthread_mutex_unlock(&p->lock);
    }
}

/* Start up to `jobs` - 1 more threads and work on this one too; 0 when they all ran. */
static int run_pool(pool *p, unsigned jobs)
{
    size_t extra = jobs > p->suite->n ? p->suite->n - 1 : jobs - 1;
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

hamm_status hamm_validate_run(const hamm_suite *s, const hamm_validate_options *o,
                              json_t **result, hamm_error *err)
{
    *result = NULL;
    unsigned jobs = o->jobs ? o->jobs : 1;
    pool p = {.suite = s, .opts = o, .prefetch = jobs == 1};
    p.results = hamm_calloc_array(s->n, sizeof *p.results);
    if (!p.results || pthread_mutex_init(&p.lock, NULL) != 0) {
        free(p.results);
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(s->path), NULL, "out of memory");
    }
    hamm_status st = run_pool(&p, jobs) == 0 ? HAMM_OK
                                              : hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(s->path),
                                                              NULL, "out of memory");
    for (size_t i = 0; st == HAMM_OK && i < s->n; i++)
        if (p.results[i].status != HAMM_OK) {
            if (err && err->status == HAMM_OK)
                *err = p.results[i].err;
            st = p.results[i].status;
        }
    if (st == HAMM_OK && !(*result = validate_doc(s, o->sets, o->nsets, p.results)))
        st = hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(s->path), NULL, "out of memory");
    for (size_t i = 0; i < s->n; i++)
        entry_result_clear(&p.results[i]);
    free(p.results);
    pthread_mutex_destroy(&p.lock);
    return st;
}
