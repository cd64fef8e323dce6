/* test_command_log.c - the DRAM command log: writer output, the writer refusing what the
 * reader would, round trip (also through zstd), byte-at-a-time reading, and malformed
 * logs naming line, column and field.  Devices in checker_helpers.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "checker_helpers.h"

/* ---- the log ------------------------------------------------------------------------------- */

#define DOC_HEADER                                                                           \
    "# hamm command log 1\n"                                                                 \
    "# channels=8 banks=4 bank_groups=1 BL=4 data_rate=2 rows=4096 columns=512 tCCD=2 "      \
    "tCCD_L=0 tRRD=8 tRRD_L=0 tFAW=0 tRAS=21 tRCD=12 tRP=13 tRC=34 CL=9 WL=4 tWTR=5 "       \
    "tWTR_L=0 tRTW=9 tRTP=2 tWR=13 tRFC=0 tREFI=0\n"

static hamm_status check_text(const char *text, size_t chunk, collect *got, uint64_t *commands,
                              uint64_t *violations, hamm_error *err)
{
    return check_bytes(text, strlen(text), chunk, got, commands, violations, err);
}

static void writer_output(void **state)
{
    (void)state;
    hamm_command_device dev = G;
    dev.channels = 8;
    const hamm_command cmds[] = {ACT(12, 3, 1024), RD(24, 3), {26, 0, 3, 17, HAMM_CMD_RD, 0},
                                 PRE(40, 3), {41, 7, 2, 4095, HAMM_CMD_ACT, 0},
                                 {53, 7, 2, 511, HAMM_CMD_WR, 0}, REF(60)};
    th_sink sink;
    hamm_error err;
    assert_int_equal(write_log(&dev, cmds, NCMDS(cmds), HAMM_COMPRESSION_NONE, &sink, &err),
                     HAMM_OK);
    const char *expected = DOC_HEADER "12 0 ACT 3 1024\n"
                                  "24 0 RD 3 0\n"
                                  "26 0 RD 3 17\n"
                                  "40 0 PRE 3\n"
                                  "41 7 ACT 2 4095\n"
                                  "53 7 WR 2 511\n"
                                  "60 0 REF -\n";
    assert_int_equal(sink.len, strlen(expected));
    assert_memory_equal(sink.p, expected, sink.len);
    free(sink.p);
}

static void writer_refuses_what_reader_would(void **state)
{
    (void)state;
    th_sink sink;
    hamm_error err;
    const hamm_command bank[] = {ACT(0, 4, 1)};
    assert_int_equal(write_log(&G, bank, 1, HAMM_COMPRESSION_NONE, &sink, &err), HAMM_ERR_ARG);
    assert_string_equal(err.field, "bank");
    free(sink.p);
    const hamm_command back[] = {ACT(10, 0, 1), PRE(9, 0)};
    assert_int_equal(write_log(&G, back, 2, HAMM_COMPRESSION_NONE, &sink, &err), HAMM_ERR_ARG);
    assert_string_equal(err.field, "cycle");
    free(sink.p);
    const hamm_command top[] = {ACT(UINT64_MAX, 0, 1), PRE(9, 0)}; /* no "none yet" */
    assert_int_equal(write_log(&G, top, 2, HAMM_COMPRESSION_NONE, &sink, &err), HAMM_ERR_ARG);
    assert_string_equal(err.field, "cycle");
    free(sink.p);
    const hamm_command chan[] = {{0, 1, 0, 1, HAMM_CMD_ACT, 0}};
    assert_int_equal(write_log(&G, chan, 1, HAMM_COMPRESSION_NONE, &sink, &err), HAMM_ERR_ARG);
    assert_string_equal(err.field, "channel");
    free(sink.p);
    const hamm_command row[] = {ACT(0, 0, 4096)};
    assert_int_equal(write_log(&G, row, 1, HAMM_COMPRESSION_NONE, &sink, &err), HAMM_ERR_ARG);
    assert_string_equal(err.field, "row");
    assert_non_null(strstr(err.text, "row 4096 is out of range (rows=4096)"));
    free(sink.p);
    const hamm_command column[] = {ACT(0, 0, 1), {12, 0, 0, 512, HAMM_CMD_WR, 0}};
    assert_int_equal(write_log(&G, column, 2, HAMM_COMPRESSION_NONE, &sink, &err),
                     HAMM_ERR_ARG);
    assert_string_equal(err.field, "column");
    assert_non_null(strstr(err.text, "column 512 is out of range (columns=512)"));
    free(sink.p);
    const hamm_command cmd[] = {{0, 0, 0, 0, (hamm_dram_command)5, 0}};
    assert_int_equal(write_log(&G, cmd, 1, HAMM_COMPRESSION_NONE, &sink, &err), HAMM_ERR_ARG);
    assert_string_equal(err.field, "cmd");
    assert_string_equal(err.text, "command 5 is not a DRAM command");
    free(sink.p);
    const hamm_command devless[] = {ACT(0, 0, 1)};
    hamm_command_device dev = G;
    dev.dram.columns = 0;
    assert_int_equal(write_log(&dev, devless, 1, HAMM_COMPRESSION_NONE, &sink, &err),
                     HAMM_ERR_CONFIG);
    assert_string_equal(err.field, "columns");
    free(sink.p);
}

/* The writer refuses a command with the very words the checker reports it with: one
 * range check serves both.  Each command is out of range on G (4 banks, 4096 rows, 512
 * columns) and on 1 channel, so each is the one error of its log. */
static void writer_and_checker_agree_on_range(void **state)
{
    (void)state;
    const hamm_command bad[] = {{0, 0, 4, 1, HAMM_CMD_ACT, 0},   {0, 1, 0, 1, HAMM_CMD_ACT, 0},
                                {0, 0, 0, 4096, HAMM_CMD_ACT, 0}, {0, 0, 0, 512, HAMM_CMD_RD, 0},
                                {0, 0, 0, 512, HAMM_CMD_WR, 0},   {0, 0, 0, 0, (hamm_dram_command)7, 0}};
    for (size_t i = 0; i < NCMDS(bad); i++) {
        th_sink sink;
        hamm_error err;
        assert_int_equal(write_log(&G, &bad[i], 1, HAMM_COMPRESSION_NONE, &sink, &err),
                         HAMM_ERR_ARG);
        free(sink.p);
        collect got;
        run(&G, &bad[i], 1, &got);
        assert_int_equal(got.n, 1);
        assert_string_equal(got.v[0].rule, "command");
        assert_string_equal(got.v[0].text, err.text);
    }
}

/* A log with a mix of rules broken, over two channels. */
static const hamm_command mixed[] = {
    {0, 0, 0, 1, HAMM_CMD_ACT, 0},   {0, 1, 0, 1, HAMM_CMD_ACT, 0},  {7, 0, 1, 5, HAMM_CMD_ACT, 0},
    {11, 0, 0, 3, HAMM_CMD_RD, 0},   {12, 1, 0, 3, HAMM_CMD_WR, 0},  {20, 0, 1, 0, HAMM_CMD_RD, 0},
    {21, 0, 1, 0, HAMM_CMD_RD, 0},   {30, 1, 0, 0, HAMM_CMD_PRE, 0}, {31, 1, 2, 0, HAMM_CMD_RD, 0},
    {40, 0, 0, 0, HAMM_CMD_PRE, 0},  {40, 0, 1, 0, HAMM_CMD_PRE, 0},
    {60, 0, HAMM_NO_BANK, 0, HAMM_CMD_REF, 0},
};

static void round_trip(void **state)
{
    (void)state;
    hamm_command_device dev = G;
    dev.channels = 2;
    th_sink sink;
    hamm_error err;
    assert_int_equal(write_log(&dev, mixed, NCMDS(mixed), HAMM_COMPRESSION_NONE, &sink, &err),
                     HAMM_OK);
    collect direct, via_log, bytewise;
    run(&dev, mixed, NCMDS(mixed), &direct);
    uint64_t n = 0, v = 0;
    assert_int_equal(check_bytes(sink.p, sink.len, 0, &via_log, &n, &v, &err), HAMM_OK);
    assert_int_equal(n, NCMDS(mixed));
    assert_int_equal(v, direct.n);
    assert_int_equal(via_log.n, direct.n);
    /* Ch 0: ACT b1 7 (tRRD: 0 + 8 = 8 > 7); RD b0 11 (tRCD: 0 + 12 = 12 > 11); RD b1 21
     * (tCCD 20 + 2 > 21 and the data bus); PRE b0 40 and PRE b1 40 (command bus); ch 1:
     * WR b0 12 fine, PRE b0 30 (tWR: 12 + 4 + 2 + 13 = 31 > 30), RD b2 31 (closed). */
    static const struct {
        uint64_t line;
        const char *rule;
    } lines[] = {{5, "tRRD"},  {6, "tRCD"}, {9, "tCCD"},  {9, "data bus"},
                 {10, "tWR"}, {11, "state"}, {13, "command bus"}};
    assert_int_equal(via_log.n, NCMDS(lines));
    for (size_t i = 0; i < via_log.n; i++) {
        assert_int_equal(via_log.v[i].line, lines[i].line);
        assert_string_equal(via_log.v[i].rule, lines[i].rule);
        assert_string_equal(via_log.v[i].rule, direct.v[i].rule);
        assert_string_equal(via_log.v[i].text, direct.v[i].text);
        assert_string_equal(via_log.v[i].source, "mem.log");
    }
    /* Byte at a time: the same. */
    assert_int_equal(check_bytes(sink.p, sink.len, 1, &bytewise, &n, &v, &err), HAMM_OK);
    assert_int_equal(bytewise.n, via_log.n);
    for (size_t i = 0; i < via_log.n; i++) {
        assert_int_equal(bytewise.v[i].line, via_log.v[i].line);
        assert_string_equal(bytewise.v[i].text, via_log.v[i].text);
    }
    /* No callback: only the counts. */
    assert_int_equal(check_bytes(sink.p, sink.len, 0, NULL, &n, &v, &err), HAMM_OK);
    assert_int_equal(v, direct.n);
    free(sink.p);
    /* Through zstd. */
    assert_int_equal(write_log(&dev, mixed, NCMDS(mixed), HAMM_COMPRESSION_ZSTD, &sink, &err),
                     HAMM_OK);
    assert_int_equal(check_bytes(sink.p, sink.len, 3, &bytewise, &n, &v, &err), HAMM_OK);
    assert_int_equal(n, NCMDS(mixed));
    assert_int_equal(bytewise.n, via_log.n);
    free(sink.p);
}

static void long_log_streams(void **state)
{
    (void)state;
    /* Many times the reader's buffer: open/read/close bank 0 forever, legally:
     * ACT t, RD t + 12, PRE t + 21 (RD + 2 <= t + 21), next ACT t + 34; rows cycle
     * through G's 4096. */
    enum { ROUNDS = 20000 };
    hamm_command *cmds = malloc(3 * ROUNDS * sizeof *cmds);
    for (uint64_t i = 0; i < ROUNDS; i++) {
        uint64_t t = 34 * i;
        cmds[3 * i] = (hamm_command){t, 0, 0, (uint32_t)(i % 4096), HAMM_CMD_ACT, 0};
        cmds[3 * i + 1] = (hamm_command){t + 12, 0, 0, 7, HAMM_CMD_RD, 0};
        cmds[3 * i + 2] = (hamm_command){t + 21, 0, 0, 0, HAMM_CMD_PRE, 0};
    }
    th_sink sink;
    hamm_error err;
    assert_int_equal(write_log(&G, cmds, 3 * ROUNDS, HAMM_COMPRESSION_NONE, &sink, &err),
                     HAMM_OK);
    assert_true(sink.len > 4 * 65536);
    uint64_t n = 0, v = 1;
    collect got;
    assert_int_equal(check_bytes(sink.p, sink.len, 0, &got, &n, &v, &err), HAMM_OK);
    assert_int_equal(n, 3 * ROUNDS);
    assert_int_equal(v, 0);
    /* One late RD in the last round is found at its line: line 2 + 3 x (ROUNDS - 1) + 2. */
    free(sink.p);
    cmds[3 * ROUNDS - 2].cycle -= 1;
    assert_int_equal(write_log(&G, cmds, 3 * ROUNDS, HAMM_COMPRESSION_NONE, &sink, &err),
                     HAMM_OK);
    assert_int_equal(check_bytes(sink.p, sink.len, 0, &got, &n, &v, &err), HAMM_OK);
    assert_int_equal(got.n, 1);
    assert_int_equal(got.v[0].line, 2 + 3 * (ROUNDS - 1) + 2);
    assert_string_equal(got.v[0].rule, "tRCD");
    free(sink.p);
    free(cmds);
}

typedef struct bad_log {
    const char *text;
    hamm_status status;
    uint64_t line, column;
    const char *field;
    const char *part;
} bad_log;

#define H1 "# hamm command log 1\n"
#define KEYS_D "# channels=2 banks=4 bank_groups=1 BL=4 data_rate=2 "
#define KEYS_RC "rows=4096 columns=512 "
#define KEYS_T "tCCD=2 tCCD_L=0 tRRD=8 "
#define KEYS_A KEYS_D KEYS_RC KEYS_T
#define KEYS_B "tRRD_L=0 tFAW=0 tRAS=21 tRCD=12 tRP=13 tRC=34 CL=9 WL=4 tWTR=5 tWTR_L=0 "
#define KEYS_C "tRTW=9 tRTP=2 tWR=13 tRFC=0"
#define HDR H1 KEYS_A KEYS_B KEYS_C " tREFI=0\n"

/* Each malformed log, with its status, line, column, field and a part of the text. */
static const bad_log malformed[] = {
    {"", HAMM_ERR_EMPTY, 0, 0, "", "no command log header"},
    {"# hamm trace v1\nR 0x0\n", HAMM_ERR_FORMAT, 1, 0, "header", "not a hamm command log"},
    {"12 0 ACT 3 1024\n", HAMM_ERR_FORMAT, 1, 0, "header", "not a hamm command log"},
    {"# hamm command log 3\n", HAMM_ERR_FORMAT, 1, 20, "version", "version '3'"},
    {"# hamm command log\n", HAMM_ERR_FORMAT, 1, 0, "header", "lacks the version"},
    {H1, HAMM_ERR_FORMAT, 2, 0, "header", "missing the device line"},
    {H1 "channels=2\n", HAMM_ERR_FORMAT, 2, 0, "header", "second line must be the device"},
    {H1 KEYS_A KEYS_B KEYS_C "\n", HAMM_ERR_FORMAT, 2, 0, "tREFI", "missing key tREFI"},
    {H1 KEYS_A KEYS_B "tRTW=9 tRTP=2 tWR=13 tREFI=0\n", HAMM_ERR_FORMAT, 2, 0, "tRFC",
     "missing key tRFC"},
    {H1 KEYS_D "columns=512 " KEYS_T KEYS_B KEYS_C " tREFI=0\n", HAMM_ERR_FORMAT, 2, 0,
     "rows", "missing key rows"},
    {H1 KEYS_D "rows=4096 " KEYS_T KEYS_B KEYS_C " tREFI=0\n", HAMM_ERR_FORMAT, 2, 0,
     "columns", "missing key columns"},
    {H1 "# pages=5\n", HAMM_ERR_FORMAT, 2, 3, "header", "unknown key 'pages'"},
    {H1 "# banks\n", HAMM_ERR_FORMAT, 2, 3, "header", "expected KEY=VALUE"},
    {H1 "# banks=x4\n", HAMM_ERR_FORMAT, 2, 9, "banks", "not a decimal number: 'x4'"},
    {H1 "# banks=4294967296\n", HAMM_ERR_FORMAT, 2, 9, "banks", "above 4294967295"},
    {H1 "# banks=4 banks=4\n", HAMM_ERR_FORMAT, 2, 11, "banks", "given twice"},
    {H1 "# channels=2 banks=0 bank_groups=1 BL=4 data_rate=2 " KEYS_RC KEYS_T
        KEYS_B KEYS_C " tREFI=0\n", HAMM_ERR_CONFIG, 2, 0, "banks", "0 banks"},
    {H1 KEYS_D "rows=0 columns=512 " KEYS_T KEYS_B KEYS_C " tREFI=0\n", HAMM_ERR_CONFIG,
     2, 0, "rows", "0 rows"},
    {H1 KEYS_D "rows=4096 columns=0 " KEYS_T KEYS_B KEYS_C " tREFI=0\n", HAMM_ERR_CONFIG,
     2, 0, "columns", "0 columns"},
    {HDR "12 0 ACX 3 1\n", HAMM_ERR_PARSE, 3, 6, "command", "found 'ACX'"},
    {HDR "12 0 act 3 1\n", HAMM_ERR_PARSE, 3, 6, "command", "expected ACT, PRE"},
    {HDR "12 0 ACT 4 1\n", HAMM_ERR_PARSE, 3, 10, "bank",
     "bank 4 is out of range: the header says banks=4"},
    {HDR "12 2 ACT 0 1\n", HAMM_ERR_PARSE, 3, 4, "channel",
     "channel 2 is out of range: the header says channels=2"},
    {HDR "12 0 ACT 0\n", HAMM_ERR_PARSE, 3, 0, "row", "missing row"},
    {HDR "12 0 ACT 0 4096\n", HAMM_ERR_PARSE, 3, 12, "row",
     "row 4096 is out of range: the header says rows=4096"},
    {HDR "12 0 ACT 0 4294967296\n", HAMM_ERR_PARSE, 3, 12, "row",
     "row 4294967296 is out of range: the header says rows=4096"},
    {HDR "12 0 ACT 0 1\n24 0 RD 0 512\n", HAMM_ERR_PARSE, 4, 11, "column",
     "column 512 is out of range: the header says columns=512"},
    {HDR "12 0 ACT 0 1\n24 0 WR 0 512\n", HAMM_ERR_PARSE, 4, 11, "column",
     "column 512 is out of range: the header says columns=512"},
    {HDR "12 0 RD 0\n", HAMM_ERR_PARSE, 3, 0, "column", "missing column"},
    {HDR "12 0 PRE 0 5\n", HAMM_ERR_PARSE, 3, 12, "", "unexpected trailing text '5'"},
    {HDR "12 0 REF 0\n", HAMM_ERR_PARSE, 3, 10, "bank", "written '-', not '0'"},
    {HDR "12 0 ACT - 1\n", HAMM_ERR_PARSE, 3, 10, "bank", "not a decimal number"},
    {HDR "12 0\n", HAMM_ERR_PARSE, 3, 0, "command", "missing command"},
    {HDR "x 0 ACT 0 1\n", HAMM_ERR_PARSE, 3, 1, "cycle", "not a decimal number: 'x'"},
    {HDR "18446744073709551616 0 ACT 0 1\n", HAMM_ERR_PARSE, 3, 1, "cycle", "overflows"},
    {HDR "12 0 ACT 0 1\n\n", HAMM_ERR_PARSE, 4, 0, "cycle", "missing cycle"},
    {HDR "12 0 ACT 0 1\n# note\n", HAMM_ERR_PARSE, 4, 1, "cycle", "not a decimal"},
    {HDR "12 0 ACT 0 1\n13 1 ACT 0 1\n10 0 PRE 0\n", HAMM_ERR_PARSE, 5, 0, "cycle",
     "cycle 10 is before cycle 12 of channel 0's previous command (line 3)"},
    /* the last cycle is a cycle, not "no command yet" */
    {HDR "18446744073709551615 0 ACT 0 1\n5 0 PRE 0\n", HAMM_ERR_PARSE, 4, 0, "cycle",
     "cycle 5 is before cycle 18446744073709551615 of channel 0's previous command (line 3)"},
};

static void malformed_logs(void **state)
{
    (void)state;
    const bad_log *cases = malformed;
    for (size_t i = 0; i < NCMDS(malformed); i++) {
        for (size_t chunk = 0; chunk < 2; chunk++) {
            hamm_error err;
            uint64_t n, v;
            hamm_status st = check_text(cases[i].text, chunk, NULL, &n, &v, &err);
            if (st != cases[i].status || err.line != cases[i].line ||
                err.column != cases[i].column || strcmp(err.field, cases[i].field) != 0 ||
                !strstr(err.text, cases[i].part) ||
                strcmp(err.source, "mem.log") != 0)
                fail_msg("case %zu: status %d line %llu col %llu field '%s' text '%s' source '%s'",
                         i, (int)st, (unsigned long long)err.line,
                         (unsigned long long)err.column, err.field, err.text, err.source);
        }
    }
}

static void lenient_where_harmless(void **state)
{
    (void)state;
    /* CRLF line ends, extra blanks, keys in any order, no final newline; channels
     * interleave and each one's cycles only have to be in order within it. */
    const char *text = "# hamm command log 1\r\n"
                       "#  tREFI=0 columns=512 channels=2 banks=4 bank_groups=1 BL=4 "
                       "data_rate=2 tCCD=2 tCCD_L=0 tRRD=8 tRRD_L=0 tFAW=0 tRAS=21 tRCD=12 "
                       "tRP=13 tRC=34 CL=9 WL=4 tWTR=5 tWTR_L=0 tRTW=9 tRTP=2 tWR=13 tRFC=0 "
                       "rows=4096\r\n"
                       "12 0 ACT 3 1024\r\n"
                       "5 1  ACT\t3 7\n"
                       "24 0 RD 3 16";
    hamm_error err;
    uint64_t n, v;
    collect got;
    assert_int_equal(check_text(text, 0, &got, &n, &v, &err), HAMM_OK);
    assert_int_equal(n, 3);
    assert_int_equal(v, 0);
    /* The last row and column the header allows (rows=4096, columns=512): ACT 12, RD 24
     * (tRCD 12), WR 33 (tRTW 9). */
    assert_int_equal(check_text(HDR "12 0 ACT 0 4095\n24 0 RD 0 511\n33 0 WR 0 511\n", 0,
                                &got, &n, &v, &err),
                     HAMM_OK);
    assert_int_equal(n, 3);
    assert_int_equal(v, 0);
    /* A header with no commands is an empty, clean log. */
    assert_int_equal(check_text(HDR, 0, &got, &n, &v, &err), HAMM_OK);
    assert_int_equal(n, 0);
}

static void line_too_long(void **state)
{
    (void)state;
    size_t len = strlen(HDR) + 70000;
    char *text = malloc(len + 1);
    memset(text, ' ', len);
    memcpy(text, HDR, strlen(HDR));
    text[len] = '\0';
    hamm_error err;
    uint64_t n, v;
    assert_int_equal(check_text(text, 0, NULL, &n, &v, &err), HAMM_ERR_PARSE);
    assert_int_equal(err.line, 3);
    assert_non_null(strstr(err.text, "longer than"));
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(writer_output),
        cmocka_unit_test(writer_refuses_what_reader_would),
        cmocka_unit_test(writer_and_checker_agree_on_range),
        cmocka_unit_test(round_trip),
        cmocka_unit_test(long_log_streams),
        cmocka_unit_test(malformed_logs),
        cmocka_unit_test(lenient_where_harmless),
        cmocka_unit_test(line_too_long),
    };
    return cmocka_run_group_tests(tests, setup_devices, NULL);
}
