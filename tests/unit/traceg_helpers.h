/* traceg_helpers.h - small .traceg recordings written to a scratch directory for the unit
 * tests of the GPU engine's Accel-Sim source (test_gpu_traceg*.c). */
#ifndef HAMM_TEST_TRACEG_HELPERS_H
#define HAMM_TEST_TRACEG_HELPERS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gpu/traceg.h"

static char tg_dir[64];

static inline int tg_setup(void **state)
{
    (void)state;
    snprintf(tg_dir, sizeof tg_dir, "/tmp/hamm-traceg-XXXXXX");
    return mkdtemp(tg_dir) ? 0 : -1;
}

static inline int tg_teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tg_dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* The scratch directory's `name`, in a static buffer (one at a time). */
static inline const char *tg_path(const char *name)
{
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", tg_dir, name);
    return path;
}

static inline void tg_write(const char *name, const char *text)
{
    FILE *fp = fopen(tg_path(name), "w");
    if (!fp) {
        fprintf(stderr, "cannot write %s\n", tg_path(name));
        exit(1);
    }
    fputs(text, fp);
    fclose(fp);
}

/* The header of a small kernel: GRID CTAs of 64 threads (2 warps), tracer version 5. */
#define TG_HEADER(grid)                                                                      \
    "-kernel name = tiny\n-kernel id = 1\n-grid dim = (" grid ",1,1)\n"                      \
    "-block dim = (64,1,1)\n-shmem = 1024\n-nregs = 16\n"                                    \
    "-shmem base_addr = 0x00007f0000000000\n-accelsim tracer version = 5\n"                  \
    "-enable lineinfo = 0\n\n#traces format = [line_num] PC mask dest_num [reg_dests] "      \
    "opcode src_num [reg_srcs] mem_width [adrrescompress?] [mem_addresses] immediate\n\n"

#endif
