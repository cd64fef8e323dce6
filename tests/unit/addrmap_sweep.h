/* addrmap_sweep.h - what the address-map tests share: the sweep that proves a small map
 * one-to-one, every column-sized address decoding to a legal coordinate of its own, and
 * encode giving each address back. */
#ifndef HAMM_TEST_ADDRMAP_SWEEP_H
#define HAMM_TEST_ADDRMAP_SWEEP_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "hamm/addrmap.h"

/* Sweep map m over geometry g (the map it was built for); `what` names it in a failure. */
static inline void addrmap_sweep_one_to_one(const hamm_addrmap *m, hamm_geometry g,
                                            const char *what)
{
    uint64_t ranks = g.ranks ? g.ranks : 1;
    uint64_t n = (uint64_t)g.channels * ranks * g.banks * g.rows * g.columns;
    unsigned char *seen = calloc(n, 1);
    assert_non_null(seen);
    for (uint64_t i = 0; i < n; i++) {
        hamm_dram_coord c;
        hamm_addrmap_decode(m, i * g.column_bytes, &c);
        assert_true(c.channel < g.channels && c.bank < g.banks && c.row < g.rows &&
                    c.column < g.columns && c.rank < ranks);
        assert_int_equal(c.bank_group, c.bank / (g.banks / g.bank_groups));
        uint64_t back = 0;
        hamm_error err;
        hamm_error_clear(&err);
        assert_int_equal(hamm_addrmap_encode(m, &c, &back, &err), HAMM_OK);
        assert_int_equal(back, i * g.column_bytes);
        uint64_t k = (((((uint64_t)c.channel * ranks + c.rank) * g.banks + c.bank) * g.rows +
                       c.row) * g.columns) + c.column;
        if (seen[k]++)
            fail_msg("%s: 0x%llx collides", what, (unsigned long long)(i * g.column_bytes));
    }
    free(seen);
}

#endif
