/* json_util.c - the parts of every JSON report that are the same. */
#include <stdlib.h>
#include <string.h>

#include "json_util.h"

json_t *report_input_json(const hamm_report_input *in)
{
    json_t *model = NULL;
    char *text = hamm_config_to_json(in->model);
    if (text)
        model = json_loads(text, 0, NULL);
    free(text);
    return json_pack("{s:s, s:s, s:s, s:I, s:s, s:o*}", "path", in->trace_path, "format",
                     hamm_trace_format_name(in->format), "compression",
                     hamm_compression_name(in->compression), "skipped_lines",
                     (json_int_t)in->skipped_lines, "model_file", in->model->source, "model",
                     model);
}

char *report_dump(json_t *root)
{
    if (!root)
        return NULL;
    char *text = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15));
    json_decref(root);
    if (!text)
        return NULL;
    size_t n = strlen(text);
    char *out = realloc(text, n + 2);
    if (!out) {
        free(text);
        return NULL;
    }
    out[n] = '\n';
    out[n + 1] = '\0';
    return out;
}

json_t *report_fraction(double v)
{
    return v < 0.0 ? json_null() : json_real(v);
}
