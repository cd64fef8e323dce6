/* command_log.c - the DRAM command log a run writes (docs/COMMAND_LOG.md): `hamm simulate
 * TRACE -c FILE` from the reference engine, `hamm simulate --workload W -c FILE` from the
 * GPU engine's DRAM channels. */
#include "cli.h"

void cli_command_log_write(void *user, const hamm_command *cmd)
{
    cli_command_log *s = user;
    if (s->err.status == HAMM_OK)
        hamm_command_log_write(s->log, cmd, 1, &s->err);
}

int cli_command_log_open(cli_command_log *s, const char *path, const hamm_engine_params *ep)
{
    hamm_error_clear(&s->err);
    if (cli_outfile_open(&s->file, path, 1) != CLI_OK)
        return CLI_FAIL;
    hamm_command_device dev;
    hamm_engine_command_device(ep, &dev);
    if (hamm_output_to_file(&s->out, s->file.fp, path, hamm_compression_for_name(path), 0,
                            &s->err) != HAMM_OK ||
        hamm_command_log_new(&s->log, s->out, &dev, &s->err) != HAMM_OK) {
        cli_outfile_abort(&s->file);
        hamm_output_free(s->out);
        s->out = NULL;
        return cli_report(&s->err);
    }
    return CLI_OK;
}

int cli_command_log_close(cli_command_log *s, int ok)
{
    int rc = CLI_OK;
    if (ok && s->err.status == HAMM_OK &&
        (hamm_command_log_flush(s->log, &s->err) != HAMM_OK ||
         hamm_output_finish(s->out, &s->err) != HAMM_OK))
        rc = cli_report(&s->err);
    else if (ok && s->err.status != HAMM_OK)
        rc = cli_report(&s->err);
    hamm_command_log_free(s->log);
    hamm_output_free(s->out);
    if (ok && rc == CLI_OK)
        return cli_outfile_commit(&s->file);
    cli_outfile_abort(&s->file);
    return ok ? rc : CLI_FAIL;
}
