/* cmd_merge.c - `hamm merge DIR`: join the results of a sweep's emitted jobs into the
 * hamm-sweep/1 document the in-process sweep would have written, or say which are missing. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hamm/sweep.h"

void cmd_merge_help(FILE *out)
{
    fprintf(out,
            "usage: hamm merge [options] DIR\n\n"
            "Join the point-NNNN.json results that the jobs of `hamm sweep --emit-jobs DIR`\n"
            "wrote into one hamm-sweep/1 document, byte for byte what `hamm sweep --json`\n"
            "gives for the same suite and grid.  When a job has no result, name it (and its\n"
            "command), write nothing and exit 1.\n\n"
            "options:\n"
            "  -o, --output FILE        write the result to FILE (atomically; default stdout)\n"
            "  -h, --help               this help\n");
}

/* A point whose result is missing or not its own, said on stderr as it is found. */
static void say_problem(void *user, const hamm_sweep_problem *p)
{
    (void)user;
    const hamm_error *why = p->why;
    if (p->missing)
        fprintf(stderr, "hamm: missing job %zu: %s: no result; its command:\n  %s\n", p->index,
                p->path, p->command);
    else if (why->status == HAMM_ERR_PARSE && why->line) /* the column even when it is 0 */
        fprintf(stderr, "hamm: %s:%llu:%llu: %s\n", p->path, (unsigned long long)why->line,
                (unsigned long long)why->column, why->text);
    else
        cli_report(why);
}

int cmd_merge(int argc, char **argv)
{
    static const struct option longopts[] = {{"output", required_argument, NULL, 'o'},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};
    const char *out_path = NULL;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
        if (c == 'o') {
            out_path = optarg;
        } else if (c == 'h') {
            cmd_merge_help(stdout);
            return CLI_OK;
        } else {
            return cli_usage("merge", "unknown option");
        }
    }
    if (optind != argc - 1)
        return cli_usage("merge", "needs exactly one DIR argument");
    const char *dir = argv[optind];
    hamm_error err;
    hamm_error_clear(&err);
    hamm_input_set *read = hamm_input_set_new(); /* the plan and the results */
    if (!read)
        hamm_error_set(&err, HAMM_ERR_NOMEM, "out of memory");
    int rc = !read || hamm_sweep_merge_inputs(dir, read, &err) != HAMM_OK
                 ? cli_report(&err)
                 : cli_check_paths("merge", &(cli_path){out_path, "-o", 1}, 1, read);
    hamm_input_set_free(read);
    if (rc != CLI_OK)
        return rc;
    json_t *doc = NULL;
    if (hamm_sweep_merge(dir, say_problem, NULL, &doc, &err) != HAMM_OK)
        return cli_report(&err);
    char *text = hamm_json_text(doc);
    if (!text)
        return CLI_FAIL;
    cli_outfile out;
    rc = cli_outfile_open(&out, out_path, 0);
    if (rc == CLI_OK) {
        cli_fputs(text, out.fp);
        rc = cli_outfile_commit(&out);
    }
    free(text);
    return rc;
}
