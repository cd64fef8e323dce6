/* model_path.c - where the hamm command looks model names up, in order: each
 * --model-path DIR, each directory of HAMM_MODEL_PATH (colon-separated), then the models
 * that came with this executable.  Those are found from the executable's own location
 * (/proc/self/exe): in the build tree a file hamm-models.path beside it names the source
 * tree's models/ (meson writes it; it is never installed); an installed hamm uses
 * <its directory>/CLI_MODELDIR_FROM_BINDIR (../share/hamm/models), so an installed tree
 * can be moved and no directory is compiled in. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#ifndef CLI_MODELDIR_FROM_BINDIR
#error "meson defines CLI_MODELDIR_FROM_BINDIR (the models directory relative to bindir)"
#endif

/* Append a directory (copied into the path's own storage); silently drops what does not
 * fit, which only shortens the search. */
static void add_dir(cli_model_path *mp, const char *dir, size_t len)
{
    size_t max = sizeof mp->dirs / sizeof mp->dirs[0];
    if (!len || mp->count == max || mp->used + len + 1 > sizeof mp->text)
        return;
    char *at = mp->text + mp->used;
    memcpy(at, dir, len);
    at[len] = '\0';
    mp->used += len + 1;
    mp->dirs[mp->count++] = at;
}

/* The directory holding this executable, without a trailing slash; 0 when unknown. */
static size_t exe_dir(char *buf, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", buf, size - 1);
    if (n <= 0 || (size_t)n >= size - 1)
        return 0;
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (!slash)
        return 0;
    *slash = '\0';
    return (size_t)(slash - buf);
}

/* The build tree's pointer file: its first line is the source tree's models directory. */
static int read_pointer(const char *path, char *line, size_t size)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    int ok = fgets(line, (int)size, f) != NULL;
    fclose(f);
    if (!ok)
        return 0;
    line[strcspn(line, "\n")] = '\0';
    return line[0] != '\0';
}

/* The models shipped with this executable: the build tree's, else the installed ones. */
static void add_own(cli_model_path *mp)
{
    char dir[4096], file[4200], line[PATH_MAX > 4096 ? PATH_MAX : 4096];
    if (!exe_dir(dir, sizeof dir))
        return;
    snprintf(file, sizeof file, "%s/hamm-models.path", dir);
    if (read_pointer(file, line, sizeof line)) {
        add_dir(mp, line, strlen(line));
        return;
    }
    const char *rel = CLI_MODELDIR_FROM_BINDIR;
    if (rel[0] == '/') /* a datadir outside the prefix: only an absolute path will do */
        snprintf(file, sizeof file, "%s", rel);
    else
        snprintf(file, sizeof file, "%s/%s", dir, rel);
    /* name it without "bin/..", as people would; keep it as it is when it does not exist */
    const char *name = realpath(file, line) ? line : file;
    add_dir(mp, name, strlen(name));
}

void cli_model_path_init(cli_model_path *mp, const char *const *given, size_t ngiven)
{
    memset(mp, 0, sizeof *mp);
    for (size_t i = 0; i < ngiven; i++)
        add_dir(mp, given[i], strlen(given[i]));
    const char *env = getenv("HAMM_MODEL_PATH");
    for (const char *p = env; p && *p;) {
        size_t len = strcspn(p, ":"); /* empty entries are skipped */
        add_dir(mp, p, len);
        p += len + (p[len] == ':');
    }
    add_own(mp);
    mp->path.dirs = mp->dirs;
    mp->path.count = mp->count;
}
