/* import_helpers.h - the import tests' steps: a configuration text imported as "t.config";
 * the GPU model it makes, parsed (a failed import fails the test); an import that must
 * fail, its error naming `says` in its field or text. */
#ifndef HAMM_TEST_IMPORT_HELPERS_H
#define HAMM_TEST_IMPORT_HELPERS_H

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "hamm/import.h"

static inline hamm_status import(const char *text, hamm_gpu_import **im, hamm_error *err)
{
    *im = NULL;
    return hamm_gpu_import_gpgpusim(im, text, strlen(text), "t.config", "t", err);
}

static inline json_t *gpu_of(const char *text)
{
    hamm_gpu_import *im;
    hamm_error err = {0};
    if (import(text, &im, &err) != HAMM_OK)
        fail_msg("%s: %s", err.field, err.text);
    char *s = hamm_gpu_import_json(im, HAMM_IMPORT_GPU);
    assert_non_null(s);
    json_t *j = json_loads(s, 0, NULL);
    free(s);
    hamm_gpu_import_free(im);
    assert_non_null(j);
    return j;
}

static inline void import_fails_saying(const char *text, const char *says)
{
    hamm_gpu_import *im;
    hamm_error err = {0};
    assert_int_not_equal(import(text, &im, &err), HAMM_OK);
    assert_null(im);
    if (!strstr(err.field, says) && !strstr(err.text, says))
        fail_msg("'%s: %s' does not say '%s'", err.field, err.text, says);
}

#endif
