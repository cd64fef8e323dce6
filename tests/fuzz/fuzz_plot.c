/* fuzz_plot.c - fuzzing the figure and report writers: the bytes, parsed as a JSON
 * document, go to hamm_plot_write (rendering off) into a fresh directory, then to
 * hamm_report_write_index as `hamm plot` would.
 *
 * Whatever the document holds (names with newlines, quotes, "../", gnuplot commands):
 *   - every line of every script written is empty, a line of a template in plots/, a `#`
 *     comment that does not end in a backslash (gnuplot would continue it), `name =
 *     'string'` closed on its line, or `name = number` with an optional comment; no
 *     control character but the newline is in a script, a data file or index.md;
 *   - every '<' of index.md is escaped, and every '<' of index.html opens a tag the page
 *     writer writes;
 *   - nothing lands outside the output directory, and inside it only the figures' .gp and
 *     .dat files and the two pages; a failure leaves nothing, with a filled-in error. */
#include <dirent.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"
#include "hamm/plot.h"

static char root[512]; /* the temporary directory: it must hold nothing but out/ */
static char out[600];  /* root/out: the output directory, absent between inputs */

/* Every line of the templates, sorted: a script may copy any of them. */
static char **template_lines;
static size_t ntemplate_lines;

/* A whole file, NUL-terminated (malloc'd); NULL when it cannot be read. */
static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *s = malloc(cap);
    for (size_t got; s && (got = fread(s + n, 1, cap - n - 1, f)) > 0;) {
        n += got;
        if (n + 1 == cap) {
            char *p = realloc(s, cap *= 2);
            if (!p)
                free(s);
            s = p;
        }
    }
    fclose(f);
    if (s)
        s[n] = '\0';
    return s;
}

static int compare_lines(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void add_template(const char *path)
{
    char *text = read_all(path);
    FUZZ_CHECK(text != NULL, "cannot read the template %s", path);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char **p = realloc(template_lines, (ntemplate_lines + 1) * sizeof *p);
        FUZZ_CHECK(p != NULL, "out of memory");
        template_lines = p;
        template_lines[ntemplate_lines] = strdup(line);
        FUZZ_CHECK(template_lines[ntemplate_lines++] != NULL, "out of memory");
    }
    free(text);
}

static void load_templates(void)
{
    DIR *d = opendir(HAMM_SOURCE_PLOTSDIR);
    FUZZ_CHECK(d != NULL, "cannot list %s", HAMM_SOURCE_PLOTSDIR);
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t n = strlen(e->d_name);
        if (n > 3 && strcmp(e->d_name + n - 3, ".gp") == 0) {
            char path[1024];
            snprintf(path, sizeof path, "%s/%s", HAMM_SOURCE_PLOTSDIR, e->d_name);
            add_template(path);
        }
    }
    closedir(d);
    FUZZ_CHECK(ntemplate_lines > 0, "no template in %s", HAMM_SOURCE_PLOTSDIR);
    qsort(template_lines, ntemplate_lines, sizeof *template_lines, compare_lines);
}

static void cleanup(void)
{
    for (size_t i = 0; i < ntemplate_lines; i++)
        free(template_lines[i]);
    free(template_lines);
    rmdir(root);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *tmp = getenv("TMPDIR");
    snprintf(root, sizeof root, "%s/hamm-fuzz-plot-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    FUZZ_CHECK(mkdtemp(root) != NULL, "cannot make a temporary directory from %s", root);
    snprintf(out, sizeof out, "%s/out", root);
    load_templates();
    atexit(cleanup);
    return 0;
}

/* No control character but the newline in a file's text. */
static void check_no_control(const char *path, const char *text)
{
    for (const char *p = text; *p; p++)
        FUZZ_CHECK(*p == '\n' || ((unsigned char)*p >= 0x20 && *p != 0x7f),
                   "%s: control character 0x%02x at byte %zu", path, (unsigned char)*p,
                   (size_t)(p - text));
}

/* `name = 'string'` closed on its line (quotes doubled inside) or `name = number`,
 * optionally followed by a comment. */
static int is_assignment(const char *line, const char *path)
{
    const char *p = line;
    if (*p != '_' && !((*p | 0x20) >= 'a' && (*p | 0x20) <= 'z'))
        return 0;
    p += strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
    if (strncmp(p, " = ", 3) != 0)
        return 0;
    p += 3;
    if (*p == '\'') {
        for (p++; *p && !(*p == '\'' && p[1] != '\''); p += *p == '\'' ? 2 : 1)
            ;
        FUZZ_CHECK(*p == '\'', "%s: a string literal spans a newline: %s", path, line);
        return p[1] == '\0';
    }
    p += *p == '-';
    size_t digits = strspn(p, "0123456789");
    p += digits;
    if (*p == '.')
        p += 1 + strspn(p + 1, "0123456789");
    return digits > 0 && (*p == '\0' || strncmp(p, "  # ", 4) == 0);
}

static void check_script(const char *path)
{
    char *text = read_all(path);
    FUZZ_CHECK(text != NULL, "cannot read %s", path);
    check_no_control(path, text);
    char *next;
    for (char *line = text; *line; line = next) {
        next = strchr(line, '\n');
        FUZZ_CHECK(next != NULL, "%s: the last line has no newline", path);
        *next++ = '\0';
        if (!*line || bsearch(&line, template_lines, ntemplate_lines, sizeof *template_lines,
                              compare_lines))
            continue;
        FUZZ_CHECK(line[strlen(line) - 1] != '\\', "%s: a line ends in a backslash: %s", path,
                   line);
        FUZZ_CHECK(line[0] == '#' || is_assignment(line, path),
                   "%s: neither a comment, a template line nor an assignment: %s", path, line);
    }
    free(text);
}

/* index.md: every '<' escaped.  index.html: every '<' opens a tag the page writes. */
static void check_pages(void)
{
    static const char *const tags[] = {"<!DOCTYPE html>", "<html ", "<head>", "<meta ",
                                       "<title>", "<style>", "<body>", "<h1>", "<h2>", "<h3>",
                                       "<p>", "<p class=", "<table>", "<table class=",
                                       "<tr>", "<th>", "<td>", "<pre>", "<figure>", "<a href=",
                                       "</"};
    char path[700];
    snprintf(path, sizeof path, "%s/index.md", out);
    char *md = read_all(path);
    FUZZ_CHECK(md != NULL, "no %s", path);
    check_no_control(path, md);
    for (const char *p = strchr(md, '<'); p; p = strchr(p + 1, '<'))
        FUZZ_CHECK(p > md && p[-1] == '\\', "index.md: a raw '<' at byte %zu", (size_t)(p - md));
    free(md);
    snprintf(path, sizeof path, "%s/index.html", out);
    char *html = read_all(path);
    FUZZ_CHECK(html != NULL, "no %s", path);
    for (const char *p = strchr(html, '<'); p; p = strchr(p + 1, '<')) {
        size_t t = 0;
        while (t < sizeof tags / sizeof tags[0] && strncmp(p, tags[t], strlen(tags[t])) != 0)
            t++;
        FUZZ_CHECK(t < sizeof tags / sizeof tags[0], "index.html: a tag of no writer: %.40s", p);
    }
    free(html);
}

/* Whether `name` is a file the run may leave in out/: a figure's script or data, a page. */
static int expected_file(const char *name, const hamm_plot_result *res)
{
    if (strcmp(name, "index.md") == 0 || strcmp(name, "index.html") == 0)
        return 1;
    for (size_t i = 0; i < res->nfigures; i++) {
        size_t n = strlen(res->figures[i].name);
        if (strncmp(name, res->figures[i].name, n) == 0 &&
            (strcmp(name + n, ".gp") == 0 || strcmp(name + n, ".dat") == 0))
            return 1;
    }
    return 0;
}

/* root holds out/ alone (or nothing), out/ only what the run may write: remove them. */
static void check_and_clear(const hamm_plot_result *res, int wrote)
{
    DIR *d = opendir(root);
    FUZZ_CHECK(d != NULL, "cannot list %s", root);
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        FUZZ_CHECK(strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
                       (wrote && strcmp(e->d_name, "out") == 0),
                   "%s left beside the output directory", e->d_name);
    closedir(d);
    if (!wrote)
        return;
    d = opendir(out);
    FUZZ_CHECK(d != NULL, "cannot list %s", out);
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char path[1024];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", out, e->d_name);
        FUZZ_CHECK(lstat(path, &st) == 0 && S_ISREG(st.st_mode) && expected_file(e->d_name, res),
                   "out/%s: not a file this run writes", e->d_name);
        unlink(path);
    }
    closedir(d);
    FUZZ_CHECK(rmdir(out) == 0, "cannot remove %s", out);
}

static void check_failure(hamm_status st, const hamm_error *err, const char *what)
{
    FUZZ_CHECK(st > HAMM_OK && st < HAMM_STATUS_COUNT, "%s: status %d", what, (int)st);
    FUZZ_CHECK(err->status == st && err->text[0] != '\0', "%s: %s with no error record", what,
               hamm_status_text(st));
}

static int schema_is(const json_t *doc, const char *schema)
{
    const char *s = json_string_value(json_object_get(doc, "schema"));
    return s && strcmp(s, schema) == 0;
}

/* The page `hamm plot` writes after the figures. */
static hamm_status write_page(const json_t *doc, const hamm_plot_result *res, hamm_error *err)
{
    const hamm_plot_result *plots[] = {res};
    const json_t *docs[] = {doc};
    hamm_report_page page = {"hamm plot doc.json -o out",
                             schema_is(doc, "hamm-validate/1") ? doc : NULL,
                             docs, schema_is(doc, "hamm-sweep/1"), plots, 1,
                             docs, schema_is(doc, "hamm-experiment/1")};
    return hamm_report_write_index(out, &page, err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    json_t *doc = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES, NULL);
    if (!doc)
        return 0;
    hamm_plot_options o;
    hamm_plot_options_init(&o);
    o.plots_dir = HAMM_SOURCE_PLOTSDIR;
    o.render = 0;
    o.source = "doc\nsystem('touch X')\n#\\"; /* the JSON file's name is text from outside too */
    hamm_plot_result res;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_status st = hamm_plot_write(doc, out, &o, &res, &err);
    if (st == HAMM_OK) {
        for (size_t i = 0; i < res.nfigures; i++) {
            char path[1024];
            snprintf(path, sizeof path, "%s/%s.gp", out, res.figures[i].name);
            check_script(path);
            snprintf(path, sizeof path, "%s/%s.dat", out, res.figures[i].name);
            char *dat = read_all(path);
            FUZZ_CHECK(dat != NULL, "no %s", path);
            check_no_control(path, dat);
            free(dat);
        }
        hamm_error_clear(&err);
        hamm_status pst = write_page(doc, &res, &err);
        if (pst == HAMM_OK)
            check_pages();
        else
            check_failure(pst, &err, "hamm_report_write_index");
    } else {
        check_failure(st, &err, "hamm_plot_write");
    }
    check_and_clear(&res, st == HAMM_OK);
    json_decref(doc);
    return 0;
}
