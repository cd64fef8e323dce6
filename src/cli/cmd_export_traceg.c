/* cmd_export_traceg.c - `hamm export-traceg WORKLOAD -o DIR`: a kernel description (or a
 * recording as hamm reads it) written as an Accel-Sim trace directory, which appears
 * whole or not at all (a staging directory renamed, or moved, into place). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "hamm/plot.h"
#include "hamm/workload.h"

#define CMD "export-traceg"

void cmd_export_traceg_help(FILE *out)
{
    fprintf(out,
            "usage: hamm export-traceg WORKLOAD -o DIR [--max-instructions N]\n\n"
            "Write WORKLOAD (a kernel description, docs/WORKLOADS.md; or an Accel-Sim\n"
            "recording, as hamm's engine reads it) as an Accel-Sim trace directory:\n"
            "DIR/kernelslist.g and DIR/kernel-N.traceg, one per kernel, which Accel-Sim's\n"
            "accel-sim.out runs (-trace DIR/kernelslist.g) and 'hamm simulate --workload DIR'\n"
            "reads back instruction for instruction.  Each instruction class becomes a SASS\n"
            "opcode of Accel-Sim's tables (docs/ACCELSIM.md).  DIR is made if missing; its\n"
            "other files are left alone.\n\n"
            "The recording holds one line per warp instruction (30 to 55 bytes each on the\n"
            "bundled workloads): a description that could give more than N is refused\n"
            "before anything is written, with its counts (every loop at its largest\n"
            "count); a recording read back stops where it passes N.\n\n"
            "options:\n"
            "  -o, --output DIR         the trace directory (required)\n"
            "      --max-instructions N the most warp instructions written (default\n"
            "                           100000000)\n"
            "  -h, --help               this help\n");
}

/* 0 to run, -1 after --help, else the usage error's exit status. */
static int parse_args(int argc, char **argv, const char **in, const char **dir,
                      uint64_t *most)
{
    enum { OPT_MAX_INSTRUCTIONS = 256 };
    static const struct option longopts[] = {
        {"output", required_argument, NULL, 'o'},
        {"max-instructions", required_argument, NULL, OPT_MAX_INSTRUCTIONS},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'o':
            *dir = optarg;
            break;
        case OPT_MAX_INSTRUCTIONS:
            if (cli_parse_u64(CMD, "--max-instructions", optarg, 1, UINT64_MAX - 1, most) != 0)
                return CLI_USAGE;
            break;
        case 'h':
            cmd_export_traceg_help(stdout);
            return -1;
        default:
            return cli_usage(CMD, "unknown option");
        }
    }
    if (optind != argc - 1)
        return cli_usage(CMD, "needs exactly one workload");
    *in = argv[optind];
    if (!*dir || !**dir)
        return cli_usage(CMD, "needs -o DIR, the trace directory to write");
    return 0;
}

/* Before any work: no file written into DIR is one the workload is read from (writing
 * DIR/kernelslist.g over the recording's own, say).  DIR gets kernelslist.g and a
 * kernel-N.traceg per kernel: at most one per file read (a kernel description, never
 * named like a recording's file, cannot be one of them). */
static int check_paths(const char *in, const char *dir)
{
    hamm_error err;
    hamm_error_clear(&err);
    hamm_input_set *read = hamm_input_set_new();
    if (!read)
        hamm_error_set(&err, HAMM_ERR_NOMEM, "out of memory");
    if (!read || hamm_workload_inputs(in, read, &err) != HAMM_OK) {
        hamm_input_set_free(read);
        return cli_report(&err);
    }
    size_t n = 1 + hamm_input_set_count(read);
    cli_path *paths = calloc(n, sizeof *paths);
    char(*names)[4096] = calloc(n, sizeof *names);
    int rc = paths && names ? CLI_OK : CLI_FAIL;
    for (size_t i = 0; rc == CLI_OK && i < n; i++) {
        if (i == 0)
            snprintf(names[i], sizeof names[i], "%s/kernelslist.g", dir);
        else
            snprintf(names[i], sizeof names[i], "%s/kernel-%zu.traceg", dir, i);
        paths[i] = (cli_path){names[i], "a file written into -o", 1};
    }
    if (rc == CLI_OK)
        rc = cli_check_paths(CMD, paths, n, read);
    else
        fprintf(stderr, "hamm: out of memory\n");
    free(paths);
    free(names);
    hamm_input_set_free(read);
    return rc;
}

int cmd_export_traceg(int argc, char **argv)
{
    const char *in = NULL, *dir = NULL;
    uint64_t most = HAMM_EXPORT_TRACEG_MAX_INSTRUCTIONS;
    int rc = parse_args(argc, argv, &in, &dir, &most);
    if (rc != 0)
        return rc < 0 ? CLI_OK : rc;
    hamm_error err;
    hamm_error_clear(&err);
    hamm_stage stage;
    size_t kernels = 0;
    if ((rc = check_paths(in, dir)) != CLI_OK)
        return rc;
    if (cli_stage_open(&stage, dir, &err) != HAMM_OK)
        return cli_report(&err);
    if (hamm_workload_export_traceg(in, stage.path, most, &kernels, &err) != HAMM_OK)
        return cli_stage_fail(&stage, &err);
    int made = !stage.exists;
    if (cli_stage_commit(&stage, &err) != HAMM_OK)
        return cli_report(&err);
    if (made) { /* the stage was made private (mkdtemp); a new directory gets the umask's mode */
        mode_t mask = umask(0);
        umask(mask);
        chmod(dir, 0777 & ~mask);
    }
    printf("%s: kernelslist.g and %zu kernel file%s\n", dir, kernels, kernels == 1 ? "" : "s");
    return CLI_OK;
}
