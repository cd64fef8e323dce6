/* inputs.c - the files a workload is read from (hamm/workload.h, hamm_workload_inputs):
 * what a command that runs or converts it must not write over. */
#include "hamm/workload.h"
#include "source.h"
#include "traceg.h"

static hamm_status list_inputs(const char *path, hamm_input_set *set, hamm_error *err)
{
    gpu_traceg_list *l = NULL;
    hamm_status st = gpu_traceg_list_open(path, &l, err);
    if (st == HAMM_OK)
        st = hamm_input_set_add(set, gpu_traceg_list_file(l), "the recording's kernelslist.g",
                                err);
    for (size_t k = 0; st == HAMM_OK && k < gpu_traceg_list_count(l); k++)
        st = hamm_input_set_add(set, gpu_traceg_list_kernel(l, k),
                                "a kernel file of the recording", err);
    gpu_traceg_list_free(l);
    return st;
}

hamm_status hamm_workload_inputs(const char *path, hamm_input_set *set, hamm_error *err)
{
    if (!workload_is_recording(path))
        return hamm_input_set_add(set, path, "the workload", err);
    if (workload_is_kernel_file(path))
        return hamm_input_set_add(set, path, "the recording's kernel file", err);
    return list_inputs(path, set, err);
}
