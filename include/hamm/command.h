/* hamm/command.h - DRAM commands as the reference engine issues them and the device they
 * are addressed to: the vocabulary the engine speaks and the command log and the timing
 * checker (hamm/checker.h) read. */
#ifndef HAMM_COMMAND_H
#define HAMM_COMMAND_H

#include <stdint.h>

#include "hamm/config.h"
#include "hamm/export.h"

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

/* The device a stream of commands is addressed to, as the engine describes it
 * (hamm_engine_command_device), the log header records and the checker needs: the channel
 * count and the device (of `dram` only these fields; rows and columns bound ACT's row and
 * RD/WR's column). */
typedef struct hamm_command_device {
    uint32_t channels;
    hamm_dram_config dram; /* banks, bank_groups, rows, columns, burst_length, data_rate,
                              timing, ranks (at least 1; above 1 the log is version 2) */
} hamm_command_device;

#ifdef __cplusplus
}
#endif

#endif
