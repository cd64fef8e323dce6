/* capacity.c - the bytes a geometry addresses, and a count of the requests beyond them:
 * the address map folds such an address onto a lower one, silently, so the callers say
 * how many there were (hamm/stream.h). */
#include "hamm/stream.h"

uint64_t hamm_geometry_capacity(const hamm_geometry *g)
{
    /* every factor of the product, in one place (ranks 0 is read as 1) */
    const uint64_t factor[] = {g->channels, g->ranks ? g->ranks : 1, g->banks, g->rows,
                               g->columns, g->column_bytes};
    uint64_t bytes = 1;
    for (size_t i = 0; i < sizeof factor / sizeof factor[0]; i++) {
        if (factor[i] == 0)
            return 0;
        if (bytes > UINT64_MAX / factor[i])
            return 0; /* 2^64 or more: every 64-bit address fits */
        bytes *= factor[i];
    }
    return bytes;
}

void hamm_capacity_init(hamm_capacity *c, const hamm_geometry *g)
{
    *c = (hamm_capacity){hamm_geometry_capacity(g), 0, 0};
}

void hamm_capacity_count(hamm_capacity *c, const hamm_request *reqs, size_t n)
{
    if (c->capacity_bytes == 0)
        return;
    for (size_t i = 0; i < n; i++)
        if (reqs[i].addr >= c->capacity_bytes && c->beyond++ == 0)
            c->first_beyond = reqs[i].addr;
}
