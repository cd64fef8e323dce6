/* out_temp.c - the temporaries outputs are written to, removed when a signal ends the run.
 *
 * A signal that kills the process (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE) first
 * unlinks every registered temporary, then dies of that same signal, so the exit status
 * still says what ended the run.  A signal the process was started with ignored (nohup,
 * a shell's background job) stays ignored.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* Every output of one run: up to 64 tap traces (hamm simulate --tap), -o and a log. */
enum { SLOTS = 72 };

/* The one piece of process state: a handler cannot reach anything else.  A slot's name
 * is complete before its flag is set, and the flag cleared before the name is reused. */
static volatile sig_atomic_t in_use[SLOTS];
static char names[SLOTS][4096];
static int installed;

static void on_signal(int sig)
{
    for (int i = 0; i < SLOTS; i++)
        if (in_use[i])
            unlink(names[i]);
    signal(sig, SIG_DFL);
    raise(sig); /* blocked until the handler returns, then fatal */
}

static void install(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE};
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigfillset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(sigs[i], &sa, NULL);
    installed = 1;
}

int cli_temp_create(char *tmpl)
{
    if (!installed)
        install();
    sigset_t all, before;
    sigfillset(&all);
    /* no signal between creating the file and registering it */
    sigprocmask(SIG_BLOCK, &all, &before);
    int fd = -1;
    errno = EMFILE; /* when every slot is taken */
    for (int i = 0; i < SLOTS; i++)
        if (!in_use[i]) {
            fd = mkstemp(tmpl);
            if (fd >= 0) {
                memcpy(names[i], tmpl, strlen(tmpl) + 1);
                in_use[i] = 1;
            }
            break;
        }
    sigprocmask(SIG_SETMASK, &before, NULL);
    return fd;
}

void cli_temp_forget(const char *tmpl)
{
    for (int i = 0; i < SLOTS; i++)
        if (in_use[i] && strcmp(names[i], tmpl) == 0)
            in_use[i] = 0;
}
