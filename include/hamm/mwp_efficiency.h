/* hamm/mwp_efficiency.h - the DRAM efficiency E of the combined MWP/CWP model measured by
 * the hybrid DRAM model (hamm/dram_model.h) on the kernel's memory requests: a trace, or a
 * tap directory of one trace per channel (`hamm mwp --trace`, docs/MWP.md). */
#ifndef HAMM_MWP_EFFICIENCY_H
#define HAMM_MWP_EFFICIENCY_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/config.h"
#include "hamm/dram_model.h"
#include "hamm/error.h"
#include "hamm/export.h"
#include "hamm/trace.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HAMM_MWP_TRACE_MAX 256 /* trace files, directories expanded */

/* E and where it came from. */
typedef struct hamm_mwp_efficiency {
    double efficiency;        /* busy / active cycles summed over the channels */
    double request_weighted;  /* hamm predict's "weighted" row, for comparison */
    hamm_heuristic heuristic;
    int timed;                /* the requests' arrival cycles kept (replay timed) */
    char model[128];          /* the system model's name */
    char model_arg[4096];     /* the system model as the caller named it */
    uint64_t requests;
    uint32_t channels, channels_used;
    char (*files)[4096];      /* the traces read, directories expanded, in order */
    size_t nfiles;
} hamm_mwp_efficiency;

/* The traces `given` names into e->files: a file as it is (its reader says what is wrong
 * with it), a directory as its regular files whose names do not start with '.', in
 * natural order (channel-10 after channel-9).  Errors: a directory that cannot be read or
 * holds no file, more than HAMM_MWP_TRACE_MAX files, a path too long.  Free with
 * hamm_mwp_efficiency_free, whatever it returns. */
HAMM_API hamm_status hamm_mwp_trace_files(const char *const *given, size_t ngiven,
                                          hamm_mwp_efficiency *e, hamm_error *err);
HAMM_API void hamm_mwp_efficiency_free(hamm_mwp_efficiency *e);

/* The hybrid DRAM model of one system model measuring E: every trace's requests go to
 * one meter (a tap's files each hold one channel's requests, and the model keeps each
 * channel's order, so that is the same as one trace of them all). */
typedef struct hamm_mwp_meter hamm_mwp_meter;

/* A meter of the system model cfg (copied) with heuristic h; `timed`: the requests'
 * arrival cycles count (replay timed); `threads`: 2 runs the model on a worker thread. */
HAMM_API hamm_status hamm_mwp_meter_new(hamm_mwp_meter **out, const hamm_system_config *cfg,
                                        hamm_heuristic h, int timed, unsigned threads,
                                        hamm_error *err);
HAMM_API void hamm_mwp_meter_add(hamm_mwp_meter *m, const hamm_request *reqs, size_t n);
/* Every request added: E, the request-weighted efficiency, the requests and channels, the
 * heuristic, the replay and the model's name into e (its files and model_arg left as
 * they are).  HAMM_ERR_EMPTY, naming e's first file, when no request measured E. */
HAMM_API hamm_status hamm_mwp_meter_finish(hamm_mwp_meter *m, hamm_mwp_efficiency *e,
                                           hamm_error *err);
HAMM_API void hamm_mwp_meter_free(hamm_mwp_meter *m);

#ifdef __cplusplus
}
#endif

#endif
