/* test_gpu_l1bank_import.c - hamm import-gpgpusim and GPGPU-Sim's L1 bank options
 * (docs/SMEM.md, "L1 banks"): -gpgpu_l1_banks, -gpgpu_l1_banks_byte_interleaving and
 * -gpgpu_l1_banks_hashing_function become l1.banks, l1.bank_bytes and l1.bank_scheme;
 * the written model loads with those banks. */
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "gpu/gpu_model.h"
#include "hamm/import.h"
#include "import_helpers.h"

/* The options hamm requires, and an L1. */
#define BASE                                                                          \
    "-gpgpu_n_clusters 2\n"                                                           \
    "-gpgpu_n_mem 1\n"                                                                \
    "-gpgpu_shader_core_pipeline 1024:32\n"                                           \
    "-gpgpu_cache:dl1 N:64:128:4,L:E:m:N:L,A:32:4,16\n"                               \
    "-gpgpu_clock_domains 1000.0:1000.0:1000.0:1000.0\n"                              \
    "-gpgpu_dram_timing_opt \"nbk=8:CCD=2:RRD=5:RCD=14:RAS=33:RP=14:RC=47:CL=14:WL=5:" \
    "CDLR=6:WR=15\"\n"                                                                \
    "-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.000RRRRR."   \
    "RRRRRRRR.RBBBCCCC.CCCSSSSS\n"

/* 4 banks of 64 bytes under hashing function 1, GPGPU-Sim's bitwise XOR of the bank
 * bits with the next log2(4) = 2 bits: the banked library's xor (s = 2); the written
 * model loads with those banks. */
static void banks_xor(void **state)
{
    (void)state;
    json_t *g = gpu_of(BASE "-gpgpu_l1_banks 4\n-gpgpu_l1_banks_byte_interleaving 64\n"
                            "-gpgpu_l1_banks_hashing_function 1\n");
    json_t *l1 = json_object_get(g, "l1");
    assert_int_equal(json_integer_value(json_object_get(l1, "banks")), 4);
    assert_int_equal(json_integer_value(json_object_get(l1, "bank_bytes")), 64);
    assert_string_equal(json_string_value(json_object_get(l1, "bank_scheme")), "xor");
    char path[] = "/tmp/hamm-l1bank-import-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(json_dump_file(g, path, 0), 0);
    gpu_model m;
    hamm_error err = {0};
    assert_int_equal(gpu_model_load(&m, path, &err), HAMM_OK);
    unlink(path);
    assert_int_equal(m.l1.banks, 4);
    assert_int_equal(m.l1.bank_bytes, 64);
    assert_string_equal(m.l1.bank_scheme, "xor");
    json_decref(g);
}

/* Absent, or one bank: the L1 has no bank keys (hamm's defaults: not banked).  IPOLY
 * (2) is not a banked-library scheme: low-order, with a note; GPGPU-Sim's default
 * interleave is 32 bytes. */
static void defaults_and_ipoly(void **state)
{
    (void)state;
    const char *with[] = {BASE, BASE "-gpgpu_l1_banks 1\n-gpgpu_l1_banks_hashing_function 1\n"};
    for (int i = 0; i < 2; i++) {
        json_t *g = gpu_of(with[i]);
        json_t *l1 = json_object_get(g, "l1");
        assert_non_null(l1);
        assert_null(json_object_get(l1, "banks"));
        assert_null(json_object_get(l1, "bank_scheme"));
        json_decref(g);
    }
    json_t *g = gpu_of(BASE "-gpgpu_l1_banks 2\n-gpgpu_l1_banks_hashing_function 2\n");
    json_t *l1 = json_object_get(g, "l1");
    assert_int_equal(json_integer_value(json_object_get(l1, "banks")), 2);
    assert_int_equal(json_integer_value(json_object_get(l1, "bank_bytes")), 32);
    assert_string_equal(json_string_value(json_object_get(l1, "bank_scheme")), "low-order");
    json_t *note = json_object_get(json_object_get(g, "notes"),
                                   "-gpgpu_l1_banks_hashing_function");
    assert_true(json_is_string(note));
    assert_non_null(strstr(json_string_value(note), "IPOLY"));
    json_decref(g);
}

/* GPGPU-Sim masks the bank bits: a bank count or interleave that is not a power of two,
 * or a hashing function it does not have, is an error naming the option. */
static void bad_values(void **state)
{
    (void)state;
    import_fails_saying(BASE "-gpgpu_l1_banks 3\n", "not a power of two");
    import_fails_saying(BASE "-gpgpu_l1_banks 0\n", "outside");
    import_fails_saying(BASE "-gpgpu_l1_banks_byte_interleaving 48\n", "not a power of two");
    import_fails_saying(BASE "-gpgpu_l1_banks_hashing_function 4\n", "outside");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(banks_xor),
        cmocka_unit_test(defaults_and_ipoly),
        cmocka_unit_test(bad_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
