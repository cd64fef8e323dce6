/* cmd_convert.c - `hamm convert IN -o OUT --to FORMAT`: rewrite a trace in another
 * format (native text or binary, DRAMsim3, Ramulator, ...) and compression. */
#include <getopt.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"


void cmd_convert_help(FILE *out)
{
    fprintf(out,
            "usage: hamm convert [options] IN [-o OUT] [--to FORMAT]\n\n"
            "Read the trace IN (any format hamm reads; - for standard input) and write it\n"
            "as FORMAT to OUT (default: standard output), so it can be replayed in other\n"
            "tools.  OUT ending in .zst or .gz is compressed accordingly.\n\n"
            "options:\n"
            "  -t, --to FORMAT          text, binary (default), dramsim3, ramulator,\n"
            "                           ramulator2 ('hamm formats' lists all)\n"
            "  -o, --output FILE        write to FILE (atomically)\n"
            "  -z, --compress KIND      none, zstd or gzip (default: from OUT's name)\n"
            "  -l, --level N            compression level: zstd 1-22, gzip 1-9 (default:\n"
            "                           the codec's)\n");
    cli_trace_help(out, 0);
    fprintf(out, "  -h, --help               this help\n");
}

typedef struct convert_opts {
    cli_trace_opts in;
    const char *out_path;
    hamm_trace_format to;
    hamm_compression compression;
    int compression_set;
    int level;
} convert_opts;

static int parse_compression(const char *arg, hamm_compression *out)
{
    static const hamm_compression kinds[] = {HAMM_COMPRESSION_NONE, HAMM_COMPRESSION_ZSTD,
                                             HAMM_COMPRESSION_GZIP};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(arg, hamm_compression_name(kinds[i])) == 0) {
            *out = kinds[i];
            return 0;
        }
    return cli_usage("convert", "--compress takes none, zstd or gzip, not '%s'", arg);
}

/* After the options: what goes together, and what the output can take. */
static int finish_args(convert_opts *o)
{
    if (!hamm_trace_format_writable(o->to))
        return cli_usage("convert", "hamm reads '%s' but cannot write it",
                         hamm_trace_format_name(o->to));
    if (!o->compression_set && o->out_path)
        o->compression = hamm_compression_for_name(o->out_path);
    if (o->level && o->compression == HAMM_COMPRESSION_NONE)
        return cli_usage("convert", "--level applies to a compressed output (--compress, or "
                         "OUT ending in .zst or .gz), and this one is not compressed");
    if (o->level > 9 && o->compression == HAMM_COMPRESSION_GZIP)
        return cli_usage("convert", "--level %d: gzip's levels are 1 to 9", o->level);
    int to_terminal = (!o->out_path || strcmp(o->out_path, "-") == 0) && isatty(STDOUT_FILENO);
    if (to_terminal && (o->to == HAMM_FORMAT_BINARY || o->compression != HAMM_COMPRESSION_NONE))
        return cli_usage("convert", "refusing to write binary data to a terminal; use -o FILE");
    return CLI_OK;
}

static int parse_args(int argc, char **argv, convert_opts *o, const char **in_path)
{
    static const struct option longopts[] = {
        {"to", required_argument, NULL, 't'},       {"output", required_argument, NULL, 'o'},
        {"compress", required_argument, NULL, 'z'}, {"level", required_argument, NULL, 'l'},
        {"help", no_argument, NULL, 'h'},           CLI_TRACE_LONGOPTS,
        {NULL, 0, NULL, 0}};
    hamm_error err;
    hamm_error_clear(&err);
    uint64_t v;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "t:o:z:l:hf:kr:T:", longopts, NULL)) != -1) {
        if (c == 'm' || c == 's' || c == 'M')
            return cli_usage("convert", "--model, --model-path and --set do not apply: "
                             "convert rewrites a trace without a system model");
        int shared = cli_trace_option("convert", c, optarg, &o->in);
        if (shared < 0)
            return CLI_USAGE;
        if (shared > 0)
            continue;
        switch (c) {
        case 't':
            if (hamm_trace_format_from_name(optarg, &o->to, &err) != HAMM_OK)
                return cli_report(&err);
            if (o->to == HAMM_FORMAT_AUTO)
                return cli_usage("convert", "--to auto: 'auto' detects the format of a trace "
                                 "read; name the format to write (text, binary, ...)");
            break;
        case 'o':
            o->out_path = optarg;
            break;
        case 'z':
            if (parse_compression(optarg, &o->compression) != 0)
                return CLI_USAGE;
            o->compression_set = 1;
            break;
        case 'l':
            if (cli_parse_u64("convert", "--level", optarg, 1, 22, &v) != 0)
                return CLI_USAGE;
            o->level = (int)v;
            break;
        case 'h':
            cmd_convert_help(stdout);
            return -1;
        default:
            return cli_usage("convert", "unknown option");
        }
    }
    if (optind != argc - 1)
        return cli_usage("convert", "needs exactly one input trace");
    *in_path = argv[optind];
    return finish_args(o);
}

static hamm_status write_batch(void *ctx, const hamm_request *reqs, size_t n, hamm_error *err)
{
    return hamm_trace_write(ctx, reqs, n, err);
}

/* A request the output format cannot hold is the input's: name the file and the line it
 * came from (read again to find it; standard input cannot be, so only its number). */
static int report_unwritable(const char *in_path, const cli_trace_opts *o,
                             const hamm_trace_writer *w, const hamm_error *werr)
{
    uint64_t line = 0, offset = HAMM_NO_OFFSET;
    hamm_error where;
    hamm_error_clear(&where);
    if (strcmp(in_path, "-") != 0 &&
        hamm_trace_locate(in_path, &o->trace, hamm_trace_writer_written(w) + 1, &line, &offset,
                          &where) != HAMM_OK)
        line = 0, offset = HAMM_NO_OFFSET;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_error_at(&err, HAMM_ERR_IO,
                  HAMM_AT(strcmp(in_path, "-") ? in_path : "(stdin)", line, 0, offset), werr->field,
                  "%s", werr->text);
    return cli_report(&err); /* a runtime error: exit 1 */
}

int cmd_convert(int argc, char **argv)
{
    convert_opts o = {.to = HAMM_FORMAT_BINARY};
    cli_trace_init(&o.in);
    const char *in_path = NULL;
    int rc = parse_args(argc, argv, &o, &in_path);
    if (rc != CLI_OK)
        return rc < 0 ? CLI_OK : rc;
    cli_path paths[] = {{in_path, "the input trace", 0}, {o.out_path, "-o", 1}};
    if ((rc = cli_check_paths("convert", paths, 2, NULL)) != CLI_OK)
        return rc;
    hamm_error err;
    hamm_error_clear(&err);
    cli_outfile out;
    hamm_trace_reader *r = NULL;
    hamm_output *sink = NULL;
    hamm_trace_writer *w = NULL;
    if (hamm_trace_reader_open(&r, in_path, &o.in.trace, &err) != HAMM_OK)
        return cli_report(&err);
    if (cli_outfile_open(&out, o.out_path, 1) != CLI_OK) {
        hamm_trace_reader_free(r);
        return CLI_FAIL;
    }
    const char *out_name = o.out_path ? o.out_path : "(stdout)";
    if (hamm_output_to_file(&sink, out.fp, out_name, o.compression, o.level, &err) != HAMM_OK ||
        hamm_trace_writer_new(&w, o.to, sink, &err) != HAMM_OK ||
        cli_stream(r, NULL, write_batch, w, &err) != HAMM_OK || hamm_trace_writer_flush(w, &err) != HAMM_OK ||
        hamm_output_finish(sink, &err) != HAMM_OK) {
        /* HAMM_ERR_ARG from the writer: a request it cannot hold (hamm/trace.h) */
        rc = w && err.status == HAMM_ERR_ARG ? report_unwritable(in_path, &o.in, w, &err)
                                             : cli_report(&err);
        cli_outfile_abort(&out);
    } else {
        cli_report_skipped(r);
        rc = cli_outfile_commit(&out);
    }
    hamm_trace_writer_free(w);
    hamm_output_free(sink);
    hamm_trace_reader_free(r);
    return rc;
}
