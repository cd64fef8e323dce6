/* enum_table.c - names <-> values of the project's enums, from their tables. */
#include <stdio.h>
#include <string.h>

#include "enum_table.h"

const char *enum_table_name(const struct enum_table *t, unsigned v)
{
    return v < t->count ? t->names[v] : t->unknown;
}

/* "a, b or c" of the table's names (and its name for all), for messages. */
static void list_names(const struct enum_table *t, char *buf, size_t size)
{
    size_t used = 0;
    unsigned total = t->count + (t->all != NULL);
    buf[0] = '\0';
    for (unsigned i = 0; i < total && used < size; i++) {
        const char *sep = i == 0 ? "" : i + 1 == total && t->or_last ? " or " : ", ";
        int w = snprintf(buf + used, size - used, "%s%s", sep,
                         i < t->count ? t->names[i] : t->all);
        if (w < 0)
            break;
        used += (size_t)w;
    }
}

hamm_status enum_table_parse(const struct enum_table *t, const char *name, unsigned *out,
                             hamm_error *err)
{
    if (!name || !out)
        return hamm_error_field(err, HAMM_ERR_ARG, t->field, "NULL argument");
    for (unsigned v = 0; v < t->count; v++)
        if (strcmp(name, t->names[v]) == 0) {
            *out = v;
            return HAMM_OK;
        }
    char names[200];
    list_names(t, names, sizeof names);
    return hamm_error_field(err, t->status, t->field, "unknown %s '%.60s' (%s%s)", t->what, name,
                            t->lead, names);
}

hamm_status enum_table_parse_set(const struct enum_table *t, const char *list, unsigned *out,
                                 hamm_error *err)
{
    unsigned set = 0;
    const char *p = list;
    while (*p) {
        size_t len = strcspn(p, ",");
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), p);
        unsigned v;
        if (t->all && strcmp(name, t->all) == 0)
            set |= (1u << t->count) - 1;
        else if (enum_table_parse(t, name, &v, err) == HAMM_OK)
            set |= 1u << v;
        else
            return t->status;
        p += len + (p[len] == ',');
    }
    *out = set;
    if (set)
        return HAMM_OK;
    return hamm_error_field(err, t->status, t->field, "needs at least one %s", t->what);
}

void enum_table_set_text(const struct enum_table *t, unsigned set, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    if (t->all && set == (1u << t->count) - 1) {
        snprintf(buf, size, "%s", t->all);
        return;
    }
    for (unsigned v = 0; v < t->count && used < size; v++) {
        if (!(set & (1u << v)))
            continue;
        int w = snprintf(buf + used, size - used, "%s%s", used ? "," : "", t->names[v]);
        if (w < 0)
            break;
        used += (size_t)w;
    }
}
