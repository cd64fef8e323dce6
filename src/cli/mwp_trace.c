/* mwp_trace.c - `hamm mwp --trace`: E for the combined MWP/CWP model from the hybrid DRAM
 * model (the library calls `hamm predict` makes) run on the kernel's request traces. */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hamm/dram_model.h"
#include "mwp_trace.h"

int mwp_trace_heuristic(const char *cmd, const char *name, mwp_trace_opts *o)
{
    hamm_heuristic h;
    hamm_error err;
    hamm_error_clear(&err);
    if (hamm_heuristic_from_name(name, &h, &err) != HAMM_OK || h == HAMM_HEUR_COUNT)
        return cli_usage(cmd, "--heuristic takes one of no-overlap, full-overlap, average, "
                              "locality-switch or command-timed, not '%s'", name);
    o->heuristic = name;
    return CLI_OK;
}

/* Natural order, so that channel-10 follows channel-9: runs of digits compare by value. */
static int natural_cmp(const void *pa, const void *pb)
{
    const char *a = pa, *b = pb;
    while (*a && *b) {
        if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
            char *ea, *eb;
            unsigned long long x = strtoull(a, &ea, 10), y = strtoull(b, &eb, 10);
            if (x != y)
                return x < y ? -1 : 1;
            a = ea;
            b = eb;
            continue;
        }
        if (*a != *b)
            return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
        a++;
        b++;
    }
    return (unsigned char)*a - (unsigned char)*b;
}

static int add_file(mwp_trace_result *r, const char *dir, const char *name)
{
    if (r->nfiles == MWP_TRACE_MAX) {
        fprintf(stderr, "hamm: --trace: more than %d trace files\n", MWP_TRACE_MAX);
        return CLI_FAIL;
    }
    int n = dir ? snprintf(r->files[r->nfiles], sizeof r->files[0], "%s/%s", dir, name)
                : snprintf(r->files[r->nfiles], sizeof r->files[0], "%s", name);
    if (n < 0 || (size_t)n >= sizeof r->files[0]) {
        fprintf(stderr, "hamm: %s: path too long\n", name);
        return CLI_FAIL;
    }
    r->nfiles++;
    return CLI_OK;
}

/* A directory's traces: its regular files but hidden ones, in natural order. */
static int expand_dir(const char *dir, mwp_trace_result *r)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "hamm: %s: cannot read the directory: %s\n", dir, strerror(errno));
        return CLI_FAIL;
    }
    size_t first = r->nfiles;
    struct dirent *e;
    int rc = CLI_OK;
    while (rc == CLI_OK && (e = readdir(d)) != NULL) {
        char path[8200];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (e->d_name[0] != '.' && stat(path, &st) == 0 && S_ISREG(st.st_mode))
            rc = add_file(r, dir, e->d_name);
    }
    closedir(d);
    if (rc == CLI_OK && r->nfiles == first) {
        fprintf(stderr, "hamm: %s: --trace: the directory holds no trace file\n", dir);
        return CLI_FAIL;
    }
    qsort(r->files + first, r->nfiles - first, sizeof r->files[0], natural_cmp);
    return rc;
}

int mwp_trace_expand(const mwp_trace_opts *o, mwp_trace_result *r)
{
    r->files = calloc(MWP_TRACE_MAX, sizeof r->files[0]);
    if (!r->files) {
        fprintf(stderr, "hamm: out of memory\n");
        return CLI_FAIL;
    }
    int rc = CLI_OK;
    for (size_t i = 0; rc == CLI_OK && i < o->ngiven; i++) {
        struct stat st;
        /* anything but a directory is read as a trace: the reader names what is wrong */
        if (stat(o->given[i], &st) == 0 && S_ISDIR(st.st_mode))
            rc = expand_dir(o->given[i], r);
        else
            rc = add_file(r, NULL, o->given[i]);
    }
    return rc;
}

/* The channels' busy cycles over their active cycles, summed before dividing: the
 * fraction of the peak the whole memory system delivers while its channels are busy.
 * average and locality-switch are made of the two profilers as per channel. */
static double aggregate(const hamm_dram_model *m, hamm_heuristic h, uint32_t *used)
{
    switch (h) {
    case HAMM_HEUR_AVERAGE:
        return (aggregate(m, HAMM_HEUR_NO_OVERLAP, used) +
                aggregate(m, HAMM_HEUR_FULL_OVERLAP, used)) / 2;
    case HAMM_HEUR_LOCALITY_SWITCH:
        return aggregate(m, hamm_dram_model_switch_choice(m), used);
    case HAMM_HEUR_NO_OVERLAP:
    case HAMM_HEUR_FULL_OVERLAP:
    case HAMM_HEUR_COMMAND_TIMED:
    case HAMM_HEUR_COUNT:
        break;
    }
    double num = 0, den = 0;
    *used = 0;
    for (uint32_t c = 0; c < hamm_dram_model_params(m)->channels; c++) {
        const hamm_model_totals *t = hamm_dram_model_totals(m, c, h);
        if (t && t->requests && t->den_bytes) {
            num += (double)t->num_bytes;
            den += (double)t->den_bytes;
            (*used)++;
        }
    }
    return den > 0 ? num / den : -1;
}

static hamm_status add_batch(void *ctx, const hamm_request *reqs, size_t n, hamm_error *err)
{
    (void)err;
    hamm_dram_model_add(ctx, reqs, n);
    return HAMM_OK;
}

/* Every file through one model: a tap's files each hold one channel's requests, and the
 * model keeps each channel's order, so this is the same as one trace of them all. */
static hamm_status feed(const hamm_trace_options *topts, const mwp_trace_result *r,
                        const hamm_system_config *cfg, hamm_dram_model *m, hamm_error *err)
{
    hamm_capacity cap;
    cli_capacity_init(&cap, cfg);
    hamm_status st = HAMM_OK;
    for (size_t i = 0; st == HAMM_OK && i < r->nfiles; i++) {
        hamm_trace_reader *rd = NULL;
        st = hamm_trace_reader_open(&rd, r->files[i], topts, err);
        if (st == HAMM_OK)
            st = cli_stream(rd, &cap, add_batch, m, err);
        if (st == HAMM_OK)
            cli_report_skipped(rd);
        hamm_trace_reader_free(rd);
    }
    if (st == HAMM_OK)
        cli_report_capacity(&cap);
    return st;
}

static hamm_status make_model(const mwp_trace_opts *o, const hamm_system_config *cfg,
                              const hamm_addrmap *map, hamm_heuristic h, hamm_dram_model **m,
                              hamm_error *err)
{
    hamm_model_params p;
    hamm_status st = hamm_model_params_from_config(cfg, &p, err);
    if (st != HAMM_OK)
        return st;
    p.threads = o->in.trace.prefetch ? 2 : 1;
    p.arrivals = o->timed;
    return hamm_dram_model_new(m, &p, map, 1u << h, err);
}

int mwp_trace_run(const mwp_trace_opts *o, const char *model, mwp_trace_result *r)
{
    hamm_error err;
    hamm_error_clear(&err);
    hamm_heuristic h = HAMM_HEUR_COMMAND_TIMED;
    if (o->heuristic && hamm_heuristic_from_name(o->heuristic, &h, &err) != HAMM_OK)
        return cli_report(&err);
    cli_trace_opts in = o->in;
    in.model = model;
    in.trace.prefetch = 0; /* the model's worker is the second thread, as in predict */
    hamm_system_config cfg;
    int rc = cli_load_model(&in, &cfg);
    if (rc != CLI_OK)
        return rc;
    snprintf(r->model, sizeof r->model, "%s", cfg.name);
    snprintf(r->model_arg, sizeof r->model_arg, "%s", model);
    hamm_addrmap *map = NULL;
    hamm_dram_model *m = NULL;
    if (hamm_config_addrmap(&cfg, &map, &err) != HAMM_OK ||
        make_model(o, &cfg, map, h, &m, &err) != HAMM_OK || feed(&in.trace, r, &cfg, m, &err) != HAMM_OK) {
        rc = cli_report(&err);
    } else {
        hamm_dram_model_finish(m);
        r->heuristic = h;
        r->timed = o->timed;
        r->channels = cfg.channels;
        r->efficiency = aggregate(m, h, &r->channels_used);
        r->request_weighted = hamm_dram_model_weighted(m, h);
        /* average and locality-switch run the no-overlap profiler among others */
        hamm_heuristic base = h == HAMM_HEUR_AVERAGE || h == HAMM_HEUR_LOCALITY_SWITCH
                                  ? HAMM_HEUR_NO_OVERLAP : h;
        for (uint32_t c = 0; c < cfg.channels; c++) {
            const hamm_model_totals *t = hamm_dram_model_totals(m, c, base);
            r->requests += t ? t->requests : 0;
        }
        if (!(r->efficiency > 0)) {
            fprintf(stderr, "hamm: --trace: %s%s: no request, so no DRAM efficiency to "
                    "predict\n", r->files[0], r->nfiles > 1 ? " and the others" : "");
            rc = CLI_FAIL;
        }
    }
    hamm_dram_model_free(m);
    hamm_addrmap_free(map);
    return rc;
}

void mwp_trace_free(mwp_trace_result *r)
{
    free(r->files);
    r->files = NULL;
}
