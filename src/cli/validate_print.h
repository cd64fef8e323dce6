/* validate_print.h - what validate, sweep and merge share: hamm-validate/1 documents as a
 * table, CSV and LaTeX, the progress line, the default number of jobs. */
#ifndef HAMM_CLI_VALIDATE_PRINT_H
#define HAMM_CLI_VALIDATE_PRINT_H

#include <stdio.h>

#include <jansson.h>

#include "cli.h"
#include "hamm/validate.h"

/* How a validate result is written. */
enum { CLI_OUT_TABLE = 0, CLI_OUT_JSON, CLI_OUT_CSV, CLI_OUT_LATEX };

/* The options validate and sweep share: --set, --jobs, --json, --output. */
typedef struct cli_validate_opts {
    const char *sets[CLI_MAX_SETS];
    const char *model_dirs[CLI_MAX_MODEL_DIRS]; /* --model-path DIR, in order */
    size_t nmodel_dirs;
    size_t nsets;
    unsigned jobs;
    int mode;             /* CLI_OUT_*, -1 when two were asked for */
    const char *out_path; /* NULL: stdout */
} cli_validate_opts;
void cli_validate_init(cli_validate_opts *o);
/* 1 when `opt` ('s', 'M', 'J', 'j', 'o') was one of them, 0 if not, -1 after printing an error. */
int cli_validate_option(const char *cmd, int opt, const char *arg, cli_validate_opts *o);
/* Run the suite with a progress line; prints any error.  *doc: a new reference. */
int cli_validate_run(const hamm_suite *s, const char *const *sets, size_t nsets, unsigned jobs,
                     const char *what, json_t **doc);
/* Write doc as CLI_OUT_* `mode`. */
int cli_validate_print(FILE *out, int mode, json_t *doc);

void cli_validate_table(FILE *out, const json_t *doc);
/* One row per entry (channel "all") and one per channel with requests. */
void cli_validate_csv(FILE *out, const json_t *doc);
/* A booktabs tabular: entries with measured and predicted (error), then the statistics. */
void cli_validate_latex(FILE *out, const json_t *doc);

/* The progress line of a run (a hamm_validate_progress_fn; prints only on a terminal). */
typedef struct cli_validate_progress {
    int enabled;
    const char *what; /* "validate", "point 3/8", ... */
} cli_validate_progress;
void cli_validate_progress_start(cli_validate_progress *p, const char *what);
void cli_validate_progress_fn(void *user, size_t done, size_t total);
void cli_validate_progress_end(cli_validate_progress *p);
/* The number of online cores (at least 1). */
unsigned cli_default_jobs(void);

#endif
