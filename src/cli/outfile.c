/* outfile.c - outputs that appear whole or not at all, and the writing of results.
 *
 * Results go to a temporary file beside the target and are renamed over it on
 * commit, so an interrupted or failed run never leaves a half-written result.
 * A SIGINT/SIGTERM while a temporary exists removes it before dying.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* The one piece of process state: the temporary to remove if a signal arrives.
 * A signal handler cannot reach anything else. */
static volatile sig_atomic_t have_tmp;
static char tmp_to_remove[4096];

static void on_signal(int sig)
{
    if (have_tmp)
        unlink(tmp_to_remove);
    signal(sig, SIG_DFL);
    raise(sig);
}

int cli_outfile_open(cli_outfile *o, const char *path, int binary)
{
    (void)binary; /* POSIX makes no text/binary difference */
    memset(o, 0, sizeof *o);
    o->path = path;
    if (!path || strcmp(path, "-") == 0) {
        o->fp = stdout;
        return CLI_OK;
    }
    int n = snprintf(o->tmp, sizeof o->tmp, "%s.tmp-XXXXXX", path);
    if (n < 0 || (size_t)n >= sizeof o->tmp) {
        fprintf(stderr, "hamm: %s: output path too long\n", path);
        return CLI_FAIL;
    }
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        fprintf(stderr, "hamm: %s: cannot create output: %s\n", path, strerror(errno));
        return CLI_FAIL;
    }
    /* mkstemp creates the file 0600; give it the mode a plain fopen would. */
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    o->fp = fdopen(fd, "wb");
    if (!o->fp) {
        close(fd);
        unlink(o->tmp);
        fprintf(stderr, "hamm: %s: cannot create output: %s\n", path, strerror(errno));
        return CLI_FAIL;
    }
    memcpy(tmp_to_remove, o->tmp, sizeof tmp_to_remove);
    have_tmp = 1;
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    return CLI_OK;
}

int cli_outfile_commit(cli_outfile *o)
{
    if (o->fp == stdout) {
        if (fflush(stdout) != 0) {
            fprintf(stderr, "hamm: writing to standard output failed: %s\n", strerror(errno));
            return CLI_FAIL;
        }
        return CLI_OK;
    }
    int bad = ferror(o->fp);
    bad |= fclose(o->fp) != 0;
    o->fp = NULL;
    if (bad || rename(o->tmp, o->path) != 0) {
        fprintf(stderr, "hamm: %s: cannot write output: %s\n", o->path, strerror(errno));
        unlink(o->tmp);
        have_tmp = 0;
        return CLI_FAIL;
    }
    have_tmp = 0;
    return CLI_OK;
}

void cli_outfile_abort(cli_outfile *o)
{
    if (!o->fp || o->fp == stdout)
        return;
    fclose(o->fp);
    o->fp = NULL;
    unlink(o->tmp);
    have_tmp = 0;
}

void cli_print_run(FILE *out, const cli_result *res)
{
    const hamm_system_config *m = res->model;
    fprintf(out, "trace      %s (%s, %s)\n", res->trace_path,
            hamm_trace_format_name(hamm_trace_reader_format(res->reader)),
            hamm_compression_name(hamm_input_compression(hamm_trace_reader_input(res->reader))));
    fprintf(out, "model      %s: %u channels x %u chips, %u banks, queue %u, %s\n", m->name,
            m->channels, m->chips_per_channel, m->dram.banks, m->queue_size,
            hamm_scheduler_name(m->scheduler));
}

int cli_write_result(const char *out_path, int json, const cli_result *res, cli_table_fn table,
                     cli_json_fn to_json)
{
    char *text = NULL;
    if (json) {
        const hamm_input *in = hamm_trace_reader_input(res->reader);
        static const cli_trace_opts none; /* a result without options: the defaults */
        const cli_trace_opts *o = res->opts ? res->opts : &none;
        hamm_report_input ri = {res->trace_path, hamm_trace_reader_format(res->reader),
                                hamm_input_compression(in),
                                hamm_trace_reader_skipped(res->reader), res->model,
                                o->trace.request_size, o->trace.skip_bad, o->sets, o->nsets,
                                {0}};
        hamm_error err;
        hamm_error_clear(&err);
        /* a second read of the file, only for JSON: the table has no use for the hash */
        if (hamm_file_identify(res->trace_path, &ri.trace_id, &err) != HAMM_OK)
            return cli_report(&err);
        if (!(text = to_json(&ri, res->data))) {
            fprintf(stderr, "hamm: out of memory\n");
            return CLI_FAIL;
        }
    }
    cli_outfile out;
    int rc = cli_outfile_open(&out, out_path, 0);
    if (rc == CLI_OK) {
        if (text)
            fputs(text, out.fp);
        else
            table(out.fp, res);
        rc = cli_outfile_commit(&out);
    }
    free(text);
    return rc;
}
