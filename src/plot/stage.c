/* stage.c - an output directory built aside and put in place whole, so that a run that
 * fails leaves the directory as it was: the staging directory lives inside the output
 * directory when that exists (its files are moved in at the end), else beside it (renamed
 * to it). */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hamm/plot.h"

/* Remove the staging directory and the files left in it. */
void hamm_stage_abort(hamm_stage *s)
{
    DIR *d = opendir(s->path);
    if (d) {
        struct dirent *e;
        char path[sizeof s->path + 300];
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            snprintf(path, sizeof path, "%s/%s", s->path, e->d_name);
            unlink(path);
        }
        closedir(d);
    }
    rmdir(s->path);
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

/* Move every file of the stage into the output directory, which exists. */
static hamm_status move_into(const hamm_stage *s, hamm_error *err)
{
    DIR *d = opendir(s->path);
    if (!d)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(s->path), NULL, "cannot read: %s",
                             strerror(errno));
    struct dirent *e;
    char from[sizeof s->path + 300], to[sizeof s->dir + 300];
    hamm_status st = HAMM_OK;
    while (st == HAMM_OK && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(from, sizeof from, "%s/%s", s->path, e->d_name);
        snprintf(to, sizeof to, "%s/%s", s->dir, e->d_name);
        if (rename(from, to) != 0)
            st = hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(to), NULL, "cannot write: %s",
                               strerror(errno));
    }
    closedir(d);
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
    hamm_status st = move_into(s, err);
    hamm_stage_abort(s);
    return st;
}
