/* timing.h - the DRAM timing constraints as tables, DRAMsim3's way: when a command is
 * issued, each command it delays must wait a fixed number of cycles, by scope (bank, bank
 * group, rank, the other ranks of the channel).  Built
 * once from the model's hamm_dram_timing with the derived delays named. */
#ifndef HAMM_ENGINE_TIMING_H
#define HAMM_ENGINE_TIMING_H

#include <stdint.h>

#include "hamm/command.h"
#include "hamm/config.h"

typedef enum timing_scope {
    SCOPE_BANK = 0, /* the bank the command went to */
    SCOPE_GROUP,    /* every bank of its bank group (the bank itself included) */
    SCOPE_RANK,     /* every bank of its rank (the whole channel when it has one rank) */
    SCOPE_OTHER_RANKS, /* every bank of the channel's other ranks: they share the data bus */
    SCOPE_COUNT
} timing_scope;

typedef struct timing_table {
    /* delay[scope][issued][affected]: cycles after `issued` before `affected` may go. */
    uint32_t delay[SCOPE_COUNT][HAMM_CMD_COUNT][HAMM_CMD_COUNT];
    uint32_t burst;   /* data bus cycles of one RD or WR: BL / data_rate */
    uint32_t read_to_data, write_to_data; /* CL, WL */
    uint32_t tFAW;    /* 0: no four-activate window */
    uint32_t tREFI, tRFC;
} timing_table;

void timing_build(timing_table *t, const hamm_dram_config *d);

#endif
