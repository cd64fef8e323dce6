/* expr.h - integer expressions of a kernel description ("ctaid.x*256 + tid.x + 4*i"):
 * parsed once into a short postfix program with constants folded, evaluated per lane.
 *
 * Variables are the thread's index in its CTA (tid.x/y/z), its CTA's index (ctaid.x/y/z)
 * and the enclosing loops' counters; the launch shape (ntid.*, nctaid.*) and the file's
 * "params" are constants, folded at parse time.  Operators: + - * / % (divisor a positive
 * constant, so evaluation cannot fail; floor division, non-negative remainder), unary -,
 * bit operators << >> & | ^ (looser than + -, tighter than comparisons), comparisons
 * < <= > >= == != (0 or 1), parentheses, min(a, b) and max(a, b).
 *
 * Values are 64-bit and never wrap: evaluation cannot fail (it runs per lane while
 * streaming), so the parse refuses an expression unless it proves, from the range of
 * every variable (expr_range.c), that no step of it can leave -2^63..2^63-1; folding
 * constants refuses an overflow too. */
#ifndef HAMM_WORKLOAD_EXPR_H
#define HAMM_WORKLOAD_EXPR_H

#include <stddef.h>
#include <stdint.h>

#define EXPR_MAX_CODE 64  /* postfix operations one expression may compile to */
#define EXPR_MAX_LOOPS 8  /* loop nesting depth (each loop's counter is one variable) */
#define EXPR_MAX_PARAMS 64

/* Where a variable's value lives in the environment an evaluation reads. */
enum expr_var {
    EXPR_TID_X, EXPR_TID_Y, EXPR_TID_Z,
    EXPR_CTAID_X, EXPR_CTAID_Y, EXPR_CTAID_Z,
    EXPR_LOOP0, /* loop counters of depth 0, 1, ... follow */
    EXPR_ENV_SIZE = EXPR_LOOP0 + EXPR_MAX_LOOPS
};

/* The operations of the postfix program. */
enum expr_opcode { OP_CONST, OP_VAR, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_NEG, OP_MIN,
                   OP_MAX, OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE, OP_SHL, OP_SHR, OP_AND,
                   OP_OR, OP_XOR };

struct expr_op {
    int32_t op;  /* enum expr_opcode */
    int64_t val; /* constant, or variable slot */
};

/* The values something can take: lo..hi, both included. */
struct expr_range {
    int64_t lo, hi;
};

typedef struct expr {
    uint32_t n;                       /* operations used */
    struct expr_op code[EXPR_MAX_CODE];
    struct expr_range range;          /* the values it can take in the scope it was parsed in */
} expr;

/* What a parse may name: constants (block and grid sizes, params) and the loops in
 * scope, innermost last.  allow_tid = 0 forbids tid.* (loop counts and conditions that
 * must be the same for every thread of a CTA); consts_only forbids every built-in. */
struct expr_scope {
    uint32_t block[3], grid[3];
    const char *const *param_names;
    const int64_t *param_values;
    size_t nparams;
    const char *const *loops;
    size_t nloops;
    int allow_tid;
    int consts_only; /* no tid.*, ctaid.*, ntid.*, nctaid.* (the launch shape itself) */
    struct expr_range loop_range[EXPR_MAX_LOOPS]; /* each loop counter's values, as loops */
};

/* Parse `text` into `out`; 0 on success, else -1 with a message in msg (a possible
 * overflow among them, naming the operation and the variables' ranges). */
int expr_parse(const char *text, const struct expr_scope *scope, expr *out, char *msg,
               size_t msgsize);

/* The range of what operation `op` gives on operands in a and b (b unused for OP_NEG):
 * 0, or -1 when some value of it may not fit in 64 bits (expr_range.c). */
int expr_range_apply(int op, struct expr_range a, struct expr_range b, struct expr_range *out);

/* The range of e over the scope's variables into e->range: 0, or -1 with a message in msg
 * when some step may overflow (`text` is e's, for the message). */
int expr_range_check(expr *e, const struct expr_scope *scope, const char *text, char *msg,
                     size_t msgsize);

/* The symbol of a binary operation or OP_NEG, for messages. */
const char *expr_op_symbol(int op);

/* A constant: *out = v. */
void expr_const(expr *out, int64_t v);

/* 1 with *v set when `e` is a constant. */
int expr_is_const(const expr *e, int64_t *v);

/* Evaluate over env[EXPR_ENV_SIZE]. */
int64_t expr_eval(const expr *e, const int64_t *env);

#endif
