/* source.h - a loaded kernel description as the GPU engine's kernel source (what the
 * engine and the CLI include; hamm/workload.h loads and frees the description). */
#ifndef HAMM_WORKLOAD_SOURCE_H
#define HAMM_WORKLOAD_SOURCE_H

#include <stddef.h>

#include "gpu/kernel.h"
#include "hamm/workload.h"

/* The kernel source of kernel k (k < hamm_workload_kernels(wl)), launched after kernels
 * 0..k-1 have finished.  Its open_cta takes any CTA below the grid's count; the
 * description must outlive the source and every CTA opened from it. */
void workload_source(const hamm_workload *wl, size_t k, gpu_kernel_source *out);

/* Whether `path` is an Accel-Sim recording (a directory, a kernelslist.g, a .traceg)
 * rather than a kernel description (run.c). */
int workload_is_recording(const char *path);
/* Whether the recording `path` is one kernel file (a .traceg, compressed or not) rather
 * than a directory or its kernelslist.g. */
int workload_is_kernel_file(const char *path);

#endif
