/* cmd_mwp.c - `hamm mwp --machine NAME|FILE KERNEL.json`: a kernel's execution time by
 * the MWP/CWP model of Hong & Kim (ISCA 2009), plain and combined with a DRAM
 * efficiency (docs/MWP.md). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hamm/mwp_doc.h"
#include "hamm/validate.h"
#include "hamm/workload.h"

#define CMD "mwp"

enum {
    OPT_MACHINE = 256, OPT_ROUNDING, OPT_SYNCH, OPT_EFFICIENCY, OPT_WORKLOAD, OPT_KERNEL,
    OPT_TRACE, OPT_SWEEP, OPT_ISSUE_BOUND, OPT_QUEUEING
};

void cmd_mwp_help(FILE *out)
{
    fprintf(out,
            "usage: hamm mwp --machine NAME|FILE [options] KERNEL.json\n"
            "       hamm mwp --machine NAME|FILE [options] --workload W [--kernel K]\n"
            "       hamm mwp ... [--trace FILE|DIR ...] [--sweep PARAM=LIST]\n\n"
            "Predict a kernel's execution time with the MWP/CWP model of Hong & Kim (ISCA\n"
            "2009): memory warp parallelism (MWP), computation warp parallelism (CWP), which\n"
            "of the three cases applies, every intermediate, and what limits the kernel\n"
            "(memory latency, memory bandwidth, computation or too few warps).  The kernel\n"
            "is a file of counts (schema hamm-mwp-kernel/1), or derived from a workload\n"
            "(--workload); docs/MWP.md has the equations.\n\n"
            "options:\n"
            "      --machine NAME|FILE  GPU: fx5600, gtx280, 8800gt, paper-example, or the\n"
            "                           GPU engine's yuan09-baseline, gtx480 (from\n"
            "                           models/mwp/), or a hamm-mwp-machine/1 file\n"
            "      --rounding V         none (default: the equations as written), paper\n"
            "                           (MWP and CWP to two decimals, as the paper's\n"
            "                           example) or ceil (MWP, CWP and #Rep up to integers)\n"
            "      --synch-warps V      warps a synchronisation waits for: n (default: MWP,\n"
            "                           at most N) or block (MWP, at most warps per block)\n"
            "      --dram-efficiency E  also the combined model: the DRAM sustains\n"
            "                           Mem_Bandwidth x E (0 < E <= 1); both predictions\n"
            "                           are reported, and which bound moved\n"
            "      --issue-bound        hamm's variant, not the paper's: Exec at least\n"
            "                           Mem_L + Comp_cycles x the busiest SM's warps (one\n"
            "                           issue port per SM; docs/MWP.md, \"Variants\")\n"
            "      --queueing           hamm's variant, not the paper's: Exec from a closed\n"
            "                           queueing network of the resident warps (latency,\n"
            "                           DRAM, SM issue; docs/MWP.md, \"Queueing\")\n"
            "      --workload W         derive the counts from W instead: a kernel\n"
            "                           description (models/workloads/) or an Accel-Sim\n"
            "                           recording, every warp through the machine's\n"
            "                           coalescer (docs/MWP.md, \"Counts from a workload\")\n"
            "      --kernel K           with --workload: the kernel, by index from 0 or by\n"
            "                           name (default: the first)\n"
            "      --sweep PARAM=LIST   one prediction per value of PARAM (threads_per_block,\n"
            "                           active_blocks, bandwidth, mem_ld, departure_del_coal,\n"
            "                           departure_del_uncoal, comp_insts, mem_insts,\n"
            "                           dram_efficiency); LIST: 1,2,4 or FROM:TO:STEP; JSON\n"
            "                           schema hamm-mwp-sweep/1, which hamm plot draws\n"
            "      --trace FILE|DIR     E from the hybrid DRAM model run on the kernel's\n"
            "                           requests (repeatable; a directory: every trace in it,\n"
            "                           e.g. a tap of hamm simulate --workload W --tap DIR);\n"
            "                           E = busy / active cycles summed over the channels\n"
            "  -H, --heuristic NAME     with --trace: the DRAM model's heuristic (default\n"
            "                           command-timed; see hamm predict --help)\n"
            "  -R, --replay MODE        with --trace: saturated (default) or timed\n"
            "  -m, --model NAME|FILE    with --trace: the system model (default: the one the\n"
            "                           machine file names in \"system\")\n"
            "      --model-path DIR     look model names up in DIR first (repeatable)\n"
            "  -s, --set KEY=VALUE      with --trace: override a system model field\n"
            "  -f, --format NAME        with --trace: the traces' format (default: detect)\n"
            "  -k, --skip-bad           with --trace: skip malformed lines\n"
            "  -r, --request-size N     with --trace: bytes per request where a trace has none\n"
            "  -T, --threads N          with --trace: 1 or 2 (default) threads; same results\n"
            "  -j, --json               JSON (schema hamm-mwp/1, see docs/MWP.md)\n"
            "  -o, --output FILE        write the result to FILE (atomically; .json: JSON)\n"
            "  -h, --help               this help\n");
}

/* What --trace and the options beside it ask for. */
typedef struct trace_args {
    cli_trace_opts in;                      /* -m, --model-path, --set, -f, -r, -k, -T */
    const char *given[HAMM_MWP_TRACE_MAX]; /* --trace arguments: files or directories */
    size_t ngiven;
    hamm_heuristic heuristic;               /* -H (default command-timed) */
    int timed;                              /* --replay timed */
} trace_args;

typedef struct mwp_args {
    const char *machine, *kernel, *out_path, *workload, *kernel_sel;
    int json;
    hamm_mwp_options options;
    int combined;
    const char *sweep;    /* --sweep PARAM=LIST */
    trace_args trace;     /* --trace and the options that go with it */
    int trace_only;       /* an option that needs --trace was given */
} mwp_args;

static int parse_variant(int opt, const char *arg, mwp_args *a)
{
    if (opt == OPT_ROUNDING) {
        int v = hamm_mwp_rounding_parse(arg);
        if (v < 0)
            return cli_usage(CMD, "--rounding takes none, paper or ceil, not '%s'", arg);
        a->options.rounding = (hamm_mwp_rounding)v;
        return CLI_OK;
    }
    int v = hamm_mwp_synch_parse(arg);
    if (v < 0)
        return cli_usage(CMD, "--synch-warps takes n or block, not '%s'", arg);
    a->options.synch = (hamm_mwp_synch)v;
    return CLI_OK;
}

static int parse_efficiency(const char *arg, mwp_args *a)
{
    double e;
    if (cli_parse_double(CMD, "--dram-efficiency", arg, 0, 1, &e) != 0)
        return CLI_USAGE;
    if (!(e > 0))
        return cli_usage(CMD, "--dram-efficiency needs a number above 0 and at most 1, not '%s'",
                         arg);
    a->options.dram_efficiency = e;
    a->combined = 1;
    return CLI_OK;
}

static int parse_heuristic(const char *name, trace_args *t)
{
    hamm_error err;
    hamm_error_clear(&err);
    if (hamm_heuristic_from_name(name, &t->heuristic, &err) != HAMM_OK ||
        t->heuristic == HAMM_HEUR_COUNT)
        return cli_usage(CMD, "--heuristic takes one of no-overlap, full-overlap, average, "
                              "locality-switch or command-timed, not '%s'", name);
    return CLI_OK;
}

/* The options that go with --trace: CLI_OK, or a usage error. */
static int parse_trace_option(int c, const char *arg, mwp_args *a)
{
    a->trace_only = 1;
    switch (c) {
    case OPT_TRACE:
        if (a->trace.ngiven == HAMM_MWP_TRACE_MAX)
            return cli_usage(CMD, "--trace: at most %d", HAMM_MWP_TRACE_MAX);
        a->trace.given[a->trace.ngiven++] = arg;
        return CLI_OK;
    case 'H': return parse_heuristic(arg, &a->trace);
    case 'R':
        if (strcmp(arg, "timed") != 0 && strcmp(arg, "saturated") != 0)
            return cli_usage(CMD, "--replay: expected saturated or timed, not '%s'", arg);
        a->trace.timed = strcmp(arg, "timed") == 0;
        return CLI_OK;
    default: break;
    }
    int shared = cli_trace_option(CMD, c, arg, &a->trace.in);
    if (shared < 0)
        return CLI_USAGE;
    return shared > 0 ? CLI_OK : cli_usage(CMD, "unknown option");
}

/* One option: CLI_OK, -1 for --help (shown), else a usage error's status. */
static int parse_one(int c, const char *arg, mwp_args *a)
{
    switch (c) {
    case OPT_MACHINE: a->machine = arg; return CLI_OK;
    case OPT_ROUNDING:
    case OPT_SYNCH: return parse_variant(c, arg, a);
    case OPT_EFFICIENCY: return parse_efficiency(arg, a);
    case OPT_WORKLOAD: a->workload = arg; return CLI_OK;
    case OPT_KERNEL: a->kernel_sel = arg; return CLI_OK;
    case OPT_SWEEP: a->sweep = arg; return CLI_OK;
    case OPT_ISSUE_BOUND: a->options.issue_bound = 1; return CLI_OK;
    case OPT_QUEUEING: a->options.queueing = 1; return CLI_OK;
    case 'j': a->json = 1; return CLI_OK;
    case 'o': a->out_path = arg; return CLI_OK;
    case 'h': cmd_mwp_help(stdout); return -1;
    case '?': return cli_usage(CMD, "unknown option");
    default: return parse_trace_option(c, arg, a);
    }
}

/* What the options say together. */
static int check_combination(mwp_args *a)
{
    if (!a->machine)
        return cli_usage(CMD, "needs --machine NAME|FILE");
    if (a->kernel_sel && !a->workload)
        return cli_usage(CMD, "--kernel needs --workload");
    if (a->trace_only && a->trace.ngiven == 0)
        return cli_usage(CMD, "-H, -R, -m, -s, -f, -k, -r, -T and --model-path go with "
                              "--trace");
    if (a->trace.ngiven && a->combined)
        return cli_usage(CMD, "takes E from either --trace or --dram-efficiency, not both");
    return CLI_OK;
}

/* 0: go on; -1: --help shown; else the exit status of a usage error. */
static int parse_options(int argc, char **argv, mwp_args *a)
{
    static const struct option longopts[] = {
        {"machine", required_argument, NULL, OPT_MACHINE},
        {"rounding", required_argument, NULL, OPT_ROUNDING},
        {"synch-warps", required_argument, NULL, OPT_SYNCH},
        {"dram-efficiency", required_argument, NULL, OPT_EFFICIENCY},
        {"workload", required_argument, NULL, OPT_WORKLOAD},
        {"kernel", required_argument, NULL, OPT_KERNEL},
        {"trace", required_argument, NULL, OPT_TRACE},
        {"sweep", required_argument, NULL, OPT_SWEEP},
        {"issue-bound", no_argument, NULL, OPT_ISSUE_BOUND},
        {"queueing", no_argument, NULL, OPT_QUEUEING},
        {"heuristic", required_argument, NULL, 'H'}, {"replay", required_argument, NULL, 'R'},
        {"json", no_argument, NULL, 'j'}, {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'}, CLI_TRACE_LONGOPTS, {NULL, 0, NULL, 0}};
    int c, rc = CLI_OK;
    optind = 1;
    while (rc == CLI_OK &&
           (c = getopt_long(argc, argv, "jo:hH:R:f:kr:m:s:T:", longopts, NULL)) != -1)
        rc = parse_one(c, optarg, a);
    if (rc == CLI_OK)
        rc = check_combination(a);
    if (rc != CLI_OK)
        return rc;
    if (a->workload) {
        if (optind != argc)
            return cli_usage(CMD, "takes either --workload or a KERNEL file, not both");
        a->kernel = a->workload;
        return CLI_OK;
    }
    if (optind != argc - 1)
        return cli_usage(CMD, "needs exactly one KERNEL argument");
    a->kernel = argv[optind];
    return CLI_OK;
}

/* A file name (a '/' or ".json") is read as given; a name is looked up in mwp/ of the
 * model path as -m's is (--model-path, HAMM_MODEL_PATH, the models that came with hamm). */
static int machine_path(const mwp_args *a, char *out, size_t size)
{
    if (hamm_model_names_file(a->machine)) {
        snprintf(out, size, "%s", a->machine);
        return CLI_OK;
    }
    cli_model_path *mp = malloc(sizeof *mp);
    if (!mp) {
        fprintf(stderr, "hamm: out of memory\n");
        return CLI_FAIL;
    }
    cli_model_path_init(mp, a->trace.in.model_dirs, a->trace.in.nmodel_dirs);
    hamm_error err;
    hamm_error_clear(&err);
    int rc = CLI_OK;
    if (!mp->count) {
        fprintf(stderr, "hamm: cannot find the bundled models for --machine %s\n", a->machine);
        rc = CLI_FAIL;
    } else if (hamm_model_find(HAMM_MODEL_MWP_MACHINE, a->machine, &mp->path, out, size,
                               &err) != HAMM_OK) {
        fprintf(stderr, "hamm: no MWP/CWP machine '%s' in ", a->machine);
        for (size_t i = 0; i < mp->count; i++)
            fprintf(stderr, "%s%s/mwp", i ? ", " : "", mp->dirs[i]);
        fprintf(stderr, " (fx5600, gtx280, 8800gt, paper-example, yuan09-baseline, gtx480; "
                        "or give a file)\n");
        rc = CLI_FAIL;
    }
    free(mp);
    return rc;
}

/* The result to -o or standard output: its document as JSON, or the text for people;
 * a sweep's when s is not NULL. */
static int write_out(const mwp_args *a, const hamm_mwp_run *run, const hamm_mwp_sweep *s,
                     const hamm_mwp_point *pts)
{
    char *text = NULL;
    if (a->json || cli_wants_json(a->out_path)) {
        text = hamm_json_text(s ? hamm_mwp_sweep_doc(s, run, pts) : hamm_mwp_doc(run));
        if (!text) {
            fprintf(stderr, "hamm: out of memory\n");
            return CLI_FAIL;
        }
    }
    cli_outfile out;
    if (cli_outfile_open(&out, a->out_path, 0) != CLI_OK) {
        free(text);
        return CLI_FAIL;
    }
    if (text)
        cli_fputs(text, out.fp);
    else if (s)
        hamm_mwp_sweep_write_text(out.fp, s, run, pts);
    else
        hamm_mwp_write_text(out.fp, run);
    free(text);
    return cli_outfile_commit(&out);
}

static hamm_status add_batch(void *meter, const hamm_request *reqs, size_t n, hamm_error *err)
{
    (void)err;
    hamm_mwp_meter_add(meter, reqs, n);
    return HAMM_OK;
}

/* Every trace into the meter, with hamm predict's progress line and warnings. */
static hamm_status feed(const hamm_trace_options *topts, const hamm_mwp_efficiency *e,
                        const hamm_system_config *cfg, hamm_mwp_meter *m, hamm_error *err)
{
    hamm_capacity cap;
    cli_capacity_init(&cap, cfg);
    hamm_status st = HAMM_OK;
    for (size_t i = 0; st == HAMM_OK && i < e->nfiles; i++) {
        hamm_trace_reader *rd = NULL;
        st = hamm_trace_reader_open(&rd, e->files[i], topts, err);
        if (st == HAMM_OK)
            st = cli_stream(rd, &cap, add_batch, m, err);
        if (st == HAMM_OK)
            cli_report_skipped(rd);
        hamm_trace_reader_free(rd);
    }
    if (st == HAMM_OK)
        cli_report_capacity(&cap);
    return st;
}

/* The system model --trace reads with: -m's, else the machine's ("" when neither). */
static const char *trace_model(const mwp_args *a, const hamm_mwp_machine *m)
{
    return a->trace.in.model ? a->trace.in.model : m->system;
}

/* E from the traces in e->files, with the system model -m names, else the machine's. */
static int trace_efficiency(const mwp_args *a, hamm_mwp_run *run, hamm_mwp_efficiency *e)
{
    const char *model = trace_model(a, &run->machine);
    if (!model[0])
        return cli_usage(CMD, "--trace needs -m SYSTEM: the machine %s names no system "
                              "model (\"system\" in its file)", run->machine.name);
    cli_trace_opts in = a->trace.in;
    in.model = model;
    in.trace.prefetch = 0; /* the model's worker is the second thread, as in predict */
    hamm_system_config cfg;
    int rc = cli_load_model(&in, &cfg);
    if (rc != CLI_OK)
        return rc;
    snprintf(e->model_arg, sizeof e->model_arg, "%s", model);
    hamm_error err;
    hamm_error_clear(&err);
    hamm_mwp_meter *m = NULL;
    if (hamm_mwp_meter_new(&m, &cfg, a->trace.heuristic, a->trace.timed,
                           a->trace.in.trace.prefetch ? 2 : 1, &err) != HAMM_OK ||
        feed(&in.trace, e, &cfg, m, &err) != HAMM_OK ||
        hamm_mwp_meter_finish(m, e, &err) != HAMM_OK)
        rc = cli_report(&err);
    hamm_mwp_meter_free(m);
    if (rc != CLI_OK)
        return rc;
    run->options.dram_efficiency = e->efficiency;
    run->combined = 1;
    run->trace = e;
    return CLI_OK;
}

/* One prediction, or one per value of the sweep, written out. */
static int predict(const mwp_args *a, hamm_mwp_run *run, const hamm_mwp_sweep *sweep)
{
    hamm_error err;
    hamm_error_clear(&err);
    if (!sweep)
        return hamm_mwp_run_predict(run, &err) != HAMM_OK ? cli_report(&err)
                                                          : write_out(a, run, NULL, NULL);
    hamm_mwp_point *pts = calloc(sweep->count ? sweep->count : 1, sizeof *pts);
    if (!pts) {
        fprintf(stderr, "hamm: out of memory\n");
        return CLI_FAIL;
    }
    int rc = hamm_mwp_run_sweep(sweep, run, pts, &err) != HAMM_OK
                 ? cli_report(&err) : write_out(a, run, sweep, pts);
    free(pts);
    return rc;
}

/* The files the run reads besides those named on the command line: the workload's, and
 * the system model's when --trace measures E. */
static int loaded_inputs(const mwp_args *a, const hamm_mwp_machine *m, size_t ntraces,
                         hamm_input_set *read)
{
    hamm_error err;
    hamm_error_clear(&err);
    if (a->workload && hamm_workload_inputs(a->workload, read, &err) != HAMM_OK)
        return cli_report(&err);
    if (!ntraces || !trace_model(a, m)[0])
        return CLI_OK; /* no model: trace_efficiency says so */
    cli_trace_opts in = a->trace.in;
    in.model = trace_model(a, m);
    hamm_system_config cfg;
    int rc = cli_load_model(&in, &cfg);
    if (rc == CLI_OK && hamm_config_inputs(&cfg, read, &err) != HAMM_OK)
        rc = cli_report(&err);
    return rc;
}

/* Before any work: no output names an input (the machine, the kernel or the workload's
 * files, every trace, the system model's files). */
static int check_paths(const mwp_args *a, const char *mpath, const hamm_mwp_machine *m,
                       const hamm_mwp_efficiency *tr)
{
    size_t n = 3 + tr->nfiles;
    cli_path *paths = calloc(n, sizeof *paths);
    hamm_input_set *read = hamm_input_set_new();
    int rc = paths && read ? CLI_OK : CLI_FAIL;
    if (rc != CLI_OK)
        fprintf(stderr, "hamm: out of memory\n");
    if (rc == CLI_OK) {
        paths[0] = (cli_path){mpath, "the machine", 0};
        paths[1] = (cli_path){a->workload ? NULL : a->kernel, "the kernel", 0};
        paths[2] = (cli_path){a->out_path, "-o", 1};
        for (size_t i = 0; i < tr->nfiles; i++)
            paths[3 + i] = (cli_path){tr->files[i], "a trace", 0};
        rc = loaded_inputs(a, m, tr->nfiles, read);
    }
    if (rc == CLI_OK)
        rc = cli_check_paths(CMD, paths, n, read);
    free(paths);
    hamm_input_set_free(read);
    return rc;
}

static int run_model(const mwp_args *a, const char *mpath, const hamm_mwp_sweep *sweep,
                     hamm_mwp_efficiency *e)
{
    hamm_mwp_run run = {.machine_path = mpath, .kernel_path = a->kernel,
                        .options = a->options, .combined = a->combined,
                        .derived = a->workload != NULL};
    hamm_error err;
    hamm_error_clear(&err);
    if (hamm_mwp_load_machine(&run.machine, mpath, &err) != HAMM_OK)
        return cli_report(&err);
    int rc = check_paths(a, mpath, &run.machine, e);
    if (rc != CLI_OK)
        return rc;
    hamm_status st = a->workload ? hamm_mwp_derive(a->workload, a->kernel_sel, &run.machine,
                                                   &run.kernel, &run.counts, &err)
                                 : hamm_mwp_load_kernel(&run.kernel, a->kernel, &err);
    if (st != HAMM_OK)
        return cli_report(&err);
    rc = a->trace.ngiven ? trace_efficiency(a, &run, e) : CLI_OK;
    return rc != CLI_OK ? rc : predict(a, &run, sweep);
}

/* --sweep's list, parsed before any work: a bad one is a usage error. */
static int parse_sweep(const mwp_args *a, hamm_mwp_sweep *s)
{
    hamm_error err;
    hamm_error_clear(&err);
    if (hamm_mwp_sweep_parse(a->sweep, s, &err) != HAMM_OK)
        return cli_report(&err);
    if (s->param == HAMM_MWP_PARAM_DRAM_EFFICIENCY && (a->combined || a->trace.ngiven)) {
        hamm_mwp_sweep_free(s);
        return cli_usage(CMD, "--sweep dram_efficiency gives E itself: not with "
                              "--dram-efficiency or --trace");
    }
    return CLI_OK;
}

static int run_checked(const mwp_args *a, const char *mpath)
{
    hamm_mwp_sweep sweep = {0};
    hamm_mwp_efficiency e = {0};
    int rc = a->sweep ? parse_sweep(a, &sweep) : CLI_OK;
    if (rc == CLI_OK && a->trace.ngiven) {
        hamm_error err;
        hamm_error_clear(&err);
        if (hamm_mwp_trace_files(a->trace.given, a->trace.ngiven, &e, &err) != HAMM_OK)
            rc = cli_report(&err);
    }
    if (rc == CLI_OK)
        rc = run_model(a, mpath, a->sweep ? &sweep : NULL, &e);
    hamm_mwp_efficiency_free(&e);
    hamm_mwp_sweep_free(&sweep);
    return rc;
}

int cmd_mwp(int argc, char **argv)
{
    mwp_args a = {0};
    hamm_mwp_options_init(&a.options);
    cli_trace_init(&a.trace.in);
    a.trace.heuristic = HAMM_HEUR_COMMAND_TIMED;
    int rc = parse_options(argc, argv, &a);
    if (rc < 0)
        return CLI_OK;
    if (rc != CLI_OK)
        return rc;
    char mpath[4200];
    if ((rc = machine_path(&a, mpath, sizeof mpath)) != CLI_OK)
        return rc;
    return run_checked(&a, mpath);
}
