/* names.c - the names of the enums a model file holds, one table each: the scheduler,
 * the page policy, the ready order and the activate heuristics (a set of them: what hamm predict reports). */
#include "config_internal.h"

static const char *const scheduler_names[HAMM_SCHED_COUNT] = {
    [HAMM_SCHED_FRFCFS] = "fr-fcfs",
    [HAMM_SCHED_FCFS] = "fcfs",
    [HAMM_SCHED_MOST_PENDING] = "most-pending",
    [HAMM_SCHED_BANKED_FIFO] = "banked-fifo",
};

const struct enum_table config_scheduler_names = {
    .what = "scheduler", .field = "scheduler", .status = HAMM_ERR_CONFIG,
    .names = scheduler_names, .count = HAMM_SCHED_COUNT, .unknown = "unknown",
    .lead = "expected ", .all = NULL, .or_last = 1,
};

static const char *const page_policy_names[HAMM_PAGE_COUNT] = {
    [HAMM_PAGE_OPEN] = "open",
    [HAMM_PAGE_CLOSED] = "closed",
    [HAMM_PAGE_TIMEOUT] = "timeout",
};

const struct enum_table config_page_policy_names = {
    .what = "page policy", .field = "page_policy", .status = HAMM_ERR_CONFIG,
    .names = page_policy_names, .count = HAMM_PAGE_COUNT, .unknown = "unknown",
    .lead = "expected ", .all = NULL, .or_last = 1,
};

static const char *const ready_order_names[HAMM_ORDER_COUNT] = {
    [HAMM_ORDER_COLUMN_FIRST] = "column-first",
    [HAMM_ORDER_OLDEST_READY] = "oldest-ready",
    [HAMM_ORDER_QUEUE_HEAD] = "queue-head",
    [HAMM_ORDER_FIRST_READY] = "first-ready",
};

const struct enum_table config_ready_order_names = {
    .what = "ready order", .field = "ready_order", .status = HAMM_ERR_CONFIG,
    .names = ready_order_names, .count = HAMM_ORDER_COUNT, .unknown = "unknown",
    .lead = "expected ", .all = NULL, .or_last = 1,
};

static const char *const heuristic_names[HAMM_HEUR_COUNT] = {
    [HAMM_HEUR_NO_OVERLAP] = "no-overlap",
    [HAMM_HEUR_FULL_OVERLAP] = "full-overlap",
    [HAMM_HEUR_AVERAGE] = "average",
    [HAMM_HEUR_LOCALITY_SWITCH] = "locality-switch",
    [HAMM_HEUR_COMMAND_TIMED] = "command-timed",
};

const struct enum_table config_heuristic_names = {
    .what = "heuristic", .field = "--heuristic", .status = HAMM_ERR_ARG,
    .names = heuristic_names, .count = HAMM_HEUR_COUNT, .unknown = "unknown",
    .lead = "", .all = "all", .or_last = 0,
};

const char *hamm_scheduler_name(hamm_scheduler s)
{
    return enum_table_name(&config_scheduler_names, (unsigned)s);
}

hamm_status hamm_scheduler_from_name(const char *name, hamm_scheduler *out, hamm_error *err)
{
    unsigned v = 0;
    hamm_status st = enum_table_parse(&config_scheduler_names, name, out ? &v : NULL, err);
    if (st == HAMM_OK)
        *out = (hamm_scheduler)v;
    return st;
}

const char *hamm_page_policy_name(hamm_page_policy p)
{
    return enum_table_name(&config_page_policy_names, (unsigned)p);
}

const char *hamm_ready_order_name(hamm_ready_order o)
{
    return enum_table_name(&config_ready_order_names, (unsigned)o);
}

const char *hamm_heuristic_name(hamm_heuristic h)
{
    return enum_table_name(&config_heuristic_names, (unsigned)h);
}

hamm_status hamm_heuristic_from_name(const char *name, hamm_heuristic *out, hamm_error *err)
{
    unsigned v = 0;
    hamm_status st = enum_table_parse(&config_heuristic_names, name, out ? &v : NULL, err);
    if (st == HAMM_OK)
        *out = (hamm_heuristic)v;
    return st;
}

hamm_status hamm_heuristics_parse(const char *list, unsigned *out, hamm_error *err)
{
    return enum_table_parse_set(&config_heuristic_names, list, out, err);
}
