/* hamm/report_run.h - the whole evaluation in one call (`hamm report`): validate a suite,
 * run the sensitivity sweeps and the experiments it names, draw every figure and write
 * the report page (hamm/plot.h) into one directory. */
#ifndef HAMM_REPORT_RUN_H
#define HAMM_REPORT_RUN_H

#include <stddef.h>

#include "hamm/config.h"
#include "hamm/error.h"
#include "hamm/export.h"
#include "hamm/plot.h"
#include "hamm/sweep.h"
#include "hamm/validate.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hamm_report_options {
    const char *const *sets;   /* "KEY=VALUE" for every entry, sweep point and experiment run */
    size_t nsets;
    unsigned jobs;             /* entries (experiment runs) at a time */
    int sweeps;                /* 0: leave out the suite's sweeps */
    hamm_plot_options plot;    /* the figures' templates and rendering; the prefix is the
                                  report's to set */
    const char *command_line;  /* shown on the page */
    const hamm_model_path *models; /* where the sweeps' suites find their models */
    const hamm_validate_watch *watch; /* told of every validate run; NULL: none */
} hamm_report_options;

/* What a report holds, for the caller to say. */
typedef struct hamm_report_summary {
    size_t figures, sweeps, experiments;
    int images_skipped;     /* gnuplot did not draw the figures' images */
    char not_rendered[192]; /* why not */
} hamm_report_summary;

/* Into `dir` (an existing directory; a stage of hamm_stage_open, so that a failed run
 * leaves no partial report): validate.json when the suite has entries, sweep-NAME.json
 * for each of its sweeps, experiment-NAME.json for each of its experiments, every
 * document's figures (hamm_plot_write; a sweep's over the same first key as an earlier
 * one's prefixed NAME-) and the report page (hamm_report_write_index).  The first
 * failure decides the error; a suite of more than 16 sweeps or 16 experiments is one. */
HAMM_API hamm_status hamm_report_run(const hamm_suite *s, const char *dir,
                                     const hamm_report_options *o, hamm_report_summary *sum,
                                     hamm_error *err);

#ifdef __cplusplus
}
#endif

#endif
