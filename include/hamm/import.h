/* import.h - GPGPU-Sim and Accel-Sim configurations imported as hamm's model files
 * (docs/GPU.md, "Importing a GPGPU-Sim configuration"). */
#ifndef HAMM_IMPORT_H
#define HAMM_IMPORT_H

#include <stddef.h>

#include "hamm/error.h"
#include "hamm/export.h"

#ifdef __cplusplus
extern "C" {
#endif

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
