/* report_html.c - a gnuplot SVG made fit to sit inline in the self-contained report page
 * (prolog and namespace URLs dropped, ids prefixed so that several figures' definitions do
 * not collide). */
#include <string.h>

#include "report_internal.h"

/* The length of a namespace declaration starting at p (xmlns="..." or xmlns:x='...'),
 * 0 when p does not start one. */
static size_t xmlns_len(const char *p)
{
    if (strncmp(p, "xmlns", 5) != 0)
        return 0;
    const char *q = p + 5;
    while (*q && *q != '=' && *q != ' ' && *q != '>')
        q++;
    if (*q != '=' || (q[1] != '"' && q[1] != '\''))
        return 0;
    const char *end = strchr(q + 2, q[1]);
    return end ? (size_t)(end + 1 - p) : 0;
}

void report_html_svg(plot_buf *b, const char *svg, const char *prefix)
{
    static const char *const refs[] = {"id=\"", "id='", "href=\"#", "href='#", "url(#"};
    const char *p = strstr(svg, "<svg");
    if (!p)
        return;
    while (*p) {
        size_t skip = xmlns_len(p);
        if (skip) {
            p += skip;
            continue;
        }
        size_t r, n = 0;
        for (r = 0; r < sizeof refs / sizeof refs[0]; r++) {
            n = strlen(refs[r]);
            if (strncmp(p, refs[r], n) == 0)
                break;
        }
        if (r < sizeof refs / sizeof refs[0]) {
            plot_buf_put(b, p, n);
            plot_buf_printf(b, "%s-", prefix);
            p += n;
            continue;
        }
        plot_buf_put(b, p, 1);
        p++;
    }
}
