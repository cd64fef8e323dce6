/* timed_internal.h - what the files of the command-timed profiler share: its state
 * (timed.c's decisions and clock, timed_queue.c's queue). */
#ifndef HAMM_MODEL_TIMED_INTERNAL_H
#define HAMM_MODEL_TIMED_INTERNAL_H

#include "timed.h"

#define NIL UINT32_MAX
#define NO_ROW UINT32_MAX
#define NEVER UINT64_MAX
#define KEY_ID 8   /* the low bits of a decision key: which candidate */
#define KEY_AGE 32 /* above them: the low bits of its arrival number (its age) */
#define KEY_T (KEY_AGE + KEY_ID) /* above both: the cycles after key_base */
#define KEY_NONE ((UINT64_C(1) << (64 - KEY_T)) - 1) /* a time part of all ones: none */
#define KEY_REACH (UINT64_C(1) << 22) /* now - key_base and any delay stay below this */

typedef struct treq {
    uint64_t seq;          /* arrival order in this channel */
    uint32_t bank, row;
    uint32_t bursts;       /* RD/WR commands still to issue */
    uint32_t write;
    uint32_t prev, next;   /* the bank's requests, oldest first; `next` links free slots */
    uint32_t older, newer; /* all requests, oldest first (fcfs serves only the oldest) */
} treq;

typedef struct tbank {
    /* First, in one cache line (timed.c allocates the banks 64-byte aligned), what each
     * fr-fcfs decision reads (timed.c, fast_choices), kept at each change: the bank's
     * part of the earliest RD, WR and row command as key_time gives it (all ones: no
     * such candidate), and each candidate's age (its seq's low 32 bits) over its id
     * (2 bank + w; bank for a row).  A candidate's key is the larger of its kt and the
     * channel's part, its ka below. */
    uint64_t kt[3], ka[3];
    uint32_t open_row;     /* NO_ROW: precharged */
    uint32_t head;         /* its queued requests, oldest first ... */
    uint32_t first[2];     /* the oldest read [0] and write [1] to the open row (NIL: none) */
    uint32_t tail;         /* ... to the newest */
    uint32_t hits[2];      /* queued reads and writes to the open row */
    uint64_t first_seq[2]; /* the ages of first[] (NEVER: none), which decisions compare */
    uint64_t col_l[2];     /* the bank's and its group's part of the earliest RD / WR */
    uint64_t row_l;        /* ... of its row command: PRE when a row is open, else ACT */
    uint64_t head_seq;     /* the oldest request's age (NEVER: none): fr-fcfs's row target */
} tbank;

struct timed {
    timed_params p;
    tdram d;
    tbank *bank;
    treq *pool;            /* Q slots */
    uint32_t free_slot, size, open_banks;
    uint32_t oldest, newest;
    uint64_t seq;
    uint64_t now;          /* the next decision cycle */
    uint64_t key_base;     /* the cycle decision keys count from (timed.c, rebase_keys) */
    int keyed;             /* the delays fit the keys: fast_choices may decide */
    int burst_shift;       /* log2 of burst_bytes when a power of two, else -1 (divide) */
    uint64_t data_end;     /* end of the last burst's data */
    uint64_t next_ref;     /* when the next REF is due (NEVER: no refresh) */
    uint64_t bursts_at_ref;/* busy cycles when the last REF went ... */
    int owed;              /* ... with requests waiting (see ref_due) */
    uint64_t busy, active; /* cycles */
    hamm_model_totals t;
};

/* Cycle e as a decision key's time part: the cycles after key_base, shifted above the
 * age and id.  A bank's part before key_base counts as key_base: the channel's part,
 * never before now, is larger anyway.  Below 2 KEY_REACH, so never KEY_NONE. */
static inline uint64_t key_time(const timed *m, uint64_t e)
{
    return (max64(e, m->key_base) - m->key_base) << KEY_T;
}

/* The queue (timed_queue.c): a request enters; one leaves (its last burst issued; the
 * caller then re-keys its bank); a bank's keys after a command (cmd) or a change of its
 * queue or row; the request whose row a bank opens next. */
void timed_queue_push(timed *m, const hamm_mapped_request *r);
void timed_queue_remove(timed *m, uint32_t i);
void timed_queue_set_first(timed *m, tbank *k, uint32_t w, uint32_t i); /* then: keys */
void timed_queue_rekey(timed *m, uint32_t b, tcmd cmd);
uint32_t timed_queue_target(const timed *m, uint32_t b, uint32_t *pending);
void timed_queue_keys(const timed *m, tbank *k);

#endif
