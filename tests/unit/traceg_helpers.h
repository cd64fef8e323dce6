/* traceg_helpers.h - small .traceg recordings written to a scratch directory for the unit
 * tests of the GPU engine's Accel-Sim source (test_gpu_traceg*.c). */
#ifndef HAMM_TEST_TRACEG_HELPERS_H
#define HAMM_TEST_TRACEG_HELPERS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "workload/traceg.h"

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

/* A small kernel: 2 CTAs of 64 threads.  CTA 0 warp 0 has one instruction of each kind:
 * the three address modes, an SFU op, a double-precision op, a barrier, a shared load, an
 * EXIT that is not last and the final EXIT; warp 1 a compare writing a predicate and a
 * register, and a global atomic.  CTA 1 lists only warp 1, with a shared store. */
static inline const char *tg_tiny_kernel(void)
{
    return TG_HEADER("2")
           "#BEGIN_TB\n"
           "thread block = 0,0,0\n"
           "warp = 0\n"
           "insts = 9\n"
           "0000 0000000f 1 R2 LDG.E.64 1 R4 8 0 0x1000 0x1008 0x2000 0x2010 0\n"
           "0010 000000f0 0 STG.E 2 R2 R6 4 1 0x3000 4 0\n"
           "0020 00000505 1 R8 LDG.E.U8 1 R4 1 2 0x4000 1 -2 16 0\n"
           "0030 ffffffff 1 R10 MUFU.RSQ 1 R8 0 0\n"
           "0040 ffffffff 1 R12 DFMA 3 R10 R10 R255 0 0\n"
           "0050 ffffffff 0 BAR.SYNC.DEFER_BLOCKING 0 0 0\n"
           "0060 00000003 1 R14 LDS.U.128 1 R12 16 1 0x00007f0000000040 16 0\n"
           "0070 00000000 0 EXIT 0 0 0\n"
           "0080 ffffffff 0 EXIT 0 0 0\n"
           "\n"
           "warp = 1\n"
           "insts = 2\n"
           "0000 ffffffff 2 P0 R20 ISETP.GE.AND 3 UR4 R21 PT 0 0\n"
           "0010 0000ffff 1 R3 ATOMG.E.ADD.STRONG.GPU 2 R2 R3 4 1 0x5000 4 0\n"
           "#END_TB\n"
           "\n"
           "#BEGIN_TB\n"
           "thread block = 1,0,0\n"
           "warp = 1\n"
           "insts = 1\n"
           "0000 00000001 0 STS 2 R1 R2 4 0 0x10 0\n"
           "#END_TB\n";
}

#endif
