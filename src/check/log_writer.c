/* log_writer.c - the writer of the DRAM command log (docs/COMMAND_LOG.md) the engine
 * records its commands with: the two header lines, then one line per command, formatted
 * by hand into a fixed buffer (the hot path: no snprintf).  It refuses what the reader
 * would refuse, with the checker's own range check, so every log it makes can be read. */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "common/alloc.h"
#include "log_keys.h"

#define LOG_BUF (64u * 1024u)  /* writer buffer */
#define LINE_MAX_BYTES 96u     /* the longest line the writer makes, with room */

/* ---- decimal formatting (the writer's hot path: no snprintf) ------------------------- */

static char *put_u64(char *p, uint64_t v)
{
    char tmp[20];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        *p++ = tmp[--n];
    return p;
}

static char *put_str(char *p, const char *s)
{
    while (*s)
        *p++ = *s++;
    return p;
}

/* ---- writing ------------------------------------------------------------------------ */

struct hamm_command_log {
    hamm_output *out;           /* not owned */
    hamm_command_device dev;
    int version;                /* 2 with more than one rank: lines carry the rank */
    uint64_t *last;             /* per channel: the last cycle written (0 before one) */
    size_t len;                 /* bytes in buf */
    char buf[LOG_BUF];
};

static hamm_status write_header(hamm_command_log *log, hamm_error *err)
{
    char line[1024];
    char *p = put_str(line, log->version == 2 ? LOG_MAGIC_RANKS "\n#" : LOG_MAGIC "\n#");
    for (size_t k = 0; k < log_keys_count(log->version); k++) {
        *p++ = ' ';
        p = put_str(p, log_keys[k].name);
        *p++ = '=';
        p = put_u64(p, log_keys_value(&log->dev, k));
    }
    *p++ = '\n';
    return hamm_output_write(log->out, line, (size_t)(p - line), err);
}

hamm_status hamm_command_log_new(hamm_command_log **out_log, hamm_output *out,
                                 const hamm_command_device *dev, hamm_error *err)
{
    *out_log = NULL;
    hamm_status st = checker_device_check(dev, NULL, 0, err);
    if (st != HAMM_OK)
        return st;
    hamm_command_log *log = malloc(sizeof *log);
    uint64_t *last = hamm_calloc_array(dev->channels, sizeof *last);
    if (!log || !last) {
        free(log);
        free(last);
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    }
    log->out = out;
    log->dev = *dev;
    log->version = dev->dram.ranks > 1 ? 2 : 1;
    log->last = last;
    log->len = 0;
    if ((st = write_header(log, err)) != HAMM_OK) {
        hamm_command_log_free(log);
        return st;
    }
    *out_log = log;
    return HAMM_OK;
}

/* The writer refuses what the reader would refuse, so every log it makes can be read. */
static hamm_status writable(const hamm_command_log *log, const hamm_command *c,
                            hamm_error *err)
{
    char text[160];
    const char *what = checker_device_range(&log->dev, c, text, sizeof text);
    if (!what && c->cycle < log->last[c->channel]) { /* no sentinel: 2^64 - 1 is a cycle */
        what = "cycle";
        snprintf(text, sizeof text, "cycle %llu is before cycle %llu of channel %u's last command",
                 (unsigned long long)c->cycle, (unsigned long long)log->last[c->channel],
                 (unsigned)c->channel);
    }
    if (!what)
        return HAMM_OK;
    return hamm_error_field(err, HAMM_ERR_ARG, what, "%s", text);
}

static char *format_command(char *p, const hamm_command *c, int version)
{
    p = put_u64(p, c->cycle);
    *p++ = ' ';
    p = put_u64(p, c->channel);
    *p++ = ' ';
    p = put_str(p, hamm_command_name(c->cmd));
    *p++ = ' ';
    if (version == 2) {
        p = put_u64(p, c->rank);
        *p++ = ' ';
    }
    if (c->cmd == HAMM_CMD_REF) {
        *p++ = '-';
    } else {
        p = put_u64(p, c->bank);
        if (c->cmd != HAMM_CMD_PRE) {
            *p++ = ' ';
            p = put_u64(p, c->arg);
        }
    }
    *p++ = '\n';
    return p;
}

hamm_status hamm_command_log_write(hamm_command_log *log, const hamm_command *cmds, size_t n,
                                   hamm_error *err)
{
    for (size_t i = 0; i < n; i++) {
        hamm_status st = writable(log, &cmds[i], err);
        if (st != HAMM_OK)
            return st;
        if (LOG_BUF - log->len < LINE_MAX_BYTES && (st = hamm_command_log_flush(log, err)))
            return st;
        char *end = format_command(log->buf + log->len, &cmds[i], log->version);
        log->len = (size_t)(end - log->buf);
        log->last[cmds[i].channel] = cmds[i].cycle;
    }
    return HAMM_OK;
}

hamm_status hamm_command_log_flush(hamm_command_log *log, hamm_error *err)
{
    if (log->len == 0)
        return HAMM_OK;
    hamm_status st = hamm_output_write(log->out, log->buf, log->len, err);
    log->len = 0;
    return st;
}

void hamm_command_log_free(hamm_command_log *log)
{
    if (!log)
        return;
    free(log->last);
    free(log);
}
