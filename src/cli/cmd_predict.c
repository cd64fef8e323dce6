/* cmd_predict.c - `hamm predict TRACE`: the hybrid analytical DRAM model's predicted
 * efficiency per channel and over the trace. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hamm/dram_model.h"
#include "hamm/report.h"


void cmd_predict_help(FILE *out)
{
    fprintf(out,
            "usage: hamm predict [options] TRACE\n\n"
            "Predict the DRAM efficiency (data-bus busy cycles / active cycles) of each\n"
            "memory channel for TRACE with the hybrid analytical model (Yuan & Aamodt 2009):\n"
            "a sliding window of the controller's queue size profiles what an FR-FCFS\n"
            "(or Most-Pending, or FCFS) scheduler can serve between row switches.\n\n"
            "options:\n"
            "  -H, --heuristic LIST     no-overlap, full-overlap, average, locality-switch,\n"
            "                           command-timed, or all, comma-separated (default:\n"
            "                           the model's predict.heuristics, normally all)\n"
            "  -R, --replay MODE        command-timed: saturated (default: the queue stays\n"
            "                           full, as hamm simulate's default) or timed (requests\n"
            "                           enter the queue at the trace's arrival cycles)\n"
            "      --policy NAME        fr-fcfs, most-pending or fcfs (default: the model's)\n"
            "      --threshold X        locality-switch: use full-overlap below X requests\n"
            "                           per activate (default: the model's, normally 2.0)\n"
            "  -j, --json               JSON (schema hamm-predict/1, see docs/JSON.md)\n"
            "  -o, --output FILE        write the result to FILE (atomically; .json: JSON)\n");
    cli_trace_help(out, 1);
    fprintf(out, "  -h, --help               this help\n");
}

typedef struct predict_opts {
    cli_trace_opts in;
    const char *heuristic_list; /* --heuristic, else the model's predict.heuristics */
    const char *policy;
    double threshold;
    int json;
    const char *out_path;
    unsigned threads; /* 2: read and decode here, profile on a worker thread */
    int timed;        /* --replay timed: honour the trace's arrival cycles */
} predict_opts;

/* Long options without a letter: -p and -t mean --pattern and --to elsewhere. */
enum { OPT_POLICY = 256, OPT_THRESHOLD };

static int parse_args(int argc, char **argv, predict_opts *o, const char **path)
{
    static const struct option longopts[] = {
        {"heuristic", required_argument, NULL, 'H'}, {"policy", required_argument, NULL, OPT_POLICY},
        {"threshold", required_argument, NULL, OPT_THRESHOLD}, {"json", no_argument, NULL, 'j'},
        {"output", required_argument, NULL, 'o'},    {"help", no_argument, NULL, 'h'},
        {"replay", required_argument, NULL, 'R'},    CLI_TRACE_LONGOPTS,
        {NULL, 0, NULL, 0}};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "H:jo:hR:f:kr:m:s:T:", longopts, NULL)) != -1) {
        int shared = cli_trace_option("predict", c, optarg, &o->in);
        if (shared < 0)
            return CLI_USAGE;
        if (shared > 0)
            continue;
        switch (c) {
        case 'H':
            o->heuristic_list = optarg;
            break;
        case OPT_POLICY:
            o->policy = optarg;
            break;
        case OPT_THRESHOLD:
            if (cli_parse_double("predict", "--threshold", optarg, 0.0, 1e9, &o->threshold))
                return CLI_USAGE;
            break;
        case 'j':
            o->json = 1;
            break;
        case 'R':
            if (strcmp(optarg, "timed") != 0 && strcmp(optarg, "saturated") != 0)
                return cli_usage("predict", "--replay: expected saturated or timed");
            o->timed = strcmp(optarg, "timed") == 0;
            break;
        case 'o':
            o->out_path = optarg;
            break;
        case 'h':
            cmd_predict_help(stdout);
            return -1;
        default:
            return cli_usage("predict", "unknown option");
        }
    }
    if (optind != argc - 1)
        return cli_usage("predict", "needs exactly one TRACE argument");
    *path = argv[optind];
    o->json |= cli_wants_json(o->out_path);
    /* With two threads, the model's worker profiles while this thread reads and decodes;
     * a read-ahead thread as well would put three busy threads on two cores. */
    o->threads = o->in.trace.prefetch ? 2 : 1;
    o->in.trace.prefetch = 0;
    return CLI_OK;
}

static hamm_status add_batch(void *ctx, const hamm_request *reqs, size_t n, hamm_error *err)
{
    (void)err;
    hamm_dram_model_add(ctx, reqs, n);
    return HAMM_OK;
}

static void print_pct(FILE *out, double v)
{
    if (v < 0.0)
        fprintf(out, " %15s", "-");
    else
        fprintf(out, " %14.1f%%", 100.0 * v);
}

static void print_row(FILE *out, const hamm_dram_model *m, const char *label, uint32_t channel,
                      hamm_model_measure value)
{
    fprintf(out, "%-9s", label);
    for (int h = 0; h < HAMM_HEUR_COUNT; h++)
        if (hamm_dram_model_heuristics(m) & (1u << h))
            print_pct(out, value(m, channel, (hamm_heuristic)h));
    fputc('\n', out);
}

static void print_table(FILE *out, const cli_result *res)
{
    const hamm_dram_model *m = res->data;
    const hamm_system_config *cfg = res->model;
    const hamm_model_params *p = hamm_dram_model_params(m);
    cli_print_run(out, res);
    fprintf(out, "T_svc_req  %g cycles per %u-byte request\n",
            hamm_model_service_cycles(p, cfg->request_size), cfg->request_size);
    double loc = hamm_dram_model_locality(m);
    if (loc >= 0.0)
        fprintf(out, "locality   %.3f requests per activate (no-overlap profiler, mean over "
                     "channels)\n", loc);
    fprintf(out, "\npredicted DRAM efficiency\n%-9s", "channel");
    for (int h = 0; h < HAMM_HEUR_COUNT; h++)
        if (hamm_dram_model_heuristics(m) & (1u << h))
            fprintf(out, " %15s", hamm_heuristic_name((hamm_heuristic)h));
    fputc('\n', out);
    for (uint32_t c = 0; c < p->channels; c++) {
        char label[16];
        snprintf(label, sizeof label, "%u", c);
        print_row(out, m, label, c, hamm_dram_model_efficiency);
    }
    print_row(out, m, "weighted", 0, hamm_dram_model_weighted_measure);
    print_row(out, m, "mean", 0, hamm_dram_model_mean_measure);
}

static char *predict_json(const hamm_report_input *in, const void *data)
{
    return hamm_report_predict_json(in, data);
}

static hamm_status make_model(const predict_opts *o, const hamm_system_config *cfg,
                              const hamm_addrmap *map, hamm_dram_model **m, hamm_error *err)
{
    hamm_model_params p;
    hamm_status st = hamm_model_params_from_config(cfg, &p, err);
    if (st != HAMM_OK)
        return st;
    if (o->threshold > 0.0)
        p.locality_threshold = o->threshold;
    p.threads = o->threads;
    p.arrivals = o->timed;
    unsigned heuristics = cfg->predict_heuristics;
    if (o->heuristic_list && (st = hamm_heuristics_parse(o->heuristic_list, &heuristics, err)) !=
                                 HAMM_OK)
        return st;
    return hamm_dram_model_new(m, &p, map, heuristics, err);
}

int cmd_predict(int argc, char **argv)
{
    predict_opts o = {0};
    cli_trace_init(&o.in);
    const char *path = NULL;
    int rc = parse_args(argc, argv, &o, &path);
    if (rc != CLI_OK)
        return rc < 0 ? CLI_OK : rc;
    hamm_system_config cfg;
    if ((rc = cli_load_model(&o.in, &cfg)) != CLI_OK)
        return rc;
    cli_path paths[] = {{path, "the input trace", 0}, {o.out_path, "-o", 1}};
    if ((rc = cli_check_with_model("predict", paths, 2, &cfg)) != CLI_OK)
        return rc;
    hamm_error err;
    hamm_error_clear(&err);
    /* --policy overrides the model's scheduler, so the JSON's model says what ran */
    if (o.policy && hamm_scheduler_from_name(o.policy, &cfg.scheduler, &err) != HAMM_OK)
        return cli_usage("predict", "--policy: %s", err.text);
    if (o.policy && cfg.scheduler == HAMM_SCHED_BANKED_FIFO)
        return cli_usage("predict", "--policy: the analytical model covers fr-fcfs, "
                                    "most-pending and fcfs");
    hamm_addrmap *map = NULL;
    hamm_dram_model *m = NULL;
    hamm_trace_reader *r = NULL;
    hamm_capacity cap;
    cli_capacity_init(&cap, &cfg);
    if (hamm_config_addrmap(&cfg, &map, &err) != HAMM_OK ||
        make_model(&o, &cfg, map, &m, &err) != HAMM_OK ||
        hamm_trace_reader_open(&r, path, &o.in.trace, &err) != HAMM_OK ||
        cli_stream(r, &cap, add_batch, m, &err) != HAMM_OK) {
        rc = cli_report(&err);
    } else {
        hamm_dram_model_finish(m);
        cli_report_skipped(r);
        cli_report_capacity(&cap);
        cli_result res = {path, r, &cfg, m, &o.in, &cap};
        rc = cli_write_result(o.out_path, o.json, &res, print_table, predict_json);
    }
    hamm_trace_reader_free(r);
    hamm_dram_model_free(m);
    hamm_addrmap_free(map);
    return rc;
}
