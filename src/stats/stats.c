/* stats.c - one pass over a request stream: mix, footprint, spread over channels and
 * banks, trace-order locality.  Memory is fixed by the geometry (bitmaps over banks and
 * rows, the last row and the request count of each bank), never by the trace length. */
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "hamm/stats.h"

/* A bitmap larger than this (2^30 rows, 128 MiB) is refused rather than allocated. */
#define MAX_ROW_BITS (1ull << 30)
#define NO_ROW UINT32_MAX

struct hamm_stats {
    hamm_channel_batch *batch; /* hamm_stats_add's stream stage */
    uint32_t banks; /* per channel, every rank's (a request's bank is flat across ranks) */
    uint32_t rows;  /* per bank */
    uint32_t *last_row;        /* [channel * banks + bank] */
    uint64_t *bank_requests;   /* [channel * banks + bank] */
    uint64_t *row_seen;        /* bit per (channel, bank, row) */
    hamm_channel_stats *per_channel;
    hamm_trace_stats total;
};

hamm_status hamm_stats_new(hamm_stats **out, const hamm_addrmap *map, hamm_error *err)
{
    *out = NULL;
    const hamm_geometry *g = hamm_addrmap_geometry(map);
    uint32_t banks = g->banks * (g->ranks ? g->ranks : 1);
    uint64_t nbanks = (uint64_t)g->channels * banks;
    uint64_t nrows = nbanks * g->rows;
    if (nrows > MAX_ROW_BITS)
        return hamm_error_set(err, HAMM_ERR_ARG,
                              "the model has %llu rows in all; stats counts at most %llu",
                              (unsigned long long)nrows, (unsigned long long)MAX_ROW_BITS);
    hamm_stats *s = calloc(1, sizeof *s);
    if (s && hamm_channel_batch_new(&s->batch, map, NULL) == HAMM_OK) {
        s->last_row = hamm_calloc_array((size_t)nbanks, sizeof *s->last_row);
        s->bank_requests = hamm_calloc_array((size_t)nbanks, sizeof *s->bank_requests);
        s->row_seen = hamm_calloc_array((size_t)(nrows + 63) / 64, sizeof *s->row_seen);
        s->per_channel = hamm_calloc_array(g->channels, sizeof *s->per_channel);
    }
    if (!s || !s->last_row || !s->bank_requests || !s->row_seen || !s->per_channel) {
        hamm_stats_free(s);
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    }
    s->banks = banks;
    s->rows = g->rows;
    memset(s->last_row, 0xFF, (size_t)nbanks * sizeof *s->last_row);
    s->total.channels = g->channels;
    s->total.banks = g->banks;
    s->total.per_channel = s->per_channel;
    for (uint32_t c = 0; c < g->channels; c++)
        s->per_channel[c].bank_requests = s->bank_requests + (size_t)c * g->banks;
    *out = s;
    return HAMM_OK;
}

static void add_one(hamm_stats *s, const hamm_mapped_request *r)
{
    hamm_channel_stats *ch = &s->per_channel[r->channel];
    ch->requests++;
    ch->writes += r->write;
    ch->bytes += r->size;
    uint64_t bank = (uint64_t)r->channel * s->banks + r->bank;
    s->bank_requests[bank]++;
    if (s->last_row[bank] != r->row) {
        s->last_row[bank] = r->row;
        ch->activates++;
        uint64_t bit = bank * s->rows + r->row;
        s->row_seen[bit >> 6] |= 1ull << (bit & 63);
    }
    if (r->timed) {
        hamm_trace_stats *t = &s->total;
        if (t->timed == 0 || r->arrival < t->first_cycle)
            t->first_cycle = r->arrival;
        if (t->timed == 0 || r->arrival > t->last_cycle)
            t->last_cycle = r->arrival;
        t->timed++;
    }
}

void hamm_stats_add_batch(hamm_stats *s, const hamm_channel_batch *b)
{
    const hamm_mapped_request *reqs = hamm_channel_batch_requests(b);
    size_t n = hamm_channel_batch_size(b);
    for (size_t i = 0; i < n; i++)
        add_one(s, &reqs[i]);
}

void hamm_stats_add(hamm_stats *s, const hamm_request *reqs, size_t n)
{
    for (size_t i = 0; i < n; i += HAMM_CHANNEL_BATCH_MAX) {
        hamm_channel_batch_fill(s->batch, reqs + i,
                                n - i < HAMM_CHANNEL_BATCH_MAX ? n - i : HAMM_CHANNEL_BATCH_MAX);
        hamm_stats_add_batch(s, s->batch);
    }
}

static uint64_t popcount_words(const uint64_t *w, uint64_t nwords)
{
    uint64_t n = 0;
    for (uint64_t i = 0; i < nwords; i++)
        n += (uint64_t)__builtin_popcountll(w[i]);
    return n;
}

/* Part i holds v requests; parts come in order from 0, so the first of equals stays. */
static void spread_add(hamm_spread *sp, uint32_t i, uint64_t v)
{
    if (i == 0 || v > sp->largest) {
        sp->largest = v;
        sp->largest_at = i;
    }
    if (i == 0 || v < sp->smallest) {
        sp->smallest = v;
        sp->smallest_at = i;
    }
}

const hamm_trace_stats *hamm_stats_result(hamm_stats *s)
{
    hamm_trace_stats *t = &s->total;
    t->requests = t->reads = t->writes = t->bytes = t->activates = 0;
    t->channels_touched = t->banks_touched = 0;
    for (uint32_t i = 0; i < t->channels; i++) {
        hamm_channel_stats *ch = &s->per_channel[i];
        ch->reads = ch->requests - ch->writes;
        t->requests += ch->requests;
        t->reads += ch->reads;
        t->writes += ch->writes;
        t->bytes += ch->bytes;
        t->activates += ch->activates;
        t->channels_touched += ch->requests > 0;
        spread_add(&t->spread, i, ch->requests);
        for (uint32_t b = 0; b < s->banks; b++)
            spread_add(&ch->banks, b, ch->bank_requests[b]);
    }
    uint64_t nbanks = (uint64_t)t->channels * s->banks;
    for (uint64_t b = 0; b < nbanks; b++)
        t->banks_touched += s->last_row[b] != NO_ROW;
    t->distinct_rows = popcount_words(s->row_seen, (nbanks * s->rows + 63) / 64);
    return t;
}

void hamm_stats_free(hamm_stats *s)
{
    if (!s)
        return;
    free(s->last_row);
    free(s->bank_requests);
    free(s->row_seen);
    free(s->per_channel);
    hamm_channel_batch_free(s->batch);
    free(s);
}

double hamm_row_locality(uint64_t requests, uint64_t activates)
{
    return activates ? (double)requests / (double)activates : -1.0;
}
