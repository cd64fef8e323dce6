/* engine_rig.h - a baseline engine that records its commands, for the hand-timed tests
 * of the reference engine (test_engine.c, test_engine_options.c).  Include it after
 * cmocka.h: it fails the test through cmocka. */
#ifndef HAMM_TEST_ENGINE_RIG_H
#define HAMM_TEST_ENGINE_RIG_H

#include <stdint.h>
#include <stdlib.h>

#include "hamm/engine.h"

#define BASELINE HAMM_SOURCE_ROOT "/models/system/yuan09-baseline.json"

typedef struct capture {
    hamm_command cmd[4096];
    size_t n;
} capture;

static inline void on_command(void *user, const hamm_command *c)
{
    capture *cap = user;
    if (cap->n < 4096)
        cap->cmd[cap->n++] = *c;
}

typedef struct rig {
    hamm_engine_params p;
    hamm_addrmap *map;
    hamm_engine *e;
    capture cap;
} rig;

static inline rig *rig_new(const char *const *sets, size_t nsets, hamm_replay replay)
{
    rig *g = calloc(1, sizeof *g);
    hamm_error err;
    hamm_error_clear(&err);
    g->p.replay = replay;
    if (hamm_config_load(&g->p.cfg, BASELINE, sets, nsets, &err) != HAMM_OK ||
        hamm_config_addrmap(&g->p.cfg, &g->map, &err) != HAMM_OK ||
        hamm_engine_new(&g->e, &g->p, g->map, on_command, &g->cap, &err) != HAMM_OK)
        fail_msg("%s: %s", err.field, err.text);
    return g;
}

static inline void rig_free(rig *g)
{
    hamm_engine_free(g->e);
    hamm_addrmap_free(g->map);
    free(g);
}

/* The baseline map: channel = address bits 8-10; with them taken out, column bits 5-11,
 * bank bits 12-13, row bits 14-25. */
static inline uint64_t addr(uint32_t channel, uint32_t bank, uint32_t row, uint32_t byte)
{
    uint64_t squeezed = ((uint64_t)row << 14) | ((uint64_t)bank << 12) | (byte & 0xFFF);
    return ((squeezed >> 8) << 11) | ((uint64_t)channel << 8) | (squeezed & 0xFF);
}

static inline void add(rig *g, uint32_t bank, uint32_t row, uint32_t byte, uint32_t size, int write)
{
    hamm_request r = {.addr = addr(0, bank, row, byte), .size = size,
                      .op = (uint8_t)(write ? HAMM_OP_WRITE : HAMM_OP_READ)};
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_engine_add(g->e, &r, 1, &err), HAMM_OK);
}

/* A request arriving at `cycle` (timed replay). */
static inline void add_at(rig *g, uint32_t bank, uint32_t row, uint32_t byte, int write,
                          uint64_t cycle)
{
    hamm_request r = {.addr = addr(0, bank, row, byte), .size = 32, .cycle = cycle,
                      .flags = HAMM_REQ_HAS_CYCLE,
                      .op = (uint8_t)(write ? HAMM_OP_WRITE : HAMM_OP_READ)};
    hamm_error err;
    hamm_error_clear(&err);
    assert_int_equal(hamm_engine_add(g->e, &r, 1, &err), HAMM_OK);
}

typedef struct expect {
    uint64_t cycle;
    hamm_dram_command cmd;
    uint32_t bank;
} expect;

static inline void expect_commands(const rig *g, const expect *x, size_t n)
{
    if (g->cap.n != n)
        fail_msg("%zu commands issued, expected %zu", g->cap.n, n);
    for (size_t i = 0; i < n; i++) {
        const hamm_command *c = &g->cap.cmd[i];
        if (c->cycle != x[i].cycle || c->cmd != x[i].cmd || c->bank != x[i].bank)
            fail_msg("command %zu: %s bank %u at %llu, expected %s bank %u at %llu", i,
                     hamm_command_name(c->cmd), c->bank, (unsigned long long)c->cycle,
                     hamm_command_name(x[i].cmd), x[i].bank, (unsigned long long)x[i].cycle);
    }
}

static inline const hamm_channel_result *ch0(const rig *g)
{
    return hamm_engine_channel(g->e, 0);
}

#endif
