/* plot_emit.c - a figure's files: the data file as built, and the script, which is the
 * figure's variables (data file, output name, axis titles) followed by the templates
 * plots/common.gp and plots/<kind>.gp copied in, so each script stands alone for editing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hamm_build_config.h"
#include "plot_internal.h"

static const char *const template_names[PLOT_KIND_COUNT] = {
    "bars.gp", "scatter.gp", "lines.gp", "regions.gp", "loglog.gp", "curves.gp"};

void plot_fig_init(plot_fig *f, plot_kind kind, const char *name, const char *title)
{
    memset(f, 0, sizeof *f);
    f->kind = kind;
    snprintf(f->name, sizeof f->name, "%s", name);
    snprintf(f->title, sizeof f->title, "%s", title);
    f->yrange = "[0:*]";
    f->xrot = -1;
    f->firststyle = 1;
    f->xlabel = "";
    f->ylabel = "";
}

static void put_var(plot_buf *b, const char *name, const char *value)
{
    plot_buf_printf(b, "%s = ", name);
    escape_gp_string(plot_out(b), value);
    plot_buf_put(b, "\n", 1);
}

static hamm_status append_template(const plot_ctx *c, plot_buf *b, const char *file,
                                   hamm_error *err)
{
    char path[4096];
    int n = snprintf(path, sizeof path, "%s/%s", c->opt->plots_dir, file);
    if (n < 0 || (size_t)n >= sizeof path)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(c->opt->plots_dir), NULL, "path too long");
    char *text;
    size_t len;
    hamm_status st = plot_read_file(path, &text, &len, err);
    if (st != HAMM_OK)
        return st;
    plot_buf_printf(b, "\n# ---- from the template %s ----\n", file);
    plot_buf_put(b, text, len);
    free(text);
    return HAMM_OK;
}

/* What the bar template needs to lay out names: the number of data rows (lines that are
 * neither comments nor the column header), the longest and the first group name's
 * length, how many groups at the end are means over the others ("AM", "HM", "GM"), and the
 * longest series title (a quoted column header) for the legend. */
typedef struct label_stats {
    int groups, longest, first, means, keychars;
} label_stats;

/* The longest double-quoted string on the line that starts at p. */
static int longest_quoted(const char *p)
{
    int best = 0;
    while (*p && *p != '\n') {
        const char *end = *p == '"' ? strchr(p + 1, '"') : NULL;
        if (end && end - p - 1 > best)
            best = (int)(end - p - 1);
        p = end ? end + 1 : p + 1;
    }
    return best;
}

static label_stats scan_labels(const plot_fig *f)
{
    label_stats ls = {0, 0, 0, 0, 0};
    int rows = 0;
    for (const char *p = f->data.s; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
        if (*p == '#' || *p == '\n')
            continue;
        if (rows++ == 0) {
            ls.keychars = longest_quoted(p);
            continue;
        }
        /* a row opens with its quoted label; quotes inside were replaced when written */
        const char *end = *p == '"' ? strchr(p + 1, '"') : NULL;
        int len = end ? (int)(end - p - 1) : 0;
        ls.longest = len > ls.longest ? len : ls.longest;
        if (ls.groups++ == 0)
            ls.first = len;
        int mean = len == 2 && (strncmp(p + 1, "AM", 2) == 0 || strncmp(p + 1, "HM", 2) == 0 ||
                                strncmp(p + 1, "GM", 2) == 0);
        ls.means = mean ? ls.means + 1 : 0;
    }
    return ls;
}

/* The comment that opens a script: what it is, where from, how to run it. */
static void put_intro(const plot_ctx *c, const plot_fig *f, const char *base, plot_buf *b)
{
    /* the name as comment text (a prefix may hold anything) */
    plot_buf name = {0};
    escape_line(plot_out(&name), base);
    const char *n = name.s ? name.s : "";
    b->oom |= name.oom;
    plot_buf_printf(b, "# %s.gp - ", n);
    escape_line(plot_out(b), f->title);
    plot_buf_printf(b, "\n# Written by hamm %s from ", HAMM_VERSION);
    escape_line(plot_out(b), c->opt->source ? c->opt->source : "a JSON document");
    plot_buf_printf(b, " (%s).\n", c->schema);
    plot_buf_printf(b, "# Run it in this directory: gnuplot %s.gp\n", n);
    plot_buf_printf(b, "# It reads %s.dat and writes %s.png, %s.svg and, where gnuplot has "
                       "pdfcairo, %s.pdf.\n# Edit the variables below or the template "
                       "code after them, then rerun.\n\n",
                    n, n, n, n);
    plot_buf_free(&name);
}

static void put_header(const plot_ctx *c, const plot_fig *f, const char *base, plot_buf *b)
{
    put_intro(c, f, base, b);
    char dat[128];
    snprintf(dat, sizeof dat, "%s.dat", base);
    put_var(b, "data", dat);
    put_var(b, "out", base);
    put_var(b, "ylabel", f->ylabel);
    put_var(b, "xlabel", f->xlabel);
    put_var(b, "yrange", f->yrange);
    put_var(b, "panels", f->panels);
    label_stats ls = scan_labels(f);
    plot_buf_printf(b, "nseries = %d\nngroups = %d\n", f->nseries, ls.groups);
    plot_buf_printf(b, "firststyle = %d  # the colour and fill of the first series\n"
                       "ylog = %d  # 1: logarithmic y axis\nxlog = %d  # 1: logarithmic x "
                       "axis (regions, curves)\n",
                    f->firststyle, f->ylog, f->xlog);
    plot_buf_printf(b, "xrot = %d  # tic label angle in degrees; -1: level if they fit, "
                       "else 45 or 90\n",
                    f->xrot);
    plot_buf_printf(b, "labelchars = %d  # the longest group name\nfirstchars = %d\n"
                       "nmeans = %d  # the last groups that are means over the others\n"
                       "keychars = %d  # the longest series title\n",
                    ls.longest, ls.first, ls.means, ls.keychars);
}

static hamm_status emit(plot_ctx *c, plot_fig *f, const char *base, hamm_error *err)
{
    plot_buf script = {0};
    put_header(c, f, base, &script);
    hamm_status st = append_template(c, &script, "common.gp", err);
    if (st == HAMM_OK)
        st = append_template(c, &script, template_names[f->kind], err);
    if (st == HAMM_OK && (script.oom || f->data.oom))
        st = hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(base), NULL, "out of memory");
    char file[128];
    if (st == HAMM_OK) {
        snprintf(file, sizeof file, "%s.dat", base);
        st = plot_write_file(c->stage, file, f->data.s ? f->data.s : "", f->data.len, err);
    }
    if (st == HAMM_OK) {
        snprintf(file, sizeof file, "%s.gp", base);
        st = plot_write_file(c->stage, file, script.s, script.len, err);
    }
    plot_buf_free(&script);
    return st;
}

/* A figure's name may come from an input (an experiment's name, a swept key, an MWP
 * parameter) and becomes file names and links: every byte but [A-Za-z0-9._+-] becomes
 * '_', so no name reaches outside the directory or needs quoting anywhere. */
static void file_name_part(char *name)
{
    for (; *name; name++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-", *name))
            *name = '_';
}

hamm_status plot_fig_emit(plot_ctx *c, plot_fig *f, hamm_error *err)
{
    hamm_plot_result *r = c->res;
    hamm_status st = HAMM_OK;
    if (r->nfigures >= HAMM_PLOT_MAX_FIGURES)
        st = hamm_error_set(err, HAMM_ERR_ARG, "more than %d figures", HAMM_PLOT_MAX_FIGURES);
    hamm_plot_figure *fig = &r->figures[r->nfigures];
    if (st == HAMM_OK) {
        memset(fig, 0, sizeof *fig);
        file_name_part(f->name);
        snprintf(fig->name, sizeof fig->name, "%s%s", c->opt->prefix ? c->opt->prefix : "",
                 f->name);
        snprintf(fig->title, sizeof fig->title, "%s", f->title);
        st = emit(c, f, fig->name, err);
    }
    if (st == HAMM_OK)
        r->nfigures++;
    plot_buf_free(&f->data);
    return st;
}
