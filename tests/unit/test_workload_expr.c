/* test_workload_expr.c - the index expressions of kernel descriptions (src/workload/expr.c,
 * expr_range.c): values parsed, folded and evaluated, each derived by hand, and the
 * expressions refused (syntax, names out of scope, steps that may overflow 64 bits). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "workload/expr.h"

/* Expression values worked by hand: precedence, floor division, folding, built-ins. */
static void expressions(void **state)
{
    (void)state;
    static const char *const pnames[] = {"N", "M"};
    static const int64_t pvalues[] = {1024, -3};
    static const char *const loops[] = {"i", "j"};
    struct expr_scope sc = {{64, 2, 1}, {10, 20, 1}, pnames, pvalues, 2, loops, 2, 1, 0,
                            {{0, 9}, {0, 9}}};
    int64_t env[EXPR_ENV_SIZE] = {0};
    env[EXPR_TID_X] = 9;
    env[EXPR_TID_Y] = 1;
    env[EXPR_CTAID_X] = 3;
    env[EXPR_LOOP0] = 5;     /* i */
    env[EXPR_LOOP0 + 1] = 7; /* j */
    static const struct { const char *text; int64_t value; } cases[] = {
        {"ctaid.x * ntid.x + tid.x", 3 * 64 + 9},
        {"1 + 2 * 3 - 4", 3},
        {"(1 + 2) * 3", 9},
        {"-1 / 4", -1},              /* floor */
        {"-1 % 4", 3},               /* non-negative */
        {"M * 2 / 4", -2},           /* -6 / 4 floors to -2 */
        {"1 << 3 + 1", 16},          /* + binds tighter than << */
        {"tid.x & 3 == 1", 1},       /* (9 & 3) == 1 */
        {"tid.x >> 1 | 16", 20},
        {"5 ^ 1", 4},
        {"min(N, tid.x * 200)", 1024},
        {"max(M, -tid.x)", -3},
        {"i * 100 + j", 507},
        {"tid.x < 10", 1},
        {"tid.x >= 10", 0},
        {"tid.x != 9", 0},
        {"nctaid.y * ntid.y + tid.y", 41},
        {" 0x10 + 010 ", 26},        /* hexadecimal; a leading 0 is still decimal */
        {"--tid.x", 9},
        {"1 << 64", 0},              /* shifted out */
        {"-8 >> 1", -4},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        expr e;
        char msg[200] = "";
        if (expr_parse(cases[c].text, &sc, &e, msg, sizeof msg) < 0)
            fail_msg("%s: %s", cases[c].text, msg);
        if (expr_eval(&e, env) != cases[c].value)
            fail_msg("%s = %lld, not %lld", cases[c].text, (long long)expr_eval(&e, env),
                     (long long)cases[c].value);
    }
}

/* Folding, and what a parse refuses. */
static void expression_errors(void **state)
{
    (void)state;
    static const char *const pnames[] = {"N"};
    static const int64_t pvalues[] = {1024};
    static const char *const loops[] = {"i"};
    struct expr_scope sc = {{64, 2, 1}, {10, 20, 1}, pnames, pvalues, 1, loops, 1, 1, 0,
                            {{0, 9}}};
    expr e;
    char msg[200];
    int64_t v;
    assert_int_equal(expr_parse("N / 4 + 2 * 3", &sc, &e, msg, sizeof msg), 0);
    assert_true(expr_is_const(&e, &v)); /* folded to one constant */
    assert_int_equal(v, 262);
    assert_int_equal(expr_parse("tid.x * 2", &sc, &e, msg, sizeof msg), 0);
    assert_false(expr_is_const(&e, &v));
    assert_int_equal(expr_parse("i % 0", &sc, &e, msg, sizeof msg), -1);
    assert_int_equal(expr_parse("i % -2", &sc, &e, msg, sizeof msg), -1);
    assert_int_equal(expr_parse("99999999999999999999", &sc, &e, msg, sizeof msg), -1);
    assert_int_equal(expr_parse("k", &sc, &e, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "unknown variable 'k'"));
    sc.allow_tid = 0;
    assert_int_equal(expr_parse("tid.y", &sc, &e, msg, sizeof msg), -1);
    assert_int_equal(expr_parse("ctaid.y + i", &sc, &e, msg, sizeof msg), 0);
    sc.allow_tid = 1;
    /* ctaid.x is 0..9: 9 * 1024819115206086200 = 2^63 - 7 fits, one more does not */
    assert_int_equal(expr_parse("ctaid.x * 1024819115206086200", &sc, &e, msg, sizeof msg), 0);
    assert_int_equal(e.range.hi, INT64_MAX - 7);
    assert_int_equal(expr_parse("ctaid.x * 1024819115206086201", &sc, &e, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "may overflow 64 bits for ctaid.x in 0..9"));
    assert_int_equal(expr_parse("-ctaid.x * 1024819115206086201", &sc, &e, msg, sizeof msg), -1);
    /* the ranges of the result: tid.x is 0..63, i (the scope's) 0..9 */
    assert_int_equal(expr_parse("tid.x * 4 + 3", &sc, &e, msg, sizeof msg), 0);
    assert_true(e.range.lo == 3 && e.range.hi == 255);
    assert_int_equal(expr_parse("i - tid.x % 8", &sc, &e, msg, sizeof msg), 0);
    assert_true(e.range.lo == -7 && e.range.hi == 9);
    assert_int_equal(expr_parse("max(i - 5, 0) << 60", &sc, &e, msg, sizeof msg), 0);
    assert_int_equal(expr_parse("max(i - 5, 0) << 61", &sc, &e, msg, sizeof msg), -1);
    /* folding: the sum and the negation that do not fit, and the shift that just does */
    assert_int_equal(expr_parse("9223372036854775807 + 1", &sc, &e, msg, sizeof msg), -1);
    assert_non_null(strstr(msg, "9223372036854775807 + 1 is beyond -2^63..2^63-1"));
    assert_int_equal(expr_parse("-9223372036854775807 - 1", &sc, &e, msg, sizeof msg), 0);
    assert_true(expr_is_const(&e, &v) && v == INT64_MIN);
    assert_int_equal(expr_parse("-9223372036854775807 - 2", &sc, &e, msg, sizeof msg), -1);
    assert_int_equal(expr_parse("-(-9223372036854775807 - 1)", &sc, &e, msg, sizeof msg), -1);
    assert_int_equal(expr_parse("1 << 63", &sc, &e, msg, sizeof msg), -1);
    assert_int_equal(expr_parse("-1 << 63", &sc, &e, msg, sizeof msg), 0);
    char deep[200];
    memset(deep, '(', sizeof deep - 1);
    deep[sizeof deep - 1] = '\0';
    assert_int_equal(expr_parse(deep, &sc, &e, msg, sizeof msg), -1); /* no stack overflow */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(expressions),
        cmocka_unit_test(expression_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
