/* expr.c - parsing kernel-description expressions into folded postfix code, and
 * evaluating it (expr.h). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "expr.h"

#define MAX_NESTING 24 /* parentheses and calls, so a hostile file cannot overflow the stack */

struct parser {
    const char *s;                  /* the whole text */
    const char *p;                  /* where reading is */
    const struct expr_scope *scope;
    expr *out;
    char *msg;
    size_t msgsize;
    int failed;
    int nesting;
};

static int fail(struct parser *ps, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static int fail(struct parser *ps, const char *fmt, ...)
{
    if (!ps->failed) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(ps->msg, ps->msgsize, fmt, ap);
        va_end(ap);
        ps->failed = 1;
    }
    return -1;
}

static void skip_space(struct parser *ps)
{
    while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')
        ps->p++;
}

/* Arithmetic through uint64_t: a parsed expression never overflows in its scope
 * (expr_range.c), but the access-pattern analysis (pattern.c) evaluates it at points
 * outside, where it must still be defined. */
static int64_t wrap_add(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static int64_t wrap_sub(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }
static int64_t wrap_mul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }

/* Floor division and a non-negative remainder: (-1) / 4 = -1, (-1) % 4 = 3, as an
 * index arithmetic reader expects (b > 0 always: the parser checks). */
static int64_t floor_div(int64_t a, int64_t b) { return a / b - (a % b != 0 && a < 0); }
static int64_t floor_mod(int64_t a, int64_t b) { return a % b < 0 ? a % b + b : a % b; }

/* Shifts by 0..63; further shifts leave nothing (or the sign), as an index wants. */
static int64_t shl(int64_t a, int64_t b)
{
    return b < 0 || b > 63 ? 0 : (int64_t)((uint64_t)a << b);
}

static int64_t shr(int64_t a, int64_t b)
{
    if (b < 0 || b > 63)
        return a < 0 ? -1 : 0;
    return a < 0 ? ~(~a >> b) : a >> b;
}

static int64_t apply(int op, int64_t a, int64_t b)
{
    switch (op) {
    case OP_ADD: return wrap_add(a, b);
    case OP_SUB: return wrap_sub(a, b);
    case OP_MUL: return wrap_mul(a, b);
    case OP_DIV: return floor_div(a, b);
    case OP_MOD: return floor_mod(a, b);
    case OP_MIN: return a < b ? a : b;
    case OP_MAX: return a > b ? a : b;
    case OP_LT: return a < b;
    case OP_LE: return a <= b;
    case OP_GT: return a > b;
    case OP_GE: return a >= b;
    case OP_EQ: return a == b;
    case OP_NE: return a != b;
    case OP_SHL: return shl(a, b);
    case OP_SHR: return shr(a, b);
    case OP_AND: return a & b;
    case OP_OR: return a | b;
    case OP_XOR: return a ^ b;
    default: return 0; /* OP_CONST, OP_VAR, OP_NEG: not binary */
    }
}

static int emit(struct parser *ps, int op, int64_t val)
{
    expr *e = ps->out;
    if (e->n >= EXPR_MAX_CODE)
        return fail(ps, "the expression is too long (at most %d terms)", EXPR_MAX_CODE / 2);
    e->code[e->n].op = op;
    e->code[e->n].val = val;
    e->n++;
    return 0;
}

/* Refuse folding `a OP b` (b unused for OP_NEG) when its value does not fit. */
static int fold_fits(struct parser *ps, int op, int64_t a, int64_t b)
{
    struct expr_range r;
    if (expr_range_apply(op, (struct expr_range){a, a}, (struct expr_range){b, b}, &r) == 0)
        return 0;
    if (op == OP_NEG)
        return fail(ps, "'%.60s' overflows 64 bits: -(%lld) is beyond -2^63..2^63-1", ps->s,
                    (long long)a);
    return fail(ps, "'%.60s' overflows 64 bits: %lld %s %lld is beyond -2^63..2^63-1", ps->s,
                (long long)a, expr_op_symbol(op), (long long)b);
}

/* Emit a binary operation, folding it when both operands are constants. */
static int emit_binary(struct parser *ps, int op)
{
    expr *e = ps->out;
    if (e->n >= 2 && e->code[e->n - 1].op == OP_CONST && e->code[e->n - 2].op == OP_CONST) {
        int64_t a = e->code[e->n - 2].val, b = e->code[e->n - 1].val;
        if (fold_fits(ps, op, a, b) < 0)
            return -1;
        e->n--;
        e->code[e->n - 1].val = apply(op, a, b);
        return 0;
    }
    return emit(ps, op, 0);
}

static int parse_cmp(struct parser *ps);

static int parse_number(struct parser *ps)
{
    const char *start = ps->p;
    int hex = ps->p[0] == '0' && (ps->p[1] == 'x' || ps->p[1] == 'X');
    uint64_t v = 0;
    if (hex)
        ps->p += 2;
    int digits = 0;
    for (;; ps->p++, digits++) {
        int c = (unsigned char)*ps->p, d;
        if (isdigit(c))
            d = c - '0';
        else if (hex && isxdigit(c))
            d = tolower(c) - 'a' + 10;
        else
            break;
        uint64_t base = hex ? 16 : 10;
        if (v > ((uint64_t)INT64_MAX - (uint64_t)d) / base)
            return fail(ps, "the number at column %d is too large", (int)(start - ps->s) + 1);
        v = v * base + (uint64_t)d;
    }
    if (!digits || isalpha((unsigned char)*ps->p) || *ps->p == '_')
        return fail(ps, "a malformed number at column %d", (int)(start - ps->s) + 1);
    return emit(ps, OP_CONST, (int64_t)v);
}

/* tid.x and friends: a variable or (the launch shape) a constant; -1 when not one. */
static int builtin(struct parser *ps, const char *name, size_t len, int *handled)
{
    static const char *const bases[] = {"tid", "ctaid", "ntid", "nctaid"};
    const char *dot = memchr(name, '.', len);
    *handled = 0;
    if (!dot)
        return 0;
    size_t blen = (size_t)(dot - name), b;
    for (b = 0; b < 4; b++)
        if (strlen(bases[b]) == blen && memcmp(name, bases[b], blen) == 0)
            break;
    int axis = len == blen + 2 ? dot[1] - 'x' : -1;
    if (b == 4 || axis < 0 || axis > 2)
        return fail(ps, "unknown variable '%.*s' (the built-ins are tid, ctaid, ntid, "
                    "nctaid, each .x .y or .z)", (int)len, name);
    *handled = 1;
    if (ps->scope->consts_only)
        return fail(ps, "'%.*s' is not known here: only numbers and params are", (int)len,
                    name);
    if (b == 0 && !ps->scope->allow_tid)
        return fail(ps, "'%.*s' differs between the threads of a CTA; a loop count may "
                    "use only ctaid.*, enclosing loops, params and numbers", (int)len, name);
    if (b == 0)
        return emit(ps, OP_VAR, EXPR_TID_X + axis);
    if (b == 1)
        return emit(ps, OP_VAR, EXPR_CTAID_X + axis);
    return emit(ps, OP_CONST, b == 2 ? ps->scope->block[axis] : ps->scope->grid[axis]);
}

static int parse_call(struct parser *ps, int op)
{
    ps->p++; /* '(' */
    if (parse_cmp(ps) < 0)
        return -1;
    skip_space(ps);
    if (*ps->p != ',')
        return fail(ps, "min and max take two arguments: expected ',' at column %d",
                    (int)(ps->p - ps->s) + 1);
    ps->p++;
    if (parse_cmp(ps) < 0)
        return -1;
    skip_space(ps);
    if (*ps->p != ')')
        return fail(ps, "expected ')' at column %d", (int)(ps->p - ps->s) + 1);
    ps->p++;
    return emit_binary(ps, op);
}

static int parse_name(struct parser *ps)
{
    const char *name = ps->p;
    while (isalnum((unsigned char)*ps->p) || *ps->p == '_' || *ps->p == '.')
        ps->p++;
    size_t len = (size_t)(ps->p - name);
    int handled;
    if (builtin(ps, name, len, &handled) < 0 || handled)
        return ps->failed ? -1 : 0;
    const struct expr_scope *sc = ps->scope;
    for (size_t i = sc->nloops; i-- > 0;) /* innermost first: an inner loop shadows */
        if (strlen(sc->loops[i]) == len && memcmp(sc->loops[i], name, len) == 0)
            return emit(ps, OP_VAR, EXPR_LOOP0 + (int64_t)i);
    for (size_t i = 0; i < sc->nparams; i++)
        if (strlen(sc->param_names[i]) == len && memcmp(sc->param_names[i], name, len) == 0)
            return emit(ps, OP_CONST, sc->param_values[i]);
    skip_space(ps);
    if (*ps->p == '(' && len == 3 && (!memcmp(name, "min", 3) || !memcmp(name, "max", 3)))
        return parse_call(ps, name[1] == 'i' ? OP_MIN : OP_MAX);
    return fail(ps, "unknown variable '%.*s' (not tid.*, ctaid.*, ntid.*, nctaid.*, an "
                "enclosing loop's variable or a param)", (int)len, name);
}

static int parse_primary(struct parser *ps)
{
    skip_space(ps);
    int c = (unsigned char)*ps->p;
    if (c == '(') {
        ps->p++;
        if (parse_cmp(ps) < 0)
            return -1;
        skip_space(ps);
        if (*ps->p != ')')
            return fail(ps, "expected ')' at column %d", (int)(ps->p - ps->s) + 1);
        ps->p++;
        return 0;
    }
    if (isdigit(c))
        return parse_number(ps);
    if (isalpha(c) || c == '_')
        return parse_name(ps);
    if (!c)
        return fail(ps, "the expression ends where a value is expected");
    return fail(ps, "unexpected '%c' at column %d", c, (int)(ps->p - ps->s) + 1);
}

static int parse_unary(struct parser *ps)
{
    skip_space(ps);
    if (*ps->p == '+' || *ps->p == '-') {
        int neg = *ps->p == '-';
        ps->p++;
        if (++ps->nesting > MAX_NESTING)
            return fail(ps, "the expression nests too deeply");
        int r = parse_unary(ps);
        ps->nesting--;
        if (r < 0 || !neg)
            return r;
        expr *e = ps->out;
        if (e->code[e->n - 1].op == OP_CONST) {
            if (fold_fits(ps, OP_NEG, e->code[e->n - 1].val, 0) < 0)
                return -1;
            e->code[e->n - 1].val = -e->code[e->n - 1].val;
            return 0;
        }
        return emit(ps, OP_NEG, 0);
    }
    if (++ps->nesting > MAX_NESTING)
        return fail(ps, "the expression nests too deeply");
    int r = parse_primary(ps);
    ps->nesting--;
    return r;
}

static int parse_term(struct parser *ps)
{
    if (parse_unary(ps) < 0)
        return -1;
    for (;;) {
        skip_space(ps);
        char c = *ps->p;
        if (c != '*' && c != '/' && c != '%')
            return 0;
        ps->p++;
        if (parse_unary(ps) < 0)
            return -1;
        expr *e = ps->out;
        if (c != '*' && (e->code[e->n - 1].op != OP_CONST || e->code[e->n - 1].val <= 0))
            return fail(ps, "'%c' needs a positive constant on its right", c);
        if (emit_binary(ps, c == '*' ? OP_MUL : c == '/' ? OP_DIV : OP_MOD) < 0)
            return -1;
    }
}

static int parse_sum(struct parser *ps)
{
    if (parse_term(ps) < 0)
        return -1;
    for (;;) {
        skip_space(ps);
        char c = *ps->p;
        if (c != '+' && c != '-')
            return 0;
        ps->p++;
        if (parse_term(ps) < 0 || emit_binary(ps, c == '+' ? OP_ADD : OP_SUB) < 0)
            return -1;
    }
}

/* The bit operator at p (0 when none), and its length: << >> & | ^. */
static int bit_op(const char *p, int *len)
{
    *len = 2;
    if (p[0] == '<' && p[1] == '<') return OP_SHL;
    if (p[0] == '>' && p[1] == '>') return OP_SHR;
    *len = 1;
    if (p[0] == '&') return OP_AND;
    if (p[0] == '|') return OP_OR;
    if (p[0] == '^') return OP_XOR;
    return 0;
}

/* Bit operators bind looser than + and -, tighter than comparisons, left to right. */
static int parse_bits(struct parser *ps)
{
    if (parse_sum(ps) < 0)
        return -1;
    for (;;) {
        skip_space(ps);
        int len, op = bit_op(ps->p, &len);
        if (!op)
            return 0;
        ps->p += len;
        if (parse_sum(ps) < 0 || emit_binary(ps, op) < 0)
            return -1;
    }
}

/* The comparison operator at p (0 when none), and its length. */
static int cmp_op(const char *p, int *len)
{
    *len = 2;
    if (p[0] == '<' && p[1] == '=') return OP_LE;
    if (p[0] == '>' && p[1] == '=') return OP_GE;
    if (p[0] == '=' && p[1] == '=') return OP_EQ;
    if (p[0] == '!' && p[1] == '=') return OP_NE;
    *len = 1;
    if (p[0] == '<') return OP_LT;
    if (p[0] == '>') return OP_GT;
    return 0;
}

static int parse_cmp(struct parser *ps)
{
    if (parse_bits(ps) < 0)
        return -1;
    skip_space(ps);
    int len, op = cmp_op(ps->p, &len);
    if (!op)
        return 0;
    ps->p += len;
    if (parse_bits(ps) < 0)
        return -1;
    return emit_binary(ps, op);
}

int expr_parse(const char *text, const struct expr_scope *scope, expr *out, char *msg,
               size_t msgsize)
{
    struct parser ps = {text, text, scope, out, msg, msgsize, 0, 0};
    memset(out, 0, sizeof *out);
    if (parse_cmp(&ps) == 0) {
        skip_space(&ps);
        if (*ps.p)
            fail(&ps, "unexpected '%c' at column %d", *ps.p, (int)(ps.p - text) + 1);
    }
    if (!ps.failed && expr_range_check(out, scope, text, msg, msgsize) < 0)
        return -1;
    return ps.failed ? -1 : 0;
}

void expr_const(expr *out, int64_t v)
{
    memset(out, 0, sizeof *out);
    out->n = 1;
    out->code[0].op = OP_CONST;
    out->code[0].val = v;
    out->range = (struct expr_range){v, v};
}

int expr_is_const(const expr *e, int64_t *v)
{
    if (e->n != 1 || e->code[0].op != OP_CONST)
        return 0;
    *v = e->code[0].val;
    return 1;
}

int64_t expr_eval(const expr *e, const int64_t *env)
{
    int64_t st[EXPR_MAX_CODE];
    uint32_t sp = 0;
    for (uint32_t i = 0; i < e->n; i++) {
        const struct expr_op *o = &e->code[i];
        if (o->op == OP_CONST)
            st[sp++] = o->val;
        else if (o->op == OP_VAR)
            st[sp++] = env[o->val];
        else if (o->op == OP_NEG)
            st[sp - 1] = wrap_sub(0, st[sp - 1]);
        else {
            sp--;
            st[sp - 1] = apply(o->op, st[sp - 1], st[sp]);
        }
    }
    return sp ? st[sp - 1] : 0;
}
