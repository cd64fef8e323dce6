/* test_errstats.c - error statistics on vectors computed by hand. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hamm/errstats.h"

#define EPS 1e-9

/* errors +5, -2, +5 pp: MAE 12/3, RMSE sqrt(54/3), mean signed 8/3, polarity 8/12;
 * measured deviations -.1, 0, .1 and predicted ones -.0766.., -.0466.., .1233..:
 * sxy = .02, sxx = .02, syy = .0232666.., r = sqrt(.02 / .0232666..) = .9271455.. */
static void test_three_points(void **state)
{
    (void)state;
    const double m[] = {0.5, 0.6, 0.7}, p[] = {0.55, 0.58, 0.75};
    hamm_errstats t;
    hamm_errstats_compute(m, p, 3, &t);
    assert_int_equal(t.points, 3);
    assert_float_equal(t.mae_pct, 4.0, EPS);
    assert_float_equal(t.rmse_pct, 4.242640687119285, EPS);
    assert_float_equal(t.max_abs_error_pct, 5.0, EPS);
    assert_float_equal(t.mean_signed_error_pct, 8.0 / 3.0, EPS);
    assert_float_equal(t.polarity, 2.0 / 3.0, EPS);
    assert_float_equal(t.over_predicted_fraction, 2.0 / 3.0, EPS);
    assert_null(t.polarity_null_reason);
    assert_null(t.pearson_r_null_reason);
    assert_float_equal(t.pearson_r, 0.9271455408, 1e-9);
}

/* errors +60, +20, -20, -60: MAE 40, RMSE sqrt(8000/4), polarity 0, r = -1. */
static void test_anti_correlated(void **state)
{
    (void)state;
    const double m[] = {0.2, 0.4, 0.6, 0.8}, p[] = {0.8, 0.6, 0.4, 0.2};
    hamm_errstats t;
    hamm_errstats_compute(m, p, 4, &t);
    assert_float_equal(t.mae_pct, 40.0, EPS);
    assert_float_equal(t.rmse_pct, 44.721359549995796, EPS);
    assert_float_equal(t.max_abs_error_pct, 60.0, EPS);
    assert_float_equal(t.mean_signed_error_pct, 0.0, EPS);
    assert_float_equal(t.polarity, 0.0, EPS);
    assert_float_equal(t.over_predicted_fraction, 0.5, EPS);
    assert_float_equal(t.pearson_r, -1.0, EPS);
}

/* Every prediction under: polarity -1, none over-predicted. */
static void test_under_predicts(void **state)
{
    (void)state;
    const double m[] = {0.9, 0.8}, p[] = {0.7, 0.7};
    hamm_errstats t;
    hamm_errstats_compute(m, p, 2, &t);
    assert_float_equal(t.polarity, -1.0, EPS);
    assert_float_equal(t.over_predicted_fraction, 0.0, EPS);
    assert_float_equal(t.mean_signed_error_pct, -15.0, EPS);
    assert_string_equal(t.pearson_r_null_reason, HAMM_ERRSTATS_FLAT_PREDICTED);
}

static void test_single_point(void **state)
{
    (void)state;
    const double m[] = {0.5}, p[] = {0.4};
    hamm_errstats t;
    hamm_errstats_compute(m, p, 1, &t);
    assert_int_equal(t.points, 1);
    assert_float_equal(t.mae_pct, 10.0, EPS);
    assert_float_equal(t.polarity, -1.0, EPS);
    assert_string_equal(t.pearson_r_null_reason, "fewer than two points");
}

/* 0.1 three times: a mean of equal values need not equal them; still zero variance. */
static void test_zero_variance_measured(void **state)
{
    (void)state;
    const double m[] = {0.1, 0.1, 0.1}, p[] = {0.2, 0.3, 0.1};
    hamm_errstats t;
    hamm_errstats_compute(m, p, 3, &t);
    assert_string_equal(t.pearson_r_null_reason, "zero variance in measured");
    assert_null(t.polarity_null_reason);
}

static void test_no_error(void **state)
{
    (void)state;
    const double m[] = {0.3, 0.6}, p[] = {0.3, 0.6};
    hamm_errstats t;
    hamm_errstats_compute(m, p, 2, &t);
    assert_float_equal(t.mae_pct, 0.0, 0.0);
    assert_string_equal(t.polarity_null_reason, "all errors zero");
    assert_float_equal(t.pearson_r, 1.0, EPS);
}

static void test_no_points(void **state)
{
    (void)state;
    hamm_errstats t;
    hamm_errstats_compute(NULL, NULL, 0, &t);
    assert_int_equal(t.points, 0);
    assert_string_equal(t.polarity_null_reason, "no points");
    assert_string_equal(t.pearson_r_null_reason, "fewer than two points");
}

/* Relative errors: 100 -> 110 (+10%), 200 -> 150 (-25%), 50 -> 60 (+20%), and a point
 * measured 0, left out.  Geometric mean of |error| = (10*25*20)^(1/3) = 5000^(1/3);
 * mean |error| 55/3, mean 5/3, max 25, one within 10% (10 counts). */
static void test_relative(void **state)
{
    (void)state;
    const double m[] = {100, 200, 50, 0}, p[] = {110, 150, 60, 7};
    hamm_relstats t;
    hamm_relstats_compute(m, p, 4, &t);
    assert_int_equal(t.points, 3);
    assert_float_equal(t.geomean_abs_error_pct, cbrt(5000.0), EPS);
    assert_float_equal(t.mean_abs_error_pct, 55.0 / 3.0, EPS);
    assert_float_equal(t.mean_signed_error_pct, 5.0 / 3.0, EPS);
    assert_float_equal(t.max_abs_error_pct, 25.0, EPS);
    assert_int_equal(t.within_10pct, 1);
    /* an exact prediction makes the geometric mean 0; no point: all 0 */
    const double exact[] = {100, 200};
    hamm_relstats_compute(m, exact, 2, &t);
    assert_float_equal(t.geomean_abs_error_pct, 0.0, EPS);
    assert_float_equal(t.mean_abs_error_pct, 0.0, EPS);
    hamm_relstats_compute(NULL, NULL, 0, &t);
    assert_int_equal(t.points, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_three_points),   cmocka_unit_test(test_anti_correlated),
        cmocka_unit_test(test_under_predicts), cmocka_unit_test(test_single_point),
        cmocka_unit_test(test_zero_variance_measured), cmocka_unit_test(test_no_error),
        cmocka_unit_test(test_no_points),      cmocka_unit_test(test_relative),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
