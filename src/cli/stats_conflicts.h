/* stats_conflicts.h - `hamm stats --conflicts SCHEME`: the options and the run
 * (stats_conflicts.c). */
#ifndef HAMM_CLI_STATS_CONFLICTS_H
#define HAMM_CLI_STATS_CONFLICTS_H

#include <stdint.h>
#include <stdio.h>

#include "cli.h"

enum { CLI_MAX_SCHEMES = 8 };

typedef struct cli_conflicts_opts {
    const char *schemes[CLI_MAX_SCHEMES]; /* --conflicts, in order */
    size_t nschemes;
    uint32_t lanes;      /* --modules (default 32) */
    uint32_t group;      /* --group (0: per warp instruction, else windows) */
    uint32_t word_bytes; /* --word-size (default 4) */
    uint32_t max_stride; /* --strides (default 64) */
    int given;           /* any of the options above but --conflicts was given */
} cli_conflicts_opts;

void cli_conflicts_init(cli_conflicts_opts *c);
/* One of stats' conflict options (--conflicts, --modules, --group, --word-size,
 * --strides): 1 when it was one, 0 when not, -1 after printing a usage error. */
int cli_conflicts_option(int opt, const char *arg, cli_conflicts_opts *c);
/* The help lines of those options. */
void cli_conflicts_help(FILE *out);
/* The long options' getopt values (no short letters). */
enum { CLI_OPT_CONFLICTS = 300, CLI_OPT_MODULES, CLI_OPT_GROUP, CLI_OPT_WORD, CLI_OPT_STRIDES };
#define CLI_CONFLICTS_LONGOPTS                                                                \
    {"conflicts", required_argument, NULL, CLI_OPT_CONFLICTS},                                \
        {"modules", required_argument, NULL, CLI_OPT_MODULES},                                \
        {"group", required_argument, NULL, CLI_OPT_GROUP},                                    \
        {"word-size", required_argument, NULL, CLI_OPT_WORD},                                 \
        {"strides", required_argument, NULL, CLI_OPT_STRIDES}

/* Read the trace and write its conflict analysis under each scheme (the model `cfg`
 * named in the result). */
int cli_stats_conflicts(const char *path, const char *out_path, int json,
                        const cli_trace_opts *o, const hamm_system_config *cfg,
                        const cli_conflicts_opts *c);

#endif
