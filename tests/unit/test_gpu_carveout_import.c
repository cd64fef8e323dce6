/* test_gpu_carveout_import.c - hamm import-gpgpusim and GPGPU-Sim's unified L1 options
 * (docs/GPU.md, "Unified L1 and shared memory"): -gpgpu_adaptive_cache_config,
 * -gpgpu_unified_l1d_size and -gpgpu_shmem_option become l1.unified_bytes and
 * core.shared_carveouts, the dl1 string's allocation letter l1.allocate; the written
 * model loads with that carveout. */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gpu/carveout.h"
#include "gpu/gpu_model.h"
#include "hamm/import.h"
#include "import_helpers.h"

/* The options hamm requires, and SM86_RTX3070's core and L1 (its gpgpusim.config). */
#define BASE                                                                          \
    "-gpgpu_n_clusters 2\n"                                                           \
    "-gpgpu_n_mem 1\n"                                                                \
    "-gpgpu_shader_core_pipeline 1536:32\n"                                           \
    "-gpgpu_shader_cta 32\n"                                                          \
    "-gpgpu_shader_registers 65536\n"                                                 \
    "-gpgpu_shmem_size 102400\n"                                                      \
    "-gpgpu_clock_domains 1000.0:1000.0:1000.0:1000.0\n"                              \
    "-gpgpu_dram_timing_opt \"nbk=8:CCD=2:RRD=5:RCD=14:RAS=33:RP=14:RC=47:CL=14:WL=5:" \
    "CDLR=6:WR=15\"\n"                                                                \
    "-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.000RRRRR."   \
    "RRRRRRRR.RBBBCCCC.CCCSSSSS\n"
#define RTX3070_L1 "-gpgpu_cache:dl1 S:4:128:256,L:T:m:L:L,A:384:48,16:0,32\n"
#define RTX3070_UNIFIED                                                               \
    "-gpgpu_adaptive_cache_config 1\n-gpgpu_shmem_option 0,8,16,32,64,100\n"          \
    "-gpgpu_unified_l1d_size 128\n"

static const char *string_at(json_t *g, const char *object, const char *key)
{
    return json_string_value(json_object_get(json_object_get(g, object), key));
}

/* The RTX3070: 128 KiB unified -> l1.unified_bytes 131072; carveouts of 0, 8, 16, 32, 64
 * and 100 KiB -> "0,8192,16384,32768,65536,102400"; allocation m -> no allocate key (on
 * miss, hamm's default).  The model loads: 131072 / (4 sets x 128 bytes) = 256 ways at
 * most, the dl1 string's own 256; a kernel of two 48 KiB CTAs a core would leave it 56. */
static void rtx3070(void **state)
{
    (void)state;
    json_t *g = gpu_of(BASE RTX3070_L1 RTX3070_UNIFIED);
    json_t *l1 = json_object_get(g, "l1");
    assert_int_equal(json_integer_value(json_object_get(l1, "unified_bytes")), 131072);
    assert_int_equal(json_integer_value(json_object_get(l1, "ways")), 256);
    assert_int_equal(json_integer_value(json_object_get(l1, "sector_bytes")), 32);
    assert_null(json_object_get(l1, "allocate"));
    assert_string_equal(string_at(g, "core", "shared_carveouts"),
                        "0,8192,16384,32768,65536,102400");
    assert_non_null(strstr(string_at(g, "notes", "-gpgpu_cache:dl1"), "lazy fetch-on-read"));
    gpu_model m;
    hamm_error err = {0};
    assert_int_equal(gpu_model_from_json(&m, g, "t.json", &err), HAMM_OK);
    gpu_carveout_params cv;
    gpu_model_carveout(&m, &cv);
    assert_int_equal(cv.unified_bytes, 131072);
    assert_int_equal(cv.count, 6);
    assert_int_equal(cv.options[5], 102400);
    assert_int_equal(gpu_carveout_ways(&cv, m.l1.sets, m.l1.line_bytes, 102400), 56);
    json_decref(g);
}

/* Without -gpgpu_adaptive_cache_config 1 GPGPU-Sim keeps the dl1 string's size: no
 * carveout keys.  A streaming dl1 (SM75_RTX2060_S's S:1:128:512,L:L:s:N:L) is
 * allocate "streaming" and loads (write-through, no write allocation). */
static void fixed_and_streaming(void **state)
{
    (void)state;
    json_t *g = gpu_of(BASE RTX3070_L1 "-gpgpu_unified_l1d_size 128\n");
    assert_null(json_object_get(json_object_get(g, "l1"), "unified_bytes"));
    assert_null(json_object_get(json_object_get(g, "core"), "shared_carveouts"));
    json_decref(g);
    g = gpu_of(BASE "-gpgpu_cache:dl1 S:1:128:512,L:L:s:N:L,A:256:8,16:0,32\n");
    assert_string_equal(string_at(g, "l1", "allocate"), "streaming");
    gpu_model m;
    hamm_error err = {0};
    assert_int_equal(gpu_model_from_json(&m, g, "t.json", &err), HAMM_OK);
    assert_int_equal(m.l1.alloc, GPU_CACHE_STREAMING);
    json_decref(g);
    g = gpu_of(BASE "-gpgpu_cache:dl1 N:64:128:4,L:T:f:N:L,A:32:4,16\n");
    assert_string_equal(string_at(g, "l1", "allocate"), "on-fill");
    json_decref(g);
}

/* GPGPU-Sim's default carveout list is "0": a kernel with shared memory would find none
 * (GPGPU-Sim asserts); a carveout that is not a number; a streaming write-back L1
 * (GPGPU-Sim refuses it too). */
static void bad_values(void **state)
{
    (void)state;
    import_fails_saying(BASE RTX3070_L1 "-gpgpu_adaptive_cache_config 1\n-gpgpu_unified_l1d_size 128\n",
        "-gpgpu_shmem_option");
    import_fails_saying(BASE RTX3070_L1 "-gpgpu_shmem_option 0,8k\n", "expected a whole number");
    import_fails_saying(BASE "-gpgpu_cache:dl1 S:4:128:32,L:B:s:N:L,A:256:8,16:0,32\n", "allocation on fill");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rtx3070),
        cmocka_unit_test(fixed_and_streaming),
        cmocka_unit_test(bad_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
