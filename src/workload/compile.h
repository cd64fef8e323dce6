/* compile.h - what compiling one kernel's body holds while it runs (load.c starts it,
 * body.c walks the statements). */
#ifndef HAMM_WORKLOAD_COMPILE_H
#define HAMM_WORKLOAD_COMPILE_H

#include "common/json_read.h"
#include "workload_internal.h"

#define WL_MAX_NODES 65536 /* statements after loops are counted once each */
#define WL_MAX_GROUP 100000 /* instructions in one {"alu": n} */

struct kctx {
    json_reader *c;
    hamm_workload *wl;
    wl_kernel *k;
    size_t kidx;
    struct expr_scope scope;               /* params, launch shape, loops in scope */
    const char *loops[EXPR_MAX_LOOPS];
    size_t cap;                            /* k->prog's capacity */
    uint64_t pc;
    uint32_t ifdepth;
    char regs[GPU_MAX_REGS][WL_NAME];      /* register names; regs[0] is "none" */
    uint8_t written[GPU_MAX_REGS];
    char first_read[GPU_MAX_REGS][WL_PATH]; /* where each was first read */
    size_t nregs;
};

/* Compile the statements of `body` (a JSON array at the current path) into k->prog. */
hamm_status body_compile(struct kctx *kc, json_t *body);

/* Every register read is written somewhere in the kernel (else a dependence names
 * nothing: almost certainly a typo). */
hamm_status body_check_regs(struct kctx *kc);

/* The same name rules as params: names must not hide the built-ins. */
int compile_reserved(const char *name);

/* A name: letters, digits and '_', not starting with a digit (load.c). */
int workload_is_name(const char *s);

#endif
