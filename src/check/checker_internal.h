/* checker_internal.h - what the files of the timing checker share: its state and the
 * functions each file lends the others.
 *   checker.c        life cycle; one command: range, rules, then the state it leaves;
 *   checker_rules.c  the constraint table as rules (derived gaps named once) and the
 *                    check of each command against them, with its report;
 *   checker_state.c  the "last cycle" records the rules read, and how each command
 *                    updates them. */
#ifndef HAMM_CHECK_CHECKER_INTERNAL_H
#define HAMM_CHECK_CHECKER_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "check.h"

#define NEVER CHECK_NEVER
#define BURST_RING 16u /* recent bursts kept per kind (a power of two) */
#define NO_UNIT UINT32_MAX

/* JEDEC lets a controller postpone up to 8 REFs and catch up later, so the longest legal
 * gap between two REFs (or from cycle 0 to the first) is the 8 postponed intervals plus
 * the one of the REF then due: 9 x tREFI (docs/COMMAND_LOG.md, "refresh interval").
 * A longer gap is a missed refresh. */
#define REFI_MAX_INTERVALS 9u

typedef struct bank_state {
    uint64_t act, pre, rd, wr; /* cycle of the bank's last ACT, PRE, RD, WR; NEVER */
    uint32_t row;              /* the open row (valid while open) */
    uint32_t open;             /* 1: a row is open; 0: precharged */
} bank_state;

/* The latest command of one kind in a scope, and the latest one from another unit (bank
 * or bank group) than that one: together they give "the latest from any unit but u". */
typedef struct latest2 {
    uint64_t cycle[2];
    uint32_t unit[2];
} latest2;

typedef struct group_state {
    latest2 act;     /* by bank */
    uint64_t rd, wr; /* the group's last RD and WR */
} group_state;

/* Issue cycles (and ranks) of the last bursts of one kind (RD or WR), oldest overwritten. */
typedef struct burst_ring {
    uint64_t issue[BURST_RING];
    uint32_t rank[BURST_RING];
    uint32_t n;    /* bursts held, at most BURST_RING */
    uint32_t next; /* where the next one goes */
} burst_ring;

/* One rank of a channel (the whole channel when it has one rank): what the rules within
 * a rank read. */
typedef struct channel_state {
    latest2 act, rd, wr;    /* by bank group */
    uint64_t faw[4];        /* the last four ACTs; faw[faw_next] is the oldest when full */
    uint32_t faw_n, faw_next;
    uint64_t last_pre;      /* the rank's last PRE, any bank; NEVER */
    uint64_t last_ref;      /* NEVER before the first REF */
    uint64_t refi_base;     /* the last REF, or cycle 0: start of the refresh interval */
    uint32_t refi_reported; /* the current interval's overrun was reported */
    uint32_t open_banks;
} channel_state;

/* What the ranks of a channel share: the command bus and the data bus. */
typedef struct bus_state {
    uint64_t last_cmd;      /* the channel's previous command (when `spoke`) */
    uint32_t spoke;         /* a command came: last_cmd holds it, even at 2^64 - 1 = NEVER */
    uint64_t last_rd;       /* the channel's last RD, any rank (tRTW); NEVER */
    burst_ring bursts[2];   /* [0] read bursts, [1] write bursts */
} bus_state;

/* One gap rule: its name, the minimum gap and, for a sum, how it is made up. */
typedef struct rule_gap {
    const char *rule;
    uint64_t delay;
    char why[64]; /* "" or "WL 4 + burst 2 + tWTR 5" */
} rule_gap;

/* A rule with a same-bank-group and an other-group form.  `one`: both forms are the same
 * rule (no _L value, or no bank groups), so only the binding previous command counts. */
typedef struct rule_pair {
    rule_gap same, other;
    int one;
} rule_pair;

struct hamm_checker {
    hamm_command_device dev;
    const hamm_dram_timing *t;  /* &dev.dram.timing */
    uint32_t banks_per_group;
    uint32_t ranks;             /* per channel */
    uint64_t burst;             /* BL / data_rate cycles */
    uint64_t latency[2];        /* CL, WL: command to first data beat */
    rule_pair rrd, ccd, wtr;    /* ACT->ACT, RD->RD/WR->WR, WR->RD */
    rule_gap wr_pre;            /* WR -> PRE: WL + burst + tWR */
    uint64_t refi_max;          /* REFI_MAX_INTERVALS x tREFI; 0: no refresh interval rule */
    channel_state *ch;          /* channels x ranks */
    bus_state *bus;             /* channels */
    group_state *groups;        /* channels x ranks x bank_groups */
    bank_state *banks;          /* channels x ranks x banks */
    uint64_t commands, violations;
    uint64_t end;               /* the latest cycle of any command: the log's end */
};

/* The command being checked and where its violations go. */
typedef struct check_ctx {
    hamm_checker *c;
    const hamm_command *cmd;
    hamm_violation_fn report;
    void *user;
    unsigned n; /* violations of this command */
} check_ctx;

/* Where a command lands: its channel's buses, its rank and, but for REF, its bank and
 * bank group. */
typedef struct where {
    bus_state *bus;
    channel_state *ch;
    group_state *g;
    bank_state *b;
    uint32_t bank, group, rank;
} where;

/* For a deadline (the refresh interval): a sum past 2^64 - 1 is a deadline never reached. */
static inline uint64_t sat_add(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* x + dx < y + dy, exactly, for any cycles x and y: an earliest cycle "last command +
 * delay" past 2^64 - 1 is not yet reached, never capped into reach. */
static inline int sum_less(uint64_t x, uint64_t dx, uint64_t y, uint64_t dy)
{
    if (x >= y)
        return dy > dx && x - y < dy - dx;
    return dx <= dy || dx - dy < y - x;
}

/* a + b as text: the decimal number, or "2^64 + r" past 2^64 - 1. */
static inline const char *sum_text(char *buf, size_t size, uint64_t a, uint64_t b)
{
    if (a > UINT64_MAX - b)
        snprintf(buf, size, "2^64 + %llu", (unsigned long long)(a + b)); /* wraps to r */
    else
        snprintf(buf, size, "%llu", (unsigned long long)(a + b));
    return buf;
}

/* ---- checker_rules.c ---- */

/* Name the device's derived gaps once (c->dev and c->t set). */
void checker_rules_derive(hamm_checker *c);
/* A command the device cannot hold (API misuse; the log reader rejects these first):
 * report it; returns 1 when it was out of range. */
int checker_rules_range(check_ctx *x);
/* Report every rule x->cmd, landing at w, breaks against the state before it. */
void checker_rules_check(check_ctx *x, const where *w);
/* At the end of the log (x->cmd: the end marker of a channel's rank ch): a missed REF. */
void checker_rules_finish(check_ctx *x, channel_state *ch);

/* ---- checker_state.c ---- */

/* Every bank precharged, no command yet. */
void checker_state_reset(hamm_checker *c);
/* The state after `cmd`, landing at w, issued. */
void checker_state_issue(const where *w, const hamm_command *cmd);
/* The latest from any unit but `unit`. */
uint64_t checker_state_latest_except(const latest2 *l, uint32_t unit);
/* A burst on the data bus: its command's cycle, the cycles to its data, its rank. */
typedef struct bus_burst {
    uint64_t cycle, latency;
    uint32_t rank;
} bus_burst;
/* The issue cycle of the newest burst in `r` (data `latency` after issue) that comes too
 * near the burst `own`: overlaps it or, when `gap` is not 0 and the ranks differ, comes
 * less than `gap` cycles before or after it; NEVER when none does.  *rank: the hit's. */
uint64_t checker_state_burst_overlap(const burst_ring *r, uint64_t latency, uint64_t burst,
                                     const bus_burst *own, uint64_t gap, uint32_t *rank);
/* The lowest open bank of rank `rank` of `channel` (the last bank when none is). */
uint32_t checker_state_first_open_bank(const hamm_checker *c, uint32_t channel, uint32_t rank);

#endif
