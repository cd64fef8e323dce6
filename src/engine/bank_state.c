/* bank_state.c - the DRAM side of one channel: each bank's open row and the earliest
 * cycle of every command per bank, bank group and rank, each rank's four-activate ring
 * and the command bus.
 *
 * A command issued at t raises, for every command it delays, that command's earliest
 * cycle in each scope (the largest wins), as the timing table says; bank_earliest
 * (channel_internal.h) reads them back. */
#include <stdlib.h>

#include "channel_internal.h"
#include "common/alloc.h"

int bank_state_init(channel *c)
{
    const channel_params *p = &c->p;
    c->bank = hamm_calloc_array(p->banks, sizeof *c->bank);
    c->group = hamm_calloc_array(p->bank_groups, sizeof *c->group);
    c->aux = hamm_calloc_array(p->banks, sizeof *c->aux);
    if (!c->bank || !c->group || !c->aux)
        return 0;
    for (uint32_t b = 0; b < p->banks; b++) {
        c->bank[b].open_row = NO_ROW;
        c->bank[b].head = c->bank[b].tail = NIL;
        c->aux[b].idle_head = c->aux[b].idle_tail = NIL;
        c->aux[b].activated = NIL;
    }
    for (uint32_t per_group = p->banks / p->bank_groups; per_group > 1; per_group >>= 1)
        c->group_shift++;
    for (uint32_t per_rank = p->banks / p->ranks; per_rank > 1; per_rank >>= 1)
        c->rank_shift++;
    return p->ranks <= MAX_RANKS;
}

void bank_state_free(channel *c)
{
    free(c->bank);
    free(c->group);
    free(c->aux);
}

static void push_delays(uint64_t *earliest_of, const uint32_t *delay, uint64_t t)
{
    for (int a = 0; a < HAMM_CMD_COUNT; a++)
        if (delay[a])
            earliest_of[a] = max64(earliest_of[a], t + delay[a]);
}

/* What a command to rank r delays in its rank and, on the shared bus, in the others. */
static void push_ranks(channel *c, uint32_t r, hamm_dram_command cmd, uint64_t t)
{
    push_delays(c->rank[r].earliest, c->t->delay[SCOPE_RANK][cmd], t);
    for (uint32_t o = 0; o < c->p.ranks; o++)
        if (o != r)
            push_delays(c->rank[o].earliest, c->t->delay[SCOPE_OTHER_RANKS][cmd], t);
    c->cmd_free = t + 1;
}

void bank_state_apply(channel *c, uint32_t bank, hamm_dram_command cmd, uint64_t t)
{
    crank *r = &c->rank[rank_of(c, bank)];
    push_ranks(c, rank_of(c, bank), cmd, t);
    push_delays(c->group[bank_group_of(c, bank)], c->t->delay[SCOPE_GROUP][cmd], t);
    push_delays(c->bank[bank].earliest, c->t->delay[SCOPE_BANK][cmd], t);
    if (cmd == HAMM_CMD_ACT)
        r->faw[r->faw_n++ % 4] = t;
}

void bank_state_refresh(channel *c, uint32_t r, uint64_t t)
{
    push_ranks(c, r, HAMM_CMD_REF, t);
}

void bank_state_open(channel *c, uint32_t b, uint32_t row)
{
    cbank *k = &c->bank[b];
    c->open_banks++;
    k->open_row = row;
    k->served_since_act = 0;
    k->open_hits[0] = k->open_hits[1] = 0;
    for (uint32_t idle = 0; idle < c->lanes; idle++) /* one lane: no idle list */
        for (uint32_t i = idle ? c->aux[b].idle_head : k->head; i != NIL; i = c->pool[i].next)
            k->open_hits[c->pool[i].write] += c->pool[i].row == row;
}

void bank_state_close(channel *c, uint32_t b)
{
    cbank *k = &c->bank[b];
    c->open_banks--;
    k->open_row = NO_ROW;
    k->open_hits[0] = k->open_hits[1] = 0;
}
