/* progress.c - streaming a trace with a progress line on stderr (only on a terminal). */
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define CHECK_EVERY (1u << 20) /* requests between clock reads */

/* A progress line on stderr, only when stderr is a terminal; rate limited. */
typedef struct cli_progress {
    int enabled;
    double start, last;
    uint64_t next_check;
} cli_progress;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void cli_progress_start(cli_progress *p)
{
    p->enabled = isatty(STDERR_FILENO);
    p->start = p->last = p->enabled ? now() : 0.0;
    p->next_check = CHECK_EVERY;
}

static void cli_progress_update(cli_progress *p, uint64_t requests, const hamm_trace_reader *r)
{
    if (!p->enabled || requests < p->next_check)
        return;
    p->next_check = requests + CHECK_EVERY;
    double t = now();
    if (t - p->last < 0.5)
        return;
    p->last = t;
    double mb = (double)hamm_trace_reader_raw_offset(r) / 1e6;
    fprintf(stderr, "\rhamm: %.1fM requests, %.0f MB read, %.1f s ", (double)requests / 1e6, mb,
            t - p->start);
    fflush(stderr);
}

static void cli_progress_end(cli_progress *p)
{
    if (p->enabled && p->last > p->start) {
        fprintf(stderr, "\r%60s\r", "");
        fflush(stderr);
    }
}

hamm_status cli_stream(hamm_trace_reader *r, hamm_capacity *cap, cli_batch_fn each, void *ctx,
                       hamm_error *err)
{
    cli_progress progress;
    cli_progress_start(&progress);
    const hamm_request *batch;
    uint64_t total = 0;
    size_t n;
    hamm_status st;
    while ((st = hamm_trace_next(r, &batch, &n, err)) == HAMM_OK && n > 0) {
        if (cap)
            hamm_capacity_count(cap, batch, n);
        if ((st = each(ctx, batch, n, err)) != HAMM_OK)
            break;
        total += n;
        cli_progress_update(&progress, total, r);
    }
    cli_progress_end(&progress);
    return st;
}
