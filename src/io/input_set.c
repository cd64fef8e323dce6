/* input_set.c - the files a load read, each with what it was to the load, so that a
 * command can refuse, before any work, an output that would write over one of them
 * (hamm/io.h). */
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "hamm/io.h"

typedef struct input_file {
    char *path; /* as the loader opened it */
    char *what; /* "the DRAM model" */
} input_file;

struct hamm_input_set {
    input_file *file;
    size_t n, cap;
};

hamm_input_set *hamm_input_set_new(void)
{
    return calloc(1, sizeof(hamm_input_set));
}

void hamm_input_set_free(hamm_input_set *set)
{
    if (!set)
        return;
    for (size_t i = 0; i < set->n; i++) {
        free(set->file[i].path);
        free(set->file[i].what);
    }
    free(set->file);
    free(set);
}

static char *dup_text(const char *text)
{
    size_t n = strlen(text) + 1;
    char *p = malloc(n);
    return p ? memcpy(p, text, n) : NULL;
}

hamm_status hamm_input_set_add(hamm_input_set *set, const char *path, const char *what,
                               hamm_error *err)
{
    if (!set || !path || !what)
        return hamm_error_set(err, HAMM_ERR_ARG, "hamm_input_set_add: NULL argument");
    if (hamm_grow((void **)&set->file, &set->cap, set->n + 1, sizeof *set->file) != 0)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    input_file f = {dup_text(path), dup_text(what)};
    if (!f.path || !f.what) {
        free(f.path);
        free(f.what);
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    }
    set->file[set->n++] = f;
    return HAMM_OK;
}

hamm_status hamm_input_set_add_all(hamm_input_set *set, const hamm_input_set *from,
                                   hamm_error *err)
{
    hamm_status st = HAMM_OK;
    for (size_t i = 0; from && st == HAMM_OK && i < from->n; i++)
        st = hamm_input_set_add(set, from->file[i].path, from->file[i].what, err);
    return st;
}

size_t hamm_input_set_count(const hamm_input_set *set)
{
    return set ? set->n : 0;
}

const char *hamm_input_set_path(const hamm_input_set *set, size_t i)
{
    return set && i < set->n ? set->file[i].path : NULL;
}

const char *hamm_input_set_what(const hamm_input_set *set, size_t i)
{
    return set && i < set->n ? set->file[i].what : NULL;
}
