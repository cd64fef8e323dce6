/* test_gpu_memory.c - the memory a GPU takes, added up before it is built (gpu_memory.c,
 * issue 29 R2): the sum is what the GPU's modules then allocate (measured with glibc's
 * mallinfo2 around gpu_new, which also holds the DRAM engine and malloc's own headers),
 * and a model of 65,535 cores with large in-flight tables is refused at once, naming the
 * keys that drive it, instead of allocating until malloc fails. */
#include <malloc.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gpu/gpu_internal.h"
#include "gpu/gpu_model.h"
#include "hamm/gpu.h"

#define MODELS HAMM_SOURCE_ROOT "/models/"

static size_t heap_in_use(void)
{
    struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
}

static char *volatile probe;

/* Whether mallinfo2 sees this process's allocations (a sanitizer's allocator keeps its
 * own books, and glibc's then reports none). */
static int heap_measurable(void)
{
    size_t before = heap_in_use();
    probe = malloc(1 << 20);
    size_t after = heap_in_use();
    free(probe);
    return after >= before + (1 << 20);
}

/* The heap a DRAM engine over cfg takes (gpu_new builds one; the estimate leaves it out). */
static size_t engine_bytes(const hamm_system_config *cfg, const hamm_addrmap *map)
{
    hamm_engine_params p = {.cfg = *cfg, .replay = HAMM_REPLAY_SATURATED, .refresh = 1};
    hamm_engine *e = NULL;
    hamm_error err = {0};
    size_t before = heap_in_use();
    assert_int_equal(hamm_engine_new(&e, &p, map, NULL, NULL, &err), HAMM_OK);
    size_t used = heap_in_use() - before;
    hamm_engine_free(e);
    return used;
}

/* Each bundled system model with its GPU: what gpu_new allocates besides its DRAM engine
 * is the estimate, give or take malloc's headers. */
static void estimate_matches_allocation(void **state)
{
    (void)state;
    static const char *const names[] = {"gtx480", "yuan09-baseline", "gou-ch6"};
    if (!heap_measurable())
        skip();
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char sys[512], gpu_path[512];
        snprintf(sys, sizeof sys, MODELS "system/%s.json", names[i]);
        snprintf(gpu_path, sizeof gpu_path, MODELS "gpu/%s.json", names[i]);
        hamm_system_config cfg;
        gpu_model m;
        gpu_params p;
        hamm_addrmap *map = NULL;
        hamm_error err = {0};
        assert_int_equal(hamm_config_load(&cfg, sys, NULL, 0, &err), HAMM_OK);
        assert_int_equal(gpu_model_load(&m, gpu_path, &err), HAMM_OK);
        assert_int_equal(gpu_model_params(&m, &cfg, &p, &err), HAMM_OK);
        assert_int_equal(hamm_config_addrmap(&cfg, &map, &err), HAMM_OK);
        uint32_t banks = cfg.dram.banks * (cfg.dram.ranks ? cfg.dram.ranks : 1);
        uint64_t estimate = gpu_memory_bytes(&p, cfg.channels, banks);
        size_t engine = engine_bytes(&cfg, map), before = heap_in_use();
        gpu *g = NULL;
        assert_int_equal(gpu_new(&g, &p, map, &err), HAMM_OK);
        size_t used = heap_in_use() - before - engine;
        gpu_free(g);
        hamm_addrmap_free(map);
        print_message("%s: estimate %llu bytes, allocated %zu besides the DRAM engine\n",
                      names[i], (unsigned long long)estimate, used);
        assert_true(estimate <= used);
        assert_true(used - estimate < used / 50 + 16384);
    }
}

/* gtx480's GPU with 65,535 cores of 65,536 in-flight requests merging 1,024 loads each:
 * 256 MiB of in-flight table a core (259 MiB with the rest), 16 TiB in all. */
static void huge_model_refused(void **state)
{
    (void)state;
    hamm_system_config cfg;
    hamm_error err = {0};
    json_t *doc = json_load_file(MODELS "gpu/gtx480.json", 0, NULL);
    assert_non_null(doc);
    json_t *core = json_object_get(doc, "core");
    json_object_set_new(doc, "cores", json_integer(65535));
    json_object_set_new(core, "max_inflight", json_integer(65536));
    json_object_set_new(core, "max_merge", json_integer(1024));
    hamm_gpu_model *m = NULL;
    assert_int_equal(hamm_gpu_model_from_json(&m, doc, "huge", &err), HAMM_OK);
    json_decref(doc);
    assert_int_equal(hamm_config_load(&cfg, MODELS "system/gtx480.json", NULL, 0, &err),
                     HAMM_OK);
    hamm_gpu *g = NULL;
    size_t before = heap_in_use();
    assert_int_equal(hamm_gpu_new_with(&g, &cfg, m, 1, NULL, &err), HAMM_ERR_CONFIG);
    assert_true(heap_in_use() - before < 65536); /* refused before anything was built */
    assert_null(g);
    assert_string_equal(err.field, "core");
    assert_non_null(strstr(err.text, "the GPU would take 16.2 TiB of memory, more than the 8.0 GiB "
                                     "a GPU may take"));
    assert_non_null(strstr(err.text, "(65535 cores x 259.1 MiB) grows with core.max_threads, "
                                     "core.max_inflight x core.max_merge"));
    hamm_gpu_model_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(estimate_matches_allocation),
        cmocka_unit_test(huge_model_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
