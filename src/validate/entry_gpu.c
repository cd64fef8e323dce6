/* entry_gpu.c - one suite entry with a "workload": run it on the GPU engine, feed the
 * requests tapped at the memory controllers' queues straight into the hybrid model, and
 * measure the efficiency in the same run (the paper's method with GPGPU-Sim). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "entry.h"
#include "hamm/gpu.h"
#include "hamm/workload.h"

#define TAP_BATCH 4096 /* requests buffered before they go to the model */

/* What the tap callback feeds: the model, with the requests counted as the trace path
 * counts them. */
typedef struct gpu_tap {
    hamm_dram_model *model;
    entry_result *r;
    size_t n;
    hamm_request buf[TAP_BATCH];
} gpu_tap;

static void tap_flush(gpu_tap *t)
{
    if (t->n == 0)
        return;
    hamm_capacity_count(&t->r->capacity, t->buf, t->n);
    hamm_dram_model_add(t->model, t->buf, t->n);
    t->r->requests += t->n;
    t->n = 0;
}

static void tap_request(void *user, uint32_t channel, const hamm_request *req)
{
    gpu_tap *t = user;
    (void)channel; /* the model splits the channels with the same address map */
    t->buf[t->n++] = *req;
    if (t->n == TAP_BATCH)
        tap_flush(t);
}

/* The file that identifies the workload: itself, or a recording directory's kernel list. */
static hamm_status identify(const char *path, hamm_file_id *id, hamm_error *err)
{
    struct stat sb;
    if (stat(path, &sb) != 0 || !S_ISDIR(sb.st_mode))
        return hamm_file_identify(path, id, err);
    char list[4096];
    snprintf(list, sizeof list, "%s/kernelslist.g", path);
    return hamm_file_identify(list, id, err);
}

static void describe(const hamm_system_config *cfg, entry_result *r)
{
    snprintf(r->format, sizeof r->format, "workload");
    snprintf(r->model, sizeof r->model, "%s", cfg->name);
    r->policy = cfg->scheduler;
    r->queue_size = cfg->queue_size;
    r->chips_per_channel = cfg->chips_per_channel;
    r->config = *cfg;
}

hamm_mwp_validation entry_mwp_validation(const suite_entry *en)
{
    return (hamm_mwp_validation){.workload = en->trace_path, .machine = &en->machine,
                                 .issue_bound = en->issue_bound, .queueing = en->queueing,
                                 .machine_arg = en->mwp_machine,
                                 .machine_path = en->mwp_machine_path, .group = en->mwp_group};
}

/* Run the workload on a GPU of `model` over cfg's memory with the tap feeding t->model;
 * an "mwp" entry's kernels one by one, each measured and predicted. */
static hamm_status run_gpu(const suite_entry *en, const hamm_system_config *cfg,
                           const hamm_gpu_model *model, gpu_tap *t, hamm_gpu **g,
                           hamm_error *err)
{
    size_t kernels = 0;
    hamm_gpu_hooks hooks = {.tap = tap_request, .tap_user = t};
    hamm_status rc = hamm_gpu_new_with(g, cfg, model, 1, &hooks, err);
    hamm_mwp_validation v = entry_mwp_validation(en);
    if (rc == HAMM_OK)
        rc = en->mwp_machine ? hamm_mwp_validate(*g, &v, &t->r->mwp, err)
                             : hamm_workload_run(*g, en->trace_path, &kernels, err);
    if (rc != HAMM_OK)
        return rc;
    hamm_gpu_finish(*g);
    tap_flush(t);
    hamm_dram_model_finish(t->model);
    if (t->r->requests == 0)
        return hamm_error_at(err, HAMM_ERR_EMPTY, HAMM_IN(en->trace_path), NULL,
                             "the workload sent no request to the DRAM");
    return HAMM_OK;
}

static hamm_status new_model(const hamm_suite *s, const suite_entry *en,
                             const hamm_system_config *cfg, hamm_addrmap **map,
                             hamm_dram_model **model, hamm_error *err)
{
    hamm_model_params p;
    hamm_status rc = hamm_config_addrmap(cfg, map, err);
    if (rc == HAMM_OK)
        rc = hamm_model_params_from_config(cfg, &p, err);
    if (rc != HAMM_OK)
        return rc;
    p.threads = 1; /* the workers already keep the cores busy */
    p.arrivals = en->replay == HAMM_REPLAY_TIMED; /* the tap's arrival cycles, if asked */
    return hamm_dram_model_new(model, &p, *map, s->heuristics, err);
}

void entry_run_gpu(const hamm_suite *s, size_t e, const char *const *sets, size_t nsets,
                   entry_result *r)
{
    const suite_entry *en = &s->entries[e];
    hamm_system_config cfg;
    hamm_addrmap *map = NULL;
    hamm_gpu *g = NULL;
    hamm_gpu_model *model = NULL;
    gpu_tap *t = calloc(1, sizeof *t);
    hamm_status rc = suite_entry_config(s, e, sets, nsets, &cfg, &r->err);
    if (rc == HAMM_OK)
        rc = suite_entry_gpu(s, e, sets, nsets, &cfg, &model, &r->err);
    if (rc == HAMM_OK && !t)
        rc = hamm_error_set(&r->err, HAMM_ERR_NOMEM, "out of memory");
    if (rc == HAMM_OK) { /* an error of the models already names the entry */
        t->r = r;
        if ((rc = new_model(s, en, &cfg, &map, &t->model, &r->err)) == HAMM_OK) {
            hamm_capacity_init(&r->capacity, hamm_addrmap_geometry(map));
            rc = run_gpu(en, &cfg, model, t, &g, &r->err);
        }
        if (rc == HAMM_OK) {
            describe(&cfg, r);
            if ((rc = entry_collect(hamm_gpu_dram(g), t->model, r, &r->err)) == HAMM_OK)
                rc = identify(en->trace_path, &r->trace_id, &r->err);
        }
        if (rc != HAMM_OK)
            suite_blame(s, e, &r->err);
    }
    r->status = rc;
    hamm_gpu_free(g);
    hamm_gpu_model_free(model);
    if (t)
        hamm_dram_model_free(t->model);
    free(t);
    hamm_addrmap_free(map);
}
