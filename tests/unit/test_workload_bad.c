/* test_workload_bad.c - kernel descriptions that must not load (each error naming the
 * file, the line and the JSON path of the culprit), streams that must stop with an error,
 * and random mutations of a valid description that must never crash. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "workload_rig.h"

/* Lines 1-2 of every case; the kernel starts on line 3 and its body on line 4. */
#define TOP "{\"format\": \"hamm-workload/1\", \"name\": \"t\", \"params\": {\"N\": 64},\n" \
            " \"arrays\": {\"a\": {\"base\": 0, \"elem\": 4, \"count\": 64}},\n"
#define K(shape) " \"kernels\": [{\"name\": \"k\", " shape ",\n"
#define KERNEL K("\"grid\": 2, \"block\": 32")
#define BODY(s) "  \"body\": [\n" s "]}]}\n"
#define LOAD "   {\"load\": \"a\", \"index\": \"tid.x\", \"dst\": \"v\"}"

typedef struct bad {
    const char *text;
    const char *field; /* the JSON path the error names ("" for a syntax error) */
    uint64_t line;
    const char *says;  /* a piece of the message */
} bad;

static const bad cases[] = {
    {TOP K("\"block\": 32") BODY(LOAD), "kernels[0].grid", 3, "is missing"},
    {TOP K("\"grid\": \"two\", \"block\": 32") BODY(LOAD), "kernels[0].grid", 3,
     "unknown variable 'two'"},
    {TOP K("\"grid\": \"N - 64\", \"block\": 32") BODY(LOAD), "kernels[0].grid", 3,
     "\"N - 64\" is 0; expects 1.."},
    {TOP K("\"grid\": \"ntid.x\", \"block\": 32") BODY(LOAD), "kernels[0].grid", 3,
     "only numbers and params"},
    {TOP K("\"grid\": \"12x\", \"block\": 32") BODY(LOAD), "kernels[0].grid", 3,
     "not a number"},
    {TOP K("\"grid\": true, \"block\": 32") BODY(LOAD), "kernels[0].grid", 3,
     "expects an integer, not true"},
    {TOP K("\"grid\": 0, \"block\": 32") BODY(LOAD), "kernels[0].grid", 3, "is 0; expects 1.."},
    {TOP K("\"grid\": [2, 0], \"block\": 32") BODY(LOAD), "kernels[0].grid[1]", 3, "is 0"},
    {TOP K("\"grid\": [1, 1, 1, 1], \"block\": 32") BODY(LOAD), "kernels[0].grid", 3,
     "[x, y, z]"},
    {TOP K("\"grid\": 1, \"block\": 2048") BODY(LOAD), "kernels[0].block", 3, "expects 1..1024"},
    {TOP K("\"grid\": 1, \"block\": [32, 33]") BODY(LOAD), "kernels[0].block", 3,
     "at most 1024"},
    {TOP K("\"grid\": 1, \"block\": 32, \"regs_per_thread\": 0") BODY(LOAD),
     "kernels[0].regs_per_thread", 3, "expects 1..255"},
    {TOP K("\"grid\": 1, \"block\": 32, \"blocks\": 3") BODY(LOAD), "kernels[0].blocks", 3,
     "unknown key"},
    {TOP KERNEL BODY("   {\"load\": \"q\", \"index\": \"tid.x\"}"), "kernels[0].body[0].load", 5,
     "unknown array 'q' (the arrays are a)"},
    {TOP KERNEL BODY("   {\"load\": 3, \"index\": \"tid.x\"}"), "kernels[0].body[0].load", 5,
     "expects an array's name"},
    {TOP KERNEL BODY("   {\"load\": \"a\", \"index\": \"tid.w\"}"), "kernels[0].body[0].index", 5,
     "unknown variable 'tid.w'"},
    {TOP KERNEL BODY("   {\"load\": \"a\", \"index\": \"tidx + 1\"}"), "kernels[0].body[0].index", 5,
     "unknown variable 'tidx'"},
    {TOP KERNEL BODY("   {\"load\": \"a\", \"index\": \"tid.x +\"}"), "kernels[0].body[0].index", 5,
     "ends where a value is expected"},
    {TOP KERNEL BODY("   {\"load\": \"a\", \"index\": \"tid.x / ctaid.x\"}"),
     "kernels[0].body[0].index", 5, "positive constant"},
    {TOP KERNEL BODY("   {\"load\": \"a\", \"index\": \"(tid.x\"}"), "kernels[0].body[0].index", 5,
     "expected ')'"},
    {TOP KERNEL BODY("   {\"load\": \"a\"}"), "kernels[0].body[0].index", 5, "is missing"},
    {TOP KERNEL BODY("   {\"load\": \"a\", \"index\": [1]}"), "kernels[0].body[0].index", 5,
     "expects an expression"},
    {TOP KERNEL BODY("   {\"store\": \"a\", \"index\": 1, \"dst\": \"v\"}"),
     "kernels[0].body[0].dst", 5, "a store writes no register"},
    {TOP KERNEL BODY("   {\"alu\": 1, \"sfu\": 2}"), "kernels[0].body[0].sfu", 5,
     "also has \"alu\""},
    {TOP KERNEL BODY("   {\"nop\": 1}"), "kernels[0].body[0]", 5, "has one of alu"},
    {TOP KERNEL BODY("   {\"alu\": 0}"), "kernels[0].body[0].alu", 5, "expects 1..100000"},
    {TOP KERNEL BODY(LOAD ",\n   {\"alu\": 1, \"src\": \"w\"}"), "kernels[0].body[1].src", 6,
     "register 'w' is read but no instruction"},
    {TOP KERNEL BODY(LOAD ",\n   {\"alu\": 1, \"src\": [\"v\",\"v\",\"v\",\"v\",\"v\"]}"),
     "kernels[0].body[1].src", 6, "names 1 to 4 registers"},
    {TOP KERNEL BODY(LOAD ",\n   {\"alu\": 1, \"dst\": \"1x\"}"), "kernels[0].body[1].dst", 6,
     "a register is a name"},
    {TOP KERNEL BODY("   {\"loop\": \"i\", \"count\": \"tid.x\", \"body\": [{\"alu\": 1}]}"),
     "kernels[0].body[0].count", 5, "differs between the threads"},
    /* values that would wrap: ctaid.x is 0..1 (grid 2), so the first '*' gives 0..2^62
     * and doubling that reaches 2^63, one past the largest 64-bit value */
    {TOP KERNEL BODY("   {\"load\": \"a\", \"index\": \"ctaid.x * 0x4000000000000000 * 2\"}"),
     "kernels[0].body[0].index", 5,
     "'ctaid.x * 0x4000000000000000 * 2' may overflow 64 bits for ctaid.x in 0..1: its '*' "
     "of 0..4611686018427387904 and 2 can leave -2^63..2^63-1"},
    /* folded constants: N * N is 4096, 2^62 * 4096 does not fit */
    {TOP KERNEL BODY("   {\"load\": \"a\", \"index\": \"0x4000000000000000 * (N * N) + tid.x\"}"),
     "kernels[0].body[0].index", 5,
     "overflows 64 bits: 4611686018427387904 * 4096 is beyond -2^63..2^63-1"},
    /* a loop counter's range follows from its count: ctaid.x + 3 is 3..4, so i is 0..3,
     * and 3 * 0x3000000000000000 = 1.125 * 2^63 */
    {TOP KERNEL BODY("   {\"loop\": \"i\", \"count\": \"ctaid.x + 3\", \"body\": [{\"load\": "
                     "\"a\", \"index\": \"i * 0x3000000000000000\"}]}"),
     "kernels[0].body[0].body[0].index", 5, "for i in 0..3: its '*' of 0..3 and "
     "3458764513820540928 can leave"},
    /* counts that can be negative */
    {TOP KERNEL BODY("   {\"loop\": \"i\", \"count\": -5, \"body\": [{\"alu\": 1}]}"),
     "kernels[0].body[0].count", 5, "is -5; a loop runs its body 0 or more times"},
    {TOP KERNEL BODY("   {\"loop\": \"i\", \"count\": \"N - 65\", \"body\": [{\"alu\": 1}]}"),
     "kernels[0].body[0].count", 5, "is -1; a loop runs"},
    {TOP KERNEL BODY("   {\"loop\": \"i\", \"count\": \"ctaid.x - 1\", \"body\": [{\"alu\": 1}]}"),
     "kernels[0].body[0].count", 5, "may be negative: it ranges over -1..0"},
    {TOP KERNEL BODY("   {\"loop\": \"N\", \"count\": 2, \"body\": [{\"alu\": 1}]}"),
     "kernels[0].body[0].loop", 5, "'N' is a param's name"},
    {TOP KERNEL BODY("   {\"loop\": \"tid\", \"count\": 2, \"body\": [{\"alu\": 1}]}"),
     "kernels[0].body[0].loop", 5, "not a built-in"},
    {TOP KERNEL BODY("   {\"loop\": \"i\", \"count\": 2, \"body\": []}"),
     "kernels[0].body[0].body", 5, "non-empty array"},
    {TOP KERNEL BODY("   {\"loop\": \"i\", \"count\": 2}"), "kernels[0].body[0].body", 5,
     "is missing"},
    {TOP KERNEL BODY("   {\"if\": \"tid.x < 4\", \"body\": [\n    {\"barrier\": true}]}"),
     "kernels[0].body[0].body[0].barrier", 6, "inside an \"if\""},
    {TOP KERNEL BODY("   {\"barrier\": 1}"), "kernels[0].body[0].barrier", 5, "expects true"},
    {TOP KERNEL BODY("   {\"shared_load\": \"tid.x * 4\"}"), "kernels[0].body[0]", 5,
     "shared_bytes is 0"},
    {TOP K("\"grid\": 1, \"block\": 32, \"shared_bytes\": 128")
     BODY("   {\"shared_load\": \"tid.x * 4\", \"width\": 3}"), "kernels[0].body[0].width", 5,
     "expects 1, 2, 4, 8 or 16"},
    {TOP KERNEL BODY("   {\"load\": \"a\", \"index\": {\"random\": \"zipf\"}}"),
     "kernels[0].body[0].index.random", 5, "expects \"uniform\", \"near\" or \"hot\""},
    {TOP KERNEL BODY("   {\"load\": \"a\", \"index\": {\"random\": \"uniform\", \"max\": 64}}"),
     "kernels[0].body[0].index.max", 5, "is 64; expects 0..63"},
    {TOP KERNEL BODY("   {\"load\": \"a\", \"index\": {\"random\": \"hot\", \"hot\": 4,\n"
                     "    \"fraction\": 1.5}}"), "kernels[0].body[0].index.fraction", 6,
     "from 0 to 1"},
    {TOP KERNEL BODY("   {\"load\": \"a\", \"index\": {\"random\": \"near\", \"spread\": 2}}"),
     "kernels[0].body[0].index.center", 5, "is missing"},
    {TOP KERNEL BODY("   {\"load\": \"a\", \"index\": {\"gather\": \"a\", \"at\": 1}}"),
     "kernels[0].body[0].index.gather", 5, "array 'a' has no \"contents\""},
    {TOP KERNEL BODY("   {\"load\": \"a\", \"index\": {\"gather\": \"b\", \"at\": 1}}"),
     "kernels[0].body[0].index.gather", 5, "unknown array 'b'"},
    {TOP KERNEL BODY("   {\"load\": \"a\", \"index\": {\"random\": \"uniform\", "
                     "\"center\": 3}}"), "kernels[0].body[0].index.center", 5,
     "\"near\" draw only"},
    {"{\"format\": \"hamm-workload/1\", \"name\": \"t\",\n \"arrays\": {\"a\": {\"base\": 0,"
     " \"elem\": 4, \"count\": 8},\n \"i\": {\"base\": 64, \"elem\": 4, \"count\": 8, "
     "\"contents\": {\"random\": \"uniform\", \"max\": 8}}},\n \"kernels\": [{\"name\": \"k\", "
     "\"grid\": 1, \"block\": 8, \"body\": [\n  {\"load\": \"a\", \"index\": {\"gather\": \"i\"}}]}]}",
     "kernels[0].body[0].index.gather", 5, "holds indices up to 8, beyond the 8 elements of 'a'"},
    {"{\"format\": \"hamm-workload/1\", \"name\": \"t\",\n \"arrays\": {\"a\": {\"base\": 0,"
     " \"elem\": 4, \"count\": 8},\n \"i\": {\"base\": 64, \"elem\": 4, \"count\": 8, "
     "\"contents\": {\"random\": \"uniform\", \"max\": 7}}},\n \"kernels\": [{\"name\": \"k\", "
     "\"grid\": 1, \"block\": 8, \"body\": [\n  {\"load\": \"a\", \"index\": {\"gather\": \"i\"}}]}]}",
     "kernels[0].body[0].index.at", 5, "is missing"},
    {"{\"format\": \"hamm-workload/1\", \"name\": \"t\",\n \"arrays\": {\"i\": {\"base\": 64,"
     " \"elem\": 4, \"count\": 8,\n \"contents\": {\"random\": \"hot\", \"max\": 7}}},"
     " \"kernels\": []}", "arrays.i.contents.hot", 3, "is missing"},
    {"{\"format\": \"hamm-workload/1\", \"name\": \"t\",\n \"arrays\": {\"i\": {\"base\": 64,"
     " \"elem\": 4, \"count\": 8,\n \"contents\": {\"random\": \"uniform\"}}},"
     " \"kernels\": []}", "arrays.i.contents.max", 3, "is missing"},
    {TOP KERNEL "  \"body\": []}]}\n", "kernels[0].body", 4, "non-empty array"},
    {TOP " \"kernels\": []}\n", "kernels", 3, "1 to 256 kernels"},
    {TOP " \"kernel\": []}\n", "kernel", 3, "unknown key"},
    {"{\"format\": \"hamm-workload/2\", \"name\": \"t\", \"arrays\": {}, \"kernels\": []}",
     "format", 1, "this reader knows \"hamm-workload/1\""},
    {"{\"name\": \"t\"}", "format", 1, "is missing"},
    {"[1, 2]", "", 1, "expects an object, not an array"},
    {"{\"format\": \"hamm-workload/1\", \"name\": \"t\",\n \"arrays\": {\"a\": {\"base\": 0,"
     " \"elem\": 3, \"count\": 4}}, \"kernels\": []}", "arrays.a.elem", 2, "1, 2, 4, 8 or 16"},
    {"{\"format\": \"hamm-workload/1\", \"name\": \"t\",\n \"arrays\": {\"a\": {\"base\": 0,"
     " \"elem\": 4}}, \"kernels\": []}", "arrays.a.count", 2, "is missing"},
    {"{\"format\": \"hamm-workload/1\", \"name\": \"t\",\n \"arrays\": {\"a\": {\"base\": \"0x1g\","
     " \"elem\": 4, \"count\": 1}}, \"kernels\": []}", "arrays.a.base", 2, "not a number"},
    {"{\"format\": \"hamm-workload/1\", \"name\": \"t\", \"params\": {\"tid\": 3},\n"
     " \"arrays\": {}, \"kernels\": []}", "params.tid", 1, "not a built-in"},
    /* syntax: jansson's line (and no path) */
    {"{\"format\": \"hamm-workload/1\",\n \"name\": \"t\"\n \"arrays\": {}}", "", 3, "expected"},
    {"{\"format\": \"hamm-workload/1\",\n \"format\": \"x\"}", "", 2, "duplicate"},
};

static void bad_files(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const bad *b = &cases[i];
        hamm_workload *wl = (hamm_workload *)1;
        hamm_error err;
        hamm_error_clear(&err);
        hamm_status st = hamm_workload_parse(b->text, strlen(b->text), "bad.json", &wl, &err);
        char msg[600];
        hamm_error_format(&err, msg, sizeof msg);
        if (st != HAMM_ERR_CONFIG || strcmp(err.field, b->field) != 0 || err.line != b->line ||
            !strstr(err.text, b->says) || strcmp(err.source, "bad.json") != 0 || wl)
            fail_msg("case %zu: wanted bad.json:%llu: %s: ...%s...; got status %d, %s", i,
                     (unsigned long long)b->line, b->field, b->says, (int)st, msg);
    }
}

/* The formatted message: file, line, path, text, in the order the CLI prints them. */
static void message_format(void **state)
{
    (void)state;
    const char *text = TOP KERNEL BODY("   {\"load\": \"q\", \"index\": \"tid.x\"}");
    hamm_workload *wl;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_workload_parse(text, strlen(text), "models/workloads/x.json", &wl, &err);
    char msg[600];
    hamm_error_format(&err, msg, sizeof msg);
    assert_string_equal(msg, "models/workloads/x.json:5: kernels[0].body[0].load: unknown "
                             "array 'q' (the arrays are a)");
}

/* Errors found while streaming: the file, the statement's path, the thread. */
static void stream_errors(void **state)
{
    (void)state;
    hamm_workload *wl = rig_load(
        TOP K("\"grid\": 2, \"block\": 64, \"shared_bytes\": 64")
        BODY("   {\"alu\": 1}, {\"load\": \"a\", \"index\": \"ctaid.x * 64 + tid.x\"},\n"
             "   {\"shared_store\": \"tid.x * 4 - 4\"}"));
    gpu_kernel_source src;
    gpu_inst in;
    int has;
    hamm_error err;
    hamm_error_clear(&err);
    gpu_cta *c = rig_cta(wl, 0, 1, &src);
    rig_next(&src, c, 1, &in);
    assert_int_equal(src.next(src.self, c, 1, &in, &has, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "kernels[0].body[1]");
    assert_string_equal(err.source, "test.json");
    assert_int_equal(err.line, 5);
    assert_string_equal(err.text, "index 96 is outside 0..63 (CTA 1, thread 32)");
    src.close_cta(src.self, c);
    c = rig_cta(wl, 0, 0, &src);
    rig_next(&src, c, 0, &in);
    rig_next(&src, c, 0, &in);
    hamm_error_clear(&err);
    assert_int_equal(src.next(src.self, c, 0, &in, &has, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "kernels[0].body[2]");
    assert_int_equal(err.line, 6);
    assert_string_equal(err.text, "shared byte offset -4 is outside 0..60 (CTA 0, thread 0)");
    hamm_error_clear(&err);
    assert_int_equal(src.next(src.self, c, 2, &in, &has, &err), HAMM_ERR_ARG);
    src.close_cta(src.self, c);
    hamm_workload_free(wl);
    wl = rig_load(
        "{\"format\": \"hamm-workload/1\", \"name\": \"t\", \"arrays\": {"
        "\"a\": {\"base\": 0, \"elem\": 4, \"count\": 8}, \"i\": {\"base\": 64, \"elem\": 4,"
        " \"count\": 8, \"contents\": {\"random\": \"uniform\", \"max\": 7}}},"
        " \"kernels\": [{\"name\": \"k\", \"grid\": 1, \"block\": 16, \"body\": ["
        "  {\"load\": \"a\", \"index\": {\"gather\": \"i\", \"at\": \"tid.x\"}}]}]}");
    c = rig_cta(wl, 0, 0, &src);
    hamm_error_clear(&err);
    assert_int_equal(src.next(src.self, c, 0, &in, &has, &err), HAMM_ERR_CONFIG);
    assert_string_equal(err.text, "gather position 8 is outside 0..7 (CTA 0, thread 8)");
    src.close_cta(src.self, c);
    hamm_workload_free(wl);
}

/* A valid description using every kind of statement: the seed of the mutations. */
static const char seed_text[] =
    "{\"format\": \"hamm-workload/1\", \"name\": \"fuzz\", \"seed\": 3, \"params\": {\"N\": 256},\n"
    " \"arrays\": {\"a\": {\"base\": \"0x1000\", \"elem\": 4, \"count\": 1024},\n"
    "            \"b\": {\"base\": 65536, \"elem\": 8, \"count\": 512},\n"
    "            \"ix\": {\"base\": 131072, \"elem\": 4, \"count\": 64, \"contents\":"
    " {\"random\": \"near\", \"spread\": 3, \"max\": 511}}},\n"
    " \"kernels\": [{\"name\": \"k\", \"grid\": [2, 2], \"block\": [16, 4], \"shared_bytes\": 512,\n"
    "  \"regs_per_thread\": 12, \"body\": [\n"
    "   {\"load\": \"a\", \"index\": \"ctaid.x * 64 + tid.y * 16 + tid.x\", \"dst\": \"x\"},\n"
    "   {\"shared_store\": \"4 * (tid.y * 16 + tid.x)\", \"src\": \"x\"}, {\"barrier\": true},\n"
    "   {\"loop\": \"i\", \"count\": \"2 + ctaid.y\", \"body\": [\n"
    "     {\"shared_load\": \"4 * ((tid.x + i) % 64)\", \"dst\": \"y\"},\n"
    "     {\"alu\": 3, \"src\": [\"x\", \"y\"], \"dst\": \"x\"},\n"
    "     {\"if\": \"tid.x < 8\", \"body\": [{\"sfu\": 1, \"src\": \"x\"},\n"
    "       {\"load\": \"b\", \"index\": {\"random\": \"uniform\", \"max\": 511}}]},\n"
    "     {\"load\": \"b\", \"index\": {\"random\": \"near\", \"center\": \"i * 64 + tid.x\","
    " \"spread\": 4}},\n"
    "     {\"load\": \"a\", \"index\": {\"random\": \"hot\", \"hot\": 8, \"fraction\": 0.5}},\n"
    "     {\"load\": \"b\", \"index\": {\"gather\": \"ix\", \"at\": \"tid.x + 16 * tid.y\"}}]},\n"
    "   {\"store\": \"a\", \"index\": \"min(max(N - tid.x, 0), 1023)\", \"src\": \"x\"}]},\n"
    "  {\"name\": \"k2\", \"grid\": 3, \"block\": 40, \"body\": [{\"alu\": 2}]}]}\n";

static uint64_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005u + 1442695040888963407u;
    return *s >> 33;
}

static void mutate(char *buf, size_t *len, uint64_t *s)
{
    static const char alphabet[] = "{}[]\":,0123456789-+*/%()<>=! .xyzabitd";
    size_t at = lcg(s) % *len;
    switch (lcg(s) % 5) {
    case 0: buf[at] = alphabet[lcg(s) % (sizeof alphabet - 1)]; break;
    case 1: memmove(buf + at, buf + at + 1, *len - at - 1); (*len)--; break;
    case 2: buf[at] = (char)('0' + lcg(s) % 10); break;
    case 3: /* a large number in place of a digit */
        if (*len + 12 < 4096 && buf[at] >= '0' && buf[at] <= '9') {
            memmove(buf + at + 12, buf + at, *len - at);
            memcpy(buf + at, "999999999999", 12);
            *len += 12;
        }
        break;
    default: buf[at] = (char)(lcg(s) & 0xFF); break;
    }
}

/* Stream a bounded part of every kernel: the first and last CTA, every warp. */
static void stream_some(const hamm_workload *wl)
{
    for (size_t k = 0; k < hamm_workload_kernels(wl); k++) {
        gpu_kernel_source src;
        workload_source(wl, k, &src);
        uint64_t ctas = gpu_kernel_ctas(src.info(src.self));
        for (uint64_t cta = 0; cta < ctas; cta += ctas > 1 ? ctas - 1 : 1) {
            gpu_cta *c;
            hamm_error err;
            hamm_error_clear(&err);
            if (src.open_cta(src.self, cta, &c, &err) != HAMM_OK)
                continue;
            gpu_inst in;
            int has = 1;
            uint32_t warps = gpu_kernel_warps_per_cta(src.info(src.self));
            for (uint32_t w = 0; w < warps; w++)
                for (int n = 0; n < 300 && has; n++)
                    if (src.next(src.self, c, w, &in, &has, &err) != HAMM_OK)
                        break;
            src.close_cta(src.self, c);
        }
    }
}

static void mutations_never_crash(void **state)
{
    (void)state;
    hamm_workload *wl = rig_load(seed_text); /* the seed itself is valid */
    stream_some(wl);
    hamm_workload_free(wl);
    uint64_t s = 12345;
    int loaded = 0;
    for (int round = 0; round < 3000; round++) {
        char buf[4096];
        size_t len = strlen(seed_text);
        memcpy(buf, seed_text, len);
        for (uint64_t m = 1 + lcg(&s) % 3; m > 0; m--)
            mutate(buf, &len, &s);
        hamm_error err;
        hamm_error_clear(&err);
        wl = NULL;
        hamm_status st = hamm_workload_parse(buf, len, "fuzz.json", &wl, &err);
        if (st == HAMM_OK) {
            loaded++;
            stream_some(wl);
            hamm_workload_free(wl);
        } else {
            assert_null(wl);
            assert_true(err.text[0] != '\0');
        }
    }
    assert_true(loaded > 0); /* some mutations (digits) leave a valid file */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bad_files),
        cmocka_unit_test(message_format),
        cmocka_unit_test(stream_errors),
        cmocka_unit_test(mutations_never_crash),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
