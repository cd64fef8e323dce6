/* page_policy.c - when a row that no queued request hits is closed.  Open page (the
 * default) leaves it open until a request needs another row (the scheduler's PRE).  Closed
 * page precharges it as soon as no queued request, read or write, hits it; timeout
 * precharges it once it has also gone unused (no ACT, RD or WR) for page_timeout cycles.
 * These PREs come last in a decision: after every column and row command a queued
 * request wants, as Ramulator issues its row policy's PRE only when no request is ready. */
#include "channel_internal.h"

int page_policy_step(channel *c, uint64_t t, uint64_t *next)
{
    if (!page_policy_pending(c))
        return 0;
    uint64_t timeout = c->p.page_policy == HAMM_PAGE_TIMEOUT ? c->p.page_timeout : 0;
    for (uint32_t b = 0; b < c->p.banks; b++) {
        const cbank *k = &c->bank[b];
        if (k->open_row == NO_ROW || k->open_hits[0] + k->open_hits[1])
            continue; /* closed, or a queued request still hits it */
        uint64_t e = max64(bank_earliest(c, b, HAMM_CMD_PRE), c->aux[b].last_use + timeout);
        if (e <= t) {
            channel_issue_row(c, HAMM_CMD_PRE, b, 0, t);
            return 1;
        }
        *next = e < *next ? e : *next;
    }
    return 0;
}
