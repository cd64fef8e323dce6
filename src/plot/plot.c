/* plot.c - hamm_plot_write: pick the figure writer by schema, build every file in a
 * staging directory, render with gnuplot, then move the files into place, so a failure
 * leaves the output directory as it was. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plot_internal.h"

typedef hamm_status (*plot_fn)(plot_ctx *c, const json_t *doc, hamm_error *err);

static const struct {
    const char *schema;
    plot_fn fn;
} writers[] = {
    {"hamm-validate/1", plot_validate}, {"hamm-sweep/1", plot_sweep},
    {"hamm-predict/1", plot_predict},   {"hamm-simulate/1", plot_simulate},
    {"hamm-stats/1", plot_stats},       {"hamm-conflicts/1", plot_conflicts},
    {"hamm-mwp-sweep/1", plot_mwp_sweep}, {"hamm-experiment/1", plot_experiment},
};
#define NWRITERS (sizeof writers / sizeof writers[0])

void hamm_plot_options_init(hamm_plot_options *o)
{
    memset(o, 0, sizeof *o);
    o->render = 1;
}

/* A prefix is part of a file name: no '/', which would reach out of the directory, no
 * control character, and no leading '.', which makes "." or ".." of an empty name and
 * hidden files of any other. */
static hamm_status check_prefix(const char *prefix, hamm_error *err)
{
    const char *why = NULL;
    for (const unsigned char *p = (const unsigned char *)prefix; !why && *p; p++)
        if (*p == '/')
            why = "holds a '/'";
        else if (*p < 0x20 || *p == 0x7f)
            why = "holds a control character";
    if (!why && prefix[0] == '.')
        why = "begins with '.'";
    return why ? hamm_error_field(err, HAMM_ERR_ARG, "prefix",
                                  "%s: a prefix is the start of the figures' file names, "
                                  "so it may hold no '/' nor control character, nor begin "
                                  "with '.'", why)
               : HAMM_OK;
}

hamm_status hamm_plot_options_check(const hamm_plot_options *o, hamm_error *err)
{
    hamm_status st = o->prefix ? check_prefix(o->prefix, err) : HAMM_OK;
    if (st != HAMM_OK || !o->render || !o->gnuplot || plot_gnuplot_exists(o->gnuplot))
        return st;
    return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(o->gnuplot), NULL,
                         "cannot run this gnuplot: %s (draw no images with --no-render)",
                         strchr(o->gnuplot, '/') ? "not an executable file"
                                                 : "no executable of that name on PATH");
}

hamm_status plot_missing(const plot_ctx *c, const char *path, hamm_error *err)
{
    return hamm_error_at(err, HAMM_ERR_FORMAT, HAMM_IN(c->opt->source), path,
                         "missing or not of the type %s needs", c->schema);
}

static plot_fn find_writer(const json_t *doc, const hamm_plot_options *o, hamm_error *err)
{
    const char *schema = plot_str(doc, "schema", NULL);
    for (size_t i = 0; schema && i < NWRITERS; i++)
        if (strcmp(writers[i].schema, schema) == 0)
            return writers[i].fn;
    if (schema)
        hamm_error_at(err, HAMM_ERR_FORMAT, HAMM_IN(o->source), "schema",
                      "unknown schema '%s': hamm plot reads hamm-validate/1, hamm-sweep/1, "
                      "hamm-predict/1, hamm-simulate/1, hamm-stats/1, hamm-conflicts/1, "
                      "hamm-mwp-sweep/1 and hamm-experiment/1",
                      schema);
    else
        hamm_error_at(err, HAMM_ERR_FORMAT, HAMM_IN(o->source), "schema",
                      "no \"schema\" string: not a JSON result of hamm");
    return NULL;
}

static void note_image(hamm_plot_figure *f, const char *stage)
{
    char path[4400];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s.png", stage, f->name);
    f->has_png = stat(path, &st) == 0;
    snprintf(path, sizeof path, "%s/%s.svg", stage, f->name);
    f->has_svg = stat(path, &st) == 0;
    snprintf(path, sizeof path, "%s/%s.pdf", stage, f->name);
    f->has_pdf = stat(path, &st) == 0;
}

static hamm_status render(plot_ctx *c, hamm_error *err)
{
    const char *prog = c->opt->gnuplot ? c->opt->gnuplot : "gnuplot";
    if (!c->opt->render) {
        snprintf(c->res->not_rendered, sizeof c->res->not_rendered, "rendering was not asked for");
        return HAMM_OK;
    }
    if (!plot_gnuplot_exists(prog)) {
        snprintf(c->res->not_rendered, sizeof c->res->not_rendered,
                 "%s not found (install gnuplot, e.g. gnuplot-nox, and rerun the scripts)",
                 prog);
        return HAMM_OK;
    }
    for (size_t i = 0; i < c->res->nfigures; i++) {
        hamm_plot_figure *f = &c->res->figures[i];
        char script[128];
        int found = 1;
        snprintf(script, sizeof script, "%s.gp", f->name);
        hamm_status st = plot_gnuplot_run(prog, c->stage, script, &found, err);
        if (st != HAMM_OK)
            return st;
        note_image(f, c->stage);
    }
    c->res->rendered = 1;
    return HAMM_OK;
}

hamm_status hamm_plot_write(const json_t *doc, const char *dir, const hamm_plot_options *o,
                            hamm_plot_result *res, hamm_error *err)
{
    memset(res, 0, sizeof *res);
    if (!doc || !dir || !o || !o->plots_dir)
        return hamm_error_set(err, HAMM_ERR_ARG,
                              "hamm_plot_write: no document, directory or templates");
    if (hamm_plot_options_check(o, err) != HAMM_OK)
        return err ? err->status : HAMM_ERR_ARG;
    plot_fn fn = find_writer(doc, o, err);
    if (!fn)
        return err ? err->status : HAMM_ERR_FORMAT;
    hamm_stage stage;
    hamm_status st = hamm_stage_open(&stage, dir, err);
    if (st != HAMM_OK)
        return st;
    snprintf(res->schema, sizeof res->schema, "%s", plot_str(doc, "schema", ""));
    plot_ctx c = {stage.path, o, res->schema, res};
    st = fn(&c, doc, err);
    if (st == HAMM_OK)
        st = render(&c, err);
    if (st == HAMM_OK)
        return hamm_stage_commit(&stage, err);
    hamm_stage_blame(&stage, err);
    hamm_stage_abort(&stage);
    return st;
}
