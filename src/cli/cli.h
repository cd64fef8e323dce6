/* cli.h - what the subcommands share: the command table entry, error printing,
 * the one checked number parser, atomic output files and the progress line.
 * Only src/cli prints or exits. */
#ifndef HAMM_CLI_H
#define HAMM_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "hamm/checker.h"
#include "hamm/command.h"
#include "hamm/config.h"
#include "hamm/engine.h"
#include "hamm/plot.h"
#include "hamm/report.h"
#include "hamm/error.h"
#include "hamm/stream.h"
#include "hamm/trace.h"

/* Exit codes: runtime errors 1, usage errors 2. */
enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };
enum { CLI_MAX_SETS = 64, CLI_MAX_MODEL_DIRS = 16 };

/* Append a --set KEY=VALUE or a --model-path DIR to a list holding *n of CLI_MAX_SETS
 * (CLI_MAX_MODEL_DIRS): 1 when added, -1 after printing a usage error (full, or not of
 * the form). */
int cli_add_set(const char *cmd, const char *arg, const char **sets, size_t *n);
int cli_add_model_dir(const char *cmd, const char *arg, const char **dirs, size_t *n);

typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);
    void (*help)(FILE *out);
    const char *summary;
} cli_command;

/* Print "hamm: <formatted error>" on stderr; returns CLI_FAIL (or CLI_USAGE for
 * HAMM_ERR_ARG) for `return cli_report(&err);`. */
int cli_report(const hamm_error *err);
/* Print "hamm CMD: message" and a hint to --help; returns CLI_USAGE. */
int cli_usage(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Parse an unsigned decimal in [min, max] for option `opt`; 0 on success, else prints. */
int cli_parse_u64(const char *cmd, const char *opt, const char *text, uint64_t min, uint64_t max,
                  uint64_t *out);

/* Parse a decimal fraction in [min, max]; 0 on success, else prints and returns -1. */
int cli_parse_double(const char *cmd, const char *opt, const char *text, double min, double max,
                     double *out);
/* 1 when an output path asks for JSON by its name (ends in .json). */
int cli_wants_json(const char *path);

/* Options every trace-reading command takes. */
typedef struct cli_trace_opts {
    hamm_trace_options trace;
    const char *model;      /* model name or path */
    const char *sets[CLI_MAX_SETS]; /* --set key=value, in order */
    size_t nsets;
    const char *model_dirs[CLI_MAX_MODEL_DIRS]; /* --model-path DIR, in order */
    size_t nmodel_dirs;
} cli_trace_opts;

/* Where model names are looked up (model_path.c): the directories given, then
 * HAMM_MODEL_PATH's, then the models that came with the executable. */
typedef struct cli_model_path {
    hamm_model_path path; /* what hamm_config_find takes; points into dirs */
    const char *dirs[40];
    size_t count;
    char text[16384]; /* the directories' names */
    size_t used;
} cli_model_path;
void cli_model_path_init(cli_model_path *mp, const char *const *given, size_t ngiven);
/* The directory SUB ("models", "plots") of the data that came with this executable (the
 * source tree for the build tree's hamm, share/hamm for an installed one); 0 when the
 * name does not fit or the executable cannot be found. */
int cli_data_dir(const char *sub, char *out, size_t size);

/* "hamm CMD ARGS...", words a shell treats specially quoted: what a report shows. */
void cli_command_line(const char *cmd, int argc, char **argv, char *out, size_t size);

/* The defaults: read-ahead on (two threads), no model override. */
void cli_trace_init(cli_trace_opts *o);
/* Handle one of the shared options (returns 1 if `opt` was one, 0 if not, -1 on a
 * bad value after printing the error). */
int cli_trace_option(const char *cmd, int opt, const char *arg, cli_trace_opts *o);
/* The getopt_long entries and help lines of the shared options. */
#define CLI_TRACE_LONGOPTS                                                                   \
    {"format", required_argument, NULL, 'f'}, {"skip-bad", no_argument, NULL, 'k'},          \
        {"request-size", required_argument, NULL, 'r'},                                      \
        {"model", required_argument, NULL, 'm'}, {"set", required_argument, NULL, 's'},     \
        {"threads", required_argument, NULL, 'T'},                                           \
        {"model-path", required_argument, NULL, 'M'}
void cli_trace_help(FILE *out, int with_model);

/* Load the model the options name (default: yuan09-baseline). */
int cli_load_model(const cli_trace_opts *o, hamm_system_config *cfg);
/* After a read: report lines skipped with --skip-bad on stderr. */
void cli_report_skipped(const hamm_trace_reader *r);

/* An output that appears whole or not at all: a temporary file beside the target,
 * renamed over it on commit.  A symbolic link is followed (the link stays, its target is
 * replaced); a device or a FIFO is written in place; a directory is refused.  Path NULL,
 * "-" or /dev/stdout: standard output.  Every write error is reported at commit. */
typedef struct cli_outfile {
    FILE *fp;
    const char *path;   /* as given, for messages */
    char target[4096];  /* the file written or replaced */
    char tmp[4096];     /* the temporary; "" when written in place */
} cli_outfile;
int cli_outfile_open(cli_outfile *o, const char *path, int binary);
int cli_outfile_commit(cli_outfile *o);
/* As cli_outfile_commit, but a regular file is put in place only where none has its
 * name yet, in one step (the claim on a name that two runs may race for): *existed set
 * (CLI_OK) and nothing written when one has. */
int cli_outfile_commit_new(cli_outfile *o, int *existed);
void cli_outfile_abort(cli_outfile *o);

/* fputs, keeping the reason of the first failure on `fp` for the commit's message. */
void cli_fputs(const char *text, FILE *fp);

/* Where writing `path` lands (out_path.c): `path` with its links followed into `out`,
 * *direct set when it must be written in place (not a regular file).  -1 with errno
 * (EISDIR for a directory) when it cannot be written. */
int cli_out_target(const char *path, char *out, size_t size, int *direct);

/* A path a command reads or writes, for cli_check_paths. */
typedef struct cli_path {
    const char *path; /* NULL: not given */
    const char *what; /* "-o", "the input trace" */
    int output;
} cli_path;
/* Before any work: no path is a directory (CLI_FAIL) and no output names an input (one of
 * `paths`, "-" being standard input, or a file of `read`, what the loads read; NULL:
 * none) or another output, by device and inode when the file exists, else by resolved
 * name (CLI_USAGE).  Prints the error. */
int cli_check_paths(const char *cmd, const cli_path *paths, size_t n,
                    const hamm_input_set *read);
/* cli_check_paths with the files the model `cfg` was read from. */
int cli_check_with_model(const char *cmd, const cli_path *paths, size_t n,
                         const hamm_system_config *cfg);

/* Temporaries removed when a fatal signal ends the run (out_temp.c): mkstemp(tmpl)
 * registered at once; cli_temp_forget once it is renamed or removed. */
int cli_temp_create(char *tmpl);
void cli_temp_forget(const char *tmpl);
/* A staging directory (hamm_stage) removed, with what is in it, when a fatal signal ends
 * the run: open, commit and abort as hamm_stage_* do, registering it between. */
hamm_status cli_stage_open(hamm_stage *s, const char *dir, hamm_error *err);
hamm_status cli_stage_commit(hamm_stage *s, hamm_error *err);
void cli_stage_abort(hamm_stage *s);
/* A run into the stage failed with `err`: abort the stage and report the error, naming
 * the output directory where it named the stage (hamm_stage_blame). */
int cli_stage_fail(hamm_stage *s, hamm_error *err);

/* The error on standard output, if any, reported as "hamm: standard output: ..."
 * after the subcommand has run: the exit status it should have. */
int cli_stdout_close(int rc);

/* A result to write: the trace it came from and what the command computed. */
typedef struct cli_result {
    const char *trace_path;
    const hamm_trace_reader *reader;
    const hamm_system_config *model;
    const void *data; /* the command's own: stats, model, engine */
    const cli_trace_opts *opts; /* how the trace was read, the --sets: for the JSON */
    const hamm_capacity *capacity; /* addresses beyond the model; NULL: not counted */
} cli_result;
typedef void (*cli_table_fn)(FILE *out, const cli_result *res);
typedef char *(*cli_json_fn)(const hamm_report_input *in, const void *data);
/* Write the result to out_path (NULL or "-": stdout) atomically: JSON when `json`,
 * else the table for people. */
int cli_write_result(const char *out_path, int json, const cli_result *res, cli_table_fn table,
                     cli_json_fn to_json);

/* The DRAM command log of a run (command_log.c, docs/COMMAND_LOG.md).  The engine's
 * callback, cli_command_log_write (user: the log), cannot fail, so the first error waits
 * here.  Open writes the header of the device `ep` describes; close commits the file, or
 * removes it when !ok or a write failed. */
typedef struct cli_command_log {
    cli_outfile file;
    hamm_output *out;
    hamm_command_log *log;
    hamm_error err;
} cli_command_log;
int cli_command_log_open(cli_command_log *s, const char *path, const hamm_engine_params *ep);
void cli_command_log_write(void *user, const hamm_command *cmd);
int cli_command_log_close(cli_command_log *s, int ok);

/* hamm simulate --workload (cmd_gpu.c): the GPU engine on a workload. */
typedef struct cli_gpu_opts {
    const cli_trace_opts *in; /* the system model and its --sets */
    const char *workload;     /* a kernel description or an Accel-Sim recording */
    const char *tap;          /* directory for one trace per channel; NULL: none */
    const char *gpu;          /* GPU model file or name; NULL: the system model's */
    int json, no_refresh;
    const char *out_path;
    const char *log_path;     /* the DRAM command log; NULL: none */
    const hamm_scheduler *policy; /* --policy: the DRAM scheduler; NULL: the model's */
} cli_gpu_opts;
int cli_gpu_simulate(const cli_gpu_opts *o);

/* The first lines of the predict and simulate tables: the trace as read and the model. */
void cli_print_run(FILE *out, const cli_result *res);

/* Read the whole trace, handing each batch to `each` (which may fail), with a progress
 * line on a terminal; counting into `cap` (NULL: not) the addresses beyond the model. */
typedef hamm_status (*cli_batch_fn)(void *ctx, const hamm_request *reqs, size_t n,
                                    hamm_error *err);
hamm_status cli_stream(hamm_trace_reader *r, hamm_capacity *cap, cli_batch_fn each, void *ctx,
                       hamm_error *err);
/* Start counting addresses beyond the capacity of the model `cfg` describes. */
void cli_capacity_init(hamm_capacity *cap, const hamm_system_config *cfg);
/* After a read: warn on stderr of the addresses beyond the model's capacity, if any. */
void cli_report_capacity(const hamm_capacity *cap);

/* Subcommands. */
int cmd_stats(int argc, char **argv);
void cmd_stats_help(FILE *out);
int cmd_convert(int argc, char **argv);
void cmd_convert_help(FILE *out);
int cmd_predict(int argc, char **argv);
void cmd_predict_help(FILE *out);
int cmd_check_log(int, char **);
void cmd_check_log_help(FILE *);
int cmd_simulate(int argc, char **argv);
void cmd_simulate_help(FILE *out);
int cmd_generate(int argc, char **argv);
void cmd_generate_help(FILE *out);
int cmd_plot(int argc, char **argv);
void cmd_plot_help(FILE *out);
int cmd_report(int argc, char **argv);
void cmd_report_help(FILE *out);
struct hamm_plot_options;
/* The figure templates: o->plots_dir as given, else the plots/ that came with hamm (into
 * buf).  Prints an error when there is none. */
int cli_plot_templates(struct hamm_plot_options *o, char *buf, size_t size);
int cmd_validate(int argc, char **argv);
void cmd_validate_help(FILE *out);
int cmd_sweep(int argc, char **argv);
void cmd_sweep_help(FILE *out);
int cmd_merge(int argc, char **argv);
void cmd_merge_help(FILE *out);
int cmd_import(int argc, char **argv);
void cmd_import_help(FILE *out);
int cmd_export_traceg(int argc, char **argv);
void cmd_export_traceg_help(FILE *out);
int cmd_mwp(int argc, char **argv);
void cmd_mwp_help(FILE *out);

#endif
