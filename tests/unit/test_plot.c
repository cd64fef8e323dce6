/* test_plot.c - hamm plot's library side: dispatch by schema, data files holding the
 * JSON's values (checked by hand against the files in tests/data/plot), failures that leave
 * nothing behind, rendering skipped without gnuplot, and a report page that loads nothing
 * from anywhere else. */
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

#include "hamm/plot.h"
#include "scratch_dir.h"

#define DATA HAMM_TEST_DATA "/plot/"
#define PLOTS HAMM_SOURCE_ROOT "/plots"

static char scratch[256];

static int setup(void **state)
{
    (void)state;
    return scratch_make(scratch, sizeof scratch, "plot");
}

static int teardown(void **state)
{
    (void)state;
    return scratch_remove(scratch);
}

static json_t *load(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, DATA "%s", name);
    json_error_t jerr;
    json_t *doc = json_load_file(path, 0, &jerr);
    assert_non_null(doc);
    return doc;
}

/* Data files and scripts only: the tests must not depend on gnuplot being installed. */
static hamm_plot_options no_render(void)
{
    hamm_plot_options o;
    hamm_plot_options_init(&o);
    o.plots_dir = PLOTS;
    o.render = 0;
    return o;
}

static char *slurp(const char *dir, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, fp);
    fclose(fp);
    buf[n] = '\0';
    return buf;
}

/* The line of `text` that starts with `start`, or NULL. */
static const char *line_of(const char *text, const char *start)
{
    static char line[1024];
    for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
        if (strncmp(p, start, strlen(start)) == 0) {
            size_t n = strcspn(p, "\n");
            snprintf(line, sizeof line, "%.*s", (int)n, p);
            return line;
        }
    return NULL;
}

static int entries(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

static void validate_data_hold_the_json_values(void **state)
{
    (void)state;
    json_t *doc = load("validate.json");
    hamm_plot_options o = no_render();
    hamm_plot_result res;
    hamm_error err;
    hamm_error_clear(&err);
    char dir[300];
    snprintf(dir, sizeof dir, "%s/v", scratch);
    assert_int_equal(hamm_plot_write(doc, dir, &o, &res, &err), HAMM_OK);
    assert_int_equal(res.nfigures, 5);
    assert_int_equal(res.rendered, 0);
    /* vectoradd: measured (0.888 + 0.922) / 2, predictions the channel means */
    assert_string_equal(line_of(slurp(dir, "fig07-efficiency.dat"), "\"vectoradd\""),
                        "\"vectoradd\" 90.5 90.6 99.5 95.05 90.6");
    /* spec_gcc: |0.413 - 0.819|, |0.90 - 0.819|, |0.6565 - 0.819|; locality 1.65 < 2
     * so locality-switch takes full-overlap; AM is summary.per_entry.*.mae_pct */
    const char *err8 = slurp(dir, "fig08-error.dat");
    assert_string_equal(line_of(err8, "\"spec_gcc\""), "\"spec_gcc\" 40.6 8.1 16.25 8.1");
    assert_string_equal(line_of(err8, "\"AM\""), "\"AM\" 17.925 6.825 7.8 5.5");
    /* one scatter row per channel: 4 workloads x 2 channels */
    const char *sc = slurp(dir, "fig09-channels.dat");
    assert_string_equal(line_of(sc, "\"mase_art\" 1 "), "\"mase_art\" 1 97.2 90.6 98.6 94.6 90.6");
    int rows = 0;
    for (const char *p = sc; (p = strchr(p, '\n')) != NULL; p++)
        rows++;
    assert_int_equal(rows, 2 + 8); /* comment, column header, rows */
    const char *gp = slurp(dir, "fig09-channels.gp");
    assert_non_null(strstr(gp, "data = 'fig09-channels.dat'"));
    assert_non_null(strstr(gp, "panels = 'no-overlap full-overlap average locality-switch'"));
    json_decref(doc);
}

/* Figure 10's means over workloads, and what its script learns for the layout. */
static void locality_has_means_and_layout(void **state)
{
    (void)state;
    json_t *doc = load("validate.json");
    hamm_plot_options o = no_render();
    hamm_plot_result res;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_plot_write(doc, scratch, &o, &res, &err), HAMM_OK);
    const char *dat = slurp(scratch, "fig10-locality.dat");
    /* measured 36.075, 12.25, 1.65, 1.15: AM 51.125 / 4; predicted: 51.63625 / 4 */
    assert_string_equal(line_of(dat, "\"AM\""), "\"AM\" 12.78125 12.9090625");
    /* HM 4 / (1/36.075 + 1/12.25 + 1/1.65 + 1/1.15) = 4 / 1.584979 */
    const char *hm = line_of(dat, "\"HM\"");
    assert_non_null(hm);
    double v = strtod(hm + 5, NULL);
    assert_true(v > 2.52364 && v < 2.52374);
    const char *gp = slurp(scratch, "fig10-locality.gp");
    /* "random_blocks", "vectoradd", AM and HM, "predicted (no-overlap)" */
    assert_non_null(strstr(gp, "labelchars = 13 "));
    assert_non_null(strstr(gp, "firstchars = 9\n"));
    assert_non_null(strstr(gp, "nmeans = 2 "));
    assert_non_null(strstr(gp, "keychars = 22 "));
    assert_non_null(strstr(gp, "xrot = -1 "));
    json_decref(doc);
}

static void sweep_over_scheduler_is_figure_13(void **state)
{
    (void)state;
    json_t *doc = load("sweep-scheduler.json");
    hamm_plot_options o = no_render();
    o.prefix = "s-";
    hamm_plot_result res;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_plot_write(doc, scratch, &o, &res, &err), HAMM_OK);
    assert_int_equal(res.nfigures, 2);
    assert_string_equal(res.figures[0].name, "s-fig13-mae-scheduler");
    const char *mae = slurp(scratch, "s-fig13-mae-scheduler.dat");
    assert_string_equal(line_of(mae, "\"fr-fcfs\""), "\"fr-fcfs\" 17.925 6.825 7.8 5.5");
    /* two points x the paper's two heuristics; vectoradd's no-overlap error is 0.1 */
    const char *w = slurp(scratch, "s-fig13-workloads-scheduler.dat");
    assert_non_null(strstr(w, "\"fr-fcfs no-overlap\" \"fr-fcfs full-overlap\""));
    assert_non_null(strstr(line_of(w, "\"vectoradd\""), "\"vectoradd\" 0.1 9 "));
    json_decref(doc);
}

static void unknown_schema_is_a_clear_error(void **state)
{
    (void)state;
    json_t *doc = json_pack("{s:s}", "schema", "hamm-frobnicate/3");
    hamm_plot_options o = no_render();
    hamm_plot_result res;
    hamm_error err;
    hamm_error_clear(&err);
    char dir[300];
    snprintf(dir, sizeof dir, "%s/u", scratch);
    assert_int_equal(hamm_plot_write(doc, dir, &o, &res, &err), HAMM_ERR_FORMAT);
    assert_string_equal(err.field, "schema");
    assert_non_null(strstr(err.text, "unknown schema 'hamm-frobnicate/3'"));
    assert_non_null(strstr(err.text, "hamm-validate/1"));
    assert_int_equal(entries(scratch), 0); /* no directory made */
    json_decref(doc);
    doc = json_pack("{s:i}", "requests", 3);
    hamm_error_clear(&err);
    assert_int_equal(hamm_plot_write(doc, dir, &o, &res, &err), HAMM_ERR_FORMAT);
    assert_non_null(strstr(err.text, "no \"schema\""));
    json_decref(doc);
}

static void unwritable_directory_leaves_nothing(void **state)
{
    (void)state;
    json_t *doc = load("validate.json");
    hamm_plot_options o = no_render();
    hamm_plot_result res;
    hamm_error err;
    char file[300], dir[400];
    snprintf(file, sizeof file, "%s/plain-file", scratch);
    FILE *fp = fopen(file, "w");
    assert_non_null(fp);
    fclose(fp);
    /* under a plain file, under a missing directory, and a plain file as the target
     * (root ignores permission bits, so these are the failures every user meets) */
    const char *tail[] = {"plain-file/out", "missing/out", "plain-file"};
    for (size_t i = 0; i < 3; i++) {
        snprintf(dir, sizeof dir, "%s/%s", scratch, tail[i]);
        hamm_error_clear(&err);
        assert_int_equal(hamm_plot_write(doc, dir, &o, &res, &err), HAMM_ERR_IO);
        assert_string_equal(err.source, dir);
        assert_int_equal(entries(scratch), 1);
    }
    json_decref(doc);
}

static void a_late_failure_leaves_the_directory_as_it_was(void **state)
{
    (void)state;
    json_t *doc = load("validate.json");
    hamm_plot_options o = no_render();
    char empty[300], dir[300];
    snprintf(empty, sizeof empty, "%s/no-templates", scratch);
    assert_int_equal(mkdir(empty, 0777), 0);
    o.plots_dir = empty; /* the data file of figure 1 is written, then its script fails */
    hamm_plot_result res;
    hamm_error err;
    hamm_error_clear(&err);
    snprintf(dir, sizeof dir, "%s/new", scratch);
    assert_int_equal(hamm_plot_write(doc, dir, &o, &res, &err), HAMM_ERR_IO);
    assert_non_null(strstr(err.source, "common.gp"));
    assert_int_equal(entries(scratch), 1); /* neither new/ nor a staging directory */
    hamm_error_clear(&err);
    assert_int_equal(hamm_plot_write(doc, empty, &o, &res, &err), HAMM_ERR_IO);
    assert_int_equal(entries(empty), 0); /* an existing directory is left as it was */
    json_decref(doc);
}

/* gnuplot missing from PATH: the images are skipped, the rest written. */
static void without_gnuplot_scripts_are_still_written(void **state)
{
    (void)state;
    json_t *doc = load("sweep-queue_size.json");
    hamm_plot_options o = no_render();
    o.render = 1;
    char *path = getenv("PATH") ? strdup(getenv("PATH")) : NULL;
    setenv("PATH", "/nonexistent", 1);
    hamm_plot_result res;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_status st = hamm_plot_write(doc, scratch, &o, &res, &err);
    if (path)
        setenv("PATH", path, 1);
    free(path);
    assert_int_equal(st, HAMM_OK);
    assert_int_equal(res.rendered, 0);
    assert_non_null(strstr(res.not_rendered, "gnuplot not found"));
    assert_int_equal(res.nfigures, 2);
    assert_string_equal(res.figures[0].name, "fig11-mae-queue_size");
    assert_int_equal(res.figures[0].has_png, 0);
    assert_non_null(slurp(scratch, "fig11-mae-queue_size.gp"));
    assert_string_equal(line_of(slurp(scratch, "fig11-mae-queue_size.dat"), "\"8\""),
                        "\"8\" 10.755 4.095 4.68 3.3");
    json_decref(doc);
}

/* What cannot be honoured is refused before anything is written: a gnuplot asked for by
 * name that cannot run (unlike the default missing from PATH), a prefix that is not part
 * of a file name. */
static void options_that_cannot_be_honoured_write_nothing(void **state)
{
    (void)state;
    json_t *doc = load("sweep-queue_size.json");
    hamm_plot_options o = no_render();
    o.render = 1;
    o.gnuplot = "/nonexistent/gnuplot";
    hamm_plot_result res;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_plot_write(doc, scratch, &o, &res, &err), HAMM_ERR_IO);
    assert_string_equal(err.source, "/nonexistent/gnuplot");
    o = no_render();
    static const char *const bad[] = {"../x", "d/", "a\nb", "\t", ".", "..", ".x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        o.prefix = bad[i];
        hamm_error_clear(&err);
        assert_int_equal(hamm_plot_write(doc, scratch, &o, &res, &err), HAMM_ERR_ARG);
        assert_string_equal(err.field, "prefix");
    }
    assert_int_equal(entries(scratch), 0);
    o.prefix = "a..b-";
    assert_int_equal(hamm_plot_write(doc, scratch, &o, &res, &err), HAMM_OK);
    assert_non_null(slurp(scratch, "a..b-fig11-mae-queue_size.gp"));
    json_decref(doc);
}

/* Nothing the page could fetch: no URL scheme, no protocol-relative or absolute-path
 * reference, no script, no external style or font. */
static void assert_self_contained(const char *html)
{
    static const char *const banned[] = {"http:", "https:", "//", "<script", "<link",
                                         "@import", "src=", "@font-face", "<iframe"};
    for (size_t i = 0; i < sizeof banned / sizeof banned[0]; i++)
        if (strstr(html, banned[i])) {
            print_error("index.html holds \"%s\"\n", banned[i]);
            fail();
        }
}

static void index_page_is_self_contained(void **state)
{
    (void)state;
    static const char svg[] =
        "<?xml version=\"1.0\"?>\n<svg width=\"80\" height=\"50\"\n"
        " xmlns=\"http://www.w3.org/2000/svg\"\n xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n"
        "<defs><path id='gpPt1' d='M0,0'/></defs><use xlink:href='#gpPt1'/>"
        "<rect fill=\"url(#gpPat1)\"/></svg>\n";
    char path[400];
    snprintf(path, sizeof path, "%s/fig.svg", scratch);
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs(svg, fp);
    fclose(fp);
    hamm_plot_result drawn = {.schema = "hamm-validate/1", .nfigures = 1, .rendered = 1};
    snprintf(drawn.figures[0].name, sizeof drawn.figures[0].name, "fig");
    snprintf(drawn.figures[0].title, sizeof drawn.figures[0].title, "A <figure> & more");
    drawn.figures[0].has_svg = 1;
    hamm_plot_result skipped = {.schema = "hamm-sweep/1", .nfigures = 0, .rendered = 0};
    snprintf(skipped.not_rendered, sizeof skipped.not_rendered, "gnuplot not found");
    json_t *v = load("validate.json"), *s = load("sweep-scheduler.json");
    const json_t *sweeps[] = {s};
    const hamm_plot_result *plots[] = {&drawn, &skipped};
    hamm_report_page page = {"hamm report --suite x 'a b'", v, sweeps, 1, plots, 2, NULL, 0};
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_report_write_index(scratch, &page, &err), HAMM_OK);
    char *html = strdup(slurp(scratch, "index.html"));
    assert_self_contained(html);
    assert_non_null(strstr(html, "<pre>hamm report --suite x 'a b'</pre>"));
    assert_non_null(strstr(html, "Produced by hamm 0.1.0"));
    assert_non_null(strstr(html, "<td>no-overlap</td><td>4</td><td>17.9</td><td>24.1</td>"
                                 "<td>40.6</td><td>0.902</td><td>-0.997</td>"));
    assert_non_null(strstr(html, "MAE 15.2, r 0.688, polarity -0.579"));
    assert_non_null(strstr(html, "MAE 27.2, r 0.416, polarity 0.985"));
    assert_non_null(strstr(html, "<h3>A &lt;figure&gt; &amp; more</h3>"));
    /* the SVG inline, its ids and references prefixed */
    assert_non_null(strstr(html, "<path id='f0-gpPt1'"));
    assert_non_null(strstr(html, "xlink:href='#f0-gpPt1'"));
    assert_non_null(strstr(html, "url(#f0-gpPat1)"));
    assert_non_null(strstr(html, "Images were skipped for the hamm-sweep/1 figures: gnuplot"));
    /* the sweep's table: no-overlap errors scaled by 1.2 at most-pending: 17.925 x 1.2 */
    assert_non_null(strstr(html, "<th>scheduler</th>"));
    assert_non_null(strstr(html, "<td>most-pending</td><td>21.5</td>"));
    free(html);
    const char *md = slurp(scratch, "index.md");
    assert_non_null(strstr(md, "| full-overlap | 4 | 6.8 | 7.3 | 9.0 | 0.994 | 1.000 |"));
    assert_non_null(strstr(md, "    hamm report --suite x 'a b'\n"));
    json_decref(v);
    json_decref(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(validate_data_hold_the_json_values, setup, teardown),
        cmocka_unit_test_setup_teardown(locality_has_means_and_layout, setup, teardown),
        cmocka_unit_test_setup_teardown(sweep_over_scheduler_is_figure_13, setup, teardown),
        cmocka_unit_test_setup_teardown(unknown_schema_is_a_clear_error, setup, teardown),
        cmocka_unit_test_setup_teardown(unwritable_directory_leaves_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(a_late_failure_leaves_the_directory_as_it_was, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(without_gnuplot_scripts_are_still_written, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(options_that_cannot_be_honoured_write_nothing, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(index_page_is_self_contained, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
