/* hamm/command.h - DRAM commands as the reference engine issues them, the command log
 * (docs/COMMAND_LOG.md) that records them, and the independent timing checker that
 * reads it back. */
#ifndef HAMM_COMMAND_H
#define HAMM_COMMAND_H

#include <stddef.h>
#include <stdint.h>

#include "hamm/config.h"
#include "hamm/error.h"
#include "hamm/export.h"
#include "hamm/io.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hamm_dram_command {
    HAMM_CMD_ACT = 0, /* open a row */
    HAMM_CMD_PRE,     /* close the open row */
    HAMM_CMD_RD,      /* read burst */
    HAMM_CMD_WR,      /* write burst */
    HAMM_CMD_REF,     /* refresh every bank of one rank (of the channel, with one rank) */
    HAMM_CMD_COUNT
} hamm_dram_command;

#define HAMM_NO_BANK UINT32_MAX /* the bank of a REF */

typedef struct hamm_command {
    uint64_t cycle;    /* command-clock cycle it is issued in */
    uint32_t channel;
    uint32_t bank;     /* across bank groups, within the rank; HAMM_NO_BANK for REF */
    uint32_t arg;      /* ACT: row (< dram.rows); RD/WR: column (< dram.columns); else 0 */
    hamm_dram_command cmd;
    uint32_t rank;     /* < dram.ranks (0 with one rank); REF refreshes this rank's banks */
} hamm_command;

HAMM_API const char *hamm_command_name(hamm_dram_command c);

/* What the log header records and the checker needs: the channel count and the device
 * (of `dram` only these fields; rows and columns bound ACT's row and RD/WR's column). */
typedef struct hamm_command_device {
    uint32_t channels;
    hamm_dram_config dram; /* banks, bank_groups, rows, columns, burst_length, data_rate,
                              timing, ranks (at least 1; above 1 the log is version 2) */
} hamm_command_device;

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
