/* plot_find.c - where the figure templates are: the one place to change when the search
 * for installed data (models, plots) changes. */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hamm_build_config.h"
#include "plot_internal.h"

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

hamm_status hamm_plot_templates_dir(const char *exe_path, char *out, size_t size,
                                    hamm_error *err)
{
    char exe[4096] = "";
    if (exe_path)
        snprintf(exe, sizeof exe, "%s", exe_path);
    else {
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        exe[n > 0 ? n : 0] = '\0';
    }
    /* the uninstalled build lives under the build root; an installed copy does not */
    size_t rootlen = strlen(HAMM_BUILD_ROOT);
    int uninstalled = strncmp(exe, HAMM_BUILD_ROOT, rootlen) == 0 && exe[rootlen] == '/';
    const char *dirs[2] = {HAMM_INSTALL_PLOTSDIR, HAMM_SOURCE_PLOTSDIR};
    if (uninstalled) {
        dirs[0] = HAMM_SOURCE_PLOTSDIR;
        dirs[1] = HAMM_INSTALL_PLOTSDIR;
    }
    for (size_t i = 0; i < 2; i++)
        if (is_dir(dirs[i])) {
            if (strlen(dirs[i]) >= size)
                break;
            memcpy(out, dirs[i], strlen(dirs[i]) + 1);
            return HAMM_OK;
        }
    return hamm_error_set(err, HAMM_ERR_IO, dirs[0], 0, HAMM_NO_OFFSET, NULL,
                          "no figure templates here or in %s (give --plots-dir)", dirs[1]);
}
