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

/* A GPU from the GPU model file `model_path` over the memory system `mem`; `refresh` as
 * hamm simulate's; `tap` may be NULL. */
HAMM_API hamm_status hamm_gpu_new(hamm_gpu **out, const hamm_system_config *mem,
                                  const char *model_path, int refresh, hamm_gpu_tap_fn tap,
                                  void *tap_user, hamm_error *err);
/* Every kernel has run: close the DRAM channels at the last cycle. */
HAMM_API void hamm_gpu_finish(hamm_gpu *g);
HAMM_API void hamm_gpu_free(hamm_gpu *g);
/* The GPU's DRAM channels (the measured side: hamm_engine_channel per channel), valid
 * until hamm_gpu_free; read them after hamm_gpu_finish. */
HAMM_API const hamm_engine *hamm_gpu_dram(const hamm_gpu *g);
/* The GPU model's name. */
HAMM_API const char *hamm_gpu_model_name(const hamm_gpu *g);

/* A GPGPU-Sim configuration (gpgpusim.config) turned into hamm's three model files: a GPU
 * model, a DRAM model and a system model naming the other two as ../gpu/NAME.json and
 * ../dram/NAME.json (docs/GPU.md, "Importing a GPGPU-Sim configuration"). */
typedef struct hamm_gpu_import hamm_gpu_import;
typedef enum hamm_gpu_import_part {
    HAMM_IMPORT_GPU,
    HAMM_IMPORT_DRAM,
    HAMM_IMPORT_SYSTEM,
    HAMM_IMPORT_PART_COUNT
} hamm_gpu_import_part;
/* Read the configuration `text` (len bytes, named `source` in errors, which give its line
 * and the option) into models called `name`.  *out is the caller's, for
 * hamm_gpu_import_free. */
HAMM_API hamm_status hamm_gpu_import_gpgpusim(hamm_gpu_import **out, const char *text,
                                              size_t len, const char *source,
                                              const char *name, hamm_error *err);
/* One file's JSON text, indented; the caller frees it; NULL when out of memory. */
HAMM_API char *hamm_gpu_import_json(const hamm_gpu_import *im, hamm_gpu_import_part part);
/* The options hamm ignored, in the file's order: "option value: likely effect". */
HAMM_API size_t hamm_gpu_import_ignored_count(const hamm_gpu_import *im);
HAMM_API const char *hamm_gpu_import_ignored(const hamm_gpu_import *im, size_t i);
HAMM_API void hamm_gpu_import_free(hamm_gpu_import *im);

#ifdef __cplusplus
}
#endif

#endif
