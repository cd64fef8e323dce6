/* hamm/plot.h - figures from hamm's JSON results (gnuplot data files, scripts and, when
 * gnuplot is installed, PNG/SVG/PDF images) and the report page that shows them.
 * docs/PLOTS.md describes every figure. */
#ifndef HAMM_PLOT_H
#define HAMM_PLOT_H

#include <stddef.h>

#include <jansson.h>

#include "hamm/error.h"
#include "hamm/export.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HAMM_PLOT_MAX_FIGURES 16

/* One figure written into the output directory as NAME.dat (the numbers), NAME.gp (the
 * gnuplot script that reads NAME.dat, run with the directory as working directory) and,
 * when rendered, NAME.png, NAME.svg and NAME.pdf. */
typedef struct hamm_plot_figure {
    char name[96];   /* file base name, prefix included */
    char title[192]; /* one-line caption, the paper's figure number where there is one */
    int has_png, has_svg, has_pdf;
} hamm_plot_figure;

typedef struct hamm_plot_result {
    char schema[32]; /* the schema of the document plotted */
    size_t nfigures;
    hamm_plot_figure figures[HAMM_PLOT_MAX_FIGURES];
    int rendered;            /* 1 when gnuplot drew the images */
    char not_rendered[192];  /* why not, when rendered is 0 ("gnuplot not found ...") */
} hamm_plot_result;

typedef struct hamm_plot_options {
    const char *plots_dir; /* the figure templates (plots/ of the source tree, or installed) */
    const char *gnuplot;   /* program to run: NULL means "gnuplot" found on PATH */
    int render;            /* 0: write data files and scripts only */
    const char *prefix;    /* prepended to every file name (NULL: none), so several
                              documents can share one directory */
    const char *source;    /* the JSON file's name, quoted in the scripts (may be NULL) */
} hamm_plot_options;

/* Defaults: render with gnuplot from PATH, no prefix, plots_dir NULL (caller sets it). */
HAMM_API void hamm_plot_options_init(hamm_plot_options *o);

/* Whether `o` can be honoured, checked before anything is written: a prefix is part of a
 * file name (no '/', no control character, no leading '.': HAMM_ERR_ARG, field
 * "prefix"); a gnuplot named in o->gnuplot must run when rendering is asked for
 * (HAMM_ERR_IO naming it).  Only the default gnuplot missing from PATH is no error: the
 * images are skipped. */
HAMM_API hamm_status hamm_plot_options_check(const hamm_plot_options *o, hamm_error *err);

/* Write the figures of `doc` (dispatching on doc["schema"]: hamm-validate/1,
 * hamm-sweep/1, hamm-predict/1, hamm-simulate/1, hamm-stats/1) into `dir`, creating it
 * when missing.  Everything is written to a staging directory first and moved in at the
 * end, so a failure leaves `dir` as it was (and no new directory).  The default gnuplot
 * missing from PATH is not an error: res->rendered is 0 and res->not_rendered says why.
 * gnuplot failing or printing anything (a warning) is an error naming the script.
 * Errors: hamm_plot_options_check's, HAMM_ERR_FORMAT (unknown schema, missing field: the
 * JSON path), HAMM_ERR_IO (directory, templates, gnuplot), HAMM_ERR_NOMEM. */
HAMM_API hamm_status hamm_plot_write(const json_t *doc, const char *dir,
                                     const hamm_plot_options *o, hamm_plot_result *res,
                                     hamm_error *err);

/* An output directory built aside and put in place whole (what hamm_plot_write does for
 * its own files; `hamm report` does it for the whole report): hamm_stage_open makes a
 * staging directory (inside `dir` when it exists, else beside it), the caller writes
 * into stage.path, hamm_stage_commit puts everything in place (moving the files into
 * `dir`, or renaming the stage to it) and hamm_stage_abort removes the stage and the files
 * in it.  Either ends the stage.  Only plain files are moved. */
typedef struct hamm_stage {
    char path[4096]; /* where to write */
    char dir[4096];  /* the output directory */
    int exists;      /* dir existed when the stage was opened */
    /* Files the commit must never replace (the run's inputs), or NULL; set after open. */
    const struct hamm_input_set *inputs;
} hamm_stage;
HAMM_API hamm_status hamm_stage_open(hamm_stage *s, const char *dir, hamm_error *err);
HAMM_API hamm_status hamm_stage_commit(hamm_stage *s, hamm_error *err);
HAMM_API void hamm_stage_abort(hamm_stage *s);
/* An error met while writing into the stage names the stage's paths, which are gone
 * once it ends: this names `dir` in their place (in the error's source and text), where
 * the files were going. */
HAMM_API void hamm_stage_blame(const hamm_stage *s, hamm_error *err);

/* What the report page shows. */
typedef struct hamm_report_page {
    const char *command_line;             /* the command that produced it, shown verbatim */
    const json_t *validate;               /* hamm-validate/1 document, or NULL */
    const json_t *const *sweeps;          /* hamm-sweep/1 documents (nsweeps of them) */
    size_t nsweeps;
    const hamm_plot_result *const *plots; /* figures already written into dir, in order */
    size_t nplots;
    const json_t *const *experiments;     /* hamm-experiment/1 documents (nexperiments) */
    size_t nexperiments;
} hamm_report_page;

/* Write dir/index.md and a self-contained dir/index.html (SVGs inline; nothing loaded from
 * anywhere else): the headline error table of `validate` against the published figures,
 * the sweeps' MAE tables, every figure with links to its data and script, the command and
 * the hamm version.  Each file is written to a temporary and renamed.  Errors:
 * HAMM_ERR_IO, HAMM_ERR_NOMEM, HAMM_ERR_FORMAT (a document without the fields it needs). */
HAMM_API hamm_status hamm_report_write_index(const char *dir, const hamm_report_page *page,
                                             hamm_error *err);

#ifdef __cplusplus
}
#endif

#endif
