/* test_model_find.c - the one lookup of a model by name (hamm_model_find): a file as
 * given, else NAME or NAME.json in the kind's folders of each directory in turn, and an
 * error naming the folders and directories searched. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "hamm/config.h"

#define MODELS HAMM_SOURCE_ROOT "/models"
#define DATA HAMM_TEST_DATA "/config"

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), m = strlen(tail);
    return n >= m && strcmp(s + n - m, tail) == 0;
}

static void system_and_dram(void **state)
{
    (void)state;
    char path[1024];
    static const char *const dirs[] = {DATA, MODELS};
    const hamm_model_path models = {dirs, 2};
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_config_find("yuan09-baseline", &models, path, sizeof path, &err), HAMM_OK);
    assert_true(ends_with(path, "system/yuan09-baseline.json"));
    assert_int_equal(hamm_config_find("gddr3-yuan09.json", &models, path, sizeof path, &err), HAMM_OK);
    assert_true(ends_with(path, "dram/gddr3-yuan09.json"));
    const char *given = MODELS "/system/gtx480.json";
    assert_int_equal(hamm_config_find(given, &models, path, sizeof path, &err), HAMM_OK);
    assert_string_equal(path, given);
    assert_int_equal(hamm_config_find("no-such-model", &models, path, sizeof path, &err), HAMM_ERR_IO);
    assert_non_null(strstr(err.text, "no model of that name in system/ or dram/"));
    assert_non_null(strstr(err.text, DATA ":" MODELS));
    /* no directories: a name is not a file */
    hamm_error_clear(&err);
    assert_int_equal(hamm_config_find("gtx480", NULL, path, sizeof path, &err), HAMM_ERR_IO);
    assert_non_null(strstr(err.text, "no model path"));
    assert_int_equal(hamm_config_find(given, NULL, path, sizeof path, &err), HAMM_OK);
    char tiny[4];
    hamm_error_clear(&err);
    assert_int_equal(hamm_config_find("gtx480", &models, tiny, sizeof tiny, &err), HAMM_ERR_ARG);
}

/* Each kind in its own folder: gtx480 is a system, a GPU and an MWP/CWP machine. */
static void each_kind_in_its_folder(void **state)
{
    (void)state;
    char path[1024];
    static const char *const dirs[] = {MODELS};
    const hamm_model_path models = {dirs, 1};
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_model_find(HAMM_MODEL_GPU, "gtx480", &models, path, sizeof path, &err),
                     HAMM_OK);
    assert_string_equal(path, MODELS "/gpu/gtx480.json");
    assert_int_equal(hamm_model_find(HAMM_MODEL_MWP_MACHINE, "gtx480", &models, path,
                                     sizeof path, &err), HAMM_OK);
    assert_string_equal(path, MODELS "/mwp/gtx480.json");
    assert_int_equal(hamm_model_find(HAMM_MODEL_SYSTEM, "gtx480", &models, path, sizeof path,
                                     &err), HAMM_OK);
    assert_string_equal(path, MODELS "/system/gtx480.json");
    /* fx5600 is a machine only */
    assert_int_equal(hamm_model_find(HAMM_MODEL_GPU, "fx5600", &models, path, sizeof path, &err),
                     HAMM_ERR_IO);
    assert_non_null(strstr(err.text, "no model of that name in gpu/ of the model path " MODELS));
    hamm_error_clear(&err);
    assert_int_equal(hamm_model_find((hamm_model_kind)7, "gtx480", &models, path, sizeof path,
                                     &err), HAMM_ERR_ARG);
}

/* The first directory that has the name wins, whichever kind. */
static void first_directory_wins(void **state)
{
    (void)state;
    char dir[] = "/tmp/hamm-find-XXXXXX", sub[64], file[96], path[1024];
    assert_non_null(mkdtemp(dir));
    snprintf(sub, sizeof sub, "%s/gpu", dir);
    assert_int_equal(mkdir(sub, 0777), 0);
    snprintf(file, sizeof file, "%s/gtx480", sub); /* NAME itself before NAME.json */
    FILE *f = fopen(file, "w");
    assert_non_null(f);
    fclose(f);
    const char *dirs[] = {dir, MODELS};
    const hamm_model_path models = {dirs, 2};
    hamm_error err;
    hamm_error_clear(&err);
    char first[1024];
    hamm_status st = hamm_model_find(HAMM_MODEL_GPU, "gtx480", &models, first, sizeof first,
                                     &err);
    hamm_status later = hamm_model_find(HAMM_MODEL_GPU, "yuan09-baseline", &models, path,
                                        sizeof path, &err);
    unlink(file);
    rmdir(sub);
    rmdir(dir);
    assert_int_equal(st, HAMM_OK);
    assert_string_equal(first, file);
    assert_int_equal(later, HAMM_OK);
    assert_string_equal(path, MODELS "/gpu/yuan09-baseline.json");
}

static void names_a_file(void **state)
{
    (void)state;
    assert_true(hamm_model_names_file("models/mwp/fx5600.json"));
    assert_true(hamm_model_names_file("fx5600.json"));
    assert_true(hamm_model_names_file("./fx5600"));
    assert_false(hamm_model_names_file("fx5600"));
    assert_false(hamm_model_names_file(".json"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(system_and_dram),
        cmocka_unit_test(each_kind_in_its_folder),
        cmocka_unit_test(first_directory_wins),
        cmocka_unit_test(names_a_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
