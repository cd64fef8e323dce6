/* test_stage.c - an output directory put in place all or nothing (src/plot/stage.c):
 * a name the directory holds as a directory is refused before any file moves, and a
 * rename that fails part way (each in turn) puts every file back as it was. */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "hamm/plot.h"
#include "scratch_dir.h"

#define FILES 26

static void write_text(const char *dir, const char *name, const char *text)
{
    char path[8192];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void expect_text(const char *dir, const char *name, const char *text)
{
    char path[8192], got[64] = "";
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    assert_non_null(fgets(got, sizeof got, f));
    fclose(f);
    assert_string_equal(got, text);
}

/* An output directory holding the old version of each file a..z. */
static void make_old(char *dir)
{
    assert_int_equal(scratch_make(dir, 64, "stage"), 0);
    for (char c = 'a'; c < 'a' + FILES; c++)
        write_text(dir, (char[]){c, 0}, "old\n");
}

static void cleanup(const char *dir)
{
    assert_int_equal(scratch_remove(dir), 0);
}

static void test_commit_replaces_every_file(void **state)
{
    (void)state;
    char dir[64];
    make_old(dir);
    hamm_stage s;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_stage_open(&s, dir, &err), HAMM_OK);
    for (char c = 'a'; c < 'a' + FILES; c++)
        write_text(s.path, (char[]){c, 0}, "new\n");
    assert_int_equal(hamm_stage_commit(&s, &err), HAMM_OK);
    for (char c = 'a'; c < 'a' + FILES; c++)
        expect_text(dir, (char[]){c, 0}, "new\n");
    char cmd[128];
    snprintf(cmd, sizeof cmd, "test $(ls -A '%s' | wc -l) -eq %d", dir, FILES);
    assert_int_equal(system(cmd), 0); /* no stage, no set-aside directory left */
    cleanup(dir);
}

/* The output directory holds index.html as a directory: nothing moves. */
static void test_directory_in_the_way(void **state)
{
    (void)state;
    char dir[64], sub[128];
    make_old(dir);
    snprintf(sub, sizeof sub, "%s/index.html", dir);
    assert_int_equal(mkdir(sub, 0755), 0);
    hamm_stage s;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_stage_open(&s, dir, &err), HAMM_OK);
    for (char c = 'a'; c < 'a' + FILES; c++)
        write_text(s.path, (char[]){c, 0}, "new\n");
    write_text(s.path, "index.html", "<html>\n");
    assert_int_equal(hamm_stage_commit(&s, &err), HAMM_ERR_IO);
    assert_non_null(strstr(err.text, "is a directory"));
    for (char c = 'a'; c < 'a' + FILES; c++)
        expect_text(dir, (char[]){c, 0}, "old\n");
    struct stat st;
    assert_int_equal(stat(sub, &st), 0);
    assert_true(S_ISDIR(st.st_mode));
    cleanup(dir);
}

/* rename(2) as the library sees it: this definition, linked before libc's, fails the
 * call numbered fail_at (counting from 1) with EIO and forwards every other one. */
static int rename_calls, fail_at;

int rename(const char *from, const char *to)
{
    if (fail_at && ++rename_calls == fail_at) {
        errno = EIO;
        return -1;
    }
    return renameat(AT_FDCWD, from, AT_FDCWD, to);
}

/* Each rename of a commit failing in turn: every old file is back, no new one stays. */
static void test_failed_move_puts_back(void **state)
{
    (void)state;
    for (int k = 1; k <= 2 * FILES; k++) {
        char dir[64];
        make_old(dir);
        hamm_stage s;
        hamm_error err;
        hamm_error_clear(&err);
        assert_int_equal(hamm_stage_open(&s, dir, &err), HAMM_OK);
        for (char c = 'a'; c < 'a' + FILES; c++)
            write_text(s.path, (char[]){c, 0}, "new\n");
        write_text(s.path, "extra", "new\n");
        rename_calls = 0;
        fail_at = k;
        hamm_status st = hamm_stage_commit(&s, &err);
        fail_at = 0;
        assert_int_equal(st, HAMM_ERR_IO);
        assert_non_null(strstr(err.text, "left as it was"));
        for (char c = 'a'; c < 'a' + FILES; c++)
            expect_text(dir, (char[]){c, 0}, "old\n");
        char cmd[128];
        snprintf(cmd, sizeof cmd, "test $(ls -A '%s' | wc -l) -eq %d", dir, FILES);
        assert_int_equal(system(cmd), 0); /* no new file, no stage, nothing set aside */
        cleanup(dir);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_commit_replaces_every_file),
        cmocka_unit_test(test_directory_in_the_way),
        cmocka_unit_test(test_failed_move_puts_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
