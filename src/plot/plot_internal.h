/* plot_internal.h - what the figure writers share: a growable text buffer, JSON readers
 * that turn null into NaN, and the figure being built. */
#ifndef HAMM_PLOT_INTERNAL_H
#define HAMM_PLOT_INTERNAL_H

#include <stddef.h>

#include <jansson.h>

#include "common/escape.h"
#include "hamm/plot.h"

/* Text built piece by piece; running out of memory sets oom and later appends do nothing,
 * so a writer checks once at the end. */
typedef struct plot_buf {
    char *s;
    size_t len, cap;
    int oom;
} plot_buf;

void plot_buf_printf(plot_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void plot_buf_put(plot_buf *b, const char *s, size_t n);
/* Append a NUL-terminated string. */
void plot_buf_str(plot_buf *b, const char *s);
void plot_buf_free(plot_buf *b);
/* A number for a data file: 15 significant digits, NaN for "not defined" (gnuplot
 * leaves such a point out). */
void plot_buf_num(plot_buf *b, double v);
/* The buffer as where escaped text goes (common/escape.h: every text from an input
 * reaches a figure's files through it). */
escape_out plot_out(plot_buf *b);
/* A comment line of a data file or script: "# ", `lead` as it is, `text` escaped, "\n". */
void plot_buf_comment(plot_buf *b, const char *lead, const char *text);

/* obj[key] as a number, NaN when missing, null or not a number. */
double plot_num(const json_t *obj, const char *key);
/* obj[key] as a string, `dflt` when missing or not a string. */
const char *plot_str(const json_t *obj, const char *key, const char *dflt);

/* The kinds of figure, one template each in plots/. */
typedef enum plot_kind {
    PLOT_BARS,
    PLOT_SCATTER,
    PLOT_LINES,
    PLOT_REGIONS,
    PLOT_LOGLOG,
    PLOT_CURVES,
    PLOT_KIND_COUNT
} plot_kind;

/* A figure being built: the data text and the variables its script sets. */
typedef struct plot_fig {
    plot_kind kind;
    char name[64];      /* file base name without the prefix */
    char title[192];    /* caption */
    const char *ylabel; /* axis titles with units */
    const char *xlabel;
    const char *yrange; /* gnuplot range text, e.g. "[0:100]" or "[0:*]" */
    int nseries;        /* bars: data columns after the label; scatter: panels */
    int xrot;           /* x tic label angle in degrees; -1 (the default): automatic */
    int firststyle;     /* bars: the colour and pattern of the first series (1: the first);
                           a heuristic keeps its look from figure to figure */
    int ylog;           /* 1: a logarithmic y axis (values over orders of magnitude) */
    int xlog;           /* regions: 1, a logarithmic x axis */
    char panels[1024];  /* scatter, lines: the panels' titles, space-separated */
    plot_buf data;
} plot_fig;

/* Where figures go while a document is being plotted. */
typedef struct plot_ctx {
    const char *stage;           /* the staging directory */
    const hamm_plot_options *opt;
    const char *schema;
    hamm_plot_result *res;
} plot_ctx;

/* Start a figure (clears *f). */
void plot_fig_init(plot_fig *f, plot_kind kind, const char *name, const char *title);
/* Write f's data file and script into the staging directory, record it in the result and
 * free f's buffer (also on failure). */
hamm_status plot_fig_emit(plot_ctx *c, plot_fig *f, hamm_error *err);

/* The figure writers, one per schema. */
hamm_status plot_validate(plot_ctx *c, const json_t *doc, hamm_error *err);
/* Whether a hamm-validate/1 document has every field its figures read, of the right type
 * (plot_check.c); the error names the JSON path. */
hamm_status plot_validate_check(const plot_ctx *c, const json_t *doc, hamm_error *err);
/* Whether a hamm-validate/1 document has "mwp" entries, and their figure
 * (plot_mwp_cycles.c). */
int plot_has_mwp(const json_t *doc);
hamm_status plot_mwp(plot_ctx *c, const json_t *doc, hamm_error *err);
hamm_status plot_sweep(plot_ctx *c, const json_t *doc, hamm_error *err);
/* Every point of a hamm-sweep/1 document has what its figures read (heuristics h, from
 * its first point): else an error naming the file, the point and the field. */
hamm_status plot_sweep_check(const plot_ctx *c, const json_t *doc, const char **h, size_t nh,
                             hamm_error *err);
hamm_status plot_predict(plot_ctx *c, const json_t *doc, hamm_error *err);
/* hamm-mwp-sweep/1 (plot_mwp.c). */
hamm_status plot_mwp_sweep(plot_ctx *c, const json_t *doc, hamm_error *err);
hamm_status plot_simulate(plot_ctx *c, const json_t *doc, hamm_error *err);
hamm_status plot_stats(plot_ctx *c, const json_t *doc, hamm_error *err);
/* hamm-conflicts/1: the stride table of each scheme (plot_conflicts.c). */
hamm_status plot_conflicts(plot_ctx *c, const json_t *doc, hamm_error *err);

/* hamm-experiment/1: a suite's experiment (plot_experiment.c). */
hamm_status plot_experiment(plot_ctx *c, const json_t *doc, hamm_error *err);

/* A missing field: HAMM_ERR_FORMAT naming the JSON path. */
hamm_status plot_missing(const plot_ctx *c, const char *path, hamm_error *err);

/* Run `script` with gnuplot in `dir`; anything it prints is an error.  *found is set to 0
 * (and HAMM_OK returned) when the program does not exist. */
hamm_status plot_gnuplot_run(const char *program, const char *dir, const char *script,
                             int *found, hamm_error *err);
/* 1 when `program` names an executable (a path, or a name found on PATH). */
int plot_gnuplot_exists(const char *program);

/* Write `len` bytes to dir/name through a temporary renamed into place. */
hamm_status plot_write_file(const char *dir, const char *name, const char *text, size_t len,
                            hamm_error *err);
/* The two halves of plot_write_file, so several files can be written before any is
 * renamed: stage into a temporary beside dir/name (its name into tmp), then rename it
 * (the temporary is removed when that fails; unlink it yourself to give it up). */
hamm_status plot_stage_file(const char *dir, const char *name, const char *text, size_t len,
                            char *tmp, size_t tmpsize, hamm_error *err);
hamm_status plot_commit_file(const char *dir, const char *name, const char *tmp,
                             hamm_error *err);
/* Read a whole file (malloc'd, NUL-terminated; *len its length). */
hamm_status plot_read_file(const char *path, char **text, size_t *len, hamm_error *err);

/* The heuristic names of a validate document's "heuristics" array. */
size_t plot_heuristics(const json_t *doc, const char **names, size_t max);

/* A sweep point's label: the value with one axis, "k=v,k=v" with several; keys linked to
 * an axis are left out (plot_sweep.c). */
void plot_point_label(const json_t *grid, const json_t *pt, char *out, size_t size);

/* A sweep point's label: the value with one axis, "k=v,k=v" with several; keys linked to
 * an axis are left out (plot_sweep.c). */
void plot_point_label(const json_t *grid, const json_t *pt, char *out, size_t size);

#endif
