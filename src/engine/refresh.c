/* refresh.c - refresh of one channel: when a REF is due (every tREFI, when the channel
 * refreshes), the controller closes the open banks one at a time and then issues REF,
 * before anything else (but one burst after a REF that passed over queued requests).
 * With several ranks every rank is refreshed at each due cycle (the "all-rank" policy,
 * DRAMsim3's rank-level simultaneous refresh): the open banks of every rank close, then
 * one REF per rank goes, rank 0 first, each as soon as the command bus and its rank allow.
 * An idle channel does its REFs without stepping through them. */
#include "channel_internal.h"

void refresh_init(channel *c)
{
    c->refresh = c->p.refresh && c->t->tREFI;
    c->next_refresh = c->refresh ? c->t->tREFI : UINT64_MAX;
}

static uint64_t bursts(const channel *c)
{
    return c->r.stat[HAMM_STAT_read_bursts] + c->r.stat[HAMM_STAT_write_bursts];
}

/* A REF due at t waits while it would be the second in a row to pass over queued requests
 * without a burst between: refresh alone could otherwise starve the queue forever (when
 * closing the banks, refreshing and opening a row take longer than tREFI).  The loader
 * refuses such timings (config_check.c); this keeps a device built without it live.  The
 * next REF's due cycle does not move, so the engine catches up after. */
int refresh_due(const channel *c, uint64_t t, uint64_t *next)
{
    if (!c->refresh)
        return 0;
    if (t < c->next_refresh) {
        *next = c->next_refresh < *next ? c->next_refresh : *next;
        return 0;
    }
    return !(c->owed && c->size && bursts(c) == c->bursts_at_ref);
}

int refresh_step(channel *c, uint64_t t, uint64_t *next)
{
    for (uint32_t b = 0; b < c->p.banks; b++) {
        if (c->bank[b].open_row == NO_ROW)
            continue;
        uint64_t e = bank_earliest(c, b, HAMM_CMD_PRE);
        if (e <= t) {
            channel_issue_row(c, HAMM_CMD_PRE, b, 0, t);
            return 1;
        }
        *next = e < *next ? e : *next;
        return 0; /* one bank at a time, in order */
    }
    uint64_t e = rank_earliest(c, c->ref_rank, HAMM_CMD_REF);
    if (e > t) {
        *next = e < *next ? e : *next;
        return 0;
    }
    bank_state_refresh(c, c->ref_rank, t);
    channel_emit(c, HAMM_CMD_REF, NIL, c->ref_rank, 0, t);
    c->r.stat[HAMM_STAT_refreshes]++;
    if (++c->ref_rank < c->p.ranks)
        return 1; /* the round goes on with the next rank */
    c->ref_rank = 0;
    c->next_refresh += c->t->tREFI;
    c->owed = c->size > 0;
    c->bursts_at_ref = bursts(c);
    return 1;
}

/* Whether each rank's REF of the round due can go exactly when the command bus frees:
 * rank r's at next_refresh + r. */
static int rounds_on_time(const channel *c)
{
    for (uint32_t r = 0; r < c->p.ranks; r++)
        if (rank_earliest(c, r, HAMM_CMD_REF) > c->next_refresh + r)
            return 0;
    return 1;
}

/* An idle channel (nothing queued, every bank closed, no data in flight) only refreshes,
 * each round exactly when due (tRFC <= tREFI), its REFs on consecutive cycles: do every
 * round that ends before `until` at once rather than one step each, unless each REF must
 * be reported to the command log.  A round that would end at or after `until` is left
 * to the steps. */
int refresh_idle_until(channel *c, uint64_t until)
{
    if (c->size || c->open_banks || c->data_end > c->now)
        return 0;
    uint32_t n = c->p.ranks;
    if (c->refresh && c->next_refresh < until) {
        if (c->p.on_command || c->ref_rank || !rounds_on_time(c) ||
            until - c->next_refresh < n)
            return 0;
        uint64_t k = (until - n - c->next_refresh) / c->t->tREFI + 1;
        uint64_t last = c->next_refresh + (k - 1) * c->t->tREFI;
        for (uint32_t r = 0; r < n; r++)
            bank_state_refresh(c, r, last + r);
        c->r.stat[HAMM_STAT_refreshes] += k * n;
        c->next_refresh = last + c->t->tREFI;
    }
    c->now = c->refresh && c->next_refresh < until ? c->next_refresh : until;
    return 1;
}
