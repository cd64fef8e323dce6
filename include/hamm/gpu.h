/* gpu.h - the GPU engine, the reference engine's upper half (docs/GPU.md): SIMT cores,
 * caches, crossbars and memory partitions over the DRAM engine, driven by a workload
 * (hamm/workload.h). */
#ifndef HAMM_GPU_H
#define HAMM_GPU_H

#include "hamm/config.h"
#include "hamm/engine.h"
#include "hamm/error.h"
#include "hamm/export.h"
#include "hamm/trace.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gpu hamm_gpu;

/* Each request entering a DRAM controller's queue, in arrival order per channel, with
 * its arrival cycle (DRAM clock) and source core: the tap (the input the paper fed to its
 * model). */
typedef void (*hamm_gpu_tap_fn)(void *user, uint32_t channel, const hamm_request *r);

/* What a run reports as it goes, each NULL when not wanted: the tap, and every command
 * the DRAM channels issue (for a command log, hamm/command.h). */
typedef struct hamm_gpu_hooks {
    hamm_gpu_tap_fn tap;
    void *tap_user;
    hamm_command_fn command;
    void *command_user;
} hamm_gpu_hooks;

/* A GPU from the GPU model file `model_path` over the memory system `mem`; `refresh` as
 * hamm simulate's; `hooks` may be NULL (none). */
HAMM_API hamm_status hamm_gpu_new(hamm_gpu **out, const hamm_system_config *mem,
                                  const char *model_path, int refresh,
                                  const hamm_gpu_hooks *hooks, hamm_error *err);
/* Every kernel has run: close the DRAM channels at the last cycle. */
HAMM_API void hamm_gpu_finish(hamm_gpu *g);
HAMM_API void hamm_gpu_free(hamm_gpu *g);
/* The GPU's DRAM channels (the measured side: hamm_engine_channel per channel), valid
 * until hamm_gpu_free; read them after hamm_gpu_finish. */
HAMM_API const hamm_engine *hamm_gpu_dram(const hamm_gpu *g);
/* The GPU model's name. */
HAMM_API const char *hamm_gpu_model_name(const hamm_gpu *g);

#ifdef __cplusplus
}
#endif

#endif
