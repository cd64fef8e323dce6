/* fuzz_suite.c - fuzzing the suite loader: the bytes are written to a file and loaded
 * with hamm_suite_load as a hamm-suite/1 suite.
 *
 * The file lives in a temporary directory beside a small text trace, t.txt, so entries
 * can name a trace that opens; model names are looked up in the source tree's models/.
 *
 * A load must succeed or fail with a filled-in error record naming the suite file.  A
 * suite that loads has a name and at least one entry, and every entry's model loads
 * again (hamm_suite_check), with no overrides and with one. */
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "hamm/validate.h"

static char dir[512];        /* the temporary directory */
static char suite_path[600]; /* dir/suite.json: the input */
static char trace_path[600]; /* dir/t.txt */

static const char *const model_dirs[] = {HAMM_SOURCE_MODELDIR};
static const hamm_model_path models = {model_dirs, 1};

static void cleanup(void)
{
    unlink(suite_path);
    unlink(trace_path);
    rmdir(dir);
}

static void write_file(const char *path, const void *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    FUZZ_CHECK(f != NULL, "cannot write %s", path);
    FUZZ_CHECK(fwrite(p, 1, n, f) == n && fclose(f) == 0, "cannot write %s", path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/hamm-fuzz-suite-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    FUZZ_CHECK(mkdtemp(dir) != NULL, "cannot make a temporary directory from %s", dir);
    snprintf(suite_path, sizeof suite_path, "%s/suite.json", dir);
    snprintf(trace_path, sizeof trace_path, "%s/t.txt", dir);
    static const char trace[] = "R 0x0\nW 0x40\nR 0x20000\n";
    write_file(trace_path, trace, sizeof trace - 1);
    atexit(cleanup);
    /* A suite may name "/dev/stdin" as a model: let that read end at once. */
    FUZZ_CHECK(freopen("/dev/null", "r", stdin) != NULL, "cannot reopen stdin");
    return 0;
}

static void check_failure(hamm_status st, const hamm_error *err, const char *what)
{
    FUZZ_CHECK(st > HAMM_OK && st < HAMM_STATUS_COUNT, "%s: status %d", what, (int)st);
    FUZZ_CHECK(err->status == st, "%s returned %s, the record says %s", what,
               hamm_status_text(st), hamm_status_text(err->status));
    FUZZ_CHECK(err->text[0] != '\0', "%s: a %s with no text", what, hamm_status_text(st));
    char line[1024];
    hamm_error_format(err, line, sizeof line);
}

static void check_loaded(const hamm_suite *s)
{
    FUZZ_CHECK(strcmp(hamm_suite_path(s), suite_path) == 0, "the suite's path changed");
    FUZZ_CHECK(hamm_suite_name(s)[0] != '\0', "a suite with no name loaded");
    FUZZ_CHECK(hamm_suite_size(s) > 0, "a suite with no entry loaded");
    hamm_error err;
    hamm_error_clear(&err);
    hamm_status st = hamm_suite_check(s, NULL, 0, &err);
    FUZZ_CHECK(st == HAMM_OK, "a loaded suite's models no longer load: %s: %s", err.field,
               err.text);
    static const char *const sets[] = {"queue_size=8"};
    hamm_error_clear(&err);
    st = hamm_suite_check(s, sets, 1, &err);
    if (st != HAMM_OK)
        check_failure(st, &err, "hamm_suite_check");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    write_file(suite_path, data, size);
    hamm_suite *s = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_status st = hamm_suite_load(suite_path, &models, &s, &err);
    if (st == HAMM_OK) {
        FUZZ_CHECK(s != NULL, "success without a suite");
        check_loaded(s);
    } else {
        FUZZ_CHECK(s == NULL, "a failure that returns a suite");
        check_failure(st, &err, "hamm_suite_load");
        FUZZ_CHECK(strstr(err.source, "suite.json") != NULL || st == HAMM_ERR_NOMEM ||
                       strstr(err.text, "suite.json") != NULL,
                   "the error does not name the suite file: %s: %s: %s", err.source, err.field,
                   err.text);
    }
    hamm_suite_free(s);
    return 0;
}
