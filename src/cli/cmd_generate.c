/* cmd_generate.c - `hamm generate`: write a synthetic trace (streams, random blocks,
 * strides, hot rows, bank conflicts, mixes), deterministic from a seed, in any format
 * `hamm convert` writes.  The patterns are defined in docs/GENERATE.md. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "hamm/generate.h"

#define CMD "generate"
#define BATCH 1024

void cmd_generate_help(FILE *out)
{
    fprintf(out,
            "usage: hamm generate [options] [-o OUT]\n\n"
            "Write a synthetic trace, the same for the same options and seed on every\n"
            "platform; a larger --requests only appends.  OUT ending in .zst or .gz is\n"
            "compressed.  docs/GENERATE.md defines each pattern.\n\n"
            "options:\n"
            "  -p, --pattern NAME       stream (default), random, stride, hot-rows,\n"
            "                           bank-conflict, or mix (with --mix)\n"
            "  -x, --mix LIST           weighted patterns PATTERN:WEIGHT,..., e.g.\n"
            "                           stream:0.6,random:0.3,hot-rows:0.1\n"
            "  -n, --requests N         requests in all (default 1000)\n"
            "  -S, --seed S             random seed (default 1)\n"
            "  -w, --write-fraction F   probability of a write, 0 to 1 (default 0)\n"
            "  -r, --request-size B     bytes per request (default 64)\n"
            "  -b, --base ADDR          first byte of the region, decimal (default 0)\n"
            "  -F, --footprint BYTES    bytes of the region (default 268435456 = 256 MiB)\n"
            "      --streams K          stream: K interleaved streams (default 1)\n"
            "      --stride BYTES       stride: bytes between requests (default 4096)\n"
            "      --hot-rows K         hot-rows: rows touched (default 4)\n"
            "      --conflict-rows R    bank-conflict: rows of one bank, in turn (default 2)\n"
            "      --rate R             give request i the arrival cycle floor(i / R)\n"
            "                           (R requests per cycle); default: no arrival cycles\n"
            "  -t, --to FORMAT          text, binary (default), dramsim3, dramsim2,\n"
            "                           ramulator, ramulator2\n"
            "  -o, --output FILE        write to FILE (atomically; default standard output)\n"
            "  -m, --model NAME|FILE    model whose address map places hot rows and bank\n"
            "                           conflicts (default: yuan09-baseline)\n"
            "  -s, --set KEY=VALUE      override a model field (repeatable)\n"
            "  -h, --help               this help\n");
}

typedef struct generate_opts {
    cli_trace_opts model;
    hamm_gen_options gen;
    int pattern_mix; /* --pattern mix */
    int mix_given;   /* --mix */
    int pattern_given;
    hamm_trace_format to;
    const char *out_path;
} generate_opts;

enum { OPT_STREAMS = 256, OPT_STRIDE, OPT_HOT_ROWS, OPT_CONFLICT_ROWS, OPT_RATE };

/* "name:weight,name:weight,..." into o->gen.mix. */
static int parse_mix(const char *arg, generate_opts *o)
{
    char buf[512];
    if (strlen(arg) >= sizeof buf)
        return cli_usage(CMD, "--mix is too long");
    strcpy(buf, arg);
    size_t n = 0;
    char *save = NULL;
    for (char *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char *colon = strchr(item, ':');
        if (n == HAMM_GEN_MAX_MIX)
            return cli_usage(CMD, "--mix takes at most %d patterns", HAMM_GEN_MAX_MIX);
        if (!colon)
            return cli_usage(CMD, "--mix needs PATTERN:WEIGHT items, not '%s'", item);
        *colon = '\0';
        hamm_error err;
        hamm_error_clear(&err);
        if (hamm_gen_pattern_from_name(item, &o->gen.mix[n].pattern, &err) != HAMM_OK)
            return cli_report(&err);
        if (cli_parse_double(CMD, "--mix weight", colon + 1, 0.0, 1e9, &o->gen.mix[n].weight))
            return CLI_USAGE;
        if (!(o->gen.mix[n].weight > 0.0))
            return cli_usage(CMD, "--mix weight of %s must be above 0", item);
        n++;
    }
    if (n == 0)
        return cli_usage(CMD, "--mix needs at least one PATTERN:WEIGHT");
    o->gen.ncomponents = n;
    o->mix_given = 1;
    return CLI_OK;
}

static int parse_pattern(const char *arg, generate_opts *o)
{
    o->pattern_given = 1;
    if (strcmp(arg, "mix") == 0) {
        o->pattern_mix = 1;
        return CLI_OK;
    }
    hamm_error err;
    hamm_error_clear(&err);
    if (hamm_gen_pattern_from_name(arg, &o->gen.mix[0].pattern, &err) != HAMM_OK)
        return cli_usage(CMD, "unknown pattern '%s' (stream, random, stride, hot-rows, "
                              "bank-conflict or mix)", arg);
    o->gen.mix[0].weight = 1.0;
    o->gen.ncomponents = 1;
    return CLI_OK;
}

/* The options with a number; returns CLI_OK, CLI_USAGE, or -2 when `c` is not one. */
static int set_number(int c, const char *arg, hamm_gen_options *g)
{
    uint64_t v = 0;
    int bad = 0;
    const uint64_t big = UINT64_C(1) << 62;
    switch (c) {
    case 'n': /* 2^53: request indices stay exact in the double of --rate's arithmetic */
        bad = cli_parse_u64(CMD, "--requests", arg, 1, UINT64_C(1) << 53, &g->requests);
        break;
    case 'S':
        bad = cli_parse_u64(CMD, "--seed", arg, 0, UINT64_MAX, &g->seed);
        break;
    case 'w':
        bad = cli_parse_double(CMD, "--write-fraction", arg, 0.0, 1.0, &g->write_fraction);
        break;
    case 'b':
        bad = cli_parse_u64(CMD, "--base", arg, 0, big, &g->base);
        break;
    case 'F':
        bad = cli_parse_u64(CMD, "--footprint", arg, 1, big, &g->footprint);
        break;
    case OPT_STRIDE:
        bad = cli_parse_u64(CMD, "--stride", arg, 1, big, &g->stride);
        break;
    case OPT_RATE:
        bad = cli_parse_double(CMD, "--rate", arg, 1e-9, 1e6, &g->rate);
        break;
    case 'r':
        bad = cli_parse_u64(CMD, "--request-size", arg, 1, HAMM_MAX_REQUEST_SIZE, &v);
        g->request_size = (uint32_t)v;
        break;
    case OPT_STREAMS:
        bad = cli_parse_u64(CMD, "--streams", arg, 1, 1u << 20, &v);
        g->streams = (uint32_t)v;
        break;
    case OPT_HOT_ROWS:
        bad = cli_parse_u64(CMD, "--hot-rows", arg, 1, 1u << 20, &v);
        g->hot_rows = (uint32_t)v;
        break;
    case OPT_CONFLICT_ROWS:
        bad = cli_parse_u64(CMD, "--conflict-rows", arg, 2, 1u << 20, &v);
        g->conflict_rows = (uint32_t)v;
        break;
    default:
        return -2;
    }
    return bad ? CLI_USAGE : CLI_OK;
}

static int set_option(int c, const char *arg, generate_opts *o)
{
    int rc = set_number(c, arg, &o->gen);
    if (rc != -2)
        return rc;
    hamm_error err;
    hamm_error_clear(&err);
    switch (c) {
    case 'p':
        return parse_pattern(arg, o);
    case 'x':
        return parse_mix(arg, o);
    case 't':
        if (hamm_trace_format_from_name(arg, &o->to, &err) != HAMM_OK)
            return cli_report(&err);
        return CLI_OK;
    case 'o':
        o->out_path = arg;
        return CLI_OK;
    case 'm': /* fallthrough: the shared model options */
    case 's':
        return cli_trace_option(CMD, c, arg, &o->model) < 0 ? CLI_USAGE : CLI_OK;
    case 'h':
        cmd_generate_help(stdout);
        return -1;
    default:
        return cli_usage(CMD, "unknown option");
    }
}

/* What no single option can check: --pattern against --mix, the format, the terminal. */
static int check_args(generate_opts *o)
{
    if (o->mix_given && o->pattern_given && !o->pattern_mix)
        return cli_usage(CMD, "--mix goes with --pattern mix (or no --pattern), not --pattern %s",
                         hamm_gen_pattern_name(o->gen.mix[0].pattern));
    if (o->pattern_mix && !o->mix_given)
        return cli_usage(CMD, "--pattern mix needs --mix PATTERN:WEIGHT,...");
    if (o->to == HAMM_FORMAT_AUTO)
        o->to = HAMM_FORMAT_BINARY;
    if (!hamm_trace_format_writable(o->to))
        return cli_usage(CMD, "hamm reads '%s' but cannot write it", hamm_trace_format_name(o->to));
    int to_terminal = (!o->out_path || strcmp(o->out_path, "-") == 0) && isatty(STDOUT_FILENO);
    int compressed = o->out_path && hamm_compression_for_name(o->out_path) != HAMM_COMPRESSION_NONE;
    if (to_terminal && (o->to == HAMM_FORMAT_BINARY || compressed))
        return cli_usage(CMD, "refusing to write binary data to a terminal; use -o FILE");
    return CLI_OK;
}

static int parse_args(int argc, char **argv, generate_opts *o)
{
    static const struct option longopts[] = {
        {"pattern", required_argument, NULL, 'p'},      {"mix", required_argument, NULL, 'x'},
        {"requests", required_argument, NULL, 'n'},     {"seed", required_argument, NULL, 'S'},
        {"write-fraction", required_argument, NULL, 'w'},
        {"request-size", required_argument, NULL, 'r'}, {"base", required_argument, NULL, 'b'},
        {"footprint", required_argument, NULL, 'F'},
        {"streams", required_argument, NULL, OPT_STREAMS},
        {"stride", required_argument, NULL, OPT_STRIDE},
        {"hot-rows", required_argument, NULL, OPT_HOT_ROWS},
        {"conflict-rows", required_argument, NULL, OPT_CONFLICT_ROWS},
        {"rate", required_argument, NULL, OPT_RATE},    {"to", required_argument, NULL, 't'},
        {"output", required_argument, NULL, 'o'},       {"model", required_argument, NULL, 'm'},
        {"set", required_argument, NULL, 's'},          {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "p:x:n:S:w:r:b:F:t:o:m:s:h", longopts, NULL)) != -1) {
        int rc = set_option(c, optarg, o);
        if (rc != CLI_OK)
            return rc;
    }
    if (optind != argc)
        return cli_usage(CMD, "takes no arguments besides options (unexpected '%s')",
                         argv[optind]);
    return check_args(o);
}

/* Generate every request through the writer; the first error is returned. */
static hamm_status write_all(hamm_gen *g, hamm_trace_writer *w, hamm_error *err)
{
    hamm_request batch[BATCH];
    size_t n;
    while ((n = hamm_gen_fill(g, batch, BATCH)) > 0) {
        hamm_status st = hamm_trace_write(w, batch, n, err);
        if (st != HAMM_OK)
            return st;
    }
    return hamm_trace_writer_flush(w, err);
}

static int run(const generate_opts *o, const hamm_addrmap *map)
{
    hamm_error err;
    hamm_error_clear(&err);
    hamm_gen *g = NULL;
    if (hamm_gen_new(&g, &o->gen, map, &err) != HAMM_OK)
        return cli_report(&err);
    cli_outfile out;
    if (cli_outfile_open(&out, o->out_path, 1) != CLI_OK) {
        hamm_gen_free(g);
        return CLI_FAIL;
    }
    const char *name = o->out_path ? o->out_path : "(stdout)";
    hamm_compression comp = o->out_path ? hamm_compression_for_name(o->out_path)
                                        : HAMM_COMPRESSION_NONE;
    hamm_output *sink = NULL;
    hamm_trace_writer *w = NULL;
    int rc;
    if (hamm_output_to_file(&sink, out.fp, name, comp, 0, &err) != HAMM_OK ||
        hamm_trace_writer_new(&w, o->to, sink, &err) != HAMM_OK ||
        write_all(g, w, &err) != HAMM_OK || hamm_output_finish(sink, &err) != HAMM_OK) {
        rc = cli_report(&err);
        cli_outfile_abort(&out);
    } else {
        rc = cli_outfile_commit(&out);
    }
    hamm_trace_writer_free(w);
    hamm_output_free(sink);
    hamm_gen_free(g);
    return rc;
}

int cmd_generate(int argc, char **argv)
{
    generate_opts o;
    memset(&o, 0, sizeof o);
    cli_trace_init(&o.model);
    hamm_gen_options_init(&o.gen);
    int rc = parse_args(argc, argv, &o);
    if (rc != CLI_OK)
        return rc < 0 ? CLI_OK : rc;
    hamm_system_config cfg;
    if ((rc = cli_load_model(&o.model, &cfg)) != CLI_OK ||
        (rc = cli_check_with_model(CMD, &(cli_path){o.out_path, "-o", 1}, 1, &cfg)) != CLI_OK)
        return rc;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_addrmap *map = NULL;
    if (hamm_config_addrmap(&cfg, &map, &err) != HAMM_OK)
        return cli_report(&err);
    rc = run(&o, map);
    hamm_addrmap_free(map);
    return rc;
}
