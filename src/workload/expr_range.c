/* expr_range.c - interval analysis of an expression's postfix program (expr.h): from the
 * range of each variable (tid.* below the block, ctaid.* below the grid, each loop
 * counter below its count) the range of every intermediate value, so that the parse can
 * refuse an expression one of whose steps might leave 64 bits.  Evaluation per lane then
 * never overflows, and needs no check.  The ranges are sound, not always tight: two
 * operands are taken as independent (`tid.x - tid.x` is -63..63, not 0). */
#include <stdio.h>

#include "expr.h"

static const char *const symbols[] = {
    [OP_ADD] = "+", [OP_SUB] = "-", [OP_MUL] = "*", [OP_DIV] = "/", [OP_MOD] = "%",
    [OP_NEG] = "unary -", [OP_MIN] = "min", [OP_MAX] = "max", [OP_LT] = "<", [OP_LE] = "<=",
    [OP_GT] = ">", [OP_GE] = ">=", [OP_EQ] = "==", [OP_NE] = "!=", [OP_SHL] = "<<",
    [OP_SHR] = ">>", [OP_AND] = "&", [OP_OR] = "|", [OP_XOR] = "^"};

const char *expr_op_symbol(int op)
{
    return op >= OP_ADD && op <= OP_XOR ? symbols[op] : "?";
}

static struct expr_range span(int64_t a, int64_t b)
{
    return a < b ? (struct expr_range){a, b} : (struct expr_range){b, a};
}

/* lo..hi widened to take in v. */
static struct expr_range with(struct expr_range r, int64_t v)
{
    return (struct expr_range){v < r.lo ? v : r.lo, v > r.hi ? v : r.hi};
}

/* The four products of the bounds: the extremes of a * b over both ranges. */
static int multiply(struct expr_range a, struct expr_range b, struct expr_range *out)
{
    int64_t p[4];
    if (__builtin_mul_overflow(a.lo, b.lo, &p[0]) ||
        __builtin_mul_overflow(a.lo, b.hi, &p[1]) ||
        __builtin_mul_overflow(a.hi, b.lo, &p[2]) || __builtin_mul_overflow(a.hi, b.hi, &p[3]))
        return -1;
    *out = span(p[0], p[1]);
    *out = with(with(*out, p[2]), p[3]);
    return 0;
}

/* a << k for k in 0..63 is a * 2^k; 2^63 itself does not fit, so k = 63 leaves only 0
 * (and -1, whose product is -2^63). */
static int shift_one(int64_t a, int64_t k, int64_t *out)
{
    if (k == 63) {
        *out = a == 0 ? 0 : INT64_MIN;
        return a == 0 || a == -1 ? 0 : -1;
    }
    return __builtin_mul_overflow(a, (int64_t)1 << k, out) ? -1 : 0;
}

/* Shifts by 0..63 multiply by a power of two (a's magnitude grows with the count, so the
 * corners bound it); a count outside 0..63 gives 0 (expr.c), which never overflows. */
static int shift_left(struct expr_range a, struct expr_range b, struct expr_range *out)
{
    int64_t klo = b.lo < 0 ? 0 : b.lo, khi = b.hi > 63 ? 63 : b.hi, p[4];
    int any = 0;
    if (klo <= khi) {
        if (shift_one(a.lo, klo, &p[0]) || shift_one(a.lo, khi, &p[1]) ||
            shift_one(a.hi, klo, &p[2]) || shift_one(a.hi, khi, &p[3]))
            return -1;
        *out = with(with(span(p[0], p[1]), p[2]), p[3]);
        any = 1;
    }
    if (b.lo < 0 || b.hi > 63)
        *out = any ? with(*out, 0) : (struct expr_range){0, 0};
    return 0;
}

/* The smallest -2^k..2^k-1 holding r: bitwise operations on values in it stay in it. */
static struct expr_range bit_hull(struct expr_range a, struct expr_range b)
{
    int64_t lo = a.lo < b.lo ? a.lo : b.lo, hi = a.hi > b.hi ? a.hi : b.hi;
    for (int k = 0; k < 63; k++) {
        int64_t top = ((int64_t)1 << k) - 1;
        if (lo >= -top - 1 && hi <= top)
            return (struct expr_range){-top - 1, top};
    }
    return (struct expr_range){INT64_MIN, INT64_MAX};
}

static struct expr_range bitwise(int op, struct expr_range a, struct expr_range b)
{
    /* x & y lies between 0 and y when y >= 0, whatever x is */
    if (op == OP_AND && (a.lo >= 0 || b.lo >= 0)) {
        int64_t hi = a.lo >= 0 && b.lo >= 0 ? (a.hi < b.hi ? a.hi : b.hi)
                     : a.lo >= 0            ? a.hi
                                            : b.hi;
        return (struct expr_range){0, hi};
    }
    struct expr_range h = bit_hull(a, b);
    if (a.lo >= 0 && b.lo >= 0)
        h.lo = 0;
    return h;
}

/* Floor division and remainder by a positive constant (the parser sees to it). */
static struct expr_range divide(int op, struct expr_range a, struct expr_range b)
{
    int64_t d = b.lo;
    if (op == OP_MOD)
        return a.lo >= 0 && a.hi < d ? a : (struct expr_range){0, d - 1};
    int64_t lo = a.lo / d - (a.lo % d != 0 && a.lo < 0);
    int64_t hi = a.hi / d - (a.hi % d != 0 && a.hi < 0);
    return (struct expr_range){lo, hi};
}

int expr_range_apply(int op, struct expr_range a, struct expr_range b, struct expr_range *out)
{
    switch (op) {
    case OP_ADD:
        return __builtin_add_overflow(a.lo, b.lo, &out->lo) ||
                       __builtin_add_overflow(a.hi, b.hi, &out->hi)
                   ? -1
                   : 0;
    case OP_SUB:
        return __builtin_sub_overflow(a.lo, b.hi, &out->lo) ||
                       __builtin_sub_overflow(a.hi, b.lo, &out->hi)
                   ? -1
                   : 0;
    case OP_NEG:
        if (a.lo == INT64_MIN)
            return -1;
        *out = (struct expr_range){-a.hi, -a.lo};
        return 0;
    case OP_MUL:
        return multiply(a, b, out);
    case OP_DIV:
    case OP_MOD:
        *out = divide(op, a, b);
        return 0;
    case OP_MIN:
        *out = (struct expr_range){a.lo < b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi};
        return 0;
    case OP_MAX:
        *out = (struct expr_range){a.lo > b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
        return 0;
    case OP_SHL:
        return shift_left(a, b, out);
    case OP_SHR: /* toward 0 (or -1) from a, never past it */
        *out = (struct expr_range){a.lo < 0 ? a.lo : 0, a.hi >= 0 ? a.hi : -1};
        return 0;
    case OP_AND:
    case OP_OR:
    case OP_XOR:
        *out = bitwise(op, a, b);
        return 0;
    default: /* the comparisons */
        *out = (struct expr_range){0, 1};
        return 0;
    }
}

/* "lo..hi", or one number. */
static void range_text(struct expr_range r, char *out, size_t size)
{
    if (r.lo == r.hi)
        snprintf(out, size, "%lld", (long long)r.lo);
    else
        snprintf(out, size, "%lld..%lld", (long long)r.lo, (long long)r.hi);
}

static struct expr_range var_range(const struct expr_scope *sc, int64_t slot)
{
    int64_t top = 0;
    if (slot >= EXPR_LOOP0)
        return sc->loop_range[slot - EXPR_LOOP0];
    if (slot >= EXPR_CTAID_X)
        top = (int64_t)sc->grid[slot - EXPR_CTAID_X] - 1;
    else
        top = (int64_t)sc->block[slot - EXPR_TID_X] - 1;
    return (struct expr_range){0, top < 0 ? 0 : top};
}

/* ", tid.x in 0..255, i in 0..3": each variable e reads, once. */
static void var_list(const expr *e, const struct expr_scope *sc, char *out, size_t size)
{
    static const char *const builtins[] = {"tid.x", "tid.y", "tid.z",
                                           "ctaid.x", "ctaid.y", "ctaid.z"};
    int seen[EXPR_ENV_SIZE] = {0};
    size_t used = 0;
    out[0] = '\0';
    for (uint32_t i = 0; i < e->n; i++) {
        int64_t v = e->code[i].val;
        if (e->code[i].op != OP_VAR || seen[v] || used >= size)
            continue;
        seen[v] = 1;
        char r[48];
        range_text(var_range(sc, v), r, sizeof r);
        used += (size_t)snprintf(out + used, size - used, "%s%s in %s", used ? ", " : " for ",
                                 v >= EXPR_LOOP0 ? sc->loops[v - EXPR_LOOP0] : builtins[v], r);
    }
}

int expr_range_check(expr *e, const struct expr_scope *scope, const char *text, char *msg,
                     size_t msgsize)
{
    struct expr_range st[EXPR_MAX_CODE];
    uint32_t sp = 0;
    for (uint32_t i = 0; i < e->n; i++) {
        const struct expr_op *o = &e->code[i];
        if (o->op == OP_CONST || o->op == OP_VAR) {
            st[sp++] = o->op == OP_CONST ? (struct expr_range){o->val, o->val}
                                         : var_range(scope, o->val);
            continue;
        }
        struct expr_range a = st[sp - (o->op == OP_NEG ? 1 : 2)], b = st[sp - 1], r;
        sp -= o->op == OP_NEG ? 0 : 1;
        if (expr_range_apply(o->op, a, b, &r) == 0) {
            st[sp - 1] = r;
            continue;
        }
        char ra[48], rb[48] = "", vars[160];
        range_text(a, ra, sizeof ra);
        if (o->op != OP_NEG)
            range_text(b, rb, sizeof rb);
        var_list(e, scope, vars, sizeof vars);
        snprintf(msg, msgsize, "'%.60s' may overflow 64 bits%s: its '%s' of %s%s%s can leave "
                 "-2^63..2^63-1", text, vars, expr_op_symbol(o->op), ra, *rb ? " and " : "", rb);
        return -1;
    }
    e->range = sp ? st[sp - 1] : (struct expr_range){0, 0};
    return 0;
}
