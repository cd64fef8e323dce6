/* run.c - running a whole workload on the GPU engine: each kernel of a kernel
 * description, or of an Accel-Sim recording, in order (hamm/workload.h). */
#include <string.h>
#include <sys/stat.h>

#include "gpu/gpu.h"
#include "hamm/workload.h"
#include "source.h"
#include "traceg.h"

int workload_is_recording(const char *path)
{
    struct stat sb;
    size_t n = strlen(path);
    if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
        return 1;
    return (n >= 2 && strcmp(path + n - 2, ".g") == 0) || strstr(path, ".traceg") != NULL;
}

int workload_is_kernel_file(const char *path)
{
    size_t n = strlen(path);
    return strstr(path, ".traceg") && !(n >= 2 && strcmp(path + n - 2, ".g") == 0);
}

static hamm_status run_traceg_file(hamm_gpu *g, const char *path, hamm_error *err)
{
    gpu_traceg *t = NULL;
    hamm_status st = gpu_traceg_open(path, &t, err);
    if (!st) {
        gpu_kernel_source src = gpu_traceg_source(t);
        st = gpu_run_kernel(g, &src, err);
    }
    gpu_traceg_free(t);
    return st;
}

static hamm_status run_recording(hamm_gpu *g, const char *path, size_t *kernels,
                                 hamm_error *err)
{
    if (workload_is_kernel_file(path)) {
        *kernels = 1;
        return run_traceg_file(g, path, err);
    }
    gpu_traceg_list *l = NULL;
    hamm_status st = gpu_traceg_list_open(path, &l, err);
    for (size_t k = 0; !st && k < gpu_traceg_list_count(l); k++) {
        st = run_traceg_file(g, gpu_traceg_list_kernel(l, k), err);
        *kernels += !st;
    }
    gpu_traceg_list_free(l);
    return st;
}

static hamm_status run_description(hamm_gpu *g, const char *path, size_t *kernels,
                                   hamm_error *err)
{
    hamm_workload *wl = NULL;
    hamm_status st = hamm_workload_open(path, &wl, err);
    for (size_t k = 0; !st && k < hamm_workload_kernels(wl); k++) {
        gpu_kernel_source src;
        workload_source(wl, k, &src);
        st = gpu_run_kernel(g, &src, err);
        *kernels += !st;
    }
    hamm_workload_free(wl);
    return st;
}

hamm_status hamm_workload_run(hamm_gpu *g, const char *path, size_t *kernels, hamm_error *err)
{
    *kernels = 0;
    return workload_is_recording(path) ? run_recording(g, path, kernels, err)
                              : run_description(g, path, kernels, err);
}
