/* cmd_check_log.c - `hamm check-log LOG...`: check DRAM command logs against the timing
 * constraints of docs/COMMAND_LOG.md and print every violation. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hamm/checker.h"

#define DEFAULT_MAX 100

void cmd_check_log_help(FILE *out)
{
    fprintf(out,
            "usage: hamm check-log [options] LOG...\n\n"
            "Check DRAM command logs (written by 'hamm simulate --command-log'; a file, or -\n"
            "for standard input; plain, zstd, gzip or xz) against the timing constraints of\n"
            "docs/COMMAND_LOG.md, independently of the engine that wrote them.  Each\n"
            "violation is printed on standard error as\n"
            "  hamm: FILE:LINE: cycle C channel H CMD bank B: RULE: numbers\n"
            "then a summary 'N commands, M violations' on standard output.  Exit status:\n"
            "0 when every log is clean, 1 on any violation or malformed log, 2 on usage\n"
            "errors.\n\n"
            "options:\n"
            "  -q, --quiet              print only the summary (and errors)\n"
            "      --max N              print at most N violations (default %d); the rest\n"
            "                           are counted\n"
            "  -h, --help               this help\n",
            DEFAULT_MAX);
}

typedef struct check_print {
    int quiet;
    uint64_t max;        /* violations to print */
    uint64_t printed;
    uint64_t unprinted;  /* beyond max */
} check_print;

static void print_violation(void *user, const hamm_command *cmd, const hamm_error *what)
{
    check_print *p = user;
    if (p->quiet)
        return;
    if (p->printed >= p->max) {
        p->unprinted++;
        return;
    }
    p->printed++;
    if (cmd->cmd == HAMM_CMD_COUNT) { /* found at the end of the log */
        fprintf(stderr, "hamm: %s: end of log at cycle %llu channel %u: %s: %s\n",
                what->source, (unsigned long long)cmd->cycle, (unsigned)cmd->channel,
                what->field, what->text);
        return;
    }
    char bank[16] = "-";
    if (cmd->cmd != HAMM_CMD_REF)
        snprintf(bank, sizeof bank, "%u", (unsigned)cmd->bank);
    fprintf(stderr, "hamm: %s:%llu: cycle %llu channel %u %s bank %s: %s: %s\n", what->source,
            (unsigned long long)what->line, (unsigned long long)cmd->cycle,
            (unsigned)cmd->channel, hamm_command_name(cmd->cmd), bank, what->field, what->text);
}

/* Check one log; adds its counts; returns 0 when it was read whole. */
static int check_one(const char *path, check_print *p, uint64_t *commands,
                     uint64_t *violations)
{
    hamm_error err;
    hamm_error_clear(&err);
    hamm_input *in = NULL;
    uint64_t n = 0, v = 0;
    if (cli_check_paths("check-log", &(cli_path){path, "the log", 0}, 1, NULL) != CLI_OK)
        return -1;
    hamm_status st = hamm_input_open(&in, path, &err);
    if (st == HAMM_OK)
        st = hamm_check_log(in, print_violation, p, &n, &v, &err);
    *commands += n;
    *violations += v;
    if (st != HAMM_OK) {
        cli_report(&err);
        return -1;
    }
    return 0;
}

static int parse_options(int argc, char **argv, check_print *p)
{
    static const struct option longopts[] = {{"quiet", no_argument, NULL, 'q'},
                                             {"max", required_argument, NULL, 'M'},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "qh", longopts, NULL)) != -1) {
        switch (c) {
        case 'q':
            p->quiet = 1;
            break;
        case 'M':
            if (cli_parse_u64("check-log", "--max", optarg, 0, UINT64_MAX, &p->max) != 0)
                return CLI_USAGE;
            break;
        case 'h':
            cmd_check_log_help(stdout);
            return -1;
        default:
            return cli_usage("check-log", "unknown option");
        }
    }
    if (optind >= argc)
        return cli_usage("check-log", "needs at least one LOG argument");
    return CLI_OK;
}

int cmd_check_log(int argc, char **argv)
{
    check_print p = {0, DEFAULT_MAX, 0, 0};
    int rc = parse_options(argc, argv, &p);
    if (rc < 0)
        return CLI_OK; /* --help */
    if (rc != CLI_OK)
        return rc;
    uint64_t commands = 0, violations = 0;
    int failed = 0;
    for (int i = optind; i < argc; i++)
        failed |= check_one(argv[i], &p, &commands, &violations) != 0;
    if (p.unprinted)
        fprintf(stderr, "hamm: ... and %llu more violation%s\n",
                (unsigned long long)p.unprinted, p.unprinted == 1 ? "" : "s");
    printf("%llu command%s, %llu violation%s\n", (unsigned long long)commands,
           commands == 1 ? "" : "s", (unsigned long long)violations,
           violations == 1 ? "" : "s");
    return failed || violations ? CLI_FAIL : CLI_OK;
}
