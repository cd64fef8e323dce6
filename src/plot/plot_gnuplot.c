/* plot_gnuplot.c - running gnuplot on one script as a child process, in the figure's
 * directory (the scripts name their files relatively), and treating anything it prints
 * (a warning included) as a failure, since a warning means a figure that is not right. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "plot_internal.h"

static int is_exec(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

int plot_gnuplot_exists(const char *program)
{
    if (strchr(program, '/'))
        return is_exec(program);
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/bin:/bin";
    char buf[4096];
    while (*path) {
        size_t n = strcspn(path, ":");
        int len = snprintf(buf, sizeof buf, "%.*s/%s", (int)n, n ? path : ".", program);
        if (len > 0 && (size_t)len < sizeof buf && is_exec(buf))
            return 1;
        path += n + (path[n] == ':');
    }
    return 0;
}

/* In the child: stdin from /dev/null, stdout and stderr into the pipe, then gnuplot. */
static void child(const char *program, const char *dir, const char *script, int out)
{
    int null = open("/dev/null", O_RDONLY);
    if (null >= 0)
        dup2(null, 0);
    dup2(out, 1);
    dup2(out, 2);
    if (chdir(dir) != 0)
        _exit(126);
    execlp(program, program, script, (char *)NULL);
    _exit(127);
}

/* Everything the child prints, up to size - 1 bytes kept. */
static void drain(int fd, char *buf, size_t size)
{
    size_t len = 0;
    char chunk[1024];
    ssize_t n;
    while ((n = read(fd, chunk, sizeof chunk)) != 0) {
        if (n < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        size_t take = (size_t)n < size - 1 - len ? (size_t)n : size - 1 - len;
        memcpy(buf + len, chunk, take);
        len += take;
    }
    buf[len] = '\0';
}

hamm_status plot_gnuplot_run(const char *program, const char *dir, const char *script,
                             int *found, hamm_error *err)
{
    *found = plot_gnuplot_exists(program);
    if (!*found)
        return HAMM_OK;
    int fds[2];
    if (pipe(fds) != 0)
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(script), NULL, "cannot run %s: %s", program,
                             strerror(errno));
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(script), NULL, "cannot run %s: %s", program,
                             strerror(errno));
    }
    if (pid == 0)
        child(program, dir, script, fds[1]);
    close(fds[1]);
    char said[1024];
    drain(fds[0], said, sizeof said);
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    size_t n = strlen(said);
    while (n && (said[n - 1] == '\n' || said[n - 1] == ' '))
        said[--n] = '\0';
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && n == 0)
        return HAMM_OK;
    /* the message names the script; the first of gnuplot's lines tells what */
    for (char *p = said; *p; p++)
        if (*p == '\n')
            *p = ' ';
    int exited_ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return hamm_error_at(err, HAMM_ERR_IO, HAMM_IN(script), NULL, "%s %s: %s", program,
                         exited_ok ? "printed a warning" : "failed", n ? said : "(no message)");
}
