/* checker_rules.c - the constraint table of docs/COMMAND_LOG.md as rules: the derived
 * gaps named once per device, and the check of one command against the state before it,
 * reporting every rule it breaks.  Written from that table alone, never from the
 * engine's scheduler, so the two referee each other.
 *
 * Rules are evaluated from "last cycle" records (checker_state.c), not from a max-folded
 * earliest[] per scope, so that each broken rule can be reported on its own, with the
 * command that set it. */
#include <stdarg.h>
#include <stdio.h>

#include "checker_internal.h"

/* Rule names: what err->field holds. */
#define RULE_CMD_BUS "command bus"
#define RULE_DATA_BUS "data bus"
#define RULE_STATE "state"
#define RULE_RANGE "command"

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

void checker_rules_derive(hamm_checker *c)
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
    c->refi_max = REFI_MAX_INTERVALS * (uint64_t)t->tREFI;
}

/* ---- reporting --------------------------------------------------------------------- */

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
    char text[sizeof e.text];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    hamm_error_field(&e, HAMM_ERR_VIOLATION, rule, "%s", text);
    x->report(x->user, x->cmd, &e);
}

/* The command must come at least `delay` cycles after `prev` at cycle `at`.  Reports
 * "PREV at AT + DELAY [(WHY)] = E > CYCLE".  The sum is compared exactly: a bound past
 * 2^64 - 1 is not met by any cycle. */
static void bound(check_ctx *x, const char *rule, const char *prev, uint64_t at,
                  uint64_t delay, const char *why)
{
    if (!sum_less(x->cmd->cycle, 0, at, delay))
        return;
    char e[48];
    sum_text(e, sizeof e, at, delay);
    if (why && why[0])
        violation(x, rule, "%s at %llu + %llu (%s) = %s > %llu", prev, (unsigned long long)at,
                  (unsigned long long)delay, why, e, (unsigned long long)x->cmd->cycle);
    else
        violation(x, rule, "%s at %llu + %llu = %s > %llu", prev, (unsigned long long)at,
                  (unsigned long long)delay, e, (unsigned long long)x->cmd->cycle);
}

/* As bound, from the last `prev`: NEVER, no such command, nothing to check. */
static void need(check_ctx *x, const char *rule, const char *prev, uint64_t at,
                 uint64_t delay, const char *why)
{
    if (at != NEVER)
        bound(x, rule, prev, at, delay, why);
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

/* ---- the rules, per command ---------------------------------------------------------- */

static void check_refresh_due(check_ctx *x, channel_state *ch)
{
    const hamm_checker *c = x->c;
    if (!c->refi_max || ch->refi_reported)
        return;
    uint64_t due = sat_add(ch->refi_base, c->refi_max);
    if (x->cmd->cycle <= due)
        return;
    ch->refi_reported = 1;
    char rank[24] = "";
    if (c->ranks > 1)
        snprintf(rank, sizeof rank, "rank %u: ", (unsigned)x->cmd->rank);
    violation(x, "tREFI", "%sno REF since %s %llu: %llu + %llu (%u x tREFI %u) = %llu < %llu",
              rank, ch->last_ref == NEVER ? "cycle" : "REF at", (unsigned long long)ch->refi_base,
              (unsigned long long)ch->refi_base, (unsigned long long)c->refi_max,
              REFI_MAX_INTERVALS, (unsigned)c->t->tREFI, (unsigned long long)due,
              (unsigned long long)x->cmd->cycle);
}

/* The newest burst of either kind (own kind first) too near the new one, given `gap`
 * between ranks; *other: its kind. */
static uint64_t bus_hit(const hamm_checker *c, const bus_state *bus, const bus_burst *own,
                        int kind, uint64_t gap, int *other, uint32_t *rank)
{
    *other = kind;
    uint64_t hit = checker_state_burst_overlap(&bus->bursts[kind], c->latency[kind], c->burst,
                                               own, gap, rank);
    if (hit == NEVER) {
        *other = !kind;
        hit = checker_state_burst_overlap(&bus->bursts[*other], c->latency[*other], c->burst,
                                          own, gap, rank);
    }
    return hit;
}

/* Bursts overlap on the data bus ("data bus"), or those of two ranks come closer than
 * tRTRS ("tRTRS"; only with more than one rank). */
static void check_data_bus(check_ctx *x, const where *w, int kind)
{
    static const char *const names[2] = {"RD", "WR"};
    const hamm_checker *c = x->c;
    uint64_t cycle = x->cmd->cycle;
    bus_burst own = {cycle, c->latency[kind], w->rank};
    int other;
    uint32_t rank = 0;
    uint64_t gap = 0, hit = bus_hit(c, w->bus, &own, kind, 0, &other, &rank);
    if (hit == NEVER && c->ranks > 1 && c->t->tRTRS)
        hit = bus_hit(c, w->bus, &own, kind, gap = c->t->tRTRS, &other, &rank);
    if (hit == NEVER)
        return;
    char s[48], e[48], hs[48], he[48];
    sum_text(s, sizeof s, cycle, c->latency[kind]);
    sum_text(e, sizeof e, cycle, c->latency[kind] + c->burst);
    sum_text(hs, sizeof hs, hit, c->latency[other]);
    sum_text(he, sizeof he, hit, c->latency[other] + c->burst);
    if (!gap)
        violation(x, RULE_DATA_BUS, "%s data [%s, %s) overlaps %s data [%s, %s) of %s at %llu",
                  names[kind], s, e, names[other], hs, he, names[other],
                  (unsigned long long)hit);
    else
        violation(x, "tRTRS",
                  "%s data [%s, %s) (rank %u) is less than tRTRS %llu from %s data [%s, %s) "
                  "(rank %u) of %s at %llu",
                  names[kind], s, e, (unsigned)w->rank, (unsigned long long)gap, names[other],
                  hs, he, (unsigned)rank, names[other], (unsigned long long)hit);
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
    need_pair(x, &c->rrd, "ACT", checker_state_latest_except(&w->g->act, w->bank),
              checker_state_latest_except(&w->ch->act, w->group));
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
    const channel_state *ch = w->ch;
    need_pair(x, &c->ccd, "RD", w->g->rd, checker_state_latest_except(&ch->rd, w->group));
    need_pair(x, &c->wtr, "WR", w->g->wr, checker_state_latest_except(&ch->wr, w->group));
    check_data_bus(x, w, 0);
}

static void check_wr(check_ctx *x, const where *w)
{
    const hamm_checker *c = x->c;
    check_column(x, w);
    const channel_state *ch = w->ch;
    need_pair(x, &c->ccd, "WR", w->g->wr, checker_state_latest_except(&ch->wr, w->group));
    need(x, "tRTW", "RD", w->bus->last_rd, c->t->tRTW, NULL); /* a bus turnaround: any rank */
    check_data_bus(x, w, 1);
}

static void check_ref(check_ctx *x, channel_state *ch)
{
    const hamm_checker *c = x->c;
    if (ch->open_banks)
        violation(x, RULE_STATE, "REF with %u bank%s open (bank %u%s)",
                  (unsigned)ch->open_banks, ch->open_banks == 1 ? "" : "s",
                  (unsigned)checker_state_first_open_bank(c, x->cmd->channel, x->cmd->rank),
                  ch->open_banks == 1 ? "" : ", ...");
    need(x, "tRP", "PRE", ch->last_pre, c->t->tRP, NULL);
    if (c->t->tRFC)
        need(x, "tRFC", "REF", ch->last_ref, c->t->tRFC, NULL);
}

/* ---- one command ------------------------------------------------------------------- */

int checker_rules_range(check_ctx *x)
{
    char text[160];
    if (!checker_device_range(&x->c->dev, x->cmd, text, sizeof text))
        return 0;
    violation(x, RULE_RANGE, "%s", text);
    return 1;
}

void checker_rules_check(check_ctx *x, const where *w)
{
    const hamm_command *cmd = x->cmd;
    /* Every "last X" below is NEVER (none) at 2^64 - 1, where it cannot bind: a command
     * after one at 2^64 - 1 shares its cycle, and this rule, which knows, reports it. */
    if (w->bus->spoke)
        bound(x, RULE_CMD_BUS, "previous command", w->bus->last_cmd, 1, NULL);
    check_refresh_due(x, w->ch);
    switch (cmd->cmd) {
    case HAMM_CMD_ACT:
        check_act(x, w);
        break;
    case HAMM_CMD_PRE:
        check_pre(x, w);
        break;
    case HAMM_CMD_RD:
        check_rd(x, w);
        break;
    case HAMM_CMD_WR:
        check_wr(x, w);
        break;
    case HAMM_CMD_REF:
        check_ref(x, w->ch);
        break;
    case HAMM_CMD_COUNT:
        break; /* checker_rules_range refused it */
    }
}

/* The end of the log counts as a time by which every channel must have refreshed: a
 * channel that falls silent (or never speaks) misses its REFs too. */
void checker_rules_finish(check_ctx *x, channel_state *ch)
{
    const hamm_checker *c = x->c;
    uint64_t due = sat_add(ch->refi_base, c->refi_max);
    if (ch->refi_reported || c->end <= due)
        return;
    ch->refi_reported = 1;
    char rank[24] = "";
    if (c->ranks > 1)
        snprintf(rank, sizeof rank, "rank %u: ", (unsigned)x->cmd->rank);
    violation(x, "tREFI",
              "%sno REF since %s %llu: %llu + %llu (%u x tREFI %u) = %llu < end of log %llu",
              rank, ch->last_ref == NEVER ? "cycle" : "REF at", (unsigned long long)ch->refi_base,
              (unsigned long long)ch->refi_base, (unsigned long long)c->refi_max,
              REFI_MAX_INTERVALS, (unsigned)c->t->tREFI, (unsigned long long)due,
              (unsigned long long)c->end);
}
