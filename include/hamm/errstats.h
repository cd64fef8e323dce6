/* hamm/errstats.h - error statistics of a model against its referee: MAE, RMSE, maximum
 * error, mean signed error, polarity and Pearson correlation over paired points, the way
 * Yuan & Aamodt 2009 (section 5.1) report them.  Inputs are fractions; errors come out in
 * percentage points.  Nothing here is ever NaN: an undefined statistic is flagged, with a
 * reason where one helps. */
#ifndef HAMM_ERRSTATS_H
#define HAMM_ERRSTATS_H

#include <stddef.h>

#include "hamm/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Reasons a statistic is undefined (the strings docs/JSON.md lists). */
#define HAMM_ERRSTATS_FEW_POINTS "fewer than two points"
#define HAMM_ERRSTATS_FLAT_MEASURED "zero variance in measured"
#define HAMM_ERRSTATS_FLAT_PREDICTED "zero variance in predicted"
#define HAMM_ERRSTATS_NO_POINTS "no points"
#define HAMM_ERRSTATS_ALL_ZERO "all errors zero"

typedef struct hamm_errstats {
    size_t points;               /* pairs given; every field below is undefined when 0 */
    double mae_pct;              /* mean |predicted - measured|, pp */
    double rmse_pct;             /* sqrt(mean (predicted - measured)^2), pp */
    double max_abs_error_pct;    /* max |predicted - measured|, pp */
    double mean_signed_error_pct;/* mean (predicted - measured), pp: > 0 over-predicts */
    double over_predicted_fraction; /* points with predicted > measured / points */
    double polarity;             /* mean signed / mean absolute error, in [-1, 1] */
    const char *polarity_null_reason; /* NULL when polarity is defined */
    double pearson_r;            /* correlation of predicted with measured, in [-1, 1] */
    const char *pearson_r_null_reason; /* NULL when pearson_r is defined */
} hamm_errstats;

/* Statistics of n pairs (measured[i], predicted[i]), fractions; either array may be NULL
 * when n is 0.  Sums run in index order, so the same points give the same bits. */
HAMM_API void hamm_errstats_compute(const double *measured, const double *predicted, size_t n,
                                    hamm_errstats *out);

/* Relative errors of execution-time predictions (the MWP/CWP model against the GPU
 * engine, docs/MWP.md "Validation"): error = (predicted - measured) / measured, in per
 * cent, and their geometric mean of absolute values, as Hong & Kim report their
 * model's accuracy. */
typedef struct hamm_relstats {
    size_t points;               /* pairs with measured > 0; the rest undefined when 0 */
    double geomean_abs_error_pct;/* exp(mean ln |error|); 0 when some error is exactly 0 */
    double mean_abs_error_pct;   /* arithmetic mean |error| */
    double mean_signed_error_pct;/* mean error: > 0 over-predicts */
    double max_abs_error_pct;
    size_t within_10pct;         /* points with |error| <= 10% */
} hamm_relstats;

/* Statistics of the pairs with measured[i] > 0 (the others are left out); either array
 * may be NULL when n is 0.  Sums run in index order. */
HAMM_API void hamm_relstats_compute(const double *measured, const double *predicted, size_t n,
                                    hamm_relstats *out);

#ifdef __cplusplus
}
#endif

#endif
