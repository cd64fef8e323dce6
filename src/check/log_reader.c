/* log_reader.c - hamm_check_log, the strict streaming reader of the DRAM command log
 * (docs/COMMAND_LOG.md) that hands every command to the timing checker.
 *
 * It keeps one fixed buffer of decoded bytes (a line may not exceed it) and one cycle per
 * channel: memory does not grow with the log.  Each number is bounded as it is parsed,
 * by the header key that limits it, so an error points at the token's column. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "common/alloc.h"
#include "io/lines.h"
#include "log_keys.h"
#include "io/scan.h"

#define READ_BUF (64u * 1024u) /* reader buffer: the longest line */

typedef struct log_reader {
    line_reader lr;            /* the log's lines, with their numbers and offsets */
    hamm_command_device dev;
    int version;               /* 1, or 2: several ranks, a rank on every command line */
    uint64_t *last;            /* per channel: cycle of the last command (0 before one) */
    uint64_t *last_line;       /* per channel: its line */
    hamm_violation_fn report;
    void *user;
} log_reader;

/* The next line (without its newline) in *l; *got 0 at the end of the input. */
static hamm_status next_line(log_reader *r, scan_line *l, int *got, hamm_error *err)
{
    return lines_next(&r->lr, &l->p, &l->end, got, err);
}

/* A malformed line: `status` at the current line, naming `field`, the column from `tok`. */
#if defined(__GNUC__)
__attribute__((format(printf, 6, 7)))
#endif
static hamm_status fail(const log_reader *r, hamm_error *err, hamm_status status,
                        const scan_token *tok, const char *field, const char *fmt, ...)
{
    char text[sizeof err->text];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    uint64_t column = tok && tok->p >= r->lr.start ? (uint64_t)(tok->p - r->lr.start) + 1 : 0;
    return hamm_error_at(err, status, HAMM_AT(r->lr.source, r->lr.line, column, r->lr.line_offset),
                         field, "%s", text);
}

static int token_clip(scan_token t)
{
    return (int)(t.len > 40 ? 40 : t.len);
}

static hamm_status need_token(const log_reader *r, scan_line *l, const char *field,
                              scan_token *tok, hamm_error *err)
{
    if (scan_next(l, tok))
        return HAMM_OK;
    return fail(r, err, HAMM_ERR_PARSE, NULL, field, "missing %s", field);
}

/* A decimal number in [0, max]; `limit` names the header key that sets max + 1 ("banks",
 * "rows", ...), or NULL when no key does. */
static hamm_status need_number(const log_reader *r, scan_line *l, const char *field,
                               uint64_t max, const char *limit, uint64_t *v, hamm_error *err)
{
    scan_token tok;
    hamm_status st = need_token(r, l, field, &tok, err);
    if (st != HAMM_OK)
        return st;
    scan_result res = scan_dec_u64(tok, v);
    if (res != SCAN_OK)
        return fail(r, err, HAMM_ERR_PARSE, &tok, field, "%s: '%.*s'",
                    scan_result_text(res, 0), token_clip(tok), tok.p);
    if (*v <= max)
        return HAMM_OK;
    if (limit)
        return fail(r, err, HAMM_ERR_PARSE, &tok, field,
                    "%s %llu is out of range: the header says %s=%llu", field,
                    (unsigned long long)*v, limit, (unsigned long long)max + 1);
    return fail(r, err, HAMM_ERR_PARSE, &tok, field, "%llu is above the limit %llu",
                (unsigned long long)*v, (unsigned long long)max);
}

/* ---- the header ----------------------------------------------------------------------- */

static hamm_status read_magic(log_reader *r, hamm_error *err)
{
    scan_line l;
    int got;
    hamm_status st = next_line(r, &l, &got, err);
    if (st != HAMM_OK)
        return st;
    if (!got)
        return hamm_error_at(err, HAMM_ERR_EMPTY, HAMM_IN(r->lr.source), NULL,
                             "empty input: no command log header");
    static const char *const words[] = {"#", "hamm", "command", "log"};
    scan_token tok = {NULL, 0};
    for (size_t i = 0; i < 4; i++)
        if (!scan_next(&l, &tok) || !scan_is(tok, words[i]))
            return fail(r, err, HAMM_ERR_FORMAT, NULL, "header",
                        "not a hamm command log: the first line must be '" LOG_MAGIC "'");
    if (!scan_next(&l, &tok))
        return fail(r, err, HAMM_ERR_FORMAT, NULL, "header",
                    "the first line lacks the version: it must be '" LOG_MAGIC "'");
    r->version = scan_is(tok, "1") ? 1 : scan_is(tok, "2") ? 2 : 0;
    if (!r->version || !scan_at_end(&l))
        return fail(r, err, HAMM_ERR_FORMAT, &tok, "version",
                    "command log version '%.*s' is not supported (this hamm reads versions 1 "
                    "and 2)",
                    token_clip(tok), tok.p);
    r->dev.dram.ranks = 1; /* version 1: one rank; version 2 says how many */
    return HAMM_OK;
}

static hamm_status header_pair(log_reader *r, scan_token tok, unsigned *seen, hamm_error *err)
{
    const char *eq = memchr(tok.p, '=', tok.len);
    if (!eq)
        return fail(r, err, HAMM_ERR_FORMAT, &tok, "header", "expected KEY=VALUE, found '%.*s'",
                    token_clip(tok), tok.p);
    scan_token name = {tok.p, (size_t)(eq - tok.p)};
    scan_token value = {eq + 1, tok.len - name.len - 1};
    size_t k = 0, nkeys = log_keys_count(r->version);
    while (k < nkeys && !scan_is(name, log_keys[k].name))
        k++;
    if (k == nkeys)
        return fail(r, err, HAMM_ERR_FORMAT, &tok, "header", "unknown key '%.*s'",
                    token_clip(name), name.p);
    if (seen[k])
        return fail(r, err, HAMM_ERR_FORMAT, &tok, log_keys[k].name, "%s is given twice",
                    log_keys[k].name);
    seen[k] = 1;
    uint64_t v;
    scan_result res = scan_dec_u64(value, &v);
    if (res == SCAN_OK && v > UINT32_MAX)
        res = SCAN_OVERFLOW;
    if (res != SCAN_OK)
        return fail(r, err, HAMM_ERR_FORMAT, &value, log_keys[k].name, "%s: '%.*s'",
                    res == SCAN_OVERFLOW ? "above 4294967295" : scan_result_text(res, 0),
                    token_clip(value), value.p);
    *log_keys_field(&r->dev, k) = (uint32_t)v;
    return HAMM_OK;
}

static hamm_status read_device(log_reader *r, hamm_error *err)
{
    scan_line l;
    int got;
    hamm_status st = next_line(r, &l, &got, err);
    if (st != HAMM_OK)
        return st;
    if (!got)
        return hamm_error_at(err, HAMM_ERR_FORMAT, HAMM_AT_LINE(r->lr.source, r->lr.line + 1),
                             "header", "missing the device line '# channels=N banks=N ...'");
    scan_token tok;
    if (!scan_next(&l, &tok) || !scan_is(tok, "#"))
        return fail(r, err, HAMM_ERR_FORMAT, NULL, "header",
                    "the second line must be the device: '# channels=N banks=N ...'");
    unsigned seen[LOG_NKEYS] = {0};
    while (scan_next(&l, &tok))
        if ((st = header_pair(r, tok, seen, err)) != HAMM_OK)
            return st;
    for (size_t k = 0; k < log_keys_count(r->version); k++)
        if (!seen[k])
            return fail(r, err, HAMM_ERR_FORMAT, NULL, log_keys[k].name,
                        "missing key %s (the header needs all of them; see "
                        "docs/COMMAND_LOG.md)",
                        log_keys[k].name);
    return checker_device_check(&r->dev, r->lr.source, r->lr.line, err);
}

/* ---- command lines -------------------------------------------------------------------- */

static int parse_name(scan_token tok, hamm_dram_command *cmd)
{
    for (int c = 0; c < HAMM_CMD_COUNT; c++)
        if (scan_is(tok, hamm_command_name((hamm_dram_command)c))) {
            *cmd = (hamm_dram_command)c;
            return 1;
        }
    return 0;
}

static hamm_status parse_bank(const log_reader *r, scan_line *l, hamm_command *c,
                              hamm_error *err)
{
    if (c->cmd != HAMM_CMD_REF) {
        uint64_t v;
        hamm_status st = need_number(r, l, "bank", r->dev.dram.banks - 1u, "banks", &v, err);
        c->bank = (uint32_t)v;
        return st;
    }
    scan_token tok;
    hamm_status st = need_token(r, l, "bank", &tok, err);
    if (st != HAMM_OK)
        return st;
    if (!scan_is(tok, "-"))
        return fail(r, err, HAMM_ERR_PARSE, &tok, "bank",
                    "REF refreshes every bank: its bank is written '-', not '%.*s'",
                    token_clip(tok), tok.p);
    c->bank = HAMM_NO_BANK;
    return HAMM_OK;
}

static hamm_status parse_arg(const log_reader *r, scan_line *l, hamm_command *c,
                             hamm_error *err)
{
    c->arg = 0;
    if (c->cmd == HAMM_CMD_PRE || c->cmd == HAMM_CMD_REF)
        return HAMM_OK;
    uint64_t v;
    hamm_status st = c->cmd == HAMM_CMD_ACT
                         ? need_number(r, l, "row", r->dev.dram.rows - 1u, "rows", &v, err)
                         : need_number(r, l, "column", r->dev.dram.columns - 1u, "columns", &v,
                                       err);
    c->arg = (uint32_t)v;
    return st;
}

static hamm_status parse_command(const log_reader *r, scan_line l, hamm_command *c,
                                 hamm_error *err)
{
    uint64_t v;
    scan_token tok;
    hamm_status st = need_number(r, &l, "cycle", UINT64_MAX, NULL, &c->cycle, err);
    if (st == HAMM_OK)
        st = need_number(r, &l, "channel", r->dev.channels - 1u, "channels", &v, err);
    if (st != HAMM_OK)
        return st;
    c->channel = (uint32_t)v;
    if ((st = need_token(r, &l, "command", &tok, err)) != HAMM_OK)
        return st;
    if (!parse_name(tok, &c->cmd))
        return fail(r, err, HAMM_ERR_PARSE, &tok, "command",
                    "expected ACT, PRE, RD, WR or REF, found '%.*s'", token_clip(tok), tok.p);
    c->rank = 0;
    if (r->version == 2) {
        if ((st = need_number(r, &l, "rank", r->dev.dram.ranks - 1u, "ranks", &v, err)))
            return st;
        c->rank = (uint32_t)v;
    }
    if ((st = parse_bank(r, &l, c, err)) != HAMM_OK || (st = parse_arg(r, &l, c, err)))
        return st;
    if (scan_next(&l, &tok))
        return fail(r, err, HAMM_ERR_PARSE, &tok, NULL, "unexpected trailing text '%.*s'",
                    token_clip(tok), tok.p);
    return HAMM_OK;
}

/* Cycles never decrease within a channel: the log is in issue order. */
static hamm_status in_order(log_reader *r, const hamm_command *c, hamm_error *err)
{
    uint64_t last = r->last[c->channel];
    if (c->cycle < last) /* no sentinel: a command may come at 2^64 - 1 */
        return fail(r, err, HAMM_ERR_PARSE, NULL, "cycle",
                    "cycle %llu is before cycle %llu of channel %u's previous command "
                    "(line %llu): the log must be in issue order",
                    (unsigned long long)c->cycle, (unsigned long long)last,
                    (unsigned)c->channel, (unsigned long long)r->last_line[c->channel]);
    r->last[c->channel] = c->cycle;
    r->last_line[c->channel] = r->lr.line;
    return HAMM_OK;
}

/* Violations reach the caller with the log's file and line. */
static void forward(void *user, const hamm_command *cmd, const hamm_error *what)
{
    const log_reader *r = user;
    hamm_error e = *what;
    /* a command the log could not name (HAMM_CMD_COUNT) has no line of its own */
    if (cmd->cmd == HAMM_CMD_COUNT)
        hamm_error_locate(&e, HAMM_IN(r->lr.source));
    else
        hamm_error_locate(&e, HAMM_AT(r->lr.source, r->lr.line, 0, r->lr.line_offset));
    r->report(r->user, cmd, &e);
}

static hamm_status check_lines(log_reader *r, hamm_checker *chk, hamm_error *err)
{
    hamm_violation_fn report = r->report ? forward : NULL;
    for (;;) {
        scan_line l;
        int got;
        hamm_command c;
        hamm_status st = next_line(r, &l, &got, err);
        if (st != HAMM_OK)
            return st;
        if (!got)
            break;
        if ((st = parse_command(r, l, &c, err)) != HAMM_OK || (st = in_order(r, &c, err)))
            return st;
        hamm_checker_check(chk, &c, report, r);
    }
    hamm_checker_finish(chk, report, r);
    return HAMM_OK;
}

static hamm_status reader_alloc(log_reader *r, hamm_error *err)
{
    r->last = hamm_calloc_array(r->dev.channels, sizeof *r->last);
    r->last_line = hamm_calloc_array(r->dev.channels, sizeof *r->last_line);
    if (!r->last || !r->last_line)
        return hamm_error_at(err, HAMM_ERR_NOMEM, HAMM_IN(r->lr.source), NULL, "out of memory");
    return HAMM_OK;
}

hamm_status hamm_check_log(hamm_input *in, hamm_violation_fn report, void *user,
                           uint64_t *commands, uint64_t *violations, hamm_error *err)
{
    log_reader r = {.report = report, .user = user};
    hamm_checker *chk = NULL;
    hamm_status st = lines_init(&r.lr, in, READ_BUF, err);
    if (st == HAMM_OK && (st = read_magic(&r, err)) == HAMM_OK &&
        (st = read_device(&r, err)) == HAMM_OK && (st = reader_alloc(&r, err)) == HAMM_OK &&
        (st = hamm_checker_new(&chk, &r.dev, err)) == HAMM_OK)
        st = check_lines(&r, chk, err);
    if (commands)
        *commands = chk ? hamm_checker_commands(chk) : 0;
    if (violations)
        *violations = chk ? hamm_checker_violations(chk) : 0;
    hamm_checker_free(chk);
    free(r.last);
    free(r.last_line);
    lines_free(&r.lr);
    hamm_input_free(in);
    return st;
}
