/* test_gpu_model_set.c - a GPU model with command-line overrides of its keys ("gpu.PATH=
 * VALUE", hamm_gpu_model_load_with): every kind of key reaches the model, the other
 * overrides are the system model's and are skipped, the file's tree is not changed, and
 * an error about an override's value names "--set" and the override's path. */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "common/json_read.h"
#include "gpu/gpu_model.h"
#include "hamm/gpu.h"

#define GTX480 HAMM_SOURCE_ROOT "/models/gpu/gtx480.json"

static void keys_of_every_kind(void **state)
{
    (void)state;
    static const char *const sets[] = {
        "gpu.l1.sets=64",          "queue_size=16", /* the system model's: skipped */
        "gpu.core.warp_schedulers=4", "gpu.partition.reply_queue=64",
        "gpu.interconnect.latency=8", "gpu.clocks.core_mhz=1000.5",
        "gpu.l1.index=xor",        "gpu.name=renamed", "gpu.l1.sets=128"}; /* last wins */
    hamm_gpu_model *m = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_gpu_model_load_with(&m, GTX480, sets, 9, &err), HAMM_OK);
    assert_int_equal(m->l1.sets, 128);
    assert_int_equal(m->core.schedulers, 4);
    assert_int_equal(m->partition.reply_queue, 64);
    assert_int_equal(m->icnt.latency, 8);
    assert_true(m->core_mhz == 1000.5);
    assert_int_equal(m->l1.index, GPU_INDEX_XOR);
    assert_string_equal(m->name, "renamed");
    assert_int_equal(m->l1.ways, 4); /* what no override names is the file's */
    hamm_gpu_model_free(m);
}

/* An error of `sets` applied to gtx480 into *err. */
static hamm_status load(const char *const *sets, size_t n, hamm_error *err)
{
    hamm_gpu_model *m = NULL;
    hamm_error_clear(err);
    hamm_status st = hamm_gpu_model_load_with(&m, GTX480, sets, n, err);
    hamm_gpu_model_free(m);
    return st;
}

static void errors_name_the_override(void **state)
{
    (void)state;
    hamm_error err;
    static const char *const type[] = {"gpu.l1.sets=many"};
    assert_int_equal(load(type, 1, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.source, JSON_READ_SET_SOURCE);
    assert_string_equal(err.field, "gpu.l1.sets");
    static const char *const unknown[] = {"gpu.l1.setz=4"};
    assert_int_equal(load(unknown, 1, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "gpu.l1.setz");
    assert_non_null(strstr(err.text, "unknown key"));
    static const char *const object[] = {"gpu.core=4"};
    assert_int_equal(load(object, 1, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "gpu.core");
    /* a rule across keys that the override breaks */
    static const char *const cross[] = {"gpu.l2.miss_latency=5"};
    assert_int_equal(load(cross, 1, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.source, JSON_READ_SET_SOURCE);
    assert_string_equal(err.field, "gpu.l2.miss_latency");
}

/* A rule broken at a key no override set stays the file's. */
static void file_errors_stay_the_files(void **state)
{
    (void)state;
    json_t *doc = json_load_file(GTX480, 0, NULL);
    assert_non_null(doc);
    json_object_set_new(json_object_get(doc, "l1"), "banks", json_integer(0));
    static const char *const sets[] = {"gpu.l1.ways=8"};
    hamm_gpu_model *m = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_gpu_model_from_json_with(&m, doc, "file.json", sets, 1, &err),
                     HAMM_ERR_CONFIG);
    assert_string_equal(err.source, "file.json");
    assert_string_equal(err.field, "l1.banks");
    /* the caller's tree is not changed by the overrides */
    assert_int_equal(json_integer_value(json_object_get(json_object_get(doc, "l1"), "ways")),
                     4);
    json_decref(doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(keys_of_every_kind),
        cmocka_unit_test(errors_name_the_override),
        cmocka_unit_test(file_errors_stay_the_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
