/* gpu_model_text.h - what the GPU model's tests share: loading a model file written from
 * a string (a temporary file, removed after), and refusing one. */
#ifndef HAMM_TEST_GPU_MODEL_TEXT_H
#define HAMM_TEST_GPU_MODEL_TEXT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "gpu/gpu_model.h"

#define GPU_MODEL_TEXT_PATH "/tmp/hamm-gpu-model-XXXXXX"

/* gpu_model_load on a file holding `text`; path (sizeof GPU_MODEL_TEXT_PATH bytes) gets
 * the file's name, which errors name. */
static inline hamm_status gpu_model_load_text(const char *text, gpu_model *m, hamm_error *err,
                                              char *path)
{
    memcpy(path, GPU_MODEL_TEXT_PATH, sizeof GPU_MODEL_TEXT_PATH);
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    hamm_status st = gpu_model_load(m, path, err);
    unlink(path);
    return st;
}

/* The model in `text` is refused as a configuration error naming `want_field` and the
 * file. */
static inline void bad_model(const char *text, const char *want_field)
{
    char path[sizeof GPU_MODEL_TEXT_PATH];
    gpu_model m;
    hamm_error err = {0};
    assert_int_equal(gpu_model_load_text(text, &m, &err, path), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, want_field);
    assert_string_equal(err.source, path);
}

#endif
