/* config_find.c - turning a model name ("yuan09-baseline") or a path into a file name:
 * the path as given when it is a file, else NAME or NAME.json under the installed models
 * directory and then the source tree's, in system/ before dram/. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "config_internal.h"
#include "hamm_build_config.h"

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static hamm_status copy_out(const char *found, char *path, size_t size, hamm_error *err)
{
    size_t len = strlen(found);
    if (len >= size)
        return hamm_error_set(err, HAMM_ERR_ARG, found, 0, HAMM_NO_OFFSET, NULL,
                              "the model's path does not fit the caller's buffer");
    memcpy(path, found, len + 1);
    return HAMM_OK;
}

hamm_status hamm_config_find(const char *name, char *path, size_t size, hamm_error *err)
{
    static const char *const dirs[] = {HAMM_INSTALL_MODELDIR, HAMM_SOURCE_MODELDIR};
    static const char *const kinds[] = {"system", "dram"};
    static const char *const suffixes[] = {"", ".json"};
    if (!name || !*name || !path || !size)
        return hamm_error_set(err, HAMM_ERR_ARG, NULL, 0, HAMM_NO_OFFSET, NULL,
                              "hamm_config_find: no name or no buffer");
    if (is_file(name))
        return copy_out(name, path, size, err);
    char buf[4096];
    for (size_t d = 0; d < sizeof dirs / sizeof dirs[0]; d++)
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
            for (size_t s = 0; s < sizeof suffixes / sizeof suffixes[0]; s++) {
                int n = snprintf(buf, sizeof buf, "%s/%s/%s%s", dirs[d], kinds[k], name,
                                 suffixes[s]);
                if (n > 0 && (size_t)n < sizeof buf && is_file(buf))
                    return copy_out(buf, path, size, err);
            }
    return hamm_error_set(err, HAMM_ERR_IO, name, 0, HAMM_NO_OFFSET, NULL,
                          "no such file, and no model of that name in %s or %s "
                          "(system/ or dram/)",
                          dirs[0], dirs[1]);
}
