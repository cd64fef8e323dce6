/* model_path.c - where the hamm command finds its data: model names are looked up, in
 * order, in each --model-path DIR, each directory of HAMM_MODEL_PATH (colon-separated),
 * then the models that came with this executable; figure templates in the plots/ that
 * came with it.  Those are found from the executable's own location (/proc/self/exe): in
 * the build tree a file hamm-data.path beside it names the source tree (meson writes it;
 * it is never installed); an installed hamm uses <its directory>/CLI_DATADIR_FROM_BINDIR
 * (../share/hamm), so an installed tree can be moved and no directory is compiled in. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#ifndef CLI_DATADIR_FROM_BINDIR
#error "meson defines CLI_DATADIR_FROM_BINDIR (hamm's data directory relative to bindir)"
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

/* The build tree's pointer file: its first line is the source tree's root. */
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

int cli_data_dir(const char *sub, char *out, size_t size)
{
    char dir[4096], root[4096], file[8400], name[PATH_MAX > 4096 ? PATH_MAX : 4096];
    if (!exe_dir(dir, sizeof dir))
        return 0;
    snprintf(file, sizeof file, "%s/hamm-data.path", dir);
    if (!read_pointer(file, root, sizeof root)) {
        const char *rel = CLI_DATADIR_FROM_BINDIR;
        int n = rel[0] == '/' /* a datadir outside the prefix: only an absolute path will do */
                    ? snprintf(root, sizeof root, "%s", rel)
                    : snprintf(root, sizeof root, "%s/%s", dir, rel);
        if (n < 0 || (size_t)n >= sizeof root)
            return 0;
    }
    snprintf(file, sizeof file, "%s/%s", root, sub);
    /* name it without "bin/..", as people would; keep it as it is when it does not exist */
    const char *found = realpath(file, name) ? name : file;
    int n = snprintf(out, size, "%s", found);
    return n > 0 && (size_t)n < size;
}

/* The models shipped with this executable: the build tree's, else the installed ones. */
static void add_own(cli_model_path *mp)
{
    char dir[PATH_MAX > 4096 ? PATH_MAX : 4096];
    if (cli_data_dir("models", dir, sizeof dir))
        add_dir(mp, dir, strlen(dir));
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
