/* test_file_id.c - XXH64 against the reference library's values, and a file's identity
 * (size and hash) for a regular file, standard input and a pipe. */
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

#include "hamm/io.h"
#include "io/xxh64.h"

static uint64_t hash_of(const void *data, size_t n, size_t cut)
{
    xxh64_state s;
    xxh64_init(&s);
    xxh64_update(&s, data, cut);
    xxh64_update(&s, (const unsigned char *)data + cut, n - cut);
    return xxh64_digest(&s);
}

/* Expected values: XXH64 with seed 0 from the reference implementation (libxxhash 0.8.1,
 * called through python3's ctypes); "" and "a" are also the published test vectors. */
static void known_values(void **state)
{
    (void)state;
    unsigned char ramp[100];
    for (size_t i = 0; i < sizeof ramp; i++)
        ramp[i] = (unsigned char)i;
    assert_true(hash_of("", 0, 0) == 0xef46db3751d8e999ULL);
    assert_true(hash_of("a", 1, 0) == 0xd24ec4f1a98c6e5bULL);
    assert_true(hash_of("abc", 3, 1) == 0x44bc2cf5ad770999ULL);
    assert_true(hash_of("R 0x0\nW 0x40\n", 13, 5) == 0x676578ced68bee9eULL);
    /* over 32 bytes: the four lanes, three stripes, then 4 left; every split point */
    for (size_t cut = 0; cut <= sizeof ramp; cut++)
        assert_true(hash_of(ramp, sizeof ramp, cut) == 0x6ac1e58032166597ULL);
}

static void regular_file(void **state)
{
    (void)state;
    char path[] = "/tmp/hamm-file-id-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "R 0x0\nW 0x40\n", 13), 13);
    close(fd);
    hamm_file_id id;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_file_identify(path, &id, &err), HAMM_OK);
    unlink(path);
    assert_int_equal(id.known, 1);
    assert_int_equal(id.size_bytes, 13);
    assert_true(id.xxh64 == 0x676578ced68bee9eULL);
}

static void stdin_and_pipe_unknown(void **state)
{
    (void)state;
    hamm_file_id id = {1, 5, 5};
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_file_identify("-", &id, &err), HAMM_OK);
    assert_int_equal(id.known, 0);
    char dir[] = "/tmp/hamm-file-id-XXXXXX", fifo[64];
    assert_non_null(mkdtemp(dir));
    snprintf(fifo, sizeof fifo, "%s/p", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    /* opened for writing too, so the open does not wait for a writer */
    FILE *w = fopen(fifo, "r+");
    assert_non_null(w);
    id.known = 1;
    assert_int_equal(hamm_file_identify(fifo, &id, &err), HAMM_OK);
    assert_int_equal(id.known, 0);
    fclose(w);
    unlink(fifo);
    rmdir(dir);
}

static void missing_file(void **state)
{
    (void)state;
    hamm_file_id id;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_file_identify("/nonexistent/t.txt", &id, &err), HAMM_ERR_IO);
    assert_string_equal(err.source, "/nonexistent/t.txt");
    assert_int_equal(id.known, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(known_values),
        cmocka_unit_test(regular_file),
        cmocka_unit_test(stdin_and_pipe_unknown),
        cmocka_unit_test(missing_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
