/* util.c - error printing, number parsing and model loading shared by subcommands. */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common/escape.h"

int cli_report(const hamm_error *err)
{
    char buf[1024];
    hamm_error_format(err, buf, sizeof buf);
    fprintf(stderr, "hamm: %s\n", buf);
    return err->status == HAMM_ERR_ARG ? CLI_USAGE : CLI_FAIL;
}

int cli_usage(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "hamm %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'hamm %s --help'.\n", cmd);
    return CLI_USAGE;
}

int cli_parse_u64(const char *cmd, const char *opt, const char *text, uint64_t min, uint64_t max,
                  uint64_t *out)
{
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (!*text || *end || text[0] == '-' || text[0] == '+' || errno == ERANGE || v < min ||
        v > max) {
        cli_usage(cmd, "%s needs a whole number from %llu to %llu, not '%s'", opt,
                  (unsigned long long)min, (unsigned long long)max, text);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_parse_double(const char *cmd, const char *opt, const char *text, double min, double max,
                     double *out)
{
    char *end = NULL;
    errno = 0;
    double v = strtod(text, &end);
    if (!*text || *end || errno == ERANGE || !(v >= min && v <= max)) {
        cli_usage(cmd, "%s needs a number from %g to %g, not '%s'", opt, min, max, text);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_wants_json(const char *path)
{
    size_t n = path ? strlen(path) : 0;
    return n > 5 && strcmp(path + n - 5, ".json") == 0;
}

void cli_trace_init(cli_trace_opts *o)
{
    memset(o, 0, sizeof *o);
    o->trace.prefetch = 1;
}

int cli_trace_option(const char *cmd, int opt, const char *arg, cli_trace_opts *o)
{
    hamm_error err;
    hamm_error_clear(&err);
    uint64_t v;
    switch (opt) {
    case 'f':
        if (hamm_trace_format_from_name(arg, &o->trace.format, &err) != HAMM_OK) {
            cli_report(&err);
            return -1;
        }
        return 1;
    case 'k':
        o->trace.skip_bad = 1;
        return 1;
    case 'r':
        if (cli_parse_u64(cmd, "--request-size", arg, 1, HAMM_MAX_REQUEST_SIZE, &v) != 0)
            return -1;
        o->trace.request_size = (uint32_t)v;
        return 1;
    case 'm':
        o->model = arg;
        return 1;
    case 'M':
        return cli_add_model_dir(cmd, arg, o->model_dirs, &o->nmodel_dirs);
    case 'T':
        if (cli_parse_u64(cmd, "--threads", arg, 1, 2, &v) != 0)
            return -1;
        o->trace.prefetch = v == 2;
        return 1;
    case 's':
        return cli_add_set(cmd, arg, o->sets, &o->nsets);
    default:
        return 0;
    }
}

int cli_add_set(const char *cmd, const char *arg, const char **sets, size_t *n)
{
    if (*n == CLI_MAX_SETS || !strchr(arg, '=')) {
        cli_usage(cmd, "--set takes KEY=VALUE (at most %d), not '%s'", CLI_MAX_SETS, arg);
        return -1;
    }
    sets[(*n)++] = arg;
    return 1;
}

int cli_add_model_dir(const char *cmd, const char *arg, const char **dirs, size_t *n)
{
    if (*n == CLI_MAX_MODEL_DIRS || !*arg) {
        cli_usage(cmd, "--model-path takes a directory (at most %d), not '%s'",
                  CLI_MAX_MODEL_DIRS, arg);
        return -1;
    }
    dirs[(*n)++] = arg;
    return 1;
}

void cli_trace_help(FILE *out, int with_model)
{
    fprintf(out,
            "  -f, --format NAME        trace format (default: detect; see 'hamm formats')\n"
            "  -k, --skip-bad           skip malformed lines, count and report them\n"
            "  -r, --request-size N     bytes per request where the trace has no size, and\n"
            "                           the coalescing block of GPU traces (default 64)\n"
            "  -T, --threads N          1: do everything on one thread; 2 (default): a second\n"
            "                           thread reads ahead (predict: runs the model); same\n"
            "                           results either way\n");
    if (with_model)
        fprintf(out,
                "  -m, --model NAME|FILE    system model (default: yuan09-baseline)\n"
                "      --model-path DIR     look model names up in DIR first (repeatable;\n"
                "                           then HAMM_MODEL_PATH, then hamm's own models)\n"
                "  -s, --set KEY=VALUE      override a model field, e.g. queue_size=16,\n"
                "                           dram.timing.tRCD=14 (repeatable)\n");
}

int cli_load_model(const cli_trace_opts *o, hamm_system_config *cfg)
{
    hamm_error err;
    hamm_error_clear(&err);
    char path[4096];
    const char *name = o->model ? o->model : "yuan09-baseline";
    cli_model_path *mp = malloc(sizeof *mp);
    if (!mp) {
        fprintf(stderr, "hamm: out of memory\n");
        return CLI_FAIL;
    }
    cli_model_path_init(mp, o->model_dirs, o->nmodel_dirs);
    int rc = CLI_OK;
    if (hamm_config_find(name, &mp->path, path, sizeof path, &err) != HAMM_OK ||
        hamm_config_load_with(cfg, path, o->sets, o->nsets, &mp->path, &err) != HAMM_OK)
        rc = cli_report(&err);
    free(mp);
    return rc;
}

void cli_report_skipped(const hamm_trace_reader *r)
{
    uint64_t n = hamm_trace_reader_skipped(r);
    if (!n)
        return;
    char buf[1024];
    hamm_error_format(hamm_trace_reader_first_skipped(r), buf, sizeof buf);
    fprintf(stderr, "hamm: skipped %llu malformed line%s; the first: %s\n",
            (unsigned long long)n, n == 1 ? "" : "s", buf);
}

void cli_capacity_init(hamm_capacity *cap, const hamm_system_config *cfg)
{
    hamm_geometry g;
    hamm_config_geometry(cfg, &g);
    hamm_capacity_init(cap, &g);
}

void cli_report_capacity(const hamm_capacity *cap)
{
    if (!cap || !cap->beyond)
        return;
    fprintf(stderr,
            "hamm: warning: %llu request%s beyond the model's capacity of %llu bytes (0x%llx), "
            "folded onto lower addresses; the first: 0x%llx\n",
            (unsigned long long)cap->beyond, cap->beyond == 1 ? "" : "s",
            (unsigned long long)cap->capacity_bytes, (unsigned long long)cap->capacity_bytes,
            (unsigned long long)cap->first_beyond);
}

/* The command line being built: out[size], len used; what does not fit is cut. */
typedef struct line_text {
    char *out;
    size_t size, len;
} line_text;

static void put_line(void *ctx, const char *s, size_t n)
{
    line_text *t = ctx;
    size_t room = t->size - 1 - t->len;
    n = n < room ? n : room;
    memcpy(t->out + t->len, s, n);
    t->len += n;
    t->out[t->len] = '\0';
}

/* The command as typed, each word quoted as sh would need it (common/escape.h). */
void cli_command_line(const char *cmd, int argc, char **argv, char *out, size_t size)
{
    if (size == 0)
        return;
    line_text t = {out, size, 0};
    escape_out line = {put_line, &t};
    out[0] = '\0';
    put_line(&t, "hamm ", 5);
    put_line(&t, cmd, strlen(cmd));
    for (int i = 1; i < argc; i++) {
        put_line(&t, " ", 1);
        if (escape_sh_word(line, argv[i]) == 0)
            continue;
        /* no sh word holds a control character on one line; the page shows '?' for each */
        char shown[4096];
        snprintf(shown, sizeof shown, "%s", argv[i]);
        for (char *p = shown; *p; p++)
            *p = escape_is_control((unsigned char)*p) ? '?' : *p;
        escape_sh_word(line, shown);
    }
}
