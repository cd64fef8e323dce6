/* checker_state.c - the timing checker's state: per bank, group and rank the cycle of
 * the last command of each kind that a rule measures from, the tFAW ring and the refresh
 * interval, per channel the command bus and the recent data bursts; and how each command
 * moves it.  Memory is O(channels x ranks x banks); nothing grows with the log.
 *
 * A command that breaks rules still updates the state as if it had been issued, so one
 * mistake is reported once, not again by every command after it. */
#include <string.h>

#include "checker_internal.h"

static void latest_init(latest2 *l)
{
    l->cycle[0] = l->cycle[1] = NEVER;
    l->unit[0] = l->unit[1] = NO_UNIT;
}

void checker_state_reset(hamm_checker *c)
{
    const hamm_command_device *dev = &c->dev;
    size_t nbanks = (size_t)dev->channels * c->ranks * dev->dram.banks;
    size_t ngroups = (size_t)dev->channels * c->ranks * dev->dram.bank_groups;
    for (size_t i = 0; i < nbanks; i++)
        c->banks[i] = (bank_state){NEVER, NEVER, NEVER, NEVER, 0, 0};
    for (size_t i = 0; i < ngroups; i++) {
        latest_init(&c->groups[i].act);
        c->groups[i].rd = c->groups[i].wr = NEVER;
    }
    for (size_t h = 0; h < (size_t)dev->channels * c->ranks; h++) {
        channel_state *ch = &c->ch[h];
        memset(ch, 0, sizeof *ch);
        latest_init(&ch->act);
        latest_init(&ch->rd);
        latest_init(&ch->wr);
        ch->last_pre = ch->last_ref = NEVER;
    }
    for (uint32_t h = 0; h < dev->channels; h++) {
        memset(&c->bus[h], 0, sizeof c->bus[h]);
        c->bus[h].last_cmd = c->bus[h].last_rd = NEVER;
    }
}

/* ---- scopes ------------------------------------------------------------------------ */

uint64_t checker_state_latest_except(const latest2 *l, uint32_t unit)
{
    return l->unit[0] != unit ? l->cycle[0] : l->cycle[1];
}

static void latest_push(latest2 *l, uint32_t unit, uint64_t cycle)
{
    if (l->cycle[0] != NEVER && l->unit[0] != unit) {
        l->cycle[1] = l->cycle[0];
        l->unit[1] = l->unit[0];
    }
    l->cycle[0] = cycle;
    l->unit[0] = unit;
}

static void burst_push(burst_ring *r, uint64_t issue, uint32_t rank)
{
    r->issue[r->next] = issue;
    r->rank[r->next] = rank;
    r->next = (r->next + 1) & (BURST_RING - 1);
    if (r->n < BURST_RING)
        r->n++;
}

/* Sums are compared exactly, as data may lie past 2^64 - 1.  A burst of the same rank
 * must not overlap the new one [cycle + own, cycle + own + burst); one of another rank
 * must keep `gap` cycles from it on either side.  Walking back from the newest, the first
 * that breaks that is reported (without a gap, bursts of one kind start in issue order,
 * so it is the only candidate: every older one ends no later than it does). */
uint64_t checker_state_burst_overlap(const burst_ring *r, uint64_t latency, uint64_t burst,
                                     const bus_burst *own, uint64_t gap, uint32_t *rank)
{
    for (uint32_t i = 1; i <= r->n; i++) {
        uint32_t k = (r->next - i) & (BURST_RING - 1);
        uint64_t issue = r->issue[k], g = r->rank[k] == own->rank ? 0 : gap;
        if (sum_less(issue, latency, own->cycle, own->latency + burst + g) &&
            sum_less(own->cycle, own->latency, issue, latency + burst + g)) {
            *rank = r->rank[k];
            return issue;
        }
    }
    return NEVER;
}

uint32_t checker_state_first_open_bank(const hamm_checker *c, uint32_t channel, uint32_t rank)
{
    const bank_state *b =
        &c->banks[((size_t)channel * c->ranks + rank) * c->dev.dram.banks];
    uint32_t i = 0;
    while (i + 1 < c->dev.dram.banks && !b[i].open)
        i++;
    return i;
}

/* ---- issuing: the state after the command -------------------------------------------- */

static void issue_act(const where *w, uint64_t cycle, uint32_t row)
{
    channel_state *ch = w->ch;
    if (!w->b->open) {
        w->b->open = 1;
        ch->open_banks++;
    }
    w->b->row = row;
    w->b->act = cycle;
    latest_push(&w->g->act, w->bank, cycle);
    latest_push(&ch->act, w->group, cycle);
    ch->faw[ch->faw_next] = cycle;
    ch->faw_next = (ch->faw_next + 1) & 3;
    if (ch->faw_n < 4)
        ch->faw_n++;
}

static void issue_pre(const where *w, uint64_t cycle)
{
    if (w->b->open) {
        w->b->open = 0;
        w->ch->open_banks--;
    }
    w->b->pre = cycle;
    w->ch->last_pre = cycle;
}

static void issue_rd(const where *w, uint64_t cycle)
{
    w->b->rd = w->g->rd = cycle;
    latest_push(&w->ch->rd, w->group, cycle);
    w->bus->last_rd = cycle;
    burst_push(&w->bus->bursts[0], cycle, w->rank);
}

static void issue_wr(const where *w, uint64_t cycle)
{
    w->b->wr = w->g->wr = cycle;
    latest_push(&w->ch->wr, w->group, cycle);
    burst_push(&w->bus->bursts[1], cycle, w->rank);
}

/* REF leaves the banks as they are (a REF to open banks is reported, not repaired). */
static void issue_ref(channel_state *ch, uint64_t cycle)
{
    ch->last_ref = cycle;
    ch->refi_base = cycle;
    ch->refi_reported = 0;
}

void checker_state_issue(const where *w, const hamm_command *cmd)
{
    switch (cmd->cmd) {
    case HAMM_CMD_ACT:
        issue_act(w, cmd->cycle, cmd->arg);
        break;
    case HAMM_CMD_PRE:
        issue_pre(w, cmd->cycle);
        break;
    case HAMM_CMD_RD:
        issue_rd(w, cmd->cycle);
        break;
    case HAMM_CMD_WR:
        issue_wr(w, cmd->cycle);
        break;
    case HAMM_CMD_REF:
        issue_ref(w->ch, cmd->cycle);
        break;
    case HAMM_CMD_COUNT:
        break; /* out of range: refused before */
    }
}
