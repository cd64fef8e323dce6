/* scratch_dir.h - a test's scratch directory: made under /tmp with a tag in its name,
 * removed with everything in it. */
#ifndef HAMM_TEST_SCRATCH_DIR_H
#define HAMM_TEST_SCRATCH_DIR_H

#include <stdio.h>
#include <stdlib.h>

/* /tmp/hamm-test-TAG-XXXXXX made into dir[size]; 0, or -1 when it cannot be. */
static inline int scratch_make(char *dir, size_t size, const char *tag)
{
    int n = snprintf(dir, size, "/tmp/hamm-test-%s-XXXXXX", tag);
    return n > 0 && (size_t)n < size && mkdtemp(dir) ? 0 : -1;
}

/* Remove dir and what it holds; 0, or -1 when rm fails. */
static inline int scratch_remove(const char *dir)
{
    char cmd[4200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

#endif
