/* mwp_sweep.c - curves of the MWP/CWP model: the inputs with one of them set to each
 * value of a list, and the model's prediction at each (the equations stay in mwp.c). */
#include <errno.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hamm/mwp_sweep.h"

/* Per parameter: its name, the unit of its values, whether it counts things (whole
 * values), and its range. */
static const struct param_info {
    const char *name, *unit;
    int whole;
    double lo, hi;
    int lo_open; /* 1: lo itself is refused */
} params[HAMM_MWP_PARAM_COUNT] = {
    [HAMM_MWP_PARAM_THREADS_PER_BLOCK] = {"threads_per_block", "threads", 1, 1, 1u << 20, 0},
    [HAMM_MWP_PARAM_ACTIVE_BLOCKS] = {"active_blocks", "blocks per SM", 1, 1, 1u << 20, 0},
    [HAMM_MWP_PARAM_BANDWIDTH] = {"bandwidth", "GB/s", 0, 0, 1e6, 1},
    [HAMM_MWP_PARAM_MEM_LD] = {"mem_ld", "cycles", 0, 0, 1e6, 1},
    [HAMM_MWP_PARAM_DEP_COAL] = {"departure_del_coal", "cycles", 0, 0, 1e6, 1},
    [HAMM_MWP_PARAM_DEP_UNCOAL] = {"departure_del_uncoal", "cycles", 0, 0, 1e6, 1},
    [HAMM_MWP_PARAM_COMP_INSTS] = {"comp_insts", "instructions per warp", 0, 0, 1e15, 0},
    [HAMM_MWP_PARAM_MEM_INSTS] = {"mem_insts", "instructions per warp", 0, 0, 1e15, 1},
    [HAMM_MWP_PARAM_DRAM_EFFICIENCY] = {"dram_efficiency", "fraction of peak", 0, 0, 1, 1},
};

const char *hamm_mwp_param_name(hamm_mwp_param p)
{
    return (unsigned)p < HAMM_MWP_PARAM_COUNT ? params[p].name : "?";
}

const char *hamm_mwp_param_unit(hamm_mwp_param p)
{
    return (unsigned)p < HAMM_MWP_PARAM_COUNT ? params[p].unit : "";
}

static hamm_status unknown(const char *name, size_t len, hamm_error *err)
{
    char list[512] = "";
    for (int i = 0; i < HAMM_MWP_PARAM_COUNT; i++) {
        strcat(list, i ? (i == HAMM_MWP_PARAM_COUNT - 1 ? " or " : ", ") : "");
        strcat(list, params[i].name);
    }
    return hamm_error_field(err, HAMM_ERR_ARG, "--sweep", "unknown parameter '%.*s': expected %s",
                            (int)(len > 64 ? 64 : len), name, list);
}

static hamm_status check_value(const struct param_info *pi, double v, hamm_error *err)
{
    if (pi->whole && v != floor(v))
        return hamm_error_field(err, HAMM_ERR_ARG, pi->name, "%g is not a whole number", v);
    if (!(v >= pi->lo && v <= pi->hi) || (pi->lo_open && v == pi->lo))
        return hamm_error_field(err, HAMM_ERR_ARG, pi->name, "%g is out of range: %s %g, at "
                                "most %g", v, pi->lo_open ? "above" : "at least", pi->lo, pi->hi);
    return HAMM_OK;
}

/* A number that is all of text[0, len). */
static int number(const char *text, size_t len, double *v)
{
    char buf[64];
    if (len == 0 || len >= sizeof buf)
        return 0;
    memcpy(buf, text, len);
    buf[len] = '\0';
    char *end;
    errno = 0;
    *v = strtod(buf, &end);
    return *end == '\0' && errno == 0 && isfinite(*v);
}

static hamm_status add(hamm_mwp_sweep *s, const struct param_info *pi, double v, hamm_error *err)
{
    if (s->count == HAMM_MWP_SWEEP_MAX_POINTS)
        return hamm_error_field(err, HAMM_ERR_ARG, pi->name, "more than %u values",
                                HAMM_MWP_SWEEP_MAX_POINTS);
    hamm_status st = check_value(pi, v, err);
    if (st == HAMM_OK)
        s->values[s->count++] = v;
    return st;
}

/* FROM:TO:STEP, TO included when a step lands on it (within rounding). */
static hamm_status parse_range(const char *list, hamm_mwp_sweep *s, const struct param_info *pi,
                               hamm_error *err)
{
    const char *c1 = strchr(list, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
    double a, b, step;
    if (!c2 || strchr(c2 + 1, ':') || !number(list, (size_t)(c1 - list), &a) ||
        !number(c1 + 1, (size_t)(c2 - c1 - 1), &b) || !number(c2 + 1, strlen(c2 + 1), &step))
        return hamm_error_field(err, HAMM_ERR_ARG, pi->name, "'%s' is not a range FROM:TO:STEP "
                                "of numbers", list);
    if (!(step > 0) || b < a)
        return hamm_error_field(err, HAMM_ERR_ARG, pi->name, "range '%s': needs STEP above 0 "
                                "and TO at least FROM", list);
    double steps = floor((b - a) / step + 1e-9);
    if (steps >= HAMM_MWP_SWEEP_MAX_POINTS)
        return hamm_error_field(err, HAMM_ERR_ARG, pi->name, "range '%s': more than %u values",
                                list, HAMM_MWP_SWEEP_MAX_POINTS);
    hamm_status st = HAMM_OK;
    for (double i = 0; st == HAMM_OK && i <= steps; i++) {
        double v = a + i * step;
        /* 0.1 steps should give 0.3, not 0.30000000000000004 */
        if (fabs(v) < 1e6)
            v = round(v * 1e9) / 1e9;
        st = add(s, pi, v, err);
    }
    return st;
}

static hamm_status parse_list(const char *list, hamm_mwp_sweep *s, const struct param_info *pi,
                              hamm_error *err)
{
    if (strchr(list, ':'))
        return parse_range(list, s, pi, err);
    hamm_status st = HAMM_OK;
    for (const char *p = list; st == HAMM_OK;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        double v;
        if (!number(p, len, &v))
            return hamm_error_field(err, HAMM_ERR_ARG, pi->name, "'%.*s' is not a number "
                                    "(LIST: values separated by commas, or FROM:TO:STEP)",
                                    (int)(len > 64 ? 64 : len), p);
        st = add(s, pi, v, err);
        if (!end)
            break;
        p = end + 1;
    }
    return st;
}

hamm_status hamm_mwp_sweep_parse(const char *spec, hamm_mwp_sweep *s, hamm_error *err)
{
    memset(s, 0, sizeof *s);
    const char *eq = spec ? strchr(spec, '=') : NULL;
    if (!eq)
        return hamm_error_field(err, HAMM_ERR_ARG, "--sweep", "takes PARAM=LIST, not '%s'",
                                spec ? spec : "");
    size_t len = (size_t)(eq - spec);
    int p = 0;
    while (p < HAMM_MWP_PARAM_COUNT &&
           !(strlen(params[p].name) == len && strncmp(params[p].name, spec, len) == 0))
        p++;
    if (p == HAMM_MWP_PARAM_COUNT)
        return unknown(spec, len, err);
    s->param = (hamm_mwp_param)p;
    s->values = malloc(HAMM_MWP_SWEEP_MAX_POINTS * sizeof *s->values);
    if (!s->values)
        return hamm_error_set(err, HAMM_ERR_NOMEM, "out of memory");
    hamm_status st = parse_list(eq + 1, s, &params[p], err);
    if (st != HAMM_OK)
        hamm_mwp_sweep_free(s);
    return st;
}

void hamm_mwp_sweep_free(hamm_mwp_sweep *s)
{
    free(s->values);
    s->values = NULL;
    s->count = 0;
}

void hamm_mwp_param_apply(hamm_mwp_param p, double v, hamm_mwp_machine *m, hamm_mwp_kernel *k,
                          hamm_mwp_options *o)
{
    double mem = k->coal_mem_insts + k->uncoal_mem_insts;
    switch (p) {
    case HAMM_MWP_PARAM_THREADS_PER_BLOCK: k->threads_per_block = (uint32_t)v; break;
    case HAMM_MWP_PARAM_ACTIVE_BLOCKS: k->active_blocks_per_sm = (uint32_t)v; break;
    case HAMM_MWP_PARAM_BANDWIDTH: m->mem_bandwidth_gbps = v; break;
    case HAMM_MWP_PARAM_MEM_LD: m->mem_ld_cycles = v; break;
    case HAMM_MWP_PARAM_DEP_COAL: m->departure_del_coal = v; break;
    case HAMM_MWP_PARAM_DEP_UNCOAL: m->departure_del_uncoal = v; break;
    case HAMM_MWP_PARAM_COMP_INSTS: k->comp_insts = v; break;
    case HAMM_MWP_PARAM_MEM_INSTS:
        /* the mix of coalesced and uncoalesced stays; none given: all coalesced */
        k->uncoal_mem_insts = mem > 0 ? k->uncoal_mem_insts * v / mem : 0;
        k->coal_mem_insts = mem > 0 ? v - k->uncoal_mem_insts : v;
        break;
    case HAMM_MWP_PARAM_DRAM_EFFICIENCY: o->dram_efficiency = v; break;
    case HAMM_MWP_PARAM_COUNT: break;
    }
}

/* The model's error, saying at which value of the parameter. */
static hamm_status at_value(hamm_mwp_param p, double v, hamm_error *inner, hamm_error *err)
{
    char text[sizeof inner->text];
    snprintf(text, sizeof text, "%s", inner->text);
    return hamm_error_field(err, inner->status, inner->field[0] ? inner->field : params[p].name,
                            "at %s = %g: %s", params[p].name, v, text);
}

hamm_status hamm_mwp_sweep_run(const hamm_mwp_sweep *s, const hamm_mwp_machine *m,
                               const hamm_mwp_kernel *k, const hamm_mwp_options *o,
                               int combined, hamm_mwp_point *points, hamm_error *err)
{
    combined |= s->param == HAMM_MWP_PARAM_DRAM_EFFICIENCY;
    for (size_t i = 0; i < s->count; i++) {
        hamm_mwp_machine mi = *m;
        hamm_mwp_kernel ki = *k;
        hamm_mwp_options oi = *o;
        hamm_mwp_param_apply(s->param, s->values[i], &mi, &ki, &oi);
        hamm_mwp_options plain = oi;
        plain.dram_efficiency = 1;
        hamm_error inner;
        hamm_error_clear(&inner);
        points[i] = (hamm_mwp_point){.value = s->values[i]};
        hamm_status st = hamm_mwp_predict(&mi, &ki, &plain, &points[i].plain, &inner);
        if (st == HAMM_OK && combined)
            st = hamm_mwp_predict(&mi, &ki, &oi, &points[i].with_e, &inner);
        if (st != HAMM_OK)
            return at_value(s->param, s->values[i], &inner, err);
    }
    return HAMM_OK;
}
