/* engine_referee.h - the independent checker as the engine's referee in tests: each
 * command the engine issues goes through the checker, and the first violation is kept
 * as text.  Header-only; for the test executables that run the engine under the checker. */
#ifndef HAMM_TEST_ENGINE_REFEREE_H
#define HAMM_TEST_ENGINE_REFEREE_H

#include <stdio.h>

#include "hamm/checker.h"

typedef struct referee {
    hamm_checker *checker;
    uint64_t reported;
    char first[512]; /* the first violation, for the failure message */
} referee;

static inline void on_violation(void *user, const hamm_command *cmd, const hamm_error *what)
{
    referee *r = user;
    if (r->reported++ == 0)
        snprintf(r->first, sizeof r->first, "cycle %llu channel %u %s bank %u: %s: %s",
                 (unsigned long long)cmd->cycle, cmd->channel, hamm_command_name(cmd->cmd),
                 cmd->bank, what->field, what->text);
}

/* The engine's command callback: user is a referee. */
static inline void on_command(void *user, const hamm_command *cmd)
{
    referee *r = user;
    hamm_checker_check(r->checker, cmd, on_violation, r);
}

#endif
