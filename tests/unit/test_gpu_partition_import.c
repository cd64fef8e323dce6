/* test_gpu_partition_import.c - hamm import-gpgpusim and GPGPU-Sim's
 * -gpgpu_memory_partition_indexing (src/import/import_partition.c): IPOLY (2) and the
 * bitwise XOR (1) become the system model's address_channel_scheme, on SM7_QV100's option
 * values; what hamm cannot follow (a channel count that is not a power of two, one
 * GPGPU-Sim has no polynomial for, PAE, random, custom) imports as consecutive channels
 * with a note saying why; a value GPGPU-Sim does not know is an error. */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hamm/import.h"

/* SM7_QV100's memory options (gpgpusim.config): 32 HBM channels of 2 sub-partitions,
 * the channel at dramid@8, 16 banks; a core side just large enough to load. */
#define MEMORY(channels)                                                               \
    "-gpgpu_n_clusters 2\n"                                                            \
    "-gpgpu_shader_core_pipeline 2048:32\n"                                            \
    "-gpgpu_clock_domains 1132.0:1132.0:1132.0:850.0\n"                                \
    "-gpgpu_n_mem " channels "\n"                                                      \
    "-gpgpu_n_sub_partition_per_mchannel 2\n"                                          \
    "-gpgpu_n_mem_per_ctrlr 1\n"                                                       \
    "-gpgpu_dram_buswidth 16\n"                                                        \
    "-gpgpu_dram_burst_length 2\n"                                                     \
    "-dram_data_command_freq_ratio 2\n"                                                \
    "-gpgpu_dram_timing_opt \"nbk=16:CCD=1:RRD=3:RCD=12:RAS=28:RP=12:RC=40:CL=12:"     \
    "WL=2:CDLR=3:WR=10:nbkgrp=4:CCDL=2:RTPL=3\"\n"                                     \
    "-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.0000RRRR."   \
    "RRRRRRRR.RBBBCCCB.CCCSSSSS\n"
#define QV100 MEMORY("32")

/* The imported system and GPU models of `text`. */
static void import(const char *text, json_t **system, json_t **gpu)
{
    hamm_gpu_import *im = NULL;
    hamm_error err = {0};
    if (hamm_gpu_import_gpgpusim(&im, text, strlen(text), "t.config", "t", &err) != HAMM_OK)
        fail_msg("%s: %s", err.field, err.text);
    char *s = hamm_gpu_import_json(im, HAMM_IMPORT_SYSTEM), *g = hamm_gpu_import_json(im,
                                                                        HAMM_IMPORT_GPU);
    assert_non_null(s);
    assert_non_null(g);
    *system = json_loads(s, 0, NULL);
    *gpu = json_loads(g, 0, NULL);
    free(s);
    free(g);
    hamm_gpu_import_free(im);
    assert_non_null(*system);
    assert_non_null(*gpu);
}

/* The scheme the system model gets ("" when it has none) and the GPU model's note on
 * the option (NULL when none); neither lists the option as ignored. */
static void expect(const char *text, const char *scheme, const char *note)
{
    json_t *sys, *gpu;
    import(text, &sys, &gpu);
    json_t *got = json_object_get(sys, "address_channel_scheme");
    if (scheme[0]) {
        assert_true(json_is_string(got));
        assert_string_equal(json_string_value(got), scheme);
        assert_non_null(json_object_get(json_object_get(sys, "notes"),
                                        "address_channel_scheme"));
    } else {
        assert_null(got);
    }
    json_t *notes = json_object_get(gpu, "notes");
    const char *said = json_string_value(json_object_get(notes,
                                                         "-gpgpu_memory_partition_indexing"));
    if (!note)
        assert_null(said);
    else if (!said || !strstr(said, note))
        fail_msg("note '%s' does not say '%s'", said ? said : "(none)", note);
    const char *ignored = json_string_value(json_object_get(notes, "ignored"));
    assert_true(!ignored || !strstr(ignored, "partition_indexing"));
    json_decref(sys);
    json_decref(gpu);
}

/* n = log2 32 = 5 channel bits, k = log2 2 = 1 sub-partition bit: IPOLY over 64 buckets
 * keeps the top 5 bits (ipoly:sub=1); bitwise XORs the channel with the bits n + k = 6
 * above the unit address's lowest (xor:s=6).  0, 5 and absent: the map alone. */
static void qv100(void **state)
{
    (void)state;
    expect(QV100 "-gpgpu_memory_partition_indexing 2\n", "ipoly:sub=1", NULL);
    expect(QV100 "-gpgpu_memory_partition_indexing 1\n", "xor:s=6", NULL);
    expect(QV100 "-gpgpu_memory_partition_indexing 0\n", "", NULL);
    expect(QV100, "", NULL);
    expect(QV100 "-gpgpu_memory_partition_indexing 5\n", "", "5 (custom)");
    /* 8 channels x 2 sub-partitions: 16 buckets */
    expect(MEMORY("8") "-gpgpu_memory_partition_indexing 2\n", "ipoly:sub=1", NULL);
}

/* Counts IPOLY cannot take hamm's way: TITAN V's 24 channels (GPGPU-Sim's hash is then
 * (c ^ g) mod 24 with g on 0..31: channels 0-7 get 2 of every 32 values, 48/32 = 1.5 of
 * the mean); H100's 80 (256 buckets: GPGPU-Sim asserts); 4 x 2 = 8 buckets. */
static void consecutive(void **state)
{
    (void)state;
    expect(MEMORY("24") "-gpgpu_memory_partition_indexing 2\n", "",
           "channels 0-7 take 1.5 times the mean traffic, channels 8-23 0.75 times");
    expect(MEMORY("80") "-gpgpu_memory_partition_indexing 2\n", "", "into 256 buckets");
    expect(MEMORY("4") "-gpgpu_memory_partition_indexing 2\n", "", "are 8 buckets");
    expect(MEMORY("24") "-gpgpu_memory_partition_indexing 1\n", "",
           "asserts a power-of-two channel count");
    expect(QV100 "-gpgpu_memory_partition_indexing 3\n", "", "3 (PAE)");
    expect(QV100 "-gpgpu_memory_partition_indexing 4\n", "", "rand()");
}

static void unknown_value(void **state)
{
    (void)state;
    const char *text = QV100 "-gpgpu_memory_partition_indexing 6\n";
    hamm_gpu_import *im = NULL;
    hamm_error err = {0};
    assert_int_not_equal(hamm_gpu_import_gpgpusim(&im, text, strlen(text), "t.config", "t",
                                                  &err),
                         HAMM_OK);
    assert_null(im);
    assert_string_equal(err.field, "-gpgpu_memory_partition_indexing");
    assert_non_null(strstr(err.text, "outside"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(qv100),
        cmocka_unit_test(consecutive),
        cmocka_unit_test(unknown_value),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
