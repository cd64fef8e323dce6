/* hamm/workload.h - GPU kernel descriptions (docs/WORKLOADS.md): a JSON file of named
 * arrays and kernels whose threads' instructions and addresses are given as
 * expressions of the thread, CTA and loop indices, read once and streamed to the GPU
 * engine warp by warp (the engine asks for a kernel's source through the internal
 * src/workload/workload_internal.h). */
#ifndef HAMM_WORKLOAD_H
#define HAMM_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/error.h"
#include "hamm/export.h"
#include "hamm/gpu.h"
#include "hamm/io.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HAMM_WORKLOAD_FORMAT "hamm-workload/1"

typedef struct hamm_workload hamm_workload;

/* Read and check the kernel description in file `path`.  On success *out owns it (free
 * with hamm_workload_free).  Errors name the file, the line and the JSON path
 * ("kernels[0].body[2].index") of what is wrong. */
HAMM_API hamm_status hamm_workload_open(const char *path, hamm_workload **out,
                                        hamm_error *err);

/* The same from `len` bytes of text; `source` names it in errors. */
HAMM_API hamm_status hamm_workload_parse(const char *text, size_t len, const char *source,
                                         hamm_workload **out, hamm_error *err);

/* Freeing NULL is a no-op. */
HAMM_API void hamm_workload_free(hamm_workload *wl);

/* The description's name, and how many kernels it launches (in sequence). */
HAMM_API const char *hamm_workload_name(const hamm_workload *wl);
HAMM_API size_t hamm_workload_kernels(const hamm_workload *wl);

/* Kernel k's name (k < hamm_workload_kernels(wl)). */
HAMM_API const char *hamm_workload_kernel_name(const hamm_workload *wl, size_t k);

/* Run every kernel at `path` on g, in order: a kernel description (this header's JSON),
 * or an Accel-Sim recording (a directory holding kernelslist.g, or that file, or one
 * .traceg).  *kernels counts the kernels run. */
HAMM_API hamm_status hamm_workload_run(hamm_gpu *g, const char *path, size_t *kernels,
                                       hamm_error *err);

/* The files the workload at `path` is read from, into `set`: a kernel description, or a
 * recording's kernelslist.g and every kernel file it names (which must lie inside its
 * directory; an error names the line of the list that is wrong). */
HAMM_API hamm_status hamm_workload_inputs(const char *path, hamm_input_set *set,
                                          hamm_error *err);

/* Write the workload at `path` (a kernel description, or an Accel-Sim recording as
 * hamm reads it) into the existing directory `dir` as an Accel-Sim recording:
 * kernelslist.g and kernel-1.traceg, kernel-2.traceg, ... in launch order, in the SASS
 * opcodes of docs/ACCELSIM.md.  *kernels counts the kernels written.  The caller makes
 * the directory appear whole (a staging directory renamed into place).
 *
 * The recording holds one line per warp instruction, and at most `max_instructions` of
 * them: a description whose program could give more (every loop at its largest count,
 * every branch taken, times its warps) is refused before anything is written, with the
 * counts; a recording read back stops with an error where it passes the limit. */
#define HAMM_EXPORT_TRACEG_MAX_INSTRUCTIONS UINT64_C(100000000)
HAMM_API hamm_status hamm_workload_export_traceg(const char *path, const char *dir,
                                                 uint64_t max_instructions, size_t *kernels,
                                                 hamm_error *err);

#ifdef __cplusplus
}
#endif

#endif
