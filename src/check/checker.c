/* checker.c - the independent timing checker: replays each channel's DRAM commands
 * against the constraint table of docs/COMMAND_LOG.md and reports every rule a command
 * breaks.  It is written from that table alone, never from the engine's scheduler, so
 * the two referee each other.
 *
 * Owns, per channel: each bank's state and the cycle of its last ACT, PRE, RD and WR;
 * per bank group the latest ACT (by bank), RD and WR; per channel the latest ACT, RD and
 * WR by bank group, the tFAW ring, the recent data bursts, and the refresh state.  Rules
 * are evaluated from those "last cycle" records (not from a max-folded earliest[] per
 * scope) so that each broken rule can be reported on its own, with the command that
 * set it.  Memory is O(channels x banks); nothing grows with the log.
 *
 * A command that breaks rules still updates the state as if it had been issued, so one
 * mistake is reported once, not again by every command after it. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "common/alloc.h"

#define NEVER CHECK_NEVER
#define BURST_RING 16u /* recent bursts kept per kind (a power of two) */
#define NO_UNIT UINT32_MAX

/* Rule names: what err->field holds. */
#define RULE_CMD_BUS "command bus"
#define RULE_DATA_BUS "data bus"
#define RULE_STATE "state"
#define RULE_RANGE "command"

/* ---- state ----------------------------------------------------------------------- */

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

/* Issue cycles of the last bursts of one kind (RD or WR), oldest overwritten. */
typedef struct burst_ring {
    uint64_t issue[BURST_RING];
    uint32_t n;    /* bursts held, at most BURST_RING */
    uint32_t next; /* where the next one goes */
} burst_ring;

typedef struct channel_state {
    latest2 act, rd, wr;    /* by bank group */
    uint64_t faw[4];        /* the last four ACTs; faw[faw_next] is the oldest when full */
    uint32_t faw_n, faw_next;
    uint64_t last_cmd;      /* the channel's previous command; NEVER */
    uint64_t last_pre;      /* the channel's last PRE, any bank; NEVER */
    uint64_t last_ref;      /* NEVER before the first REF */
    uint64_t refi_base;     /* the last REF, or cycle 0: start of the refresh interval */
    uint32_t refi_reported; /* the current interval's overrun was reported */
    uint32_t open_banks;
    burst_ring bursts[2];   /* [0] read bursts, [1] write bursts */
} channel_state;

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
    uint64_t burst;             /* BL / data_rate cycles */
    uint64_t latency[2];        /* CL, WL: command to first data beat */
    rule_pair rrd, ccd, wtr;    /* ACT->ACT, RD->RD/WR->WR, WR->RD */
    rule_gap wr_pre;            /* WR -> PRE: WL + burst + tWR */
    uint64_t refi_max;          /* 9 x tREFI; 0: no refresh interval rule */
    channel_state *ch;
    group_state *groups;        /* channels x bank_groups */
    bank_state *banks;          /* channels x banks */
    uint64_t commands, violations;
    uint64_t end;               /* the latest cycle of any command: the log's end */
};

/* ---- the device -------------------------------------------------------------------- */

#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
static hamm_status bad_device(const char *source, uint64_t line, const char *key,
                              hamm_error *err, const char *fmt, ...)
{
    char text[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    return hamm_error_set(err, HAMM_ERR_CONFIG, source, line, HAMM_NO_OFFSET, key, "%s", text);
}

hamm_status checker_device_check(const hamm_command_device *dev, const char *source,
                                 uint64_t line, hamm_error *err)
{
    const hamm_dram_config *d = &dev->dram;
    if (dev->channels < 1 || dev->channels > CHECK_MAX_CHANNELS)
        return bad_device(source, line, "channels", err, "%u channels: must be 1 to %u",
                          (unsigned)dev->channels, CHECK_MAX_CHANNELS);
    if (d->banks < 1 || d->banks > CHECK_MAX_BANKS)
        return bad_device(source, line, "banks", err, "%u banks: must be 1 to %u",
                          (unsigned)d->banks, CHECK_MAX_BANKS);
    if (d->rows < 1)
        return bad_device(source, line, "rows", err, "0 rows: must be at least 1");
    if (d->columns < 1)
        return bad_device(source, line, "columns", err, "0 columns: must be at least 1");
    if (d->bank_groups < 1 || d->banks % d->bank_groups != 0)
        return bad_device(source, line, "bank_groups", err,
                          "%u bank groups do not divide %u banks", (unsigned)d->bank_groups,
                          (unsigned)d->banks);
    if (d->data_rate < 1 || d->data_rate > CHECK_MAX_DATA_RATE)
        return bad_device(source, line, "data_rate", err,
                          "%u beats per cycle: must be 1 to %u", (unsigned)d->data_rate,
                          CHECK_MAX_DATA_RATE);
    if (d->burst_length < d->data_rate || d->burst_length % d->data_rate != 0)
        return bad_device(source, line, "BL", err,
                          "a burst of %u beats at %u beats per cycle is not a whole number "
                          "of cycles",
                          (unsigned)d->burst_length, (unsigned)d->data_rate);
    return HAMM_OK;
}

/* ---- derived rules, named once ------------------------------------------------------- */

static void gap_set(rule_gap *g, const char *rule, uint64_t delay)
{
    g->rule = rule;
    g->delay = delay;
    g->why[0] = '\0';
}

/* A gap from the end of write data: WL + burst + `extra` (tWTR, tWTR_L or tWR). */
static void gap_after_write(rule_gap *g, const hamm_checker *c, const char *rule,
                            uint32_t extra)
{
    gap_set(g, rule, c->t->WL + c->burst + extra);
    snprintf(g->why, sizeof g->why, "WL %u + burst %u + %s %u", (unsigned)c->t->WL,
             (unsigned)c->burst, rule, (unsigned)extra);
}

/* Same group uses the _L value when the device has bank groups and gives one. */
static void pair_set(rule_pair *p, const hamm_checker *c, const char *base, uint32_t v,
                     const char *name_l, uint32_t v_l)
{
    int use_l = c->dev.dram.bank_groups > 1 && v_l > 0;
    gap_set(&p->same, use_l ? name_l : base, use_l ? v_l : v);
    gap_set(&p->other, base, v);
    p->one = !use_l;
}

static void derive(hamm_checker *c)
{
    const hamm_dram_config *d = &c->dev.dram;
    const hamm_dram_timing *t = c->t;
    c->banks_per_group = d->banks / d->bank_groups;
    c->burst = d->burst_length / d->data_rate;
    c->latency[0] = t->CL;
    c->latency[1] = t->WL;
    pair_set(&c->rrd, c, "tRRD", t->tRRD, "tRRD_L", t->tRRD_L);
    pair_set(&c->ccd, c, "tCCD", t->tCCD, "tCCD_L", t->tCCD_L);
    int use_l = d->bank_groups > 1 && t->tWTR_L > 0;
    gap_after_write(&c->wtr.same, c, use_l ? "tWTR_L" : "tWTR", use_l ? t->tWTR_L : t->tWTR);
    gap_after_write(&c->wtr.other, c, "tWTR", t->tWTR);
    c->wtr.one = !use_l;
    gap_after_write(&c->wr_pre, c, "tWR", t->tWR);
    c->refi_max = 9 * (uint64_t)t->tREFI;
}

/* ---- life cycle -------------------------------------------------------------------- */

static void latest_init(latest2 *l)
{
    l->cycle[0] = l->cycle[1] = NEVER;
    l->unit[0] = l->unit[1] = NO_UNIT;
}

static void reset_state(hamm_checker *c)
{
    const hamm_command_device *dev = &c->dev;
    size_t nbanks = (size_t)dev->channels * dev->dram.banks;
    size_t ngroups = (size_t)dev->channels * dev->dram.bank_groups;
    for (size_t i = 0; i < nbanks; i++)
        c->banks[i] = (bank_state){NEVER, NEVER, NEVER, NEVER, 0, 0};
    for (size_t i = 0; i < ngroups; i++) {
        latest_init(&c->groups[i].act);
        c->groups[i].rd = c->groups[i].wr = NEVER;
    }
    for (uint32_t h = 0; h < dev->channels; h++) {
        channel_state *ch = &c->ch[h];
        memset(ch, 0, sizeof *ch);
        latest_init(&ch->act);
        latest_init(&ch->rd);
        latest_init(&ch->wr);
        ch->last_cmd = ch->last_pre = ch->last_ref = NEVER;
    }
}

hamm_status hamm_checker_new(hamm_checker **out, const hamm_command_device *dev,
                             hamm_error *err)
{
    *out = NULL;
    hamm_status st = checker_device_check(dev, NULL, 0, err);
    if (st != HAMM_OK)
        return st;
    hamm_checker *c = calloc(1, sizeof *c);
    if (c) {
        c->ch = hamm_calloc_array(dev->channels, sizeof *c->ch);
        c->groups = hamm_calloc_array((size_t)dev->channels * dev->dram.bank_groups,
                                      sizeof *c->groups);
        c->banks = hamm_calloc_array((size_t)dev->channels * dev->dram.banks,
                                     sizeof *c->banks);
    }
    if (!c || !c->ch || !c->groups || !c->banks) {
        hamm_checker_free(c);
        return hamm_error_set(err, HAMM_ERR_NOMEM, NULL, 0, HAMM_NO_OFFSET, NULL,
                              "out of memory");
    }
    c->dev = *dev;
    c->t = &c->dev.dram.timing;
    derive(c);
    reset_state(c);
    *out = c;
    return HAMM_OK;
}

void hamm_checker_free(hamm_checker *c)
{
    if (!c)
        return;
    free(c->ch);
    free(c->groups);
    free(c->banks);
    free(c);
}

uint64_t hamm_checker_commands(const hamm_checker *c)
{
    return c->commands;
}

uint64_t hamm_checker_violations(const hamm_checker *c)
{
    return c->violations;
}

/* ---- reporting --------------------------------------------------------------------- */

/* The command being checked and where its violations go. */
typedef struct check_ctx {
    hamm_checker *c;
    const hamm_command *cmd;
    hamm_violation_fn report;
    void *user;
    unsigned n; /* violations of this command */
} check_ctx;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void violation(check_ctx *x, const char *rule, const char *fmt, ...)
{
    x->n++;
    if (!x->report)
        return;
    hamm_error e;
    hamm_error_clear(&e);
    e.status = HAMM_ERR_PARSE;
    snprintf(e.field, sizeof e.field, "%s", rule);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e.text, sizeof e.text, fmt, ap);
    va_end(ap);
    x->report(x->user, x->cmd, &e);
}

static uint64_t sat_add(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* The command must come at least `delay` cycles after `prev` at cycle `at` (NEVER: no
 * such command, nothing to check).  Reports "PREV at AT + DELAY [(WHY)] = E > CYCLE". */
static void need(check_ctx *x, const char *rule, const char *prev, uint64_t at,
                 uint64_t delay, const char *why)
{
    if (at == NEVER)
        return;
    uint64_t e = sat_add(at, delay);
    if (e <= x->cmd->cycle)
        return;
    if (why && why[0])
        violation(x, rule, "%s at %llu + %llu (%s) = %llu > %llu", prev,
                  (unsigned long long)at, (unsigned long long)delay, why,
                  (unsigned long long)e, (unsigned long long)x->cmd->cycle);
    else
        violation(x, rule, "%s at %llu + %llu = %llu > %llu", prev, (unsigned long long)at,
                  (unsigned long long)delay, (unsigned long long)e,
                  (unsigned long long)x->cmd->cycle);
}

static void need_gap(check_ctx *x, const rule_gap *g, const char *prev, uint64_t at)
{
    need(x, g->rule, prev, at, g->delay, g->why);
}

/* The latest `prev` in the same group (`same`) and in another group (`other`).  When the
 * pair is one rule, only the later of the two (the binding one) is checked, so a command
 * is never reported twice for one rule. */
static void need_pair(check_ctx *x, const rule_pair *p, const char *prev, uint64_t same,
                      uint64_t other)
{
    if (p->one) {
        uint64_t at = same == NEVER ? other : other == NEVER ? same : same > other ? same : other;
        need_gap(x, &p->same, prev, at);
        return;
    }
    need_gap(x, &p->same, prev, same);
    need_gap(x, &p->other, prev, other);
}

/* ---- scopes ------------------------------------------------------------------------ */

static uint64_t latest_except(const latest2 *l, uint32_t unit)
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

static void burst_push(burst_ring *r, uint64_t issue)
{
    r->issue[r->next] = issue;
    r->next = (r->next + 1) & (BURST_RING - 1);
    if (r->n < BURST_RING)
        r->n++;
}

/* The issue cycle of a burst in `r` (data `latency` after issue) that overlaps [s, e),
 * or NEVER.  Bursts of one kind start in issue order, so walking back from the newest,
 * the first one that starts before e is the only candidate: every older one ends no
 * later than it does. */
static uint64_t burst_overlap(const burst_ring *r, uint64_t latency, uint64_t burst,
                              uint64_t s, uint64_t e)
{
    for (uint32_t i = 1; i <= r->n; i++) {
        uint64_t issue = r->issue[(r->next - i) & (BURST_RING - 1)];
        uint64_t start = sat_add(issue, latency);
        if (start >= e)
            continue;
        return sat_add(start, burst) > s ? issue : NEVER;
    }
    return NEVER;
}

/* ---- the rules, per command ---------------------------------------------------------- */

typedef struct where {
    channel_state *ch;
    group_state *g;
    bank_state *b;
    uint32_t bank, group;
} where;

static void check_refresh_due(check_ctx *x, channel_state *ch)
{
    const hamm_checker *c = x->c;
    if (!c->refi_max || ch->refi_reported)
        return;
    uint64_t due = sat_add(ch->refi_base, c->refi_max);
    if (x->cmd->cycle <= due)
        return;
    ch->refi_reported = 1;
    violation(x, "tREFI", "no REF since %s %llu: %llu + %llu (9 x tREFI %u) = %llu < %llu",
              ch->last_ref == NEVER ? "cycle" : "REF at", (unsigned long long)ch->refi_base,
              (unsigned long long)ch->refi_base, (unsigned long long)c->refi_max,
              (unsigned)c->t->tREFI, (unsigned long long)due,
              (unsigned long long)x->cmd->cycle);
}

static void check_data_bus(check_ctx *x, const channel_state *ch, int kind)
{
    static const char *const names[2] = {"RD", "WR"};
    const hamm_checker *c = x->c;
    uint64_t s = sat_add(x->cmd->cycle, c->latency[kind]);
    uint64_t e = sat_add(s, c->burst);
    int other = kind;
    uint64_t hit = burst_overlap(&ch->bursts[kind], c->latency[kind], c->burst, s, e);
    if (hit == NEVER) {
        other = !kind;
        hit = burst_overlap(&ch->bursts[other], c->latency[other], c->burst, s, e);
    }
    if (hit == NEVER)
        return;
    uint64_t hs = sat_add(hit, c->latency[other]);
    violation(x, RULE_DATA_BUS, "%s data [%llu, %llu) overlaps %s data [%llu, %llu) of %s at %llu",
              names[kind], (unsigned long long)s, (unsigned long long)e, names[other],
              (unsigned long long)hs, (unsigned long long)sat_add(hs, c->burst), names[other],
              (unsigned long long)hit);
}

static void check_act(check_ctx *x, const where *w)
{
    const hamm_checker *c = x->c;
    const hamm_dram_timing *t = c->t;
    if (w->b->open)
        violation(x, RULE_STATE, "ACT to bank %u, which has row %u open", (unsigned)w->bank,
                  (unsigned)w->b->row);
    need(x, "tRC", "ACT", w->b->act, t->tRC, NULL);
    need(x, "tRP", "PRE", w->b->pre, t->tRP, NULL);
    need_pair(x, &c->rrd, "ACT", latest_except(&w->g->act, w->bank),
              latest_except(&w->ch->act, w->group));
    if (t->tFAW && w->ch->faw_n == 4)
        need(x, "tFAW", "4th-last ACT", w->ch->faw[w->ch->faw_next], t->tFAW, NULL);
    if (t->tRFC)
        need(x, "tRFC", "REF", w->ch->last_ref, t->tRFC, NULL);
}

static void check_pre(check_ctx *x, const where *w)
{
    const hamm_checker *c = x->c;
    if (!w->b->open)
        violation(x, RULE_STATE, "PRE to bank %u, which is precharged", (unsigned)w->bank);
    need(x, "tRAS", "ACT", w->b->act, c->t->tRAS, NULL);
    need(x, "tRTP", "RD", w->b->rd, c->t->tRTP, NULL);
    need_gap(x, &c->wr_pre, "WR", w->b->wr);
}

/* What RD and WR share: an open bank and tRCD. */
static void check_column(check_ctx *x, const where *w)
{
    if (!w->b->open)
        violation(x, RULE_STATE, "%s to bank %u, which is precharged",
                  hamm_command_name(x->cmd->cmd), (unsigned)w->bank);
    need(x, "tRCD", "ACT", w->b->act, x->c->t->tRCD, NULL);
}

static void check_rd(check_ctx *x, const where *w)
{
    const hamm_checker *c = x->c;
    check_column(x, w);
    need_pair(x, &c->ccd, "RD", w->g->rd, latest_except(&w->ch->rd, w->group));
    need_pair(x, &c->wtr, "WR", w->g->wr, latest_except(&w->ch->wr, w->group));
    check_data_bus(x, w->ch, 0);
}

static void check_wr(check_ctx *x, const where *w)
{
    const hamm_checker *c = x->c;
    check_column(x, w);
    need_pair(x, &c->ccd, "WR", w->g->wr, latest_except(&w->ch->wr, w->group));
    need(x, "tRTW", "RD", w->ch->rd.cycle[0], c->t->tRTW, NULL);
    check_data_bus(x, w->ch, 1);
}

static uint32_t first_open_bank(const hamm_checker *c, uint32_t channel)
{
    const bank_state *b = &c->banks[(size_t)channel * c->dev.dram.banks];
    uint32_t i = 0;
    while (i + 1 < c->dev.dram.banks && !b[i].open)
        i++;
    return i;
}

static void check_ref(check_ctx *x, channel_state *ch)
{
    const hamm_checker *c = x->c;
    if (ch->open_banks)
        violation(x, RULE_STATE, "REF with %u bank%s open (bank %u%s)",
                  (unsigned)ch->open_banks, ch->open_banks == 1 ? "" : "s",
                  (unsigned)first_open_bank(c, x->cmd->channel),
                  ch->open_banks == 1 ? "" : ", ...");
    need(x, "tRP", "PRE", ch->last_pre, c->t->tRP, NULL);
    if (c->t->tRFC)
        need(x, "tRFC", "REF", ch->last_ref, c->t->tRFC, NULL);
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
    burst_push(&w->ch->bursts[0], cycle);
}

static void issue_wr(const where *w, uint64_t cycle)
{
    w->b->wr = w->g->wr = cycle;
    latest_push(&w->ch->wr, w->group, cycle);
    burst_push(&w->ch->bursts[1], cycle);
}

/* REF leaves the banks as they are (a REF to open banks is reported, not repaired). */
static void issue_ref(channel_state *ch, uint64_t cycle)
{
    ch->last_ref = cycle;
    ch->refi_base = cycle;
    ch->refi_reported = 0;
}

/* ---- checking ---------------------------------------------------------------------- */

/* A command the device cannot hold (API misuse; the log reader rejects these first). */
static int out_of_range(check_ctx *x)
{
    const hamm_command *cmd = x->cmd;
    const hamm_command_device *dev = &x->c->dev;
    if ((unsigned)cmd->cmd >= HAMM_CMD_COUNT)
        violation(x, RULE_RANGE, "command %u is not a DRAM command", (unsigned)cmd->cmd);
    else if (cmd->channel >= dev->channels)
        violation(x, RULE_RANGE, "channel %u is out of range (channels=%u)",
                  (unsigned)cmd->channel, (unsigned)dev->channels);
    else if (cmd->cmd != HAMM_CMD_REF && cmd->bank >= dev->dram.banks)
        violation(x, RULE_RANGE, "bank %u is out of range (banks=%u)", (unsigned)cmd->bank,
                  (unsigned)dev->dram.banks);
    else if (cmd->cmd == HAMM_CMD_ACT && cmd->arg >= dev->dram.rows)
        violation(x, RULE_RANGE, "row %u is out of range (rows=%u)", (unsigned)cmd->arg,
                  (unsigned)dev->dram.rows);
    else if ((cmd->cmd == HAMM_CMD_RD || cmd->cmd == HAMM_CMD_WR) &&
             cmd->arg >= dev->dram.columns)
        violation(x, RULE_RANGE, "column %u is out of range (columns=%u)", (unsigned)cmd->arg,
                  (unsigned)dev->dram.columns);
    return x->n > 0;
}

static void check_and_issue(check_ctx *x, const where *w)
{
    const hamm_command *cmd = x->cmd;
    switch (cmd->cmd) {
    case HAMM_CMD_ACT:
        check_act(x, w);
        issue_act(w, cmd->cycle, cmd->arg);
        break;
    case HAMM_CMD_PRE:
        check_pre(x, w);
        issue_pre(w, cmd->cycle);
        break;
    case HAMM_CMD_RD:
        check_rd(x, w);
        issue_rd(w, cmd->cycle);
        break;
    case HAMM_CMD_WR:
        check_wr(x, w);
        issue_wr(w, cmd->cycle);
        break;
    case HAMM_CMD_REF:
        check_ref(x, w->ch);
        issue_ref(w->ch, cmd->cycle);
        break;
    case HAMM_CMD_COUNT:
        break; /* out_of_range refused it */
    }
}

unsigned hamm_checker_check(hamm_checker *c, const hamm_command *cmd, hamm_violation_fn report,
                            void *user)
{
    check_ctx x = {c, cmd, report, user, 0};
    c->commands++;
    if (out_of_range(&x)) {
        c->violations += x.n;
        return x.n;
    }
    channel_state *ch = &c->ch[cmd->channel];
    where w = {ch, NULL, NULL, 0, 0};
    if (cmd->cmd != HAMM_CMD_REF) {
        w.bank = cmd->bank;
        w.group = cmd->bank / c->banks_per_group;
        w.b = &c->banks[(size_t)cmd->channel * c->dev.dram.banks + cmd->bank];
        w.g = &c->groups[(size_t)cmd->channel * c->dev.dram.bank_groups + w.group];
    }
    need(&x, RULE_CMD_BUS, "previous command", ch->last_cmd, 1, NULL);
    check_refresh_due(&x, ch);
    check_and_issue(&x, &w);
    ch->last_cmd = cmd->cycle;
    if (cmd->cycle > c->end)
        c->end = cmd->cycle;
    c->violations += x.n;
    return x.n;
}

/* The end of the log counts as a time by which every channel must have refreshed: a
 * channel that falls silent (or never speaks) misses its REFs too. */
unsigned hamm_checker_finish(hamm_checker *c, hamm_violation_fn report, void *user)
{
    unsigned total = 0;
    if (!c->refi_max || c->commands == 0)
        return 0;
    for (uint32_t h = 0; h < c->dev.channels; h++) {
        channel_state *ch = &c->ch[h];
        hamm_command end = {c->end, h, HAMM_NO_BANK, 0, HAMM_CMD_COUNT};
        check_ctx x = {c, &end, report, user, 0};
        uint64_t due = sat_add(ch->refi_base, c->refi_max);
        if (ch->refi_reported || c->end <= due)
            continue;
        ch->refi_reported = 1;
        violation(&x, "tREFI",
                  "no REF since %s %llu: %llu + %llu (9 x tREFI %u) = %llu < end of log %llu",
                  ch->last_ref == NEVER ? "cycle" : "REF at",
                  (unsigned long long)ch->refi_base, (unsigned long long)ch->refi_base,
                  (unsigned long long)c->refi_max, (unsigned)c->t->tREFI,
                  (unsigned long long)due, (unsigned long long)c->end);
        total += x.n;
    }
    c->violations += total;
    return total;
}
