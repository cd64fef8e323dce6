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
            "                           FILE.zst is compressed\n"
            "  -j, --json               JSON (schema hamm-simulate/1, see docs/JSON.md)\n"
            "  -o, --output FILE        write the result to FILE (atomically; .json: JSON)\n"
            "      --workload W         instead of a trace: run W on the GPU engine (a kernel\n"
            "                           description, models/workloads/, or an Accel-Sim\n"
            "                           recording: a directory with kernelslist.g); JSON\n"
            "                           schema hamm-gpu/1 (docs/GPU.md)\n"
            "      --gpu FILE|NAME      the GPU model (default: the system model's \"gpu\")\n"
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
    const char *policy;
    int no_refresh;
    const char *log_path;
    int json;
    const char *out_path;
    const char *workload, *tap, *gpu;
} simulate_opts;

/* --policy has no letter: -p means generate's --pattern. */
enum { OPT_RATE = 256, OPT_NO_REFRESH, OPT_POLICY, OPT_WORKLOAD, OPT_TAP, OPT_GPU };

/* After the options: the one TRACE (none with --workload) and what goes together. */
static int finish_args(int argc, char **argv, simulate_opts *o, const char **path)
{
    if (o->workload ? optind != argc : optind != argc - 1)
        return cli_usage("simulate", o->workload ? "--workload takes no TRACE argument"
                                                 : "needs exactly one TRACE argument");
    if ((o->tap || o->gpu) && !o->workload)
        return cli_usage("simulate", "--tap and --gpu go with --workload");
    o->json |= cli_wants_json(o->out_path);
    if (o->workload)
        return CLI_OK;
    if ((o->replay == HAMM_REPLAY_RATE) != (o->rate > 0.0))
        return cli_usage("simulate", "--rate goes with --replay rate, and it needs one");
    *path = argv[optind];
    return CLI_OK;
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
    hamm_error err;
    hamm_error_clear(&err);
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "R:c:jo:hf:kr:m:s:T:", longopts, NULL)) != -1) {
        int shared = cli_trace_option("simulate", c, optarg, &o->in);
        if (shared < 0)
            return CLI_USAGE;
        if (shared > 0)
            continue;
        switch (c) {
        case 'R':
            if (hamm_replay_from_name(optarg, &o->replay, &err) != HAMM_OK)
                return cli_report(&err);
            break;
        case OPT_RATE:
            if (cli_parse_double("simulate", "--rate", optarg, 1e-9, 1e6, &o->rate))
                return CLI_USAGE;
            break;
        case OPT_POLICY:
            o->policy = optarg;
            break;
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

/* The command log: the engine's callback cannot fail, so the first error waits here. */
typedef struct log_sink {
    cli_outfile file;
    hamm_output *out;
    hamm_command_log *log;
    hamm_error err;
} log_sink;

static void log_command(void *user, const hamm_command *cmd)
{
    log_sink *s = user;
    if (s->err.status == HAMM_OK)
        hamm_command_log_write(s->log, cmd, 1, &s->err);
}

static int log_open(log_sink *s, const char *path, const hamm_engine_params *ep)
{
    hamm_error_clear(&s->err);
    if (cli_outfile_open(&s->file, path, 1) != CLI_OK)
        return CLI_FAIL;
    hamm_command_device dev;
    hamm_engine_command_device(ep, &dev);
    if (hamm_output_to_file(&s->out, s->file.fp, path, hamm_compression_for_name(path), 0,
                            &s->err) != HAMM_OK ||
        hamm_command_log_new(&s->log, s->out, &dev, &s->err) != HAMM_OK) {
        cli_outfile_abort(&s->file);
        return cli_report(&s->err);
    }
    return CLI_OK;
}

/* Finish the log (committing the file) or, after a failure, remove it. */
static int log_close(log_sink *s, int ok)
{
    int rc = CLI_OK;
    if (ok && s->err.status == HAMM_OK &&
        (hamm_command_log_flush(s->log, &s->err) != HAMM_OK ||
         hamm_output_finish(s->out, &s->err) != HAMM_OK))
        rc = cli_report(&s->err);
    else if (ok && s->err.status != HAMM_OK)
        rc = cli_report(&s->err);
    hamm_command_log_free(s->log);
    hamm_output_free(s->out);
    if (ok && rc == CLI_OK)
        return cli_outfile_commit(&s->file);
    cli_outfile_abort(&s->file);
    return ok ? rc : CLI_FAIL;
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
        cli_gpu_opts g = {&o.in, o.workload, o.tap, o.gpu, o.json, o.no_refresh, o.out_path};
        return cli_gpu_simulate(&g);
    }
    cli_path paths[] = {
        {path, "the input trace", 0}, {o.out_path, "-o", 1}, {o.log_path, "--command-log", 1}};
    if ((rc = cli_check_paths("simulate", paths, 3)) != CLI_OK)
        return rc;
    hamm_engine_params ep = {.replay = o.replay, .rate = o.rate, .refresh = !o.no_refresh};
    if ((rc = cli_load_model(&o.in, &ep.cfg)) != CLI_OK)
        return rc;
    hamm_error err;
    hamm_error_clear(&err);
    if (o.policy && hamm_scheduler_from_name(o.policy, &ep.cfg.scheduler, &err) != HAMM_OK)
        return cli_usage("simulate", "--policy: %s", err.text);
    log_sink sink = {0};
    if (o.log_path && (rc = log_open(&sink, o.log_path, &ep)) != CLI_OK)
        return rc;
    hamm_addrmap *map = NULL;
    hamm_engine *e = NULL;
    hamm_trace_reader *r = NULL;
    hamm_capacity cap;
    cli_capacity_init(&cap, &ep.cfg);
    int ok = hamm_config_addrmap(&ep.cfg, &map, &err) == HAMM_OK &&
             hamm_engine_new(&e, &ep, map, o.log_path ? log_command : NULL, &sink, &err) ==
                 HAMM_OK &&
             hamm_trace_reader_open(&r, path, &o.in.trace, &err) == HAMM_OK &&
             cli_stream(r, &cap, add_batch, &(feed){e, path}, &err) == HAMM_OK;
    if (ok)
        hamm_engine_finish(e);
    rc = ok ? CLI_OK : cli_report(&err);
    if (o.log_path) {
        int log_rc = log_close(&sink, ok);
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
