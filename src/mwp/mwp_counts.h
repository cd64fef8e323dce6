/* mwp_counts.h - streaming one kernel for the MWP/CWP counts (mwp_counts.c), for the
 * public derivation (mwp_derive.c, hamm/mwp_counts.h). */
#ifndef HAMM_WORKLOAD_MWP_COUNTS_H
#define HAMM_WORKLOAD_MWP_COUNTS_H

#include "hamm/mwp_counts.h"
#include "workload/source.h"

/* Every warp of every CTA of `src`, in the order it hands them out, counted into d (its
 * coalescing, memory_line_bytes, shared_banks, channels and crossbar set by the caller);
 * d->ctas, d->warps and d->kernel_name set too. */
hamm_status mwp_stream_all(const gpu_kernel_source *src, const hamm_mwp_machine *m,
                           hamm_mwp_derived *d, hamm_error *err);

#endif
