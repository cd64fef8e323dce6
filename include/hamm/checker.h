/* hamm/checker.h - the command log (docs/COMMAND_LOG.md) that records the DRAM commands
 * of hamm/command.h, and the independent timing checker that reads it back: the
 * engine's referee, which the engine does not depend on. */
#ifndef HAMM_CHECKER_H
#define HAMM_CHECKER_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/command.h"
#include "hamm/error.h"
#include "hamm/export.h"
#include "hamm/io.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- writing a log ---- */
typedef struct hamm_command_log hamm_command_log;
/* A log onto `out` (not owned); writes the two header lines.  HAMM_ERR_CONFIG naming the
 * header key for a device the checker cannot take (e.g. banks, rows or columns of 0). */
HAMM_API hamm_status hamm_command_log_new(hamm_command_log **log, hamm_output *out,
                                          const hamm_command_device *dev, hamm_error *err);
/* Append commands.  One the reader would reject is HAMM_ERR_ARG naming the field: no DRAM
 * command ("cmd"), channel, rank, bank, row or column out of range, or a cycle before the
 * channel's last ("cycle"). */
HAMM_API hamm_status hamm_command_log_write(hamm_command_log *log, const hamm_command *cmds,
                                            size_t n, hamm_error *err);
/* Flush buffered lines into the output (hamm_output_finish ends it). */
HAMM_API hamm_status hamm_command_log_flush(hamm_command_log *log, hamm_error *err);
HAMM_API void hamm_command_log_free(hamm_command_log *log);

/* ---- checking ---- */
/* One violation: err->field names the rule ("tRCD", "data bus", "state", ...), err->text
 * the numbers; source and line are set when checking a log file. */
typedef void (*hamm_violation_fn)(void *user, const hamm_command *cmd, const hamm_error *what);

typedef struct hamm_checker hamm_checker;
HAMM_API hamm_status hamm_checker_new(hamm_checker **out, const hamm_command_device *dev,
                                      hamm_error *err);
/* Check the next command (per channel, commands come in issue order); calls `report`
 * (may be NULL) for each rule it breaks and returns how many.  A command the device cannot
 * hold (not a DRAM command; channel, bank, ACT row or RD/WR column out of range) is one
 * violation of the rule "command" and changes no state. */
HAMM_API unsigned hamm_checker_check(hamm_checker *c, const hamm_command *cmd,
                                     hamm_violation_fn report, void *user);
/* After the last command: end-of-log rules (e.g. the refresh interval: a channel with no
 * REF for 9 x tREFI before the log's last cycle).  Such a violation names no command of
 * the log: `cmd` has cmd == HAMM_CMD_COUNT, bank HAMM_NO_BANK, the channel, and the
 * log's last cycle. */
HAMM_API unsigned hamm_checker_finish(hamm_checker *c, hamm_violation_fn report, void *user);
HAMM_API uint64_t hamm_checker_commands(const hamm_checker *c);
HAMM_API uint64_t hamm_checker_violations(const hamm_checker *c);
HAMM_API void hamm_checker_free(hamm_checker *c);

/* Read a whole log from `in` (owned, freed here), checking every command against the
 * device in its header.  Malformed input is an error (file, line, field), and so is a
 * channel, bank, row or column out of the header's range; violations go to `report` with
 * the log's file and line. */
HAMM_API hamm_status hamm_check_log(hamm_input *in, hamm_violation_fn report, void *user,
                                    uint64_t *commands, uint64_t *violations, hamm_error *err);

#ifdef __cplusplus
}
#endif

#endif
