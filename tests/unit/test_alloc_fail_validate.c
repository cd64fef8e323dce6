/* test_alloc_fail_validate.c - the allocation-failure sweep (alloc_sweep.h) over the
 * newer library code: generating a trace through a writer, loading a suite, running
 * validate on it (one and two jobs), a sweep's grid, the error statistics, and hamm plot
 * (data files and scripts, no rendering) with the report page.  Each run must end
 * cleanly: success with exactly the result of an undisturbed run, or a non-OK status with
 * the error record filled in; every allocation freed; no crash; no hang. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "alloc_shim.h"
#include "alloc_sweep.h"
#include "hamm/errstats.h"
#include "hamm/generate.h"
#include "hamm/io.h"
#include "hamm/plot.h"
#include "hamm/validate.h"
#include "report/json_util.h"

#define SUITE HAMM_TEST_DATA "/validate/tiny.json"
#define PLOTS HAMM_SOURCE_ROOT "/plots"

static const char *const model_dirs[] = {HAMM_SOURCE_ROOT "/models"};
static const hamm_model_path models = {model_dirs, 1};

typedef struct fixture {
    hamm_suite *suite;
    json_t *validate_doc; /* of the suite, for plot and the report page */
    char scratch[64];     /* a temporary directory for plot's output */
} fixture;

static fixture fx;

static int setup(void **state)
{
    (void)state;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_validate_options o = {.jobs = 1};
    snprintf(fx.scratch, sizeof fx.scratch, "/tmp/hamm-alloc-XXXXXX");
    if (!mkdtemp(fx.scratch) || hamm_suite_load(SUITE, &models, &fx.suite, &err) != HAMM_OK ||
        hamm_validate_run(fx.suite, &o, &fx.validate_doc, &err) != HAMM_OK) {
        print_error("setup: %s: %s\n", err.field, err.text);
        return -1;
    }
    return sweep_prepare();
}

static int teardown(void **state)
{
    (void)state;
    json_decref(fx.validate_doc);
    hamm_suite_free(fx.suite);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", fx.scratch);
    return system(cmd) == 0 ? 0 : -1;
}

static hamm_status nomem(hamm_error *err, const char *what)
{
    return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN("sweep"), NULL, "%s returned NULL", what);
}

/* The text of a JSON document, digested; takes the reference. */
static hamm_status digest_json(digest *d, json_t *doc, hamm_error *err)
{
    if (!doc)
        return nomem(err, "a JSON builder");
    char *text = hamm_json_text(doc);
    if (!text)
        return nomem(err, "hamm_json_text");
    digest_bytes(d, text, strlen(text));
    free(text);
    return HAMM_OK;
}

/* ---- generate ---------------------------------------------------------------------- */

static hamm_status op_generate(const void *arg, digest *d, hamm_error *err)
{
    (void)arg;
    hamm_gen_options o;
    hamm_gen_options_init(&o);
    o.requests = 3000;
    o.ncomponents = 3;
    o.mix[0] = (hamm_gen_component){HAMM_GEN_STREAM, 2.0};
    o.mix[1] = (hamm_gen_component){HAMM_GEN_RANDOM, 1.0};
    o.mix[2] = (hamm_gen_component){HAMM_GEN_STRIDE, 1.0};
    o.write_fraction = 0.25;
    o.rate = 0.5;
    sink s = {malloc(SINK_CAP), 0};
    hamm_gen *g = NULL;
    hamm_output *out = NULL;
    hamm_trace_writer *w = NULL;
    hamm_request batch[256];
    hamm_status st = s.p ? hamm_gen_new(&g, &o, NULL, err) : nomem(err, "malloc");
    if (st == HAMM_OK)
        st = hamm_output_new(&out, sink_write, &s, "sink", HAMM_COMPRESSION_ZSTD, 0, err);
    if (st == HAMM_OK)
        st = hamm_trace_writer_new(&w, HAMM_FORMAT_BINARY, out, err);
    for (size_t n; st == HAMM_OK && (n = hamm_gen_fill(g, batch, 256)) > 0;)
        st = hamm_trace_write(w, batch, n, err);
    if (st == HAMM_OK)
        st = hamm_trace_writer_flush(w, err);
    if (st == HAMM_OK)
        st = hamm_output_finish(out, err);
    if (st == HAMM_OK)
        digest_bytes(d, s.p, s.len);
    hamm_trace_writer_free(w);
    hamm_output_free(out);
    hamm_gen_free(g);
    free(s.p);
    return st;
}

static void generate_trace(void **state)
{
    (void)state;
    need_interposition();
    sweep("generate + write", op_generate, NULL);
}

/* ---- suites and validate ------------------------------------------------------------- */

static hamm_status op_suite_load(const void *arg, digest *d, hamm_error *err)
{
    (void)arg;
    hamm_suite *s = NULL;
    hamm_status st = hamm_suite_load(SUITE, &models, &s, err);
    if (st == HAMM_OK) {
        digest_bytes(d, hamm_suite_name(s), strlen(hamm_suite_name(s)));
        digest_u64(d, hamm_suite_size(s));
        static const char *const sets[] = {"queue_size=16"};
        st = hamm_suite_check(s, sets, 1, err);
    }
    hamm_suite_free(s);
    return st;
}

static hamm_status op_validate(const void *arg, digest *d, hamm_error *err)
{
    static const char *const sets[] = {"dram.timing.tRCD=14"};
    hamm_validate_options o = {.sets = sets, .nsets = 1, .jobs = *(const unsigned *)arg};
    json_t *doc = NULL;
    hamm_status st = hamm_validate_run(fx.suite, &o, &doc, err);
    return st == HAMM_OK ? digest_json(d, doc, err) : st;
}

static void suite_load(void **state)
{
    (void)state;
    need_interposition();
    sweep("suite load + check", op_suite_load, NULL);
}

static void validate_one_job(void **state)
{
    (void)state;
    need_interposition();
    static const unsigned one = 1;
    sweep("validate, 1 job", op_validate, &one);
}

static void validate_two_jobs(void **state)
{
    (void)state;
    need_interposition();
    static const unsigned two = 2;
    sweep("validate, 2 jobs", op_validate, &two);
}

/* ---- the grid and the error statistics ---------------------------------------------- */

static hamm_status op_grid(const void *arg, digest *d, hamm_error *err)
{
    (void)arg;
    hamm_grid *g = hamm_grid_new();
    if (!g)
        return nomem(err, "hamm_grid_new");
    hamm_status st = hamm_grid_add(g, "queue_size=8,16,32", err);
    if (st == HAMM_OK)
        st = hamm_grid_add(g, "scheduler=fr-fcfs,fcfs", err);
    if (st == HAMM_OK) {
        const char *sets[2];
        size_t n = hamm_grid_points(g);
        digest_u64(d, n);
        for (size_t i = 0; i < n; i++) {
            hamm_grid_point(g, i, sets);
            digest_bytes(d, sets[0], strlen(sets[0]));
            digest_bytes(d, sets[1], strlen(sets[1]));
        }
        st = digest_json(d, hamm_grid_json(g), err);
    }
    if (st == HAMM_OK)
        st = digest_json(d, hamm_grid_point_json(g, 5), err);
    hamm_grid_free(g);
    return st;
}

static hamm_status op_errstats(const void *arg, digest *d, hamm_error *err)
{
    (void)arg;
    (void)err;
    static const double measured[] = {0.42, 0.61, 0.33, 0.87, 0.5};
    static const double predicted[] = {0.40, 0.70, 0.30, 0.91, 0.45};
    hamm_errstats t;
    hamm_errstats_compute(measured, predicted, 5, &t);
    digest_double(d, t.mae_pct);
    digest_double(d, t.rmse_pct);
    digest_double(d, t.pearson_r);
    digest_double(d, t.polarity);
    hamm_errstats_compute(measured, predicted, 1, &t);
    digest_bytes(d, t.pearson_r_null_reason, strlen(t.pearson_r_null_reason));
    return HAMM_OK;
}

static void grid_and_errstats(void **state)
{
    (void)state;
    need_interposition();
    sweep("grid", op_grid, NULL);
    sweep("errstats", op_errstats, NULL);
}

/* ---- plot and the report page --------------------------------------------------------- */

/* Every file under dir (names and contents, in name order), so a success that wrote
 * something else or less shows in the digest. */
static hamm_status digest_dir(digest *d, const char *dir, hamm_error *err)
{
    struct dirent **names;
    int n = scandir(dir, &names, NULL, alphasort);
    if (n < 0)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(dir), NULL, "scandir failed");
    for (int i = 0; i < n; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        digest_bytes(d, names[i]->d_name, strlen(names[i]->d_name));
        FILE *fp = names[i]->d_name[0] == '.' ? NULL : fopen(path, "rb");
        char buf[4096];
        for (size_t got; fp && (got = fread(buf, 1, sizeof buf, fp)) > 0;)
            digest_bytes(d, buf, got);
        if (fp)
            fclose(fp);
        free(names[i]);
    }
    free(names);
    return HAMM_OK;
}

/* A directory of the scratch directory, emptied; NULL when it cannot be. */
static const char *fresh_dir(const char *name)
{
    static char dir[128];
    char cmd[256];
    snprintf(dir, sizeof dir, "%s/%s", fx.scratch, name);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? dir : NULL;
}

/* What a failure left in dir: 0 nothing it should not have (plot: no directory at all;
 * the index page: no index file nor temporary beside plot's files), else 1. */
static int leftovers(const char *dir, int plotted)
{
    DIR *dp = opendir(dir);
    if (!dp)
        return 0;
    int bad = !plotted;
    for (struct dirent *de; (de = readdir(dp)) != NULL;)
        if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0 &&
            (strncmp(de->d_name, "index", 5) == 0 || de->d_name[0] == '.'))
            bad = 1;
    closedir(dp);
    return bad;
}

static hamm_status op_plot(const void *arg, digest *d, hamm_error *err)
{
    (void)arg;
    int was = atomic_load(&armed);
    atomic_store(&armed, 0); /* system() allocates and must not fail */
    const char *dir = fresh_dir("plot");
    atomic_store(&armed, was);
    if (!dir)
        return hamm_error_set(err, HAMM_ERR_IO, "cannot empty the scratch directory");
    hamm_plot_options o;
    hamm_plot_options_init(&o);
    o.plots_dir = PLOTS;
    o.render = 0;
    o.source = "validate.json";
    hamm_plot_result res;
    hamm_status st = hamm_plot_write(fx.validate_doc, dir, &o, &res, err);
    int plotted = st == HAMM_OK;
    const hamm_plot_result *plots[] = {&res};
    hamm_report_page page = {"hamm plot validate.json", fx.validate_doc, NULL, 0, plots, 1,
                             NULL, 0};
    if (st == HAMM_OK)
        st = hamm_report_write_index(dir, &page, err);
    atomic_store(&armed, 0); /* reading back is the test's, not the library's */
    if (st != HAMM_OK && leftovers(dir, plotted)) {
        /* a partial output: reported as a success with another result */
        digest_bytes(d, "partial output", 14);
        st = HAMM_OK;
    } else if (st == HAMM_OK) {
        st = digest_dir(d, dir, err);
    }
    atomic_store(&armed, was);
    return st;
}

static void plot_and_index(void **state)
{
    (void)state;
    need_interposition();
    sweep("plot + index", op_plot, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(generate_trace),
        cmocka_unit_test(suite_load),
        cmocka_unit_test(validate_one_job),
        cmocka_unit_test(validate_two_jobs),
        cmocka_unit_test(grid_and_errstats),
        cmocka_unit_test(plot_and_index),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
