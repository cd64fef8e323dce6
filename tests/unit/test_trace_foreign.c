/* test_trace_foreign.c - the foreign trace formats (DRAMsim3, DRAMSim2, Ramulator 1
 * and 2, Ramulator CPU traces, NVBit mem_trace, Accel-Sim .traceg): hand-checked
 * parses, detection and --format overrides, round trips of the writable formats, bad
 * lines with their line and field, --skip-bad, byte-at-a-time feeding, compressed
 * input, the data-driven cases under tests/data/trace, and the request counts of the
 * real traces in traces/real (derived independently, see traces/real/README.md). */
#include <dirent.h>
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "hamm_build_config.h"
#include "trace_helpers.h"

#define REQ(o, a, fl, cy, co, wa)                                                           \
    {                                                                                    \
        .addr = (a), .cycle = (cy), .size = 64, .core = (co), .warp = (wa), .op = (o),   \
        .flags = (fl)                                                                    \
    }
#define R_ HAMM_OP_READ
#define W_ HAMM_OP_WRITE
#define CYC HAMM_REQ_HAS_CYCLE
#define GPU (HAMM_REQ_HAS_CORE | HAMM_REQ_HAS_WARP)
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* ---- helpers ------------------------------------------------------------------ */

/* What one full read of a text gave. */
typedef struct run_result {
    hamm_status status;
    hamm_error err;
    hamm_trace_format format; /* detected or named */
    hamm_request *reqs;       /* malloc'd */
    size_t n;
    uint64_t skipped;
    hamm_error first_skipped;
} run_result;

/* Read all of `data` through a callback input; chunk bytes per input read (0: any),
 * batch requests per hamm_trace_read. */
static run_result run_opts(const void *data, size_t size, const hamm_trace_options *o,
                           size_t chunk, size_t batch)
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

static run_result run(const char *text, hamm_trace_format f)
{
    hamm_trace_options o = {.format = f};
    return run_opts(text, strlen(text), &o, 0, 4096);
}

static void assert_reqs(const run_result *got, const hamm_request *want, size_t n)
{
    if (got->status != HAMM_OK)
        fail_msg("read failed: line %" PRIu64 ": %s: %s", got->err.line, got->err.field,
                 got->err.text);
    assert_int_equal(got->n, n);
    for (size_t i = 0; i < n; i++)
        th_assert_same(&got->reqs[i], &want[i], i);
}

/* The 32 lane addresses of an NVBit line: lane i at base + stride * i for i < active,
 * 0 (inactive) for the others, as mem_trace prints them. */
static void nvbit_line(char *buf, size_t cap, const char *head, uint64_t base, uint64_t stride,
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
static void make_nvbit_text(void)
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

typedef struct sample {
    const char *name;
    hamm_trace_format format;
    const char *text;
    const hamm_request *want;
    size_t n;
} sample;

static const sample samples[] = {
    {"dramsim3", HAMM_FORMAT_DRAMSIM3, dramsim3_text, dramsim3_want, COUNT(dramsim3_want)},
    {"dramsim2", HAMM_FORMAT_DRAMSIM2, dramsim2_text, dramsim2_want, COUNT(dramsim2_want)},
    {"ramulator", HAMM_FORMAT_RAMULATOR, ramulator_text, ramulator_want, COUNT(ramulator_want)},
    {"ramulator2", HAMM_FORMAT_RAMULATOR2, ramulator2_text, ramulator2_want,
     COUNT(ramulator2_want)},
    {"ramulator-cpu", HAMM_FORMAT_RAMULATOR_CPU, cpu_text, cpu_want, COUNT(cpu_want)},
    {"nvbit", HAMM_FORMAT_NVBIT, nvbit_text, nvbit_want, COUNT(nvbit_want)},
    {"accelsim", HAMM_FORMAT_ACCELSIM, accelsim_text, accelsim_want, COUNT(accelsim_want)},
};

/* ---- parsing ----------------------------------------------------------------- */

/* Each sample, named explicitly, gives its hand-checked requests. */
static void samples_parse(void **state)
{
    (void)state;
    for (size_t i = 0; i < COUNT(samples); i++) {
        run_result r = run(samples[i].text, samples[i].format);
        print_message("sample %s\n", samples[i].name);
        assert_reqs(&r, samples[i].want, samples[i].n);
        free(r.reqs);
    }
}

/* Each sample is detected as its own format and reads the same. */
static void samples_detect(void **state)
{
    (void)state;
    for (size_t i = 0; i < COUNT(samples); i++) {
        run_result r = run(samples[i].text, HAMM_FORMAT_AUTO);
        print_message("sample %s\n", samples[i].name);
        assert_int_equal(r.format, samples[i].format);
        assert_reqs(&r, samples[i].want, samples[i].n);
        free(r.reqs);
    }
}

static void format_names_and_writability(void **state)
{
    (void)state;
    const struct {
        hamm_trace_format f;
        const char *name;
        int writable;
    } t[] = {
        {HAMM_FORMAT_DRAMSIM3, "dramsim3", 1},       {HAMM_FORMAT_DRAMSIM2, "dramsim2", 1},
        {HAMM_FORMAT_RAMULATOR, "ramulator", 1},     {HAMM_FORMAT_RAMULATOR2, "ramulator2", 1},
        {HAMM_FORMAT_RAMULATOR_CPU, "ramulator-cpu", 0}, {HAMM_FORMAT_NVBIT, "nvbit", 0},
        {HAMM_FORMAT_ACCELSIM, "accelsim", 0},
    };
    for (size_t i = 0; i < COUNT(t); i++) {
        hamm_trace_format f;
        assert_string_equal(hamm_trace_format_name(t[i].f), t[i].name);
        assert_int_equal(hamm_trace_format_from_name(t[i].name, &f, NULL), HAMM_OK);
        assert_int_equal(f, t[i].f);
        assert_int_equal(hamm_trace_format_writable(t[i].f), t[i].writable);
        assert_true(strlen(hamm_trace_format_summary(t[i].f)) > 0);
    }
}

/* DRAMsim3 stays DRAMsim3 for READ/WRITE lines; IFETCH or a k6 operation anywhere in
 * the first lines makes it DRAMSim2.  Native text is not taken for a foreign format. */
static void detection_rules(void **state)
{
    (void)state;
    const struct {
        const char *text;
        hamm_trace_format want;
    } t[] = {
        {"0x40 READ 1\n0x80 WRITE 2\n", HAMM_FORMAT_DRAMSIM3},
        {"0x40 READ 1\n0x80 WRITE 2\n0xc0 IFETCH 3\n", HAMM_FORMAT_DRAMSIM2},
        {"0x40 P_MEM_RD 1\n", HAMM_FORMAT_DRAMSIM2},
        {"0x40 R\n0x80 W\n", HAMM_FORMAT_RAMULATOR},
        {"LD 0x40\nST 128\n", HAMM_FORMAT_RAMULATOR2},
        {"0 64\n5 128 192\n", HAMM_FORMAT_RAMULATOR_CPU},
        {"hello from the program\nCTA 0,0,0 - warp 0 - LDG.E - 0x40\n", HAMM_FORMAT_NVBIT},
        {"#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n"
         "0000 00000001 0 LDG.E 0 4 0 0x40\n#END_TB\n",
         HAMM_FORMAT_ACCELSIM},
        {"R 0x40\nW 0x80 64 5\n", HAMM_FORMAT_TEXT},
    };
    for (size_t i = 0; i < COUNT(t); i++) {
        run_result r = run(t[i].text, HAMM_FORMAT_AUTO);
        print_message("case %zu\n", i);
        assert_int_equal(r.status, HAMM_OK);
        assert_int_equal(r.format, t[i].want);
        free(r.reqs);
    }
}

/* --format wins over detection, in both directions. */
static void explicit_format_overrides(void **state)
{
    (void)state;
    run_result r = run("0x40 READ 1\n0x80 WRITE 2\n", HAMM_FORMAT_DRAMSIM2);
    assert_int_equal(r.format, HAMM_FORMAT_DRAMSIM2);
    assert_int_equal(r.n, 2);
    free(r.reqs);
    r = run("0x40 READ 1\n0xc0 IFETCH 3\n", HAMM_FORMAT_DRAMSIM3);
    assert_int_equal(r.status, HAMM_ERR_PARSE);
    assert_int_equal(r.err.line, 2);
    assert_non_null(strstr(r.err.text, "--format dramsim2"));
    free(r.reqs);
    /* A Ramulator 1 line is not a Ramulator 2 line. */
    r = run("0x40 R\n", HAMM_FORMAT_RAMULATOR2);
    assert_int_equal(r.status, HAMM_ERR_PARSE);
    assert_string_equal(r.err.field, "op");
    free(r.reqs);
}

/* Accel-Sim options: a source line number in front (lineinfo), coalescing at 32
 * bytes, and tracer versions below 3 with the block and warp on every line. */
static void accelsim_variants(void **state)
{
    (void)state;
    const char *lineinfo = "-grid dim = (1,1,1)\n-enable lineinfo = 1\n#BEGIN_TB\n"
                           "thread block = 0,0,0\nwarp = 2\ninsts = 1\n"
                           "17 00a0 00000003 1 R4 LDG.E.128 1 R4 16 0 0x100 0x110\n#END_TB\n";
    const hamm_request want1[] = {REQ(R_, 0x100, GPU, 0, 0, 2)};
    run_result r = run(lineinfo, HAMM_FORMAT_AUTO);
    assert_reqs(&r, want1, 1);
    free(r.reqs);

    hamm_trace_options o = {.request_size = 32};
    r = run_opts(lineinfo, strlen(lineinfo), &o, 0, 16);
    assert_int_equal(r.n, 1);
    assert_true(r.reqs[0].addr == 0x100 && r.reqs[0].size == 32);
    free(r.reqs);

    const char *v2 = "-grid dim = (4,1,1)\n-accelsim tracer version = 2\n"
                     "3 0 0 5 00a0 00000001 1 R4 STG.E 1 R4 4 0 0x2000\n";
    const hamm_request want2[] = {REQ(W_, 0x2000, GPU, 0, 3, 5)};
    r = run(v2, HAMM_FORMAT_ACCELSIM);
    assert_reqs(&r, want2, 1);
    free(r.reqs);
}

/* NVBit 1.4 printed no "MEMTRACE: CTX" prefix and its launch line began "Kernel". */
static void nvbit_old_format(void **state)
{
    (void)state;
    char text[2048];
    char line[1024];
    nvbit_line(line, sizeof line, "CTA 1,1,0 - warp 4 - STG.E.128 - ", 0x8000, 16, 4);
    snprintf(text, sizeof text,
             "Kernel vecAdd(double*) - grid size 2,2,1 - block size 64,1,1 - nregs 8\n%s", line);
    const hamm_request want[] = {REQ(W_, 0x8000, GPU, 0, 3, 4)};
    run_result r = run(text, HAMM_FORMAT_AUTO);
    assert_int_equal(r.format, HAMM_FORMAT_NVBIT);
    assert_reqs(&r, want, 1);
    free(r.reqs);
}

/* ---- writing ------------------------------------------------------------------- */

static void roundtrip_one(hamm_trace_format f, int has_cycle)
{
    const hamm_request in[] = {
        {.addr = 0x1000, .cycle = 5, .size = 64, .op = R_, .flags = CYC},
        {.addr = 0xdeadbeef40, .cycle = 900, .size = 64, .op = W_, .flags = CYC},
        {.addr = 0, .size = 64, .op = W_},
        {.addr = 0x7fffffffffffffc0, .cycle = 1, .size = 64, .op = R_, .flags = CYC},
    };
    th_sink sink;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(th_write_all(in, COUNT(in), f, HAMM_COMPRESSION_NONE, &sink, &err), HAMM_OK);
    hamm_trace_options o = {.format = f};
    run_result r = run_opts(sink.p, sink.len, &o, 0, 4096);
    assert_int_equal(r.status, HAMM_OK);
    assert_int_equal(r.n, COUNT(in));
    for (size_t i = 0; i < COUNT(in); i++) {
        hamm_request want = in[i];
        /* What the format carries: a request without a cycle is written at cycle 0. */
        want.flags = has_cycle ? CYC : 0;
        want.cycle = has_cycle ? in[i].cycle : 0;
        th_assert_same(&r.reqs[i], &want, i);
    }
    free(r.reqs);
    free(sink.p);
}

static void roundtrips(void **state)
{
    (void)state;
    roundtrip_one(HAMM_FORMAT_DRAMSIM3, 1);
    roundtrip_one(HAMM_FORMAT_DRAMSIM2, 1);
    roundtrip_one(HAMM_FORMAT_RAMULATOR, 0);
    roundtrip_one(HAMM_FORMAT_RAMULATOR2, 0);
}

/* The exact text each writer emits, which the foreign tool must accept. */
static void writer_output(void **state)
{
    (void)state;
    const hamm_request in[] = {
        {.addr = 0x2000d5c0, .cycle = 30, .size = 64, .op = R_, .flags = CYC},
        {.addr = 0x40, .size = 64, .op = W_, .core = 3, .flags = HAMM_REQ_HAS_CORE},
    };
    const struct {
        hamm_trace_format f;
        const char *want;
    } t[] = {
        {HAMM_FORMAT_DRAMSIM3, "0x2000d5c0 READ 30\n0x40 WRITE 0\n"},
        {HAMM_FORMAT_DRAMSIM2, "0x2000D5C0 READ 30\n0x00000040 WRITE 0\n"},
        {HAMM_FORMAT_RAMULATOR, "0x2000d5c0 R\n0x40 W\n"},
        {HAMM_FORMAT_RAMULATOR2, "LD 0x2000d5c0\nST 0x40\n"},
    };
    for (size_t i = 0; i < COUNT(t); i++) {
        th_sink sink;
        hamm_error err;
        hamm_error_clear(&err);
        assert_int_equal(th_write_all(in, COUNT(in), t[i].f, HAMM_COMPRESSION_NONE, &sink, &err),
                         HAMM_OK);
        assert_int_equal(sink.len, strlen(t[i].want));
        assert_memory_equal(sink.p, t[i].want, sink.len);
        free(sink.p);
    }
}

/* Ramulator 2 reads addresses as signed 64-bit: a larger one cannot be written. */
static void ramulator2_refuses_high_addresses(void **state)
{
    (void)state;
    const hamm_request in[] = {{.addr = 0x8000000000000000ull, .size = 64, .op = R_}};
    th_sink sink;
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(th_write_all(in, 1, HAMM_FORMAT_RAMULATOR2, HAMM_COMPRESSION_NONE, &sink,
                                  &err),
                     HAMM_ERR_ARG);
    assert_non_null(strstr(err.text, "ramulator2"));
    free(sink.p);
}

/* ---- bad input -------------------------------------------------------------------- */

typedef struct bad_case {
    hamm_trace_format format;
    const char *text;
    uint64_t line;
    const char *field;
    const char *part; /* expected in the error text */
} bad_case;

static const bad_case bad_cases[] = {
    /* DRAMsim3 */
    {HAMM_FORMAT_DRAMSIM3, "0x10 READ 1\n0x20 FETCH 2\n", 2, "op", "expected READ or WRITE"},
    {HAMM_FORMAT_DRAMSIM3, "0x10 P_MEM_WR 1\n", 1, "op", "DRAMSim2 operation"},
    {HAMM_FORMAT_DRAMSIM3, "0xZZ READ 1\n", 1, "address", "not a hex number"},
    {HAMM_FORMAT_DRAMSIM3, "0x10000000000000000 READ 1\n", 1, "address", "overflows"},
    {HAMM_FORMAT_DRAMSIM3, "0x10\n", 1, "op", "missing op"},
    {HAMM_FORMAT_DRAMSIM3, "0x10 READ\n", 1, "cycle", "missing cycle"},
    {HAMM_FORMAT_DRAMSIM3, "0x10 READ 1x\n", 1, "cycle", "not a decimal"},
    {HAMM_FORMAT_DRAMSIM3, "0x10 READ 0x10\n", 1, "cycle", "not a decimal"},
    {HAMM_FORMAT_DRAMSIM3, "0x10 READ 99999999999999999999\n", 1, "cycle", "overflows"},
    {HAMM_FORMAT_DRAMSIM3, "0x10 READ 1 64\n", 1, "", "trailing text '64'"},
    {HAMM_FORMAT_DRAMSIM3, "# comment\n", 1, "address", "not a hex number"},
    /* DRAMSim2 */
    {HAMM_FORMAT_DRAMSIM2, "2000D5C0 READ 1\n", 1, "address", "start with 0x"},
    {HAMM_FORMAT_DRAMSIM2, "0xG READ 1\n", 1, "address", "not a hex number"},
    {HAMM_FORMAT_DRAMSIM2, "0x10 read 1\n", 1, "op", "IFETCH"},
    {HAMM_FORMAT_DRAMSIM2, "0x10 IFETCH -1\n", 1, "cycle", "not a decimal"},
    /* Ramulator 1 */
    {HAMM_FORMAT_RAMULATOR, "0x10 R\n0x20 X\n", 2, "op", "expected R or W"},
    {HAMM_FORMAT_RAMULATOR, "0x10 READ\n", 1, "op", "expected R or W"},
    {HAMM_FORMAT_RAMULATOR, "0x10\n", 1, "op", "missing op"},
    {HAMM_FORMAT_RAMULATOR, "0x10 R 5\n", 1, "", "trailing text"},
    {HAMM_FORMAT_RAMULATOR, "zz R\n", 1, "address", "not a hex number"},
    /* Ramulator 2 */
    {HAMM_FORMAT_RAMULATOR2, "LOAD 0x10\n", 1, "op", "expected LD or ST"},
    {HAMM_FORMAT_RAMULATOR2, "LD 0x8000000000000000\n", 1, "address", "above 2^63-1"},
    {HAMM_FORMAT_RAMULATOR2, "LD 12ab\n", 1, "address", "not a decimal"},
    {HAMM_FORMAT_RAMULATOR2, "ST\n", 1, "address", "missing address"},
    {HAMM_FORMAT_RAMULATOR2, "ST 0x40 W\n", 1, "", "trailing text"},
    /* Ramulator CPU */
    {HAMM_FORMAT_RAMULATOR_CPU, "x 10\n", 1, "bubbles", "not a decimal"},
    {HAMM_FORMAT_RAMULATOR_CPU, "0x1 10\n", 1, "bubbles", "not a decimal"},
    {HAMM_FORMAT_RAMULATOR_CPU, "1 0100\n", 1, "address", "octal"},
    {HAMM_FORMAT_RAMULATOR_CPU, "1\n", 1, "address", "missing address"},
    {HAMM_FORMAT_RAMULATOR_CPU, "1 10 0x\n", 1, "writeback address", "missing digits"},
    {HAMM_FORMAT_RAMULATOR_CPU, "1 10 20 30\n", 1, "", "trailing text '30'"},
    {HAMM_FORMAT_RAMULATOR_CPU, "1 10 R 30\n", 1, "", "trailing text '30'"},
    {HAMM_FORMAT_RAMULATOR_CPU, "1 99999999999999999999\n", 1, "address", "overflows"},
    /* NVBit */
    {HAMM_FORMAT_NVBIT, "MEMTRACE: CTX 0x1 - grid_launch_id 0 - CTA 0,0 - warp 0 - LDG.E - 0x10\n",
     1, "CTA", "expected x,y,z"},
    {HAMM_FORMAT_NVBIT, "MEMTRACE: CTX 0x1 - CTA 0,0,0 warp 0 - LDG.E - 0x10\n", 1, "separator",
     "expected ' - ' after '0,0,0'"},
    {HAMM_FORMAT_NVBIT, "CTA 0,0,0 - warp 0 - FOO.E - 0x10\n", 1, "opcode",
     "not a memory instruction"},
    {HAMM_FORMAT_NVBIT, "CTA 0,0,0 - warp 0 - UTMALDG.2D - 0x10\n", 1, "opcode", "TMA"},
    {HAMM_FORMAT_NVBIT, "CTA 0,0,0 - warp 0 - LDG.E - 0x10 0xZZ\n", 1, "address",
     "not a hex number"},
    {HAMM_FORMAT_NVBIT, "CTA 0,0,0 - warp 0 - LDG.E -\n", 1, "address", "missing lane"},
    {HAMM_FORMAT_NVBIT, "CTA 0,0,0 - warp 0 - LDG.E\n", 1, "separator", "after 'LDG.E'"},
    {HAMM_FORMAT_NVBIT, "CTA 0,0,0 - LDG.E - 0x10\n", 1, "warp", "missing warp"},
    {HAMM_FORMAT_NVBIT, "CTA 0,0,0 - warp 70000 - LDG.E - 0x10\n", 1, "warp", "above"},
    {HAMM_FORMAT_NVBIT, "CTA 0,1,0 - warp 0 - LDG.E - 0x10\n", 1, "CTA", "needs the grid size"},
    {HAMM_FORMAT_NVBIT,
     "MEMTRACE: CTX 0x1 - LAUNCH - Kernel name k - grid launch id 0 - grid size 2,1,1\n"
     "MEMTRACE: CTX 0x1 - grid_launch_id 0 - CTA 2,0,0 - warp 0 - LDG.E - 0x10\n",
     2, "CTA", "outside the grid"},
    {HAMM_FORMAT_NVBIT, "MEMTRACE: CTX 0x1 - LAUNCH - Kernel name k - grid size 0,1,1\n", 1,
     "grid size", "outside 1.."},
    {HAMM_FORMAT_NVBIT, "MEMTRACE: CTX 0x1 - LAUNCH - Kernel name k\n", 1, "grid size",
     "without 'grid size'"},
    {HAMM_FORMAT_NVBIT, "MEMTRACE: CTX 0xZ - CTA 0,0,0 - warp 0 - LDG.E - 0x10\n", 1, "CTX",
     "not a hex number"},
    {HAMM_FORMAT_NVBIT,
     "CTA 0,0,0 - warp 0 - LDG.E - 0x1 0x2 0x3 0x4 0x5 0x6 0x7 0x8 0x9 0xa 0xb 0xc 0xd 0xe 0xf "
     "0x10 0x11 0x12 0x13 0x14 0x15 0x16 0x17 0x18 0x19 0x1a 0x1b 0x1c 0x1d 0x1e 0x1f 0x20 "
     "0x21\n",
     1, "address", "more than 32"},
    /* Accel-Sim */
    {HAMM_FORMAT_ACCELSIM, "0000 ffffffff 0 EXIT 0 0 0\n", 1, "", "outside #BEGIN_TB"},
    {HAMM_FORMAT_ACCELSIM, "#END_TB\n", 1, "#END_TB", "without #BEGIN_TB"},
    {HAMM_FORMAT_ACCELSIM, "#BEGIN_TB\n#BEGIN_TB\n", 2, "#BEGIN_TB", "before the last one ended"},
    {HAMM_FORMAT_ACCELSIM, "thread block = 0,0,0\n", 1, "", "outside #BEGIN_TB"},
    {HAMM_FORMAT_ACCELSIM, "#BEGIN_TB\nthread block = 0,0,0\n0000 ffffffff 0 EXIT 0 0 0\n", 3,
     "", "before 'warp ='"},
    {HAMM_FORMAT_ACCELSIM,
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n0000 ffffffff 0 EXIT 0 0 0\n"
     "#END_TB\n",
     6, "insts", "announced 2 instructions but 1 followed"},
    {HAMM_FORMAT_ACCELSIM,
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 0\n0000 ffffffff 0 EXIT 0 0 0\n"
     "warp = 1\n",
     6, "insts", "warp 0 announced 0"},
    {HAMM_FORMAT_ACCELSIM, "#BEGIN_TB\nthread block = 0,0,0\nwarp = x\n", 3, "warp",
     "not a decimal"},
    {HAMM_FORMAT_ACCELSIM, "#BEGIN_TB\nthread block 0,0,0\n", 2, "thread block",
     "expected 'thread block = X,Y,Z'"},
    {HAMM_FORMAT_ACCELSIM, "-grid dim = (2,1,1)\n#BEGIN_TB\nthread block = 2,0,0\n", 3, "CTA",
     "outside the grid"},
    {HAMM_FORMAT_ACCELSIM, "-grid dim = (2,1)\n", 1, "grid dim", "expected x,y,z"},
    {HAMM_FORMAT_ACCELSIM, "#BEGIN_TB\n-grid dim = (2,1,1)\n", 2, "header", "inside a thread"},
    {HAMM_FORMAT_ACCELSIM,
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 ffffffff 1 R1 LDG.E 1 R2 4 3 0x10 0\n", 4,
     "address mode", "not 0 (list)"},
    {HAMM_FORMAT_ACCELSIM,
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 00000005 1 R1 LDG.E 1 R2 4 1 0x10 4 0\n", 4,
     "mask", "contiguous"},
    {HAMM_FORMAT_ACCELSIM,
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 00000003 1 R1 LDG.E 1 R2 4 0 0x10\n", 4,
     "address", "missing address"},
    {HAMM_FORMAT_ACCELSIM,
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 00000003 1 R1 LDG.E 1 R2 4 2 0x10 -32 0\n", 4,
     "address", "leaves 0..2^64-1"},
    {HAMM_FORMAT_ACCELSIM,
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 00000003 1 R1 LDG.E 1 R2 4 2 0x10 abc\n", 4,
     "delta", "not a decimal"},
    {HAMM_FORMAT_ACCELSIM,
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 1ffffffff 1 R1 LDG.E 1 R2 4 1 0x10 4\n", 4,
     "mask", "above the limit"},
    {HAMM_FORMAT_ACCELSIM,
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 00000001 1 R1 LDG.E 1 R2 4 1 0x10 4 0 junk\n",
     4, "", "trailing text 'junk'"},
    {HAMM_FORMAT_ACCELSIM,
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 00000001 1 R1 FROB 1 R2 4 1 0x10 4\n", 4,
     "opcode", "not a memory instruction"},
    {HAMM_FORMAT_ACCELSIM, "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 00000001 1\n", 4,
     "destination", "missing destination"},
    {HAMM_FORMAT_ACCELSIM, "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 00000001 0 MOV 99\n", 4,
     "source count", "above the limit"},
    {HAMM_FORMAT_ACCELSIM,
     "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n0 00000001 0 LDG.E 0 4096 0 0x10\n", 4,
     "mem_width", "above the limit"},
};

static void bad_lines(void **state)
{
    (void)state;
    for (size_t i = 0; i < COUNT(bad_cases); i++) {
        const bad_case *c = &bad_cases[i];
        run_result r = run(c->text, c->format);
        print_message("bad case %zu: %s", i, c->text);
        assert_int_equal(r.status, HAMM_ERR_PARSE);
        assert_int_equal(r.err.status, HAMM_ERR_PARSE);
        assert_int_equal(r.err.line, c->line);
        assert_string_equal(r.err.field, c->field);
        if (!strstr(r.err.text, c->part))
            fail_msg("'%s' not in '%s'", c->part, r.err.text);
        assert_string_equal(r.err.source, "mem.trace");
        free(r.reqs);
    }
}

/* Columns point at the offending token. */
static void error_columns(void **state)
{
    (void)state;
    run_result r = run("0x10 READ 1\n0x20  WRITE x9\n", HAMM_FORMAT_DRAMSIM3);
    assert_int_equal(r.err.line, 2);
    assert_int_equal(r.err.column, 13);
    free(r.reqs);
    r = run("CTA 0,0,0 - warp 0 - LDG.E - 0x10 0xZZ\n", HAMM_FORMAT_NVBIT);
    assert_int_equal(r.err.column, 35);
    free(r.reqs);
}

/* --skip-bad drops the bad lines, counts them and keeps the first one's error; the
 * good lines around them still read, and GPU state survives a skipped line. */
static void skip_bad(void **state)
{
    (void)state;
    const struct {
        hamm_trace_format f;
        const char *text;
        size_t n;
        uint64_t skipped, first_line;
    } t[] = {
        {HAMM_FORMAT_DRAMSIM3, "0x10 READ 1\n0x20 FETCH 2\n0x30 WRITE 3\n0x40 READ\n0x50 READ 5\n",
         3, 2, 2},
        {HAMM_FORMAT_RAMULATOR_CPU, "1 10 20\nbad\n2 30\n", 3, 1, 2},
        {HAMM_FORMAT_NVBIT, "CTA 0,0,0 - warp 0 - LDG.E - 0x40\nCTA 0,0 - warp 0\n"
                            "CTA 1,0,0 - warp 0 - STG.E - 0x80\n",
         2, 1, 2},
        {HAMM_FORMAT_ACCELSIM, "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n"
                               "0 00000001 1 R1 LDG.E 1 R2 4 9 0x10\n"
                               "0 00000001 1 R1 LDG.E 1 R2 4 0 0x40\n#END_TB\n",
         1, 1, 5},
    };
    for (size_t i = 0; i < COUNT(t); i++) {
        hamm_trace_options o = {.format = t[i].f, .skip_bad = 1};
        run_result r = run_opts(t[i].text, strlen(t[i].text), &o, 0, 4096);
        print_message("case %zu\n", i);
        assert_int_equal(r.status, HAMM_OK);
        assert_int_equal(r.n, t[i].n);
        assert_int_equal(r.skipped, t[i].skipped);
        assert_int_equal(r.first_skipped.status, HAMM_ERR_PARSE);
        assert_int_equal(r.first_skipped.line, t[i].first_line);
        free(r.reqs);
    }
}

/* Lines that are not the tool's own (NVBit) or not structure (Accel-Sim comments)
 * give nothing; a trace of nothing else is empty. */
static void nothing_to_read(void **state)
{
    (void)state;
    run_result r = run("NVBit banner\nMEMTRACE: CTX 0x1, Inspecting CUfunction 0x2\n",
                       HAMM_FORMAT_NVBIT);
    assert_int_equal(r.status, HAMM_ERR_EMPTY);
    free(r.reqs);
    r = run("#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n0 ffffffff 0 EXIT 0 0 0\n"
            "#END_TB\n",
            HAMM_FORMAT_ACCELSIM);
    assert_int_equal(r.status, HAMM_ERR_EMPTY);
    free(r.reqs);
}

/* ---- streaming -------------------------------------------------------------------- */

/* One byte per input read and one request per hamm_trace_read give the same requests
 * as big chunks, and so do batches that split a warp instruction's requests. */
static void byte_at_a_time(void **state)
{
    (void)state;
    const size_t batches[] = {1, 3, 4096};
    for (size_t i = 0; i < COUNT(samples); i++) {
        for (size_t b = 0; b < COUNT(batches); b++) {
            hamm_trace_options o = {0};
            run_result r = run_opts(samples[i].text, strlen(samples[i].text), &o, 1, batches[b]);
            print_message("sample %s, batch %zu\n", samples[i].name, batches[b]);
            assert_int_equal(r.format, samples[i].format);
            assert_reqs(&r, samples[i].want, samples[i].n);
            free(r.reqs);
        }
    }
}

/* Compressed input goes through the same reader: compress each sample and read it. */
static void compressed_samples(void **state)
{
    (void)state;
    hamm_compression cs[] = {HAMM_COMPRESSION_ZSTD, HAMM_COMPRESSION_GZIP};
    for (size_t c = 0; c < COUNT(cs); c++) {
        if (cs[c] == HAMM_COMPRESSION_GZIP && !HAMM_HAVE_ZLIB)
            continue;
        for (size_t i = 0; i < COUNT(samples); i++) {
            th_sink sink = {0};
            hamm_output *out = NULL;
            hamm_error err;
            hamm_error_clear(&err);
            assert_int_equal(hamm_output_new(&out, th_write, &sink, "z", cs[c], 0, &err), HAMM_OK);
            assert_int_equal(hamm_output_write(out, samples[i].text, strlen(samples[i].text), &err),
                             HAMM_OK);
            assert_int_equal(hamm_output_finish(out, &err), HAMM_OK);
            hamm_output_free(out);
            hamm_trace_options o = {0};
            run_result r = run_opts(sink.p, sink.len, &o, 7, 100);
            assert_int_equal(r.format, samples[i].format);
            assert_reqs(&r, samples[i].want, samples[i].n);
            free(r.reqs);
            free(sink.p);
        }
    }
}

/* ---- the real traces ---------------------------------------------------------------- */

typedef struct counts {
    hamm_status status;
    hamm_trace_format format;
    uint64_t reads, writes;
    uint64_t max_core, max_warp, odd_size;
} counts;

static counts count_file(const char *rel, uint32_t request_size)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", HAMM_SOURCE_ROOT, rel);
    counts c = {0};
    hamm_trace_options o = {.request_size = request_size};
    hamm_trace_reader *r = NULL;
    hamm_error err;
    hamm_error_clear(&err);
    c.status = hamm_trace_reader_open(&r, path, &o, &err);
    hamm_request buf[1000];
    size_t n = 0;
    while (c.status == HAMM_OK &&
           (c.status = hamm_trace_read(r, buf, COUNT(buf), &n, &err)) == HAMM_OK && n > 0) {
        for (size_t i = 0; i < n; i++) {
            if (buf[i].op == W_)
                c.writes++;
            else
                c.reads++;
            c.max_core = buf[i].core > c.max_core ? buf[i].core : c.max_core;
            c.max_warp = buf[i].warp > c.max_warp ? buf[i].warp : c.max_warp;
            c.odd_size += buf[i].size != (request_size ? request_size : 64);
        }
    }
    if (c.status != HAMM_OK)
        print_message("%s: line %" PRIu64 ": %s: %s\n", rel, err.line, err.field, err.text);
    if (r)
        c.format = hamm_trace_reader_format(r);
    hamm_trace_reader_free(r);
    return c;
}

/* DRAMSim2's mase_art: zcat | awk '{c[$2]++}' gives 5,069 READ, 296 IFETCH and 33,009
 * WRITE lines, 38,374 in all; IFETCH is a read. */
static void real_mase_art(void **state)
{
    (void)state;
    if (!HAMM_HAVE_ZLIB)
        skip();
    counts c = count_file("traces/real/mase_art.trc.gz", 0);
    assert_int_equal(c.status, HAMM_OK);
    assert_int_equal(c.format, HAMM_FORMAT_DRAMSIM2);
    assert_int_equal(c.reads, 5069 + 296);
    assert_int_equal(c.writes, 33009);
}

/* Ramulator's 403.gcc: 45,675 lines, each a read; 4,349 of them have three fields, a
 * writeback each (zcat | awk '{n[NF]++}'). */
static void real_gcc_cputrace(void **state)
{
    (void)state;
    if (!HAMM_HAVE_ZLIB)
        skip();
    counts c = count_file("traces/real/spec2006-403.gcc.cputrace.gz", 0);
    assert_int_equal(c.status, HAMM_OK);
    assert_int_equal(c.format, HAMM_FORMAT_RAMULATOR_CPU);
    assert_int_equal(c.reads, 45675);
    assert_int_equal(c.writes, 4349);
}

/* vectorAdd over 50,000 floats: each of the two loads and the store touches
 * 50,000 * 4 bytes of a 64-byte-aligned array, 3,125 blocks of 64 bytes (6,250 of 32).
 * 196 blocks of 256 threads: CTAs 0..195, warps 0..7. */
static void real_accelsim_vectoradd(void **state)
{
    (void)state;
    if (!HAMM_HAVE_ZLIB)
        skip();
    counts c = count_file("traces/real/accelsim-vectoradd/kernel-1.traceg.gz", 0);
    assert_int_equal(c.status, HAMM_OK);
    assert_int_equal(c.format, HAMM_FORMAT_ACCELSIM);
    assert_int_equal(c.reads, 2 * 3125);
    assert_int_equal(c.writes, 3125);
    assert_int_equal(c.max_core, 195);
    assert_int_equal(c.max_warp, 7);
    assert_int_equal(c.odd_size, 0);
    c = count_file("traces/real/accelsim-vectoradd/kernel-1.traceg.gz", 32);
    assert_int_equal(c.status, HAMM_OK);
    assert_int_equal(c.reads, 2 * 6250);
    assert_int_equal(c.writes, 6250);
    assert_int_equal(c.odd_size, 0);
}

/* ---- data-driven cases: tests/data/trace/{valid,invalid}/<case>/ -------------------- */

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap)
            buf = realloc(buf, (cap *= 2) + 1);
    }
    fclose(f);
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* valid: `input` (format detected) reads as `expected` (native text) does. */
static void valid_case(const char *dir)
{
    char path[1024];
    size_t in_len, want_len;
    snprintf(path, sizeof path, "%s/input", dir);
    char *in = slurp(path, &in_len);
    snprintf(path, sizeof path, "%s/expected", dir);
    char *want = slurp(path, &want_len);
    assert_non_null(in);
    assert_non_null(want);
    hamm_trace_options o = {0}, text = {.format = HAMM_FORMAT_TEXT};
    run_result got = run_opts(in, in_len, &o, 1, 5);
    run_result exp = run_opts(want, want_len, &text, 0, 4096);
    assert_int_equal(exp.status, HAMM_OK);
    assert_reqs(&got, exp.reqs, exp.n);
    free(got.reqs);
    free(exp.reqs);
    free(in);
    free(want);
}

/* invalid: reading `input` fails and the formatted error contains `error`. */
static void invalid_case(const char *dir)
{
    char path[1024], msg[1024];
    size_t in_len, want_len;
    snprintf(path, sizeof path, "%s/input", dir);
    char *in = slurp(path, &in_len);
    snprintf(path, sizeof path, "%s/error", dir);
    char *want = slurp(path, &want_len);
    assert_non_null(in);
    assert_non_null(want);
    while (want_len > 0 && (want[want_len - 1] == '\n' || want[want_len - 1] == '\r'))
        want[--want_len] = '\0';
    hamm_trace_options o = {0};
    run_result got = run_opts(in, in_len, &o, 1, 5);
    assert_int_not_equal(got.status, HAMM_OK);
    hamm_error_format(&got.err, msg, sizeof msg);
    if (!strstr(msg, want))
        fail_msg("'%s' not in '%s'", want, msg);
    free(got.reqs);
    free(in);
    free(want);
}

static int run_cases(const char *kind, void (*check)(const char *dir))
{
    char root[1024];
    snprintf(root, sizeof root, "%s/trace/%s", HAMM_TEST_DATA, kind);
    DIR *d = opendir(root);
    int n = 0;
    if (!d)
        return 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char dir[1300], probe[1400];
        snprintf(dir, sizeof dir, "%s/%s", root, e->d_name);
        snprintf(probe, sizeof probe, "%s/input", dir);
        FILE *f = fopen(probe, "rb");
        if (!f)
            continue;
        fclose(f);
        print_message("%s/%s\n", kind, e->d_name);
        check(dir);
        n++;
    }
    closedir(d);
    return n;
}

static void data_cases(void **state)
{
    (void)state;
    assert_true(run_cases("valid", valid_case) > 0);
    assert_true(run_cases("invalid", invalid_case) > 0);
}

int main(void)
{
    make_nvbit_text();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(samples_parse),
        cmocka_unit_test(samples_detect),
        cmocka_unit_test(format_names_and_writability),
        cmocka_unit_test(detection_rules),
        cmocka_unit_test(explicit_format_overrides),
        cmocka_unit_test(accelsim_variants),
        cmocka_unit_test(nvbit_old_format),
        cmocka_unit_test(roundtrips),
        cmocka_unit_test(writer_output),
        cmocka_unit_test(ramulator2_refuses_high_addresses),
        cmocka_unit_test(bad_lines),
        cmocka_unit_test(error_columns),
        cmocka_unit_test(skip_bad),
        cmocka_unit_test(nothing_to_read),
        cmocka_unit_test(byte_at_a_time),
        cmocka_unit_test(compressed_samples),
        cmocka_unit_test(real_mase_art),
        cmocka_unit_test(real_gcc_cputrace),
        cmocka_unit_test(real_accelsim_vectoradd),
        cmocka_unit_test(data_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
