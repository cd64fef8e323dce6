/* main.c - the hamm command: dispatch to subcommands through one table. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "hamm_build_config.h"

static int cmd_formats(int argc, char **argv);
static void cmd_formats_help(FILE *out);
static int cmd_help(int argc, char **argv);
static void cmd_help_help(FILE *out);

static const cli_command commands[] = {
    {"predict", cmd_predict, cmd_predict_help, "predict DRAM efficiency (hybrid analytical model)"},
    {"simulate", cmd_simulate, cmd_simulate_help, "replay a trace on the cycle-accurate engine"},
    {"validate", cmd_validate, cmd_validate_help, "model against engine over a suite, with error statistics"},
    {"sweep", cmd_sweep, cmd_sweep_help, "validate over a grid of model parameters"},
    {"merge", cmd_merge, cmd_merge_help, "join the results of a sweep's emitted jobs"},
    {"check-log", cmd_check_log, cmd_check_log_help, "check a DRAM command log against the timing rules"},
    {"report", cmd_report, cmd_report_help, "validate, sweeps and every figure: the report, in one run"},
    {"plot", cmd_plot, cmd_plot_help, "figures and a report page from hamm's JSON results"},
    {"stats", cmd_stats, cmd_stats_help, "statistics of a trace: mix, footprint, locality"},
    {"convert", cmd_convert, cmd_convert_help, "convert a trace to another format"},
    {"export-traceg", cmd_export_traceg, cmd_export_traceg_help, "a workload as an Accel-Sim trace directory (kernelslist.g, .traceg)"},
    {"import-gpgpusim", cmd_import, cmd_import_help, "GPGPU-Sim gpgpusim.config to hamm GPU, DRAM and system models"},
    {"generate", cmd_generate, cmd_generate_help, "write a synthetic trace, deterministic from a seed"},
    {"mwp", cmd_mwp, cmd_mwp_help, "a kernel's execution time by the MWP/CWP model (Hong & Kim 2009)"},
    {"formats", cmd_formats, cmd_formats_help, "list the trace formats hamm reads and writes"},
    {"help", cmd_help, cmd_help_help, "show help for a subcommand"},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static const cli_command *find_command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

static void usage(FILE *out)
{
    fprintf(out, "usage: hamm SUBCOMMAND [options] [arguments]\n"
                 "       hamm --version | --help\n\n"
                 "hamm predicts how efficiently a GPU's DRAM system serves a memory trace.\n\n"
                 "subcommands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\n'hamm SUBCOMMAND --help' (or 'hamm help SUBCOMMAND') tells more.\n");
}

static void cmd_formats_help(FILE *out)
{
    fprintf(out, "usage: hamm formats\n\nList the trace formats: name, whether hamm can "
                 "write it, and its shape.\nSee traces/FORMAT.md and traces/FOREIGN.md.\n");
}

static int cmd_formats(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        cmd_formats_help(stdout);
        return CLI_OK;
    }
    if (argc > 1)
        return cli_usage("formats", "takes no arguments");
    printf("%-14s %-6s %s\n", "format", "write", "lines");
    for (int f = HAMM_FORMAT_AUTO; f < HAMM_FORMAT_COUNT; f++) {
        hamm_trace_format tf = (hamm_trace_format)f;
        printf("%-14s %-6s %s\n", hamm_trace_format_name(tf),
               hamm_trace_format_writable(tf) ? "yes" : "no", hamm_trace_format_summary(tf));
    }
    return CLI_OK;
}

static void cmd_help_help(FILE *out)
{
    fprintf(out, "usage: hamm help [SUBCOMMAND]\n");
}

static int cmd_help(int argc, char **argv)
{
    if (argc < 2) {
        usage(stdout);
        return CLI_OK;
    }
    const cli_command *c = find_command(argv[1]);
    if (!c)
        return cli_usage("help", "no subcommand '%s'", argv[1]);
    c->help(stdout);
    return CLI_OK;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return CLI_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0) {
        printf("hamm %s\n", HAMM_VERSION);
        return cli_stdout_close(CLI_OK);
    }
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        usage(stdout);
        return cli_stdout_close(CLI_OK);
    }
    const cli_command *c = find_command(name);
    if (!c) {
        fprintf(stderr, "hamm: unknown subcommand '%s'\n", name);
        usage(stderr);
        return CLI_USAGE;
    }
    /* every subcommand's output is checked here, once: its last writes and the close */
    return cli_stdout_close(c->run(argc - 1, argv + 1));
}
