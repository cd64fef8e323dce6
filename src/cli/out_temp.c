/* out_temp.c - the temporaries outputs are written to, removed when a signal ends the run.
 *
 * A signal that kills the process (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE) first
 * unlinks every registered temporary file and removes every registered staging directory
 * (hamm_stage, with the files and the nested stages in it), then dies of that same
 * signal, so the exit status still says what ended the run.  A signal the process was
 * started with ignored (nohup, a shell's background job) stays ignored.
 */
#define _DEFAULT_SOURCE /* syscall: getdents64, the one async-signal-safe directory read */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cli.h"
#include "hamm/plot.h"

/* Every output of one run: up to 128 tap traces (hamm simulate --tap), -o and a log;
 * and the staging directories of report and plot. */
enum { SLOTS = 136, DIR_SLOTS = 2 };

/* The one piece of process state: a handler cannot reach anything else.  A slot's name
 * is complete before its flag is set, and the flag cleared before the name is reused. */
static volatile sig_atomic_t in_use[SLOTS], dir_in_use[DIR_SLOTS];
static char names[SLOTS][4096], dir_names[DIR_SLOTS][4096];
static int installed;

static void clear_dir(int fd, int depth);

/* Remove entry `name` of directory fd: a file, or (while depth allows) a directory
 * emptied first.  "." and ".." are left alone. */
static void remove_entry(int fd, const char *name, int depth)
{
    if (name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0')))
        return;
    if (unlinkat(fd, name, 0) == 0 || depth == 0)
        return;
    int sub = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (sub >= 0) {
        clear_dir(sub, depth - 1);
        close(sub);
        unlinkat(fd, name, AT_REMOVEDIR);
    }
}

#ifdef SYS_getdents64
/* The kernel's directory entry as getdents64 returns it. */
struct dent64 {
    uint64_t d_ino;
    int64_t d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

/* Remove directory `fd` refers to the entries of, and the directories in it down to
 * `depth` levels, with only async-signal-safe calls (open, getdents64, unlinkat, close):
 * a stage holds plain files and at most a nested stage. */
static void clear_dir(int fd, int depth)
{
    static char buf[2][8192]; /* one per level: a handler does not allocate */
    char *b = buf[depth & 1];
    long n;
    while ((n = syscall(SYS_getdents64, fd, b, sizeof buf[0])) > 0) {
        for (long off = 0; off < n;) {
            const struct dent64 *e = (const void *)(b + off);
            off += e->d_reclen;
            remove_entry(fd, e->d_name, depth);
        }
    }
}
#else
/* Without getdents64: readdir, which is not async-signal-safe but the best at hand. */
static void clear_dir(int fd, int depth)
{
    DIR *d = fdopendir(dup(fd));
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        remove_entry(fd, e->d_name, depth);
    closedir(d);
}
#endif

/* Remove directory `path`, its files and its subdirectories' (async-signal-safe). */
static void cli_temp_remove_tree(const char *path)
{
    /* a file gnuplot, still running, adds during the first pass is caught by the second */
    for (int pass = 0; pass < 2; pass++) {
        int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
            return;
        clear_dir(fd, 1);
        close(fd);
        if (rmdir(path) == 0)
            return;
    }
}

static void on_signal(int sig)
{
    for (int i = 0; i < SLOTS; i++)
        if (in_use[i])
            unlink(names[i]);
    for (int i = DIR_SLOTS - 1; i >= 0; i--)
        if (dir_in_use[i])
            cli_temp_remove_tree(dir_names[i]);
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

/* Block every signal (so none comes between creating a temporary and registering it). */
static void block_all(sigset_t *before)
{
    if (!installed)
        install();
    sigset_t all;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, before);
}

hamm_status cli_stage_open(hamm_stage *s, const char *dir, hamm_error *err)
{
    sigset_t before;
    block_all(&before);
    hamm_status st = hamm_stage_open(s, dir, err);
    for (int i = 0; st == HAMM_OK && i < DIR_SLOTS; i++)
        if (!dir_in_use[i]) {
            memcpy(dir_names[i], s->path, strlen(s->path) + 1);
            dir_in_use[i] = 1;
            break;
        }
    sigprocmask(SIG_SETMASK, &before, NULL);
    return st;
}

/* The stage is forgotten before it is ended: a signal in between leaves at most what
 * commit had not yet moved, never removes what it had. */
static void stage_forget(const hamm_stage *s)
{
    for (int i = 0; i < DIR_SLOTS; i++)
        if (dir_in_use[i] && strcmp(dir_names[i], s->path) == 0)
            dir_in_use[i] = 0;
}

hamm_status cli_stage_commit(hamm_stage *s, hamm_error *err)
{
    sigset_t before;
    block_all(&before);
    stage_forget(s);
    hamm_status st = hamm_stage_commit(s, err);
    sigprocmask(SIG_SETMASK, &before, NULL);
    return st;
}

int cli_stage_fail(hamm_stage *s, hamm_error *err)
{
    hamm_stage_blame(s, err);
    cli_stage_abort(s);
    return cli_report(err);
}

void cli_stage_abort(hamm_stage *s)
{
    sigset_t before;
    block_all(&before);
    stage_forget(s);
    hamm_stage_abort(s);
    sigprocmask(SIG_SETMASK, &before, NULL);
}
