/* errstats.c - error statistics over paired points (hamm/errstats.h). */
#include <math.h>
#include <string.h>

#include "hamm/errstats.h"

/* Whether every value equals the first: a mean of equal values can differ from them in
 * the last bit, so variance is tested on the values, not on the deviations. */
static int all_equal(const double *v, size_t n)
{
    for (size_t i = 1; i < n; i++)
        if (v[i] != v[0])
            return 0;
    return 1;
}

static double mean_of(const double *v, size_t n)
{
    double s = 0.0;
    for (size_t i = 0; i < n; i++)
        s += v[i];
    return s / (double)n;
}

static void pearson(const double *x, const double *y, size_t n, hamm_errstats *out)
{
    if (n < 2) {
        out->pearson_r_null_reason = HAMM_ERRSTATS_FEW_POINTS;
        return;
    }
    if (all_equal(x, n)) {
        out->pearson_r_null_reason = HAMM_ERRSTATS_FLAT_MEASURED;
        return;
    }
    if (all_equal(y, n)) {
        out->pearson_r_null_reason = HAMM_ERRSTATS_FLAT_PREDICTED;
        return;
    }
    double mx = mean_of(x, n), my = mean_of(y, n);
    double sxy = 0.0, sxx = 0.0, syy = 0.0;
    for (size_t i = 0; i < n; i++) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
        syy += (y[i] - my) * (y[i] - my);
    }
    double r = sxy / sqrt(sxx * syy);
    out->pearson_r = r > 1.0 ? 1.0 : r < -1.0 ? -1.0 : r;
}

void hamm_errstats_compute(const double *measured, const double *predicted, size_t n,
                           hamm_errstats *out)
{
    memset(out, 0, sizeof *out);
    out->points = n;
    if (n == 0) {
        out->polarity_null_reason = HAMM_ERRSTATS_NO_POINTS;
        out->pearson_r_null_reason = HAMM_ERRSTATS_FEW_POINTS;
        return;
    }
    double sum_abs = 0.0, sum_signed = 0.0, sum_sq = 0.0, max_abs = 0.0;
    size_t over = 0;
    for (size_t i = 0; i < n; i++) {
        double e = 100.0 * (predicted[i] - measured[i]);
        double a = fabs(e);
        sum_abs += a;
        sum_signed += e;
        sum_sq += e * e;
        max_abs = a > max_abs ? a : max_abs;
        over += e > 0.0;
    }
    out->mae_pct = sum_abs / (double)n;
    out->rmse_pct = sqrt(sum_sq / (double)n);
    out->max_abs_error_pct = max_abs;
    out->mean_signed_error_pct = sum_signed / (double)n;
    out->over_predicted_fraction = (double)over / (double)n;
    if (sum_abs == 0.0)
        out->polarity_null_reason = HAMM_ERRSTATS_ALL_ZERO;
    else
        out->polarity = sum_signed / sum_abs;
    pearson(measured, predicted, n, out);
}

void hamm_relstats_compute(const double *measured, const double *predicted, size_t n,
                           hamm_relstats *out)
{
    memset(out, 0, sizeof *out);
    double logs = 0, abs_sum = 0, signed_sum = 0;
    int zero = 0;
    for (size_t i = 0; i < n; i++) {
        if (!(measured[i] > 0))
            continue;
        double e = 100.0 * (predicted[i] - measured[i]) / measured[i], a = fabs(e);
        out->points++;
        signed_sum += e;
        abs_sum += a;
        out->max_abs_error_pct = a > out->max_abs_error_pct ? a : out->max_abs_error_pct;
        out->within_10pct += a <= 10.0;
        if (a > 0)
            logs += log(a);
        else
            zero = 1; /* ln 0: the geometric mean of a set holding 0 is 0 */
    }
    if (out->points == 0)
        return;
    double k = (double)out->points;
    out->geomean_abs_error_pct = zero ? 0.0 : exp(logs / k);
    out->mean_abs_error_pct = abs_sum / k;
    out->mean_signed_error_pct = signed_sum / k;
}
