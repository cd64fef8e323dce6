/* cmd_stats.c - `hamm stats TRACE`: request mix, footprint, spread over channels and
 * banks, locality per channel. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hamm/report.h"
#include "hamm/stats.h"
#include "stats_conflicts.h"


void cmd_stats_help(FILE *out)
{
    fprintf(out,
            "usage: hamm stats [options] TRACE\n\n"
            "Read TRACE (a file, or - for standard input; plain, zstd, gzip or xz) and\n"
            "report: requests, read/write mix, bytes, channels and banks touched, distinct\n"
            "rows, per-channel request counts and the row access locality in trace order\n"
            "(requests per activate of an open-page controller serving in trace order),\n"
            "and how the requests spread under the model's address map: each channel's\n"
            "share of them, the largest and smallest, and within each channel the largest\n"
            "and smallest share of one bank (an unused channel or bank counts, at 0%%).\n"
            "With --conflicts: the bank conflicts of the trace's parallel accesses on a\n"
            "banked on-chip memory instead (docs/BANKED.md).\n\n"
            "options:\n"
            "  -j, --json               JSON (schema hamm-stats/1, see docs/JSON.md)\n"
            "  -o, --output FILE        write the result to FILE (atomically)\n");
    cli_conflicts_help(out);
    cli_trace_help(out, 1);
    fprintf(out, "  -h, --help               this help\n");
}

/* An undefined measure (negative: no activates) is shown as 0 in the table; the JSON
 * says null. */
static double shown(double v)
{
    return v < 0.0 ? 0.0 : v;
}

/* 100 * part / whole; 0 when whole is 0 (the table shows undefined shares as 0). */
static double pct(uint64_t part, uint64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

/* One row per channel: its counts, locality, share, and its banks' largest and smallest
 * shares of its requests. */
static void print_channels(FILE *out, const hamm_trace_stats *s)
{
    fprintf(out, "\n%7s %12s %12s %12s %12s %9s %7s %9s %9s\n", "channel", "requests", "reads",
            "writes", "activates", "locality", "share", "bank max", "bank min");
    for (uint32_t i = 0; i < s->channels; i++) {
        const hamm_channel_stats *c = &s->per_channel[i];
        fprintf(out, "%7u %12llu %12llu %12llu %12llu %9.3f %6.1f%% %8.1f%% %8.1f%%\n", i,
                (unsigned long long)c->requests, (unsigned long long)c->reads,
                (unsigned long long)c->writes, (unsigned long long)c->activates,
                shown(hamm_row_locality(c->requests, c->activates)),
                pct(c->requests, s->requests), pct(c->banks.largest, c->requests),
                pct(c->banks.smallest, c->requests));
    }
}

static void print_table(FILE *out, const cli_result *res)
{
    const char *path = res->trace_path;
    const hamm_trace_reader *r = res->reader;
    const hamm_system_config *cfg = res->model;
    const hamm_trace_stats *s = res->data;
    double rd = s->requests ? 100.0 * (double)s->reads / (double)s->requests : 0.0;
    fprintf(out, "trace          %s (%s, %s)\n", path,
            hamm_trace_format_name(hamm_trace_reader_format(r)),
            hamm_compression_name(hamm_input_compression(hamm_trace_reader_input(r))));
    fprintf(out, "model          %s (%s)\n", cfg->name, cfg->source);
    fprintf(out, "requests       %llu (reads %.1f%%, writes %.1f%%)\n",
            (unsigned long long)s->requests, rd, s->requests ? 100.0 - rd : 0.0);
    fprintf(out, "bytes          %llu\n", (unsigned long long)s->bytes);
    fprintf(out, "channels       %llu of %u touched\n", (unsigned long long)s->channels_touched,
            cfg->channels);
    fprintf(out, "banks          %llu of %llu touched\n", (unsigned long long)s->banks_touched,
            (unsigned long long)cfg->channels * cfg->dram.banks * cfg->dram.ranks);
    fprintf(out, "distinct rows  %llu\n", (unsigned long long)s->distinct_rows);
    fprintf(out, "row locality   %.3f requests per activate (trace order)\n",
            shown(hamm_row_locality(s->requests, s->activates)));
    fprintf(out, "channel share  largest %.1f%% (channel %u), smallest %.1f%% (channel %u)\n",
            pct(s->spread.largest, s->requests), (unsigned)s->spread.largest_at,
            pct(s->spread.smallest, s->requests), (unsigned)s->spread.smallest_at);
    if (s->timed)
        fprintf(out, "arrival cycles %llu .. %llu (%llu timed requests)\n",
                (unsigned long long)s->first_cycle, (unsigned long long)s->last_cycle,
                (unsigned long long)s->timed);
    print_channels(out, s);
}

static hamm_status add_batch(void *ctx, const hamm_request *reqs, size_t n, hamm_error *err)
{
    (void)err;
    hamm_stats_add(ctx, reqs, n);
    return HAMM_OK;
}

static char *stats_json(const hamm_report_input *in, const void *data)
{
    return hamm_report_stats_json(in, data);
}

/* Read the trace, then write its statistics. */
static int run(const char *path, const char *out_path, int json, const cli_trace_opts *o,
               const hamm_system_config *cfg)
{
    int rc = CLI_OK;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_addrmap *map = NULL;
    hamm_stats *st = NULL;
    hamm_trace_reader *r = NULL;
    hamm_capacity cap;
    cli_capacity_init(&cap, cfg);
    if (hamm_config_addrmap(cfg, &map, &err) != HAMM_OK ||
        hamm_stats_new(&st, map, &err) != HAMM_OK ||
        hamm_trace_reader_open(&r, path, &o->trace, &err) != HAMM_OK ||
        cli_stream(r, &cap, add_batch, st, &err) != HAMM_OK) {
        rc = cli_report(&err);
    } else {
        cli_report_skipped(r);
        cli_report_capacity(&cap);
        cli_result res = {path, r, cfg, hamm_stats_result(st), o, &cap};
        rc = cli_write_result(out_path, json, &res, print_table, stats_json);
    }
    hamm_trace_reader_free(r);
    hamm_stats_free(st);
    hamm_addrmap_free(map);
    return rc;
}

int cmd_stats(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"json", no_argument, NULL, 'j'}, {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'}, CLI_TRACE_LONGOPTS, CLI_CONFLICTS_LONGOPTS,
        {NULL, 0, NULL, 0}};
    cli_trace_opts o;
    cli_trace_init(&o);
    cli_conflicts_opts co;
    cli_conflicts_init(&co);
    const char *out_path = NULL;
    int json = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "jo:hf:kr:m:s:T:", longopts, NULL)) != -1) {
        int shared = cli_trace_option("stats", c, optarg, &o);
        if (shared < 0)
            return CLI_USAGE;
        if (shared > 0)
            continue;
        int banked = cli_conflicts_option(c, optarg, &co);
        if (banked < 0)
            return CLI_USAGE;
        if (banked > 0)
            continue;
        switch (c) {
        case 'j':
            json = 1;
            break;
        case 'o':
            out_path = optarg;
            break;
        case 'h':
            cmd_stats_help(stdout);
            return CLI_OK;
        default:
            return cli_usage("stats", "unknown option");
        }
    }
    if (optind != argc - 1)
        return cli_usage("stats", "needs exactly one TRACE argument");
    const char *path = argv[optind];
    if (co.given && co.nschemes == 0)
        return cli_usage("stats", "--modules, --group, --word-size and --strides go with "
                                  "--conflicts SCHEME");
    hamm_system_config cfg;
    cli_path paths[] = {{path, "the input trace", 0}, {out_path, "-o", 1}};
    int rc = cli_load_model(&o, &cfg);
    if (rc == CLI_OK)
        rc = cli_check_with_model("stats", paths, 2, &cfg);
    json |= cli_wants_json(out_path);
    if (rc == CLI_OK && co.nschemes)
        return cli_stats_conflicts(path, out_path, json, &o, &cfg, &co);
    return rc != CLI_OK ? rc : run(path, out_path, json, &o, &cfg);
}
