/* test_plot_bad.c - hamm plot given a hamm-validate/1 document with a field missing or of
 * the wrong type: an error naming the JSON path, and nothing written (no directory).
 * Table-driven: each case changes one member of tests/data/plot/validate.json. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "hamm/plot.h"
#include "scratch_dir.h"

#define DATA HAMM_TEST_DATA "/plot/validate.json"
#define PLOTS HAMM_SOURCE_ROOT "/plots"

static char scratch[64];

static int setup(void **state)
{
    (void)state;
    return scratch_make(scratch, sizeof scratch, "plot-bad");
}

static int teardown(void **state)
{
    (void)state;
    return scratch_remove(scratch);
}

typedef struct bad_case {
    const char *parent; /* where the member lives: "", "entries[1]", "entries[0].measured" */
    const char *key;    /* the member; a number for an array element */
    const char *value;  /* its new JSON text; NULL: remove it */
    const char *field;  /* the JSON path the error must name */
} bad_case;

static const bad_case cases[] = {
    {"", "entries", NULL, "entries"},
    {"", "entries", "{}", "entries"},
    {"", "heuristics", NULL, "heuristics"},
    {"", "heuristics", "\"average\"", "heuristics"},
    {"heuristics", "1", "7", "heuristics[1]"},
    {"", "summary", NULL, "summary.per_entry"},
    {"summary", "per_entry", "[]", "summary.per_entry"},
    {"summary.per_entry", "average", "0.5", "summary.per_entry.average"},
    {"summary.per_entry.average", "mae_pct", "\"4.5\"", "summary.per_entry.average.mae_pct"},
    {"entries", "0", "3", "entries[0]"},
    {"entries[1]", "name", NULL, "entries[1].name"},
    {"entries[1]", "name", "12", "entries[1].name"},
    {"entries[1]", "measured", NULL, "entries[1].measured"},
    {"entries[1].measured", "dram_efficiency", "\"high\"", "entries[1].measured.dram_efficiency"},
    {"entries[1].measured", "utilization", NULL, "entries[1].measured.utilization"},
    {"entries[0]", "predicted", "0.9", "entries[0].predicted"},
    {"entries[0].predicted", "average", NULL, "entries[0].predicted.average"},
    {"entries[0].error_pct", "no-overlap", "[]", "entries[0].error_pct.no-overlap"},
    {"entries[0]", "predicted_row_locality_requests_per_activate", "true",
     "entries[0].predicted_row_locality_requests_per_activate"},
    {"entries[0]", "channels", "{}", "entries[0].channels"},
    {"entries[0].channels", "1", "\"x\"", "entries[0].channels[1]"},
    {"entries[0].channels[1]", "channel", "1.5", "entries[0].channels[1].channel"},
    {"entries[0].channels[0]", "measured_dram_efficiency", NULL,
     "entries[0].channels[0].measured_dram_efficiency"},
    {"entries[0].channels[0].predicted", "full-overlap", "{}",
     "entries[0].channels[0].predicted.full-overlap"},
};

/* The value at a dotted path with [i] indices. */
static json_t *at(json_t *doc, const char *path)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", path);
    json_t *v = doc;
    for (char *p = buf; v && *p;) {
        size_t n = strcspn(p, ".[");
        char c = p[n];
        p[n] = '\0';
        if (n)
            v = json_object_get(v, p);
        p += n + (c != '\0');
        if (c == '[') {
            v = json_array_get(v, strtoul(p, &p, 10));
            p += *p == ']';
            p += *p == '.';
        }
    }
    return v;
}

static void apply(json_t *doc, const bad_case *bc)
{
    json_t *parent = at(doc, bc->parent);
    assert_non_null(parent);
    json_t *value = bc->value ? json_loads(bc->value, JSON_DECODE_ANY, NULL) : NULL;
    if (json_is_array(parent)) {
        size_t i = strtoul(bc->key, NULL, 10);
        assert_int_equal(value ? json_array_set_new(parent, i, value) : json_array_remove(parent, i),
                         0);
    } else {
        assert_non_null(json_object_get(parent, bc->key));
        assert_int_equal(value ? json_object_set_new(parent, bc->key, value)
                               : json_object_del(parent, bc->key),
                         0);
    }
}

static void every_bad_field_names_its_path(void **state)
{
    (void)state;
    int failed = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_t *doc = json_load_file(DATA, 0, NULL);
        assert_non_null(doc);
        apply(doc, &cases[i]);
        char dir[128];
        snprintf(dir, sizeof dir, "%s/out%zu", scratch, i);
        hamm_plot_options o;
        hamm_plot_options_init(&o);
        o.plots_dir = PLOTS;
        o.render = 0;
        o.source = "v.json";
        hamm_plot_result res;
        hamm_error err;
        hamm_error_clear(&err);
        hamm_status st = hamm_plot_write(doc, dir, &o, &res, &err);
        if (st != HAMM_ERR_FORMAT || strcmp(err.field, cases[i].field) != 0 ||
            strcmp(err.source, "v.json") != 0 || access(dir, F_OK) == 0) {
            print_error("case %zu (%s.%s): status %d, field '%s': %s%s\n", i, cases[i].parent,
                        cases[i].key, (int)st, err.field, err.text,
                        access(dir, F_OK) == 0 ? " (and the directory was made)" : "");
            failed++;
        }
        json_decref(doc);
    }
    assert_int_equal(failed, 0);
}

/* The unchanged document still plots, so the cases above fail for their change alone. */
static void the_unchanged_document_plots(void **state)
{
    (void)state;
    json_t *doc = json_load_file(DATA, 0, NULL);
    assert_non_null(doc);
    char dir[128];
    snprintf(dir, sizeof dir, "%s/good", scratch);
    hamm_plot_options o;
    hamm_plot_options_init(&o);
    o.plots_dir = PLOTS;
    o.render = 0;
    hamm_plot_result res;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_plot_write(doc, dir, &o, &res, &err), HAMM_OK);
    json_decref(doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_unchanged_document_plots),
        cmocka_unit_test(every_bad_field_names_its_path),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
