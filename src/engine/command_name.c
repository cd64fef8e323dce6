/* command_name.c - the names of the DRAM commands, as the command log spells them
 * (docs/COMMAND_LOG.md) and the checker reports them. */
#include "common/enum_table.h"
#include "hamm/command.h"

static const char *const command_names[HAMM_CMD_COUNT] = {
    [HAMM_CMD_ACT] = "ACT", [HAMM_CMD_PRE] = "PRE", [HAMM_CMD_RD] = "RD",
    [HAMM_CMD_WR] = "WR",   [HAMM_CMD_REF] = "REF",
};

static const struct enum_table command_table = {
    .what = "command", .field = "cmd", .status = HAMM_ERR_PARSE,
    .names = command_names, .count = HAMM_CMD_COUNT, .unknown = "?",
    .lead = "", .all = NULL, .or_last = 1,
};

const char *hamm_command_name(hamm_dram_command c)
{
    return enum_table_name(&command_table, (unsigned)c);
}
