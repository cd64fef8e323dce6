/* cmd_mwp.c - `hamm mwp --machine NAME|FILE KERNEL.json`: a kernel's execution time by
 * the MWP/CWP model of Hong & Kim (ISCA 2009), plain and combined with a DRAM
 * efficiency (docs/MWP.md). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "mwp_print.h"

#define CMD "mwp"

enum { OPT_MACHINE = 256, OPT_ROUNDING, OPT_SYNCH, OPT_EFFICIENCY, OPT_WORKLOAD, OPT_KERNEL,
       OPT_ISSUE_BOUND };

void cmd_mwp_help(FILE *out)
{
    fprintf(out,
            "usage: hamm mwp --machine NAME|FILE [options] KERNEL.json\n"
            "       hamm mwp --machine NAME|FILE [options] --workload W [--kernel K]\n\n"
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
            "      --workload W         derive the counts from W instead: a kernel\n"
            "                           description (models/workloads/) or an Accel-Sim\n"
            "                           recording, every warp through the machine's\n"
            "                           coalescer (docs/MWP.md, \"Counts from a workload\")\n"
            "      --kernel K           with --workload: the kernel, by index from 0 or by\n"
            "                           name (default: the first)\n"
            "  -j, --json               JSON (schema hamm-mwp/1, see docs/MWP.md)\n"
            "  -o, --output FILE        write the result to FILE (atomically; .json: JSON)\n"
            "  -h, --help               this help\n");
}

typedef struct mwp_args {
    const char *machine, *kernel, *out_path, *workload, *kernel_sel;
    int json;
    hamm_mwp_options options;
    int combined;
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
        {"issue-bound", no_argument, NULL, OPT_ISSUE_BOUND},
        {"json", no_argument, NULL, 'j'}, {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    int c, rc = CLI_OK;
    optind = 1;
    while (rc == CLI_OK && (c = getopt_long(argc, argv, "jo:h", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_MACHINE: a->machine = optarg; break;
        case OPT_ROUNDING:
        case OPT_SYNCH: rc = parse_variant(c, optarg, a); break;
        case OPT_EFFICIENCY: rc = parse_efficiency(optarg, a); break;
        case OPT_WORKLOAD: a->workload = optarg; break;
        case OPT_KERNEL: a->kernel_sel = optarg; break;
        case OPT_ISSUE_BOUND: a->options.issue_bound = 1; break;
        case 'j': a->json = 1; break;
        case 'o': a->out_path = optarg; break;
        case 'h': cmd_mwp_help(stdout); return -1;
        default: return cli_usage(CMD, "unknown option");
        }
    }
    if (rc != CLI_OK)
        return rc;
    if (!a->machine)
        return cli_usage(CMD, "needs --machine NAME|FILE");
    if (a->kernel_sel && !a->workload)
        return cli_usage(CMD, "--kernel needs --workload");
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

/* A name (no '/', no ".json") is a bundled machine: models/mwp/NAME.json. */
static int machine_path(const char *arg, char *out, size_t size)
{
    size_t n = strlen(arg);
    if (strchr(arg, '/') || (n > 5 && strcmp(arg + n - 5, ".json") == 0)) {
        snprintf(out, size, "%s", arg);
        return CLI_OK;
    }
    char dir[4096];
    if (!cli_data_dir("models", dir, sizeof dir)) {
        fprintf(stderr, "hamm: cannot find the bundled models for --machine %s\n", arg);
        return CLI_FAIL;
    }
    int w = snprintf(out, size, "%s/mwp/%s.json", dir, arg);
    if (w < 0 || (size_t)w >= size || access(out, R_OK) != 0) {
        fprintf(stderr, "hamm: no MWP/CWP machine '%s' in %s/mwp (fx5600, gtx280, 8800gt, "
                "paper-example, yuan09-baseline, gtx480; or give a file)\n", arg, dir);
        return CLI_FAIL;
    }
    return CLI_OK;
}

static int write_out(const mwp_args *a, const mwp_run *run)
{
    char *text = NULL;
    if (a->json || cli_wants_json(a->out_path)) {
        text = mwp_json(run);
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
    else
        mwp_print_table(out.fp, run);
    free(text);
    return cli_outfile_commit(&out);
}

static int run_model(const mwp_args *a, const char *mpath)
{
    mwp_run run = {.machine_path = mpath, .kernel_path = a->kernel, .options = a->options,
                   .combined = a->combined, .derived = a->workload != NULL};
    hamm_error err;
    hamm_error_clear(&err);
    hamm_mwp_options plain = a->options;
    plain.dram_efficiency = 1;
    hamm_status st = hamm_mwp_load_machine(&run.machine, mpath, &err);
    if (st == HAMM_OK)
        st = a->workload ? hamm_mwp_derive(a->workload, a->kernel_sel, &run.machine,
                                           &run.kernel, &run.counts, &err)
                         : hamm_mwp_load_kernel(&run.kernel, a->kernel, &err);
    if (st == HAMM_OK && (st = hamm_mwp_predict(&run.machine, &run.kernel, &plain, &run.plain,
                                                &err)) != HAMM_OK)
        hamm_error_locate(&err, HAMM_IN(a->kernel));
    if (st == HAMM_OK && a->combined)
        st = hamm_mwp_predict(&run.machine, &run.kernel, &a->options, &run.with_e, &err);
    if (st != HAMM_OK)
        return cli_report(&err);
    return write_out(a, &run);
}

int cmd_mwp(int argc, char **argv)
{
    mwp_args a = {0};
    hamm_mwp_options_init(&a.options);
    int rc = parse_options(argc, argv, &a);
    if (rc < 0)
        return CLI_OK;
    if (rc != CLI_OK)
        return rc;
    char mpath[4200];
    if ((rc = machine_path(a.machine, mpath, sizeof mpath)) != CLI_OK)
        return rc;
    cli_path paths[] = {{mpath, "the machine", 0}, {a.workload ? NULL : a.kernel, "the kernel", 0},
                        {a.out_path, "-o", 1}};
    rc = cli_check_paths(CMD, paths, 3);
    return rc != CLI_OK ? rc : run_model(&a, mpath);
}
