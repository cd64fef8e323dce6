/* model_find.c - the one lookup of a model by name ("yuan09-baseline") for every kind of
 * model: the name as given when it is a file, else NAME or NAME.json in the kind's
 * folders (system/ then dram/, gpu/, mwp/) of each directory the caller lists, first to
 * last.  The library knows no directory of its own, so no build or install path is
 * compiled into it: the hamm command lists --model-path, HAMM_MODEL_PATH, then the models
 * that came with it. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "hamm/config.h"

/* The folders of a model-path directory each kind is looked up in, in order. */
static const char *const kind_folders[][3] = {
    [HAMM_MODEL_SYSTEM] = {"system", "dram", NULL},
    [HAMM_MODEL_GPU] = {"gpu", NULL, NULL},
    [HAMM_MODEL_MWP_MACHINE] = {"mwp", NULL, NULL},
};

/* The folders for messages: "system/ or dram/". */
static const char *const kind_where[] = {
    [HAMM_MODEL_SYSTEM] = "system/ or dram/",
    [HAMM_MODEL_GPU] = "gpu/",
    [HAMM_MODEL_MWP_MACHINE] = "mwp/",
};

static int is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* What `name` is as a path, when it is not a model file: said so the error names what is
 * actually wrong. */
static const char *as_path(const char *name)
{
    struct stat st;
    if (stat(name, &st) == 0)
        return S_ISDIR(st.st_mode) ? "is a directory, not a model file" : "is not a regular file";
    return errno == EACCES ? "permission denied" : "no such file";
}

static hamm_status copy_out(const char *found, char *path, size_t size, hamm_error *err)
{
    size_t len = strlen(found);
    if (len >= size)
        return hamm_error_at(err, HAMM_ERR_ARG, HAMM_IN(found), NULL,
                             "the model's path does not fit the caller's buffer");
    memcpy(path, found, len + 1);
    return HAMM_OK;
}

/* NAME or NAME.json in each of the kind's folders of DIR; 1 with buf filled when found. */
static int find_in(hamm_model_kind kind, const char *dir, const char *name, char *buf,
                   size_t size)
{
    static const char *const suffixes[] = {"", ".json"};
    for (const char *const *f = kind_folders[kind]; *f; f++)
        for (size_t s = 0; s < sizeof suffixes / sizeof suffixes[0]; s++) {
            int n = snprintf(buf, size, "%s/%s/%s%s", dir, *f, name, suffixes[s]);
            if (n > 0 && (size_t)n < size && is_file(buf))
                return 1;
        }
    return 0;
}

/* The directories searched, colon-separated, for the error message. */
static void list_dirs(const hamm_model_path *models, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t d = 0; d < models->count && used < size; d++) {
        int n = snprintf(buf + used, size - used, "%s%s", d ? ":" : "", models->dirs[d]);
        if (n < 0)
            return;
        used += (size_t)n;
    }
}

hamm_status hamm_model_find(hamm_model_kind kind, const char *name,
                            const hamm_model_path *models, char *path, size_t size,
                            hamm_error *err)
{
    if ((unsigned)kind > HAMM_MODEL_MWP_MACHINE || !name || !*name || !path || !size ||
        (models && models->count && !models->dirs))
        return hamm_error_set(err, HAMM_ERR_ARG,
                              "hamm_model_find: no kind, no name, no buffer or no directories");
    if (is_file(name))
        return copy_out(name, path, size, err);
    const char *what = as_path(name);
    if (!models || !models->count)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(name), NULL,
                             "%s, and no model path to look a name up in", what);
    char buf[4096];
    for (size_t d = 0; d < models->count; d++)
        if (models->dirs[d] && find_in(kind, models->dirs[d], name, buf, sizeof buf))
            return copy_out(buf, path, size, err);
    list_dirs(models, buf, sizeof buf);
    return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(name), NULL,
                         "%s, and no model of that name in %s of the model path %s", what,
                         kind_where[kind], buf);
}

hamm_status hamm_config_find(const char *name, const hamm_model_path *models, char *path,
                             size_t size, hamm_error *err)
{
    return hamm_model_find(HAMM_MODEL_SYSTEM, name, models, path, size, err);
}

int hamm_model_names_file(const char *name)
{
    size_t n = strlen(name);
    return strchr(name, '/') || (n > 5 && strcmp(name + n - 5, ".json") == 0);
}
