/* stage.c - an output directory built aside and put in place whole, so that a run that
 * fails leaves the directory as it was: the staging directory lives inside the output
 * directory when that exists (its files are moved in at the end), else beside it (renamed
 * to it). */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hamm/io.h"
#include "hamm/plot.h"

/* Remove a directory of plain files and the files in it. */
static void remove_flat_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        char path[4096 + 600];
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
        closedir(d);
    }
    rmdir(dir);
}

/* Remove the staging directory and the files left in it. */
void hamm_stage_abort(hamm_stage *s)
{
    remove_flat_dir(s->path);
}

/* Every `from` in text[size] replaced by `to`; what does not fit is cut, from the left
 * when `keep_tail` (a path keeps its file name), else from the right. */
static void replace_all(char *text, size_t size, const char *from, const char *to,
                        int keep_tail)
{
    char out[2048];
    size_t n = 0, flen = strlen(from), tlen = strlen(to);
    for (const char *p = text; *p && n + tlen + 1 < sizeof out;) {
        if (strncmp(p, from, flen) == 0) {
            memcpy(out + n, to, tlen);
            n += tlen;
            p += flen;
        } else {
            out[n++] = *p++;
        }
    }
    out[n] = '\0';
    if (keep_tail && n >= size)
        snprintf(text, size, "...%s", out + n - (size - 4));
    else
        snprintf(text, size, "%s", out);
}

void hamm_stage_blame(const hamm_stage *s, hamm_error *err)
{
    if (!err || !s->path[0])
        return;
    replace_all(err->source, sizeof err->source, s->path, s->dir, 1);
    replace_all(err->text, sizeof err->text, s->path, s->dir, 0);
}

hamm_status hamm_stage_open(hamm_stage *s, const char *dir, hamm_error *err)
{
    struct stat st;
    memset(s, 0, sizeof *s);
    s->exists = stat(dir, &st) == 0;
    if (s->exists && !S_ISDIR(st.st_mode))
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(dir), NULL, "exists and is not a directory");
    int n = snprintf(s->dir, sizeof s->dir, "%s", dir);
    int m = snprintf(s->path, sizeof s->path, s->exists ? "%s/.hamm-stage-XXXXXX" : "%s.tmp-XXXXXX",
                     dir);
    if (n < 0 || (size_t)n >= sizeof s->dir || m < 0 || (size_t)m >= sizeof s->path)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(dir), NULL, "path too long");
    if (!mkdtemp(s->path))
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(dir), NULL,
                             "cannot create the output directory: %s", strerror(errno));
    return HAMM_OK;
}

/* The names of the stage's files, in readdir's order; *n of them, the array the caller's. */
static hamm_status stage_names(const hamm_stage *s, char ***names, size_t *n, hamm_error *err)
{
    *names = NULL;
    *n = 0;
    DIR *d = opendir(s->path);
    if (!d)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(s->path), NULL, "cannot read: %s",
                             strerror(errno));
    struct dirent *e;
    size_t cap = 0;
    hamm_status st = HAMM_OK;
    while (st == HAMM_OK && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char **grown = *n < cap ? *names : realloc(*names, (cap = cap * 2 + 16) * sizeof *grown);
        char *name = grown ? strdup(e->d_name) : NULL;
        if (grown)
            *names = grown;
        if (!name)
            st = hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
        else
            (*names)[(*n)++] = name;
    }
    closedir(d);
    return st;
}

static void free_names(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

/* The input of the run that `st` is (same device and inode), or NULL. */
static const char *input_named(const hamm_input_set *inputs, const struct stat *st)
{
    struct stat in;
    for (size_t i = 0; inputs && i < hamm_input_set_count(inputs); i++)
        if (stat(hamm_input_set_path(inputs, i), &in) == 0 && in.st_dev == st->st_dev &&
            in.st_ino == st->st_ino)
            return hamm_input_set_what(inputs, i);
    return NULL;
}

/* Before anything moves: every name the stage holds must be free or a plain file (or a
 * link, a device, a FIFO: what rename replaces) in the output directory, never a
 * directory, so that the moves cannot fail on a name the directory already uses, and
 * never a file the run read (a suite kept in its own report's directory, say). */
static hamm_status check_targets(const hamm_stage *s, char **names, size_t n, hamm_error *err)
{
    char to[sizeof s->dir + 300];
    struct stat st;
    for (size_t i = 0; i < n; i++) {
        snprintf(to, sizeof to, "%s/%s", s->dir, names[i]);
        if (lstat(to, &st) == 0 && S_ISDIR(st.st_mode))
            return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(to), NULL,
                                 "is a directory; the output directory was left as it was");
        const char *what = stat(to, &st) == 0 ? input_named(s->inputs, &st) : NULL;
        if (what)
            return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(to), NULL,
                                 "is an input of this run (%s) that the output would "
                                 "replace; the output directory was left as it was", what);
    }
    return HAMM_OK;
}

/* One file put in place: the file it replaces, if any, set aside in `old` first. */
static int put_one(const hamm_stage *s, const char *old, const char *name, int *had_old)
{
    char from[sizeof s->path + 300], to[sizeof s->dir + 300], aside[sizeof s->dir + 600];
    snprintf(from, sizeof from, "%s/%s", s->path, name);
    snprintf(to, sizeof to, "%s/%s", s->dir, name);
    snprintf(aside, sizeof aside, "%s/%s", old, name);
    struct stat st;
    *had_old = lstat(to, &st) == 0;
    if (*had_old && rename(to, aside) != 0)
        return -1;
    if (rename(from, to) == 0)
        return 0;
    int saved = errno;
    if (*had_old)
        rename(aside, to);
    errno = saved;
    return -1;
}

/* Undo put_one for the first n names: each new file back into the stage, each file it
 * replaced back in place. */
static void put_back(const hamm_stage *s, const char *old, char **names, const int *had_old,
                     size_t n)
{
    char from[sizeof s->path + 300], to[sizeof s->dir + 300], aside[sizeof s->dir + 600];
    while (n-- > 0) {
        snprintf(from, sizeof from, "%s/%s", s->path, names[n]);
        snprintf(to, sizeof to, "%s/%s", s->dir, names[n]);
        snprintf(aside, sizeof aside, "%s/%s", old, names[n]);
        rename(to, from);
        if (had_old[n])
            rename(aside, to);
    }
}

/* Move every file of the stage into the output directory, which exists, all or nothing:
 * the files a move replaces are set aside (in a directory beside the stage, on the same
 * file system, so every step is a rename) until every move has succeeded, and a move
 * that fails puts the files moved so far back and the set-aside ones in place again. */
static hamm_status move_into(const hamm_stage *s, char **names, size_t n, hamm_error *err)
{
    char old[sizeof s->dir + 32];
    snprintf(old, sizeof old, "%s/.hamm-old-XXXXXX", s->dir);
    int *had_old = calloc(n ? n : 1, sizeof *had_old);
    if (!had_old)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    if (!mkdtemp(old)) {
        free(had_old);
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(s->dir), NULL, "cannot write: %s",
                             strerror(errno));
    }
    hamm_status st = HAMM_OK;
    for (size_t i = 0; i < n && st == HAMM_OK; i++)
        if (put_one(s, old, names[i], &had_old[i]) != 0) {
            st = hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(s->dir), NULL,
                               "cannot write %s: %s; the output directory was left as it was",
                               names[i], strerror(errno));
            put_back(s, old, names, had_old, i);
        }
    remove_flat_dir(old);
    free(had_old);
    return st;
}

hamm_status hamm_stage_commit(hamm_stage *s, hamm_error *err)
{
    if (!s->exists) {
        if (rename(s->path, s->dir) == 0)
            return HAMM_OK;
        hamm_stage_abort(s);
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(s->dir), NULL,
                             "cannot create the output directory: %s", strerror(errno));
    }
    char **names;
    size_t n;
    hamm_status st = stage_names(s, &names, &n, err);
    if (st == HAMM_OK)
        st = check_targets(s, names, n, err);
    if (st == HAMM_OK)
        st = move_into(s, names, n, err);
    free_names(names, n);
    hamm_stage_abort(s);
    return st;
}
