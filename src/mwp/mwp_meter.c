/* mwp_meter.c - E for the combined MWP/CWP model from the hybrid DRAM model (the library
 * calls `hamm predict` makes) run on the kernel's requests (hamm/mwp_efficiency.h). */
#include <stdio.h>
#include <stdlib.h>

#include "hamm/mwp_efficiency.h"

struct hamm_mwp_meter {
    hamm_addrmap *map;
    hamm_dram_model *model;
    hamm_heuristic heuristic;
    int timed;
    char name[128];    /* the system model's */
    uint32_t channels;
};

hamm_status hamm_mwp_meter_new(hamm_mwp_meter **out, const hamm_system_config *cfg,
                               hamm_heuristic h, int timed, unsigned threads, hamm_error *err)
{
    *out = NULL;
    hamm_mwp_meter *m = calloc(1, sizeof *m);
    if (!m)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    m->heuristic = h;
    m->timed = timed;
    m->channels = cfg->channels;
    snprintf(m->name, sizeof m->name, "%s", cfg->name);
    hamm_model_params p;
    hamm_status st = hamm_config_addrmap(cfg, &m->map, err);
    if (st == HAMM_OK)
        st = hamm_model_params_from_config(cfg, &p, err);
    if (st == HAMM_OK) {
        p.threads = threads;
        p.arrivals = timed;
        st = hamm_dram_model_new(&m->model, &p, m->map, 1u << h, err);
    }
    if (st != HAMM_OK) {
        hamm_mwp_meter_free(m);
        return st;
    }
    *out = m;
    return HAMM_OK;
}

void hamm_mwp_meter_add(hamm_mwp_meter *m, const hamm_request *reqs, size_t n)
{
    hamm_dram_model_add(m->model, reqs, n);
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

hamm_status hamm_mwp_meter_finish(hamm_mwp_meter *m, hamm_mwp_efficiency *e, hamm_error *err)
{
    hamm_dram_model_finish(m->model);
    hamm_heuristic h = m->heuristic;
    snprintf(e->model, sizeof e->model, "%s", m->name);
    e->heuristic = h;
    e->timed = m->timed;
    e->channels = m->channels;
    e->efficiency = aggregate(m->model, h, &e->channels_used);
    e->request_weighted = hamm_dram_model_weighted(m->model, h);
    /* average and locality-switch run the no-overlap profiler among others */
    hamm_heuristic base = h == HAMM_HEUR_AVERAGE || h == HAMM_HEUR_LOCALITY_SWITCH
                              ? HAMM_HEUR_NO_OVERLAP : h;
    e->requests = 0;
    for (uint32_t c = 0; c < m->channels; c++) {
        const hamm_model_totals *t = hamm_dram_model_totals(m->model, c, base);
        e->requests += t ? t->requests : 0;
    }
    if (!(e->efficiency > 0))
        return hamm_error_field(err, HAMM_ERR_EMPTY, "--trace", "%s%s: no request, so no "
                                "DRAM efficiency to predict", e->nfiles ? e->files[0] : "",
                                e->nfiles > 1 ? " and the others" : "");
    return HAMM_OK;
}

void hamm_mwp_meter_free(hamm_mwp_meter *m)
{
    if (!m)
        return;
    hamm_dram_model_free(m->model);
    hamm_addrmap_free(m->map);
    free(m);
}
