/* export_traceg.c - a whole workload written as an Accel-Sim recording directory:
 * kernelslist.g and one kernel-N.traceg per kernel (hamm/workload.h,
 * hamm_workload_export_traceg; the format: src/workload/traceg_write.h, docs/ACCELSIM.md). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "hamm/workload.h"
#include "source.h"
#include "traceg.h"
#include "traceg_write.h"
#include "workload_internal.h"

/* What one export writes into: the directory, its kernelslist.g, the lines allowed. */
typedef struct export_to {
    const char *dir;
    FILE *list;
    traceg_budget budget;
} export_to;

/* Kernel `src` (read from `input`, which errors without a position name) into
 * DIR/kernel-ID.traceg, and its name into the list. */
static hamm_status write_kernel(const gpu_kernel_source *src, const char *input, size_t id,
                                export_to *to, hamm_error *err)
{
    char path[4096];
    int n = snprintf(path, sizeof path, "%s/kernel-%zu.traceg", to->dir, id);
    if (n < 0 || (size_t)n >= sizeof path)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(to->dir), NULL, "path too long");
    FILE *fp = fopen(path, "w");
    if (!fp)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(path), NULL, "cannot create: %s",
                             strerror(errno));
    hamm_status st = gpu_traceg_write(src, (uint32_t)id, fp, path, &to->budget, err);
    if (st != HAMM_OK)
        hamm_error_locate(err, HAMM_IN(input));
    int bad = ferror(fp);
    if ((fclose(fp) != 0 || bad) && st == HAMM_OK)
        st = hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(path), NULL, "cannot write: %s",
                           strerror(errno));
    if (st == HAMM_OK && fprintf(to->list, "kernel-%zu.traceg\n", id) < 0)
        st = hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(to->dir), "kernelslist.g", "cannot write");
    return st;
}

static hamm_status from_traceg_file(const char *file, size_t id, export_to *to,
                                    hamm_error *err)
{
    gpu_traceg *t = NULL;
    hamm_status st = gpu_traceg_open(file, &t, err);
    if (st == HAMM_OK) {
        gpu_kernel_source src = gpu_traceg_source(t);
        st = write_kernel(&src, file, id, to, err);
    }
    gpu_traceg_free(t);
    return st;
}

/* An Accel-Sim recording (a directory, its kernelslist.g, or one .traceg) read by hamm's
 * reader and written again: what hamm's engine sees of it, in hamm's opcodes. */
static hamm_status from_recording(const char *path, export_to *to, size_t *kernels,
                                  hamm_error *err)
{
    if (workload_is_kernel_file(path)) {
        hamm_status st = from_traceg_file(path, 1, to, err);
        *kernels = st == HAMM_OK;
        return st;
    }
    gpu_traceg_list *l = NULL;
    hamm_status st = gpu_traceg_list_open(path, &l, err);
    for (size_t k = 0; st == HAMM_OK && k < gpu_traceg_list_count(l); k++) {
        st = from_traceg_file(gpu_traceg_list_kernel(l, k), k + 1, to, err);
        *kernels += st == HAMM_OK;
    }
    gpu_traceg_list_free(l);
    return st;
}

/* A description: its size is bounded from its program before anything is written. */
static hamm_status from_description(const char *path, export_to *to, size_t *kernels,
                                    hamm_error *err)
{
    hamm_workload *wl = NULL;
    hamm_status st = hamm_workload_open(path, &wl, err);
    if (st == HAMM_OK)
        st = workload_check_recording_size(wl, to->budget.most, err);
    for (size_t k = 0; st == HAMM_OK && k < hamm_workload_kernels(wl); k++) {
        gpu_kernel_source src;
        workload_source(wl, k, &src);
        st = write_kernel(&src, path, k + 1, to, err);
        *kernels += st == HAMM_OK;
    }
    hamm_workload_free(wl);
    return st;
}

hamm_status hamm_workload_export_traceg(const char *path, const char *dir,
                                        uint64_t max_instructions, size_t *kernels,
                                        hamm_error *err)
{
    char list_path[4096];
    *kernels = 0;
    int n = snprintf(list_path, sizeof list_path, "%s/kernelslist.g", dir);
    if (n < 0 || (size_t)n >= sizeof list_path)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(dir), NULL, "path too long");
    export_to to = {dir, fopen(list_path, "w"), {max_instructions, 0}};
    if (!to.list)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(list_path), NULL, "cannot create: %s",
                             strerror(errno));
    hamm_status st = workload_is_recording(path) ? from_recording(path, &to, kernels, err)
                                                 : from_description(path, &to, kernels, err);
    int bad = ferror(to.list);
    if ((fclose(to.list) != 0 || bad) && st == HAMM_OK)
        st = hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(list_path), NULL, "cannot write: %s",
                           strerror(errno));
    return st;
}
