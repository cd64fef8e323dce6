/* test_sweep.c - sweeps as library calls (hamm/sweep.h): a sweep run here tells its watch
 * of every point; emitted jobs list the points without a result, refuse another sweep's
 * directory, and their results merge into the very document the run built; merge says
 * which points are missing or bad, without printing. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "hamm/sweep.h"

#define DATA HAMM_TEST_DATA "/validate/"

static const char *const model_dirs[] = {HAMM_SOURCE_ROOT "/models"};
static const hamm_model_path models = {model_dirs, 1};

typedef struct seen {
    char begun[4][64];
    size_t nbegun, nended, ndocs, progress;
} seen;

static void on_begin(void *user, const char *what)
{
    seen *s = user;
    if (s->nbegun < 4)
        snprintf(s->begun[s->nbegun], sizeof s->begun[0], "%s", what);
    s->nbegun++;
}

static void on_progress(void *user, size_t done, size_t total)
{
    (void)done;
    (void)total;
    ((seen *)user)->progress++;
}

static void on_end(void *user, const char *what, const json_t *doc)
{
    (void)what;
    seen *s = user;
    s->nended++;
    s->ndocs += doc != NULL;
}

/* tiny.json and the grid queue_size=8,16 with --set scheduler=fr-fcfs before it. */
typedef struct rig {
    hamm_suite *suite;
    hamm_grid *grid;
    const char *sets[1];
    char dir[64];
} rig;

static int rig_up(void **state)
{
    rig *r = calloc(1, sizeof *r);
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_sweep_suite_load(DATA "tiny.json", &models, &r->suite, &err), HAMM_OK);
    assert_non_null(r->grid = hamm_grid_new());
    assert_int_equal(hamm_grid_add(r->grid, "queue_size=8,16", &err), HAMM_OK);
    r->sets[0] = "scheduler=fr-fcfs";
    snprintf(r->dir, sizeof r->dir, "/tmp/hamm-test-sweep-XXXXXX");
    assert_non_null(mkdtemp(r->dir));
    *state = r;
    return 0;
}

static void remove_in(const char *dir, const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    unlink(path);
}

static int rig_down(void **state)
{
    rig *r = *state;
    const char *names[] = {HAMM_SWEEP_PLAN_FILE, HAMM_SWEEP_JOBS_FILE, HAMM_SWEEP_SBATCH_FILE,
                           "point-0000.json", "point-0001.json"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        remove_in(r->dir, names[i]);
    rmdir(r->dir);
    hamm_grid_free(r->grid);
    hamm_suite_free(r->suite);
    free(r);
    return 0;
}

static json_t *run_sweep(const rig *r, seen *w)
{
    hamm_validate_watch watch = {on_begin, on_progress, on_end, w};
    hamm_sweep_options o = {r->sets, 1, 2, &watch};
    hamm_error err;
    hamm_error_clear(&err);
    json_t *doc = NULL;
    assert_int_equal(hamm_sweep_run(r->suite, r->grid, &o, &doc, &err), HAMM_OK);
    return doc;
}

static void test_run_tells_each_point(void **state)
{
    rig *r = *state;
    seen w = {0};
    json_t *doc = run_sweep(r, &w);
    assert_string_equal(json_string_value(json_object_get(doc, "schema")), HAMM_SWEEP_SCHEMA);
    json_t *points = json_object_get(doc, "points");
    assert_int_equal(json_array_size(points), 2);
    json_t *over = json_object_get(json_object_get(json_array_get(points, 1), "result"),
                                   "overrides");
    assert_string_equal(json_string_value(json_object_get(over, "queue_size")), "16");
    assert_string_equal(json_string_value(json_object_get(over, "scheduler")), "fr-fcfs");
    assert_int_equal(w.nbegun, 2);
    assert_string_equal(w.begun[0], "sweep point 1/2");
    assert_string_equal(w.begun[1], "sweep point 2/2");
    assert_int_equal(w.nended, 2);
    assert_int_equal(w.ndocs, 2);
    assert_int_equal(w.progress, 2 * 3); /* each point's three entries */
    json_decref(doc);
}

/* A point no entry's model accepts fails before any point runs. */
static void test_bad_point_runs_nothing(void **state)
{
    rig *r = *state;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_grid_add(r->grid, "queue_sizee=4", &err), HAMM_OK);
    seen w = {0};
    hamm_validate_watch watch = {on_begin, on_progress, on_end, &w};
    hamm_sweep_options o = {NULL, 0, 1, &watch};
    json_t *doc = NULL;
    assert_int_not_equal(hamm_sweep_run(r->suite, r->grid, &o, &doc, &err), HAMM_OK);
    assert_null(doc);
    assert_string_equal(err.field, "queue_sizee");
    assert_int_equal(w.nbegun, 0);
}

typedef struct problems {
    size_t missing, bad;
    hamm_error last;
} problems;

static void on_problem(void *user, const hamm_sweep_problem *p)
{
    problems *ps = user;
    ps->missing += p->missing;
    ps->bad += !p->missing;
    assert_non_null(strstr(p->command, " validate "));
    ps->last = *p->why;
}

static hamm_status merge(const rig *r, problems *ps, json_t **doc, hamm_error *err)
{
    memset(ps, 0, sizeof *ps);
    hamm_error_clear(err);
    return hamm_sweep_merge(r->dir, on_problem, ps, doc, err);
}

static void emit(const rig *r, hamm_sweep_jobs *j)
{
    hamm_sweep_jobs_options o = {"/bin/hamm", r->sets, 1, NULL, 0};
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_sweep_jobs_make(r->dir, r->suite, r->grid, &o, j, &err), HAMM_OK);
    FILE *f = fopen(j->dir, "r");
    assert_non_null(f); /* the directory, made absolute */
    fclose(f);
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", j->dir, HAMM_SWEEP_PLAN_FILE);
    assert_non_null(f = fopen(path, "w"));
    fputs(j->plan, f);
    fclose(f);
}

/* Point i's result as its job would write it. */
static void run_job(const rig *r, size_t i, const char *text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/point-%04zu.json", r->dir, i);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    if (text) {
        fputs(text, f);
    } else {
        const char *sets[2] = {r->sets[0]};
        hamm_grid_point(r->grid, i, sets + 1);
        hamm_validate_options o = {sets, 2, 1, NULL, NULL};
        json_t *doc = NULL;
        hamm_error err;
        hamm_error_clear(&err);
        assert_int_equal(hamm_validate_run(r->suite, &o, &doc, &err), HAMM_OK);
        char *t = hamm_json_text(doc);
        fputs(t, f);
        free(t);
    }
    fclose(f);
}

static void test_jobs_merge_as_the_run(void **state)
{
    rig *r = *state;
    hamm_sweep_jobs j;
    emit(r, &j);
    assert_int_equal(j.points, 2);
    assert_int_equal(j.todo, 2);
    assert_non_null(strstr(j.jobs, "/bin/hamm validate "));
    assert_non_null(strstr(j.jobs, "--set scheduler=fr-fcfs --set queue_size=16 --json -o "));
    assert_non_null(strstr(j.sbatch, "#SBATCH --array=1-2\n"));
    hamm_sweep_jobs_free(&j);

    problems ps;
    json_t *doc = NULL;
    hamm_error err;
    assert_int_not_equal(merge(r, &ps, &doc, &err), HAMM_OK);
    assert_null(doc);
    assert_int_equal(ps.missing, 2);
    assert_non_null(strstr(err.text, "2 of 2 jobs have no result"));

    run_job(r, 0, NULL);
    emit(r, &j); /* again: only the point without a result, and still a script */
    assert_int_equal(j.todo, 1);
    assert_null(strstr(j.jobs, "queue_size=8"));
    assert_non_null(j.sbatch);
    hamm_sweep_jobs_free(&j);

    run_job(r, 1, "");
    assert_int_not_equal(merge(r, &ps, &doc, &err), HAMM_OK);
    assert_int_equal(ps.bad, 1);
    assert_int_equal(ps.last.status, HAMM_ERR_PARSE);
    assert_int_equal(ps.last.line, 1);
    assert_non_null(strstr(ps.last.source, "point-0001.json"));

    run_job(r, 1, NULL);
    assert_int_equal(merge(r, &ps, &doc, &err), HAMM_OK);
    assert_int_equal(ps.missing + ps.bad, 0);
    seen w = {0};
    json_t *run = run_sweep(r, &w);
    char *a = hamm_json_text(doc), *b = hamm_json_text(run);
    assert_string_equal(a, b);
    free(a);
    free(b);

    emit(r, &j); /* every point has a result: no job, no script */
    assert_int_equal(j.todo, 0);
    assert_string_equal(j.jobs, "");
    assert_null(j.sbatch);
    hamm_sweep_jobs_free(&j);
}

/* Another sweep's jobs into the same directory would mix two sweeps' results. */
static void test_jobs_refuse_another_plan(void **state)
{
    rig *r = *state;
    hamm_sweep_jobs j;
    emit(r, &j);
    hamm_sweep_jobs_free(&j);
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_grid_add(r->grid, "scheduler=fr-fcfs,most-pending", &err), HAMM_OK);
    hamm_sweep_jobs_options o = {"/bin/hamm", NULL, 0, NULL, 0};
    assert_int_not_equal(hamm_sweep_jobs_make(r->dir, r->suite, r->grid, &o, &j, &err), HAMM_OK);
    assert_non_null(strstr(err.text, "holds another sweep's plan"));
    assert_non_null(strstr(err.source, HAMM_SWEEP_PLAN_FILE));
    assert_null(j.plan);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_run_tells_each_point, rig_up, rig_down),
        cmocka_unit_test_setup_teardown(test_bad_point_runs_nothing, rig_up, rig_down),
        cmocka_unit_test_setup_teardown(test_jobs_merge_as_the_run, rig_up, rig_down),
        cmocka_unit_test_setup_teardown(test_jobs_refuse_another_plan, rig_up, rig_down),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
