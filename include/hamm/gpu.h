/* gpu.h - the GPU engine, the reference engine's upper half (docs/GPU.md): SIMT cores,
 * caches, crossbars and memory partitions over the DRAM engine, driven by a workload
 * (hamm/workload.h). */
#ifndef HAMM_GPU_H
#define HAMM_GPU_H

#include <jansson.h>

#include "hamm/config.h"
#include "hamm/engine.h"
#include "hamm/error.h"
#include "hamm/export.h"
#include "hamm/trace.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gpu hamm_gpu;
/* The most memory one GPU may take: a model whose cores, caches, queues and crossbars
 * would need more is refused before anything is allocated, naming the keys that drive
 * it (docs/GPU.md, "Speed and memory").  8 GiB: far beyond any model of a real GPU. */
#define HAMM_GPU_MAX_BYTES (UINT64_C(8) << 30)
/* A GPU model (models/gpu/, schema hamm-gpu-model/1) read and checked: the cores, caches,
 * crossbar and partitions a GPU is built from, without its memory system. */
typedef struct gpu_model hamm_gpu_model;

/* Read the GPU model file `path`; errors name the file, the line of a syntax error and
 * the JSON path of a bad key. */
HAMM_API hamm_status hamm_gpu_model_load(hamm_gpu_model **out, const char *path,
                                         hamm_error *err);
/* A GPU model from a GPU model file's contents, already parsed (a file's object with an
 * overlay merged in, say; `doc` is not changed); errors name `source` and the JSON path.
 * Nothing is written anywhere. */
HAMM_API hamm_status hamm_gpu_model_from_json(hamm_gpu_model **out, json_t *doc,
                                              const char *source, hamm_error *err);
/* The same with command-line overrides: those of sets[] that name a GPU model key
 * ("gpu.l1.sets=64", HAMM_GPU_SET_PREFIX; the others are the system model's and are
 * skipped) are applied in order to the model's JSON before it is read, each checked as a
 * value of the file; an unknown key is an error naming it, and an error about a value an
 * override set names "--set" and the override's path ("--set: gpu.l1.sets: ..."). */
HAMM_API hamm_status hamm_gpu_model_load_with(hamm_gpu_model **out, const char *path,
                                              const char *const *sets, size_t nsets,
                                              hamm_error *err);
HAMM_API hamm_status hamm_gpu_model_from_json_with(hamm_gpu_model **out, json_t *doc,
                                                   const char *source,
                                                   const char *const *sets, size_t nsets,
                                                   hamm_error *err);
HAMM_API void hamm_gpu_model_free(hamm_gpu_model *m);

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

/* A GPU of `model` over the memory system `mem`; `refresh` as hamm simulate's; `hooks`
 * may be NULL (none).  The model is only read: one model may build GPUs on several
 * threads at once, and may be freed once they are built. */
HAMM_API hamm_status hamm_gpu_new_with(hamm_gpu **out, const hamm_system_config *mem,
                                       const hamm_gpu_model *model, int refresh,
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
