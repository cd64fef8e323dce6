/* mwp_trace_files.c - the traces E is measured on (hamm/mwp_efficiency.h): files as given,
 * a directory (a tap of hamm simulate) as its files in channel order. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hamm/mwp_efficiency.h"

/* Natural order, so that channel-10 follows channel-9: runs of digits compare by value. */
static int natural_cmp(const void *pa, const void *pb)
{
    const char *a = pa, *b = pb;
    while (*a && *b) {
        if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
            char *ea, *eb;
            unsigned long long x = strtoull(a, &ea, 10), y = strtoull(b, &eb, 10);
            if (x != y)
                return x < y ? -1 : 1;
            a = ea;
            b = eb;
            continue;
        }
        if (*a != *b)
            return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
        a++;
        b++;
    }
    return (unsigned char)*a - (unsigned char)*b;
}

static hamm_status add_file(hamm_mwp_efficiency *e, const char *dir, const char *name,
                            hamm_error *err)
{
    if (e->nfiles == HAMM_MWP_TRACE_MAX)
        return hamm_error_field(err, HAMM_ERR_IO, "--trace", "more than %d trace files",
                                HAMM_MWP_TRACE_MAX);
    int n = dir ? snprintf(e->files[e->nfiles], sizeof e->files[0], "%s/%s", dir, name)
                : snprintf(e->files[e->nfiles], sizeof e->files[0], "%s", name);
    if (n < 0 || (size_t)n >= sizeof e->files[0])
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(name), NULL, "path too long");
    e->nfiles++;
    return HAMM_OK;
}

/* A directory's traces: its regular files but hidden ones, in natural order. */
static hamm_status expand_dir(const char *dir, hamm_mwp_efficiency *e, hamm_error *err)
{
    DIR *d = opendir(dir);
    if (!d)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(dir), NULL,
                             "cannot read the directory: %s", strerror(errno));
    size_t first = e->nfiles;
    struct dirent *de;
    hamm_status st = HAMM_OK;
    while (st == HAMM_OK && (de = readdir(d)) != NULL) {
        char path[8200];
        struct stat sb;
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        if (de->d_name[0] != '.' && stat(path, &sb) == 0 && S_ISREG(sb.st_mode))
            st = add_file(e, dir, de->d_name, err);
    }
    closedir(d);
    if (st == HAMM_OK && e->nfiles == first)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(dir), "--trace",
                             "the directory holds no trace file");
    qsort(e->files + first, e->nfiles - first, sizeof e->files[0], natural_cmp);
    return st;
}

hamm_status hamm_mwp_trace_files(const char *const *given, size_t ngiven,
                                 hamm_mwp_efficiency *e, hamm_error *err)
{
    e->files = calloc(HAMM_MWP_TRACE_MAX, sizeof e->files[0]);
    if (!e->files)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    hamm_status st = HAMM_OK;
    for (size_t i = 0; st == HAMM_OK && i < ngiven; i++) {
        struct stat sb;
        /* anything but a directory is read as a trace: the reader names what is wrong */
        if (stat(given[i], &sb) == 0 && S_ISDIR(sb.st_mode))
            st = expand_dir(given[i], e, err);
        else
            st = add_file(e, NULL, given[i], err);
    }
    return st;
}

void hamm_mwp_efficiency_free(hamm_mwp_efficiency *e)
{
    free(e->files);
    e->files = NULL;
    e->nfiles = 0;
}
