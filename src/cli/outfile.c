/* outfile.c - outputs that appear whole or not at all, and the writing of results.
 *
 * Results go to a temporary file beside the target and are renamed over it on
 * commit, so an interrupted or failed run never leaves a half-written result; a fatal
 * signal removes the temporary (out_temp.c).  Only a regular file is replaced so:
 * a device or a FIFO is written in place, a symbolic link keeps pointing at the file it
 * names, whose content is replaced.  Every write error is reported, with its reason.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

static int is_stdout(const char *path)
{
    return !path || strcmp(path, "-") == 0 || strcmp(path, "/dev/stdout") == 0;
}

/* Why the first failed cli_fputs to a stream failed: stdio keeps only that one did. */
static const FILE *failed_fp;
static int failed_errno;

void cli_fputs(const char *text, FILE *fp)
{
    if (fputs(text, fp) < 0 && failed_fp != fp) {
        failed_fp = fp;
        failed_errno = errno;
    }
}

/* The errno of the first failed cli_fputs to `fp`, forgotten as `fp` closes. */
static int failure_of(const FILE *fp)
{
    int e = failed_fp == fp ? failed_errno : 0;
    if (failed_fp == fp)
        failed_fp = NULL;
    return e;
}

/* Print why writing `name` failed: errno when the failing call set it, else the stream's
 * error flag, whose cause an earlier write knew. */
static int write_failed(const char *name, const char *what, int saved)
{
    fprintf(stderr, "hamm: %s: %s%s\n", name, what, saved ? strerror(saved) : "write failed");
    return CLI_FAIL;
}

/* Flush and close `fp`: 0, or the errno of the failure (-1 when the stream only kept its
 * error flag). */
static int close_stream(FILE *fp)
{
    int had = ferror(fp), first = failure_of(fp);
    errno = 0;
    if (fclose(fp) != 0)
        return first ? first : errno ? errno : -1;
    return had ? (first ? first : -1) : 0;
}

static int open_direct(cli_outfile *o)
{
    o->fp = fopen(o->target, "wb");
    if (!o->fp) {
        fprintf(stderr, "hamm: %s: cannot open output: %s\n", o->path, strerror(errno));
        return CLI_FAIL;
    }
    return CLI_OK;
}

int cli_outfile_open(cli_outfile *o, const char *path, int binary)
{
    (void)binary; /* POSIX makes no text/binary difference */
    memset(o, 0, sizeof *o);
    o->path = path;
    if (is_stdout(path)) {
        o->fp = stdout;
        return CLI_OK;
    }
    int direct;
    if (cli_out_target(path, o->target, sizeof o->target, &direct) != 0) {
        fprintf(stderr, "hamm: %s: cannot create output: %s\n", path,
                errno == EISDIR ? "is a directory" : strerror(errno));
        return CLI_FAIL;
    }
    if (direct)
        return open_direct(o);
    int n = snprintf(o->tmp, sizeof o->tmp, "%s.tmp-XXXXXX", o->target);
    if (n < 0 || (size_t)n >= sizeof o->tmp) {
        fprintf(stderr, "hamm: %s: output path too long\n", path);
        return CLI_FAIL;
    }
    int fd = cli_temp_create(o->tmp);
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
        int e = errno;
        close(fd);
        unlink(o->tmp);
        cli_temp_forget(o->tmp);
        fprintf(stderr, "hamm: %s: cannot create output: %s\n", path, strerror(e));
        return CLI_FAIL;
    }
    return CLI_OK;
}

/* Name `target` by the finished temporary `tmp` only where no file has that name yet, in
 * one step that fails with EEXIST when one has: two runs racing for the name cannot both
 * have it.  The temporary stays; 0 or -1 with errno. */
static int claim(const char *tmp, const char *target)
{
    if (link(tmp, target) == 0)
        return 0;
    if (errno != EPERM && errno != EOPNOTSUPP && errno != ENOSYS)
        return -1;
    /* no hard links here (vfat, some FUSE): claim the name empty, then fill it */
    int fd = open(target, O_WRONLY | O_CREAT | O_EXCL, 0666);
    if (fd < 0)
        return -1;
    close(fd);
    if (rename(tmp, target) == 0)
        return 0;
    int e = errno;
    unlink(target);
    errno = e;
    return -1;
}

/* The temporary put in place: over the target, or (replace 0) only where there is none,
 * else *existed set and the temporary dropped. */
static int commit(cli_outfile *o, int replace, int *existed)
{
    if (o->fp == stdout) {
        int had = ferror(stdout), first = failure_of(stdout);
        errno = 0;
        if (fflush(stdout) != 0 || had)
            return write_failed("standard output", "", first ? first : had ? 0 : errno);
        return CLI_OK;
    }
    int e = close_stream(o->fp);
    o->fp = NULL;
    if (!o->tmp[0])
        return e ? write_failed(o->path, "cannot write output: ", e > 0 ? e : 0) : CLI_OK;
    if (!e && (replace ? rename(o->tmp, o->target) : claim(o->tmp, o->target)) != 0)
        e = errno;
    if (!replace && e == EEXIST) {
        *existed = 1;
        e = 0;
    }
    if (e || !replace) /* after a link, the file's second name; after a failure, the file */
        unlink(o->tmp);
    cli_temp_forget(o->tmp);
    return e ? write_failed(o->path, "cannot write output: ", e > 0 ? e : 0) : CLI_OK;
}

int cli_outfile_commit(cli_outfile *o)
{
    return commit(o, 1, NULL);
}

int cli_outfile_commit_new(cli_outfile *o, int *existed)
{
    *existed = 0;
    return commit(o, 0, existed);
}

void cli_outfile_abort(cli_outfile *o)
{
    if (!o->fp || o->fp == stdout)
        return;
    fclose(o->fp);
    o->fp = NULL;
    if (o->tmp[0]) {
        unlink(o->tmp);
        cli_temp_forget(o->tmp);
    }
}

int cli_stdout_close(int rc)
{
    int e = close_stream(stdout);
    if (rc != CLI_OK || !e) /* a failed command has said why */
        return rc;
    return write_failed("standard output", "", e > 0 ? e : 0);
}

void cli_print_run(FILE *out, const cli_result *res)
{
    const hamm_system_config *m = res->model;
    fprintf(out, "trace      %s (%s, %s)\n", res->trace_path,
            hamm_trace_format_name(hamm_trace_reader_format(res->reader)),
            hamm_compression_name(hamm_input_compression(hamm_trace_reader_input(res->reader))));
    char ranks[48] = ""; /* said only when there are several, so older tables stay */
    if (m->dram.ranks > 1)
        snprintf(ranks, sizeof ranks, " x %u ranks", m->dram.ranks);
    fprintf(out, "model      %s: %u channels%s x %u chips, %u banks, queue %u, %s\n", m->name,
            m->channels, ranks, m->chips_per_channel, m->dram.banks, m->queue_size,
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
                                {0}, res->capacity};
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
            cli_fputs(text, out.fp);
        else
            table(out.fp, res);
        rc = cli_outfile_commit(&out);
    }
    free(text);
    return rc;
}
