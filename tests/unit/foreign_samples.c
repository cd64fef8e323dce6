/* foreign_samples.c - the shared helpers and sample traces of the foreign-format tests:
 * one hand-checked trace per format (DRAMsim3, DRAMSim2, Ramulator 1 and 2, Ramulator
 * CPU, NVBit mem_trace, Accel-Sim .traceg, USIMM), the requests each must give. */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "foreign_samples.h"

/* ---- helpers ------------------------------------------------------------------ */

run_result run_opts(const void *data, size_t size, const hamm_trace_options *o, size_t chunk,
                    size_t batch)
{
    run_result res = {.format = HAMM_FORMAT_AUTO};
    th_src src = {data, size, 0, chunk};
    hamm_input *in = NULL;
    hamm_trace_reader *r = NULL;
    size_t cap = 64;
    res.reqs = malloc(cap * sizeof *res.reqs);
    hamm_error_clear(&res.err);
    hamm_error_clear(&res.first_skipped);
    res.status = hamm_input_from_callback(&in, th_read, &src, "mem.trace", &res.err);
    if (res.status == HAMM_OK)
        res.status = hamm_trace_reader_new(&r, in, o, &res.err);
    while (res.status == HAMM_OK) {
        if (cap - res.n < batch)
            res.reqs = realloc(res.reqs, (cap = cap * 2 + batch) * sizeof *res.reqs);
        size_t got = 0;
        res.status = hamm_trace_read(r, res.reqs + res.n, batch, &got, &res.err);
        if (got == 0)
            break;
        res.n += got;
    }
    if (r) {
        res.format = hamm_trace_reader_format(r);
        res.skipped = hamm_trace_reader_skipped(r);
        if (hamm_trace_reader_first_skipped(r))
            res.first_skipped = *hamm_trace_reader_first_skipped(r);
    }
    hamm_trace_reader_free(r);
    return res;
}

run_result run(const char *text, hamm_trace_format f)
{
    hamm_trace_options o = {.format = f};
    return run_opts(text, strlen(text), &o, 0, 4096);
}

void assert_reqs(const run_result *got, const hamm_request *want, size_t n)
{
    if (got->status != HAMM_OK)
        fail_msg("read failed: line %" PRIu64 ": %s: %s", got->err.line, got->err.field,
                 got->err.text);
    assert_int_equal(got->n, n);
    for (size_t i = 0; i < n; i++)
        th_assert_same(&got->reqs[i], &want[i], i);
}

void nvbit_line(char *buf, size_t cap, const char *head, uint64_t base, uint64_t stride,
                int active)
{
    size_t len = (size_t)snprintf(buf, cap, "%s", head);
    for (int i = 0; i < 32 && len < cap; i++)
        len += (size_t)snprintf(buf + len, cap - len, "0x%016" PRIx64 " ",
                                i < active ? base + stride * (uint64_t)i : 0);
    if (len < cap)
        snprintf(buf + len, cap - len, "\n");
}

/* ---- sample traces, one per format --------------------------------------------- */

static const char dramsim3_text[] = "0x1000 READ 5\n"
                                    "0X2f40 WRITE 17\r\n"
                                    "  0xabc read 0\n"
                                    "\n"
                                    "fff\twrite 9\n";
static const hamm_request dramsim3_want[] = {
    REQ(R_, 0x1000, CYC, 5, 0, 0), REQ(W_, 0x2f40, CYC, 17, 0, 0),
    REQ(R_, 0xabc, CYC, 0, 0, 0),  REQ(W_, 0xfff, CYC, 9, 0, 0),
};

/* The first lines of DRAMSim2's traces/mase_art.trc, then the k6 vocabulary. */
static const char dramsim2_text[] = "0x2000D5C0 IFETCH  30\n"
                                    "0x1FF96FC0 WRITE   160\n"
                                    "0x1FF97000 READ    192\n"
                                    "0x10 P_MEM_RD 1\n"
                                    "0x20 P_MEM_WR 2\n"
                                    "0x30 P_FETCH 3\n"
                                    "0x40 P_LOCK_RD 4\n"
                                    "0x50 P_LOCK_WR 5\n"
                                    "0x60 BOFF 6\n";
static const hamm_request dramsim2_want[] = {
    REQ(R_, 0x2000D5C0, CYC, 30, 0, 0), REQ(W_, 0x1FF96FC0, CYC, 160, 0, 0),
    REQ(R_, 0x1FF97000, CYC, 192, 0, 0), REQ(R_, 0x10, CYC, 1, 0, 0),
    REQ(W_, 0x20, CYC, 2, 0, 0),         REQ(R_, 0x30, CYC, 3, 0, 0),
    REQ(R_, 0x40, CYC, 4, 0, 0),         REQ(R_, 0x50, CYC, 5, 0, 0), /* DRAMSim2's reading */
    REQ(W_, 0x60, CYC, 6, 0, 0),
};

static const char ramulator_text[] = "0x12345680 R\n0x4cbd56c0 W\nabc R\n";
static const hamm_request ramulator_want[] = {
    REQ(R_, 0x12345680, 0, 0, 0, 0), REQ(W_, 0x4cbd56c0, 0, 0, 0, 0), REQ(R_, 0xabc, 0, 0, 0, 0),
};

static const char ramulator2_text[] = "LD 0x1000\nST 4096\nLD 0X20\n";
static const hamm_request ramulator2_want[] = {
    REQ(R_, 0x1000, 0, 0, 0, 0), REQ(W_, 4096, 0, 0, 0, 0), REQ(R_, 0x20, 0, 0, 0, 0),
};

/* The first lines of Ramulator's cputraces/403.gcc, one with a writeback, and the
 * unfiltered R/W shape. */
static const char cpu_text[] = "0 9618752\n"
                               "0 89528192\n"
                               "13 140734746854976 89618496\n"
                               "3 0x40 R\n"
                               "3 0x80 W\n";
static const hamm_request cpu_want[] = {
    REQ(R_, 9618752, 0, 0, 0, 0),         REQ(R_, 89528192, 0, 0, 0, 0),
    REQ(R_, 140734746854976, 0, 0, 0, 0), REQ(W_, 89618496, 0, 0, 0, 0),
    REQ(R_, 0x40, 0, 0, 0, 0),            REQ(W_, 0x80, 0, 0, 0, 0),
};

static char nvbit_text[8192];

/* A grid of 4x2x1 CTAs: CTA (1,1,0) is number 1 + 4 * 1 = 5. */
void foreign_samples_init(void)
{
    const char *launch =
        "MEMTRACE: CTX 0x0000555555a0b1c0 - LAUNCH - Kernel pc 0x00007f0012340000 - Kernel "
        "name vecAdd(double*, double const*) - grid launch id 0 - grid size 4,2,1 - block size "
        "256,1,1 - nregs 16 - shmem 0 - cuda stream id 0\n";
    const char *head = "MEMTRACE: CTX 0x0000555555a0b1c0 - grid_launch_id 0 - CTA 1,1,0 - warp 3 - ";
    char line[1024];
    size_t len = (size_t)snprintf(nvbit_text, sizeof nvbit_text,
                                  "------------------------------------------------------\n"
                                  "NVBit (NVidia Binary Instrumentation Tool v1.5.5) Library "
                                  "loaded\n%s",
                                  launch);
    struct {
        const char *op;
        uint64_t base, stride;
        int active;
    } lines[] = {
        {"LDG.E.64 - ", 0x1000, 8, 32},  /* 256 bytes: 4 blocks */
        {"STG.E - ", 0x2000, 4, 16},     /* 64 bytes: 1 block */
        {"LDS.U.128 - ", 0x80, 16, 32},  /* shared: dropped */
        {"LDG.E.64 - ", 0x307c, 0, 1},   /* 8 bytes across 0x3040 | 0x3080: 2 blocks */
        {"ATOM.E.ADD - ", 0x4000, 0, 32}, /* every lane on one word: 1 read */
    };
    for (size_t i = 0; i < COUNT(lines); i++) {
        char h[256];
        snprintf(h, sizeof h, "%s%s", head, lines[i].op);
        nvbit_line(line, sizeof line, h, lines[i].base, lines[i].stride, lines[i].active);
        len += (size_t)snprintf(nvbit_text + len, sizeof nvbit_text - len, "%s", line);
    }
    snprintf(nvbit_text + len, sizeof nvbit_text - len, "Result = PASS\n");
}

static const hamm_request nvbit_want[] = {
    REQ(R_, 0x1000, GPU, 0, 5, 3), REQ(R_, 0x1040, GPU, 0, 5, 3), REQ(R_, 0x1080, GPU, 0, 5, 3),
    REQ(R_, 0x10c0, GPU, 0, 5, 3), REQ(W_, 0x2000, GPU, 0, 5, 3), REQ(R_, 0x3040, GPU, 0, 5, 3),
    REQ(R_, 0x3080, GPU, 0, 5, 3), REQ(R_, 0x4000, GPU, 0, 5, 3),
};

/* Thread block (1,1,0) of a 2x2x1 grid is CTA 1 + 2 * 1 = 3. */
static const char accelsim_text[] =
    "-kernel name = _Z9vectorAddPKfS0_Pfi\n"
    "-kernel id = 1\n"
    "-grid dim = (2,2,1)\n"
    "-block dim = (64,1,1)\n"
    "-accelsim tracer version = 5\n"
    "-enable lineinfo = 0\n"
    "\n"
    "#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] "
    "mem_width [adrrescompress?] [mem_addresses] immediate\n"
    "\n"
    "#BEGIN_TB\n"
    "\n"
    "thread block = 1,1,0\n"
    "\n"
    "warp = 1\n"
    "insts = 7\n"
    "0000 ffffffff 1 R1 MOV 0 0 0 \n"
    "00a0 ffffffff 1 R4 LDG.E 1 R4 4 1 0x1000 4 0 \n"            /* 128 bytes: 2 blocks */
    "00b0 0000000f 0 STG.E.64 2 R6 R9 8 0 0x0000000000002000 0x0000000000002008 "
    "0x0000000000002010 0x0000000000002018 0 \n"                  /* 32 bytes: 1 block */
    "00c0 00000003 1 R2 LDG.E 1 R2 4 2 0x3000 64 0 \n"            /* 2 lanes, 2 blocks */
    "00d0 ffffffff 1 R3 LDS 1 R2 4 1 0x80 4 0 \n"                 /* shared: dropped */
    "00e0 00000000 1 R3 LDG.E 1 R2 4 1 0x0 0 0 \n"                /* no active lane */
    "00f0 ffffffff 0 EXIT 0 0 0 \n"
    "#END_TB\n";
static const hamm_request accelsim_want[] = {
    REQ(R_, 0x1000, GPU, 0, 3, 1), REQ(R_, 0x1040, GPU, 0, 3, 1), REQ(W_, 0x2000, GPU, 0, 3, 1),
    REQ(R_, 0x3000, GPU, 0, 3, 1), REQ(R_, 0x3040, GPU, 0, 3, 1),
};

/* USIMM (MSC 2012): reads with a pc, writes without; the count of non-memory
 * instructions is dropped, so no cycle. */
static const char usimm_text[] = "12 R 0x7f3a2c40 0x400b3c\n"
                                 "3 W 0x7f3a2c40\n"
                                 "0 R 0x2a39e8c0\r\n"
                                 "\n"
                                 "40 W 0X1fc0\n";
static const hamm_request usimm_want[] = {
    REQ(R_, 0x7f3a2c40, 0, 0, 0, 0), REQ(W_, 0x7f3a2c40, 0, 0, 0, 0),
    REQ(R_, 0x2a39e8c0, 0, 0, 0, 0), REQ(W_, 0x1fc0, 0, 0, 0, 0),
};

const sample samples[NSAMPLES] = {
    {"dramsim3", HAMM_FORMAT_DRAMSIM3, dramsim3_text, dramsim3_want, COUNT(dramsim3_want)},
    {"dramsim2", HAMM_FORMAT_DRAMSIM2, dramsim2_text, dramsim2_want, COUNT(dramsim2_want)},
    {"ramulator", HAMM_FORMAT_RAMULATOR, ramulator_text, ramulator_want, COUNT(ramulator_want)},
    {"ramulator2", HAMM_FORMAT_RAMULATOR2, ramulator2_text, ramulator2_want,
     COUNT(ramulator2_want)},
    {"ramulator-cpu", HAMM_FORMAT_RAMULATOR_CPU, cpu_text, cpu_want, COUNT(cpu_want)},
    {"nvbit", HAMM_FORMAT_NVBIT, nvbit_text, nvbit_want, COUNT(nvbit_want)},
    {"accelsim", HAMM_FORMAT_ACCELSIM, accelsim_text, accelsim_want, COUNT(accelsim_want)},
    {"usimm", HAMM_FORMAT_USIMM, usimm_text, usimm_want, COUNT(usimm_want)},
};
