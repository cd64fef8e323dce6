/* cmd_simulate.c - `hamm simulate TRACE`: replay a trace on the cycle-accurate reference
 * engine and report what it measured, per channel and in total. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hamm/checker.h"
#include "hamm/engine.h"
#include "hamm/report.h"

void cmd_simulate_help(FILE *out)
{
    fprintf(out,
            "usage: hamm simulate [options] TRACE\n\n"
            "Replay TRACE on the reference engine: every bank, every timing constraint,\n"
            "the memory controllers' queues and schedulers, cycle by cycle.  Reports the\n"
            "measured DRAM efficiency (data-bus busy / active cycles) per channel.\n\n"
            "options:\n"
            "  -R, --replay MODE        saturated (default: a queue slot is refilled as soon\n"
            "                           as it frees), timed (the trace's arrival cycles) or\n"
            "                           rate (see --rate)\n"
            "      --rate R             requests per DRAM cycle over all channels (rate)\n"
            "      --policy NAME        fr-fcfs, fcfs, most-pending or banked-fifo\n"
            "                           (default: the model's scheduler)\n"
            "      --no-refresh         do not refresh (by default the engine refreshes when\n"
            "                           the DRAM model has tREFI and tRFC)\n"
            "  -c, --command-log FILE   write every command issued (docs/COMMAND_LOG.md);\n"
            "                           FILE.zst is compressed; with --workload, the GPU's\n"
            "                           DRAM channels'\n"
            "  -j, --json               JSON (schema hamm-simulate/1, see docs/JSON.md)\n"
            "  -o, --output FILE        write the result to FILE (atomically; .json: JSON)\n"
            "      --workload W         instead of a trace: run W on the GPU engine (a kernel\n"
            "                           description, models/workloads/, or an Accel-Sim\n"
            "                           recording: a directory with kernelslist.g); JSON\n"
            "                           schema hamm-gpu/1 (docs/GPU.md); --replay, --rate and\n"
            "                           the options that read a trace do not apply\n"
            "      --gpu FILE|NAME      the GPU model (default: the system model's \"gpu\");\n"
            "                           --set gpu.KEY=VALUE overrides its keys, e.g.\n"
            "                           gpu.l1.sets=64 (docs/GPU.md, \"Overrides\")\n"
            "      --tap DIR            with --workload: write DIR/channel-N.bin.zst, the\n"
            "                           requests entering each DRAM queue with arrival cycles\n"
            "                           (a name ending .zst/.gz/.bin/.txt: one trace of all)\n");
    cli_trace_help(out, 1);
    fprintf(out, "  -h, --help               this help\n");
}

typedef struct simulate_opts {
    cli_trace_opts in;
    hamm_replay replay;
    double rate;
    hamm_scheduler policy;
    int has_policy, no_refresh;
    const char *log_path;
    int json;
    const char *out_path;
    const char *workload, *tap, *gpu;
    const char *trace_option; /* the first option given that only a trace run uses */
} simulate_opts;

/* --policy has no letter: -p means generate's --pattern. */
enum { OPT_RATE = 256, OPT_NO_REFRESH, OPT_POLICY, OPT_WORKLOAD, OPT_TAP, OPT_GPU };

/* The name of option `c` when only a run of a trace uses it, else NULL: the GPU engine
 * reads a workload itself and sends each request when a warp does. */
static const char *trace_only_option(int c)
{
    switch (c) {
    case 'f': return "--format";
    case 'k': return "--skip-bad";
    case 'r': return "--request-size";
    case 'T': return "--threads";
    case 'R': return "--replay";
    case OPT_RATE: return "--rate";
    default: return NULL;
    }
}

/* After the options: the one TRACE (none with --workload) and what goes together. */
static int finish_args(int argc, char **argv, simulate_opts *o, const char **path)
{
    if (o->workload ? optind != argc : optind != argc - 1)
        return cli_usage("simulate", o->workload ? "--workload takes no TRACE argument"
                                                 : "needs exactly one TRACE argument");
    if ((o->tap || o->gpu) && !o->workload)
        return cli_usage("simulate", "--tap and --gpu go with --workload");
    o->json |= cli_wants_json(o->out_path);
    if (o->workload && o->trace_option)
        return cli_usage("simulate", "%s applies to a trace, not to --workload: the GPU engine "
                         "reads the workload and sends each request when its warp does",
                         o->trace_option);
    if (o->workload)
        return CLI_OK;
    if ((o->replay == HAMM_REPLAY_RATE) != (o->rate > 0.0))
        return cli_usage("simulate", "--rate goes with --replay rate, and it needs one");
    *path = argv[optind];
    return CLI_OK;
}

/* --replay, --rate and --policy: how the requests are served.  1 when `c` was one of
 * them, 0 when not, -1 on a bad value after printing the error. */
static int serving_option(int c, const char *arg, simulate_opts *o)
{
    hamm_error err;
    hamm_error_clear(&err);
    switch (c) {
    case 'R':
        if (hamm_replay_from_name(arg, &o->replay, &err) != HAMM_OK) {
            cli_report(&err);
            return -1;
        }
        return 1;
    case OPT_RATE:
        return cli_parse_double("simulate", "--rate", arg, 1e-9, 1e6, &o->rate) ? -1 : 1;
    case OPT_POLICY:
        if (hamm_scheduler_from_name(arg, &o->policy, &err) != HAMM_OK) {
            cli_usage("simulate", "--policy: %s", err.text);
            return -1;
        }
        o->has_policy = 1;
        return 1;
    default:
        return 0;
    }
}

static int parse_args(int argc, char **argv, simulate_opts *o, const char **path)
{
    static const struct option longopts[] = {
        {"replay", required_argument, NULL, 'R'},  {"rate", required_argument, NULL, OPT_RATE},
        {"policy", required_argument, NULL, OPT_POLICY},  {"no-refresh", no_argument, NULL, OPT_NO_REFRESH},
        {"command-log", required_argument, NULL, 'c'}, {"json", no_argument, NULL, 'j'},
        {"output", required_argument, NULL, 'o'},  {"help", no_argument, NULL, 'h'},
        {"workload", required_argument, NULL, OPT_WORKLOAD},
        {"tap", required_argument, NULL, OPT_TAP}, {"gpu", required_argument, NULL, OPT_GPU},
        CLI_TRACE_LONGOPTS,                        {NULL, 0, NULL, 0}};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "R:c:jo:hf:kr:m:s:T:", longopts, NULL)) != -1) {
        if (!o->trace_option)
            o->trace_option = trace_only_option(c);
        int shared = cli_trace_option("simulate", c, optarg, &o->in);
        if (shared < 0)
            return CLI_USAGE;
        if (shared > 0)
            continue;
        int serving = serving_option(c, optarg, o);
        if (serving < 0)
            return CLI_USAGE;
        if (serving > 0)
            continue;
        switch (c) {
        case OPT_NO_REFRESH:
            o->no_refresh = 1;
            break;
        case 'c':
            o->log_path = optarg;
            break;
        case 'j':
            o->json = 1;
            break;
        case 'o':
            o->out_path = optarg;
            break;
        case OPT_WORKLOAD:
        case OPT_TAP:
        case OPT_GPU:
            *(c == OPT_WORKLOAD ? &o->workload : c == OPT_TAP ? &o->tap : &o->gpu) = optarg;
            break;
        case 'h':
            cmd_simulate_help(stdout);
            return -1;
        default:
            return cli_usage("simulate", "unknown option");
        }
    }
    return finish_args(argc, argv, o, path);
}

/* The engine and the trace it is fed, so its errors can name the file. */
typedef struct feed {
    hamm_engine *engine;
    const char *path;
} feed;

static hamm_status add_batch(void *ctx, const hamm_request *reqs, size_t n, hamm_error *err)
{
    const feed *f = ctx;
    hamm_status st = hamm_engine_add(f->engine, reqs, n, err);
    if (st != HAMM_OK)
        hamm_error_locate(err, HAMM_IN(f->path));
    return st;
}

/* A measure for the table: 0 where it is undefined. */
static double shown(double v)
{
    return v < 0.0 ? 0.0 : v;
}

static void print_table(FILE *out, const cli_result *res)
{
    const hamm_engine *e = res->data;
    const hamm_engine_params *p = hamm_engine_params_of(e);
    cli_print_run(out, res);
    fprintf(out, "replay     %s%s\n", hamm_replay_name(p->replay),
            hamm_engine_refreshes(p) ? ", refresh every tREFI" : ", no refresh");
    hamm_channel_result total;
    hamm_engine_total(e, &total);
    /* elapsed and summed cycles apart: other simulators report the elapsed ones */
    fprintf(out, "cycles     %llu elapsed; channel_cycles %llu, summed over the %u channels "
            "(so is active in the total)\n\n",
            (unsigned long long)total.stat[HAMM_STAT_cycles],
            (unsigned long long)total.stat[HAMM_STAT_channel_cycles], hamm_engine_channels(e));
    fprintf(out, "%-8s %10s %12s %12s %8s %8s %10s %8s %9s %9s\n", "channel", "requests",
            "cycles", "active", "dram_eff", "bw_util", "activates", "req/act", "queue", "latency");
    for (uint32_t c = 0; c <= hamm_engine_channels(e); c++) {
        const hamm_channel_result *x = c < hamm_engine_channels(e) ? hamm_engine_channel(e, c)
                                                                   : &total;
        const uint64_t *s = x->stat;
        char label[16];
        snprintf(label, sizeof label, c < hamm_engine_channels(e) ? "%u" : "total", c);
        fprintf(out, "%-8s %10llu %12llu %12llu %7.1f%% %7.1f%% %10llu %8.2f %9.2f %9.1f\n",
                label, (unsigned long long)s[HAMM_STAT_requests],
                (unsigned long long)s[HAMM_STAT_cycles],
                (unsigned long long)s[HAMM_STAT_active_cycles],
                100.0 * shown(hamm_result_efficiency(x)), 100.0 * shown(hamm_result_utilization(x)),
                (unsigned long long)s[HAMM_STAT_activates], shown(hamm_result_row_locality(x)),
                shown(hamm_result_queue_occupancy(x)), shown(hamm_result_latency(x)));
    }
}

static char *simulate_json(const hamm_report_input *in, const void *data)
{
    return hamm_report_simulate_json(in, data);
}

int cmd_simulate(int argc, char **argv)
{
    simulate_opts o = {0};
    cli_trace_init(&o.in);
    const char *path = NULL;
    int rc = parse_args(argc, argv, &o, &path);
    if (rc != CLI_OK)
        return rc < 0 ? CLI_OK : rc;
    if (o.workload) {
        cli_gpu_opts g = {.in = &o.in, .workload = o.workload, .tap = o.tap, .gpu = o.gpu,
                          .json = o.json, .no_refresh = o.no_refresh, .out_path = o.out_path,
                          .log_path = o.log_path, .policy = o.has_policy ? &o.policy : NULL};
        return cli_gpu_simulate(&g);
    }
    hamm_engine_params ep = {.replay = o.replay, .rate = o.rate, .refresh = !o.no_refresh};
    if ((rc = cli_load_model(&o.in, &ep.cfg)) != CLI_OK)
        return rc;
    cli_path paths[] = {
        {path, "the input trace", 0}, {o.out_path, "-o", 1}, {o.log_path, "--command-log", 1}};
    if ((rc = cli_check_with_model("simulate", paths, 3, &ep.cfg)) != CLI_OK)
        return rc;
    hamm_error err;
    hamm_error_clear(&err);
    if (o.has_policy)
        ep.cfg.scheduler = o.policy;
    cli_command_log sink = {0};
    if (o.log_path && (rc = cli_command_log_open(&sink, o.log_path, &ep)) != CLI_OK)
        return rc;
    hamm_addrmap *map = NULL;
    hamm_engine *e = NULL;
    hamm_trace_reader *r = NULL;
    hamm_capacity cap;
    cli_capacity_init(&cap, &ep.cfg);
    int ok = hamm_config_addrmap(&ep.cfg, &map, &err) == HAMM_OK &&
             hamm_engine_new(&e, &ep, map, o.log_path ? cli_command_log_write : NULL, &sink,
                             &err) == HAMM_OK &&
             hamm_trace_reader_open(&r, path, &o.in.trace, &err) == HAMM_OK &&
             cli_stream(r, &cap, add_batch, &(feed){e, path}, &err) == HAMM_OK;
    if (ok)
        hamm_engine_finish(e);
    rc = ok ? CLI_OK : cli_report(&err);
    if (o.log_path) {
        int log_rc = cli_command_log_close(&sink, ok);
        rc = rc != CLI_OK ? rc : log_rc;
    }
    if (rc == CLI_OK) {
        cli_report_skipped(r);
        cli_report_capacity(&cap);
        cli_result res = {path, r, &ep.cfg, e, &o.in, &cap};
        rc = cli_write_result(o.out_path, o.json, &res, print_table, simulate_json);
    }
    hamm_trace_reader_free(r);
    hamm_engine_free(e);
    hamm_addrmap_free(map);
    return rc;
}
