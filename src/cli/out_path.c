/* out_path.c - where an output really lands, and the checks made on the paths a command
 * reads and writes before it does any work: no output is a directory, and no output
 * names an input or another output (writing it would destroy what is read or written):
 * the inputs named on the command line, and every file the loads read (hamm_input_set:
 * a model's files, a suite's, a recording's, a sweep's results). */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

static int copy(char *out, size_t size, const char *text)
{
    size_t n = strlen(text);
    if (n >= size) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(out, text, n + 1);
    return 0;
}

/* Follow the chain of symbolic links from `path`, the last one possibly dangling: the
 * name a file written through `path` gets. */
static int follow_links(const char *path, char *out, size_t size)
{
    char cur[PATH_MAX], link[PATH_MAX];
    if (copy(cur, sizeof cur, path) != 0)
        return -1;
    for (int hops = 0; hops < 40; hops++) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
            return copy(out, size, cur);
        ssize_t n = readlink(cur, link, sizeof link - 1);
        if (n < 0)
            return -1;
        link[n] = '\0';
        char *slash = strrchr(cur, '/');
        size_t keep = link[0] == '/' || !slash ? 0 : (size_t)(slash - cur) + 1;
        if (keep + (size_t)n >= sizeof cur) {
            errno = ENAMETOOLONG;
            return -1;
        }
        memcpy(cur + keep, link, (size_t)n + 1);
    }
    errno = ELOOP;
    return -1;
}

int cli_out_target(const char *path, char *out, size_t size, int *direct)
{
    struct stat st, real;
    *direct = 0;
    if (stat(path, &st) != 0)
        return follow_links(path, out, size); /* a new file, or an error mkstemp will name */
    if (S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return -1;
    }
    char buf[PATH_MAX];
    /* A device or a FIFO is written in place; so is a file reached through a link the
     * kernel resolves by itself (/proc/self/fd/N), whose name cannot be replaced. */
    if (!S_ISREG(st.st_mode) || !realpath(path, buf) || stat(buf, &real) != 0 ||
        real.st_dev != st.st_dev || real.st_ino != st.st_ino) {
        *direct = 1;
        return copy(out, size, path);
    }
    return copy(out, size, buf);
}

/* The name `path` resolves to when it does not exist: its directory's real path and its
 * own name, so "x", "./x" and "d/../x" agree. */
static void resolved_name(const char *path, char *out, size_t size)
{
    char target[PATH_MAX], dir[PATH_MAX], real[PATH_MAX];
    if (follow_links(path, target, sizeof target) != 0 || copy(dir, sizeof dir, target) != 0) {
        snprintf(out, size, "%s", path);
        return;
    }
    char *slash = strrchr(dir, '/');
    const char *base = slash ? slash + 1 : target;
    if (slash == dir)
        dir[1] = '\0';
    else if (slash)
        *slash = '\0';
    if (!realpath(slash ? dir : ".", real))
        snprintf(out, size, "%s", target);
    else
        snprintf(out, size, "%s/%s", real, base);
}

/* stat of `path`, or of standard input for the input "-". */
static int stat_input(const char *path, struct stat *st)
{
    return strcmp(path, "-") == 0 ? fstat(STDIN_FILENO, st) : stat(path, st);
}

/* 1 when writing the output `a` would write over the regular file that `b` (an input
 * when `b_input`: "-" is then standard input) is, or will be, named by. */
static int same_file(const char *a, const char *b, int b_input)
{
    int b_stdin = b && strcmp(b, "-") == 0;
    if (!a || !b || strcmp(a, "-") == 0 || (b_stdin && !b_input))
        return 0;
    struct stat sa, sb;
    int ea = stat(a, &sa) == 0, eb = stat_input(b, &sb) == 0;
    if (ea || eb || b_stdin) /* devices and FIFOs may be read and written by many */
        return ea && eb && S_ISREG(sa.st_mode) && sa.st_dev == sb.st_dev &&
               sa.st_ino == sb.st_ino;
    char ra[PATH_MAX + 256], rb[PATH_MAX + 256];
    resolved_name(a, ra, sizeof ra);
    resolved_name(b, rb, sizeof rb);
    return strcmp(ra, rb) == 0;
}

/* Output i against every input of `paths`, the outputs before it and the files `read`. */
static int check_output(const char *cmd, const cli_path *paths, size_t n, size_t i,
                        const hamm_input_set *read)
{
    const cli_path *p = &paths[i];
    for (size_t j = 0; j < n; j++)
        if (j != i && (j < i || !paths[j].output) &&
            same_file(p->path, paths[j].path, !paths[j].output))
            return cli_usage(cmd, "%s and %s name the same file (%s)", p->what, paths[j].what,
                             p->path);
    for (size_t j = 0; j < hamm_input_set_count(read); j++)
        if (same_file(p->path, hamm_input_set_path(read, j), 1))
            return cli_usage(cmd, "%s and %s name the same file (%s)", p->what,
                             hamm_input_set_what(read, j), p->path);
    return CLI_OK;
}

int cli_check_paths(const char *cmd, const cli_path *paths, size_t n,
                    const hamm_input_set *read)
{
    for (size_t i = 0; i < n; i++) {
        const cli_path *p = &paths[i];
        struct stat st;
        if (p->path && strcmp(p->path, "-") != 0 && stat(p->path, &st) == 0 &&
            S_ISDIR(st.st_mode)) {
            fprintf(stderr, "hamm: %s: %s is a directory, not a file\n", p->path, p->what);
            return CLI_FAIL;
        }
    }
    for (size_t i = 0; i < n; i++)
        if (paths[i].output && check_output(cmd, paths, n, i, read) != CLI_OK)
            return CLI_USAGE;
    return CLI_OK;
}

int cli_check_with_model(const char *cmd, const cli_path *paths, size_t n,
                         const hamm_system_config *cfg)
{
    hamm_error err;
    hamm_error_clear(&err);
    hamm_input_set *read = hamm_input_set_new();
    if (!read) {
        fprintf(stderr, "hamm: out of memory\n");
        return CLI_FAIL;
    }
    int rc = hamm_config_inputs(cfg, read, &err) == HAMM_OK
                 ? cli_check_paths(cmd, paths, n, read)
                 : cli_report(&err);
    hamm_input_set_free(read);
    return rc;
}
