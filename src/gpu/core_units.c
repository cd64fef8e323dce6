/* core_units.c - a core's execution units (core.h, docs/GPU.md "Execution units and
 * sub-cores").
 *
 * A class of instructions with units (params.units[op] > 0) runs on one of them: the unit
 * takes a warp and is then busy for the class's issue cost, while the scheduler that
 * issued it may issue again the next cycle (to another unit, of any class).  Without
 * sub-cores every scheduler reaches every unit of the class, the first free one taken
 * (GPGPU-Sim's shared issue registers); with sub-cores scheduler s reaches only its own
 * slice, units s*k to s*k + k - 1 for k = units / schedulers (GPGPU-Sim's
 * -gpgpu_sub_core_model: a sub-core's pipeline register slot feeds only its units).  A
 * class without units keeps the scheduler itself busy for the issue cost. */
#include "core_internal.h"

uint32_t units_count(const gpu_core_params *p)
{
    uint32_t n = 0;
    for (int op = 0; op < GPU_OP_COUNT; op++)
        n += p->units[op];
    return n;
}

void units_init(gpu_core *c)
{
    uint32_t next = 0;
    for (int op = 0; op < GPU_OP_COUNT; op++) {
        c->unit_base[op] = next;
        next += c->p.units[op];
    }
    for (uint32_t u = 0; u < next; u++)
        c->unit_free[u] = 0;
}

/* The units of op's class scheduler s reaches: [*first, *first + *count). */
static void reach(const gpu_core *c, uint32_t s, gpu_op op, uint32_t *first, uint32_t *count)
{
    uint32_t units = c->p.units[op];
    *first = c->unit_base[op];
    *count = units;
    if (c->p.sub_cores) {
        *count = units / c->p.schedulers;
        *first += s * *count;
    }
}

int unit_ready(const gpu_core *c, uint32_t s, gpu_op op, uint64_t now, uint64_t *wake)
{
    if (!c->p.units[op])
        return 1;
    uint32_t first, count;
    reach(c, s, op, &first, &count);
    uint64_t soonest = UINT64_MAX;
    for (uint32_t u = first; u < first + count; u++) {
        if (c->unit_free[u] <= now)
            return 1;
        if (c->unit_free[u] < soonest)
            soonest = c->unit_free[u];
    }
    if (soonest < *wake)
        *wake = soonest;
    return 0;
}

uint32_t unit_take(gpu_core *c, uint32_t s, gpu_op op, uint64_t now)
{
    if (!c->p.units[op])
        return c->p.issue_cycles[op];
    uint32_t first, count;
    reach(c, s, op, &first, &count);
    for (uint32_t u = first; u < first + count; u++)
        if (c->unit_free[u] <= now) {
            c->unit_free[u] = now + c->p.issue_cycles[op];
            break;
        }
    return 1;
}
