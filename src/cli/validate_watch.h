/* validate_watch.h - what the hamm command shows of every validate run it starts
 * (validate, sweep, report): the progress line and the warnings of requests beyond a
 * model's capacity, as a hamm_validate_watch (hamm/sweep.h). */
#ifndef HAMM_CLI_VALIDATE_WATCH_H
#define HAMM_CLI_VALIDATE_WATCH_H

#include "hamm/sweep.h"
#include "validate_print.h"

typedef struct cli_validate_watch {
    hamm_validate_watch watch; /* what to hand the library; its user is this */
    cli_validate_progress progress;
    char what[64];             /* the run under way */
} cli_validate_watch;
void cli_validate_watch_init(cli_validate_watch *w);

#endif
