/* checker.c - the independent timing checker (docs/COMMAND_LOG.md): its life cycle and
 * the check of one command, which replays each channel's DRAM commands and reports every
 * rule a command breaks.  The rules are in checker_rules.c, the state they read in
 * checker_state.c (see checker_internal.h).
 *
 * Owns, per rank of each channel: each bank's state and the cycle of its last ACT, PRE,
 * RD and WR; per bank group the latest ACT (by bank), RD and WR; per rank the latest ACT,
 * RD and WR by bank group, the tFAW ring and the refresh state; per channel the command
 * bus and the recent data bursts of every rank (which share the data bus). */
#include <stdlib.h>

#include "checker_internal.h"
#include "common/alloc.h"

/* ---- life cycle -------------------------------------------------------------------- */

hamm_status hamm_checker_new(hamm_checker **out, const hamm_command_device *dev,
                             hamm_error *err)
{
    *out = NULL;
    hamm_status st = checker_device_check(dev, NULL, 0, err);
    if (st != HAMM_OK)
        return st;
    hamm_checker *c = calloc(1, sizeof *c);
    size_t units = (size_t)dev->channels * dev->dram.ranks; /* every rank of every channel */
    if (c) {
        c->ch = hamm_calloc_array(units, sizeof *c->ch);
        c->bus = hamm_calloc_array(dev->channels, sizeof *c->bus);
        c->groups = hamm_calloc_array(units * dev->dram.bank_groups, sizeof *c->groups);
        c->banks = hamm_calloc_array(units * dev->dram.banks, sizeof *c->banks);
    }
    if (!c || !c->ch || !c->bus || !c->groups || !c->banks) {
        hamm_checker_free(c);
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    }
    c->dev = *dev;
    c->t = &c->dev.dram.timing;
    c->ranks = dev->dram.ranks;
    checker_rules_derive(c);
    checker_state_reset(c);
    *out = c;
    return HAMM_OK;
}

void hamm_checker_free(hamm_checker *c)
{
    if (!c)
        return;
    free(c->ch);
    free(c->bus);
    free(c->groups);
    free(c->banks);
    free(c);
}

uint64_t hamm_checker_commands(const hamm_checker *c)
{
    return c->commands;
}

uint64_t hamm_checker_violations(const hamm_checker *c)
{
    return c->violations;
}

/* ---- checking ---------------------------------------------------------------------- */

unsigned hamm_checker_check(hamm_checker *c, const hamm_command *cmd, hamm_violation_fn report,
                            void *user)
{
    check_ctx x = {c, cmd, report, user, 0};
    c->commands++;
    if (checker_rules_range(&x)) {
        c->violations += x.n;
        return x.n;
    }
    size_t unit = (size_t)cmd->channel * c->ranks + cmd->rank; /* the channel's rank */
    bus_state *bus = &c->bus[cmd->channel];
    where w = {bus, &c->ch[unit], NULL, NULL, 0, 0, cmd->rank};
    if (cmd->cmd != HAMM_CMD_REF) {
        w.bank = cmd->bank;
        w.group = cmd->bank / c->banks_per_group;
        w.b = &c->banks[unit * c->dev.dram.banks + cmd->bank];
        w.g = &c->groups[unit * c->dev.dram.bank_groups + w.group];
    }
    checker_rules_check(&x, &w);
    checker_state_issue(&w, cmd);
    bus->last_cmd = cmd->cycle;
    bus->spoke = 1;
    if (cmd->cycle > c->end)
        c->end = cmd->cycle;
    c->violations += x.n;
    return x.n;
}

unsigned hamm_checker_finish(hamm_checker *c, hamm_violation_fn report, void *user)
{
    unsigned total = 0;
    if (!c->refi_max || c->commands == 0)
        return 0;
    for (uint32_t h = 0; h < c->dev.channels; h++)
        for (uint32_t r = 0; r < c->ranks; r++) {
            hamm_command end = {c->end, h, HAMM_NO_BANK, 0, HAMM_CMD_COUNT, r};
            check_ctx x = {c, &end, report, user, 0};
            checker_rules_finish(&x, &c->ch[(size_t)h * c->ranks + r]);
            total += x.n;
        }
    c->violations += total;
    return total;
}
