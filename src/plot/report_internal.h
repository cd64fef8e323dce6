/* report_internal.h - what the report page writer's files share. */
#ifndef HAMM_REPORT_INTERNAL_H
#define HAMM_REPORT_INTERNAL_H

#include "plot_internal.h"

/* A gnuplot SVG document as an inline <svg> element: from "<svg" on, namespace
 * declarations removed (HTML needs none, and the page holds no URLs), every id and
 * reference to one prefixed with `prefix`. */
void report_html_svg(plot_buf *b, const char *svg, const char *prefix);

#endif
