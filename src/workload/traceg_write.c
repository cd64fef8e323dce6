/* traceg_write.c - a whole kernel source as a kernel-N.traceg (traceg_write.h): the header
 * Accel-Sim's parser and hamm's traceg_source.c read, then each CTA's block of warps. */
#include <inttypes.h>
#include <string.h>

#include "traceg_write.h"

/* Accel-Sim's header parser stops at the first '#' line and its block reader wants
 * #BEGIN_TB next, so a comment line must end the header. */
static int header(FILE *fp, const gpu_kernel_info *k, uint32_t id)
{
    return fprintf(fp,
                   "-kernel name = %s\n-kernel id = %" PRIu32 "\n"
                   "-grid dim = (%" PRIu32 ",%" PRIu32 ",%" PRIu32 ")\n"
                   "-block dim = (%" PRIu32 ",%" PRIu32 ",%" PRIu32 ")\n"
                   "-shmem = %" PRIu32 "\n-nregs = %" PRIu32 "\n-binary version = %d\n"
                   "-cuda stream id = 0\n-shmem base_addr = 0x%016" PRIx64 "\n"
                   "-local mem base_addr = 0x%016" PRIx64 "\n"
                   "-accelsim tracer version = 5\n-enable lineinfo = 0\n\n"
                   "#written by hamm export-traceg; lines: PC MASK NDEST DEST.. OPCODE "
                   "NSRC SRC.. MEM_WIDTH [MODE ADDRESSES]\n\n",
                   k->name[0] ? k->name : "kernel", id, k->grid[0], k->grid[1], k->grid[2],
                   k->block[0], k->block[1], k->block[2], k->shared_per_cta,
                   k->regs_per_thread, TRACEG_BINARY_VERSION, TRACEG_SHMEM_BASE,
                   TRACEG_LOCAL_BASE) < 0
               ? -1
               : 0;
}

/* The lanes that hold threads in warp w: Accel-Sim ends a warp when every such lane has
 * executed an EXIT, and refuses an EXIT on a lane without a thread. */
static uint32_t thread_lanes(const gpu_kernel_info *k, uint32_t w)
{
    uint32_t threads = gpu_kernel_threads_per_cta(k), first = w * GPU_WARP_SIZE;
    uint32_t left = threads - first;
    return left >= GPU_WARP_SIZE ? UINT32_MAX : (1u << left) - 1u;
}

/* One more instruction line, within the budget (the caller names the input). */
static hamm_status spend(traceg_budget *budget, hamm_error *err)
{
    if (budget->used++ < budget->most)
        return HAMM_OK;
    return hamm_error_set(err, HAMM_ERR_CONFIG,
                          "the recording holds more than the %llu warp instructions "
                          "export-traceg writes (--max-instructions N raises the limit)",
                          (unsigned long long)budget->most);
}

/* Warp w's instructions into b, up to its stream's end or its EXIT, then one EXIT of
 * its threads; *count the lines. */
static hamm_status warp_lines(const gpu_kernel_source *src, gpu_cta *c, uint32_t w,
                              traceg_buf *b, uint64_t *count, traceg_budget *budget,
                              const char *where, hamm_error *err)
{
    const gpu_kernel_info *k = src->info(src->self);
    gpu_inst in;
    uint64_t pc = 0;
    int has = 0;
    hamm_status st;
    *count = 0;
    while ((st = src->next(src->self, c, w, &in, &has, err)) == HAMM_OK && has &&
           in.op != GPU_OP_EXIT) {
        if ((st = spend(budget, err)) != HAMM_OK ||
            (st = traceg_write_inst(b, &in, where, err)) != HAMM_OK)
            return st;
        pc = in.pc + 16; /* an appended EXIT follows the last instruction */
        ++*count;
    }
    if (st != HAMM_OK)
        return st;
    gpu_inst exit_inst = {.op = GPU_OP_EXIT, .active = thread_lanes(k, w),
                          .pc = has ? in.pc : pc};
    ++*count;
    st = spend(budget, err);
    return st != HAMM_OK ? st : traceg_write_inst(b, &exit_inst, where, err);
}

/* CTA `id` as "#BEGIN_TB .. #END_TB", its warps in order. */
static hamm_status block(const gpu_kernel_source *src, uint64_t id, FILE *fp, traceg_buf *b,
                         traceg_budget *budget, const char *path, hamm_error *err)
{
    const gpu_kernel_info *k = src->info(src->self);
    uint32_t warps = gpu_kernel_warps_per_cta(k);
    gpu_cta *c = NULL;
    hamm_status st = src->open_cta(src->self, id, &c, err);
    if (st != HAMM_OK)
        return st;
    uint64_t x = id % k->grid[0], y = id / k->grid[0] % k->grid[1];
    uint64_t z = id / k->grid[0] / k->grid[1];
    int rc = fprintf(fp, "#BEGIN_TB\n\nthread block = %" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n\n",
                     x, y, z) < 0;
    for (uint32_t w = 0; st == HAMM_OK && !rc && w < warps; w++) {
        char where[4096 + 64];
        snprintf(where, sizeof where, "%s: CTA %" PRIu64 ", warp %" PRIu32, path, id, w);
        uint64_t n = 0;
        b->len = 0;
        st = warp_lines(src, c, w, b, &n, budget, where, err);
        if (st == HAMM_OK)
            rc = fprintf(fp, "warp = %" PRIu32 "\ninsts = %" PRIu64 "\n", w, n) < 0 ||
                 fwrite(b->p, 1, b->len, fp) != b->len || fputs("\n", fp) < 0;
    }
    src->close_cta(src->self, c);
    if (st == HAMM_OK && (rc || fputs("#END_TB\n\n", fp) < 0))
        st = hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(path), NULL, "cannot write");
    return st;
}

hamm_status gpu_traceg_write(const gpu_kernel_source *src, uint32_t kernel_id, FILE *fp,
                             const char *path, traceg_budget *budget, hamm_error *err)
{
    const gpu_kernel_info *k = src->info(src->self);
    if (strpbrk(k->name, "\n\r"))
        return hamm_error_at(err, HAMM_ERR_CONFIG, HAMM_IN(path), "-kernel name",
                             "the kernel name '%.40s' holds a line break", k->name);
    if (header(fp, k, kernel_id) != 0)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(path), NULL, "cannot write");
    traceg_buf b = {0};
    hamm_status st = HAMM_OK;
    uint64_t ctas = gpu_kernel_ctas(k);
    for (uint64_t id = 0; st == HAMM_OK && id < ctas; id++)
        st = block(src, id, fp, &b, budget, path, err);
    traceg_buf_free(&b);
    return st;
}
