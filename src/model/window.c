/* window.c - the sliding-window profiler (see window.h).
 *
 * All pending requests to one row are served together when that row opens, so the
 * window keeps one group per (bank, row): its request count, bytes and oldest sequence
 * number.  Groups are linked in order of their oldest request twice: per bank (the
 * order a bank opens them in) and over all banks (so the oldest request overall is the
 * head of one list); a hash of (bank, row) finds the group a new miss joins.  Every step
 * is O(1), but Most-Pending's search and full-overlap's sweep, which are O(banks + Q).
 * At most Q groups exist (each holds a request), so memory is O(Q + banks).
 */
#include <stdlib.h>

#include "common/alloc.h"
#include "window.h"

#define NIL UINT32_MAX

typedef struct group {
    uint64_t seq;   /* arrival order of the group's oldest request, within this channel */
    uint64_t bytes; /* bytes of the group's requests */
    uint32_t bank, row;
    uint32_t count; /* requests */
    uint32_t prev, next; /* the bank's list in age order; `next` links the free list */
    uint32_t older, newer; /* the list of all groups in age order */
    uint32_t slot;  /* where the table holds this group */
} group;

struct window {
    window_params p;
    uint32_t *open_row;   /* [banks] */
    uint32_t *head, *tail;/* [banks]: each bank's groups, oldest first */
    uint32_t oldest, newest; /* all groups, oldest first */
    group *pool;          /* Q groups */
    uint32_t free_list;
    uint32_t *table;      /* (bank, row) -> pool index, open addressing; NIL = empty */
    uint32_t table_mask;
    uint32_t size;        /* requests in the window */
    uint64_t seq;
    int switched;         /* the current period opened with a row switch in bank j */
    uint32_t j;
    uint32_t tj_bank;     /* j while the period counts t_j, else NIL */
    uint64_t period_bytes;/* SUM_i t_i of the current period */
    uint64_t period_tj;   /* t_j of the current period */
    hamm_model_totals t;
};

window *window_new(const window_params *p, const uint32_t *open_rows)
{
    window *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->p = *p;
    uint32_t table_size = 4;
    while (table_size < 4 * p->queue_size) /* load factor at most 1/4: short probes */
        table_size *= 2;
    w->table_mask = table_size - 1;
    w->open_row = hamm_calloc_array(p->banks, sizeof *w->open_row);
    w->head = hamm_calloc_array(p->banks, sizeof *w->head);
    w->tail = hamm_calloc_array(p->banks, sizeof *w->tail);
    w->pool = hamm_calloc_array(p->queue_size, sizeof *w->pool);
    w->table = hamm_calloc_array(table_size, sizeof *w->table);
    if (!w->open_row || !w->head || !w->tail || !w->pool || !w->table) {
        window_free(w);
        return NULL;
    }
    for (uint32_t b = 0; b < p->banks; b++) {
        w->open_row[b] = open_rows ? open_rows[b] : WINDOW_NO_ROW;
        w->head[b] = w->tail[b] = NIL;
    }
    for (uint32_t i = 0; i < p->queue_size; i++)
        w->pool[i].next = i + 1 < p->queue_size ? i + 1 : NIL;
    for (uint32_t i = 0; i < table_size; i++)
        w->table[i] = NIL;
    w->tj_bank = NIL;
    w->oldest = w->newest = NIL;
    return w;
}

void window_free(window *w)
{
    if (!w)
        return;
    free(w->open_row);
    free(w->head);
    free(w->tail);
    free(w->pool);
    free(w->table);
    free(w);
}

/* ---- the (bank, row) -> group table ---------------------------------------- */

static uint32_t home(const window *w, uint32_t bank, uint32_t row)
{
    uint64_t key = ((uint64_t)bank << 32 | row) * 0x9E3779B97F4A7C15ull;
    return (uint32_t)(key >> 40) & w->table_mask;
}

/* The table position of (bank, row), or of the empty slot where it would go. */
static uint32_t table_find(const window *w, uint32_t bank, uint32_t row)
{
    uint32_t i = home(w, bank, row);
    while (w->table[i] != NIL) {
        const group *g = &w->pool[w->table[i]];
        if (g->row == row && g->bank == bank)
            return i;
        i = (i + 1) & w->table_mask;
    }
    return i;
}

/* Remove the entry at i, shifting later entries of its probe run back (no tombstones). */
static void table_remove(window *w, uint32_t i)
{
    uint32_t mask = w->table_mask;
    w->table[i] = NIL;
    for (uint32_t j = (i + 1) & mask; w->table[j] != NIL; j = (j + 1) & mask) {
        const group *g = &w->pool[w->table[j]];
        uint32_t k = home(w, g->bank, g->row);
        /* Move j back to i unless its home lies cyclically in (i, j]. */
        int stays = i <= j ? (i < k && k <= j) : (i < k || k <= j);
        if (!stays) {
            w->table[i] = w->table[j];
            w->pool[w->table[i]].slot = i;
            w->table[j] = NIL;
            i = j;
        }
    }
}

/* ---- periods ----------------------------------------------------------------- */

static void serve(window *w, uint32_t bank, uint64_t bytes)
{
    w->period_bytes += bytes;
    w->period_tj += bank == w->tj_bank ? bytes : 0;
}

/* Eq. 1 for the period that ends now; a period that did not open with a switch
 * counts what it served in numerator and denominator alike (docs/MODEL.md,
 * "Conventions the papers leave open"). */
static void close_period(window *w)
{
    uint64_t num = w->period_bytes, den = w->period_bytes;
    if (w->switched) {
        uint64_t bpc = w->p.bytes_per_cycle;
        uint64_t rc = (uint64_t)w->p.tRC * bpc;
        uint64_t open = (uint64_t)(w->p.tRP + w->p.tRCD) * bpc + w->period_tj;
        den = rc > open ? rc : open;
        num = w->period_bytes < den ? w->period_bytes : den;
    }
    w->t.served_bytes += w->period_bytes;
    if (w->switched || w->period_bytes) {
        w->t.periods++;
        w->t.num_bytes += num;
        w->t.den_bytes += den;
    }
    w->period_bytes = w->period_tj = 0;
    w->switched = 0;
    w->tj_bank = NIL;
}

/* Open group gi's row in its bank and serve the group: all its requests now hit. */
static void open_group(window *w, uint32_t gi)
{
    group *g = &w->pool[gi];
    uint32_t bank = g->bank;
    w->open_row[bank] = g->row;
    w->t.activates++;
    serve(w, bank, g->bytes);
    w->size -= g->count;
    if (g->prev != NIL)
        w->pool[g->prev].next = g->next;
    else
        w->head[bank] = g->next;
    if (g->next != NIL)
        w->pool[g->next].prev = g->prev;
    else
        w->tail[bank] = g->prev;
    if (g->older != NIL)
        w->pool[g->older].newer = g->newer;
    else
        w->oldest = g->newer;
    if (g->newer != NIL)
        w->pool[g->newer].older = g->older;
    else
        w->newest = g->older;
    table_remove(w, g->slot);
    g->next = w->free_list;
    w->free_list = gi;
}

/* The group a bank switches to: its oldest (FR-FCFS), or the one with the most pending
 * requests, the older first on ties (Most-Pending). */
static uint32_t chosen_group(const window *w, uint32_t bank)
{
    uint32_t best = w->head[bank];
    if (!w->p.most_pending)
        return best;
    for (uint32_t g = w->pool[best].next; g != NIL; g = w->pool[g].next)
        if (w->pool[g].count > w->pool[best].count)
            best = g;
    return best;
}

/* The group that opens the next period (its bank is j): the oldest request's
 * (FR-FCFS), or the row with the most pending requests, older first on ties. */
static uint32_t pick_group(const window *w)
{
    if (!w->p.most_pending)
        return w->oldest;
    uint32_t best = NIL;
    for (uint32_t b = 0; b < w->p.banks; b++) {
        if (w->head[b] == NIL)
            continue;
        uint32_t g = chosen_group(w, b);
        if (best == NIL || w->pool[g].count > w->pool[best].count ||
            (w->pool[g].count == w->pool[best].count && w->pool[g].seq < w->pool[best].seq))
            best = g;
    }
    return best;
}

static void switch_rows(window *w)
{
    uint32_t first = pick_group(w);
    w->j = w->pool[first].bank;
    w->switched = 1;
    w->tj_bank = w->j;
    open_group(w, first);
    if (!w->p.full_overlap)
        return;
    for (uint32_t b = 0; b < w->p.banks; b++)
        if (b != w->j && w->head[b] != NIL)
            open_group(w, chosen_group(w, b));
}

/* Add a miss to its row's group, or start a group. */
static void add_miss(window *w, uint32_t bank, uint32_t row, uint32_t bytes)
{
    uint32_t slot = table_find(w, bank, row);
    uint32_t gi = w->table[slot];
    if (gi == NIL) {
        gi = w->free_list;
        group *g = &w->pool[gi];
        w->free_list = g->next;
        *g = (group){w->seq, 0, bank, row, 0, w->tail[bank], NIL, w->newest, NIL, slot};
        if (w->tail[bank] != NIL)
            w->pool[w->tail[bank]].next = gi;
        else
            w->head[bank] = gi;
        w->tail[bank] = gi;
        if (w->newest != NIL)
            w->pool[w->newest].newer = gi;
        else
            w->oldest = gi;
        w->newest = gi;
        w->table[slot] = gi;
    }
    w->seq++;
    w->pool[gi].count++;
    w->pool[gi].bytes += bytes;
    w->size++;
}

void window_push(window *w, const window_req *restrict reqs, size_t n)
{
    const uint32_t *open = w->open_row; /* the array; its rows change in switch_rows */
    uint64_t writes = 0;
    for (size_t i = 0; i < n; i++) {
        const window_req *r = &reqs[i];
        writes += r->write;
        if (open[r->bank] == r->row) {
            serve(w, r->bank, r->size);
            continue;
        }
        add_miss(w, r->bank, r->row, r->size);
        if (w->size == w->p.queue_size) {
            close_period(w);
            switch_rows(w);
        }
    }
    w->t.requests += n;
    w->t.writes += writes;
    w->t.reads = w->t.requests - w->t.writes;
}

void window_finish(window *w)
{
    for (;;) {
        close_period(w);
        if (w->size == 0)
            return;
        switch_rows(w);
    }
}

const hamm_model_totals *window_totals(const window *w)
{
    return &w->t;
}
