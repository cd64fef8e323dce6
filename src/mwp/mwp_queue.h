/* mwp_queue.h - hamm's queueing variant of the MWP/CWP model (docs/MWP.md, "Queueing"),
 * inside the library: mwp.c calls it when the option is on. */
#ifndef HAMM_MODEL_MWP_QUEUE_H
#define HAMM_MODEL_MWP_QUEUE_H

#include "hamm/mwp.h"

/* The most resident warps the queueing variant takes: far beyond any GPU (the fixed point's
 * cost does not grow with them), a bound against counts that are nonsense. */
#define HAMM_MWP_QUEUE_MAX_WARPS 10000000.0

/* Fill r's queue_* fields from the machine, the kernel and r's N, #Rep, Mem_L,
 * Comp_cycles and bandwidth; set r->exec_cycles to queue_exec_cycles and r->limiter to
 * the largest part of the cycle.  HAMM_ERR_CONFIG when more warps are resident than
 * HAMM_MWP_QUEUE_MAX_WARPS. */
hamm_status mwp_queue_apply(const hamm_mwp_machine *m, const hamm_mwp_kernel *k,
                            hamm_mwp_result *r, hamm_error *err);

#endif
