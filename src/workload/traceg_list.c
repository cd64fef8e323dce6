/* traceg_list.c - kernelslist.g: a recording's kernels in launch order (traceg.h).
 * Each line is a kernel file name (relative to the list's directory) or a memory copy
 * ("MemcpyHtoD,0xADDR,BYTES", any "Memcpy" line), which the engine does not replay; a
 * host-to-device copy must still be one Accel-Sim can read. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/alloc.h"
#include "io/lines.h"
#include "io/scan.h"
#include "traceg.h"

#define LIST_NAME "kernelslist.g"
#define LIST_LINE_MAX (64u * 1024u)

struct gpu_traceg_list {
    char *file;    /* the list file */
    char **kernel; /* kernel files, as found */
    size_t n, cap;
};

/* "a" "/" "b" (just "b" when it is absolute or a is empty), then `suffix`. */
static char *join(const char *dir, const char *name, size_t len, const char *suffix)
{
    int rel = dir[0] != '\0' && name[0] != '/';
    size_t dl = rel ? strlen(dir) : 0, sl = strlen(suffix);
    char *p = malloc(dl + 1 + len + sl + 1);
    if (!p)
        return NULL;
    size_t at = 0;
    if (rel) {
        memcpy(p, dir, dl);
        p[dl] = '/';
        at = dl + 1;
    }
    memcpy(p + at, name, len);
    memcpy(p + at + len, suffix, sl + 1);
    return p;
}

/* The kernel file `name` names, as is or compressed; *found NULL when none exists. */
static hamm_status find_kernel(const char *dir, scan_token name, char **found, hamm_error *err)
{
    static const char *const suffixes[] = {"", ".gz", ".zst", ".xz"};
    *found = NULL;
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
        char *p = join(dir, name.p, name.len, suffixes[i]);
        if (!p)
            return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
        if (access(p, R_OK) == 0) {
            *found = p;
            return HAMM_OK;
        }
        free(p);
    }
    return HAMM_OK;
}

/* Whether `name` (relative) stays in its directory, read as written: no ".." climbs
 * above where it starts. */
static int stays_inside(scan_token name)
{
    long depth = 0;
    for (size_t i = 0; i < name.len;) {
        size_t j = i;
        while (j < name.len && name.p[j] != '/')
            j++;
        if (j - i == 2 && name.p[i] == '.' && name.p[i + 1] == '.')
            depth--;
        else if (j > i && !(j - i == 1 && name.p[i] == '.'))
            depth++;
        if (depth < 0)
            return 0;
        i = j + 1;
    }
    return 1;
}

/* Whether the file `found` is, links resolved, inside the directory `real_dir` (itself
 * resolved). */
static int resolves_inside(const char *found, const char *real_dir)
{
    char real[PATH_MAX];
    size_t n = strlen(real_dir);
    return realpath(found, real) && strncmp(real, real_dir, n) == 0 &&
           (real[n] == '/' || (n == 1 && real_dir[0] == '/'));
}

/* A kernel file named outside the recording: an error at its line of the list. */
static hamm_status outside(hamm_pos at, scan_token name, hamm_error *err)
{
    return hamm_error_at(err, HAMM_ERR_PARSE, at, "kernel file",
                         "'%.*s' is not inside the recording's directory: a kernel file is "
                         "named relative to it, with no absolute path, no .. above it and "
                         "no link out of it", (int)(name.len > 100 ? 100 : name.len), name.p);
}

static int blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* The comma-separated fields of `line`, each without the blanks around it: up to `max`
 * stored, all counted (so that too many show). */
static size_t comma_fields(scan_line line, scan_token *field, size_t max)
{
    size_t n = 0;
    for (const char *p = line.p;; n++) {
        const char *comma = memchr(p, ',', (size_t)(line.end - p));
        const char *a = p, *b = comma ? comma : line.end;
        while (a < b && blank(*a))
            a++;
        while (b > a && blank(b[-1]))
            b--;
        if (n < max)
            field[n] = (scan_token){a, (size_t)(b - a)};
        if (!comma)
            return n + 1;
        p = comma + 1;
    }
}

/* "MemcpyHtoD,ADDRESS,BYTES" as Accel-Sim reads it (trace_parser.cc, parse_memcpy_info):
 * exactly three comma-separated fields, the address hexadecimal (0x optional), the byte
 * count decimal, as its tracer writes them.  Its reader asserts on any other shape;
 * hamm names the line. */
static hamm_status copy_line(scan_line line, hamm_pos at, hamm_error *err)
{
    scan_token field[3];
    uint64_t v;
    if (comma_fields(line, field, 3) == 3 && scan_is(field[0], "MemcpyHtoD") &&
        scan_hex_u64(field[1], &v) == SCAN_OK && scan_dec_u64(field[2], &v) == SCAN_OK)
        return HAMM_OK;
    size_t len = (size_t)(line.end - line.p);
    return hamm_error_at(err, HAMM_ERR_PARSE, at, "MemcpyHtoD",
                         "expects MemcpyHtoD,ADDRESS,BYTES (the address hexadecimal, the byte "
                         "count decimal), not '%.*s'", (int)(len > 60 ? 60 : len), line.p);
}

/* One line of the list: skipped, or one more kernel, which must lie inside `real_dir`,
 * the list's directory resolved. */
static hamm_status list_line(gpu_traceg_list *l, const char *dir, const char *real_dir,
                             const line_reader *lr, scan_line line, hamm_error *err)
{
    scan_token name, extra;
    hamm_pos at = HAMM_AT_LINE(lr->source, lr->line);
    scan_line whole = line;
    if (!scan_next(&line, &name))
        return HAMM_OK;
    if (name.len >= 10 && memcmp(name.p, "MemcpyHtoD", 10) == 0)
        return copy_line((scan_line){name.p, whole.end}, at, err);
    if (name.len >= 6 && memcmp(name.p, "Memcpy", 6) == 0)
        return HAMM_OK; /* Accel-Sim skips the other copies too */
    if (scan_next(&line, &extra))
        return hamm_error_at(err, HAMM_ERR_PARSE, at, "kernel file",
                             "expected one file name, found more: '%.*s'",
                             (int)(extra.len > 40 ? 40 : extra.len), extra.p);
    if (name.p[0] == '/' || !stays_inside(name))
        return outside(at, name, err);
    if (hamm_grow((void **)&l->kernel, &l->cap, l->n + 1, sizeof *l->kernel) != 0)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    hamm_status st = find_kernel(dir, name, &l->kernel[l->n], err);
    if (st != HAMM_OK)
        return st;
    if (!l->kernel[l->n])
        return hamm_error_at(err, HAMM_ERR_IO, at, "kernel file",
                             "'%.*s' is missing (looked for it in '%s', also with .gz, .zst "
                             "and .xz)", (int)(name.len > 100 ? 100 : name.len), name.p,
                             dir[0] ? dir : ".");
    if (!resolves_inside(l->kernel[l->n++], real_dir)) /* counted: freed with the list */
        return outside(at, name, err);
    return HAMM_OK;
}

static hamm_status read_list(gpu_traceg_list *l, const char *list, const char *dir,
                             hamm_error *err)
{
    hamm_input *in = NULL;
    line_reader lr = {0};
    const char *start, *end;
    int got = 1;
    char real_dir[PATH_MAX];
    hamm_status st = hamm_input_open(&in, list, err);
    if (st == HAMM_OK && !realpath(dir[0] ? dir : ".", real_dir))
        st = hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(dir), NULL, "%s", strerror(errno));
    if (st == HAMM_OK)
        st = lines_init(&lr, in, LIST_LINE_MAX, err);
    while (st == HAMM_OK && (st = lines_next(&lr, &start, &end, &got, err)) == HAMM_OK && got)
        st = list_line(l, dir, real_dir, &lr, (scan_line){start, end}, err);
    if (st == HAMM_OK && l->n == 0)
        st = hamm_error_at(err, HAMM_ERR_EMPTY, HAMM_IN(list), "kernel file",
                           "names no kernel file");
    lines_free(&lr);
    hamm_input_free(in);
    return st;
}

hamm_status gpu_traceg_list_open(const char *path, gpu_traceg_list **out, hamm_error *err)
{
    struct stat sb;
    int is_dir = stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
    const char *slash = strrchr(path, '/');
    size_t dir_len = is_dir ? strlen(path) : slash ? (size_t)(slash - path) : 0;
    char *dir = join("", path, dir_len, "");
    char *list = is_dir ? join(path, LIST_NAME, strlen(LIST_NAME), "") : join("", path,
                                                                              strlen(path), "");
    gpu_traceg_list *l = calloc(1, sizeof *l);
    hamm_status st = HAMM_OK;
    *out = NULL;
    if (!dir || !list || !l)
        st = hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    if (st == HAMM_OK)
        st = read_list(l, list, dir, err);
    free(dir);
    if (l)
        l->file = list;
    else
        free(list);
    if (st != HAMM_OK) {
        gpu_traceg_list_free(l);
        return st;
    }
    *out = l;
    return HAMM_OK;
}

const char *gpu_traceg_list_file(const gpu_traceg_list *l)
{
    return l->file;
}

size_t gpu_traceg_list_count(const gpu_traceg_list *l)
{
    return l->n;
}

const char *gpu_traceg_list_kernel(const gpu_traceg_list *l, size_t i)
{
    return i < l->n ? l->kernel[i] : NULL;
}

void gpu_traceg_list_free(gpu_traceg_list *l)
{
    if (!l)
        return;
    for (size_t i = 0; i < l->n; i++)
        free(l->kernel[i]);
    free(l->kernel);
    free(l->file);
    free(l);
}
