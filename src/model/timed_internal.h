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

typedef struct treq {
    uint64_t seq;          /* arrival order in this channel */
    uint32_t bank, row;
    uint32_t bursts;       /* RD/WR commands still to issue */
    uint32_t write;
    uint32_t prev, next;   /* the bank's requests, oldest first; `next` links free slots */
    uint32_t older, newer; /* all requests, oldest first (fcfs serves only the oldest) */
} treq;

typedef struct tbank {
    uint32_t open_row;     /* NO_ROW: precharged */
    uint32_t head, tail;   /* its queued requests */
    uint32_t hits[2];      /* queued reads [0] and writes [1] to the open row */
    uint32_t first[2];     /* the oldest of each, NIL when none */
    uint64_t first_seq[2]; /* their ages (NEVER: none), which decisions compare */
    uint64_t col_l[2];     /* the bank's and its group's part of the earliest RD / WR */
    uint64_t row_l;        /* ... of its row command: PRE when a row is open, else ACT */
    uint64_t head_seq;     /* the oldest request's age (NEVER: none): fr-fcfs's row target */
    /* fr-fcfs's decision keys (timed.c, fast_choices), kept at each change: the bank's
     * part of the earliest RD, WR and row command (NEVER: no such candidate), and each
     * candidate's age (its seq's low 32 bits) over its id (2 bank + w; bank for a row). */
    uint64_t kl[3], ka[3];
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
    uint64_t data_end;     /* end of the last burst's data */
    uint64_t next_ref;     /* when the next REF is due (NEVER: no refresh) */
    uint64_t bursts_at_ref;/* busy cycles when the last REF went ... */
    int owed;              /* ... with requests waiting (see ref_due) */
    uint64_t busy, active; /* cycles */
    hamm_model_totals t;
};

/* The queue (timed_queue.c): a request enters; one leaves (its last burst issued); the
 * oldest hit of kind w from slot i on; a bank's keys after a command (cmd) or a change of
 * its queue or row; the request whose row a bank opens next. */
void timed_queue_push(timed *m, const hamm_mapped_request *r);
void timed_queue_remove(timed *m, uint32_t i);
void timed_queue_set_first(timed *m, tbank *k, uint32_t w, uint32_t i); /* then: keys */
uint32_t timed_queue_next_hit(const timed *m, const tbank *k, uint32_t i, uint32_t w);
void timed_queue_rekey(timed *m, uint32_t b, tcmd cmd);
uint32_t timed_queue_target(const timed *m, uint32_t b, uint32_t *pending);
void timed_queue_keys(const timed *m, tbank *k);

#endif
