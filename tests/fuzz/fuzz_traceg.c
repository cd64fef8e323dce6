/* fuzz_traceg.c - fuzzing the GPU engine's Accel-Sim kernel source: the bytes are written
 * to a kernel-N.traceg file, opened with gpu_traceg_open and replayed through the
 * gpu_kernel_source (every CTA in order, up to MAX_CTAS, two resident at a time, every
 * warp's every instruction).
 *
 * Checks: every failure fills the error record and names the file; every instruction is
 * well formed (a known op; a width of 1, 2, 4, 8 or 16 exactly for memory ops, else 0;
 * registers below GPU_MAX_REGS; inactive lanes' addresses 0); a warp's stream, once
 * ended, stays ended; after a failed open_cta every later one fails the same way. */
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "workload/traceg.h"

#define MAX_CTAS 64 /* the grid may say 2^47: replay a prefix */

static char dir[512];
static char path[600];

static void cleanup(void)
{
    unlink(path);
    rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/hamm-fuzz-traceg-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    FUZZ_CHECK(mkdtemp(dir) != NULL, "cannot make a temporary directory from %s", dir);
    snprintf(path, sizeof path, "%s/kernel-1.traceg", dir);
    atexit(cleanup);
    return 0;
}

static void check_failure(hamm_status st, const hamm_error *err)
{
    FUZZ_CHECK(err->status == st, "status %d, record %d", (int)st, (int)err->status);
    FUZZ_CHECK(err->text[0] != '\0', "an error without text");
    FUZZ_CHECK(strstr(err->source, "kernel-1.traceg") != NULL, "the error names '%s'",
               err->source);
}

static void check_inst(const gpu_inst *in)
{
    int memory = in->op == GPU_OP_LOAD || in->op == GPU_OP_STORE ||
                 in->op == GPU_OP_SHARED_LOAD || in->op == GPU_OP_SHARED_STORE;
    FUZZ_CHECK((unsigned)in->op <= GPU_OP_EXIT, "op %d", (int)in->op);
    FUZZ_CHECK(memory ? (in->width == 1 || in->width == 2 || in->width == 4 ||
                         in->width == 8 || in->width == 16)
                      : in->width == 0,
               "op %d with width %u", (int)in->op, in->width);
    FUZZ_CHECK(in->dst < GPU_MAX_REGS, "dst %u", in->dst);
    for (int i = 0; i < GPU_MAX_SRC; i++)
        FUZZ_CHECK(in->src[i] < GPU_MAX_REGS, "src %u", in->src[i]);
    for (int lane = 0; lane < GPU_WARP_SIZE; lane++)
        FUZZ_CHECK((memory && (in->active >> lane & 1u)) || in->addr[lane] == 0,
                   "lane %d has an address it did not access", lane);
}

static void replay_cta(gpu_kernel_source *s, gpu_cta *c, uint32_t warps)
{
    gpu_inst in;
    hamm_error err = {0};
    for (uint32_t w = 0; w < warps; w++) {
        int has = 1;
        while (has) {
            FUZZ_CHECK(s->next(s->self, c, w, &in, &has, &err) == HAMM_OK, "next failed");
            if (has)
                check_inst(&in);
        }
        FUZZ_CHECK(s->next(s->self, c, w, &in, &has, &err) == HAMM_OK && !has,
                   "warp %u resumed after its end", w);
    }
}

static void replay(gpu_traceg *t)
{
    gpu_kernel_source s = gpu_traceg_source(t);
    const gpu_kernel_info *k = s.info(s.self);
    uint64_t ctas = gpu_kernel_ctas(k);
    uint32_t warps = gpu_kernel_warps_per_cta(k);
    FUZZ_CHECK(ctas > 0 && warps > 0 && warps <= 32, "%llu CTAs of %u warps",
               (unsigned long long)ctas, warps);
    gpu_cta *prev = NULL, *c = NULL;
    for (uint64_t i = 0; i < ctas && i < MAX_CTAS; i++) {
        hamm_error err = {0};
        hamm_status st = s.open_cta(s.self, i, &c, &err);
        if (st != HAMM_OK) {
            check_failure(st, &err);
            FUZZ_CHECK(c == NULL, "a CTA with a failure");
            hamm_error again = {0};
            FUZZ_CHECK(s.open_cta(s.self, i, &c, &again) == st &&
                           strcmp(again.text, err.text) == 0,
                       "a second try gave another answer");
            break;
        }
        replay_cta(&s, c, warps);
        s.close_cta(s.self, prev);
        prev = c;
        c = NULL;
    }
    s.close_cta(s.self, prev);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *fp = fopen(path, "wb");
    FUZZ_CHECK(fp != NULL, "cannot write %s", path);
    FUZZ_CHECK(fwrite(data, 1, size, fp) == size && fclose(fp) == 0, "cannot write %s", path);
    gpu_traceg *t = NULL;
    hamm_error err = {0};
    hamm_status st = gpu_traceg_open(path, &t, &err);
    if (st != HAMM_OK) {
        FUZZ_CHECK(t == NULL, "a kernel with a failure");
        check_failure(st, &err);
        return 0;
    }
    replay(t);
    gpu_traceg_free(t);
    return 0;
}
