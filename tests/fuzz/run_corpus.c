/* run_corpus.c - a main() for the fuzz harnesses without libFuzzer, so any compiler can
 * build them: every file named on the command line (and every file directly inside a
 * directory named there) goes once through LLVMFuzzerTestOneInput, as libFuzzer would
 * pass it: a buffer of exactly the file's size.  Exit 0 when every input ran; a broken
 * invariant aborts inside the harness. */
#include <dirent.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "run_corpus: cannot open %s\n", path);
        return -1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += got;
        if (n == cap) {
            uint8_t *p = realloc(buf, cap *= 2);
            if (!p)
                free(buf);
            buf = p;
        }
    }
    int failed = !buf || ferror(f);
    fclose(f);
    if (failed) {
        fprintf(stderr, "run_corpus: cannot read %s\n", path);
        free(buf);
        return -1;
    }
    /* an exact-size copy, so AddressSanitizer sees any read past the input */
    uint8_t *exact = malloc(n ? n : 1);
    if (!exact) {
        free(buf);
        return -1;
    }
    if (n)
        memcpy(exact, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    return 0;
}

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int main(int argc, char **argv)
{
    LLVMFuzzerInitialize(&argc, &argv);
    long ran = 0, failed = 0;
    for (int i = 1; i < argc; i++) {
        if (!is_dir(argv[i])) {
            failed += run_file(argv[i]) != 0;
            ran++;
            continue;
        }
        DIR *d = opendir(argv[i]);
        if (!d) {
            fprintf(stderr, "run_corpus: cannot list %s\n", argv[i]);
            failed++;
            continue;
        }
        for (struct dirent *e; (e = readdir(d)) != NULL;) {
            char path[4096];
            if (e->d_name[0] == '.')
                continue;
            if (snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name) >= (int)sizeof path ||
                is_dir(path))
                continue;
            failed += run_file(path) != 0;
            ran++;
        }
        closedir(d);
    }
    printf("run_corpus: %ld inputs, %ld unreadable\n", ran, failed);
    return failed || ran == 0 ? 1 : 0;
}
