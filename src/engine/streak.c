/* streak.c - row switches and the requests they strand, for the row streak observer
 * (channel.h, channel_observe_streaks; the Yuan thesis, section 6.3.2).
 *
 * A row switch is decided when the old row closes: its PRE.  A request to the old row
 * that arrives after it, while the bank precharges, could not have been served before
 * the switch by any scheduler, so only the requests queued before the bank's last PRE
 * may be stranded (and be breakers).  Only the closed-loop GPU engine observes; without
 * an observer the channel pays one test per ACT and PRE.  The walk is over one bank's
 * queue, at most the queue's size. */
#include <stdlib.h>

#include "channel_internal.h"
#include "common/alloc.h"

int channel_observe_streaks(channel *c, channel_streak_fn fn, void *user)
{
    streak_free(c);
    c->streak_row = hamm_calloc_array(c->p.banks, sizeof *c->streak_row);
    c->streak_cut = hamm_calloc_array(c->p.banks, sizeof *c->streak_cut);
    c->streak_origins = hamm_calloc_array(c->capacity + 1u, sizeof *c->streak_origins);
    if (!c->streak_row || !c->streak_cut || !c->streak_origins) {
        streak_free(c);
        return 0;
    }
    for (uint32_t b = 0; b < c->p.banks; b++)
        c->streak_row[b] = NO_ROW;
    c->on_streak = fn;
    c->streak_user = user;
    return 1;
}

void streak_free(channel *c)
{
    free(c->streak_row);
    free(c->streak_cut);
    free(c->streak_origins);
    c->streak_row = NULL;
    c->streak_cut = NULL;
    c->streak_origins = NULL;
    c->on_streak = NULL;
}

/* The oldest request in bank b's queue (of the lane served) to `row`, NIL if none. */
static uint32_t oldest_to(const channel *c, uint32_t b, uint32_t row)
{
    uint32_t i = c->bank[b].head;
    while (i != NIL && c->pool[i].row != row)
        i = c->pool[i].next;
    return i;
}

void streak_on_act(channel *c, uint32_t bank, uint32_t row)
{
    uint32_t old = c->streak_row[bank];
    if (old == row)
        return; /* the same row again (after a refresh or a closed page): the same streak */
    c->streak_row[bank] = row;
    uint64_t cut = c->streak_cut[bank];
    uint32_t n = 0, i = old == NO_ROW ? NIL : oldest_to(c, bank, row);
    /* The breakers are collected on the way; they count only if a stranded request ends
     * them.  A bank's queue is in arrival order, so the walk stops at the cut. */
    for (; i != NIL && c->pool[i].seq < cut && c->pool[i].row != old; i = c->pool[i].next)
        c->streak_origins[n++] = c->pool[i].origin;
    if (i == NIL || c->pool[i].seq >= cut) {
        c->on_streak(c->streak_user, c->streak_origins, 0, 0);
        return;
    }
    c->streak_origins[n] = c->pool[i].origin;
    c->on_streak(c->streak_user, c->streak_origins, n, 1);
}
