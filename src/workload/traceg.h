/* traceg.h - Accel-Sim recordings as kernel sources for the GPU engine (docs/GPU.md, "Accel-Sim recordings").
 *
 * A recording is a directory: kernelslist.g names the program's kernels in launch order
 * (one kernel-N.traceg file each; its Memcpy lines are skipped), and each kernel file
 * holds a header (name, grid, block, registers, shared memory) and then its thread blocks,
 * #BEGIN_TB .. #END_TB, each with its warps' instruction lines.
 *
 * A kernel file is read once, front to back: open_cta(k) reads the file's k-th thread
 * block (asking out of order is an error), and only the CTAs open at the time are held in
 * memory, so memory is bounded by the resident CTAs, never by the kernel. */
#ifndef HAMM_GPU_TRACEG_H
#define HAMM_GPU_TRACEG_H

#include <stddef.h>

#include "gpu/kernel.h"

/* ---- kernelslist.g ---------------------------------------------------------------- */

typedef struct gpu_traceg_list gpu_traceg_list;

/* Read `path`'s kernelslist.g (`path` is the recording's directory, or the list file
 * itself).  Each kernel file is looked for as named, then with .gz, .zst and .xz
 * appended; one that is missing, or that lies outside the list's directory (an absolute
 * name, a '..' above it, a link out of it), is an error at its line of the list. */
hamm_status gpu_traceg_list_open(const char *path, gpu_traceg_list **out, hamm_error *err);
/* The list file read ("DIR/kernelslist.g", or `path` as given). */
const char *gpu_traceg_list_file(const gpu_traceg_list *l);
size_t gpu_traceg_list_count(const gpu_traceg_list *l);
/* Kernel i's file, as found (0 <= i < count). */
const char *gpu_traceg_list_kernel(const gpu_traceg_list *l, size_t i);
void gpu_traceg_list_free(gpu_traceg_list *l);

/* ---- one kernel ------------------------------------------------------------------- */

typedef struct gpu_traceg gpu_traceg;

/* Open a kernel-N.traceg (compressed or not) and read its header, up to its first
 * thread block.  The grid and block sizes are required. */
hamm_status gpu_traceg_open(const char *path, gpu_traceg **out, hamm_error *err);
/* The kernel source over it (valid until gpu_traceg_free; CTAs it opened must be closed
 * first). */
gpu_kernel_source gpu_traceg_source(gpu_traceg *t);
void gpu_traceg_free(gpu_traceg *t);

#endif
