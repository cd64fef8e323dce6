/* validate_watch.c - the progress line and the capacity warnings of the validate runs the
 * hamm command starts, and `hamm validate`'s own run with them. */
#include <stdio.h>
#include <string.h>

#include "validate_watch.h"

/* Warn of the entries whose trace reaches beyond their model's capacity (the document's
 * entries[].beyond_capacity), as the single-trace commands do: each by name for a
 * validate run; one line per point of a sweep, which would repeat them at every point. */
static void warn_capacity(const json_t *doc, const char *what)
{
    int each = strcmp(what, "validate") == 0;
    size_t i, beyond = 0;
    json_t *e;
    json_array_foreach(json_object_get(doc, "entries"), i, e) {
        json_t *c = json_object_get(e, "beyond_capacity");
        json_int_t n = json_integer_value(json_object_get(c, "requests"));
        json_int_t cap = json_integer_value(json_object_get(c, "capacity_bytes"));
        beyond += n > 0;
        if (n > 0 && each)
            fprintf(stderr,
                    "hamm: warning: entry %s: %lld request%s beyond the model's capacity of "
                    "%lld bytes (0x%llx), folded onto lower addresses; the first: %s\n",
                    json_string_value(json_object_get(e, "name")), (long long)n,
                    n == 1 ? "" : "s", (long long)cap, (unsigned long long)cap,
                    json_string_value(json_object_get(c, "first_address")));
    }
    if (beyond && !each)
        fprintf(stderr,
                "hamm: warning: %s: %zu entr%s with requests beyond the model's capacity, "
                "folded onto lower addresses (entries[].beyond_capacity)\n",
                what, beyond, beyond == 1 ? "y" : "ies");
}

static void begin(void *user, const char *what)
{
    cli_validate_watch *w = user;
    snprintf(w->what, sizeof w->what, "%s", what);
    cli_validate_progress_start(&w->progress, w->what);
}

static void progress(void *user, size_t done, size_t total)
{
    cli_validate_watch *w = user;
    cli_validate_progress_fn(&w->progress, done, total);
}

static void end(void *user, const char *what, const json_t *doc)
{
    cli_validate_watch *w = user;
    cli_validate_progress_end(&w->progress);
    if (doc)
        warn_capacity(doc, what);
}

void cli_validate_watch_init(cli_validate_watch *w)
{
    memset(w, 0, sizeof *w);
    w->watch = (hamm_validate_watch){begin, progress, end, w};
}

int cli_validate_run(const hamm_suite *s, const char *const *sets, size_t nsets, unsigned jobs,
                     const char *what, json_t **doc)
{
    cli_validate_watch w;
    cli_validate_watch_init(&w);
    hamm_sweep_options o = {sets, nsets, jobs, &w.watch};
    hamm_error err;
    hamm_error_clear(&err);
    return hamm_sweep_validate(s, &o, what, doc, &err) == HAMM_OK ? CLI_OK : cli_report(&err);
}
