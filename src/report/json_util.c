/* json_util.c - the parts of every JSON report that are the same. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "config/config_json.h"
#include "json_util.h"

json_t *report_file_size(const hamm_file_id *id)
{
    return id->known ? json_integer((json_int_t)id->size_bytes) : json_null();
}

json_t *report_file_hash(const hamm_file_id *id)
{
    char text[32];
    snprintf(text, sizeof text, "xxh64:%016llx", (unsigned long long)id->xxh64);
    return id->known ? json_string(text) : json_null();
}

json_t *report_sets_json(const char *const *sets, size_t nsets)
{
    json_t *a = json_array();
    int ok = a != NULL;
    for (size_t i = 0; ok && i < nsets; i++)
        report_append(a, json_string(sets[i]), &ok);
    return report_checked(a, ok);
}

json_t *report_overrides_json(const char *const *sets, size_t nsets)
{
    json_t *o = json_object();
    int ok = o != NULL;
    for (size_t i = 0; ok && i < nsets; i++) {
        const char *eq = strchr(sets[i], '=');
        char key[256];
        size_t len = eq ? (size_t)(eq - sets[i]) : strlen(sets[i]);
        len = len < sizeof key ? len : sizeof key - 1;
        memcpy(key, sets[i], len);
        key[len] = '\0';
        report_set(o, key, json_string(eq ? eq + 1 : ""), &ok);
    }
    return report_checked(o, ok);
}

json_t *report_capacity_json(const hamm_capacity *c)
{
    if (!c)
        return json_null();
    char first[32];
    snprintf(first, sizeof first, "0x%llx", (unsigned long long)c->first_beyond);
    /* json integers are signed 64-bit: a capacity of 2^63 bytes or more is left out */
    return json_pack("{s:o, s:I, s:o}", "capacity_bytes",
                     c->capacity_bytes && c->capacity_bytes <= INT64_MAX
                         ? json_integer((json_int_t)c->capacity_bytes)
                         : json_null(),
                     "requests", (json_int_t)c->beyond, "first_address",
                     c->beyond ? json_string(first) : json_null());
}

json_t *report_input_json(const hamm_report_input *in)
{
    json_t *model = config_to_json_value(in->model);
    uint32_t rs = in->request_size ? in->request_size : HAMM_DEFAULT_REQUEST_SIZE;
    return json_pack("{s:s, s:o, s:o, s:s, s:s, s:I, s:b, s:I, s:o, s:s, s:o, s:o}", "path",
                     in->trace_path, "size_bytes", report_file_size(&in->trace_id), "hash",
                     report_file_hash(&in->trace_id), "format",
                     hamm_trace_format_name(in->format), "compression",
                     hamm_compression_name(in->compression), "request_size_bytes",
                     (json_int_t)rs, "skip_bad", in->skip_bad != 0, "skipped_lines",
                     (json_int_t)in->skipped_lines, "sets", report_sets_json(in->sets, in->nsets),
                     "model_file", in->model->source, "model", model, "beyond_capacity",
                     report_capacity_json(in->capacity));
}

/* json_dump_callback's sink: a buffer that grows, remembering a failed growth (unlike
 * json_dumps, which can drop part of a key when memory runs out: jansson issue 655). */
typedef struct dump_buf {
    char *p;
    size_t len, cap;
    int failed;
} dump_buf;

static int dump_append(const char *text, size_t size, void *data)
{
    dump_buf *b = data;
    if (b->failed || hamm_grow((void **)&b->p, &b->cap, b->len + size + 2, 1) != 0) {
        b->failed = 1;
        return -1;
    }
    memcpy(b->p + b->len, text, size);
    b->len += size;
    return 0;
}

char *report_dump(json_t *root)
{
    if (!root)
        return NULL;
    dump_buf b = {0};
    int rc = json_dump_callback(root, dump_append, &b,
                                JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15));
    json_decref(root);
    if (rc != 0 || b.failed || !b.p) {
        free(b.p);
        return NULL;
    }
    b.p[b.len] = '\n'; /* dump_append kept room for the newline and the NUL */
    b.p[b.len + 1] = '\0';
    return b.p;
}

void report_set(json_t *obj, const char *key, json_t *v, int *ok)
{
    if (json_object_set_new(obj, key, v) != 0)
        *ok = 0;
}

void report_append(json_t *arr, json_t *v, int *ok)
{
    if (json_array_append_new(arr, v) != 0)
        *ok = 0;
}

json_t *report_checked(json_t *v, int ok)
{
    if (ok)
        return v;
    json_decref(v);
    return NULL;
}

json_t *report_ratio(uint64_t num, uint64_t den)
{
    return den ? json_real((double)num / (double)den) : json_null();
}

json_t *report_measure(double v)
{
    return v < 0.0 ? json_null() : json_real(v);
}
